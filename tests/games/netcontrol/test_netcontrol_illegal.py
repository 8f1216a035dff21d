"""Every refusal of Net Control's rules, by its code, and notation errors.

Each illegal action must raise ``IllegalAction`` with the code ``rules.check``
gives it and leave the state exactly as it was (same digest, same legal
actions). The list of codes is read from rules.py, so a new code without a
case here fails ``test_every_code_in_rules_is_tested``.
"""

from __future__ import annotations


import pytest
from hypothesis import given
from hypothesis import strategies as st

from support.netcontrol_positions import (
    GAME, P1, P2, P3, act, dead_tile, digest, edges_of, far_vertices, find_path, position,
    producing_tile, rig, tree,
)
from support.illegal_codes import assert_every_code_tested
from netarcade.core.errors import IllegalAction, InvalidNotation
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games.netcontrol import rules
from netarcade.games.netcontrol.actions import SIGNATURES, Act, format_action, parse_action
from support.playing import turns

PLENTY = "9co 9ba 9fi 9sc 9me"
BASE = position()
TOPO = BASE.topo
# P1: node A with links A-B, B-C; P2: node X far away with a link X-Y
PATH = find_path(BASE, 23, 4)
A, B, C, D, E_ = PATH
AB, BC, CD, DE = edges_of(BASE, PATH)
X = far_vertices(BASE, PATH, 1, start=40)[0]
XY = TOPO.vertex_edges[X][0]
Y = TOPO.edge_vertices[XY][0] if TOPO.edge_vertices[XY][1] == X else TOPO.edge_vertices[XY][1]
FAR_EDGE = next(e for e in range(TOPO.edge_count)
                if not set(TOPO.edge_vertices[e]) & (set(PATH) | {X, Y}))
FREE_AT_B = next(e for e in TOPO.vertex_edges[B] if e not in (AB, BC))
LIVE = producing_tile(BASE)
ON_A = next(t for t in TOPO.vertex_tiles[A] if t != dead_tile(BASE))
NOT_A = next(t for t in range(len(TOPO.tiles))
             if t not in TOPO.vertex_tiles[A] and t not in TOPO.vertex_tiles[X] and t != dead_tile(BASE))


def _base(**kw):
    """P1 to move (main phase) with plenty of resources and old cards of every kind."""
    kw.setdefault("hands", {P1: PLENTY, P2: PLENTY})
    kw.setdefault("cards_held", {P1: "hack virus xp linkbuild resource monopoly"})
    buildings = {A: P1, X: P2, **kw.pop("buildings", {})}
    links = {AB: P1, BC: P1, XY: P2, **kw.pop("links", {})}
    return position(buildings=buildings, links=links, **kw)


def _over():
    state = _base(target=3, buildings={far_vertices(BASE, PATH + [X], 1)[0]: P1})
    act(state, f"p1 node v{C}")
    assert state.phase == "over"
    return state


def _resigned():
    state = _base(players=3)
    act(state, "p3 resign")
    return state


def _rebuild():
    state = _base(players=3, current=P3, phase="rebuild")
    return state


def _setup_node():
    return GAME.new_game({"players": 2}, 0)


def _setup_link():
    state = GAME.new_game({"players": 2}, 0)
    act(state, f"p1 node v{A}")
    return state


def _setup_link_taken():
    # a built position: an edge at the new node is already taken
    state = _setup_link()
    state.links[AB] = P2
    return state


def _roll():
    return _base(phase="roll")


def _discard():
    state = _base(phase="roll", hands={P1: "4co 4ba", P2: "9me"})
    rig(state, 3, 4)
    act(state, "p1 roll")
    assert state.owed == {P1: 4, P2: 4}
    return state


def _discard_p1_only():
    state = _base(players=3, phase="roll", hands={P1: "4co 4ba", P2: "3me"})
    rig(state, 3, 4)
    act(state, "p1 roll")
    assert state.owed == {P1: 4}
    return state


def _hand(spec):
    return lambda: _base(hands={P1: spec})


def _played():
    state = _base()
    act(state, "p1 xp")
    return state


def _fresh():
    return _base(cards_held={P1: "hack virus xp linkbuild resource monopoly"},
                 fresh={P1: "hack virus xp linkbuild resource monopoly"})


def _full_links():
    grown = tree(BASE, A, 15, avoid={X, Y})
    return _base(links={e: P1 for e in grown})


def _fourteen_links():
    grown = tree(BASE, A, 14, avoid={X, Y})
    return _base(links={e: P1 for e in grown})


def _five_nodes():
    others = far_vertices(BASE, PATH + [X, Y], 4)
    return _base(buildings={v: P1 for v in others})


def _four_supers():
    others = far_vertices(BASE, PATH + [X, Y], 4)
    return _base(buildings={**{v: (P1, 2) for v in others[:4]}})


def _super_at_a():
    return _base(buildings={A: (P1, 2)})


def _empty_deck():
    return _base(deck=[], discard="xp xp")


def _infected(tiles):
    return lambda: _base(infected=set(tiles))


def _rival_at_c():
    # P2's node at C cuts P1's network there
    return _base(buildings={C: P2}, links={AB: P1, BC: P1, XY: P2})


def _cost_short(verb):
    """A hand that covers the cost of ``verb`` but one card."""
    cost = list(rules.COSTS[verb])
    k = next(i for i, c in enumerate(cost) if c)
    cost[k] -= 1
    return lambda: _base(hands={P1: cost}, buildings={A: P1, D: P1} if verb == "super" else {},
                         infected={ON_A} if verb == "clear" else set())


# (id, state factory, action (text or object), expected code)
CASES = [
    ("unknown-action-object", _base, ("p1", "end"), "unknown-action"),
    ("unknown-action-text", _base, "RAW:p1 end", "unknown-action"),
    ("unknown-action-verb", _base, Act(P1, "jump"), "unknown-action"),
    ("unknown-action-args-list", _base, Act(P1, "link", [FREE_AT_B]), "unknown-action"),
    ("unknown-action-arity", _base, Act(P1, "link", (1, 2)), "unknown-action"),
    ("unknown-action-arity-end", _base, Act(P1, "end", (1,)), "unknown-action"),
    ("game-over-end", _over, "p2 end", "game-over"),
    ("game-over-resign", _over, "p2 resign", "game-over"),
    ("resigned-end", _resigned, "p3 end", "resigned"),
    ("resigned-again", _resigned, "p3 resign", "resigned"),
    ("wrong-phase-rebuild-roll", _rebuild, "p3 roll", "wrong-phase"),
    ("spacing-rebuild", _rebuild, f"p3 node v{B}", "spacing"),
    ("game-over-roll", _over, "p2 roll", "game-over"),
    ("bad-seat-2", _base, Act(2, "end"), "bad-seat"),
    ("bad-seat-negative", _base, Act(-1, "end"), "bad-seat"),
    ("bad-seat-none", _base, Act(None, "end"), "bad-seat"),
    ("bad-seat-bool", _base, Act(True, "end"), "bad-seat"),
    ("bad-seat-text-p3", _base, "p3 end", "bad-seat"),
    ("off-board-vertex", _base, Act(P1, "node", (TOPO.vertex_count,)), "off-board"),
    ("off-board-vertex-negative", _base, Act(P1, "fortify", (-1,)), "off-board"),
    ("off-board-edge", _base, Act(P1, "link", (TOPO.edge_count,)), "off-board"),
    ("off-board-edge-text", _base, "p1 link e9999", "off-board"),
    ("off-board-tile", _base, Act(P1, "virus", (len(TOPO.tiles),)), "off-board"),
    ("off-board-resource", _base, Act(P1, "trade", (0, 5)), "off-board"),
    ("off-board-not-int", _base, Act(P1, "hack", ("3",)), "off-board"),
    ("off-board-bool", _base, Act(P1, "monopoly", (True,)), "off-board"),
    ("not-your-turn-main", _base, "p2 end", "not-your-turn"),
    ("not-your-turn-setup", _setup_node, "p2 node v40", "not-your-turn"),
    ("not-your-turn-roll", _roll, "p2 roll", "not-your-turn"),
    ("not-your-turn-discard", _discard_p1_only, "p2 discard me", "not-your-turn"),
    ("not-your-turn-card", _base, "p2 hack v%d" % A, "not-your-turn"),
    ("wrong-phase-setup-link", _setup_node, f"p1 link e{AB}", "wrong-phase"),
    ("wrong-phase-setup-end", _setup_node, "p1 end", "wrong-phase"),
    ("wrong-phase-setup-roll", _setup_node, "p1 roll", "wrong-phase"),
    ("wrong-phase-setup-node", _setup_link, f"p1 node v{X}", "wrong-phase"),
    ("wrong-phase-roll-end", _roll, "p1 end", "wrong-phase"),
    ("wrong-phase-roll-card", _roll, "p1 xp", "wrong-phase"),
    ("wrong-phase-roll-build", _roll, f"p1 link e{FREE_AT_B}", "wrong-phase"),
    ("wrong-phase-roll-trade", _roll, "p1 trade co ba", "wrong-phase"),
    ("wrong-phase-roll-discard", _roll, "p1 discard co", "wrong-phase"),
    ("wrong-phase-discard-end", _discard, "p1 end", "wrong-phase"),
    ("wrong-phase-discard-card", _discard, "p1 xp", "wrong-phase"),
    ("wrong-phase-discard-roll", _discard, "p2 roll", "wrong-phase"),
    ("wrong-phase-main-roll", _base, "p1 roll", "wrong-phase"),
    ("wrong-phase-main-discard", _base, "p1 discard co", "wrong-phase"),
    ("spacing-setup-neighbour", None, None, None),  # filled in below
    ("spacing-main-neighbour", _base, f"p1 node v{B}", "spacing"),
    ("spacing-main-occupied", _base, f"p1 node v{A}", "spacing"),
    ("spacing-main-rival-occupied", _base, f"p1 node v{X}", "spacing"),
    ("occupied-link", _base, f"p1 link e{AB}", "occupied"),
    ("occupied-link-rival", _base, f"p1 link e{XY}", "occupied"),
    ("occupied-setup-link", _setup_link_taken, f"p1 link e{AB}", "occupied"),
    ("occupied-linkbuild-first", _base, f"p1 linkbuild e{BC} e{CD}", "occupied"),
    ("not-connected-setup-link", _setup_link, f"p1 link e{FAR_EDGE}", "not-connected"),
    ("not-connected-link", _base, f"p1 link e{FAR_EDGE}", "not-connected"),
    ("not-connected-link-past-rival", _rival_at_c, f"p1 link e{CD}", "not-connected"),
    ("not-connected-node", _base, f"p1 node v{far_vertices(BASE, PATH + [X, Y], 1)[0]}", "not-connected"),
    ("not-connected-node-rival-link", None, None, None),  # filled in below
    ("not-connected-linkbuild-first", _base, f"p1 linkbuild e{FAR_EDGE} e{CD}", "not-connected"),
    ("no-resource", _discard, "p1 discard me", "no-resource"),
    ("no-resource-fi", _discard, "p2 discard fi", "no-resource"),
    ("no-pieces-link", _full_links, "LINKSPOT", "no-pieces"),
    ("no-pieces-node", _five_nodes, f"p1 node v{C}", "no-pieces"),
    ("no-pieces-super", _four_supers, f"p1 super v{A}", "no-pieces"),
    ("no-pieces-linkbuild", _fourteen_links, "LINKBUILDSPOT", "no-pieces"),
    ("cannot-afford-link", _cost_short("link"), f"p1 link e{CD}", "cannot-afford"),
    ("cannot-afford-node", _cost_short("node"), f"p1 node v{C}", "cannot-afford"),
    ("cannot-afford-super", _cost_short("super"), f"p1 super v{A}", "cannot-afford"),
    ("cannot-afford-fortify", _cost_short("fortify"), f"p1 fortify v{A}", "cannot-afford"),
    ("cannot-afford-draw", _cost_short("draw"), "p1 draw", "cannot-afford"),
    ("cannot-afford-clear", _cost_short("clear"), f"p1 clear t{ON_A}", "cannot-afford"),
    ("cannot-afford-trade", _hand("3co"), "p1 trade co ba", "cannot-afford"),
    ("cannot-afford-trade-empty", _hand(""), "p1 trade me ba", "cannot-afford"),
    ("not-your-building-super", _base, f"p1 super v{X}", "not-your-building"),
    ("not-your-building-fortify", _base, f"p1 fortify v{X}", "not-your-building"),
    ("not-your-building-empty", _base, f"p1 fortify v{C}", "not-your-building"),
    ("already-super", _super_at_a, f"p1 super v{A}", "already-super"),
    ("deck-empty", _empty_deck, "p1 draw", "deck-empty"),
    ("not-infected", _base, f"p1 clear t{ON_A}", "not-infected"),
    ("not-your-tile", _infected([NOT_A]), f"p1 clear t{NOT_A}", "not-your-tile"),
    ("same-resource", _base, "p1 trade co co", "same-resource"),
    ("card-played", _played, "p1 resource co co", "card-played"),
    ("bad-order", lambda: _base(cards_held={P1: "resource"}), Act(P1, "resource", (2, 0)), "bad-order"),
    ("card-played-same-kind", _played, "p1 xp", "card-played"),
    ("no-card", lambda: _base(cards_held={}), "p1 xp", "no-card"),
    ("no-card-hack", lambda: _base(cards_held={P1: "virus"}), f"p1 hack v{X}", "no-card"),
    ("card-fresh-xp", _fresh, "p1 xp", "card-fresh"),
    ("card-fresh-hack", _fresh, f"p1 hack v{X}", "card-fresh"),
    ("card-fresh-monopoly", _fresh, "p1 monopoly fi", "card-fresh"),
    ("not-enemy-own", _base, f"p1 hack v{A}", "not-enemy"),
    ("not-enemy-empty", _base, f"p1 hack v{C}", "not-enemy"),
    ("dead-zone", _base, f"p1 virus t{dead_tile(BASE)}", "dead-zone"),
    ("already-infected", _infected([LIVE]), f"p1 virus t{LIVE}", "already-infected"),
    ("second-link-far", _base, f"p1 linkbuild e{CD} e{FAR_EDGE}", "second-link"),
    ("second-link-same", _base, f"p1 linkbuild e{CD} e{CD}", "second-link"),
    ("second-link-occupied", _base, f"p1 linkbuild e{CD} e{XY}", "second-link"),
    ("second-link-through-rival", lambda: _base(buildings={D: P2}), f"p1 linkbuild e{CD} e{DE}", "second-link"),
]


def _fix_cases():
    """Cases whose action depends on a computed position."""
    fixed = []
    for name, make, action, code in CASES:
        if name == "spacing-setup-neighbour":
            # P1 placed at A (setup-link phase): finish, then P2 tries A's neighbour
            def make_setup_spacing():
                state = _setup_link()
                act(state, f"p1 link e{AB}")
                return state
            fixed.append((name, make_setup_spacing, f"p2 node v{TOPO.vertex_neighbors[A][-1]}", "spacing"))
            fixed.append(("spacing-setup-occupied", make_setup_spacing, f"p2 node v{A}", "spacing"))
        elif name == "not-connected-node-rival-link":
            # a spaced vertex reached only by P2's link
            fixed.append((name, _rival_reach, f"p1 node v{RIVAL_SPOT}", "not-connected"))
        else:
            fixed.append((name, make, action, code))
    return fixed


# P2 with a two-link arm from X: its far end is spaced and reached only by P2
_ARM = find_path(BASE, X, 2, avoid=set(PATH) | {n for v in PATH for n in TOPO.vertex_neighbors[v]})
RIVAL_SPOT = _ARM[2]
BASE_LINKS = {e: P2 for e in edges_of(BASE, _ARM)}


def _rival_reach():
    return _base(links={AB: P1, BC: P1, **BASE_LINKS})


CASES = _fix_cases()


def _action(state, action):
    """Text -> action (a few placeholders are resolved against the state)."""
    if action == "LINKSPOT":
        return Act(P1, "link", (rules.link_spots(state, P1)[0],))
    if action == "LINKBUILDSPOT":
        first = rules.link_spots(state, P1)[0]
        trial = dict(state.links)
        trial[first] = P1
        return Act(P1, "linkbuild", (first, rules.link_spots(state, P1, trial)[0]))
    if isinstance(action, str) and action.startswith("RAW:"):
        return action[4:]
    if isinstance(action, str):
        return GAME.parse_action(action)
    return action


@pytest.mark.parametrize("make,action,code", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_illegal_action_code_and_state_untouched(make, action, code):
    state = make()
    action = _action(state, action)
    before = digest(state)
    acting = sorted(GAME.to_act(state))
    legal_before = {s: GAME.legal_actions(state, s) for s in range(state.n)}
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.code == code, str(info.value)
    assert str(info.value)  # a sentence for the player
    assert digest(state) == before
    assert sorted(GAME.to_act(state)) == acting
    assert {s: GAME.legal_actions(state, s) for s in range(state.n)} == legal_before
    for listed in legal_before.values():  # (by repr: True == 1 for a dataclass's ==)
        assert repr(action) not in {repr(a) for a in listed}
    # check() agrees with apply()
    with pytest.raises(IllegalAction) as again:
        rules.check(state, action)
    assert again.value.code == code


def test_every_code_in_rules_is_tested():
    assert_every_code_tested(rules, {c[3] for c in CASES})


def test_the_base_position_allows_what_the_cases_refuse_nearby():
    # the refusals above are refusals of this position, not of a broken one
    state = _base()
    legal = {GAME.format_action(a) for a in GAME.legal_actions(state, P1)}
    assert {f"p1 link e{CD}", f"p1 node v{C}", f"p1 fortify v{A}", f"p1 super v{A}", "p1 draw",
            f"p1 hack v{X}", f"p1 virus t{LIVE}", "p1 xp", f"p1 linkbuild e{CD} e{DE}",
            "p1 resource co co", "p1 monopoly fi", "p1 trade co ba", "p1 end"} <= legal
    for case in ("cannot-afford-link", "cannot-afford-node", "cannot-afford-super", "cannot-afford-fortify",
                 "cannot-afford-draw", "cannot-afford-clear"):
        make, action = next((c[1], c[2]) for c in CASES if c[0] == case)
        s = make()
        verb = case.split("-")[-1]
        s.hands[P1] = list(rules.COSTS[verb])
        act(s, action)  # exactly the cost is enough
        assert s.hands[P1] == [0] * 5
    s = _rival_reach()
    assert RIVAL_SPOT in rules.node_spots(s, P2)


def test_apply_refuses_a_second_attempt_the_same_way():
    state = _base()
    before = digest(state)
    for _ in range(3):
        with pytest.raises(IllegalAction):
            act(state, f"p1 link e{FAR_EDGE}")
    assert digest(state) == before


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------

GOOD = [
    ("p2 resign", Act(P2, "resign")),
    ("p1 node v12", Act(P1, "node", (12,))),
    ("p2 link e30", Act(P2, "link", (30,))),
    ("p3 roll", Act(P3, "roll")),
    ("p3 discard fi", Act(P3, "discard", (2,))),
    ("p1 super v0", Act(P1, "super", (0,))),
    ("p6 fortify v149", Act(5, "fortify", (149,))),
    ("p1 draw", Act(P1, "draw")),
    ("p1 clear t5", Act(P1, "clear", (5,))),
    ("p1 trade co fi", Act(P1, "trade", (0, 2))),
    ("p1 hack v40", Act(P1, "hack", (40,))),
    ("p1 virus t3", Act(P1, "virus", (3,))),
    ("p1 xp", Act(P1, "xp")),
    ("p2 linkbuild e3 e4", Act(P2, "linkbuild", (3, 4))),
    ("p1 resource co me", Act(P1, "resource", (0, 4))),
    ("p1 resource sc sc", Act(P1, "resource", (3, 3))),
    ("p1 monopoly ba", Act(P1, "monopoly", (1,))),
    ("p4 end", Act(3, "end")),
]


@pytest.mark.parametrize("text,action", GOOD)
def test_notation_parses_and_round_trips(text, action):
    assert parse_action(text) == action
    assert format_action(action) == text
    assert GAME.parse_action(text) == action and GAME.format_action(action) == text


def test_notation_covers_every_verb():
    assert {a.verb for _, a in GOOD} == set(SIGNATURES)


def test_notation_tolerates_extra_spaces():
    assert parse_action("  p1   linkbuild   e3  e4 ") == Act(P1, "linkbuild", (3, 4))


BAD = [
    "", " ", "p1", "p1 ", "p7 end", "p0 end", "p-1 end", "x1 end", "1 end", "pp end", "P1 end",
    "p1 END", "p1 jump", "p1 node", "p1 node v1 v2", "p1 node e1", "p1 node t1", "p1 node 12",
    "p1 node v", "p1 node vv", "p1 node v-1", "p1 node v1.5", "p1 node V12", "p1 node v12345",
    "p1 link v3", "p1 clear v5", "p1 virus e3", "p1 trade co", "p1 trade co fi sc", "p1 trade co xx",
    "p1 trade CO fi", "p1 trade compute fi", "p1 discard", "p1 discard 2", "p1 monopoly",
    "p1 linkbuild e3", "p1 linkbuild e3 v4", "p1 roll now", "p1 end 1", "p1 xp 1", "p1 draw hack",
    "p1 resource co", "p1,end", "end", "node v12", "p1 node v\u0661", "p\u0661 end", "p1 node v\u00b2",
    "p1 hack v1e3",
]


@pytest.mark.parametrize("text", BAD)
def test_notation_garbage_is_invalid_notation(text):
    with pytest.raises(InvalidNotation):
        parse_action(text)


@pytest.mark.parametrize("value", [None, 5, b"p1 end", ["p1", "end"], Act(P1, "end")])
def test_notation_non_text_is_invalid_notation(value):
    with pytest.raises(InvalidNotation):
        parse_action(value)


@pytest.mark.soak
@given(st.sampled_from(sorted(SIGNATURES)), st.integers(0, 5),
       st.lists(st.integers(0, 9999), min_size=2, max_size=2))
def test_notation_every_well_formed_action_round_trips(verb, seat, numbers):
    kinds = SIGNATURES[verb]
    args = tuple(n % 5 if k == "r" else n for k, n in zip(kinds, numbers))
    if verb == "resource":
        args = tuple(sorted(args))  # the notation names the two in order
    action = Act(seat, verb, args)
    assert parse_action(format_action(action)) == action


def test_check_accepts_only_listed_actions_resource_order():
    state = _base()
    action = parse_action("p1 resource fi co")
    listed = GAME.legal_actions(state, P1)
    try:
        rules.check(state, action)
    except IllegalAction:
        return  # refused: consistent with the list
    assert action in listed


def test_a_list_handed_out_before_a_change_is_checked_again():
    """``check`` takes an action of the list ``legal_actions`` handed out for
    the very position at once; once an action changed the position, that
    list's actions are checked in full again."""
    rng = Rng(5)
    match = Match(GAME, {"players": 3}, 5, history=False, actor=RandomActor(rng))
    for seat in turns(match):  # on to a turn with a choice besides ending it
        listed = GAME.legal_actions(match.state, seat)
        if match.state.phase == "main" and len(listed) > 1:
            break
        match.play(rng.choice(listed))
    else:
        pytest.fail("the game ended before a turn with a choice")
    state = match.state
    rules.check(state, listed[0])
    assert listed[-1] == Act(seat, "end")
    GAME.apply(state, listed[-1])
    with pytest.raises(IllegalAction) as info:
        rules.check(state, listed[0])
    assert info.value.code == "not-your-turn"
