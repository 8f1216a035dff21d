"""What Net Control's island gives each runner, for the evaluation
(``evaluation.py``): per-island constants (each vertex's production, each
resource's weight, exchanges, the worth of a Node spot), what the buildings
give (production at the runner's own rates, exchange access,
fortifications, what a Hack would take) and the room to grow (the best free
Node spots a network reaches in 0 to 3 links).

What it is for: the parts of the evaluation that depend only on the island
and the buildings, computed once and memoized per island, so a bot that
looks at thousands of positions of one game pays for them once per change.
What it is not: the weights or the strength of a runner (``evaluation.py``).
"""

from __future__ import annotations

from . import rules
from .board import DEAD, PIPS, RESOURCES

__all__ = ["DEMAND", "ROOM_SHARE", "board_facts", "buildings", "room"]

#: how much the builds use each resource (co ba fi sc me); fi is in most costs
DEMAND = (1.0, 0.9, 1.25, 1.0, 1.0)
#: share of a Node spot's option credited when it is 0, 1, 2, 3 links away
#: (below 1 at distance 0, so that building the Node beats keeping the option)
ROOM_SHARE = (0.7, 0.5, 0.3, 0.15)

class _PerBoard:
    """A memo of what is computed from a board and the rest of a key that
    starts with the board's id. An entry holds its board, which keeps that
    id unique while it is cached (a found entry counts only if its board is
    the one asked about); emptied when it holds more than ``limit``."""

    def __init__(self, limit: int):
        self.limit = limit
        self.entries: dict = {}

    def get(self, board, key):
        found = self.entries.get(key)
        return found[1] if found is not None and found[0] is board else None

    def put(self, board, key, value):
        if len(self.entries) > self.limit:
            self.entries.clear()
        self.entries[key] = (board, value)
        return value


_BOARD_CACHE = _PerBoard(64)
_ROOM_CACHE = _PerBoard(4096)
_BUILDINGS_CACHE = _PerBoard(4096)


def board_facts(board) -> tuple:
    """Per-island constants: per vertex ``((tile, resource, pips/36), ...)``,
    per resource its weight (demand x scarcity), per vertex its exchange
    (-1 none, 5 generic, else the resource of its 2:1) and its worth as a
    Node spot (weighted pips per roll)."""
    cached = _BOARD_CACHE.get(board, id(board))
    if cached is not None:
        return cached
    topo = board.topology
    totals = [0] * 5
    tile_res = []
    for kind, number in zip(board.terrain, board.numbers):
        if kind == DEAD:
            tile_res.append(-1)
        else:
            r = RESOURCES.index(kind)
            tile_res.append(r)
            totals[r] += PIPS[number]
    mean = sum(totals) / 5 or 1
    weight = tuple(DEMAND[r] * min(1.6, max(0.7, (mean / max(totals[r], 1)) ** 0.5)) for r in range(5))
    vertex_prod = tuple(
        tuple((t, tile_res[t], PIPS[board.numbers[t]] / 36.0) for t in topo.vertex_tiles[v] if tile_res[t] >= 0)
        for v in range(topo.vertex_count)
    )
    exchange = [-1] * topo.vertex_count
    for v, kind in board.exchange_at.items():
        exchange[v] = 5 if kind is None else RESOURCES.index(kind)
    spot_worth = tuple(sum(weight[r] * p for _, r, p in prod) for prod in vertex_prod)
    return _BOARD_CACHE.put(board, id(board), (vertex_prod, weight, tuple(exchange), spot_worth))


def buildings(state: rules.NCState, vertex_prod, weight, exchange, mean_weight) -> tuple:
    """What the buildings give each runner, read only by the caller: XP of
    its buildings, production valued at its own rates, rates, the units its
    resources are worth, exchange access, fortifications, guarded Super
    Nodes, Nodes, Super Nodes, and what the worst Hack would cost it.
    Cached per island, buildings, levels, fortifications and infections."""
    infected = state.infected
    owner, level, forts = state.owner, state.level, state.forts
    n = state.n
    key = (id(state.board), n, frozenset(owner.items()), frozenset(level.items()), frozenset(forts.items()),
           frozenset(infected))
    cached = _BUILDINGS_CACHE.get(state.board, key)
    if cached is not None:
        return cached
    xp = [0] * n
    prod = [[0.0] * 5 for _ in range(n)]
    rate = [[4] * 5 for _ in range(n)]
    generic = [False] * n
    special = [0] * n
    fort_total = [0] * n
    guarded = [0] * n
    nodes = [0] * n
    supers = [0] * n
    exposed = [0.0] * n  # what the worst Hack on the runner's buildings would cost it
    for v, who in owner.items():
        lv = level[v]
        xp[who] += lv
        f = forts[v]
        fort_total[who] += f
        worth = 0.0
        mine = prod[who]
        for t, r, p in vertex_prod[v]:
            if t not in infected:
                mine[r] += p * lv
                worth += weight[r] * p
        if lv == 2:
            supers[who] += 1
            if f:
                guarded[who] += 1
        else:
            nodes[who] += 1
        if f == 0 and 1.0 + worth > exposed[who]:
            exposed[who] = 1.0 + worth  # a Node destroyed or a Super Node demoted
        ex = exchange[v]
        if ex == 5:
            generic[who] = True
            rates = rate[who]
            for r in range(5):
                if rates[r] > 3:
                    rates[r] = 3
        elif ex >= 0:
            rate[who][ex] = 2
            special[who] += 1
    units_of = []
    prod_value = []
    for s in range(n):
        rates = rate[s]
        units = [w if w > mean_weight * 1.6 / q else mean_weight * 1.6 / q for w, q in zip(weight, rates)]
        units_of.append(units)
        mine = prod[s]
        prod_value.append(units[0] * mine[0] + units[1] * mine[1] + units[2] * mine[2]
                          + units[3] * mine[3] + units[4] * mine[4])
    return _BUILDINGS_CACHE.put(state.board, key, (xp, prod_value, rate, units_of, generic, special, fort_total,
                                                   guarded, nodes, supers, exposed))


def room(state: rules.NCState, spot_worth) -> tuple[list[tuple[float, ...]], list[float]]:
    """Per runner and per distance 0..3 (the links still needed), the two best
    free Node spots (their weighted pips) its network could reach; rivals'
    buildings block the way. And per runner the best worth among the spots
    it may build a Node on now (``rules.node_spots``: the free spots at
    distance 0), -1 when there is none. Cached: most actions change no link
    and no building."""
    owner, links = state.owner, state.links
    key = (id(state.board), frozenset(links.items()), frozenset(owner.items()))
    cached = _ROOM_CACHE.get(state.board, key)
    if cached is not None:
        return cached
    topo = state.topo
    edge_vertices, neighbours, vertex_edges = topo.edge_vertices, topo.vertex_neighbors, topo.vertex_edges
    blocked = set(owner)
    for v in owner:
        blocked.update(neighbours[v])
    last = len(ROOM_SHARE) - 1
    result, nearest = [], []
    for seat in range(state.n):
        frontier = {v for v, who in owner.items() if who == seat}
        for e, who in links.items():
            if who == seat:
                a, b = edge_vertices[e]
                if owner.get(a, seat) == seat:
                    frontier.add(a)
                if owner.get(b, seat) == seat:
                    frontier.add(b)
        seen = set(frontier)
        found = []
        near = -1.0
        for distance in range(last + 1):
            best = second = 0.0
            following = set()
            for v in frontier:
                if v not in blocked:
                    worth = spot_worth[v]
                    if distance == 0 and worth > near:
                        near = worth
                    if worth > best:
                        best, second = worth, best
                    elif worth > second:
                        second = worth
                if distance < last:
                    edges = vertex_edges[v]
                    for k, u in enumerate(neighbours[v]):
                        if u not in seen and edges[k] not in links and owner.get(u, seat) == seat:
                            following.add(u)
            found.append(best)
            found.append(second)
            seen |= following
            frontier = following
        result.append(tuple(found))
        nearest.append(near)
    return _ROOM_CACHE.put(state.board, key, (result, nearest))
