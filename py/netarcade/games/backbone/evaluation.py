"""Backbone's position evaluation for the game-agnostic bots.

``evaluate(state, seat)`` scores a position for ``seat`` minus the same score
for the opponent, in AI-token units: tokens count fully, and progress toward
tokens (routers beside a Server, Datacenters waiting for routers, closeness
to unconnected Cities, bandwidth, territory, pieces exposed to hacks) counts
fractionally. It reads only public state (Backbone has no hidden
information). Not here: move choice (``netarcade.bots``).

It reads the rules' hex sets (``bitboard.py``): each network, its online
Servers and connected Cities, and where a piece of it reaches
(``rules.network_reach``), all cached with the state and most carried over an
action by ``turns.perform``. Every figure is the same float, added in the
same order, as the evaluation first written over sets of hexes (the bots
rank actions by it, ties in listing order, so a last bit matters): the one
sum whose order was a set's (``network``'s iteration order) still follows
it when more than one term adds anything.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.errors import IllegalAction
from .bitboard import BIT, NEAR, hexes_of, spread
from . import rules
from .network import connected_city_bits, online_server_bits

WIN = 1000.0


#: per bit index of a hex: the hexes at each number of steps from it
#: (ignoring what stands between), nearest first (``_rings``, made when first needed)
RINGS: dict[int, tuple[int, ...]] = {}


def _rings(index: int) -> tuple[int, ...]:
    """``RINGS[index]``, ring by ring (the board is convex: stepping
    within it is as short as any way)."""
    rings = []
    reached = ring = 1 << index
    while ring:
        rings.append(ring)
        ring = spread(reached) & ~reached
        reached |= ring
    found = RINGS[index] = tuple(rings)
    return found


def _city_reach(state: rules.BackboneState, net: int, connected: int) -> float:
    """Closeness of the network (hex set ``net``) to each City it does not
    connect yet (``connected``, a hex set): 0.5 / (1 + steps from the City
    to the nearest piece), in the order of ``state.cities``."""
    value = 0.0
    if net:
        for city in state.cities:
            bit = BIT[city]
            if not bit & connected:
                index = bit.bit_length() - 1
                for steps, ring in enumerate(RINGS.get(index) or _rings(index)):
                    if ring & net:  # the rings cover the board: one meets the network
                        value += 0.5 / (1 + steps)
                        break
    return value


@lru_cache(maxsize=4096)
def _listed_order(net: int, some: int) -> tuple[int, ...]:
    """The pieces of ``some`` (a part of the network ``net``), one bit
    each, in the order ``network.network``'s frozenset of ``net`` lists
    them (the same set built the same way, so always the same order).
    Kept for the last few thousand networks: a search meets the same ones
    again and again (some 4,700 different networks in 165,000 questions
    over the analysis of a whole game)."""
    return tuple(bit for bit in map(BIT.__getitem__, frozenset(hexes_of(net))) if bit & some)


#: pieces-only strengths worked out already (``_pieces_strength``), by all
#: they depend on: the Cities in their order, the network, its Routers,
#: Servers and Datacenters. A search meets the same networks again and
#: again; emptied when it holds ``KNOWN_MAX``
KNOWN: dict[tuple, float] = {}
KNOWN_MAX = 8192


def _pieces_strength(state: rules.BackboneState, seat: int) -> float:
    """The part of a side's strength that depends on its pieces alone
    (tokens, Servers and Datacenters on the way, Cities in reach): cached
    with the side's network and forgotten with it when the side's pieces
    change, and kept in ``KNOWN`` for the next position with the same.
    Bandwidth and exposure change otherwise; ``_strength`` adds them."""
    key = ("strength", seat)
    cached = state._cache.get(key)
    if cached is None:
        net = rules.network_bits(state, seat)
        pieces = rules.side(state, seat)
        same = (tuple(state.cities), net, net & pieces.routers, net & pieces.servers, net & pieces.datacenters)
        cached = KNOWN.get(same)
        if cached is None:
            if len(KNOWN) >= KNOWN_MAX:
                KNOWN.clear()
            cached = KNOWN[same] = _worked_out(state, seat, net, pieces)
        state._cache[key] = cached
    return cached


def _worked_out(state: rules.BackboneState, seat: int, net: int, pieces) -> float:
    """``_pieces_strength`` worked out: ``net`` the seat's network, ``pieces`` its side."""
    online = online_server_bits(state, seat)
    value = float(rules.score(state, seat))
    value += 0.35 * online.bit_count()
    # Routers gathering around Servers and Datacenters that are not online
    # yet (a Datacenter counts online or not, as it always has): 0.25 (a
    # Server) or 0.45 (a Datacenter) per Router beside it, up to 2, and 0.3
    # per Datacenter.
    routers, datacenters = net & pieces.routers, pieces.datacenters
    earning = {}  # bit: Routers beside it (up to 2), for the pieces that earn anything
    waiting = rest = net & ((pieces.servers & ~online) | datacenters)
    while rest:
        bit = rest & -rest
        rest ^= bit
        beside = (NEAR[bit.bit_length() - 1] & routers).bit_count()
        if beside or bit & datacenters:
            earning[bit] = min(beside, 2)
    for bit in _listed_order(net, waiting) if len(earning) > 1 else earning:
        beside = earning.get(bit)
        if beside is None:
            continue
        if bit & datacenters:
            value += 0.45 * beside
            value += 0.3
        else:
            value += 0.25 * beside
    # Unconnected Cities: nearer is better.
    value += _city_reach(state, net, connected_city_bits(state, seat))
    return value


def warm(state: rules.BackboneState) -> None:
    """Cache both sides' pieces-only strength and reach in ``state`` so that
    copies of it share them: a copy in which one side acts keeps the other
    side's."""
    for seat in (0, 1):
        _pieces_strength(state, seat)
        rules.network_reach(state, seat)


def _strength(state: rules.BackboneState, seat: int) -> float:
    value = _pieces_strength(state, seat)
    net = rules.network_bits(state, seat)
    # Bandwidth buys the next move; territory gives options.
    value += 0.06 * state.bw[seat] + 0.02 * net.bit_count()
    # Unprotected pieces the rival can hack next turn: those its network's
    # pieces touch (``rules._hack_bits`` from the rival's side).
    wired, wireless = rules.network_reach(state, 1 - seat)
    pieces = rules.side(state, seat)
    exposed = (net & pieces.unguarded & (wired | (pieces.aps & wireless))).bit_count()
    value -= 0.08 * min(exposed, 5)
    return value


def evaluate_all(state: rules.BackboneState) -> list[float]:
    """``[evaluate(state, 0), evaluate(state, 1)]``, computed once and cached."""
    cached = state._cache.get("eval")
    if cached is not None:
        return cached
    if state.over:
        winners = rules.winners(state)
        result = [0.0, 0.0] if len(winners) == 2 else [WIN if winners == [s] else -WIN for s in (0, 1)]
    else:
        edge = _strength(state, 0) - _strength(state, 1)
        result = [edge, -edge]
    state._cache["eval"] = result
    return result


def evaluate(state: rules.BackboneState, seat: int) -> float:
    return evaluate_all(state)[seat]


def rank_steps(state: rules.BackboneState, seat: int, actions=None):
    """The contract's one-ply ranking (``Game.rank_steps``: every action
    applied to a copy and evaluated for ``seat``, best first, ties in
    listing order, a generator that yields after each action), with what
    the siblings share done once: the parts of both sides' evaluation that
    an action of the other side leaves alone, worked out before the copies
    (``warm``), and no ``check`` of the actions of the legal list it makes
    itself (they are legal by construction); actions handed in are checked,
    and one refused is left out, as by the contract's."""
    checked = actions is not None
    if actions is None:
        actions = rules.legal_actions(state, seat)
    warm(state)
    ranked = []
    for index, action in enumerate(actions):
        trial = state.copy()
        if checked:
            try:
                rules.check(trial, action)
            except IllegalAction:
                yield
                continue
        rules.perform(trial, action)
        ranked.append((evaluate_all(trial)[seat], index, action))
        yield
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return ranked
