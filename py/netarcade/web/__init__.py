"""The page: the only layer that touches the browser.

What it is for: turning clicks into actions and views into SVG in the page.
Most of it is DOM-free and tested on CPython:

- ``session``: a local game (setup, seats and bots, undo, record, seed links,
  the new-game form's validation);
- ``pages``: one adapter per playable game (its table, board, panels, side
  column, bot pace), so ``app`` and ``shell`` draw any game the same way;
- ``table``: what every game's table shares (playing an action, "not your
  turn", the common keys);
- ``backbone``: Backbone's table (tool selection -> board hints, clicks ->
  actions, status text);
- ``netcontrol`` / ``netcontrol_views``: Net Control's table (phases, tools,
  resource choosers, card targets, discards) and its panels' HTML;
- ``thinking``: bots that think in short slices so the page never freezes;
- ``views``: HTML text for the panels, the home screen and the game-over screen;
- ``shell``: fills the app shell (``index.html``) at build time with the
  pre-rendered first screen.

Only ``app`` imports ``js`` / ``pyscript`` / ``pyodide``: it mounts HTML and
SVG, listens to the DOM and runs the bots' thinking on the browser's event
loop. Nothing here holds rules; it asks the engine.
"""
