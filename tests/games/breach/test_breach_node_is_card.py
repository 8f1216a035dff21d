"""Breach D36 (docs/rules/breach.md): from rules edition 2 on, a Node is its
card. The print's "each Node's ENTER, STOP, and EXIT can affect you at most
once per turn" follows the card when REROUTE or SPLICE moves it: a card whose
EXIT resolved for the mover does not resolve again this turn (nor pay its
Bandwidth again), and a card the mover entered this turn may not be entered
again wherever it lies now (the card it started on may: its ENTER has not
affected it this turn, and the place it started on stays closed, D27). Edition 1 keeps its old reading
(D22) and its records replay unchanged (tests/games/breach/test_breach_edition.py)."""

from __future__ import annotations

import pytest

from support.breach_helpers import GAME, POS_BY_NAME, act, at, fresh, give, place, refused
from netarcade.games.breach.rules import start_turn


def legal(state):
    return [GAME.format_action(a) for a in GAME.legal_actions(state, state.current)]


def begin(state, where, seat=0):
    """``seat`` stands on ``where`` and its turn starts there (start_turn)."""
    at(state, seat, where)
    state.turn -= 1
    start_turn(state, seat)
    return state


def noise_floor_position(rules):
    """The issue's position: two players, P1 on 5t holding Noise Floor (U10,
    EXIT -1 Exposure) at 3 Exposure with BACKDOOR, SPLICE and LAG; P2 holds no
    Exploit, so no block window opens. Every other Node near is plain."""
    state = fresh(players=2, rules=rules)
    place(state, p5t="U10", p5b="M11", p6t="M14", p6b="U14", p7t="U11", p7b="M11")
    place(state, p5b="U11", p7t="M11", p7b="U14", p6b="U03")
    begin(state, "5t")
    state.exposure[0] = 3
    give(state, 0, ["backdoor", "splice", "lag"])
    give(state, 1, [])
    return state


def exit_reasons(events):
    return [e.data["why"] for e in events if e.kind == "exposure" and e.data["why"].startswith("exit ")]


@pytest.mark.parametrize("rules", [1, 2, 3])
def test_D36_a_splice_that_brings_the_card_left_back_under_you_does_not_resolve_its_exit_again(rules):
    state = noise_floor_position(rules)
    events = act(state, "p1 run", "p1 play backdoor 6t")
    assert state.at[0] == POS_BY_NAME["6t"] and exit_reasons(events) == ["exit U10"]
    assert state.exposure[0] == 2  # 3, BACKDOOR's cost +1, Noise Floor's EXIT -1
    act(state, "p1 play splice 5t")  # U10 onto 6t, under P1
    assert state.network[POS_BY_NAME["6t"]] == "U10" and state.exposure[0] == 3
    act(state, "p1 move", "p1 safe")
    events = act(state, "p1 enter 7t")
    if rules == 1:  # D22: the place decides, so the card's EXIT resolves a second time
        assert exit_reasons(events) == ["exit U10"] and state.exposure[0] == 2
    else:
        assert exit_reasons(events) == [] and state.exposure[0] == 3


@pytest.mark.parametrize("rules", [1, 2, 3])
def test_D36_a_reroute_that_moves_the_start_card_lets_you_enter_it_but_not_exit_it_twice(rules):
    """REROUTE on the layer the turn started on: the start card (whose EXIT
    BACKDOOR resolved) now lies on 5b, next to P1 on 6t. Its ENTER has not
    affected P1 this turn, so P1 may enter it; leaving it, its EXIT stays spent."""
    state = noise_floor_position(rules)
    give(state, 0, ["backdoor", "reroute", "lag"])
    act(state, "p1 run", "p1 play backdoor 6t", "p1 play reroute 5")
    assert state.network[POS_BY_NAME["5b"]] == "U10" and state.exposure[0] == 3
    act(state, "p1 move", "p1 safe")
    # the place the turn started on stays closed from edition 2 on (D27)
    assert ("p1 enter 5t" in legal(state)) is (rules == 1)
    act(state, "p1 enter 5b")
    events = act(state, "p1 enter 6b")
    if rules == 1:  # its EXIT twice
        assert exit_reasons(events) == ["exit U10"] and state.exposure[0] == 2
    else:
        assert exit_reasons(events) == [] and state.exposure[0] == 3


@pytest.mark.parametrize("rules", [1, 2, 3])
def test_D36_a_card_entered_this_turn_cannot_be_entered_again_where_a_splice_put_it(rules):
    """BACKDOOR into Watchtower (ENTER +1 Exposure) on 6t, then SPLICE 6t sends
    it one layer on, to 7t, next to P1: entering it there would be its ENTER twice."""
    state = noise_floor_position(rules)
    place(state, p6t="M06", p7t="M11")
    act(state, "p1 run", "p1 play backdoor 6t", "p1 play splice 6t")
    assert state.network[POS_BY_NAME["7t"]] == "M06"
    act(state, "p1 move", "p1 safe")
    if rules == 1:
        events = act(state, "p1 enter 7t")
        assert [e.data["why"] for e in events if e.kind == "exposure"] == ["enter M06"]
        return
    assert "p1 enter 7t" not in legal(state) and "p1 enter 7b" in legal(state)
    refused(state, "p1 enter 7t", "cannot-enter")


@pytest.mark.parametrize("rules", [1, 3])
def test_D36_an_exit_whose_bandwidth_was_spent_gives_no_credit_again(rules):
    """Load Balancer (EXIT +1 Bandwidth) left by BACKDOOR (its Bandwidth lost
    outside Move, D15) and spliced back under P1: in edition 3 leaving it pays
    nothing, so a Node costing one more than the roll is not offered."""
    state = noise_floor_position(rules)
    place(state, p5t="M09", p7t="U07", p7b="U13", p6b="U11")  # 7t, 7b: Quiet Cell, Cold Storage, cost 3
    begin(state, "5t")
    give(state, 0, ["backdoor", "splice", "lag"])
    act(state, "p1 run", "p1 play backdoor 6t", "p1 play splice 5t", "p1 move", "p1 safe")
    assert state.network[POS_BY_NAME["6t"]] == "M09"
    state.dice, state.bw = [2], 2  # the roll, set: 2 Bandwidth
    offered = [t for t in legal(state) if t.startswith("p1 enter 7")]
    if rules == 1:
        assert offered == ["p1 enter 7t", "p1 enter 7b"]  # 2 + the EXIT's 1 pays for 3
        act(state, "p1 enter 7t")
        assert state.bw == 0
        return
    assert offered == []
    refused(state, "p1 enter 7t", "cannot-enter")
    events = act(state, "p1 enter 6b")  # Dead Letter Box, 1; nothing more to enter: Manifest
    assert [e.data["bw"] for e in events if e.kind == "stop"] == [1]  # 2 - 1, no EXIT Bandwidth


def test_D36_the_digest_names_the_cards_only_once_a_swap_moved_one():
    """Edition-2 records keep their digests (tests/games/breach/test_breach_edition3.py):
    the cards touched and exited join the canonical state only after a swap
    moved one of them, when the places no longer tell them."""
    state = noise_floor_position(3)
    act(state, "p1 run", "p1 play backdoor 6t")
    assert "touched" not in GAME.canonical(state) and state.exited == ["U10"]
    act(state, "p1 play splice 5t")
    canonical = GAME.canonical(state)
    assert canonical["touched"] == [[POS_BY_NAME["5t"], "U10"], [POS_BY_NAME["6t"], "M14"]]
    assert canonical["exited"] == ["U10"]
    copy = state.copy()
    assert GAME.canonical(copy) == canonical
    copy.exited.clear()
    assert GAME.canonical(copy) != canonical
