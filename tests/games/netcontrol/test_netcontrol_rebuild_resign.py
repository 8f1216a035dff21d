"""Net Control N32 (a runner left without a building places a free node at
the start of its next turn) and N33 (resigning), from docs/rules/netcontrol.md;
and the rules edition that keeps links made before N32 replaying as they were."""

from __future__ import annotations

import pytest

from netarcade.core import Match, Record, decode_record, encode_record
from netarcade.core.errors import IllegalAction
from netarcade.games import replay
from netarcade.games.netcontrol import rules

from support.netcontrol_positions import GAME, P1, P2, P3, act, conserved, digest, far_vertices, kinds, position
from support.playing import turns


def lone_nodes(players=3, **kw):
    """Each seat owns one bare node far from the others; P1 holds a Hack."""
    state = position(players=players, **kw)
    spots = far_vertices(state, (), players)
    for seat, v in enumerate(spots):
        state.owner[v], state.level[v], state.forts[v] = seat, 1, 0
    return state, spots


def test_n32_a_runner_hacked_to_nothing_places_a_free_node_when_its_turn_comes():
    state, spots = lone_nodes(cards_held={P1: "hack"}, hands={P2: "1co"})
    act(state, f"p1 hack v{spots[P2]}")
    assert P2 not in state.owner.values()
    events = act(state, "p1 end")
    assert state.phase == "rebuild" and state.current == P2
    assert "rebuild" in kinds(events)
    assert GAME.to_act(state) == {P2: "turn"}
    legal = GAME.legal_notation(state, P2)
    assert legal and all(text.startswith("p2 node v") for text in legal)
    assert {int(t.split("v")[1]) for t in legal} == set(rules.setup_node_spots(state))
    # not the roll first, and not a node next to a building
    with pytest.raises(IllegalAction) as refused:
        act(state, "p2 roll")
    assert refused.value.code == "wrong-phase" and "free node" in str(refused.value)
    beside = state.topo.vertex_neighbors[spots[P1]][0]
    with pytest.raises(IllegalAction) as refused:
        act(state, f"p2 node v{beside}")
    assert refused.value.code == "spacing"
    spot = int(legal[0].split("v")[1])
    act(state, legal[0])
    # free (the hand is untouched), 1 XP, and the turn goes on with the roll
    assert state.owner[spot] == P2 and state.level[spot] == 1
    assert state.hands[P2] == [1, 0, 0, 0, 0]
    assert rules.xp(state, P2) == 1
    assert state.phase == "roll" and GAME.to_act(state) == {P2: "turn"}


def test_n32_a_runner_with_a_building_rolls_as_usual():
    state, spots = lone_nodes()
    act(state, "p1 end")
    assert state.phase == "roll" and state.current == P2


def test_n32_not_under_rules_edition_1():
    state, spots = lone_nodes(cards_held={P1: "hack"})
    state.options = {**state.options, "rules": 1}
    act(state, f"p1 hack v{spots[P2]}")
    act(state, "p1 end")
    assert state.phase == "roll" and state.current == P2


def test_n32_no_room_left_means_no_free_node():
    state, spots = lone_nodes(cards_held={P1: "hack"})
    act(state, f"p1 hack v{spots[P2]}")
    # fill every spaced vertex with P3's nodes
    while rules.setup_node_spots(state):
        v = rules.setup_node_spots(state)[0]
        state.owner[v], state.level[v], state.forts[v] = P3, 1, 0
    state.owner = {v: s for v, s in state.owner.items()}
    events = act(state, "p1 end")
    assert state.phase == "roll" and "no-room" in kinds(events)


def test_the_rules_option_is_no_form_field_and_old_records_keep_edition_1():
    from netarcade.web.newgame import form_fields
    from netarcade.web.session import decode_link

    assert "rules" not in {field["name"] for field in form_fields("netcontrol")}
    old = Record("netcontrol", {"players": 3, "radius": 2, "target": 10}, 9, ())
    assert GAME.record_options(old.options)["rules"] == 1
    _, state = replay(decode_record(encode_record(old)))
    assert state.options["rules"] == 1
    assert Match.from_record(GAME, old).options["rules"] == 1
    setup, _ = decode_link("play=netcontrol&seats=human,greedy,greedy&r=" + encode_record(old))
    assert setup.options["rules"] == 1
    # a new game, a hand-written link and a new record are edition 2
    assert Match(GAME, {}, 9).options["rules"] == 2
    assert decode_link("play=netcontrol&seats=human,greedy,greedy&seed=9")[0].options["rules"] == 2
    record = Match(GAME, {}, 9).record()
    assert replay(record)[1].options["rules"] == 2


def test_old_records_digest_as_before_the_edition_existed():
    old = Match(GAME, {"rules": 1}, 4)
    canonical = GAME.canonical(old.state)
    assert "rules" not in canonical["options"] and "out" not in canonical
    assert "rules" in GAME.canonical(Match(GAME, {}, 4).state)["options"]


# --- N33 resigning ----------------------------------------------------------------


def test_n33_resign_is_never_listed_but_always_open_to_a_seat_still_playing():
    state, spots = lone_nodes(cards_held={P2: "hack virus"}, hands={P2: "2co 3fi"})
    assert all(not text.endswith("resign") for text in GAME.legal_notation(state, P1))
    assert GAME.parse_action("p2 resign") == rules.Act(P2, "resign", ())
    assert GAME.format_action(rules.Act(P2, "resign", ())) == "p2 resign"
    events = act(state, "p2 resign")  # not P2's turn
    assert kinds(events)[0] == "resign"
    assert state.out == {P2}
    assert P2 not in state.owner.values() and P2 not in state.links.values()
    assert state.hands[P2] == [0] * 5 and state.cards[P2] == [0] * 6
    assert conserved(state)
    assert not GAME.is_over(state) and state.current == P1
    for text in ("p2 resign", "p2 end"):
        with pytest.raises(IllegalAction) as refused:
            act(state, text)
        assert refused.value.code == "resigned"
    # the turn skips the seat that left
    act(state, "p1 end")
    assert state.current == P3
    act(state, "p3 roll") if state.phase == "roll" else None


def test_n33_resigning_on_ones_own_turn_passes_it_and_the_last_runner_wins():
    state, spots = lone_nodes(players=3)
    act(state, "p1 resign")
    assert state.current == P2 and state.phase == "roll" and state.turn == 2
    events = act(state, "p3 resign")
    assert GAME.is_over(state) and GAME.winners(state) == [P2]
    assert "game-over" in kinds(events)
    with pytest.raises(IllegalAction):
        act(state, "p2 resign")


def test_n33_resigning_during_a_discard_window():
    state, spots = lone_nodes(phase="discard", owed={P1: 2, P2: 1}, hands={P1: "9co", P2: "8ba"})
    act(state, "p2 resign")
    assert GAME.to_act(state) == {P1: "discard"}
    act(state, "p1 resign")
    assert GAME.is_over(state) and GAME.winners(state) == [P3]


def test_n33_resigning_during_setup_skips_the_runners_placements():
    match = Match(GAME, {"players": 3}, 2)
    match.submit(0, match.legal(0)[0])
    match.submit(0, match.legal(0)[0])
    match.submit(1, "p2 resign")
    assert match.to_act() == {2: "setup"}
    for seat in turns(match):
        if not match.state.phase.startswith("setup"):
            break
        assert seat != 1
        match.submit(seat, match.legal(seat)[0])
    assert match.to_act() == {0: "turn"}
    record = match.record()
    assert replay(record)[1].out == {1}
    assert Match.from_record(GAME, decode_record(encode_record(record))).digest() == match.digest()


def test_n33_a_resigned_runners_links_no_longer_cut_or_count():
    state, spots = lone_nodes(players=3)
    for e in state.topo.vertex_edges[spots[P2]][:2]:
        state.links[e] = P2
    before = digest(state)
    act(state, "p2 resign")
    assert digest(state) != before and state.lengths[P2] == 0
