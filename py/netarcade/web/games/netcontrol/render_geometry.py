"""Where Net Control's island sits in the picture: the pixel geometry of one radius.

What it is for: ``board_geometry(radius)`` (cached) gives the pixel centre of
every tile, the position of every vertex, tile outlines and insets, the
coast, edge ends and a point out to sea beside a coast edge, and the view box,
which holds every vertex and a label beside every coast edge (exchanges move
with the seed; the frame must not).

What it is not: the topology (ids and adjacency are ``board.py``'s, in unit
coordinates) and no drawing (``render_pieces.py``, ``render.py``).
"""

from __future__ import annotations

import math

from netarcade.web.render.svg import polygon_points
from netarcade.games.netcontrol.board import topology

#: distance from a tile's centre to a corner, in view-box units
HEX_SIZE = 46.0
#: exchange labels: how far out to sea from their edge's middle, and their largest size
LABEL_OUT = 0.62 * HEX_SIZE
LABEL_W, LABEL_H = 46.0, 19.0


class Geometry:
    """Pixel positions of one radius: tiles, vertices, edges, exchanges, view box."""

    __slots__ = ("topo", "tile", "vertex", "outline", "inset", "width", "height", "coast")

    def __init__(self, radius: int):
        topo = topology(radius)
        self.topo = topo
        # the view box holds every vertex and a label beside every coast edge
        # (exchanges move with the seed; the frame must not)
        points = [(x * HEX_SIZE, y * HEX_SIZE) for x, y in topo.vertex_xy]
        unit = [(x * HEX_SIZE, y * HEX_SIZE) for x, y in topo.tile_xy]
        for e in topo.coast_edges:
            a, b = topo.edge_vertices[e]
            mx = (points[a][0] + points[b][0]) / 2
            my = (points[a][1] + points[b][1]) / 2
            cx, cy = unit[topo.edge_tiles[e][0]]
            length = math.hypot(mx - cx, my - cy)
            lx = mx + (mx - cx) / length * LABEL_OUT
            ly = my + (my - cy) / length * LABEL_OUT
            points.extend([(lx - LABEL_W / 2, ly - LABEL_H / 2), (lx + LABEL_W / 2, ly + LABEL_H / 2)])
        pad = 6.0
        left = min(x for x, _ in points) - pad
        top = min(y for _, y in points) - pad
        self.width = max(x for x, _ in points) + pad - left
        self.height = max(y for _, y in points) + pad - top

        def px(point: tuple[float, float]) -> tuple[float, float]:
            return (point[0] * HEX_SIZE - left, point[1] * HEX_SIZE - top)

        self.tile = [px(p) for p in topo.tile_xy]
        self.vertex = [px(p) for p in topo.vertex_xy]
        self.outline = [polygon_points([self.vertex[v] for v in vs]) for vs in topo.tile_vertices]
        self.inset = []
        for t, vs in enumerate(topo.tile_vertices):
            cx, cy = self.tile[t]
            self.inset.append(polygon_points(
                [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in (self.vertex[v] for v in vs)]))
        self.coast = polygon_points([self.vertex[a] for a, _ in topo.coast_direction])

    def edge_ends(self, e: int, trim: float = 0.0) -> tuple[float, float, float, float]:
        a, b = self.topo.edge_vertices[e]
        (xa, ya), (xb, yb) = self.vertex[a], self.vertex[b]
        if trim:
            dx, dy = xb - xa, yb - ya
            length = math.hypot(dx, dy)
            k = trim / length
            xa, ya, xb, yb = xa + dx * k, ya + dy * k, xb - dx * k, yb - dy * k
        return xa, ya, xb, yb

    def edge_mid(self, e: int) -> tuple[float, float]:
        xa, ya, xb, yb = self.edge_ends(e)
        return ((xa + xb) / 2, (ya + yb) / 2)

    def seaward(self, e: int, distance: float) -> tuple[float, float]:
        """A point ``distance`` out to sea from coast edge ``e``'s middle."""
        mx, my = self.edge_mid(e)
        cx, cy = self.tile[self.topo.edge_tiles[e][0]]
        dx, dy = mx - cx, my - cy
        length = math.hypot(dx, dy) or 1.0
        return (mx + dx / length * distance, my + dy / length * distance)


_GEOMETRY: dict[int, Geometry] = {}


def board_geometry(radius: int) -> Geometry:
    """The (cached) pixel geometry of an island of ``radius``."""
    geometry = _GEOMETRY.get(radius)
    if geometry is None:
        geometry = _GEOMETRY[radius] = Geometry(radius)
    return geometry
