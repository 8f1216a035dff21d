"""Backbone's evaluation over hex sets gives, to the last bit, the figures of
the evaluation first written over sets of hexes (kept here as the reference,
as it stood before): the bots rank actions by these floats, ties in listing
order, so a sum taken in another order could change a ranking and a seeded
bot game. Checked on every child of every ranking of greedy games, where
Servers and Datacenters wait for Routers and Cities are near and far."""

from __future__ import annotations

from support.backbone_positions import GAME
from netarcade.bots import make_bot
from netarcade.core.grid import hex_distance
from netarcade.core.match import Match
from netarcade.games.backbone import evaluation, rules
from netarcade.games.backbone.board import HEXES, JUMPS, NEIGHBORS

from support.playing import turns

STEPS = {a: {b: hex_distance(a, b) for b in HEXES} for a in HEXES}


def reference_strength(state, seat: int, rival_net: frozenset) -> float:
    """One side's strength as the set-based evaluation added it up."""
    net = rules.network(state, seat)
    pieces = state.pieces
    servers = rules.online_servers(state, seat)
    value = float(rules.score(state, seat))
    value += 0.35 * len(servers)
    for h in net:  # the frozenset's own order
        kind = pieces[h][1]
        if kind in ("server", "datacenter") and h not in servers:
            routers = sum(1 for n in NEIGHBORS[h] if n in net and pieces[n][1] == "router")
            value += (0.25 if kind == "server" else 0.45) * min(routers, 2)
            if kind == "datacenter":
                value += 0.3
    connected = set(rules.connected_cities(state, seat))
    near = 0.0
    for city in state.cities:
        if city not in connected:
            near += 0.5 / (1 + min(STEPS[city][h] for h in net)) if net else 0.0
    value += near
    value += 0.06 * state.bw[seat] + 0.02 * len(net)
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


def reference(state) -> float:
    """``evaluate(state, 0)`` of a game not over, from an empty cache."""
    fresh = state.copy()
    fresh._cache = {}
    nets = (rules.network(fresh, 0), rules.network(fresh, 1))
    return reference_strength(fresh, 0, nets[1]) - reference_strength(fresh, 1, nets[0])


def test_the_evaluation_equals_the_set_based_one_on_every_ranked_child():
    compared = ordered = 0
    for seed in (1, 2):
        match = Match(GAME, {"map": "seeded"} if seed == 2 else {}, seed, history=False)
        bots = [make_bot("greedy", 100 * seed + seat, GAME) for seat in (0, 1)]
        for seat in turns(match):
            state = match.state
            for action in rules.legal_actions(state, seat):
                child = GAME.copy(state)  # through the caches the ranking shares
                GAME.apply(child, action)
                if not child.over:
                    value = GAME.evaluate(child, 0)
                    assert value == reference(child), (seed, match.version, action)
                    assert GAME.evaluate(child, 1) == -value
                    compared += 1
                    pieces = rules.side(child, seat)
                    waiting = rules.network_bits(child, seat) & (pieces.servers | pieces.datacenters)
                    ordered += waiting.bit_count() > 1
            match.advance(bots[seat].choose(GAME, state, seat))
    # the positions had sums of several terms to keep in order
    assert compared > 3000 and ordered > 1000, (compared, ordered)


def test_the_ranking_equals_the_contracts_default():
    """Backbone's ``rank_steps`` (the legal list's actions performed without
    ``check``, both sides warmed once) ranks as the contract's default
    (copy, apply, evaluate each), and leaves out an action handed in that
    is refused, at every position of a greedy game."""
    from netarcade.bots.base import finish
    from netarcade.core.game import Game
    from netarcade.games.backbone.actions import End

    match = Match(GAME, {}, 3, history=False)
    bots = [make_bot("greedy", 300 + seat, GAME) for seat in (0, 1)]
    positions = 0
    for seat in turns(match):
        state = match.state
        ranked = finish(GAME.rank_steps(state, seat))
        assert ranked == finish(Game.rank_steps(GAME, state, seat))
        handed = [End(1 - seat), *rules.legal_actions(state, seat)]  # the first is not this seat's to play
        assert finish(GAME.rank_steps(state, seat, handed)) == [(v, i + 1, a) for v, i, a in ranked]
        positions += 1
        match.advance(bots[seat].choose(GAME, state, seat))
    assert positions > 40
