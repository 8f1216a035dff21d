"""Random Backbone games, checking invariants after every action.

Hypothesis draws the seed, the options and the seed of the chooser; the
choices themselves come from ``netarcade.core.prng.Rng`` (biased by action
type so Hacks and Reroutes happen often, not just Router builds). After every
action the state is checked against the rules and against a small independent
re-implementation of network / online / score written from
docs/rules/backbone.md.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.backbone_positions import GAME, digest
from support.illegal_codes import accepted_by, assert_refused_iff_unlisted
from netarcade.core.actors import LowestSeat
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.core.record import Record
from netarcade.games import replay
from netarcade.games.backbone import rules
from netarcade.games.backbone.network import Side, side
from netarcade.games.backbone.actions import COSTS, Build, End, Hack, Reroute

from support.playing import turns
from support.soak import soak_size

MAX_ACTIONS = 150
#: random games per run: make test / make soak
EXAMPLES = soak_size(15, 300)

# --- an independent reading of the docs -------------------------------------

BOARD = {(q, r) for q in range(9) for r in range(9)}
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
JUMPS = tuple((2 * dq, 2 * dr) for dq, dr in STEPS)
STARTS = {0: {(0, 0), (1, 0)}, 1: {(8, 8), (7, 8)}}  # a1/b1 and i9/h9


def adjacent(pieces, a, b) -> bool:
    """B4: touching, or two straight steps when either end is a Wireless AP."""
    d = (b[0] - a[0], b[1] - a[1])
    if d in STEPS:
        return True
    if d in JUMPS:
        return pieces.get(a, (None, None))[1] == "ap" or pieces.get(b, (None, None))[1] == "ap"
    return False


def my_network(state, seat) -> set:
    """B5: own non-Disabled pieces joined to a non-Disabled start piece."""
    own = {x for x, (owner, _) in state.pieces.items() if owner == seat and x not in state.disabled}
    found = STARTS[seat] & own
    frontier = list(found)
    while frontier:
        here = frontier.pop()
        for dq, dr in STEPS + JUMPS:
            there = (here[0] + dq, here[1] + dr)
            if there in own and there not in found and adjacent(state.pieces, here, there):
                found.add(there)
                frontier.append(there)
    return found


def my_reroute_targets(state, seat, source) -> set:
    """B17-B19 from scratch: every free hex (no piece, no City) where the
    moved piece keeps every other network piece in the network and is in it
    itself; a Switch there needs two network neighbours."""
    before = my_network(state, seat)
    kind = state.pieces[source][1]
    found = set()
    for target in BOARD:
        if target in state.pieces or target in state.cities:
            continue
        trial = state.copy()
        trial.pieces[target] = trial.pieces.pop(source)
        after = my_network(trial, seat)
        if target not in after or not (before - {source}) <= after:
            continue
        if kind == "switch" and sum(1 for y in after if adjacent(trial.pieces, target, y)) < 2:
            continue
        found.add(target)
    return found


def my_cut_pieces(state, seat) -> set:
    """Network pieces whose removal leaves another network piece outside."""
    net = my_network(state, seat)
    cut = set()
    for x in net:
        trial = state.copy()
        del trial.pieces[x]
        if not (net - {x}) <= my_network(trial, seat):
            cut.add(x)
    return cut


def _routers_beside(state, x, net) -> int:
    return sum(1 for y in net if state.pieces[y][1] == "router" and adjacent(state.pieces, x, y))


def my_online_servers(state, seat) -> set:
    """B11."""
    net = my_network(state, seat)
    return {x for x in net if state.pieces[x][1] == "server" and _routers_beside(state, x, net) >= 2}


def my_cities(state, seat) -> set:
    """B12."""
    servers = my_online_servers(state, seat)
    return {c for c in state.cities if any(adjacent(state.pieces, c, s) for s in servers)}


def my_datacenters(state, seat) -> set:
    """B13."""
    net = my_network(state, seat)
    if not my_online_servers(state, seat):
        return set()
    return {x for x in net if state.pieces[x][1] == "datacenter" and _routers_beside(state, x, net) >= 2}


def my_score(state, seat) -> int:
    """B14."""
    dcs = len(my_datacenters(state, seat))
    return dcs + len(my_cities(state, seat)) + (2 if dcs >= 2 else 0)


# --- choosing ----------------------------------------------------------------

WEIGHTS = ((Build, 5), (Hack, 3), (Reroute, 3), (End, 1))


def choose(rng: Rng, actions):
    """An action of a type drawn by WEIGHTS among the types available."""
    by_type = {}
    for action in actions:
        by_type.setdefault(type(action), []).append(action)
    pool = [kind for kind, weight in WEIGHTS if kind in by_type for _ in range(weight)]
    return rng.choice(by_type[rng.choice(pool)])


def random_candidates(rng: Rng, seat: int, n: int):
    """Random (mostly illegal) actions of ``seat``, some of them off the board."""
    coords = range(-1, 10)
    pieces = tuple(COSTS) + ("tower",)
    out = []
    for _ in range(n):
        kind = rng.below(4)
        a = (rng.choice(coords), rng.choice(coords))
        b = (rng.choice(coords), rng.choice(coords))
        if kind == 0:
            out.append(Build(seat, rng.choice(pieces), a))
        elif kind == 1:
            out.append(Hack(seat, a))
        elif kind == 2:
            out.append(Reroute(seat, a, b))
        else:
            out.append(Build(1 - seat, rng.choice(pieces), a))  # not this seat's turn
    return out


def all_candidates(state, seat):
    """Every well-formed action of ``seat`` on the board, legal or not."""
    out = [End(seat)]
    for x in sorted(BOARD):
        out.extend(Build(seat, piece, x) for piece in COSTS)
        out.append(Hack(seat, x))
    for source, (owner, kind) in sorted(state.pieces.items()):
        if owner == seat and kind in ("switch", "ap"):
            out.extend(Reroute(seat, source, t) for t in sorted(BOARD))
    return out


# --- the checks ----------------------------------------------------------------


def check_state(state):
    for seat in (0, 1):
        assert 0 <= state.bw[seat] <= rules.BW_LIMIT, state.bw
    assert state.firewalls <= set(state.pieces)
    assert state.disabled <= set(state.pieces)
    assert set(state.pieces) <= BOARD
    assert not (set(state.pieces) & state.cities)
    for seat in (0, 1):
        for x in STARTS[seat]:
            assert state.pieces[x][0] == seat  # start pieces never move
    assert 0 <= state.passes <= rules.PASSES_TO_END
    assert len(state.history) == state.turn - (0 if state.over else 1)
    assert GAME.to_act(state) == ({} if state.over else {state.current: "turn"})

    # scores: the cached answer, a fresh recount, and the independent one
    fresh = state.copy()
    fresh._cache = {}
    assert GAME.scores(state) == rules.scores(fresh) == [my_score(state, 0), my_score(state, 1)]
    # the evaluation read through the caches kept since earlier steps equals a
    # fresh one (the bots' cached figures are forgotten when they should be)
    assert [GAME.evaluate(state, s) for s in (0, 1)] == [GAME.evaluate(fresh, s) for s in (0, 1)]
    for seat in (0, 1):
        # the seat's pieces as hex sets, followed action by action, equal a fresh reading
        followed, read = side(state, seat), Side(state, seat)
        assert [getattr(followed, f) for f in Side.__slots__] == [getattr(read, f) for f in Side.__slots__]
        net = rules.network(state, seat)
        assert set(net) == my_network(state, seat)
        assert set(rules.online_servers(state, seat)) == my_online_servers(state, seat)
        assert set(rules.online_datacenters(state, seat)) == my_datacenters(state, seat)
        assert set(rules.connected_cities(state, seat)) == my_cities(state, seat)
        # every network hex is the seat's, not Disabled, and joined to a start piece
        for x in net:
            assert state.pieces[x][0] == seat and x not in state.disabled
        reached = set(STARTS[seat] & net)
        frontier = list(reached)
        while frontier:
            here = frontier.pop()
            for there in net:
                if there not in reached and adjacent(state.pieces, here, there):
                    reached.add(there)
                    frontier.append(there)
        assert reached == set(net)


def check_step(before, after, action):
    """Pieces never vanish; only a Reroute moves one, and exactly one. And
    what was done was allowed by the docs' definitions (B7, B8, B18, B20)."""
    old, new = before.pieces, after.pieces
    net = before.network_snapshot
    if isinstance(action, Build) and action.piece != "firewall":
        beside = sum(1 for y in net if adjacent(new, action.hex, y))
        assert beside >= (2 if action.piece == "switch" else 1)
    if isinstance(action, Hack):
        assert old[action.hex][0] != action.seat and action.hex not in before.disabled
        assert any(adjacent(old, action.hex, y) for y in net)
    if isinstance(action, Reroute):
        assert old[action.source][1] in ("switch", "ap") and action.source in net
        if old[action.source][1] == "switch":
            joined = my_network(after, action.seat)
            assert sum(1 for y in joined if adjacent(new, action.target, y)) >= 2
    if isinstance(action, Reroute):
        assert set(new) == set(old) - {action.source} | {action.target}
        assert new[action.target] == old[action.source]
        assert action.source not in after.firewalls
        assert (action.target in after.firewalls) == (action.source in before.firewalls)
        assert before.network_snapshot <= set(rules.network(after, action.seat)) | {action.source}
    else:
        assert set(old) <= set(new)
        assert all(new[x] == old[x] for x in old)
        added = set(new) - set(old)
        if isinstance(action, Build) and action.piece != "firewall":
            assert added == {action.hex} and new[action.hex] == (action.seat, action.piece)
        else:
            assert not added
    if isinstance(action, Build) and not after.over and after.current == action.seat:
        assert after.bw[action.seat] == before.bw[action.seat] - COSTS[action.piece]


def check_legal_actions(state, rng, full: bool):
    seat = state.current
    legal = GAME.legal_actions(state, seat)
    legal_set = set(legal)
    assert len(legal) == len(legal_set)
    assert End(seat) in legal_set
    assert GAME.legal_actions(state, 1 - seat) == []
    for action in legal:
        text = GAME.format_action(action)
        assert GAME.parse_action(text) == action, text
    before = digest(state)
    # random, mostly illegal actions: refused iff not listed, state untouched

    def unchanged():
        assert digest(state) == before

    assert_refused_iff_unlisted(GAME, rules.check, state, random_candidates(rng, seat, 12), legal_set, unchanged)
    if full:
        # legal_actions is exactly the set of actions check() accepts ...
        accepted = accepted_by(rules.check, state, all_candidates(state, seat))
        assert accepted == legal_set
        # ... and every one of them applies to a copy without error
        for action in legal:
            GAME.apply(GAME.copy(state), action)
        assert digest(state) == before
        # the engine's shortcuts for Reroute (cut pieces, no walk when nothing
        # hangs on the piece) agree with the rules worked out from scratch
        for who in (0, 1):
            assert set(rules.cut_pieces(state, who)) == my_cut_pieces(state, who)
            for source in rules.movable_pieces(state, who):
                assert set(rules.reroute_targets(state, who, source)) == my_reroute_targets(state, who, source)
    return legal


class _Snap:
    """What check_step needs from the state before an action."""

    def __init__(self, state, seat):
        self.pieces = dict(state.pieces)
        self.firewalls = set(state.firewalls)
        self.bw = list(state.bw)
        self.disabled = set(state.disabled)
        self.network_snapshot = set(rules.network(state, seat))


def play(seed, options, chooser_seed, full_every, max_actions=MAX_ACTIONS):
    state = GAME.new_game(options, seed)
    match = Match.around(GAME, state, LowestSeat())  # one seat acts at a time: the policy never chooses
    rng = Rng(chooser_seed)
    texts = []
    passes = 0  # B21, counted here independently
    check_state(state)
    for step, seat in enumerate(turns(match, max_actions)):
        assert seat == state.current
        legal = check_legal_actions(state, rng, full=step % full_every == 0)
        action = choose(rng, legal)
        snap = _Snap(state, state.current)
        acted = state.actions_taken > 0
        turn = state.turn
        match.advance(action)  # Game.apply, as the rules engine is under test
        texts.append(GAME.format_action(action))
        if isinstance(action, End):
            passes = 0 if acted else passes + 1
        elif state.turn != turn or state.over:
            passes = 0  # the second action ended the turn
        assert state.passes == passes
        if passes >= rules.PASSES_TO_END:
            assert state.over
        check_step(snap, state, action)
        check_state(state)
    return state, texts


OPTIONS = st.fixed_dictionaries({
    "map": st.sampled_from(["classic", "seeded"]),
    "target": st.integers(3, 20),
})
SEEDS = st.integers(0, 2**64 - 1)


@pytest.mark.soak
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, options=OPTIONS, chooser=SEEDS)
def test_random_games_keep_every_invariant(seed, options, chooser):
    state, texts = play(seed, options, chooser, full_every=25)
    # a record of the game replays to the identical state
    _, again = replay(Record("backbone", options, seed, tuple(texts)))
    assert digest(again) == digest(state)


@pytest.mark.soak
@settings(max_examples=soak_size(5, 60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, chooser=SEEDS)
def test_low_target_games_end_properly(seed, chooser):
    """Play to the end (target 3, so closing turns happen); check the ending."""
    options = {"map": "seeded", "target": 3}
    state, _ = play(seed, options, chooser, full_every=100, max_actions=10_000)
    # (a trigger on turn 200 still grants the closing turn 201)
    assert state.over and state.turn <= rules.MAX_TURNS + 1
    winners = GAME.winners(state)
    scores = GAME.scores(state)
    cities = [len(rules.connected_cities(state, s)) for s in (0, 1)]
    key = [(scores[s], cities[s]) for s in (0, 1)]
    expected = [0, 1] if key[0] == key[1] else [0] if key[0] > key[1] else [1]
    assert winners == expected
    assert state.history[-1] == scores


def test_carried_network_parts_and_targets_equal_a_fresh_walk_at_every_step():
    """``perform`` carries the network and the parts each movable piece
    holds together over many actions without a walk (``reroute.follow``),
    the network alone where the parts would take one (a lifted piece that
    touches two or more network pieces, a recovery), and the scores where
    the network's Routers, Servers and Datacenters stay; at every step of
    seeded random games (the bench's loop) they, the Reroute targets and
    the legal list read through the kept caches equal those found from an
    empty cache."""
    from netarcade.games.backbone import network, reroute
    from netarcade.games.backbone import turns as backbone_turns

    carried = alone = scored = 0
    for options, seed in (({}, 1), ({"map": "seeded", "target": 20}, 2), ({"target": 10}, 3)):
        match, rng = Match(GAME, options, seed, history=False), Rng(seed)
        for seat in turns(match):
            state = match.state
            fresh = state.copy()
            fresh._cache = {}
            for who in (0, 1):
                known = state._cache.get(("parts", who))
                if known is not None:
                    carried += 1
                    parts = reroute.cut_parts(fresh, who)
                    assert known[0] == network.network_bits(fresh, who) == network.network_bits(state, who)
                    assert {s: set(p) for s, p in known[1].items()} == {s: set(p) for s, p in parts.items()}
                elif ("netbits", who) in state._cache:
                    alone += 1
                    assert state._cache[("netbits", who)] == network.network_bits(fresh, who)
                if any(key in state._cache for key in backbone_turns.SCORED[who]):
                    scored += 1
                    assert network.online_servers(state, who) == network.online_servers(fresh, who)
                    assert network.connected_cities(state, who) == network.connected_cities(fresh, who)
                    assert network.score(state, who) == network.score(fresh, who)
                assert reroute.all_targets(state, who) == reroute.all_targets(fresh, who)
            assert rules.legal_actions(state, seat) == rules.legal_actions(fresh, seat)
            match.advance(GAME.pick_legal(state, seat, rng))
    # the carried figures were there to compare
    assert carried > 500 and alone > 100 and scored > 500, (carried, alone, scored)
