"""Net Control's island: the hex topology (tiles, vertices, edges, coast),
the resources, and the shape of a seeded board (terrain, number tokens,
exchanges).

What it is for: the rules engine asks "which tiles touch this vertex", "which
vertices neighbour this one", "which edge joins these two vertices" tens of
thousands of times a second, so :func:`topology` precomputes every relation
once per radius into flat tuples of int ids and caches it.  :class:`Board`
is one island's terrain, numbers and exchanges; ``deal.py`` deals it from a
seed (:func:`~netarcade.games.netcontrol.deal.generate_board`).

What it is not: it holds no game state (buildings, robbers, viruses), deals
no board and keeps no fairness rule (``deal.py``), and draws nothing.  The
decisions are written in docs/rules/netcontrol-board.md.

Geometry
--------
Tiles are axial hexes ``(q, r)`` of ``hexagon(radius)``, pointy-top, size 1,
screen ``y`` down.  A *vertex* is a hex corner; it is identified exactly by
its doubled integer position ``(X, Y)`` where pixel ``x = X * sqrt(3) / 2``
and ``y = Y / 2`` (a tile centre is ``(2q + r, 3r)``), so no float ever
decides identity.  Vertices are numbered top-to-bottom, then left-to-right;
edges by their midpoints in the same order; tiles in ``hexagon`` order
(which is also top-to-bottom, left-to-right).

>>> topo = topology(2)
>>> len(topo.tiles), topo.vertex_count, topo.edge_count, len(topo.coast_edges)
(19, 54, 72, 30)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from ...core.grid import HEX_DIRECTIONS, HexLayout, hexagon

__all__ = [
    "DEAD",
    "MAX_RADIUS",
    "MIN_RADIUS",
    "PIPS",
    "RESOURCES",
    "RESOURCE_CODES",
    "Board",
    "Topology",
    "check_radius",
    "topology",
]

Hex = tuple[int, int]

MIN_RADIUS = 1
MAX_RADIUS = 4

RESOURCES: tuple[str, ...] = ("compute", "bandwidth", "firewall", "scanner", "memory")
#: two-letter codes, index-aligned with RESOURCES (as printed on the build card)
RESOURCE_CODES: tuple[str, ...] = ("co", "ba", "fi", "sc", "me")
#: terrain of a tile that produces nothing and carries no number
DEAD = "dead"
#: PIPS[n]: the number of the 36 two-dice outcomes summing to n (0 for 0, 1, 7)
PIPS: tuple[int, ...] = tuple(0 if n < 2 or n == 7 else 6 - abs(7 - n) for n in range(13))

#: corner i of a pointy-top tile sits at screen angle 60*i - 30 degrees (y down):
#: upper-right, lower-right, bottom, lower-left, upper-left, top (clockwise).
#: Offsets from the tile centre in doubled units (X: sqrt(3)/2, Y: 1/2).
_CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))
_HALF_SQRT3 = math.sqrt(3.0) / 2.0


def check_radius(radius: object) -> int:
    if isinstance(radius, bool) or not isinstance(radius, int) or not MIN_RADIUS <= radius <= MAX_RADIUS:
        raise ValueError(f"radius must be an int in {MIN_RADIUS}..{MAX_RADIUS}, got {radius!r}")
    return radius


# --------------------------------------------------------------------------
# Topology
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Topology:
    """Every fixed relation of a radius-``radius`` island, as int ids.

    Shared and cached: treat the tuples and dicts as read-only.  Sequences
    indexed by an id have one entry per id (``vertex_tiles[v]``, ...).

    * ``tiles[t]``: axial hex of tile ``t`` (``hexagon`` order);
      ``tile_index[hex]``: its id.  ``tile_neighbors[t]``: adjacent tile ids,
      ascending.  ``tile_vertices[t]``: its 6 vertices in corner order
      (corner ``i`` at screen angle ``60*i - 30``, clockwise from upper-right).
    * ``vertex_tiles[v]``: land tiles at ``v`` (1..3, ascending);
      ``vertex_neighbors[v]``: adjacent vertices (2..3, ascending);
      ``vertex_edges[v][k]``: the edge joining ``v`` to ``vertex_neighbors[v][k]``.
    * ``edge_vertices[e] = (a, b)`` with ``a < b``; ``edge_between[(a, b)]`` and
      ``edge_between[(b, a)]``: that edge; ``edge_tiles[e]``: land tiles (1..2).
    * ``coast_vertices``: vertices on fewer than 3 land tiles;
      ``coast_edges``: edges on exactly 1 land tile, walking the coast
      clockwise (land on the right) from the lowest-numbered coast edge;
      ``coast_direction[k]``: ``coast_edges[k]``'s vertices in walking order.
    * ``tile_xy[t]``, ``vertex_xy[v]``: pixel centres, pointy-top, size 1,
      tile (0, 0) at the origin, y down.
    """

    radius: int
    tiles: tuple[Hex, ...]
    tile_index: dict[Hex, int]
    tile_neighbors: tuple[tuple[int, ...], ...]
    tile_vertices: tuple[tuple[int, ...], ...]
    vertex_tiles: tuple[tuple[int, ...], ...]
    vertex_neighbors: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    edge_vertices: tuple[tuple[int, int], ...]
    edge_between: dict[tuple[int, int], int]
    edge_tiles: tuple[tuple[int, ...], ...]
    coast_vertices: frozenset[int]
    coast_edges: tuple[int, ...]
    coast_direction: tuple[tuple[int, int], ...]
    tile_xy: tuple[tuple[float, float], ...]
    vertex_xy: tuple[tuple[float, float], ...]

    @property
    def vertex_count(self) -> int:
        return len(self.vertex_tiles)

    @property
    def edge_count(self) -> int:
        return len(self.edge_vertices)

    def __repr__(self) -> str:
        return (
            f"Topology(radius={self.radius}, tiles={len(self.tiles)}, "
            f"vertices={self.vertex_count}, edges={self.edge_count}, coast={len(self.coast_edges)})"
        )


@functools.lru_cache(maxsize=None)
def topology(radius: int) -> Topology:
    """Return the (cached) topology of the hexagonal island of ``radius`` (1..4).

    >>> t = topology(1)
    >>> t.tiles[t.tile_index[(0, 0)]], len(t.tiles), t.vertex_count, t.edge_count
    ((0, 0), 7, 24, 30)
    >>> topology(1) is t
    True
    """
    check_radius(radius)
    tiles = tuple(hexagon(radius))
    tile_index = {h: i for i, h in enumerate(tiles)}
    tile_neighbors = tuple(
        tuple(sorted(tile_index[n] for n in ((q + dq, r + dr) for dq, dr in HEX_DIRECTIONS) if n in tile_index))
        for q, r in tiles
    )

    # vertices: doubled integer positions, numbered by (Y, X)
    corner_keys = [
        [(2 * q + r + dx, 3 * r + dy) for dx, dy in _CORNER_OFFSETS] for q, r in tiles
    ]
    keys = sorted({k for ks in corner_keys for k in ks}, key=lambda k: (k[1], k[0]))
    vertex_id = {k: v for v, k in enumerate(keys)}
    tile_vertices = tuple(tuple(vertex_id[k] for k in ks) for ks in corner_keys)
    vertex_tiles_l: list[list[int]] = [[] for _ in keys]
    for t, vs in enumerate(tile_vertices):
        for v in vs:
            vertex_tiles_l[v].append(t)
    vertex_tiles = tuple(tuple(sorted(ts)) for ts in vertex_tiles_l)

    # edges: consecutive corners of a land tile, numbered by midpoint (Y, X)
    pair_tiles: dict[tuple[int, int], list[int]] = {}
    for t, vs in enumerate(tile_vertices):
        for i in range(6):
            a, b = vs[i], vs[(i + 1) % 6]
            pair_tiles.setdefault((min(a, b), max(a, b)), []).append(t)

    def midpoint(pair: tuple[int, int]) -> tuple[int, int]:
        (xa, ya), (xb, yb) = keys[pair[0]], keys[pair[1]]
        return (ya + yb, xa + xb)

    edge_vertices = tuple(sorted(pair_tiles, key=midpoint))
    edge_tiles = tuple(tuple(sorted(pair_tiles[p])) for p in edge_vertices)
    edge_between: dict[tuple[int, int], int] = {}
    for e, (a, b) in enumerate(edge_vertices):
        edge_between[(a, b)] = e
        edge_between[(b, a)] = e

    neighbor_lists: list[list[int]] = [[] for _ in keys]
    for a, b in edge_vertices:
        neighbor_lists[a].append(b)
        neighbor_lists[b].append(a)
    vertex_neighbors = tuple(tuple(sorted(ns)) for ns in neighbor_lists)
    vertex_edges = tuple(
        tuple(edge_between[(v, n)] for n in ns) for v, ns in enumerate(vertex_neighbors)
    )

    # coast: orient each coast edge as its land tile's clockwise corner step,
    # then follow end vertex -> next edge round the island
    step_from: dict[int, tuple[int, int]] = {}
    for t, vs in enumerate(tile_vertices):
        for i in range(6):
            a, b = vs[i], vs[(i + 1) % 6]
            e = edge_between[(a, b)]
            if len(edge_tiles[e]) == 1:
                step_from[a] = (e, b)
    first = min(e for e, ts in enumerate(edge_tiles) if len(ts) == 1)
    start = next(a for a, (e, _) in step_from.items() if e == first)
    coast_edges_l: list[int] = []
    coast_direction_l: list[tuple[int, int]] = []
    a = start
    while True:
        e, b = step_from[a]
        coast_edges_l.append(e)
        coast_direction_l.append((a, b))
        a = b
        if a == start:
            break

    layout = HexLayout("pointy", 1.0)
    return Topology(
        radius=radius,
        tiles=tiles,
        tile_index=tile_index,
        tile_neighbors=tile_neighbors,
        tile_vertices=tile_vertices,
        vertex_tiles=vertex_tiles,
        vertex_neighbors=vertex_neighbors,
        vertex_edges=vertex_edges,
        edge_vertices=edge_vertices,
        edge_between=edge_between,
        edge_tiles=edge_tiles,
        coast_vertices=frozenset(v for v, ts in enumerate(vertex_tiles) if len(ts) < 3),
        coast_edges=tuple(coast_edges_l),
        coast_direction=tuple(coast_direction_l),
        tile_xy=tuple(layout.to_pixel(h) for h in tiles),
        vertex_xy=tuple((x * _HALF_SQRT3, y * 0.5) for x, y in keys),
    )


# --------------------------------------------------------------------------
# Board
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Board:
    """One island: what each tile is and where the exchanges are.

    * ``terrain[t]``: a name from :data:`RESOURCES`, or :data:`DEAD`.
    * ``numbers[t]``: the tile's number token (2..12, never 7), 0 on a dead zone.
    * ``exchanges``: ``(edge, resource)`` pairs, clockwise round the coast;
      ``resource`` ``None`` is a generic 3:1 exchange, a name a 2:1 for it.
    * ``exchange_at[v]``: the exchange at vertex ``v`` (both vertices of an
      exchange edge); vertices without one are absent.
    * ``number_tiles[n]``: tiles whose token is ``n`` (index 0..12), for
      production lookups.
    """

    radius: int
    terrain: tuple[str, ...]
    numbers: tuple[int, ...]
    exchanges: tuple[tuple[int, str | None], ...]
    exchange_at: dict[int, str | None]
    number_tiles: tuple[tuple[int, ...], ...]

    @property
    def topology(self) -> Topology:
        return topology(self.radius)

    def __repr__(self) -> str:
        cells = " ".join(
            DEAD[:2] if kind == DEAD else f"{RESOURCE_CODES[RESOURCES.index(kind)]}{n}"
            for kind, n in zip(self.terrain, self.numbers)
        )
        return f"Board(radius={self.radius}, tiles=[{cells}], exchanges={list(self.exchanges)})"

