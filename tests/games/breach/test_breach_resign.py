"""Breach resigning, D24 in docs/rules/breach.md: one test per part of the
decision (who may resign and when, the resigner's cards, markers and
reminders, the block window it is part of, its turn, the round-counted
lockdown, the last seat left), each failing if that part were broken."""

from __future__ import annotations

from collections import Counter

import pytest

from support.playing import bot_moves, play, turns
from support.breach_helpers import GAME, POS_BY_NAME, act, at, fresh, give, refused
from support.breach_helpers import where_cards_are
from netarcade.core import Match
from netarcade.core.actors import RandomActor
from netarcade.core.prng import Rng
from netarcade.games.breach.actions import Resign, parse_action
from netarcade.games.breach.cards import deck_of
from netarcade.games.breach.legal import ahead_of
from netarcade.games.breach.state import EXPLOITS as EXPLOITS_PHASE, MODIFY, OVER, WINDOW


def playing(players=3, first=0):
    """P1 to act in the Exploits step (after Run Exploits); ``first`` is the first player (D5)."""
    state = fresh(players)
    state.first = first
    act(state, "p1 run")
    return state


def test_D24_resign_is_open_to_any_seat_still_playing_at_any_moment_and_never_listed():
    state = playing()
    assert GAME.format_action(parse_action("p3 resign")) == "p3 resign"
    for seat in range(3):  # the mover and the seats waiting alike
        GAME.check(state, Resign(seat))
        assert not any(isinstance(a, Resign) for a in GAME.legal_actions(state, seat))
    give(state, 0, ["trace"]), give(state, 1, ["lag", "lag"]), give(state, 2, ["wipe", "wipe"])
    at(state, 1, "2t")  # ahead of P1, a Pressure target (D31)
    act(state, "p1 play trace p2")
    assert GAME.to_act(state) == {1: "response"}
    GAME.check(state, Resign(2))  # in a block window, not asked yet
    act(state, "p3 resign")
    refused(state, "p3 resign", "resigned")  # twice
    refused(state, "p3 pass", "resigned")
    act(state, "p2 resign")
    assert state.phase == OVER and state.winners == [0]
    refused(state, "p1 resign", "game-over")


def test_D24_the_resigners_cards_go_and_the_reminders_it_gave_stay():
    state = playing()
    give(state, 1, ["lag", "wipe", "splice"])
    state.exposure[1] = 3
    state.reminders = [["lag", 1, 0], ["shadow", 1, 1], ["lag", 2, 0], ["overclock", 0, 0]]
    for card in ("lag", "shadow", "lag", "overclock"):
        state.deck.remove(card)
    assert where_cards_are(state) == Counter(deck_of(state.rules))
    discard = len(state.discard)
    events = act(state, "p2 resign")
    assert state.hands[1] == [] and state.exposure[1] == 0
    assert len(state.discard) == discard + 5  # 3 Exploits and its 2 reminders
    assert state.reminders == [["lag", 2, 0], ["overclock", 0, 0]]  # what others hold stays
    assert where_cards_are(state) == Counter(deck_of(state.rules))
    # D17: the hand's discard is announced by count only
    assert {"seat": 1, "count": 3, "why": "resign"} in [e.data for e in events if e.kind == "discard"]


def test_D24_markers_stay_inert_and_the_resigner_is_nobodys_target_or_winner():
    state = playing()
    at(state, 1, "6t")
    state.route[1][:6] = [1, 3, 5, 7, 9, -2]  # owes markers in layers 1-5
    route, progress = list(state.route[1]), state.progress(1)
    give(state, 0, ["trace", "lag"])
    assert "p2" in [f"p{s + 1}" for s in ahead_of(state, 0)]
    act(state, "p2 resign")
    assert state.at[1] == POS_BY_NAME["6t"] and state.route[1] == route
    assert state.progress(1) == progress and GAME.scores(state)[1] == progress  # the chart keeps it
    assert 1 not in ahead_of(state, 0)
    assert not any(t.startswith("p1 play trace p2") for t in map(GAME.format_action, GAME.legal_actions(state, 0)))
    view = GAME.view(state, 0)
    assert view["resigned"] == [1] and view["seats"][1]["resigned"] and view["seats"][1]["markers"]


def _window(players=4):
    """P1 plays TRACE on P3; P2, P3 and P4 each hold two Exploits to answer with."""
    state = playing(players)
    give(state, 0, ["trace", "lag", "lag"])
    for seat in range(1, players):
        give(state, seat, ["wipe", "wipe"] if seat != 2 else ["splice", "splice"])
    at(state, 2, "3t")
    act(state, "p1 play trace p3")
    return state


def test_D24_an_exploit_played_by_the_resigner_is_void_and_its_turn_passes():
    state = _window()
    act(state, "p2 block wipe wipe")
    assert GAME.to_act(state) == {0: "response"}
    act(state, "p1 resign")
    assert state.window is None and state.exposure[2] == 0  # no effect
    assert state.discard.count("trace") == 1 and state.discard.count("wipe") == 2  # the block stays spent
    assert state.current == 1 and state.phase == MODIFY
    assert where_cards_are(state) == Counter(deck_of(state.rules))


def test_D24_an_exploit_aimed_at_the_resigner_is_void_and_the_player_plays_on():
    state = _window()
    act(state, "p3 resign")  # the target, not asked yet
    assert state.window is None and state.phase == EXPLOITS_PHASE and state.current == 0
    assert "trace" in state.discard and state.played == {"trace": 1}  # the play still counts
    assert GAME.to_act(state) == {0: "turn"}


def test_D24_an_asked_seat_that_resigns_has_passed_and_a_later_one_leaves_the_queue():
    state = _window()
    act(state, "p4 resign")  # later in the queue
    assert state.window["queue"] == [1, 2] and GAME.to_act(state) == {1: "response"}
    act(state, "p2 resign")  # the seat asked: as a pass, the next is asked
    assert GAME.to_act(state) == {2: "response"}
    act(state, "p3 pass")
    assert state.exposure[2] == 1 and state.phase == EXPLOITS_PHASE  # TRACE resolved
    state = _window()
    act(state, "p2 pass", "p3 pass")
    assert GAME.to_act(state) == {3: "response"}
    act(state, "p4 resign")  # the last seat asked: the Exploit resolves
    assert state.exposure[2] == 1 and state.window is None and state.current == 0


@pytest.mark.parametrize("countered", [False, True])
def test_D24_a_blocker_that_resigns_stops_and_the_exploit_goes_through(countered):
    state = _window()
    act(state, "p2 block wipe wipe")
    if countered:
        act(state, "p1 counter lag lag")
        assert GAME.to_act(state) == {1: "response"}
    act(state, "p2 resign")  # whether it was the blocker's answer or the player's
    assert state.exposure[2] == 1 and state.window is None and state.phase == EXPLOITS_PHASE
    assert state.current == 0


def test_D24_the_resigners_own_turn_ends_at_once_and_turns_skip_it():
    state = fresh(4)
    state.first = 0
    act(state, "p1 run", "p1 move", "p1 safe")
    act(state, "p1 resign")
    assert state.current == 1 and state.phase == MODIFY and state.dice == [] and state.bw == 0
    act(state, "p3 resign")  # out of turn
    act(state, "p2 laylow")
    assert state.current == 3  # P3 skipped
    act(state, "p4 laylow")
    assert state.current == 1  # P1 skipped


def test_D24_D19_the_lockdown_still_counts_rounds_when_the_first_player_resigned():
    match = Match(GAME, {"players": 3, "rounds": 5}, 8)
    state = match.state
    first = state.first
    assert first == 1  # not seat 0: rounds follow the first player's place, not seat numbers
    match.play(Resign(first))  # its turn ends at once; its place still marks the rounds
    for seat in turns(match):
        assert seat != first
        match.play(parse_action(f"p{seat + 1} laylow"))
    assert match.version - 1 == 2 * 5 and state.round == 5  # 5 rounds of the 2 seats left
    assert GAME.view(state, None)["round"] == 5
    assert first not in state.winners and state.winners  # all tied at the Edge: both still playing win
    assert sorted(state.winners) == sorted(s for s in range(3) if s != first)


def test_D24_the_lockdown_winners_are_the_farthest_along_still_playing():
    state = fresh(3)
    state.first = 0
    state.rounds = state.round = 5  # the last round
    at(state, 1, "9t")  # the farthest along, but it resigns
    state.route[1][:9] = [1, 3, 5, 7, 9, 11, 13, 15, 17]
    at(state, 2, "2t")
    state.route[2][:2] = [1, 3]
    act(state, "p2 resign", "p1 laylow")
    assert state.phase == MODIFY and state.current == 2
    act(state, "p3 laylow")
    assert state.phase == OVER and state.winners == [2]


def test_D24_the_last_seat_left_wins_at_once_even_in_a_block_window():
    state = playing(2)
    give(state, 0, ["trace", "lag"]), give(state, 1, ["wipe", "wipe"])
    at(state, 1, "2t")  # ahead of P1, a Pressure target (D31)
    act(state, "p1 play trace p2")
    assert state.phase == WINDOW
    events = act(state, "p1 resign")
    assert state.phase == OVER and state.winners == [1] and state.window is None
    assert [e.kind for e in events][-1] == "last-left"
    assert where_cards_are(state) == Counter(deck_of(state.rules))
    assert GAME.to_act(state) == {}


def test_D24_bots_play_on_after_a_resignation_and_a_resigner_never_wins():
    from netarcade.bots import make_bot

    match = Match(GAME, {"players": 3}, 11, undo=False, actor=RandomActor(Rng(11)))
    bots = [make_bot("greedy", seat, GAME) for seat in range(3)]
    match.play(Resign(1))
    play(match, bot_moves(match, bots))
    assert 1 not in match.winners() and 1 not in match.to_act()
    assert where_cards_are(match.state) == Counter(deck_of(match.state.rules))
