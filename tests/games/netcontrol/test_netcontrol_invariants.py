"""Random Net Control games, checking invariants after every action.

Hypothesis draws the seed, the options (2..6 players, radius 1..3, target)
and the seed of the chooser; the choices themselves come from
``netarcade.core.prng.Rng`` (biased by verb so building, cards and trades
happen often). After every action the state is checked against a small
independent reading of docs/rules/netcontrol.md written here:

* every resource hand is exactly what the returned events explain (production,
  starting resources, the build costs, trades at the right rate, Resource,
  Monopoly, discards), and every card holding what draws and plays explain;
* production and the 7 / threat track / purge arithmetic are recomputed;
* after a 7 or a purge resolves, every owing seat is at its required size;
* XP, longest runs, fortification counts and the bonus holders are recounted;
* deck + discard + hands + removed +1 XP cards is 45, per kind;
* buildings keep the spacing rule, pieces stay within supply;
* every legal action applies and its notation round-trips; random (mostly
  illegal) actions are refused exactly when not listed, with the digest
  unchanged.

Radius 1 is drawn only with 2..4 players: the game refuses 5 or 6 there
(N1), since the setup would run out of spaced vertices.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.netcontrol_positions import GAME, digest
from support.illegal_codes import accepted_by, assert_refused_iff_unlisted
from netarcade.core.actors import RandomActor
from netarcade.core.errors import IllegalAction
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.core.record import Record
from netarcade.games import replay
from netarcade.games.netcontrol import rules
from netarcade.games.netcontrol.actions import SIGNATURES, Act
from netarcade.games.netcontrol.board import DEAD, RESOURCE_CODES, RESOURCES

from support.playing import turns
from support.soak import soak_size

MAX_ACTIONS = 500
#: random games per run: make test / make soak
EXAMPLES = soak_size(30, 400)
FULL_EVERY = 23
RICH_EXAMPLES = soak_size(15, 200)
RICH_ACTIONS = 700

# --- the docs, written out -------------------------------------------------------

COSTS = {
    "link": (1, 1, 0, 0, 0),
    "node": (1, 1, 1, 1, 0),
    "super": (0, 0, 2, 0, 3),
    "fortify": (1, 0, 2, 1, 0),
    "draw": (0, 0, 1, 1, 1),
    "clear": (1, 0, 1, 1, 0),
}
CARDS = ("hack", "virus", "xp", "linkbuild", "resource", "monopoly")
DECK = (20, 14, 5, 2, 2, 2)
SUPPLY = {"link": 15, "node": 5, "super": 4}
CO, BA, FI, SC, ME = range(5)


def my_limit(state, seat) -> int:
    """N9."""
    return 7 + 2 * sum(1 for v, who in state.owner.items()
                       if who == seat and state.level[v] == 2 and state.forts[v] > 0)


def my_rate(state, seat, r) -> int:
    """N25: the best of 4, 3 (generic exchange) and 2 (this resource's)."""
    best = 4
    for v, who in state.owner.items():
        if who != seat or v not in state.board.exchange_at:
            continue
        kind = state.board.exchange_at[v]
        best = min(best, 3 if kind is None else 2 if kind == RESOURCES[r] else 4)
    return best


def my_run(state, seat) -> int:
    """N26: the longest trail of the seat's links that never passes through a
    vertex holding a rival's building (it may start or end at one)."""
    topo = state.topo
    mine = [e for e, who in state.links.items() if who == seat]
    best = 0
    stack = []
    for e in mine:
        for start in topo.edge_vertices[e]:
            stack.append((start, frozenset()))
    seen = set()
    while stack:
        here, used = stack.pop()
        if (here, used) in seen:
            continue
        seen.add((here, used))
        best = max(best, len(used))
        if used and state.owner.get(here, seat) != seat:
            continue  # arrived at a rival building: the run stops here
        for e in mine:
            if e not in used and here in topo.edge_vertices[e]:
                a, b = topo.edge_vertices[e]
                stack.append((b if a == here else a, used | {e}))
    return best


def my_forts(state, seat) -> int:
    return sum(state.forts[v] for v, who in state.owner.items() if who == seat)


def my_xp(state, seat) -> int:
    """N29."""
    total = state.xp_cards[seat]
    for v, who in state.owner.items():
        if who == seat:
            total += 1 if state.level[v] == 1 else 2
    total += 2 * (state.longest == seat) + 2 * (state.fortified == seat)
    return total


def my_production(state, total):
    """N5: gains per seat for a roll of ``total`` (not 7)."""
    gains = [[0] * 5 for _ in range(state.n)]
    for t, kind in enumerate(state.board.terrain):
        if kind == DEAD or state.board.numbers[t] != total or t in state.infected:
            continue
        for v in state.topo.tile_vertices[t]:
            if v in state.owner:
                gains[state.owner[v]][RESOURCES.index(kind)] += 1 if state.level[v] == 1 else 2
    return gains


# --- choosing ----------------------------------------------------------------------

WEIGHTS = {"node": 9, "super": 9, "link": 4, "fortify": 4, "draw": 6, "clear": 3, "trade": 2,
           "hack": 5, "virus": 3, "xp": 5, "linkbuild": 5, "resource": 5, "monopoly": 5, "end": 3}


RICH_WEIGHTS = dict(WEIGHTS, draw=16, virus=1, trade=1)


def choose(rng: Rng, actions, weights=WEIGHTS):
    by_verb = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    pool = [v for v in sorted(by_verb) for _ in range(weights.get(v, 1))]
    return rng.choice(by_verb[rng.choice(pool)])


def random_candidates(rng: Rng, state, count: int):
    """Random actions, mostly illegal: any verb, ids in and just out of range, any seat."""
    bounds = {"v": state.topo.vertex_count, "e": state.topo.edge_count, "t": len(state.topo.tiles), "r": 5}
    verbs = sorted(set(SIGNATURES) - {"resign"})  # open at any moment, never listed (N33): checked apart
    out = []
    for _ in range(count):
        verb = rng.choice(verbs)
        seat = rng.below(state.n + 1) - (rng.below(8) == 0)
        args = tuple(rng.below(bounds[k] + 2) - (rng.below(10) == 0) for k in SIGNATURES[verb])
        out.append(Act(seat, verb, args))
    return out


def all_candidates(state, seat):
    """Every well-formed action of ``seat`` (Link Building pairs apart)."""
    bounds = {"v": state.topo.vertex_count, "e": state.topo.edge_count, "t": len(state.topo.tiles), "r": 5}
    out = []
    for verb, kinds in SIGNATURES.items():
        if verb in ("linkbuild", "resign"):
            continue
        if not kinds:
            out.append(Act(seat, verb))
        elif len(kinds) == 1:
            out.extend(Act(seat, verb, (i,)) for i in range(bounds[kinds]))
        else:
            out.extend(Act(seat, verb, (a, b)) for a in range(5) for b in range(5))
    return out


def accepted_linkbuilds(state, seat):
    """Every Link Building pair check() accepts (the first link tried with
    itself as second: only the second can then be at fault)."""
    out = set()
    edges = range(state.topo.edge_count)
    for first in edges:
        try:
            rules.check(state, Act(seat, "linkbuild", (first, first)))
        except IllegalAction as err:
            if err.code != "second-link":
                continue
        for second in edges:
            action = Act(seat, "linkbuild", (first, second))
            try:
                rules.check(state, action)
            except IllegalAction:
                continue
            out.add(action)
    return out


# --- the tracker: what the events say ------------------------------------------------


class Tracker:
    """Hands, cards, fresh cards, +1 XP plays and the threat track, kept from
    the events alone (and the dice for production)."""

    def __init__(self, state):
        n = state.n
        self.hands = [[0] * 5 for _ in range(n)]
        self.cards = [[0] * 6 for _ in range(n)]
        self.fresh = [[0] * 6 for _ in range(n)]
        self.xp_cards = [0] * n
        self.threat = 0
        self.required = None  # hand sizes to reach once discards are done
        self.demoted = [0] * n

    def step(self, before, state, action, events):
        seat = action.seat
        hands = self.hands
        kinds = [e.kind for e in events]
        for e in events:
            d = e.data
            k = e.kind
            if k in ("produce", "starting-resources"):
                for r in range(5):
                    hands[d["seat"]][r] += d["gained"][r]
            elif k in COSTS and not d.get("setup") and not d.get("rebuild"):  # N32: the free node
                assert d["seat"] == seat
                for r in range(5):
                    hands[seat][r] -= COSTS[k][r]
            elif k == "trade":
                give, take = RESOURCE_CODES.index(d["give"]), RESOURCE_CODES.index(d["take"])
                assert d["rate"] == my_rate(before, seat, give)
                hands[seat][give] -= d["rate"]
                hands[seat][take] += 1
            elif k == "resources":
                assert len(d["take"]) == 2
                for code in d["take"]:
                    hands[seat][RESOURCE_CODES.index(code)] += 1
            elif k == "monopoly":
                r = RESOURCE_CODES.index(d["resource"])
                for s in range(state.n):
                    if s != seat:
                        owed = min(2, before.hands[s][r])
                        assert d["taken"].get(str(s), 0) == owed
                for s, taken in d["taken"].items():
                    hands[int(s)][r] -= taken
                    hands[seat][r] += taken
            elif k == "discard":
                hands[d["seat"]][RESOURCE_CODES.index(d["resource"])] -= 1
            elif k == "drew":
                kind = CARDS.index(d["card"])
                self.cards[seat][kind] += 1
                self.fresh[seat][kind] += 1
            elif k == "play":
                kind = CARDS.index(d["card"])
                assert before.cards[seat][kind] - before.fresh[seat][kind] > 0  # N17
                assert not before.played_card
                self.cards[seat][kind] -= 1
                if kind == 2:
                    self.xp_cards[seat] += 1
            elif k == "hack" and d["result"] == "demoted":
                self.demoted[d["victim"]] += 1
        if action.verb == "end":
            self.fresh[seat] = [0] * 6
        if action.verb == "roll":
            self.check_roll(before, state, events)
        if self.required is not None and state.phase != "discard":
            # N8: the window closed, every owing seat is down to its size
            for s, size in self.required.items():
                assert sum(state.hands[s]) == size, (s, size, state.hands[s])
            self.required = None
        assert state.hands == hands, (action, kinds, state.hands, hands)
        assert state.cards == self.cards
        assert state.fresh == self.fresh
        assert state.xp_cards == self.xp_cards

    def check_roll(self, before, state, events):
        roll = events[0].data
        red, white = roll["red"], roll["white"]
        total = red + white
        assert 1 <= red <= 6 and 1 <= white <= 6 and roll["sum"] == total
        assert state.dice == (red, white)
        gains = my_production(before, total) if total != 7 else [[0] * 5 for _ in range(state.n)]
        produced = {e.data["seat"]: e.data["gained"] for e in events if e.kind == "produce"}
        assert produced == {s: g for s, g in enumerate(gains) if any(g)}
        purge = False
        if red == 6:
            self.threat += 1
            if self.threat == 3:
                purge, self.threat = True, 0
        assert state.threat == self.threat
        owed = {}
        for s in range(state.n):
            size = sum(before.hands[s]) + sum(gains[s])
            limit = my_limit(before, s)
            if size > limit:
                if purge:
                    owed[s] = size - limit
                elif total == 7:
                    owed[s] = size // 2
        assert state.owed == owed
        kinds = [e.kind for e in events]
        assert ("purge" in kinds) == purge
        assert ("seven" in kinds) == (total == 7 and not purge and bool(owed))
        assert state.phase == ("discard" if owed else "main")
        if owed:
            self.required = {s: sum(before.hands[s]) + sum(gains[s]) - k for s, k in owed.items()}


# --- the checks ------------------------------------------------------------------------


def check_state(state, tracker):
    topo = state.topo
    n = state.n
    for s in range(n):
        assert all(h >= 0 for h in state.hands[s]) and all(c >= 0 for c in state.cards[s])
        assert all(0 <= f <= c for f, c in zip(state.fresh[s], state.cards[s]))
    # N10: buildings keep the spacing rule
    for v in state.owner:
        assert 0 <= v < topo.vertex_count
        assert state.level[v] in (1, 2) and state.forts[v] >= 0
        assert not any(x in state.owner for x in topo.vertex_neighbors[v]), v
    assert set(state.owner) == set(state.level) == set(state.forts)
    assert all(0 <= e < topo.edge_count and 0 <= who < n for e, who in state.links.items())
    # N13: supply (a demoted Super Node can leave one Node too many; the page is silent)
    for s in range(n):
        assert sum(1 for who in state.links.values() if who == s) <= SUPPLY["link"]
        assert sum(1 for v, who in state.owner.items() if who == s and state.level[v] == 2) <= SUPPLY["super"]
        nodes = sum(1 for v, who in state.owner.items() if who == s and state.level[v] == 1)
        assert nodes <= SUPPLY["node"] + tracker.demoted[s]
    # N19: only live tiles are infected
    assert all(state.board.terrain[t] != DEAD for t in state.infected)
    # N24: 45 cards, per kind
    counts = [0] * 6
    for k in state.deck + state.discard:
        counts[k] += 1
    for s in range(n):
        for k in range(6):
            counts[k] += state.cards[s][k]
    counts[2] += state.removed_xp
    assert tuple(counts) == DECK, counts
    # N20: every +1 XP card in the discard pile or out of the game was played
    assert sum(state.xp_cards) == state.discard.count(2) + state.removed_xp
    # N26-N28: runs, fortifications, holders
    runs = [my_run(state, s) for s in range(n)]
    assert state.lengths == runs, (state.lengths, runs)
    for holder, values, minimum in ((state.longest, runs, 5),
                                    (state.fortified, [my_forts(state, s) for s in range(n)], 3)):
        best = max(values)
        if best < minimum:
            assert holder is None
        else:
            assert holder is not None and values[holder] == best
    # N29: XP and the end
    scores = [my_xp(state, s) for s in range(n)]
    assert GAME.scores(state) == scores
    if state.phase == "over":
        assert GAME.winners(state) == [state.winner] and GAME.to_act(state) == {}
    else:
        assert max(scores) < state.options["target"]
        assert state.winner is None and GAME.winners(state) == []
    # whose move
    acting = GAME.to_act(state)
    if state.phase == "discard":
        assert acting == {s: "discard" for s in state.owed} and all(k > 0 for k in state.owed.values())
        for s in state.owed:
            assert state.owed[s] <= sum(state.hands[s])
    elif state.phase in ("roll", "main", "rebuild"):
        assert acting == {state.current: "turn"} and not state.owed
        if state.phase == "rebuild":
            assert state.current not in state.owner.values()
    elif state.phase.startswith("setup"):
        assert acting == {state.setup_order[state.setup_step]: "setup"}
    assert 0 <= state.threat < 3


def check_legal_actions(state, rng, full: bool):
    before = digest(state)
    legal = {}
    for seat in range(state.n):
        listed = GAME.legal_actions(state, seat)
        if seat not in GAME.to_act(state):
            assert listed == []
            continue
        assert listed, "a seat to act always has a legal action"
        assert len(set(listed)) == len(listed)
        for action in listed:
            text = GAME.format_action(action)
            assert GAME.parse_action(text) == action, text
            rules.check(state, action)  # listed means accepted
        legal[seat] = listed
    legal_set = {a for listed in legal.values() for a in listed}
    # N33: resigning is open to every seat still playing, acting or not, and never listed
    for seat in range(state.n):
        assert GAME.is_legal(state, Act(seat, "resign")) == (state.phase != "over" and seat not in state.out)
        assert Act(seat, "resign") not in legal_set
    # random, mostly illegal actions: refused iff not listed, state untouched
    assert_refused_iff_unlisted(GAME, rules.check, state, random_candidates(rng, state, 16), legal_set)
    assert digest(state) == before  # (once for all the refusals: the digest hashes the whole history)
    if full:
        for seat, listed in legal.items():
            accepted = accepted_by(rules.check, state, all_candidates(state, seat))
            listed_set = set(listed)
            assert accepted == {a for a in listed_set if a.verb != "linkbuild"}
            if any(a.verb == "linkbuild" for a in listed) or (
                    state.cards[seat][3] - state.fresh[seat][3] > 0 and not state.played_card):
                assert accepted_linkbuilds(state, seat) == {a for a in listed_set if a.verb == "linkbuild"}
            # every legal action applies to a copy
            for action in listed:
                GAME.apply(GAME.copy(state), action)
        assert digest(state) == before
    return legal


class _Snap:
    """The parts of the state a step is checked against."""

    def __init__(self, state):
        self.n = state.n
        self.hands = [list(h) for h in state.hands]
        self.cards = [list(c) for c in state.cards]
        self.fresh = [list(c) for c in state.fresh]
        self.played_card = state.played_card
        self.owner, self.level, self.forts = dict(state.owner), dict(state.level), dict(state.forts)
        self.links = dict(state.links)
        self.infected = set(state.infected)
        self.board, self.topo = state.board, state.topo


def check_step(before, state, action, events):
    """What the action did to the board is what its verb says (N10-N23)."""
    seat, verb, args = action.seat, action.verb, action.args
    if verb == "link":
        assert set(state.links) - set(before.links) == {args[0]} and state.links[args[0]] == seat
    elif verb == "linkbuild":
        assert set(state.links) - set(before.links) == set(args)
    else:
        assert state.links == before.links
    if verb == "node":
        v = args[0]
        assert set(state.owner) - set(before.owner) == {v}
        assert (state.owner[v], state.level[v], state.forts[v]) == (seat, 1, 0)
        if any(e.kind == "node" and e.data.get("rebuild") for e in events):  # N32: anywhere spaced, no link
            assert seat not in before.owner.values()
        elif state.phase != "setup-link":
            assert any(before.links.get(e) == seat for e in state.topo.vertex_edges[v])
    elif verb == "super":
        assert state.level[args[0]] == 2 and before.level[args[0]] == 1
        assert state.forts[args[0]] == before.forts[args[0]]
    elif verb == "fortify":
        assert state.forts[args[0]] == before.forts[args[0]] + 1
    elif verb == "hack":
        v = args[0]
        assert before.owner[v] != seat
        if before.forts[v]:
            assert state.forts[v] == before.forts[v] - 1 and state.level[v] == before.level[v]
        elif before.level[v] == 2:
            assert state.level[v] == 1 and state.owner[v] == before.owner[v]
        else:
            assert v not in state.owner
    if verb not in ("node", "hack"):
        assert set(state.owner) == set(before.owner)
    if verb == "virus":
        assert state.infected == before.infected | {args[0]} and args[0] not in before.infected
    elif verb == "clear":
        assert state.infected == before.infected - {args[0]}
        assert any(before.owner.get(v) == seat for v in state.topo.tile_vertices[args[0]])
    else:
        assert state.infected == before.infected


def play(seed, options, chooser_seed, max_actions=MAX_ACTIONS, full_every=FULL_EVERY, gifts=0):
    """A random game; ``gifts`` resources from the test's own hand go to
    each runner at the start of its turn (to both the state and the
    tracker), so that long-game events (reshuffles, Monopolies, demotions,
    purges of big hands) come sooner. Such a game has no replayable record."""
    state = GAME.new_game(options, seed)
    rng = Rng(chooser_seed)
    match = Match.around(GAME, state, RandomActor(rng))  # any acting seat, not the lowest first
    tracker = Tracker(state)
    texts = []
    check_state(state, tracker)
    for step, seat in enumerate(turns(match, max_actions)):
        legal = check_legal_actions(state, rng, full=step % full_every == 0)
        assert set(legal) == set(GAME.to_act(state))
        action = choose(rng, legal[seat], RICH_WEIGHTS if gifts else WEIGHTS)
        before = _Snap(state)
        turn, current, phase = state.turn, state.current, state.phase
        events = match.advance(action)  # Game.apply: the rules engine is under test
        texts.append(GAME.format_action(action))
        tracker.step(before, state, action, events)
        check_step(before, state, action, events)
        if gifts and action.verb == "end" and state.phase == "roll":
            # a draw's worth (fi sc me), then random ones
            for i in range(gifts):
                r = (FI, SC, ME)[i] if i < 3 else rng.below(5)
                state.hands[state.current][r] += 1
                tracker.hands[state.current][r] += 1
        check_state(state, tracker)
        if action.verb == "end" and state.phase != "over":
            assert state.turn == turn + 1 and state.current == (current + 1) % state.n
            # N32: a runner who begins its turn with no building places a free node first
            owns = state.current in state.owner.values()
            assert state.phase == ("roll" if owns or not rules.setup_node_spots(state) else "rebuild")
        elif phase == "setup-link" and state.phase == "roll":
            assert (turn, state.turn, state.current) == (0, 1, 0)  # the first turn starts
        else:
            assert state.turn == turn
        over = [e for e in events if e.kind == "game-over"]
        if over:
            assert state.phase == "over" and events[-1].kind == "game-over"
            target = state.options["target"]
            if rules.xp(state, seat) >= target:
                assert state.winner == seat  # N29: the acting runner first
            assert rules.xp(state, state.winner) >= target or state.turn >= rules.MAX_TURNS
    return state, texts


SEEDS = st.integers(0, 2**64 - 1)


@st.composite
def options(draw):
    radius = draw(st.integers(1, 3))
    players = draw(st.integers(2, 4 if radius == 1 else 6))
    return {"players": players, "radius": radius, "target": draw(st.integers(3, 12))}


@pytest.mark.soak
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, options=options(), chooser=SEEDS)
def test_random_games_keep_every_invariant(seed, options, chooser):
    state, texts = play(seed, options, chooser)
    # a record of the game replays to the identical state
    _, again = replay(Record("netcontrol", dict(state.options), seed, tuple(texts)))
    assert digest(again) == digest(state)


@pytest.mark.soak
@settings(max_examples=RICH_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, options=options(), chooser=SEEDS)
def test_rich_random_games_keep_every_invariant(seed, options, chooser):
    """The same checks in games where every turn starts with a gift of
    resources, so hands are big and the deck runs out."""
    options = dict(options, target=20)
    play(seed, options, chooser, max_actions=RICH_ACTIONS, gifts=4)


@pytest.mark.soak
@settings(max_examples=soak_size(10, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, chooser=SEEDS, players=st.integers(2, 4))
def test_games_to_the_end(seed, chooser, players):
    """Low target, played to the end with lighter checks."""
    options = {"players": players, "radius": 2, "target": 5}
    state, _ = play(seed, options, chooser, max_actions=6000, full_every=10_000)
    assert GAME.is_over(state)
    winner = state.winner
    assert GAME.winners(state) == [winner]
    scores = [my_xp(state, s) for s in range(state.n)]
    if scores[winner] < 5:
        # N30: the turn limit (random play can wreck every network)
        assert state.turn == rules.MAX_TURNS
        assert winner == scores.index(max(scores))
    assert state.history[-1] == [rules.xp(state, s) for s in range(state.n)]


def test_longest_run_matches_every_trail_on_grown_networks():
    """``rules.longest_run`` walks only from where a longest trail may start
    (a rival's building or an odd number of links; a circuit from anywhere):
    on networks grown link by link, with rival links and buildings on the
    way, it finds what walking every trail from every vertex finds."""
    rng = Rng(26)
    for case in range(150):
        state, _ = rules.new_state({"players": 3, "radius": 2, "target": 10, "rules": 2}, case)
        topo = state.topo
        reached = [rng.below(topo.vertex_count)]
        for _ in range(1 + rng.below(16)):
            e = rng.choice(topo.vertex_edges[rng.choice(reached)])
            state.links[e] = 0 if rng.below(10) else 1
            reached.extend(topo.edge_vertices[e])
        for _ in range(rng.below(5)):
            v = rng.choice(reached)
            state.owner[v], state.level[v], state.forts[v] = rng.below(3), 1, 0
        for seat in (0, 1):
            assert rules.longest_run(state, seat) == my_run(state, seat), (case, seat)
    # a ring round one tile: every vertex has two links, no trail end stands out
    state, _ = rules.new_state({"players": 3, "radius": 2, "target": 10, "rules": 2}, 1)
    ring = state.topo.tile_vertices[9]
    for a, b in zip(ring, ring[1:] + ring[:1]):
        state.links[state.topo.edge_between[(a, b)]] = 0
    assert rules.longest_run(state, 0) == my_run(state, 0) == 6
