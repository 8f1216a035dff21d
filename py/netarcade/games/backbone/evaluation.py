"""Backbone's position evaluation for the game-agnostic bots.

``evaluate(state, seat)`` scores a position for ``seat`` minus the same score
for the opponent, in AI-token units: tokens count fully, and progress toward
tokens (routers beside a Server, Datacenters waiting for routers, closeness
to unconnected Cities, bandwidth, territory, pieces exposed to hacks) counts
fractionally. It reads only public state (Backbone has no hidden
information). Not here: move choice (``netarcade.bots``).
"""

from __future__ import annotations

from ...core.grid import hex_distance
from .board import HEXES, JUMPS, NEIGHBORS
from . import rules

WIN = 1000.0


#: steps between any two hexes of the board (ignoring what stands between)
_STEPS = {a: {b: hex_distance(a, b) for b in HEXES} for a in HEXES}


def _city_reach(state: rules.BackboneState, net: frozenset, connected) -> float:
    """Closeness of the network to each City it does not connect yet."""
    value = 0.0
    for city in state.cities:
        if city not in connected:
            value += 0.5 / (1 + min(map(_STEPS[city].__getitem__, net))) if net else 0.0
    return value


def _pieces_strength(state: rules.BackboneState, seat: int) -> float:
    """The part of a side's strength that depends on its pieces alone
    (tokens, Servers and Datacenters on the way, Cities in reach): cached
    with the side's network and forgotten with it when the side's pieces
    change. Bandwidth and exposure change otherwise; ``_strength`` adds them."""
    key = ("strength", seat)
    cached = state._cache.get(key)
    if cached is not None:
        return cached
    net = rules.network(state, seat)
    pieces = state.pieces
    servers = rules.online_servers(state, seat)
    tokens = rules.score(state, seat)
    value = float(tokens)
    value += 0.35 * len(servers)
    # Routers gathering around Servers and Datacenters that are not online yet.
    for h in net:
        kind = pieces[h][1]
        if kind in ("server", "datacenter") and h not in servers:
            routers = sum(1 for n in NEIGHBORS[h] if n in net and pieces[n][1] == "router")
            value += (0.25 if kind == "server" else 0.45) * min(routers, 2)
            if kind == "datacenter":
                value += 0.3
    # Unconnected Cities: nearer is better.
    value += _city_reach(state, net, set(rules.connected_cities(state, seat)))
    state._cache[key] = value
    return value


def warm(state: rules.BackboneState) -> None:
    """Cache both sides' pieces-only strength in ``state`` so that copies of
    it share them: a copy in which one side acts keeps the other side's."""
    for seat in (0, 1):
        _pieces_strength(state, seat)


def _strength(state: rules.BackboneState, seat: int, rival_net: frozenset) -> float:
    value = _pieces_strength(state, seat)
    net = rules.network(state, seat)
    pieces = state.pieces
    # Bandwidth buys the next move; territory gives options.
    value += 0.06 * state.bw[seat] + 0.02 * len(net)
    # Unprotected pieces the rival can hack next turn.
    reach = set()
    for h in rival_net:
        reach.update(NEIGHBORS[h])
        if pieces[h][1] == "ap":
            reach.update(JUMPS[h])
    exposed = 0
    for h in net:
        if h in reach and h not in state.firewalls:
            exposed += 1
        elif pieces[h][1] == "ap" and h not in state.firewalls and not rival_net.isdisjoint(JUMPS[h]):
            exposed += 1
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
        nets = (rules.network(state, 0), rules.network(state, 1))
        edge = _strength(state, 0, nets[1]) - _strength(state, 1, nets[0])
        result = [edge, -edge]
    state._cache["eval"] = result
    return result


def evaluate(state: rules.BackboneState, seat: int) -> float:
    return evaluate_all(state)[seat]
