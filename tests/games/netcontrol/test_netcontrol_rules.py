"""One or more tests per rule of docs/rules/netcontrol.md (N1..N31).

Each test names its rule and checks the exact behaviour the page states, so
that changing that behaviour in rules.py (a different cost, an off-by-one in
a count, a missing condition) makes it fail. Positions are built directly
with ``netcontrol_positions.position`` on the seeded island (radius 2, seed 0
unless said); ids are found by property (a path, a tile showing a number)
rather than written as bare numbers where the layout matters.

Costs, limits and counts are written out here from the page, not imported
from rules.py, so a changed constant fails a test.
"""

from __future__ import annotations

import pytest

from netarcade.core.game import TABLE

from support.netcontrol_positions import (
    BA, GAME, P1, P2, P3, P4, SC,
    act, conserved, dead_tile, dice_for, digest, edge, edges_of, event, exchange_vertex,
    far_vertices, find_path, kinds, neighbors, position, producing_tile, recount, res,
    resource_of, rig, texts, tree,
)
from netarcade.core.actors import LowestSeat
from netarcade.core.errors import IllegalAction, InvalidOption
from netarcade.core.match import Match
from netarcade.games.netcontrol import rules
from netarcade.games.netcontrol.actions import Act
from netarcade.games.netcontrol.board import DEAD, RESOURCES
from support.playing import turns

# the page's build costs, (co, ba, fi, sc, me)
COST = {
    "link": [1, 1, 0, 0, 0],
    "node": [1, 1, 1, 1, 0],
    "super": [0, 0, 2, 0, 3],
    "fortify": [1, 0, 2, 1, 0],
    "draw": [0, 0, 1, 1, 1],
    "clear": [1, 0, 1, 1, 0],
}
PLENTY = "9co 9ba 9fi 9sc 9me"


def illegal(state, text: str) -> str:
    """Apply ``text`` expecting IllegalAction (state untouched); return its code."""
    before = digest(state)
    with pytest.raises(IllegalAction) as info:
        act(state, text)
    assert digest(state) == before
    return info.value.code


def minus(hand, cost):
    return [h - c for h, c in zip(hand, cost)]


def costs_exactly(cost, make) -> None:
    """``make(hand) -> (state, action text)`` for P1 holding ``hand``. A hand
    one card short of ``cost`` in any kind it needs is refused as
    cannot-afford; exactly ``cost`` is accepted and leaves the hand empty."""
    for short in range(5):
        if cost[short]:
            hand = list(cost)
            hand[short] -= 1
            state, text = make(hand)
            assert illegal(state, text) == "cannot-afford", (hand, text)
    state, text = make(list(cost))
    act(state, text)
    assert state.hands[P1] == [0] * 5


def xp(state):
    return [rules.xp(state, s) for s in range(state.n)]


def roll(state, red, white, seat=None):
    """Rig the dice and roll them (the state must be in its roll phase)."""
    rig(state, red, white)
    seat = state.current if seat is None else seat
    return act(state, f"p{seat + 1} roll")


def setup(state, nodes, links=None):
    """Play the setup rounds: nodes in placement order, each followed by its
    link (the given one, else the first free edge at the node)."""
    placing = Match.around(GAME, state, LowestSeat())  # one seat places at a time
    for (i, v), seat in zip(enumerate(nodes), turns(placing)):
        assert seat == state.setup_order[state.setup_step]
        placing.advance(GAME.parse_action(f"p{seat + 1} node v{v}"))
        if links and links[i] is not None:
            e = links[i]
        else:
            e = next(e for e in state.topo.vertex_edges[v] if e not in state.links)
        placing.advance(GAME.parse_action(f"p{seat + 1} link e{e}"))


# ---------------------------------------------------------------------------
# Options (N1)
# ---------------------------------------------------------------------------


def test_n01_defaults():
    state = GAME.new_game({}, 5)
    assert state.options == {"players": 3, "radius": 2, "target": 10, "rules": 2}
    assert state.n == 3 and len(state.hands) == 3
    assert len(state.board.terrain) == 19
    assert GAME.view(state, 0)["options"] == {"players": 3, "radius": 2, "target": 10, "rules": 2}


@pytest.mark.parametrize("name,value", [
    ("players", 2), ("players", 6), ("radius", 1), ("radius", 4), ("target", 3), ("target", 20),
    ("players", "4"), ("target", "12"), ("rules", 1), ("rules", "2"),
])
def test_n01_options_in_range_are_accepted(name, value):
    state = GAME.new_game({name: value}, 1)
    assert state.options[name] == int(str(value).strip())
    if name == "players":
        assert state.n == int(value) and len(state.setup_order) == 2 * int(value)
    if name == "radius":
        assert state.board.radius == value
        assert len(state.board.terrain) == 3 * value * (value + 1) + 1


@pytest.mark.parametrize("name,value", [
    ("players", 1), ("players", 7), ("players", 0), ("radius", 0), ("radius", 5),
    ("target", 2), ("target", 21), ("players", "two"), ("radius", True), ("target", 3.5),
    ("target", None), ("bots", 1), ("Players", 3), ("target", " 12 "), ("target", "+12"), ("rules", 3),
    ("rules", 0),
])
def test_n01_invalid_options_raise_invalid_option_naming_it(name, value):
    with pytest.raises(InvalidOption) as info:
        GAME.new_game({name: value}, 1)
    assert info.value.name == name
    assert repr(name) in str(info.value)


@pytest.mark.parametrize("seed", [-1, 2**64, "x", None, 1.5, True])
def test_n01_seed_is_a_64_bit_integer(seed):
    with pytest.raises(InvalidOption) as info:
        GAME.new_game({}, seed)
    assert info.value.name == "seed"


def test_n01_seed_range_ends_are_accepted():
    for seed in (0, 2**64 - 1, "42"):
        GAME.new_game({}, seed)


# ---------------------------------------------------------------------------
# Setup (N2-N3)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_n02_snake_order_node_then_link(players):
    state = GAME.new_game({"players": players, "radius": 3}, players)
    order = []
    # a loop of its own: who acts (one seat, the snake order) is what this test checks
    while state.phase.startswith("setup"):
        assert state.phase == "setup-node"
        (seat,) = GAME.to_act(state)
        order.append(seat)
        actions = GAME.legal_actions(state, seat)
        assert {a.verb for a in actions} == {"node"}
        for other in range(players):
            if other != seat:
                assert GAME.legal_actions(state, other) == []
        GAME.apply(state, actions[len(actions) // 2])
        assert state.phase == "setup-link" and GAME.to_act(state) == {seat: "setup"}
        links = GAME.legal_actions(state, seat)
        assert {a.verb for a in links} == {"link"}
        GAME.apply(state, links[0])
    assert order == list(range(players)) + list(reversed(range(players)))
    assert order[players - 1] == order[players] == players - 1  # the last places twice in a row
    assert state.phase == "roll" and state.current == 0 and state.turn == 1
    assert set(GAME.to_act(state)) == {0}
    for seat in range(players):
        mine = [v for v, who in state.owner.items() if who == seat]
        assert len(mine) == 2 and all(state.level[v] == 1 for v in mine)
        assert sum(1 for who in state.links.values() if who == seat) == 2


# 5 runners on the radius-1 island (24 vertices): after these eight placements
# no vertex is spaced any more, and P2 is to place its second node.
CROWDED = ("p1 node v7", "p1 link e12", "p2 node v18", "p2 link e22", "p3 node v19", "p3 link e23",
           "p4 node v12", "p4 link e13", "p5 node v9", "p5 link e9", "p5 node v20", "p5 link e27",
           "p4 node v2", "p4 link e4", "p3 node v3", "p3 link e5")


def test_n02_every_setup_seat_has_a_placement():
    try:
        state = GAME.new_game({"players": 5, "radius": 1}, 0)
    except InvalidOption:
        return  # refusing the combination is a fix too
    for text in CROWDED:
        act(state, text)
        for seat in GAME.to_act(state):
            assert GAME.legal_actions(state, seat), (text, state.phase, seat)


def test_n02_setup_nodes_follow_the_spacing_rule():
    state = GAME.new_game({"players": 2}, 0)
    v = 23
    act(state, f"p1 node v{v}")
    act(state, f"p1 link e{state.topo.vertex_edges[v][0]}")
    spots = {a.args[0] for a in GAME.legal_actions(state, P2)}
    assert v not in spots and not spots & set(neighbors(state, v))
    assert illegal(state, f"p2 node v{v}") == "spacing"
    for n in neighbors(state, v):
        assert illegal(state, f"p2 node v{n}") == "spacing"
    two_away = next(x for n in neighbors(state, v) for x in neighbors(state, n)
                    if x != v and x not in neighbors(state, v))
    assert two_away in spots
    act(state, f"p2 node v{two_away}")


def test_n02_setup_link_must_start_at_the_new_node():
    state = GAME.new_game({"players": 2}, 0)
    act(state, "p1 node v23")
    own = state.topo.vertex_edges[23]
    assert {a.args[0] for a in GAME.legal_actions(state, P1)} == set(own)
    far = next(e for e in range(state.topo.edge_count) if 23 not in state.topo.edge_vertices[e])
    assert illegal(state, f"p1 link e{far}") == "not-connected"
    assert illegal(state, "p1 node v40") == "wrong-phase"
    assert illegal(state, "p1 end") == "wrong-phase"
    act(state, f"p1 link e{own[0]}")
    assert state.links == {own[0]: P1}


def test_n02_setup_is_free_and_first_round_gives_nothing():
    state = GAME.new_game({"players": 3}, 2)
    setup = Match.around(GAME, state, LowestSeat())  # one seat places at a time
    for seat in turns(setup, 6):  # the first round: a node and a link each
        assert seat == state.setup_order[state.setup_step]
        setup.advance(GAME.legal_actions(state, seat)[0])
        assert state.hands == [[0] * 5] * 3
        assert state.cards == [[0] * 6] * 3


def test_n03_second_round_node_gives_one_per_producing_tile():
    state = GAME.new_game({"players": 2}, 0)
    topo, terrain = state.topo, state.board.terrain
    d = dead_tile(state)
    # second-round vertices: one touching the dead zone and two producing
    # tiles (P2 places first in round two), one touching three producing tiles
    at_dead = next(v for v in topo.tile_vertices[d] if len(topo.vertex_tiles[v]) == 3)
    rich = next(v for v in range(topo.vertex_count)
                if len(topo.vertex_tiles[v]) == 3 and DEAD not in [terrain[t] for t in topo.vertex_tiles[v]]
                and len({terrain[t] for t in topo.vertex_tiles[v]}) < 3
                and v not in neighbors(state, at_dead) and v != at_dead)
    first = far_vertices(state, [at_dead, rich], 2)
    setup(state, first)
    assert state.hands == [[0] * 5, [0] * 5]
    events = act(state, f"p2 node v{at_dead}")
    expected = [0] * 5
    for t in topo.vertex_tiles[at_dead]:
        if terrain[t] != DEAD:
            expected[RESOURCES.index(terrain[t])] += 1
    assert sum(expected) == 2  # the dead zone gives nothing
    assert event(events, "starting-resources") == {"seat": P2, "gained": expected}
    assert state.hands[P2] == expected
    act(state, f"p2 link e{topo.vertex_edges[at_dead][0]}")
    events = act(state, f"p1 node v{rich}")
    expected = [0] * 5
    for t in topo.vertex_tiles[rich]:
        expected[RESOURCES.index(terrain[t])] += 1
    assert sum(expected) == 3 and max(expected) == 2  # two tiles of one resource give 2
    assert state.hands[P1] == expected
    act(state, f"p1 link e{topo.vertex_edges[rich][0]}")
    assert state.phase == "roll"
    assert state.cards == [[0] * 6, [0] * 6] and state.fresh == [[0] * 6, [0] * 6]


# ---------------------------------------------------------------------------
# The turn (N4-N9)
# ---------------------------------------------------------------------------


def _old_cards_position(**kw):
    path = find_path(position(), 23, 3)
    kw.setdefault("buildings", {path[0]: P1, path[3]: P2})
    kw.setdefault("links", {edge(position(), path[0], path[1]): P1})
    kw.setdefault("hands", {P1: PLENTY, P2: PLENTY})
    kw.setdefault("cards_held", {P1: "hack virus xp resource monopoly linkbuild"})
    return position(**kw), path


def test_n04_roll_comes_first():
    state, path = _old_cards_position(phase="roll")
    assert GAME.legal_actions(state, P1) == [rules.Act(P1, "roll")]
    for text in ("p1 end", "p1 xp", f"p1 hack v{path[3]}", "p1 resource co co", "p1 trade co ba",
                 "p1 draw", f"p1 link e{edge(state, path[1], path[2])}", "p1 discard co"):
        assert illegal(state, text) == "wrong-phase", text
    roll(state, 2, 3)
    assert state.phase == "main"
    assert illegal(state, "p1 roll") == "wrong-phase"


def test_n04_build_trade_and_a_card_in_any_order_then_end():
    state, path = _old_cards_position(phase="roll")
    roll(state, 1, 2)
    act(state, "p1 trade co ba")
    act(state, f"p1 link e{edge(state, path[1], path[2])}")
    act(state, "p1 xp")
    act(state, "p1 draw")
    act(state, "p1 trade sc me")
    act(state, "p1 draw")  # as often as affordable
    assert state.phase == "main" and state.current == P1
    assert illegal(state, "p1 resource co co") == "card-played"
    act(state, "p1 end")
    assert state.current == P2 and state.phase == "roll" and state.turn == 2
    assert set(GAME.to_act(state)) == {P2}


def test_n05_dice_are_red_and_white_from_the_prng():
    # rules edition 1: these runners own no building, and N32 would have them place one first
    state = position(phase="roll", rules=1)
    for red, white in ((6, 1), (1, 6), (3, 3), (2, 5)):
        s = rig(state.copy(), red, white)
        events = act(s, "p1 roll")
        assert event(events, "roll") == {"seat": P1, "red": red, "white": white, "sum": red + white}
        assert s.dice == (red, white)
        assert GAME.view(s, P2)["dice"] == [red, white]
    # the same state and PRNG roll the same dice; the roll advances the PRNG
    a, b = state.copy(), state.copy()
    assert act(a, "p1 roll")[0].data == act(b, "p1 roll")[0].data
    assert a.rng.state != state.rng.state
    # over many turns every face shows on both dice
    s = state.copy()
    faces = []
    turns_of = Match.around(GAME, s, LowestSeat())  # a 7's discards: the lowest seat that owes first
    for seat in turns(turns_of):
        if s.phase == "roll":
            if len(faces) == 200:
                break
            ev = turns_of.advance(Act(seat, "roll"))
            faces.append((ev[0].data["red"], ev[0].data["white"]))
        elif s.phase == "discard":
            turns_of.advance(GAME.legal_actions(s, seat)[0])
        else:
            turns_of.advance(Act(seat, "end"))
    assert {r for r, _ in faces} == set(range(1, 7)) == {w for _, w in faces}


def _tile_corners(state, t):
    """Three pairwise-spaced corners of tile t."""
    tv = state.topo.tile_vertices[t]
    return tv[0], tv[2], tv[4]


def test_n05_node_yields_1_and_super_node_2_for_everyone():
    state = position(players=3, phase="roll")
    t = producing_tile(state, exclude_sum=(12,))
    n, r = state.board.numbers[t], resource_of(state, t)
    a, b, c = _tile_corners(state, t)
    state = position(players=3, phase="roll", buildings={a: P1, b: (P2, 2), c: (P3, 2, 3)},
                     hands={P1: "co", P2: "me"})
    events = roll(state, *dice_for(n))
    gained = {e.data["seat"]: e.data["gained"] for e in events if e.kind == "produce"}
    one, two = [0] * 5, [0] * 5
    one[r], two[r] = 1, 2
    assert gained == {P1: one, P2: two, P3: two}
    assert state.hands[P1] == [a + b for a, b in zip(res("co"), one)]
    assert state.hands[P2] == [a + b for a, b in zip(res("me"), two)]
    assert state.hands[P3] == two


def test_n05_other_numbers_produce_nothing():
    state = position(phase="roll")
    t = producing_tile(state)
    a, b, _ = _tile_corners(state, t)
    state = position(phase="roll", buildings={a: P1, b: (P2, 2)})
    at = {state.board.numbers[x] for v in (a, b) for x in state.topo.vertex_tiles[v]}
    for total in range(2, 13):
        if total in at or total == 7:
            continue
        s = state.copy()
        events = roll(s, *dice_for(total))
        assert "produce" not in kinds(events)
        assert s.hands == [[0] * 5, [0] * 5]


def test_n05_infected_tile_produces_nothing_for_anybody():
    state = position(phase="roll")
    t = producing_tile(state, exclude_sum=(12,))
    a, b, _ = _tile_corners(state, t)
    state = position(phase="roll", buildings={a: P1, b: (P2, 2)}, infected={t})
    events = roll(state, *dice_for(state.board.numbers[t]))
    assert "produce" not in kinds(events)
    assert state.hands == [[0] * 5, [0] * 5]


def test_n05_dead_zones_carry_no_number_and_never_produce():
    state = position(phase="roll")
    d = dead_tile(state)
    assert state.board.numbers[d] == 0
    assert all(d not in state.board.number_tiles[n] for n in range(2, 13))
    corners = _tile_corners(state, d)
    state = position(phase="roll", buildings={corners[0]: (P1, 2), corners[1]: (P2, 2)})
    for total in range(2, 13):
        if total == 7:
            continue
        s = state.copy()
        roll(s, *dice_for(total))
        for seat, v in ((P1, corners[0]), (P2, corners[1])):
            expected = [0] * 5
            for x in s.topo.vertex_tiles[v]:
                if x != d and s.board.numbers[x] == total:
                    expected[resource_of(s, x)] += 2
            assert s.hands[seat] == expected, (total, seat)


def test_n05_the_bank_never_runs_dry():
    state = position(phase="roll")
    t = producing_tile(state, exclude_sum=(12,))
    r = resource_of(state, t)
    corners = _tile_corners(state, t)
    big = [500] * 5
    state = position(players=3, phase="roll", buildings={corners[0]: (P1, 2), corners[1]: (P2, 2), corners[2]: (P3, 2)},
                     hands={P1: big, P2: big, P3: big}, fortified=None)
    roll(state, *dice_for(state.board.numbers[t]))
    for seat in (P1, P2, P3):
        assert state.hands[seat][r] == 502


def test_n06_seven_produces_nothing_and_halves_hands_over_the_limit():
    state = position(players=4, phase="roll")
    # buildings on the tiles of every number: a 7 still produces nothing
    verts = far_vertices(state, [], 4, start=20)
    state = position(players=4, phase="roll", buildings={v: (i % 4, 2) for i, v in enumerate(verts)},
                     hands={P1: "8co", P2: "7ba", P3: "3co 3fi 3me", P4: "5sc 6me"},
                     cards_held={P2: "hack virus"})
    events = roll(state, 3, 4)
    assert "produce" not in kinds(events)
    assert event(events, "seven") == {"owed": {"0": 4, "2": 4, "3": 5}}
    assert state.owed == {P1: 4, P3: 4, P4: 5}
    assert state.phase == "discard" and GAME.to_act(state) == {P1: "discard", P3: "discard", P4: "discard"}
    assert state.threat == 0


def test_n06_special_cards_do_not_count_for_the_limit():
    state = position(phase="roll", hands={P1: "7co"}, cards_held={P1: "3hack 2virus"})
    events = roll(state, 2, 5)
    assert "seven" not in kinds(events)
    assert state.phase == "main" and state.owed == {} and state.hands[P1] == res("7co")


def test_n06_nobody_over_the_limit_nothing_happens():
    state = position(phase="roll", hands={P1: "7co", P2: "2me"})
    events = roll(state, 4, 3)
    assert kinds(events) == ["roll"]
    assert state.phase == "main" and set(GAME.to_act(state)) == {P1}


def test_n07_red_six_advances_the_threat_a_white_six_does_not():
    state = position(phase="roll")
    s = state.copy()
    events = roll(s, 6, 2)
    assert event(events, "threat") == {"level": 1} and s.threat == 1
    s = state.copy()
    events = roll(s, 2, 6)
    assert "threat" not in kinds(events) and s.threat == 0
    s = state.copy()
    s.threat = 1
    roll(s, 6, 6)
    assert s.threat == 2


def test_n07_third_red_six_purges_down_to_the_limit_and_resets():
    sup = far_vertices(position(), [], 1, start=0)[0]
    # rules edition 1: P1-P3 own no building (N32 would have them place one first)
    state = position(players=4, phase="roll", threat=2, buildings={sup: (P4, 2, 1)},
                     hands={P1: "12co", P2: "8ba", P3: "7fi", P4: "10me"}, fortified=None, rules=1)
    events = roll(state, 6, 3)
    assert event(events, "threat") == {"level": 3}
    assert event(events, "purge") == {"owed": {"0": 5, "1": 1, "3": 1}}  # P4's limit is 9
    assert "seven" not in kinds(events)
    assert state.threat == 0
    assert state.owed == {P1: 5, P2: 1, P4: 1}
    # the next red 6 starts again from 1
    for seat, k in ((P1, 5), (P2, 1), (P4, 1)):
        for _ in range(k):
            act(state, f"p{seat + 1} discard {['co', 'ba', 'fi', 'sc', 'me'][state.hands[seat].index(max(state.hands[seat]))]}")
    assert state.phase == "main"
    act(state, "p1 end")
    roll(state, 6, 4)
    assert state.threat == 1


def test_n07_production_comes_before_the_purge():
    state = position(phase="roll")
    t = next(t for t in range(len(state.board.terrain))
             if state.board.terrain[t] != DEAD and 8 <= state.board.numbers[t] <= 12)
    n, r = state.board.numbers[t], resource_of(state, t)
    a = _tile_corners(state, t)[0]
    state = position(phase="roll", threat=2, buildings={a: (P1, 2)}, hands={P1: "7sc" if r != SC else "7co"})
    events = roll(state, 6, n - 6)
    assert kinds(events).index("produce") < kinds(events).index("purge")
    gained = sum(g for e in events if e.kind == "produce" for g in e.data["gained"])
    assert gained >= 2
    assert state.owed == {P1: gained}  # back down to 7 after producing


def test_n07_purge_replaces_the_seven():
    state = position(players=3, phase="roll", threat=2, hands={P1: "10co", P2: "8ba", P3: "15me"})
    events = roll(state, 6, 1)
    assert "seven" not in kinds(events) and "produce" not in kinds(events)
    assert event(events, "purge") == {"owed": {"0": 3, "1": 1, "2": 8}}  # not 5, 4, 7
    assert state.threat == 0


def test_n07_red_six_white_one_without_a_purge_is_a_seven():
    state = position(players=2, phase="roll", threat=0, hands={P1: "10co", P2: "8ba"})
    events = roll(state, 6, 1)
    assert event(events, "seven") == {"owed": {"0": 5, "1": 4}}
    assert "purge" not in kinds(events)
    assert state.threat == 1


def test_n07_a_purge_with_nobody_over_still_resets():
    state = position(phase="roll", threat=2, hands={P1: "7co"})
    events = roll(state, 6, 2)
    assert event(events, "purge") == {"owed": {}}
    assert state.threat == 0 and state.phase == "main"


def test_n08_owing_seats_discard_one_card_at_a_time_in_any_order():
    state = position(players=3, phase="roll", hands={P1: "5co 4ba", P2: "3fi", P3: "9me 1sc"})
    roll(state, 5, 2)
    assert state.owed == {P1: 4, P3: 5}
    assert set(GAME.to_act(state)) == {P1, P3}
    assert {GAME.format_action(a) for a in GAME.legal_actions(state, P1)} == {"p1 discard co", "p1 discard ba"}
    assert GAME.legal_actions(state, P2) == []
    assert illegal(state, "p2 discard fi") == "not-your-turn"
    assert illegal(state, "p1 end") == "wrong-phase"
    assert illegal(state, "p3 discard fi") == "no-resource"
    events = act(state, "p3 discard sc")  # P3 first, though P1 rolled
    assert kinds(events) == ["discard"] and events[0].data == {"seat": P3, "resource": "sc"}
    assert state.hands[P3] == res("9me") and state.owed == {P1: 4, P3: 4}
    act(state, "p1 discard ba")
    act(state, "p3 discard me")
    act(state, "p1 discard co")
    act(state, "p1 discard co")
    act(state, "p1 discard ba")
    assert state.owed == {P3: 3} and set(GAME.to_act(state)) == {P3}
    assert illegal(state, "p1 discard co") == "not-your-turn"
    act(state, "p3 discard me")
    act(state, "p3 discard me")
    assert state.phase == "discard"
    act(state, "p3 discard me")
    assert state.phase == "main" and set(GAME.to_act(state)) == {P1} and state.current == P1
    assert state.hands == [res("3co 2ba"), res("3fi"), res("5me")]


def test_n09_hand_limit_is_7_plus_2_per_fortified_super_node():
    vs = far_vertices(position(), [], 5)
    state = position(buildings={vs[0]: (P1, 1, 3), vs[1]: (P1, 2, 0), vs[2]: (P1, 2, 1),
                                vs[3]: (P1, 2, 2), vs[4]: (P2, 2, 0)})
    assert rules.hand_limit(state, P1) == 11
    assert rules.hand_limit(state, P2) == 7
    assert GAME.view(state, P2)["players"][P1]["hand_limit"] == 11


def test_n09_the_higher_limit_counts_for_sevens_and_purges():
    v = far_vertices(position(), [], 1)[0]
    state = position(phase="roll", buildings={v: (P1, 2, 1)}, hands={P1: "9co", P2: "9co"})
    events = roll(state.copy(), 2, 5)
    assert event(events, "seven") == {"owed": {"1": 4}}
    s = state.copy()
    s.hands[P1] = res("10co")
    events = roll(s, 2, 5)
    assert event(events, "seven") == {"owed": {"0": 5, "1": 4}}
    s = state.copy()
    s.hands[P1], s.threat = res("12co"), 2
    assert event(roll(s, 6, 1), "purge") == {"owed": {"0": 3, "1": 2}}


def test_n09_the_limit_is_only_enforced_by_sevens_and_purges():
    state = position(phase="roll")
    t = producing_tile(state, exclude_sum=(12,))
    a = _tile_corners(state, t)[0]
    # rules edition 1: P2 owns no building (N32 would have it place one first)
    state = position(phase="roll", buildings={a: (P1, 2)}, hands={P1: "20co", P2: "15me"}, rules=1)
    roll(state, *dice_for(state.board.numbers[t]))
    assert state.phase == "main" and state.owed == {}
    assert sum(state.hands[P1]) >= 22
    act(state, "p1 end")
    assert state.phase == "roll"


# ---------------------------------------------------------------------------
# Building (N10-N16)
# ---------------------------------------------------------------------------


def _line(length=4, start=23, **kw):
    """P1: a node at path[0] and links along path[0..length]."""
    base = position()
    path = find_path(base, start, length)
    kw.setdefault("hands", {P1: PLENTY})
    buildings = {path[0]: P1, **kw.pop("buildings", {})}
    links = {e: P1 for e in edges_of(base, path)}
    links.update(kw.pop("links", {}))
    return position(buildings=buildings, links=links, **kw), path


def test_n10_a_node_needs_an_empty_spaced_vertex():
    state, path = _line(4)
    # path[1] touches P1's node; path[2] is two away and free
    assert illegal(state, f"p1 node v{path[1]}") == "spacing"
    assert illegal(state, f"p1 node v{path[0]}") == "spacing"
    nodes = {a.args[0] for a in GAME.legal_actions(state, P1) if a.verb == "node"}
    assert path[1] not in nodes and path[2] in nodes
    # a rival building next to path[3] blocks it too
    rival = next(x for x in neighbors(state, path[4]) if x != path[3])
    state.owner[rival], state.level[rival], state.forts[rival] = P2, 1, 0
    assert illegal(state, f"p1 node v{path[4]}") == "spacing"
    assert path[3] in rules.node_spots(state, P1) and path[4] not in rules.node_spots(state, P1)
    act(state, f"p1 node v{path[2]}")
    assert state.owner[path[2]] == P1


def test_n11_links_touch_your_network():
    state, path = _line(2)
    spots = set(rules.link_spots(state, P1))
    expected = set()
    for v in path:
        expected.update(e for e in state.topo.vertex_edges[v] if e not in state.links)
    assert spots == expected
    texts_ = texts(state, P1)
    for e in expected:
        assert f"p1 link e{e}" in texts_
    far = next(e for e in range(state.topo.edge_count)
               if not set(state.topo.edge_vertices[e]) & set(path))
    assert illegal(state, f"p1 link e{far}") == "not-connected"
    assert illegal(state, f"p1 link e{edge(state, path[0], path[1])}") == "occupied"


def test_n11_a_link_from_a_lone_building():
    state, path = _line(0)
    e = state.topo.vertex_edges[path[0]][0]
    act(state, f"p1 link e{e}")
    assert state.links[e] == P1


def test_n11_a_rival_building_cuts_through_your_network():
    state, path = _line(3, buildings={})
    # P2's node at path[2] (spaced: path[0] is two away)
    state.owner[path[2]], state.level[path[2]], state.forts[path[2]] = P2, 1, 0
    beyond = [e for e in state.topo.vertex_edges[path[2]] if e not in state.links]
    for e in beyond:
        assert illegal(state, f"p1 link e{e}") == "not-connected"
        assert e not in rules.link_spots(state, P1)
    # path[3] is the end of P1's link path[2]-path[3]: no rival there, so it still counts
    after = [e for e in state.topo.vertex_edges[path[3]] if e not in state.links]
    assert after and set(after) <= set(rules.link_spots(state, P1))
    # the other side is untouched
    act(state, f"p1 link e{next(e for e in state.topo.vertex_edges[path[1]] if e not in state.links)}")


def test_n11_link_cost_is_exactly_1co_1ba():
    state, path = _line(1)
    before = list(state.hands[P1])
    events = act(state, f"p1 link e{next(e for e in state.topo.vertex_edges[path[1]] if e not in state.links)}")
    assert state.hands[P1] == minus(before, COST["link"])
    assert kinds(events)[0] == "link"

    def link(hand):
        s, _ = _line(1, hands={P1: hand})
        return s, f"p1 link e{next(e for e in s.topo.vertex_edges[path[1]] if e not in s.links)}"

    costs_exactly(COST["link"], link)


def test_n12_a_node_at_the_end_of_your_link():
    state, path = _line(2)
    before = list(state.hands[P1])
    events = act(state, f"p1 node v{path[2]}")
    assert state.owner[path[2]] == P1 and state.level[path[2]] == 1 and state.forts[path[2]] == 0
    assert state.hands[P1] == minus(before, COST["node"])
    assert event(events, "node") == {"seat": P1, "vertex": path[2]}
    assert rules.xp(state, P1) == 2


def test_n12_node_cost_is_exactly_1co_1ba_1fi_1sc():
    def node(hand):
        state, path = _line(2, hands={P1: hand})
        return state, f"p1 node v{path[2]}"

    costs_exactly(COST["node"], node)


def test_n12_a_node_needs_your_own_link():
    state, path = _line(2)
    # a spaced vertex not reached by P1's links
    lone = far_vertices(state, path, 1)[0]
    assert illegal(state, f"p1 node v{lone}") == "not-connected"
    # a rival's link reaching it does not help
    state.links[state.topo.vertex_edges[lone][0]] = P2
    assert illegal(state, f"p1 node v{lone}") == "not-connected"
    assert lone in rules.node_spots(state, P2) and lone not in rules.node_spots(state, P1)


def test_n13_fifteen_links():
    base = position()
    start = 23
    grown = tree(base, start, 15)
    state = position(buildings={start: P1}, links={e: P1 for e in grown[:14]}, hands={P1: PLENTY})
    assert rules.pieces_left(state, P1, "link") == 1
    e = grown[14]
    assert f"p1 link e{e}" in texts(state, P1)
    act(state, f"p1 link e{e}")
    assert rules.pieces_left(state, P1, "link") == 0
    free = next(x for x in rules.link_spots(state, P1))
    assert illegal(state, f"p1 link e{free}") == "no-pieces"
    assert not any(a.verb == "link" for a in GAME.legal_actions(state, P1))


def test_n13_five_nodes_and_the_supply_comes_back():
    base = position()
    path = find_path(base, 23, 2)
    others = far_vertices(base, path, 4)
    buildings = {v: P1 for v in [path[0], *others]}
    state = position(players=3, buildings=buildings, links={e: P1 for e in edges_of(base, path)},
                     hands={P1: PLENTY}, cards_held={P2: "hack"})
    assert rules.pieces_left(state, P1, "node") == 0
    assert illegal(state, f"p1 node v{path[2]}") == "no-pieces"
    assert not any(a.verb == "node" for a in GAME.legal_actions(state, P1))
    # upgrading returns the node to the supply
    s = state.copy()
    act(s, f"p1 super v{others[0]}")
    assert rules.pieces_left(s, P1, "node") == 1 and rules.pieces_left(s, P1, "super") == 3
    act(s, f"p1 node v{path[2]}")
    # a destroyed node returns too
    s = state.copy()
    s.current = P2
    act(s, f"p2 hack v{others[1]}")
    assert others[1] not in s.owner
    assert rules.pieces_left(s, P1, "node") == 1
    s.current = P1
    s.played_card = False
    act(s, f"p1 node v{path[2]}")


def test_n13_a_demoted_super_node_can_leave_the_node_supply_below_zero():
    base = position()
    path = find_path(base, 23, 2)
    others = far_vertices(base, path, 5)
    # five Nodes and a Super Node at its base level; P2 holds a Hack
    buildings = {**{v: P1 for v in [path[0], *others[:4]]}, others[4]: (P1, 2)}
    state = position(players=3, buildings=buildings, links={e: P1 for e in edges_of(base, path)},
                     hands={P1: PLENTY}, cards_held={P2: "hack"}, current=P2)
    act(state, f"p2 hack v{others[4]}")
    assert state.level[others[4]] == 1  # a Node, with no Node left in the supply
    assert rules.pieces_left(state, P1, "node") == -1
    state.current, state.played_card = P1, False
    assert not any(a.verb == "node" for a in GAME.legal_actions(state, P1))
    assert illegal(state, f"p1 node v{path[2]}") == "no-pieces"


def test_n13_four_super_nodes():
    vs = far_vertices(position(), [], 5)
    state = position(buildings={**{v: (P1, 2) for v in vs[:3]}, vs[3]: P1, vs[4]: P1},
                     hands={P1: PLENTY})
    assert rules.pieces_left(state, P1, "super") == 1
    act(state, f"p1 super v{vs[3]}")
    assert rules.pieces_left(state, P1, "super") == 0
    assert illegal(state, f"p1 super v{vs[4]}") == "no-pieces"
    assert not any(a.verb == "super" for a in GAME.legal_actions(state, P1))


def test_n13_supply_numbers():
    state = position()
    assert [rules.pieces_left(state, P1, p) for p in ("link", "node", "super")] == [15, 5, 4]


def test_n14_super_node_cost_and_effect():
    v = far_vertices(position(), [], 1)[0]
    state = position(buildings={v: (P1, 1, 2)}, hands={P1: PLENTY})
    before = list(state.hands[P1])
    events = act(state, f"p1 super v{v}")
    assert event(events, "super") == {"seat": P1, "vertex": v}
    assert state.level[v] == 2 and state.hands[P1] == minus(before, COST["super"])
    assert rules.xp(state, P1) == 2  # replaces the node's 1
    assert state.forts[v] == 2 and rules.protection(state, v) == 11  # levels survive
    assert illegal(state, f"p1 super v{v}") == "already-super"
    costs_exactly(COST["super"], lambda hand: (position(buildings={v: P1}, hands={P1: hand}), f"p1 super v{v}"))


def test_n14_fortify_cost_pool_and_no_cap():
    v, w = far_vertices(position(), [], 2)
    state = position(buildings={v: P1, w: (P1, 2)}, hands={P1: [20, 0, 40, 20, 0]})
    assert rules.protection(state, v) == 7 and rules.protection(state, w) == 9
    before = list(state.hands[P1])
    events = act(state, f"p1 fortify v{v}")
    assert event(events, "fortify") == {"seat": P1, "vertex": v, "protection": 8}
    assert state.hands[P1] == minus(before, COST["fortify"])
    for k in range(2, 13):
        act(state, f"p1 fortify v{v}")
        assert state.forts[v] == k and rules.protection(state, v) == 7 + k
    act(state, f"p1 fortify v{w}")
    assert rules.protection(state, w) == 10
    view = GAME.view(state, P2)
    assert {b["vertex"]: b["protection"] for b in view["buildings"]} == {v: 19, w: 10}
    costs_exactly(COST["fortify"],
                  lambda hand: (position(buildings={v: P1}, hands={P1: hand}), f"p1 fortify v{v}"))


def test_n14_fortify_and_super_only_on_your_own_building():
    v, w = far_vertices(position(), [], 2)
    state = position(buildings={v: P1, w: P2}, hands={P1: PLENTY})
    assert illegal(state, f"p1 fortify v{w}") == "not-your-building"
    assert illegal(state, f"p1 super v{w}") == "not-your-building"
    empty = far_vertices(state, [v, w], 1)[0]
    assert illegal(state, f"p1 fortify v{empty}") == "not-your-building"


def _infected_position(**kw):
    state = position()
    t = producing_tile(state, exclude_sum=(12,))
    a = _tile_corners(state, t)[0]
    kw.setdefault("buildings", {a: P1})
    kw.setdefault("hands", {P1: PLENTY})
    return position(infected={t}, **kw), t, a


def test_n15_clear_virus_cost_and_effect():
    state, t, a = _infected_position()
    before = list(state.hands[P1])
    events = act(state, f"p1 clear t{t}")
    assert event(events, "clear") == {"seat": P1, "tile": t}
    assert t not in state.infected
    assert state.hands[P1] == minus(before, COST["clear"])
    # the tile produces again
    state.phase = "roll"
    produced = roll(state, *dice_for(state.board.numbers[t]))
    assert any(e.kind == "produce" and e.data["seat"] == P1 for e in produced)

    def clear(hand):
        s, t, _ = _infected_position(hands={P1: hand})
        return s, f"p1 clear t{t}"

    costs_exactly(COST["clear"], clear)


def test_n15_clear_virus_needs_your_building_on_the_tile():
    state, t, a = _infected_position()
    elsewhere = next(x for x in range(len(state.board.terrain))
                     if x != t and state.board.terrain[x] != DEAD and a not in state.topo.tile_vertices[x])
    state.infected.add(elsewhere)
    assert illegal(state, f"p1 clear t{elsewhere}") == "not-your-tile"
    clean = next(x for x in state.topo.vertex_tiles[a] if x not in state.infected) if len(state.topo.vertex_tiles[a]) > 1 else None
    if clean is not None:
        assert illegal(state, f"p1 clear t{clean}") == "not-infected"
    # a rival's building on the tile is not enough
    s, t, a = _infected_position(buildings={_tile_corners(position(), producing_tile(position(), exclude_sum=(12,)))[0]: P2})
    assert illegal(s, f"p1 clear t{t}") == "not-your-tile"
    assert {a.verb for a in GAME.legal_actions(s, P1)} & {"clear"} == set()


def test_n16_draw_card_cost_and_top_card():
    state = position(hands={P1: PLENTY})
    top = state.deck[-1]  # the top of the deck is the end of the list
    before = list(state.hands[P1])
    events = act(state, "p1 draw")
    assert state.hands[P1] == minus(before, COST["draw"])
    assert len(state.deck) == 44
    assert state.cards[P1][top] == 1 and state.fresh[P1][top] == 1
    assert kinds(events) == ["draw", "drew"]
    assert events[0].data == {"seat": P1} and events[0].visible_to is None
    assert events[1].data == {"seat": P1, "card": rules.CARDS[top]}
    assert events[1].visible_to == frozenset({P1})
    assert conserved(state)
    costs_exactly(COST["draw"], lambda hand: (position(hands={P1: hand}), "p1 draw"))


def test_n16_an_empty_deck_reshuffles_the_discard_pile_first():
    full = position().deck
    state = position(hands={P1: PLENTY}, deck=[], discard=list(full))
    events = act(state, "p1 draw")
    assert kinds(events) == ["reshuffle", "draw", "drew"]
    assert event(events, "reshuffle") == {"cards": 40, "xp_removed": 5}
    assert state.discard == [] and len(state.deck) == 39 and state.removed_xp == 5
    assert rules.XP not in state.deck and sum(state.cards[P1]) == 1 and state.cards[P1][rules.XP] == 0
    assert conserved(state)


def test_n16_nothing_to_draw():
    state = position(hands={P1: PLENTY}, deck=[], discard="xp xp")
    assert illegal(state, "p1 draw") == "deck-empty"
    assert "p1 draw" not in texts(state, P1)
    state = position(hands={P1: PLENTY}, deck=[], discard=[])
    assert illegal(state, "p1 draw") == "deck-empty"


# ---------------------------------------------------------------------------
# Special cards (N17-N24)
# ---------------------------------------------------------------------------


def test_n17_a_card_cannot_be_played_on_the_turn_it_was_drawn():
    state = position(hands={P1: PLENTY}, deck="hack virus xp")
    act(state, "p1 draw")  # xp, the top
    assert state.cards[P1] == [0, 0, 1, 0, 0, 0]
    assert illegal(state, "p1 xp") == "card-fresh"
    assert "p1 xp" not in texts(state, P1)
    act(state, "p1 end")
    state.phase = "main"  # (P2's roll skipped)
    assert "p1 xp" not in texts(state, P1) and "p2 xp" not in texts(state, P2)
    act(state, "p2 end")
    state.phase = "main"
    assert "p1 xp" in texts(state, P1)
    act(state, "p1 xp")
    assert state.xp_cards[P1] == 1


def test_n17_an_older_card_of_the_kind_just_drawn_may_be_played():
    state = position(hands={P1: PLENTY}, cards_held={P1: "xp"}, deck="hack xp")
    act(state, "p1 draw")
    assert state.cards[P1][rules.XP] == 2 and state.fresh[P1][rules.XP] == 1
    act(state, "p1 xp")
    assert state.cards[P1][rules.XP] == 1
    # the one left is the fresh one, and one card per turn anyway
    assert illegal(state, "p1 xp") == "card-played"
    state.played_card = False
    assert illegal(state, "p1 xp") == "card-fresh"


def test_n17_one_card_per_turn():
    state = position(hands={P1: PLENTY}, cards_held={P1: "xp resource monopoly"})
    act(state, "p1 xp")
    assert illegal(state, "p1 resource co co") == "card-played"
    assert illegal(state, "p1 monopoly fi") == "card-played"
    assert not any(a.verb in rules.CARDS for a in GAME.legal_actions(state, P1))
    act(state, "p1 end")
    state.phase = "main"
    act(state, "p2 end")
    state.phase = "main"
    act(state, "p1 resource co co")


def test_n17_no_card_no_play():
    state = position(hands={P1: PLENTY})
    for text in ("p1 xp", "p1 resource co co", "p1 monopoly fi", "p1 virus t0"):
        assert illegal(state, text) == "no-card"


def _hack_position(forts=0, level=1, **kw):
    vs = far_vertices(position(), [], 2)
    state = position(players=kw.pop("players", 2), buildings={vs[0]: P1, vs[1]: (P2, level, forts), **kw.pop("buildings", {})},
                     cards_held={P1: "hack"}, **kw)
    return state, vs[1]


def test_n18_hack_strips_one_level():
    state, v = _hack_position(forts=2, level=2)
    events = act(state, f"p1 hack v{v}")
    assert event(events, "hack") == {"seat": P1, "victim": P2, "vertex": v, "result": "stripped"}
    assert event(events, "play") == {"seat": P1, "card": "hack"}
    assert state.forts[v] == 1 and state.level[v] == 2 and rules.protection(state, v) == 10
    assert state.cards[P1][rules.HACK] == 0 and state.discard[-1] == rules.HACK


def test_n18_hack_at_base_demotes_a_super_node():
    state, v = _hack_position(forts=0, level=2)
    assert rules.xp(state, P2) == 2
    events = act(state, f"p1 hack v{v}")
    assert event(events, "hack")["result"] == "demoted"
    assert state.owner[v] == P2 and state.level[v] == 1 and rules.protection(state, v) == 7
    assert rules.xp(state, P2) == 1


def test_n18_hack_at_base_destroys_a_node_and_its_links_stay():
    base = position()
    path = find_path(base, 23, 2)
    far = far_vertices(base, path, 1)[0]
    state = position(buildings={far: P1, path[0]: P2}, links={e: P2 for e in edges_of(base, path)},
                     cards_held={P1: "hack"})
    events = act(state, f"p1 hack v{path[0]}")
    assert event(events, "hack")["result"] == "destroyed"
    assert path[0] not in state.owner and path[0] not in state.level and path[0] not in state.forts
    assert all(state.links[e] == P2 for e in edges_of(base, path))
    assert rules.xp(state, P2) == 0


def test_n18_hack_needs_an_enemy_building_but_no_adjacency():
    state, v = _hack_position()
    own = next(x for x, who in state.owner.items() if who == P1)
    assert illegal(state, f"p1 hack v{own}") == "not-enemy"
    empty = far_vertices(state, list(state.owner), 1)[0]
    assert illegal(state, f"p1 hack v{empty}") == "not-enemy"
    hacks = {a.args[0] for a in GAME.legal_actions(state, P1) if a.verb == "hack"}
    assert hacks == {v}  # the only enemy building, however far away
    assert not state.links  # no network anywhere near it


def test_n18_hack_the_last_level_of_a_guarded_super_node_lowers_the_limit():
    state, v = _hack_position(forts=1, level=2)
    assert rules.hand_limit(state, P2) == 9
    act(state, f"p1 hack v{v}")
    assert rules.hand_limit(state, P2) == 7


def test_n19_virus_infects_any_live_tile_including_your_own():
    state = position()
    t = producing_tile(state)
    a = _tile_corners(state, t)[0]
    state = position(buildings={a: P1}, cards_held={P1: "2virus"})
    events = act(state, f"p1 virus t{t}")
    assert event(events, "virus") == {"seat": P1, "tile": t}
    assert state.infected == {t}
    assert GAME.view(state, P2)["board"]["infected"] == [t]
    state.played_card = False
    assert illegal(state, f"p1 virus t{t}") == "already-infected"
    d = dead_tile(state)
    assert illegal(state, f"p1 virus t{d}") == "dead-zone"
    targets = {a.args[0] for a in GAME.legal_actions(state, P1) if a.verb == "virus"}
    assert targets == {x for x in range(19) if x != d and x != t}


def test_n20_plus_one_xp_is_kept():
    state = position(cards_held={P1: "2xp"})
    assert rules.xp(state, P1) == 0
    act(state, "p1 xp")
    assert state.xp_cards[P1] == 1 and rules.xp(state, P1) == 1
    assert state.discard == [rules.XP]
    assert GAME.view(state, P2)["players"][P1]["xp_cards"] == 1
    assert conserved(state)


def test_n20_xp_cards_leave_the_game_at_the_reshuffle():
    state = position(cards_held={P1: "xp", P2: "hack"}, hands={P2: PLENTY})
    act(state, "p1 xp")
    act(state, "p1 end")
    state.phase = "main"
    # P2 empties the deck into the discard pile, as if every other card was played
    state.discard.extend(state.deck)
    state.deck = []
    assert state.discard.count(rules.XP) == 5
    events = act(state, "p2 draw")
    assert event(events, "reshuffle") == {"cards": 39, "xp_removed": 5}
    assert state.removed_xp == 5 and rules.XP not in state.deck
    assert rules.xp(state, P1) == 1 and state.xp_cards[P1] == 1
    assert conserved(state)


def _linkbuild_position(**kw):
    base = position()
    path = find_path(base, 23, 4)
    links = {edge(base, path[0], path[1]): P1, **kw.pop("links", {})}
    kw.setdefault("hands", {P1: "co"})
    return position(buildings={path[0]: P1, **kw.pop("buildings", {})}, links=links,
                    cards_held={P1: "linkbuild"}, **kw), path


def test_n21_link_building_places_two_free_links_the_second_chaining():
    state, path = _linkbuild_position()
    e1, e2 = edge(state, path[1], path[2]), edge(state, path[2], path[3])
    assert e2 not in rules.link_spots(state, P1)  # only reachable through the first
    assert f"p1 linkbuild e{e1} e{e2}" in texts(state, P1)
    events = act(state, f"p1 linkbuild e{e1} e{e2}")
    assert event(events, "links") == {"seat": P1, "edges": [e1, e2]}
    assert state.links[e1] == state.links[e2] == P1
    assert state.hands[P1] == res("co")  # free
    assert state.cards[P1][rules.LINKBUILD] == 0


def test_n21_link_building_is_all_or_nothing():
    state, path = _linkbuild_position()
    e1 = edge(state, path[1], path[2])
    far = next(e for e in range(state.topo.edge_count)
               if not set(state.topo.edge_vertices[e]) & set(path) and e not in state.links)
    assert illegal(state, f"p1 linkbuild e{e1} e{far}") == "second-link"
    assert illegal(state, f"p1 linkbuild e{e1} e{e1}") == "second-link"
    taken = edge(state, path[0], path[1])
    assert illegal(state, f"p1 linkbuild e{e1} e{taken}") == "second-link"
    assert illegal(state, f"p1 linkbuild e{far} e{e1}") == "not-connected"
    assert state.cards[P1][rules.LINKBUILD] == 1 and e1 not in state.links


def test_n21_the_second_link_cannot_chain_through_a_rival_building():
    base = position()
    path = find_path(base, 23, 4)
    state, path = _linkbuild_position(buildings={path[2]: P2})
    e1, e2 = edge(state, path[1], path[2]), edge(state, path[2], path[3])
    assert illegal(state, f"p1 linkbuild e{e1} e{e2}") == "second-link"


def test_n21_link_building_needs_two_links_in_supply():
    base = position()
    start = 23
    grown = tree(base, start, 15)
    state = position(buildings={start: P1}, links={e: P1 for e in grown[:14]}, cards_held={P1: "linkbuild"})
    spots = rules.link_spots(state, P1)
    a = spots[0]
    trial = dict(state.links)
    trial[a] = P1
    b = rules.link_spots(state, P1, trial)[0]
    assert illegal(state, f"p1 linkbuild e{a} e{b}") == "no-pieces"
    assert not any(x.verb == "linkbuild" for x in GAME.legal_actions(state, P1))
    state.links.pop(grown[13])
    # with 13 links down, two are left: the card plays
    spots = rules.link_spots(state, P1)
    a = spots[0]
    trial = dict(state.links)
    trial[a] = P1
    b = rules.link_spots(state, P1, trial)[0]
    act(state, f"p1 linkbuild e{a} e{b}")
    assert rules.pieces_left(state, P1, "link") == 0


def test_n22_resource_takes_any_two():
    state = position(cards_held={P1: "2resource"}, hands={P1: "co"})
    events = act(state, "p1 resource me me")
    assert event(events, "resources") == {"seat": P1, "take": ["me", "me"]}
    assert state.hands[P1] == res("co 2me")
    state.played_card = False
    state.fresh[P1] = [0] * 6
    act(state, "p1 resource sc ba")
    assert state.hands[P1] == res("co ba sc 2me")
    options = {a.args for a in GAME.legal_actions(position(cards_held={P1: "resource"}), P1)
               if a.verb == "resource"}
    assert options == {(a, b) for a in range(5) for b in range(a, 5)}


def test_n23_monopoly_takes_up_to_two_from_every_other_runner():
    state = position(players=4, cards_held={P1: "monopoly"},
                     hands={P1: "fi", P2: "5fi co", P3: "fi me", P4: "3co"})
    events = act(state, "p1 monopoly fi")
    assert event(events, "monopoly") == {"seat": P1, "resource": "fi", "taken": {"1": 2, "2": 1}}
    assert state.hands == [res("4fi"), res("3fi co"), res("me"), res("3co")]


def test_n24_the_deck_is_45_cards_of_the_printed_kinds():
    state = GAME.new_game({}, 9)
    assert len(state.deck) == 45
    assert [state.deck.count(k) for k in range(6)] == [20, 14, 5, 2, 2, 2]
    assert rules.CARDS == ("hack", "virus", "xp", "linkbuild", "resource", "monopoly")
    # shuffled by the seed
    other = GAME.new_game({}, 10)
    assert state.deck != other.deck
    assert GAME.new_game({}, 9).deck == state.deck
    assert conserved(state)


def test_n24_the_count_holds_through_draws_plays_and_reshuffles():
    state = position(hands={P1: [50] * 5, P2: [50] * 5})
    reshuffles = 0
    # a loop of its own: between turns it edits the state (the roll skipped, the hands refilled)
    for turn in range(80):
        seat = state.current
        for action in GAME.legal_actions(state, seat):
            if action.verb in ("xp", "resource", "monopoly", "virus", "linkbuild"):
                GAME.apply(state, action)
                break
        for _ in range(2):
            if f"p{seat + 1} draw" in texts(state, seat):
                reshuffles += "reshuffle" in kinds(act(state, f"p{seat + 1} draw"))
            assert conserved(state)
        act(state, f"p{seat + 1} end")
        state.phase = "main"  # (the roll skipped)
        state.hands = [[50] * 5, [50] * 5]
        state.infected = set()
    assert reshuffles >= 2 and state.removed_xp == 5
    assert conserved(state)


# ---------------------------------------------------------------------------
# Trading (N25)
# ---------------------------------------------------------------------------


def test_n25_bank_trade_is_4_to_1():
    state = position(hands={P1: "4co 3ba"})
    events = act(state, "p1 trade co fi")
    assert event(events, "trade") == {"seat": P1, "give": "co", "rate": 4, "take": "fi"}
    assert state.hands[P1] == res("3ba fi")
    assert illegal(state, "p1 trade ba me") == "cannot-afford"
    assert rules.exchange_rate(state, P1, BA) == 4
    assert illegal(state, "p1 trade fi fi") == "same-resource"


def test_n25_a_generic_exchange_makes_every_resource_3_to_1():
    base = position()
    v = exchange_vertex(base, None)
    state = position(buildings={v: P1}, hands={P1: "3co 3me 2fi"})
    assert [rules.exchange_rate(state, P1, r) for r in range(5)] == [3, 3, 3, 3, 3]
    act(state, "p1 trade co ba")
    act(state, "p1 trade me sc")
    assert state.hands[P1] == res("ba 2fi sc")
    assert illegal(state, "p1 trade fi co") == "cannot-afford"
    assert GAME.view(state, P2)["players"][P1]["rates"] == [3] * 5
    # P2 has no exchange: 4:1
    assert [rules.exchange_rate(state, P2, r) for r in range(5)] == [4] * 5


def test_n25_a_resource_exchange_makes_that_resource_2_to_1_and_the_best_rate_applies():
    base = position()
    v = exchange_vertex(base, "firewall")
    state = position(buildings={v: P1}, hands={P1: "2fi 3co"})
    assert [rules.exchange_rate(state, P1, r) for r in range(5)] == [4, 4, 2, 4, 4]
    act(state, "p1 trade fi me")
    assert state.hands[P1] == res("3co me")
    assert illegal(state, "p1 trade co me") == "cannot-afford"
    g = next(x for x, k in sorted(base.board.exchange_at.items())
             if k is None and x not in neighbors(base, v) and x != v)
    state = position(buildings={v: P1, g: P1}, hands={P1: "2fi 3co"})
    assert [rules.exchange_rate(state, P1, r) for r in range(5)] == [3, 3, 2, 3, 3]
    act(state, "p1 trade fi me")
    act(state, "p1 trade co me")
    assert state.hands[P1] == res("2me")


# ---------------------------------------------------------------------------
# Bonuses, XP, end (N26-N30)
# ---------------------------------------------------------------------------


def _run(length, start=23, seat=P1, **kw):
    base = position()
    path = find_path(base, start, length, interior=kw.pop("interior", False))
    assert path, "no path"
    buildings = {path[0]: seat, **kw.pop("buildings", {})}
    links = {e: seat for e in edges_of(base, path)}
    links.update(kw.pop("links", {}))
    kw.setdefault("hands", {seat: PLENTY})
    return position(buildings=buildings, links=links, **kw), path


def disjoint_runs(state, lengths):
    """Vertex paths of the given lengths, none touching another; the first
    keeps to interior vertices (so its middle vertex has a third neighbour)."""
    topo = state.topo
    used = set()
    out = []
    for i, length in enumerate(lengths):
        for start in range(topo.vertex_count) if i else reversed(range(topo.vertex_count)):
            if start in used:
                continue
            path = find_path(state, start, length, avoid=used, interior=(i == 0))
            if path:
                break
        else:
            raise AssertionError("no room")
        out.append(path)
        used |= set(path) | {n for v in path for n in neighbors(state, v)}
    return out


def test_n26_longest_network_needs_five_links():
    state, path = _run(4)
    assert state.lengths[P1] == 4 and state.longest is None
    assert rules.xp(state, P1) == 1
    e = next(e for e in state.topo.vertex_edges[path[4]] if e not in state.links)
    events = act(state, f"p1 link e{e}")
    assert state.lengths[P1] == 5
    assert event(events, "bonus") == {"bonus": "longest-network", "seat": P1}
    assert state.longest == P1 and rules.xp(state, P1) == 3
    assert GAME.view(state, P2)["players"][P1]["network"] == 5


def test_n26_the_run_is_a_trail_not_the_link_count():
    # three arms of two links from one interior vertex: 6 links, longest trail 4
    state = position()
    c = next(v for v in range(state.topo.vertex_count)
             if all(len(state.topo.vertex_tiles[n]) == 3 for n in neighbors(state, v))
             and len(state.topo.vertex_tiles[v]) == 3)
    links = {}
    for n in neighbors(state, c):
        links[edge(state, c, n)] = P1
        m = next(x for x in neighbors(state, n) if x != c)
        links[edge(state, n, m)] = P1
    state = position(buildings={c: P1}, links=links)
    assert len(links) == 6
    assert rules.longest_run(state, P1) == 4
    assert state.longest is None


def test_n26_a_ring_counts_every_link_once():
    state = position()
    t = 9  # the centre tile: its six sides form a closed ring
    ring = state.topo.tile_vertices[t]
    links = {edge(state, a, b): P1 for a, b in zip(ring, ring[1:] + ring[:1])}
    state = position(buildings={ring[0]: P1}, links=links)
    assert rules.longest_run(state, P1) == 6 and state.longest == P1


def test_n26_a_rival_building_breaks_the_run():
    state, path = _run(6)
    assert state.lengths[P1] == 6 and state.longest == P1
    mid = path[3]
    w = next(x for x in neighbors(state, mid) if x not in path)
    state.links[edge(state, mid, w)] = P2
    state.current = P2
    state.hands[P2] = res(PLENTY)
    recount(state, longest=P1)
    events = act(state, f"p2 node v{mid}")
    assert state.lengths[P1] == 3
    assert state.longest is None
    assert {"bonus": "longest-network", "seat": None} in [e.data for e in events if e.kind == "bonus"]
    assert rules.xp(state, P1) == 1


def test_n26_your_own_building_does_not_break_the_run():
    state, path = _run(6, buildings={})
    state.owner[path[3]], state.level[path[3]], state.forts[path[3]] = P1, 1, 0
    assert rules.longest_run(state, P1) == 6


def test_n26_destroying_the_breaking_building_restores_the_run():
    base = position()
    path = find_path(base, 23, 6)
    state = position(players=3, buildings={path[0]: P1, path[3]: P2},
                     links={e: P1 for e in edges_of(base, path)}, cards_held={P3: "hack"}, current=P3)
    assert state.lengths[P1] == 3 and state.longest is None
    act(state, f"p3 hack v{path[3]}")
    assert state.lengths[P1] == 6 and state.longest == P1


def test_n27_most_fortified_needs_three_levels():
    v, w = far_vertices(position(), [], 2)
    state = position(buildings={v: (P1, 1, 1), w: (P1, 2, 1)}, hands={P1: PLENTY})
    assert rules.fortifications(state, P1) == 2 and state.fortified is None
    events = act(state, f"p1 fortify v{w}")
    assert event(events, "bonus") == {"bonus": "most-fortified", "seat": P1}
    assert state.fortified == P1 and rules.xp(state, P1) == 1 + 2 + 2


def test_n28_a_tie_made_by_an_action_transfers_the_bonus():
    v, w = far_vertices(position(), [], 2)
    state = position(buildings={v: (P1, 1, 3), w: (P2, 1, 2)}, hands={P2: PLENTY}, current=P2)
    assert state.fortified == P1
    events = act(state, f"p2 fortify v{w}")
    assert event(events, "bonus") == {"bonus": "most-fortified", "seat": P2}
    assert state.fortified == P2


def test_n28_longest_network_transfers_on_a_tie_too():
    base = position()
    p1 = find_path(base, 0, 5)
    p2 = find_path(base, 53, 4)
    assert not set(p1) & set(p2)
    state = position(buildings={p1[0]: P1, p2[0]: P2},
                     links={**{e: P1 for e in edges_of(base, p1)}, **{e: P2 for e in edges_of(base, p2)}},
                     hands={P2: PLENTY}, current=P2)
    assert state.longest == P1
    e = next(e for e in state.topo.vertex_edges[p2[4]] if e not in state.links
             and not set(state.topo.edge_vertices[e]) & set(p1))
    act(state, f"p2 link e{e}")
    assert state.lengths == [5, 5] and state.longest == P2


def test_n28_a_tie_made_by_someone_else_leaves_the_holder():
    vs = far_vertices(position(), [], 3)
    state = position(players=3, buildings={vs[0]: (P1, 1, 4), vs[1]: (P2, 1, 3), vs[2]: P3},
                     cards_held={P3: "hack"}, current=P3)
    assert state.fortified == P1
    act(state, f"p3 hack v{vs[0]}")
    assert rules.fortifications(state, P1) == rules.fortifications(state, P2) == 3
    assert state.fortified == P1


def test_n28_a_later_seat_holding_it_keeps_it_on_someone_elses_tie():
    vs = far_vertices(position(), [], 3)
    state = position(players=3, buildings={vs[0]: (P1, 1, 3), vs[1]: (P2, 1, 4), vs[2]: P3},
                     cards_held={P3: "hack"}, current=P3)
    assert state.fortified == P2
    act(state, f"p3 hack v{vs[1]}")
    assert rules.fortifications(state, P1) == rules.fortifications(state, P2) == 3
    assert state.fortified == P2  # the holder, not the earliest seat


def test_n28_the_hacker_in_the_tie_takes_it():
    vs = far_vertices(position(), [], 2)
    state = position(buildings={vs[0]: (P1, 1, 4), vs[1]: (P2, 1, 3)}, cards_held={P2: "hack"}, current=P2)
    act(state, f"p2 hack v{vs[0]}")
    assert state.fortified == P2


def test_n28_below_the_minimum_nobody_holds_it():
    vs = far_vertices(position(), [], 2)
    state = position(buildings={vs[0]: (P1, 1, 3), vs[1]: (P2, 1, 2)}, cards_held={P2: "hack"}, current=P2)
    assert state.fortified == P1
    events = act(state, f"p2 hack v{vs[0]}")
    assert state.fortified is None  # 2 and 2: a tie, but under 3
    assert event(events, "bonus") == {"bonus": "most-fortified", "seat": None}


def test_n28_else_the_earliest_seat():
    base = position()
    p1, p2, p3 = disjoint_runs(base, (6, 5, 5))
    mid = p1[3]
    w = next(x for x in neighbors(base, mid) if x not in p1)
    links = {**{e: P1 for e in edges_of(base, p1)}, **{e: P2 for e in edges_of(base, p2)},
             **{e: P3 for e in edges_of(base, p3)}, edge(base, mid, w): P4}
    state = position(players=4, buildings={p1[0]: P1, p2[0]: P2, p3[0]: P3}, links=links,
                     hands={P4: PLENTY}, current=P4)
    assert state.lengths[:3] == [6, 5, 5] and state.longest == P1
    act(state, f"p4 node v{mid}")  # P4 breaks P1's run; P2 and P3 tie, neither acted
    assert state.lengths[:3] == [3, 5, 5]
    assert state.longest == P2


def test_n28_an_unrelated_link_does_not_steal_most_fortified():
    vs = far_vertices(position(), [], 2)
    state = position(buildings={vs[0]: (P1, 1, 3), vs[1]: (P2, 1, 3)}, hands={P2: PLENTY},
                     current=P2, fortified=P1)
    act(state, f"p2 link e{state.topo.vertex_edges[vs[1]][0]}")
    assert rules.fortifications(state, P1) == rules.fortifications(state, P2) == 3  # unchanged tie
    assert state.fortified == P1


def test_n28_an_unrelated_link_does_not_steal_longest_network():
    base = position()
    p1 = find_path(base, 0, 5)
    p2 = find_path(base, 53, 5)
    state = position(buildings={p1[0]: P1, p2[0]: P2},
                     links={**{e: P1 for e in edges_of(base, p1)}, **{e: P2 for e in edges_of(base, p2)}},
                     hands={P2: PLENTY}, current=P2, longest=P1)
    # a link branching off the middle of P2's run: the longest run stays 5
    e = next(e for e in state.topo.vertex_edges[p2[2]] if e not in state.links)
    act(state, f"p2 link e{e}")
    assert state.lengths == [5, 5]
    assert state.longest == P1


def test_n28_an_unrelated_hack_does_not_steal_most_fortified():
    vs = far_vertices(position(), [], 3)
    state = position(players=3, buildings={vs[0]: (P1, 1, 3), vs[1]: (P2, 1, 3), vs[2]: (P3, 1, 1)},
                     cards_held={P2: "hack"}, current=P2, fortified=P1)
    act(state, f"p2 hack v{vs[2]}")  # strips P3's level: P1 and P2 still tie on 3
    assert state.fortified == P1


def test_n29_xp_counts_nodes_supers_bonuses_and_cards():
    state, path = _run(5, buildings={})
    vs = far_vertices(state, path, 2)
    state = position(buildings={path[0]: P1, vs[0]: (P1, 2, 2), vs[1]: (P2, 2, 1)},
                     links={e: P1 for e in edges_of(state, path)}, xp_cards=[2, 1])
    assert state.longest == P1 and state.fortified is None
    assert rules.xp(state, P1) == 1 + 2 + 2 + 2
    assert rules.xp(state, P2) == 2 + 1
    assert GAME.scores(state) == [7, 3]
    state.forts[vs[0]] = 3
    recount(state)
    assert state.fortified == P1 and rules.xp(state, P1) == 9
    assert [p["xp"] for p in GAME.view(state, P2)["players"]] == [9, 3]


def test_n29_the_game_ends_the_moment_the_target_is_reached():
    state, path = _run(2, target=3, buildings={far_vertices(position(), [23], 1, start=40)[0]: P1})
    assert rules.xp(state, P1) == 2
    events = act(state, f"p1 node v{path[2]}")
    assert kinds(events)[-1] == "game-over"
    assert events[-1].data == {"winner": P1, "xp": [3, 0]}
    assert state.phase == "over" and GAME.winners(state) == [P1] and GAME.is_over(state)
    assert GAME.to_act(state) == {} and GAME.legal_actions(state, P1) == []
    assert illegal(state, "p1 end") == "game-over"


def test_n29_the_game_ends_whoever_acted():
    # P3 has a run of 5 but P2 holds Longest Network with 6; P1 breaks P2's run
    base = position()
    p2, p3 = disjoint_runs(base, (6, 5))
    mid = p2[3]
    w = next(x for x in neighbors(base, mid) if x not in p2)
    extra = far_vertices(base, p2 + p3 + [w], 1)[0]
    state = position(players=3, target=4, buildings={p2[0]: P2, p3[0]: P3, extra: P3},
                     links={**{e: P2 for e in edges_of(base, p2)}, **{e: P3 for e in edges_of(base, p3)},
                            edge(base, mid, w): P1},
                     hands={P1: PLENTY})
    assert state.longest == P2 and rules.xp(state, P3) == 2
    events = act(state, f"p1 node v{mid}")
    assert state.longest == P3 and rules.xp(state, P3) == 4
    assert events[-1].kind == "game-over" and events[-1].data["winner"] == P3
    assert GAME.winners(state) == [P3]


def test_n29_the_acting_runner_first_when_several_reach_it():
    state, path = _run(2, target=3, buildings={far_vertices(position(), [23], 1, start=40)[0]: P1})
    vs = far_vertices(state, list(state.owner) + path, 3)
    for v in vs:
        state.owner[v], state.level[v], state.forts[v] = P2, 1, 0
    assert rules.xp(state, P2) == 3  # already there (a built position); P1 acts
    act(state, f"p1 node v{path[2]}")
    assert GAME.winners(state) == [P1]
    # the same with the seats swapped: P2 acts, P1 is already there
    state, path = _run(2, seat=P2, target=3, current=P2,
                       buildings={far_vertices(position(), [23], 1, start=40)[0]: P2})
    vs = far_vertices(state, list(state.owner) + path, 3)
    for v in vs:
        state.owner[v], state.level[v], state.forts[v] = P1, 1, 0
    act(state, f"p2 node v{path[2]}")
    assert GAME.winners(state) == [P2]
    # when the actor is not at the target, the other one wins
    state, path = _run(2, target=3)
    vs = far_vertices(state, list(state.owner) + path, 3)
    for v in vs:
        state.owner[v], state.level[v], state.forts[v] = P2, 1, 0
    act(state, f"p1 node v{path[2]}")
    assert GAME.winners(state) == [P2]


def test_n30_turn_limit():
    assert rules.MAX_TURNS == 1000
    vs = far_vertices(position(), [], 3)
    state = position(players=3, turn=999, buildings={vs[0]: P1, vs[1]: (P2, 2), vs[2]: (P3, 2)})
    act(state, "p1 end")
    assert state.turn == 1000 and state.phase == "roll" and state.current == P2
    state.phase = "main"
    events = act(state, "p2 end")
    assert kinds(events) == ["turn-limit", "game-over"]
    assert events[0].data == {"turns": 1000}
    assert state.phase == "over" and GAME.winners(state) == [P2]  # P2 and P3 tie on 2: earliest seat
    assert state.history[-1] == [1, 2, 2]


def test_n30_turn_limit_highest_xp_wins():
    vs = far_vertices(position(), [], 3)
    state = position(players=3, turn=1000, current=P3,
                     buildings={vs[0]: P1, vs[1]: (P2, 1), vs[2]: (P3, 2)})
    act(state, "p3 end")
    assert GAME.winners(state) == [P3]


# ---------------------------------------------------------------------------
# Hidden information (N31)
# ---------------------------------------------------------------------------


def test_n31_a_view_shows_own_hand_and_only_counts_of_others():
    state = position(players=3, hands={P1: "2co", P2: "3me fi", P3: "sc"},
                     cards_held={P1: "hack", P2: "2virus xp"}, fresh={P2: "xp"})
    view = GAME.view(state, P1)
    mine, theirs = view["players"][P1], view["players"][P2]
    assert mine["hand"] == res("2co") and mine["cards"]["hack"] == 1
    assert theirs["hand"] is None and theirs["cards"] is None and theirs["fresh"] is None
    assert theirs["hand_size"] == 4 and theirs["card_count"] == 3 and theirs["fresh_count"] == 1
    assert "deck" not in view and "rng" not in view and view["deck_size"] == len(state.deck)
    spectator = GAME.view(state, None)
    assert all(p["hand"] is None and p["cards"] is None for p in spectator["players"])
    opened = GAME.view(state, TABLE)
    assert [p["hand"] for p in opened["players"]] == state.hands
    assert "deck" not in opened and "rng" not in opened


def test_n31_a_drawn_card_is_seen_by_its_drawer_only():
    state = position(players=3, hands={P1: PLENTY})
    events = act(state, "p1 draw")
    public = [e for e in events if e.visible_to is None]
    private = [e for e in events if e.visible_to is not None]
    assert [e.kind for e in public] == ["draw"] and public[0].data == {"seat": P1}
    assert [e.kind for e in private] == ["drew"]
    assert private[0].is_visible_to(P1)
    assert not private[0].is_visible_to(P2) and not private[0].is_visible_to(None)
