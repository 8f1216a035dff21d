"""The page: everything the arcade's page does in Python, all of it run in the engine's worker.

What it is for: turning the page's events into actions and views into SVG
and HTML. Where it runs: PyScript's named Pyodide worker ``engine``
(``static/worker/engine.py`` calls ``app.main``); the page's main thread
runs MicroPython glue (``static/main/``), which applies the ops this
package sends and forwards the player's input, in messages. No module here
touches a DOM; only ``browser`` imports ``js`` / ``pyodide`` (the worker's
WebSocket and clock; tests/core/test_architecture.py), and all the rest is
tested on CPython.

Its parts (docs/web.md, "Modules"):

- the page core, this folder's own modules: ``app`` (the controller's
  ``Screen`` in the worker: events in, ops out), ``outbox`` (one turn's ops
  as one message) and ``opnames`` (the ops' names, the one module both
  threads read); ``controller`` (the page's lifecycle: which game, what a
  click, key or button does, the link, the bot loop) against a small
  ``screen.Screen``; ``session`` (a local game: setup, seats and bots,
  undo, record, seed links) and ``newgame`` (the form's validation);
  ``gamepage`` (the :class:`~netarcade.web.gamepage.GamePage` every game's
  folder defines) and ``pages`` (the lookup by id); ``table`` (what every
  game's table shares); ``thinking`` (bots that think in short slices);
  ``views`` (the HTML every game shares), ``speech``, ``share``, ``learn``,
  ``glance``; ``shell`` (fills ``index.html`` at build time with the first
  screen, joins the games' CSS to the shared one);
- ``games/<id>/``: one folder per game: its ``GamePage`` (``__init__``), its
  table (tools, clicks -> actions, hints, status text), its board drawing
  (``render.py``), its panels' HTML and its CSS file;
- ``online/``: a room on the relay seen as a local session, the lobby;
- ``replay/``: the replay viewer, its Analyse, and the Hint;
- ``render/``: what every board's drawing shares (palette, SVG, chart).

Nothing here holds rules; it asks the engine. The shared modules name no
game: everything about one game is in its folder.
"""
