"""The arcade's games as the page knows them: one folder per game.

What it is for: everything the page knows about one game sits in its folder
here: ``web/games/<id>/__init__.py`` defines ``PAGE`` (a
:class:`~netarcade.web.gamepage.GamePage`: title, pitch, home-screen card,
its table, board, panels, side column, game-over card, bot pace, first
paint and stylesheet); its table, board drawing (``render.py``), views and
CSS file sit beside it. The game's one registration line
(``netarcade.games``, ``declare``) names this folder; the order of those
lines is the menu order.

What it is not: the engine's registry of rules (``netarcade.games``) or the
shared page code (``web/pages.py`` reads the registry; ``app``, ``session``,
the home screen and ``index.html`` name no game).
"""
