"""Where Backbone's board goes: the hex layout and the two orientations.

What it is for: ``render.py`` draws the board where :func:`board_geometry`
says: hex centres and outlines (as polygon text), the edge labels, the two
status panels and the view box, ``wide`` or ``tall``. Computed once, as text.
What it is not: drawing (``render.py``, ``render_pieces.py``).

Layout
------
Pointy-top hexes, laid out with :class:`netarcade.core.grid.HexLayout` in its
natural axial orientation: column ``q`` (letters a..i) runs to the right,
row ``r`` (numbers 1..9) runs down and to the right. The 9x9 rhombus then
becomes a parallelogram leaning right, about 1.6 times as wide as it is
tall, which fills a landscape or square viewport well. The two start
corners land on the parallelogram's acute corners: P1 (a1) at the top left,
P2 (i9) at the bottom right, so each side's home is at opposite ends of the
long diagonal and the contested short diagonal (c7, e5, g3) runs from the
bottom left to the top right. This is also the usual orientation of Hex
boards. A true "P1 left, P2 right" layout would need flat-top hexes (the
long diagonal of a pointy-top rhombus is at 30 degrees, never horizontal),
and turning the board 60 degrees gives a tall diamond that wastes a
landscape screen. The two empty triangles the lean leaves (bottom left and
top right) hold each player's status panel, next to their side of the board.

Column letters run along the top and bottom edges, row numbers along the
left and right edges, and every hex carries its name in small print.
"""

from __future__ import annotations

import math

from netarcade.core.grid import HexLayout
from netarcade.games.backbone.board import COLUMNS, HEXES, SIZE
from netarcade.web.render.svg import polygon_points

__all__ = ["HEX_SIZE", "LAYOUT", "ORIENTATIONS", "WIDE", "Geometry", "board_geometry"]

#: distance from a hex's centre to a corner, in view-box units
HEX_SIZE = 30.0
_W = math.sqrt(3.0) * HEX_SIZE  # width of a pointy-top hex

# Margins around the hexes: room for the edge labels.
_MARGIN_X = 34.0
_MARGIN_TOP = 34.0
_MARGIN_BOTTOM = 34.0

#: pixel layout of the board; hex a1 = (0, 0) sits at the top left
LAYOUT = HexLayout("pointy", HEX_SIZE, (_MARGIN_X + _W / 2.0, _MARGIN_TOP + HEX_SIZE))

_VIEW_W = _MARGIN_X * 2 + _W * (SIZE - 1) * 1.5 + _W
_VIEW_H = _MARGIN_TOP + _MARGIN_BOTTOM + HEX_SIZE * 1.5 * (SIZE - 1) + HEX_SIZE * 2

def _scaled(points: list[tuple[float, float]], center: tuple[float, float], k: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points]


# Geometry never changes: compute it once, as text, at import.
_CENTER: dict[tuple[int, int], tuple[float, float]] = {h: LAYOUT.to_pixel(h) for h in HEXES}

#: board orientations: ``wide`` (the default, described above) and ``tall``
ORIENTATIONS = ("wide", "tall")


class Geometry:
    """Where everything goes in one orientation: hex centres and outlines
    (as polygon text), edge labels, the two status panels, the view box."""

    __slots__ = ("center", "cell", "inset", "last", "focus", "edges", "width", "height", "panels")

    def __init__(self, center, corners, edges, width, height, panels):
        self.center = center
        self.cell = {h: polygon_points(corners[h]) for h in HEXES}
        self.inset = {h: polygon_points(_scaled(corners[h], center[h], 0.84)) for h in HEXES}
        self.last = {h: polygon_points(_scaled(corners[h], center[h], 0.9)) for h in HEXES}
        self.focus = {h: polygon_points(_scaled(corners[h], center[h], 0.93)) for h in HEXES}
        self.edges = edges  # [(x, y, label, text-anchor)]
        self.width = width
        self.height = height
        self.panels = panels  # the top-left corner of P1's and P2's status panel


def _wide_edges() -> list[tuple[float, float, str, str]]:
    out = []
    last = SIZE - 1
    for q in range(SIZE):
        x, y = _CENTER[(q, 0)]
        out.append((x, y - HEX_SIZE - 9, COLUMNS[q], "middle"))
        x, y = _CENTER[(q, last)]
        out.append((x, y + HEX_SIZE + 20, COLUMNS[q], "middle"))
    for r in range(SIZE):
        x, y = _CENTER[(0, r)]
        out.append((x - _W / 2 - 8, y + 4.5, str(r + 1), "end"))
        x, y = _CENTER[(last, r)]
        out.append((x + _W / 2 + 8, y + 4.5, str(r + 1), "start"))
    return out


WIDE = Geometry(_CENTER, {h: LAYOUT.corners(h) for h in HEXES}, _wide_edges(), _VIEW_W, _VIEW_H,
                  ((10, _VIEW_H - 84), (_VIEW_W - 160, 10)))


def _tall() -> Geometry:
    """The wide board turned 60 degrees clockwise: a diamond standing on its
    long diagonal, P1's a1 at the top and P2's i9 at the bottom, columns
    running down the right-hand edges and rows down the left-hand ones.
    Turning a pointy-top hex grid by 60 degrees gives a pointy-top grid
    again, so only the centres move: every hex, icon and label stays
    upright. It fills a portrait phone: hexes about 1.5 times the size the
    wide board gets on the same width."""
    cos, sin = 0.5, math.sqrt(3.0) / 2.0

    def turn(x: float, y: float) -> tuple[float, float]:
        return (x * cos - y * sin, x * sin + y * cos)

    turned = {h: turn(*_CENTER[h]) for h in HEXES}
    # label spots: outward from the edge hexes, along the turned outward directions
    last = SIZE - 1
    spots = []
    for q in range(SIZE):
        spots.append((turned[(q, 0)], turn(0.0, -1.0), HEX_SIZE + 13, COLUMNS[q]))
        spots.append((turned[(q, last)], turn(0.0, 1.0), HEX_SIZE + 13, COLUMNS[q]))
    for r in range(SIZE):
        spots.append((turned[(0, r)], turn(-1.0, 0.0), _W / 2 + 12, str(r + 1)))
        spots.append((turned[(last, r)], turn(1.0, 0.0), _W / 2 + 12, str(r + 1)))
    labels = [(cx + dx * d, cy + dy * d, text) for (cx, cy), (dx, dy), d, text in spots]
    xs = [x for x, _ in turned.values()] + [x for x, _, _ in labels]
    ys = [y for _, y in turned.values()] + [y for _, y, _ in labels]
    margin = 14.0
    left = min(xs) - _W / 2 - margin
    top = min(ys) - HEX_SIZE - margin
    width = max(xs) + _W / 2 + margin - left
    height = max(ys) + HEX_SIZE + margin - top
    center = {h: (x - left, y - top) for h, (x, y) in turned.items()}
    corners = {
        h: [(cx + (x - _CENTER[h][0]), cy + (y - _CENTER[h][1])) for x, y in LAYOUT.corners(h)]
        for h, (cx, cy) in center.items()
    }
    edges = [(x - left, y - top + 4.5, text, "middle") for x, y, text in labels]
    # the panels sit in the empty corners beside each player's home tip
    panels = ((8, 8), (width - 158, height - 82))
    return Geometry(center, corners, edges, width, height, panels)


_GEOMETRY: dict[str, Geometry | None] = {"wide": WIDE, "tall": None}  # tall: built on first use


def board_geometry(orient: str) -> Geometry:
    if orient not in _GEOMETRY:
        raise ValueError(f"unknown orientation {orient!r} (wide or tall)")
    geometry = _GEOMETRY[orient]
    if geometry is None:
        geometry = _GEOMETRY[orient] = _tall()
    return geometry
