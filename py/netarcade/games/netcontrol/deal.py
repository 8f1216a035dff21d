"""Dealing Net Control's island from a seed: the counts per radius, the
fair board (:func:`generate_board`) and the fairness rules it keeps
(:func:`fairness_problems`).

What it is for: a seed becomes a fair board, the same on every runtime (it
draws only from :class:`~netarcade.core.prng.Rng`): terrain, number tokens
and exchanges on the island of ``board.py``.

What it is not: the topology and the :class:`~netarcade.games.netcontrol.board.Board`
shape are ``board.py``'s; no game state lives here.  The decisions are
written in docs/rules/netcontrol-board.md.

>>> board = generate_board(2, 7)
>>> board == generate_board(2, 7) and fairness_problems(board) == []
True
"""

from __future__ import annotations

import functools

from ...core.prng import Rng, derive_seed
from .board import DEAD, PIPS, RESOURCES, Board, Topology, check_radius, topology

__all__ = [
    "EXCHANGE_MIX",
    "DEAD_ZONES",
    "PIP_RATIO",
    "TOKEN_SEQUENCE",
    "exchange_kinds",
    "fairness_problems",
    "generate_board",
    "number_tokens",
    "resource_counts",
    "resource_pips",
]

#: dead zones per radius
DEAD_ZONES: dict[int, int] = {1: 1, 2: 1, 3: 2, 4: 3}
#: exchanges per radius: (generic 3:1 count, 2:1 exchanges per resource)
EXCHANGE_MIX: dict[int, tuple[int, int]] = {1: (1, 1), 2: (4, 1), 3: (7, 1), 4: (6, 2)}

#: the Catan token multiset (2 and 12 once, 3..6 and 8..11 twice) in the order
#: tokens are taken: symmetric pairs around 7, arranged so that every prefix
#: of even length keeps the Catan mean of about 3.2 pips per token
TOKEN_SEQUENCE: tuple[int, ...] = (4, 10, 6, 8, 3, 11, 5, 9, 2, 12, 6, 8, 3, 11, 5, 9, 4, 10)
#: fairness bound: no resource's total pips exceeds PIP_RATIO times another's
PIP_RATIO = 2
#: 6 and 8, the tokens that may not touch each other
_HOT = frozenset((6, 8))

# generation effort: attempts per seed, and DFS steps per producing tile
MAX_ATTEMPTS = 200
_PLACE_STEPS_PER_TILE = 4
_DEAL_TRIES = 64
_FALLBACK_ATTEMPTS = 100_000


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
    check_radius(radius)
    producing = 3 * radius * (radius + 1) + 1 - DEAD_ZONES[radius]
    return divmod(producing, len(RESOURCES))


def exchange_kinds(radius: int) -> tuple[str | None, ...]:
    """Return the exchanges of a board, unshuffled: ``None`` for each generic
    3:1 exchange, then each resource's 2:1 exchanges.

    >>> exchange_kinds(2)
    (None, None, None, None, 'compute', 'bandwidth', 'firewall', 'scanner', 'memory')
    """
    check_radius(radius)
    generic, per_resource = EXCHANGE_MIX[radius]
    return (None,) * generic + tuple(r for _ in range(per_resource) for r in RESOURCES)


# --------------------------------------------------------------------------
# Fairness and dealing
# --------------------------------------------------------------------------


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
    check_radius(radius)
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
