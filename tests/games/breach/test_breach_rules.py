"""A test per printed rule of Breach and per decision of docs/rules/breach.md,
each named after it; each fails if the rule were broken."""

from __future__ import annotations

import pytest

from support.breach_helpers import EDGE, GAME, POS_BY_NAME, ROOT, act, at, fresh, give, place, to_move
from netarcade.core import IllegalAction, Match, RandomActor
from netarcade.core.prng import Rng
from netarcade.games.breach.actions import Block, Enter, Play, Reroll, Speed, parse_action
from netarcade.games.breach.cards import DECK, EXPLOITS, NODES
from netarcade.games.breach.state import CRASH, DISCARD, DONE, EXPLOITS as EXPLOITS_PHASE, MODIFY, MOVE, REROLL, \
    SPEED, WINDOW


def legal(state, seat=None):
    seat = state.current if seat is None else seat
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def refused(state, text, code=None):
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, parse_action(text))
    if code:
        assert caught.value.code == code, caught.value
    return caught.value


# --- components and setup -----------------------------------------------------


def test_components_28_nodes_14_each_and_a_40_card_deck():
    assert len(NODES) == 28
    assert sum(n.net == "mainframe" for n in NODES) == 14 and sum(n.net == "undernet" for n in NODES) == 14
    assert all(n.cost == 1 for n in NODES if n.net == "mainframe" and n.id not in ("M04", "M13"))
    assert len(DECK) == 40 and {c.id for c in EXPLOITS} >= {"lag", "shadow", "backdoor", "overclock", "reroute"}
    assert any(c.family == "Pressure" for c in EXPLOITS)


def test_setup_deals_the_network_and_5_exploits_each():
    state = GAME.new_game({"players": 4}, 3)
    assert sorted(state.network) == sorted(n.id for n in NODES)
    assert all(len(h) == 5 for h in state.hands) and len(state.deck) == 40 - 20
    assert all(a == EDGE for a in state.at) and state.phase == MODIFY


def test_D10_two_players_remove_8_exploits_unseen():
    state = GAME.new_game({"players": 2}, 5)
    assert len(state.removed) == 8 and len(state.deck) + 10 + 8 == 40
    assert GAME.view(state, 0)["removed_count"] == 8
    assert "removed" not in GAME.view(state, "table")


def test_D5_first_player_drawn_from_the_seed():
    firsts = {GAME.new_game({"players": 4}, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.new_game({"players": 4}, 7)
    assert state.current == state.first


# --- Modify -----------------------------------------------------------------------


def test_run_exploits_refills_to_5_counting_exposure_and_payload_D7():
    state = fresh()
    give(state, 0, ["lag"])
    state.exposure[0], state.payload[0] = 2, True
    act(state, "p1 run")
    assert len(state.hands[0]) == 2 and state.hand_size(0) == 5 and state.phase == EXPLOITS_PHASE
    state = fresh()
    state.exposure[0] = 5
    act(state, "p1 run")
    assert len(state.hands[0]) == 5  # D7: nothing drawn at 5 or more


def test_lay_low_returns_2_exposure_discards_every_exploit_refills_and_ends_turn_D8():
    state = fresh()
    give(state, 0, ["lag"])
    state.exposure[0] = 3
    act(state, "p1 laylow")
    assert state.exposure[0] == 1 and "lag" in state.discard
    assert state.hand_size(0) == 5 and state.current == 1 and state.phase == MODIFY
    state = fresh()
    state.exposure[0] = 1
    act(state, "p1 laylow")
    assert state.exposure[0] == 0


def test_lay_low_keeps_a_payload_and_uses_up_lag_and_shadow_D9():
    state = fresh()
    state.payload[0] = True
    at(state, 0, "3t")
    state.reminders = [["lag", 0, 0], ["shadow", 0, 1]]
    state.deck.remove("lag"), state.deck.remove("shadow")
    act(state, "p1 laylow")
    assert state.payload[0] and state.reminders == [] and state.discard.count("lag") >= 1


# --- Exploits and their block window -------------------------------------------------------


def setup_play(players=3, **options):
    state = fresh(players, **options)
    act(state, "p1 run")
    return state


def test_D1_D4_pressure_targets_players_ahead_or_tied_and_the_sole_leader_cannot():
    # edition 1 (D4); edition 2 reads "tied" as printed: tests/games/breach/test_breach_edition.py (D31)
    state = setup_play(rules=1)
    give(state, 0, ["trace", "lag"])
    at(state, 0, "5t"), at(state, 1, "5b"), at(state, 2, "2t")
    assert "p1 play trace p2" in legal(state) and "p1 play trace p3" not in legal(state)
    at(state, 1, "4t")
    assert not any(t.startswith("p1 play trace") or t.startswith("p1 play lag") for t in legal(state))
    assert refused(state, "p1 play trace p2", "sole-leader")


def test_D1_a_payload_carrier_is_ahead_of_every_infiltrator():
    state = setup_play()
    give(state, 0, ["trace"])
    at(state, 0, "14t"), at(state, 1, "1t")
    state.payload[1] = True
    assert state.progress(1) > state.progress(0)
    assert "p1 play trace p2" in legal(state)


def test_D16_the_block_window_asks_from_the_left_one_seat_at_a_time():
    state = setup_play(4)
    give(state, 0, ["wipe"])
    state.exposure[0] = 1
    act(state, "p1 play wipe")
    assert state.phase == WINDOW and GAME.to_act(state) == {1: "response"}
    act(state, "p2 pass")
    assert GAME.to_act(state) == {2: "response"}
    act(state, "p3 pass")
    assert GAME.to_act(state) == {3: "response"}
    act(state, "p4 pass")
    assert state.exposure[0] == 0 and state.phase == EXPLOITS_PHASE  # resolved


def test_D16_seats_without_two_exploits_are_not_asked():
    state = setup_play(4)
    give(state, 0, ["wipe"]), give(state, 1, ["lag"])
    state.exposure[0] = 1
    act(state, "p1 play wipe")
    assert GAME.to_act(state) == {2: "response"}


def test_block_then_counter_alternate_and_whoever_stops_loses():
    state = setup_play(rules=1)  # edition 1's WIPE LOGS returns 1 (edition 2, D34: 2)
    give(state, 0, ["wipe", "lag", "lag"]), give(state, 1, ["trace", "trace", "shadow", "shadow"])
    state.exposure[0] = 2
    act(state, "p1 play wipe", "p2 block trace trace")
    assert GAME.to_act(state) == {0: "response"} and "p3 pass" not in legal(state, 2)
    act(state, "p1 counter lag lag")
    assert GAME.to_act(state) == {1: "response"}
    act(state, "p2 pass")  # the blocker stops: the Exploit resolves
    assert state.exposure[0] == 1 and state.discard.count("trace") == 2
    # the player stops: blocked
    state = setup_play()
    give(state, 0, ["wipe"]), give(state, 1, ["trace", "trace"])
    state.exposure[0] = 2
    act(state, "p1 play wipe", "p2 block trace trace", "p1 pass")
    assert state.exposure[0] == 2 and "wipe" in state.discard and state.phase == EXPLOITS_PHASE


def test_D3_a_blocked_play_counts_toward_its_limit_and_block_discards_have_no_effect():
    state = setup_play(rules=1)  # edition 1's OVERCLOCK is free (edition 2, D34: 1 Exposure)
    give(state, 0, ["overclock", "overclock"]), give(state, 1, ["trace", "lag"])
    act(state, "p1 play overclock", "p2 block lag trace", "p1 pass")
    assert "p1 play overclock" not in legal(state)
    assert refused(state, "p1 play overclock", "play-limit")
    assert state.reminders == [] and state.exposure == [0, 0, 0]  # the block's TRACE did nothing


def test_D3_a_cost_is_paid_when_played_even_if_blocked():
    state = setup_play()
    give(state, 0, ["reroute"]), give(state, 1, ["trace", "lag"])
    before = list(state.network)
    act(state, "p1 play reroute 3", "p2 block lag trace", "p1 pass")
    assert state.exposure[0] == 1 and state.network == before


def test_lag_is_an_ongoing_reminder_that_stops_a_sprint_and_is_used_up():
    state = setup_play()
    give(state, 0, ["lag"]), give(state, 1, []), give(state, 2, [])
    at(state, 1, "3t")
    act(state, "p1 play lag p2")
    assert state.reminders == [["lag", 1, 0]]
    state.current, state.phase = 1, SPEED
    assert legal(state, 1) == ["p2 safe"]
    act(state, "p2 safe")
    act(state, *[legal(state, 1)[0] for _ in range(1)])
    # a loop of its own: a scripted position, P2 playing on until its turn leaves the phase (no seat is chosen)
    while state.current == 1 and state.phase != MODIFY:
        act(state, legal(state, 1)[-1])
    assert all(r[0] != "lag" for r in state.reminders) and "lag" in state.discard


def test_overclock_adds_2_bandwidth_to_the_roll():
    state = setup_play()
    give(state, 0, ["overclock"]), give(state, 1, []), give(state, 2, [])
    act(state, "p1 play overclock", "p1 move", "p1 safe")
    assert state.bw == state.dice[0] + 2 and state.reminders == []


def test_shadow_link_makes_the_next_undernet_entry_free_and_expires_unused_D9():
    state = setup_play()
    give(state, 0, ["shadow"]), give(state, 1, []), give(state, 2, [])
    place(state, p1t="U14", p1b="U13")
    act(state, "p1 play shadow")
    assert state.reminders == [["shadow", 0, 0]]
    to_move(state, 1)
    assert "p1 enter 1t" in legal(state)
    act(state, "p1 enter 1t")
    assert state.bw == 1 and state.reminders == []
    # unused: kept through the owner's next turn, then gone
    state = fresh()
    state.reminders = [["shadow", 0, 0]]
    state.deck.remove("shadow")
    act(state, "p1 laylow")
    assert state.reminders == [["shadow", 0, 1]]
    state.current = 0
    act(state, "p1 laylow")
    assert state.reminders == []


def test_backdoor_is_a_free_node_entry_that_places_a_route_marker_D15():
    state = setup_play()
    give(state, 0, ["backdoor"]), give(state, 1, []), give(state, 2, [])
    place(state, p1t="M01", p1b="U14")
    act(state, "p1 play backdoor 1t")
    assert state.at[0] == POS_BY_NAME["1t"] and state.route[0][0] == POS_BY_NAME["1b"]
    assert state.exposure[0] == 1  # ENTER applies; its +1 BW is lost (D15)
    assert state.entered == [POS_BY_NAME["1t"]]
    assert "p1 play backdoor 3t" not in legal(state)


def test_network_rearranging_exploits_move_cards_not_route_markers():
    state = setup_play()
    give(state, 0, ["reroute", "splice"]), give(state, 1, []), give(state, 2, [])
    state.route[0][2] = POS_BY_NAME["3b"]
    top, bottom, next_top = state.network[4], state.network[5], state.network[6]
    act(state, "p1 play reroute 3")
    assert state.network[4] == bottom and state.network[5] == top
    act(state, "p1 play splice 3t")
    assert state.network[4] == next_top and state.network[6] == bottom
    assert state.route[0][2] == POS_BY_NAME["3b"]


def test_D11_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = fresh()
    give(state, 0, [])
    state.discard, state.deck = state.deck, []
    act(state, "p1 run")
    assert len(state.hands[0]) == 5 and state.discard == [] and len(state.deck) > 0
    state = fresh()
    give(state, 0, [])
    state.deck = []
    state.discard = ["lag", "lag"]
    act(state, "p1 run")
    assert len(state.hands[0]) == 2  # D11: both empty, drawing stops short


# --- Move -------------------------------------------------------------------------------


def test_D2_sprint_rolls_two_dice_for_one_exposure_and_not_with_4_exposure():
    state = setup_play()
    give(state, 0, [])
    act(state, "p1 move", "p1 sprint")
    assert len(state.dice) == 2 and state.exposure[0] == 1
    state = setup_play()
    state.exposure[0] = 4
    act(state, "p1 move")
    assert legal(state) == ["p1 safe"]
    refused(state, "p1 sprint")


def test_reroll_one_die_for_two_exploits_once():
    state = setup_play()
    give(state, 0, ["lag", "trace"])
    act(state, "p1 move", "p1 sprint")
    assert state.phase == REROLL
    keep = state.dice[0]
    act(state, "p1 reroll 2 lag trace")
    assert state.dice[0] == keep and state.bw == sum(state.dice) and state.rerolled
    assert state.phase in (MOVE, DISCARD, MODIFY) and state.hands[0] == []


def test_D23_no_reroll_step_without_two_exploits():
    state = setup_play()
    give(state, 0, ["lag"])
    act(state, "p1 move", "p1 safe")
    assert state.phase != REROLL


def test_entry_costs_and_each_node_at_most_once_per_turn_D22():
    state = fresh()
    place(state, p1t="M11", p1b="U14", p2t="M14", p2b="U01")
    to_move(state, 2)
    assert legal(state) == ["p1 enter 1t", "p1 enter 1b"]
    act(state, "p1 enter 1t")
    assert state.bw == 1 and legal(state) == ["p1 enter 2t", "p1 stop"]
    act(state, "p1 enter 2t")
    assert state.phase == MODIFY  # out of Bandwidth: movement ended by itself
    state = fresh(rules=1)  # edition 1; edition 2 (D27): tests/games/breach/test_breach_edition.py
    place(state, p1t="M11", p1b="M14")
    at(state, 0, "1t")
    to_move(state, 3)
    act(state, "p1 enter 1b")
    assert "p1 enter 1t" in legal(state)  # D22: the start Node was not entered this turn
    act(state, "p1 enter 1t")
    assert "p1 enter 1b" not in legal(state)


def test_must_move_if_affordable_and_may_stop_with_bandwidth_left():
    state = fresh()
    place(state, p1t="M11", p1b="M14")
    to_move(state, 4)
    assert "p1 stop" not in legal(state)
    refused(state, "p1 stop", "must-move")
    act(state, "p1 enter 1t", "p1 stop")
    assert state.current == 1


def test_no_affordable_node_ends_the_move_without_cooling_or_stop():
    state = fresh()
    give(state, 0, [])
    place(state, p1t="U06", p1b="U01", p2t="M11", p2b="M14")  # Safehouse under P1: no STOP
    at(state, 0, "1t")
    state.exposure[0] = 3
    state.current, state.phase = 0, SPEED
    state.rng = type(state.rng)(0)
    # a Move with 0 Bandwidth: nothing affordable
    to_move(state, 0)
    from netarcade.games.breach.rules import _begin_move
    _begin_move(state, [])
    assert state.exposure[0] == 3 and state.current == 1


def test_D14_a_dead_drop_only_with_a_way_on_and_never_stopped_on():
    state = fresh()
    place(state, p1t="U03", p1b="U14", p2t="U13", p2b="U01")  # Ghost Relay (1), then 3s and 2s
    to_move(state, 2)
    assert "p1 enter 1t" not in legal(state)  # 1 left after it; every next Node costs 2+
    to_move(state, 3)
    assert "p1 enter 1t" in legal(state)
    act(state, "p1 enter 1t")
    assert "p1 stop" not in legal(state)


def test_route_markers_are_placed_beside_the_node_not_entered_and_taken_back():
    state = fresh()
    place(state, p1t="M11", p1b="M14")
    to_move(state, 3)
    act(state, "p1 enter 1t")
    assert state.route[0][0] == POS_BY_NAME["1b"]
    act(state, "p1 enter 1b")
    assert state.route[0][0] == DONE
    assert GAME.view(state, 1)["seats"][0]["complete"] == [1]


def test_D13_enter_and_exit_timing_exit_bandwidth_pays_the_next_entry():
    state = fresh()
    place(state, p1t="M09", p1b="M14", p2t="U14", p2b="U01")  # Load Balancer: EXIT +1 BW
    at(state, 0, "1t")
    to_move(state, 1)
    assert "p1 enter 2t" in legal(state)
    act(state, "p1 enter 2t")
    assert state.bw == 0
    state = fresh()
    place(state, p1t="M01", p1b="M14")  # Data Highway: ENTER +1 BW, +1 EXP
    to_move(state, 1)
    act(state, "p1 enter 1t")
    assert state.exposure[0] == 1 and state.bw == 1


def test_manifest_cooling_on_blue_then_stop_then_hand_then_exposure():
    state = fresh()
    place(state, p1t="U01", p1b="M14")  # Dark Pool: STOP -1 EXP
    give(state, 0, [])
    state.exposure[0] = 4
    to_move(state, 6)
    act(state, "p1 enter 1t", "p1 stop")  # 4 unused: cooling 2, then STOP 1
    assert state.exposure[0] == 1 and state.current == 1


def test_manifest_discards_down_to_5_but_never_exposure_or_the_payload():
    state = fresh()
    place(state, p1t="U09", p1b="M14")  # Smuggler's Den: STOP draw 2
    give(state, 0, ["lag", "lag", "trace"])
    state.exposure[0], state.payload[0] = 1, True
    at(state, 0, "2t")
    to_move(state, 2)
    act(state, "p1 enter 1t", "p1 stop")
    assert state.phase == DISCARD and GAME.to_act(state) == {0: "discard"}
    while state.phase == DISCARD:
        act(state, legal(state)[0])
    assert state.hand_size(0) == 5 and state.exposure[0] == 1 and state.payload[0]


def test_exposure_never_goes_below_0():
    state = fresh()
    place(state, p1t="U13", p1b="M14")  # Cold Storage: STOP -3
    state.exposure[0] = 1
    to_move(state, 3)
    act(state, "p1 enter 1t")
    assert state.exposure[0] == 0


def test_D12_exposure_beyond_the_24_card_supply_is_tallied():
    state = fresh(5)
    state.exposure = [5, 5, 5, 5, 4]
    view = GAME.view(state, 0)
    assert view["exposure_supply"] == 0 and view["exposure_tally"] == 0
    state.exposure[4] = 6
    assert GAME.view(state, 0)["exposure_tally"] == 2


# --- the Crash Protocol ---------------------------------------------------------------------------


def crash_at(state, where, exposure=5):
    at(state, 0, where)
    state.exposure[0] = exposure
    to_move(state, 0)
    from netarcade.games.breach.rules import _manifest
    _manifest(state, [])
    while state.phase == DISCARD:  # the hand is reconciled before the check
        act(state, legal(state)[0])


def blue_layers(state, *layers):
    """Only the given layers hold a legal blue Node (their top); all else red."""
    reds = [n.id for n in NODES if n.net == "mainframe"]
    blues = [n.id for n in NODES if n.net == "undernet" and not n.dead_drop]
    for layer in range(1, 15):
        for side in "tb":
            card = blues.pop() if (layer in layers and side == "t") else None
            if card is None:
                card = reds.pop() if reds else None
            if card:
                place(state, **{f"p{layer}{side}": card})
    return state


def test_crash_infiltrating_retreats_3_layers_then_to_the_first_blue_node_D18():
    state = fresh()
    blue_layers(state, 4, 6)
    give(state, 0, ["lag", "trace"])
    crash_at(state, "10t")
    assert state.at[0] == POS_BY_NAME["6t"] and state.exposure[0] == 0 and state.hands[0] == []
    assert state.crashes[0] == 1 and state.current == 1


def test_crash_into_edge_when_no_blue_node_remains_or_the_retreat_reaches_it():
    state = fresh()
    blue_layers(state, 9)
    crash_at(state, "8t")
    assert state.at[0] == EDGE
    state = fresh()
    crash_at(state, "2t")
    assert state.at[0] == EDGE


def test_crash_never_uses_a_dead_drop_as_checkpoint():
    state = fresh()
    blue_layers(state, 3)
    place(state, p6t="U03")  # Ghost Relay: blue but a Dead Drop
    crash_at(state, "9t")
    assert state.at[0] == POS_BY_NAME["3t"]


def test_crash_exfiltrating_with_the_payload_returns_to_root_and_keeps_it():
    state = fresh()
    state.payload[0] = True
    state.route[0][3] = POS_BY_NAME["4b"]
    crash_at(state, "5t")
    assert state.at[0] == ROOT and state.payload[0] and state.route[0][3] == POS_BY_NAME["4b"]


def test_crash_at_root_returns_the_payload_and_retreats_past_layer_12():
    state = fresh(rules=1)  # D18, edition 1; edition 2 (D32): tests/games/breach/test_breach_edition.py
    place(state, p13t="U01", p12t="U02", p11t="U05", p11b="M11")
    state.payload[0] = True
    crash_at(state, "root")
    assert not state.payload[0] and state.at[0] == POS_BY_NAME["11t"]


def test_D18_the_crashing_player_chooses_when_both_nodes_are_blue():
    state = fresh()
    blue_layers(state)
    place(state, p5t="U01", p5b="U02")
    crash_at(state, "8t")
    assert state.phase == CRASH and legal(state) == ["p1 crash 5t", "p1 crash 5b"]
    act(state, "p1 crash 5b")
    assert state.at[0] == POS_BY_NAME["5b"] and state.current == 1


# --- Root and winning ------------------------------------------------------------------------------


def test_root_needs_1_bandwidth_gives_the_payload_and_cancels_the_rest():
    state = fresh()
    give(state, 0, [])
    at(state, 0, "14t")
    to_move(state, 0)
    assert "p1 enter root" not in legal(state)
    to_move(state, 4)
    act(state, "p1 enter root")
    assert state.at[0] == ROOT and state.payload[0] and state.bw == 0 and state.current == 1
    assert state.hand_size(0) == 1


def test_root_exit_roll_compared_with_exposure_then_overclock_D21():
    for seed in range(40):
        state = fresh(seed=seed, rules=1)  # edition 1's OVERCLOCK is free (edition 2, D34: 1 Exposure)
        act(state, "p1 run")
        give(state, 0, ["overclock"]), give(state, 1, []), give(state, 2, [])
        at(state, 0, "root")
        state.payload[0] = True
        state.exposure[0] = 3
        act(state, "p1 play overclock", "p1 move")
        roll = state.dice[0]
        assert state.root_exit and len(state.dice) == 1
        if roll < 3:
            assert state.exposure[0] == 4 and state.slow[0] == 2
            return
        assert state.exposure[0] == 3
    raise AssertionError("no low roll in 40 seeds")


def test_a_bad_root_exit_roll_forbids_sprint_next_turn():
    state = fresh()
    state.slow[0] = 1
    act(state, "p1 run")
    give(state, 0, [])
    act(state, "p1 move")
    assert legal(state) == ["p1 safe"]


def test_leaving_root_stays_when_neither_node_is_affordable():
    state = fresh()
    place(state, p14t="U13", p14b="U07")  # both cost 3
    give(state, 0, [])
    at(state, 0, "root")
    state.payload[0] = True
    to_move(state, 2)
    state.root_exit = True
    from netarcade.games.breach.rules import _begin_move
    _begin_move(state, [])
    assert state.at[0] == ROOT and state.current == 1


def test_winning_needs_payload_layer_1_no_route_markers_and_2_bandwidth():
    state = fresh()
    at(state, 0, "1t")
    state.payload[0] = True
    state.route[0] = [DONE] * 14
    to_move(state, 1)
    assert "p1 enter edge" not in legal(state)
    to_move(state, 2)
    state.route[0][5] = POS_BY_NAME["6b"]
    assert "p1 enter edge" not in legal(state)
    state.route[0][5] = DONE
    act(state, "p1 enter edge")
    assert GAME.is_over(state) and GAME.winners(state) == [0] and GAME.scores(state)[0] == 30


def test_D19_lockdown_ends_the_game_and_the_farthest_along_win():
    rng = Rng(2)
    match = Match(GAME, {"players": 3, "rounds": 5}, 2, actor=RandomActor(rng))
    match.play_out(lambda seat: rng.choice(match.legal_actions(seat)), 20_000)
    assert match.over and match.turn <= 15
    best = max(match.scores())
    assert match.winners() == [s for s, v in enumerate(match.scores()) if v == best]


# --- contract details -----------------------------------------------------------------------------------


def test_D20_notation_round_trips_and_starts_with_the_seat():
    for text in ("p1 run", "p2 laylow", "p1 play trace p3", "p1 play backdoor 4t", "p1 play reroute 5",
                 "p1 play wipe", "p1 move", "p2 block lag trace", "p1 counter wipe wipe", "p2 pass",
                 "p1 safe", "p1 sprint", "p1 reroll 2 lag trace", "p1 keep", "p1 enter 5t", "p1 enter root",
                 "p1 stop", "p1 discard lag", "p1 crash 9b"):
        assert GAME.format_action(parse_action(text)) == text


@pytest.mark.parametrize("bad", [Play(0, "wipe", 3), Play(True, "wipe", None), Block(1, 2, "lag"),
                                 Reroll(0, 1.0, "lag", "trace"), Reroll(0, True, "lag", "trace"),
                                 Speed(0, None), Enter(0, ["1t"]), Enter(0, "99t"), Play(0, ["x"], None),
                                 "p1 run", None])
def test_check_refuses_malformed_values_with_illegal_action(bad):
    state = setup_play()
    before = GAME.canonical(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, bad)
    assert GAME.canonical(state) == before


def test_D17_a_seat_sees_its_own_exploits_and_counts_of_the_others():
    state = fresh()
    view = GAME.view(state, 1)
    assert view["seats"][1]["exploits"] == sorted(state.hands[1], key=[c.id for c in EXPLOITS].index)
    assert view["seats"][0]["exploits"] is None and view["seats"][0]["exploit_count"] == 5
    assert all(s["exploits"] is not None for s in GAME.view(state, "table")["seats"])
    assert "deck" not in view and "rng" not in view
