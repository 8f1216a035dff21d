"""The arcade's games as the page knows them: one folder per game.

What it is for: everything the page knows about one game sits in its folder
here: ``web/games/<id>/__init__.py`` defines ``PAGE`` (a
:class:`~netarcade.web.pages.GamePage`: title, pitch, home-screen card, its
table, board, panels, side column, game-over card, bot pace, first paint and
stylesheet); its table, views and CSS file sit beside it. Adding a game to
the page is a new folder and one line in :data:`REGISTERED`.

What it is not: the engine's registry of rules (``netarcade.games``) or the
shared page code (``web/pages.py`` reads this list; ``app``, ``session``,
the home screen and ``index.html`` name no game).
"""

#: every game of the arcade, in menu order (the first one is the default
#: game: the embed's demo and the pre-rendered board); each names its folder under web/games/
REGISTERED = (
    "backbone",
    "netcontrol",
    "overwrite",
    "breach",
)
