"""Net Control's figures: hand sizes, supply, hand limit, protection, XP,
exchange rates, the longest network, and who holds the two bonuses.

What it is for: numbers read off the state, shared by the legal-action
generator, the checks, the effects, the views and the bots' evaluation.
``update_bonuses`` is the one writer here: it re-settles Longest Network and
Most Fortified after an effect changed links, buildings or fortifications.

What it is not: it decides no legality and applies no action (``legal.py``,
``rules.check``, ``effects.py``).
"""

from __future__ import annotations

from ...core.events import Event
from .board import RESOURCES
from .state import (
    BONUS_XP, FORTIFIED_MIN, HAND_LIMIT, LIMIT_PER_GUARDED_SUPER, LONGEST_MIN, NODE_BASE, SUPER_BASE, SUPPLY,
    NCState,
)


def hand_size(state: NCState, seat: int) -> int:
    return sum(state.hands[seat])


def pieces_left(state: NCState, seat: int, piece: str) -> int:
    """Pieces of a kind still in the seat's supply (a Super Node frees its Node)."""
    if piece == "link":
        used = sum(1 for who in state.links.values() if who == seat)
    else:
        level = 1 if piece == "node" else 2
        used = sum(1 for v, who in state.owner.items() if who == seat and state.level[v] == level)
    return SUPPLY[piece] - used


def hand_limit(state: NCState, seat: int) -> int:
    """7, plus 2 for every Super Node of the seat carrying a fortification."""
    guarded = sum(
        1 for v, who in state.owner.items() if who == seat and state.level[v] == 2 and state.forts[v] > 0
    )
    return HAND_LIMIT + LIMIT_PER_GUARDED_SUPER * guarded


def fortifications(state: NCState, seat: int) -> int:
    return sum(state.forts[v] for v, who in state.owner.items() if who == seat)


def every_fortifications(state: NCState) -> list[int]:
    """``fortifications`` of every seat, in one pass over the buildings."""
    counts = [0] * state.n
    forts = state.forts
    for v, who in state.owner.items():
        counts[who] += forts[v]
    return counts


def protection(state: NCState, vertex: int) -> int:
    """The hit-point pool shown to players: base 7 (Node) or 9 (Super Node) plus levels."""
    return (SUPER_BASE if state.level[vertex] == 2 else NODE_BASE) + state.forts[vertex]


def xp(state: NCState, seat: int) -> int:
    """Node 1, Super Node 2, each bonus held 2, each +1 XP card played 1."""
    total = state.xp_cards[seat]
    for v, who in state.owner.items():
        if who == seat:
            total += state.level[v]
    if state.longest == seat:
        total += BONUS_XP
    if state.fortified == seat:
        total += BONUS_XP
    return total


def every_xp(state: NCState) -> list[int]:
    """``xp`` of every seat, in one pass over the buildings."""
    totals = list(state.xp_cards)
    level = state.level
    for v, who in state.owner.items():
        totals[who] += level[v]
    if state.longest is not None:
        totals[state.longest] += BONUS_XP
    if state.fortified is not None:
        totals[state.fortified] += BONUS_XP
    return totals


def exchange_rate(state: NCState, seat: int, resource: int) -> int:
    """4:1, 3:1 with a building on a generic exchange, 2:1 on that resource's."""
    rate = 4
    name = RESOURCES[resource]
    exchange_at = state.board.exchange_at
    for v, who in state.owner.items():
        if who == seat and v in exchange_at:
            kind = exchange_at[v]
            if kind == name:
                return 2
            if kind is None:
                rate = 3
    return rate


#: ``longest_run``'s memo: (radius, the seat's links, the vertices of its
#: network where a rival's building breaks a run) -> the longest run; emptied
#: when it holds more than ``_RUNS_LIMIT`` (a bot's rankings and playouts
#: count the same networks again and again)
_RUNS: dict[tuple, int] = {}
_RUNS_LIMIT = 4096


def longest_run(state: NCState, seat: int) -> int:
    """Links in the seat's longest unbroken run: a trail using each link once,
    which cannot pass through a vertex holding another player's building.
    A pure function of the seat's links and where rivals' buildings stand on
    them, so it is memoized on those (``_RUNS``); ``_walk_runs`` walks."""
    edges = [e for e, who in state.links.items() if who == seat]
    if len(edges) < 2:
        return len(edges)
    owner, edge_vertices = state.owner, state.topo.edge_vertices
    broken = frozenset(v for e in edges for v in edge_vertices[e] if owner.get(v, seat) != seat)
    key = (state.topo.radius, frozenset(edges), broken)
    found = _RUNS.get(key)
    if found is None:
        if len(_RUNS) > _RUNS_LIMIT:
            _RUNS.clear()
        found = _RUNS[key] = _walk_runs(edge_vertices, edges, broken)
    return found


def _walk_runs(edge_vertices, edges: list[int], broken: frozenset) -> int:
    """The longest trail over ``edges`` (two or more) that passes through no
    vertex of ``broken`` (it may end there).

    A depth-first walk over every trail, started only where a longest one
    may start: a longest trail that starts at a vertex with a free link there
    could take that link first, so it starts at a vertex with a rival's
    building or an odd number of the seat's links; only a network where no
    vertex is either (every trail a circuit through it all) is walked from
    its first vertex."""
    at: dict[int, list[tuple[int, int]]] = {}  # vertex -> (the link's bit, its other end)
    count = 0
    for e in edges:
        bit = 1 << count
        count += 1
        a, b = edge_vertices[e]
        at.setdefault(a, []).append((bit, b))
        at.setdefault(b, []).append((bit, a))
    best = 0

    def walk(vertex: int, length: int, used: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and vertex in broken:
            return
        for bit, other in at[vertex]:
            if not used & bit:
                walk(other, length + 1, used | bit)

    seen: set[int] = set()
    for first in at:
        if first in seen:
            continue
        part, stack = {first}, [first]  # the connected part of the network around ``first``
        while stack:
            for _, other in at[stack.pop()]:
                if other not in part:
                    part.add(other)
                    stack.append(other)
        seen |= part
        starts = [v for v in part if v in broken or len(at[v]) % 2]
        for vertex in starts or (first,):
            walk(vertex, 0, 0)
            if best == count:  # no trail is longer than every link
                return best
    return best


def _leaders(values: list[int]) -> set[int]:
    best = max(values)
    return {s for s, value in enumerate(values) if value == best}


def _settle_bonus(holder, before: list[int], values: list[int], minimum: int, actor: int):
    """Who holds a bonus after a change from ``before`` to ``values``. It
    needs ``minimum``; the highest value holds it. On a tie, the runner whose
    action made the tie (the leaders changed and it is among them) takes it;
    otherwise the holder keeps it; otherwise the earliest seat of the tie."""
    if max(values) < minimum:
        return None
    leaders = _leaders(values)
    if len(leaders) == 1:
        return next(iter(leaders))
    if actor in leaders and leaders != _leaders(before):
        return actor
    if holder in leaders:
        return holder
    return min(leaders)


def update_bonuses(state: NCState, actor: int, recount=(), fort_change=None) -> list[Event]:
    """Re-settle both bonuses; ``recount`` lists the seats whose longest run
    may have changed (their links, or a building on a vertex they pass);
    ``fort_change`` is ``(seat, delta)`` when a fortification count changed."""
    events = []
    if recount:
        before = list(state.lengths)
        for s in recount:
            state.lengths[s] = longest_run(state, s)
        holder = _settle_bonus(state.longest, before, state.lengths, LONGEST_MIN, actor)
        if holder != state.longest:
            state.longest = holder
            events.append(Event("bonus", {"bonus": "longest-network", "seat": holder}))
    forts = every_fortifications(state)
    before = list(forts)
    if fort_change is not None:
        before[fort_change[0]] -= fort_change[1]
    holder = _settle_bonus(state.fortified, before, forts, FORTIFIED_MIN, actor)
    if holder != state.fortified:
        state.fortified = holder
        events.append(Event("bonus", {"bonus": "most-fortified", "seat": holder}))
    return events


def runs_through(state: NCState, vertex: int) -> tuple:
    """Seats with a link at ``vertex`` (a building there can break their run)."""
    links = state.links
    return tuple(sorted({links[e] for e in state.topo.vertex_edges[vertex] if e in links}))


def winners(state: NCState) -> list[int]:
    return [] if state.winner is None else [state.winner]
