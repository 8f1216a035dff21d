"""Shared, pure SVG rendering helpers for every game.

What it is for: turning plain data (a game's view plus UI hints) into SVG
text. ``palette`` holds the dark terminal theme and the colour-blind-safe
player colours with their shape cues, ``svg`` the string builders,
``icons`` the piece symbols, ``chart`` the score-per-turn chart. Each game's
own board renderer lives in ``games/<name>/render.py`` and uses these.

What it is not: browser code. Nothing here (or in any renderer) imports
``js``, ``pyodide`` or ``pyscript``, touches a DOM, or needs anything
outside the standard library; the same functions run under CPython (tests,
snapshots, the relay) and under Pyodide in the page.
"""

from __future__ import annotations

from .chart import score_chart
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
