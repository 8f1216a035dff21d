"""Online play in the page: a room on the relay, seen as a local game.

What it is for: ``online.RemoteSession`` offers what every game's table
reads from a local ``web.session.Session``, driven by the relay's frames
(``remote_face``: the session's interface; ``remote_setup``: the setup and
game a table reads; ``remote_log``: the log, one line per version);
``lobby`` is what the page's controller does online (opening a room, the
lobby, the online bar, the relay's words); ``seatstore`` keeps a tab's
seats and tokens in the page's storage; ``fairdice`` checks the relay's
reveal of the dice against its commitment when a game ends.

Like all of ``web/``, it runs in the engine's Pyodide worker and imports no
``js``: the WebSocket itself is ``web/browser.py``'s (tests/core/test_architecture.py).

What it is not: the relay (``netarcade.relay``) or the wire's frames
(``netarcade.core.wire``).
"""
