"""Shared, pure SVG drawing helpers that every game's board uses.

What it is for: turning plain data (a game's view plus UI hints) into SVG
text. ``palette`` holds the dark terminal theme and the colour-blind-safe
player colours with their shape cues, ``svg`` the string builders,
``chart`` the score-per-turn chart. Each game's own board drawing lives
with its page, in ``web/games/<id>/render.py``, and uses these; only the
page (``netarcade.web``) imports this package (tests/core/test_architecture.py);
``rl`` reads the games' boards through ``web/games/<id>/render.py``, never this directly.

What it is not: one game's pictures (Backbone's piece icons are
``web/games/backbone/icons.py``), nor browser code: nothing here imports
``js``, ``pyodide`` or ``pyscript``, touches a DOM, or needs anything
outside the standard library; the same functions run under CPython (tests,
snapshots, the build) and under Pyodide in the page.
"""

from __future__ import annotations

from .palette import HIGHLIGHT, PLAYERS, THEME, PlayerStyle, player_color, player_shape
from .svg import escape, polygon_points

__all__ = [
    "HIGHLIGHT",
    "PLAYERS",
    "PlayerStyle",
    "THEME",
    "escape",
    "player_color",
    "player_shape",
    "polygon_points",
    "score_chart",
]


def __getattr__(name: str):
    # the score chart, imported on first use: only a finished game draws it, so a
    # page's start does not compile it (issue 40)
    if name == "score_chart":
        from .chart import score_chart

        return score_chart
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
