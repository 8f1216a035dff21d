"""Net Control's island: the hex topology (tiles, vertices, edges, coast) and
the seeded board (terrain, number tokens, exchanges).

What it is for: the rules engine asks "which tiles touch this vertex", "which
vertices neighbour this one", "which edge joins these two vertices" tens of
thousands of times a second, so :func:`topology` precomputes every relation
once per radius into flat tuples of int ids and caches it.  :func:`generate_board`
turns a seed into a fair board, the same on every runtime (it draws only from
:class:`~netarcade.core.prng.Rng`).

What it is not: it holds no game state (buildings, robbers, viruses), knows
no rules beyond the board's own fairness rules, and draws nothing.  The
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
>>> board = generate_board(2, 7)
>>> board == generate_board(2, 7) and fairness_problems(board) == []
True
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from ...core.grid import HEX_DIRECTIONS, HexLayout, hexagon
from ...core.prng import Rng, derive_seed

__all__ = [
    "DEAD",
    "EXCHANGE_MIX",
    "DEAD_ZONES",
    "MAX_RADIUS",
    "MIN_RADIUS",
    "PIP_RATIO",
    "PIPS",
    "RESOURCES",
    "RESOURCE_CODES",
    "TOKEN_SEQUENCE",
    "Board",
    "Topology",
    "exchange_kinds",
    "fairness_problems",
    "generate_board",
    "number_tokens",
    "resource_counts",
    "resource_pips",
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

#: dead zones per radius
DEAD_ZONES: dict[int, int] = {1: 1, 2: 1, 3: 2, 4: 3}
#: exchanges per radius: (generic 3:1 count, 2:1 exchanges per resource)
EXCHANGE_MIX: dict[int, tuple[int, int]] = {1: (1, 1), 2: (4, 1), 3: (7, 1), 4: (6, 2)}

#: the Catan token multiset (2 and 12 once, 3..6 and 8..11 twice) in the order
#: tokens are taken: symmetric pairs around 7, arranged so that every prefix
#: of even length keeps the Catan mean of about 3.2 pips per token
TOKEN_SEQUENCE: tuple[int, ...] = (4, 10, 6, 8, 3, 11, 5, 9, 2, 12, 6, 8, 3, 11, 5, 9, 4, 10)
#: PIPS[n]: the number of the 36 two-dice outcomes summing to n (0 for 0, 1, 7)
PIPS: tuple[int, ...] = tuple(0 if n < 2 or n == 7 else 6 - abs(7 - n) for n in range(13))
#: fairness bound: no resource's total pips exceeds PIP_RATIO times another's
PIP_RATIO = 2

#: corner i of a pointy-top tile sits at screen angle 60*i - 30 degrees (y down):
#: upper-right, lower-right, bottom, lower-left, upper-left, top (clockwise).
#: Offsets from the tile centre in doubled units (X: sqrt(3)/2, Y: 1/2).
_CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))
_HALF_SQRT3 = math.sqrt(3.0) / 2.0
#: 6 and 8, the tokens that may not touch each other
_HOT = frozenset((6, 8))

# generation effort: attempts per seed, and DFS steps per producing tile
MAX_ATTEMPTS = 200
_PLACE_STEPS_PER_TILE = 4
_DEAL_TRIES = 64
_FALLBACK_ATTEMPTS = 100_000


def _check_radius(radius: object) -> int:
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
    _check_radius(radius)
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
# Counts
# --------------------------------------------------------------------------


def number_tokens(count: int) -> tuple[int, ...]:
    """Return the ``count`` number tokens of a board, ascending.

    Token ``j`` is ``TOKEN_SEQUENCE[j % 18]``: 18 producing tiles get exactly
    the Catan set; more take whole sets plus a prefix; fewer take a prefix.

    >>> number_tokens(6)
    (3, 4, 6, 8, 10, 11)
    >>> number_tokens(18) == tuple(sorted(TOKEN_SEQUENCE))
    True
    """
    return tuple(sorted(TOKEN_SEQUENCE[j % len(TOKEN_SEQUENCE)] for j in range(count)))


def resource_counts(radius: int) -> tuple[int, int]:
    """Return ``(base, extras)``: every resource gets ``base`` tiles and
    ``extras`` resources (drawn by the seed) get one more.

    >>> resource_counts(2)
    (3, 3)
    """
    _check_radius(radius)
    producing = 3 * radius * (radius + 1) + 1 - DEAD_ZONES[radius]
    return divmod(producing, len(RESOURCES))


def exchange_kinds(radius: int) -> tuple[str | None, ...]:
    """Return the exchanges of a board, unshuffled: ``None`` for each generic
    3:1 exchange, then each resource's 2:1 exchanges.

    >>> exchange_kinds(2)
    (None, None, None, None, 'compute', 'bandwidth', 'firewall', 'scanner', 'memory')
    """
    _check_radius(radius)
    generic, per_resource = EXCHANGE_MIX[radius]
    return (None,) * generic + tuple(r for _ in range(per_resource) for r in RESOURCES)


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


def resource_pips(board: Board) -> dict[str, int]:
    """Return each resource's total pips (the sum of ``PIPS`` of its tiles' numbers)."""
    totals = dict.fromkeys(RESOURCES, 0)
    for kind, n in zip(board.terrain, board.numbers):
        if kind != DEAD:
            totals[kind] += PIPS[n]
    return totals


def fairness_problems(board: Board) -> list[str]:
    """Return the board rules ``board`` breaks, as messages (empty: none).

    Checks the counts per radius, the number rules (dead zones carry 0, every
    other tile 2..12 but not 7, no two touching tiles share a number, no 6
    touches an 8 or another 6), dead zones apart, the pip bound
    (:data:`PIP_RATIO`), and the exchanges (coast edges, no shared vertex,
    the right mix, ``exchange_at`` consistent).
    """
    topo = topology(board.radius)
    out: list[str] = []
    n_tiles = len(topo.tiles)
    if len(board.terrain) != n_tiles or len(board.numbers) != n_tiles:
        return [f"terrain/numbers must have {n_tiles} entries"]
    dead = [t for t, kind in enumerate(board.terrain) if kind == DEAD]
    if len(dead) != DEAD_ZONES[board.radius]:
        out.append(f"{len(dead)} dead zones, want {DEAD_ZONES[board.radius]}")
    base, extras = resource_counts(board.radius)
    counts = [board.terrain.count(r) for r in RESOURCES]
    if sorted(counts) != sorted([base + 1] * extras + [base] * (len(RESOURCES) - extras)):
        out.append(f"resource tile counts {counts}")
    producing = [board.numbers[t] for t in range(n_tiles) if board.terrain[t] != DEAD]
    if tuple(sorted(producing)) != number_tokens(n_tiles - DEAD_ZONES[board.radius]):
        out.append("number tokens are not the board's token set")
    for t in range(n_tiles):
        n = board.numbers[t]
        if board.terrain[t] == DEAD:
            if n != 0:
                out.append(f"dead zone {t} carries {n}")
            if any(board.terrain[u] == DEAD for u in topo.tile_neighbors[t]):
                out.append(f"dead zone {t} touches another dead zone")
            continue
        if board.terrain[t] not in RESOURCES:
            out.append(f"tile {t} has unknown terrain {board.terrain[t]!r}")
        if not 2 <= n <= 12 or n == 7:
            out.append(f"tile {t} carries {n}")
        for u in topo.tile_neighbors[t]:
            m = board.numbers[u]
            if u > t and (m == n or (n in _HOT and m in _HOT)):
                out.append(f"tiles {t} and {u} touch with {n} and {m}")
    pips = resource_pips(board)
    if max(pips.values()) > PIP_RATIO * min(pips.values()):
        out.append(f"pips out of balance: {pips}")
    for n in range(13):
        want = tuple(t for t in range(n_tiles) if board.numbers[t] == n and board.terrain[t] != DEAD)
        if board.number_tiles[n] != want:
            out.append(f"number_tiles[{n}] is {board.number_tiles[n]}, want {want}")
    coast = set(topo.coast_edges)
    seen: set[int] = set()
    at: dict[int, str | None] = {}
    for e, kind in board.exchanges:
        if e not in coast:
            out.append(f"exchange on inland edge {e}")
        for v in topo.edge_vertices[e]:
            if v in seen:
                out.append(f"exchanges share vertex {v}")
            seen.add(v)
            at[v] = kind
    def mix(kinds):
        return sorted(kinds, key=lambda k: (k is not None, k or ""))

    if mix(k for _, k in board.exchanges) != mix(exchange_kinds(board.radius)):
        out.append("exchange mix differs from the radius's")
    if at != board.exchange_at:
        out.append("exchange_at does not match exchanges")
    return out


def generate_board(radius: int, seed: int) -> Board:
    """Return the board of ``radius`` (1..4) drawn from ``seed`` (0 <= seed < 2**64).

    Deterministic: the stream ``Rng(derive_seed(seed, "netcontrol-board"))``
    draws, in order, which resources get an extra tile, the exchange order and
    the coast offset, then up to :data:`MAX_ATTEMPTS` attempts at dead zones,
    numbers and terrain (see the docs).  If every attempt fails, a fixed
    fallback board (itself fair) is returned.

    >>> b = generate_board(1, 0)
    >>> b.terrain.count(DEAD), sorted(n for n in b.numbers if n)
    (1, [3, 4, 6, 8, 10, 11])
    """
    _check_radius(radius)
    rng = Rng(derive_seed(seed, "netcontrol-board"))
    board = _generate(topology(radius), rng, MAX_ATTEMPTS)
    return board if board is not None else _fallback_board(radius)


@functools.lru_cache(maxsize=None)
def _fallback_board(radius: int) -> Board:
    rng = Rng(derive_seed(0, "netcontrol-board-fallback"))
    board = _generate(topology(radius), rng, _FALLBACK_ATTEMPTS)
    if board is None:  # pragma: no cover - the tests show every radius succeeds
        raise RuntimeError(f"no fair board found for radius {radius}")
    return board


def _generate(topo: Topology, rng: Rng, attempts: int) -> Board | None:
    radius = topo.radius
    n_tiles = len(topo.tiles)
    n_dead = DEAD_ZONES[radius]
    base, extras = resource_counts(radius)
    richer = set(rng.sample(RESOURCES, extras))
    slots = [r for r in RESOURCES for _ in range(base + (r in richer))]
    tokens = list(number_tokens(n_tiles - n_dead))

    kinds = list(exchange_kinds(radius))
    rng.shuffle(kinds)
    coast = topo.coast_edges
    offset = rng.below(len(coast))
    positions = [(offset + j * len(coast) // len(kinds)) % len(coast) for j in range(len(kinds))]
    # listed in coast order (positions wrap past the walk's start)
    exchanges = tuple((coast[p], k) for p, k in sorted(zip(positions, kinds), key=lambda pk: pk[0]))
    exchange_at = {v: k for e, k in exchanges for v in topo.edge_vertices[e]}

    neighbors = topo.tile_neighbors
    for _ in range(attempts):
        dead = rng.sample(range(n_tiles), n_dead)
        if any(u in dead for t in dead for u in neighbors[t]):
            continue
        numbers = _place_numbers(neighbors, n_tiles, dead, tokens, rng)
        if numbers is None:
            continue
        terrain = _deal_terrain(numbers, dead, slots, rng)
        if terrain is None:
            continue
        number_tiles = tuple(
            tuple(t for t in range(n_tiles) if numbers[t] == n and n) for n in range(13)
        )
        return Board(radius, terrain, tuple(numbers), exchanges, exchange_at, number_tiles)
    return None


def _place_numbers(
    neighbors: tuple[tuple[int, ...], ...], n_tiles: int, dead: list[int], tokens: list[int], rng: Rng
) -> list[int] | None:
    """Shuffle the tokens onto the producing tiles, then repair conflicts by
    depth-first search: tile ``i`` (in id order) keeps deck card ``i`` if it
    fits, otherwise takes the next card in the deck that does, backtracking
    when none does; gives up after a step budget."""
    order = [t for t in range(n_tiles) if t not in dead]
    rng.shuffle(order)
    deck = list(tokens)
    rng.shuffle(deck)
    numbers = [0] * n_tiles
    steps = [_PLACE_STEPS_PER_TILE * len(order)]
    size = len(order)

    def place(i: int) -> bool:
        if i == size:
            return True
        t = order[i]
        near = [numbers[u] for u in neighbors[t]]
        hot_near = 6 in near or 8 in near
        tried = set()
        for j in range(i, size):
            v = deck[j]
            if v in tried:
                continue
            tried.add(v)
            steps[0] -= 1
            if steps[0] < 0:
                return False
            if v in near or (hot_near and (v == 6 or v == 8)):
                continue
            deck[i], deck[j] = v, deck[i]
            numbers[t] = v
            if place(i + 1):
                return True
            numbers[t] = 0
            deck[i], deck[j] = deck[j], deck[i]
        return False

    return numbers if place(0) else None


def _deal_terrain(numbers: list[int], dead: list[int], slots: list[str], rng: Rng) -> tuple[str, ...] | None:
    """Shuffle the resource tiles onto the numbered tiles until the pips are
    in balance (no resource above PIP_RATIO times another), a few tries."""
    producing = [t for t in range(len(numbers)) if t not in dead]
    weights = [PIPS[numbers[t]] for t in producing]
    deal = list(slots)
    for _ in range(_DEAL_TRIES):
        rng.shuffle(deal)
        totals = dict.fromkeys(RESOURCES, 0)
        for kind, w in zip(deal, weights):
            totals[kind] += w
        if max(totals.values()) <= PIP_RATIO * min(totals.values()):
            terrain = [DEAD] * len(numbers)
            for t, kind in zip(producing, deal):
                terrain[t] = kind
            return tuple(terrain)
    return None
