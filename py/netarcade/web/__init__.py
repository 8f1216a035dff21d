"""The page: the only layer that touches the browser.

What it is for: turning clicks into actions and views into SVG in the page.
Most of it is DOM-free and tested on CPython:

- ``session``: a local game (setup, seats and bots, undo, record, seed links,
  the new-game form's validation) around the engine's ``Match``;
- ``gamepage``: the :class:`~netarcade.web.gamepage.GamePage` every game's
  folder defines; ``pages``: the lookup by id;
- ``games/<id>/``: one folder per game: its ``GamePage`` (``__init__``), its
  table (tools, clicks -> actions, hints, status text), its board drawing
  (``render.py``), its panels' HTML and its CSS file;
- ``table``: what every game's table shares (playing an action, "not your
  turn", the common keys);
- ``controller``: the page's lifecycle (which game, what a click, key or
  button does, the link, the bot loop) against a small ``Screen``;
- ``thinking``: bots that think in short slices so the page never freezes;
- ``views``: the HTML every game shares (side column, log lines, game-over
  and link-error cards, the home screen and its forms);
- ``shell``: fills the app shell (``index.html``) at build time with the
  pre-rendered first screen, and joins the games' CSS to the shared one.

Only ``browser`` imports ``js`` / ``pyodide`` (the worker's WebSocket and
the page's clock; tests/test_architecture.py); ``app`` is the controller's
``Screen`` in the engine's worker, talking to the page (``static/page.py``)
in messages, and loads ``browser`` only there. Nothing here holds rules; it
asks the engine. The shared modules name no game: everything about one game
is in its folder.
"""
