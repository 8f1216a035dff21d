"""Breach rules edition 2 (docs/rules/breach.md, D26-D34), one test per change
and per decision, and the ``rules`` option that keeps every record made
before it replaying as edition 1, to its old digest.

``vectors/breach-links-v1.json`` was written by the arcade before the
edition existed: seed links of 2-5 players, halfway and finished, among them
games that step back onto the Node a turn started on (D22), enter the Edge on
a layer-1 EXIT's credit, end in a lockdown and crash at Root."""

from __future__ import annotations

import json
import pathlib

import pytest

from support.breach_helpers import GAME, POS_BY_NAME, act, at, fresh, give, place, refused, to_move
from netarcade.core import Match, decode_record, digest
from netarcade.core.errors import InvalidOption
from netarcade.games import replay
from netarcade.games.breach.cards import DECK, DECK_2, EXPLOIT, EXPLOIT_2, exploits_of
from netarcade.games.breach.rules import _manifest, start_turn
from netarcade.games.breach.state import DISCARD, MODIFY, MOVE
from netarcade.relay.room import Room
from netarcade.relay.store import SqliteStore, StoredRoom
from netarcade.web.newgame import form_fields
from netarcade.web.session import Session, decode_link

LINKS = json.loads((pathlib.Path(__file__).resolve().parents[2] / "vectors" / "breach-links-v1.json").read_text())


def legal(state, seat=None):
    seat = state.current if seat is None else seat
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def begin(state, where, seat=0):
    """``seat`` stands on ``where`` and its turn starts there (start_turn)."""
    at(state, seat, where)
    state.turn -= 1
    start_turn(state, seat)
    return state


# --- D27: each Node once a turn, the start Node included -----------------------------


@pytest.mark.parametrize("rules", [1, 2])
def test_D27_the_start_node_counts_as_entered_so_its_exit_resolves_once(rules):
    state = fresh(rules=rules)
    place(state, p1t="M09", p1b="M11", p2t="M14", p2b="M06")  # Load Balancer: EXIT +1 Bandwidth
    begin(state, "1t")
    to_move(state, 3)
    act(state, "p1 enter 1b")  # leaves the Load Balancer: its EXIT, +1
    assert state.bw == 3
    if rules == 1:  # D22: the start Node was not entered this turn, so back onto it and off again
        act(state, "p1 enter 1t", "p1 enter 2t")
        # 3 +1 -1 (1b), -1 (1t), +1 -1 (2t): the Load Balancer's EXIT twice in one turn
        assert state.bw == 2 and state.entered == [POS_BY_NAME[p] for p in ("1b", "1t", "2t")]
        return
    assert "p1 enter 1t" not in legal(state)
    refused(state, "p1 enter 1t", "cannot-enter")
    act(state, "p1 enter 2t")
    assert state.bw == 2 and state.entered == [POS_BY_NAME["1b"], POS_BY_NAME["2t"]]
    # the next turn starts elsewhere: that Node is the one closed then
    begin(state, "2t")
    assert state.start == POS_BY_NAME["2t"] and state.entered == []


def test_D27_a_dead_drop_needs_a_way_on_that_is_not_the_start_node():
    """D14 looks past a Dead Drop to a Node not entered this turn: in edition 2
    the start Node is no way on."""
    for rules, offered in ((1, True), (2, False)):
        state = fresh(rules=rules)
        # 1t Proxy (start), 1b a Dead Drop for 0; every other neighbour of 1b costs 3 or is a Dead Drop
        place(state, p1t="M11", p1b="M04", p2t="U07", p2b="U13")
        begin(state, "1t")
        to_move(state, 1)
        assert ("p1 enter 1b" in legal(state)) is offered, rules


# --- D28: entering the Edge resolves the layer-1 EXIT ----------------------------------


def transmit_position(rules):
    """P1 carries the Payload on layer 1's Overclocked Core (EXIT +2 Bandwidth, +1
    Exposure) with no route marker left and no Bandwidth: the EXIT pays the Edge."""
    state = fresh(rules=rules)
    place(state, p1t="M10")
    begin(state, "1t")
    state.payload[0] = True
    state.route[0] = [-2] * 14
    return to_move(state, 0)


def test_D28_entering_the_edge_resolves_the_exit_and_bandwidth_is_never_negative():
    state = transmit_position(2)
    assert legal(state)[-1] == "p1 enter edge"
    events = act(state, "p1 enter edge")
    assert state.winners == [0] and state.bw == 0 and state.exposure[0] == 1
    assert [e.data["why"] for e in events if e.kind == "exposure"] == ["exit M10"]
    old = transmit_position(1)
    act(old, "p1 enter edge")
    assert old.winners == [0] and old.bw == -2 and old.exposure[0] == 0  # the EXIT never resolved


# --- D29: Root and the Edge are not Nodes a player must enter ------------------------


def only_root_position(rules):
    """P1 infiltrating on 14t with 1 Bandwidth: every Node next to it costs 2,
    Root 1."""
    state = fresh(rules=rules)
    place(state, p14t="M11", p14b="U01", p13t="U02", p13b="U05")
    begin(state, "14t")
    return to_move(state, 1)


def test_D29_root_alone_open_the_player_may_end_movement_instead():
    state = only_root_position(2)
    assert legal(state) == ["p1 enter root", "p1 stop"]
    events = act(state, "p1 stop")
    stop = next(e for e in events if e.kind == "stop")
    assert stop.data["moved"] is False and state.at[0] == POS_BY_NAME["14t"] and not state.payload[0]
    assert state.current == 1
    state = only_root_position(2)
    act(state, "p1 enter root")
    assert state.payload[0]
    old = only_root_position(1)  # edition 1: Root is forced
    assert legal(old) == ["p1 enter root"]
    refused(old, "p1 stop", "must-move")


def test_D29_a_node_still_must_be_entered_when_one_is_affordable():
    state = only_root_position(2)
    state.bw = 2  # 14b is affordable now: enter a Node or Root, but no stop
    assert legal(state) == ["p1 enter 13t", "p1 enter 13b", "p1 enter 14b", "p1 enter root"]
    refused(state, "p1 stop", "must-move")


# --- D30: leaving Root, the Move goes on -------------------------------------------------


@pytest.mark.parametrize("rules", [1, 2])
def test_D30_after_leaving_root_the_infiltrator_keeps_moving(rules):
    state = fresh(rules=rules)
    place(state, p14t="M11", p13t="M14", p13b="M06")
    begin(state, "root")
    state.payload[0] = True
    to_move(state, 3)
    state.root_exit = True
    act(state, "p1 enter 14t")
    assert state.phase == MOVE and state.bw == 2
    assert {"p1 enter 13t", "p1 enter 13b", "p1 stop"} <= set(legal(state))
    act(state, "p1 enter 13t")
    assert state.at[0] == POS_BY_NAME["13t"]


# --- D31: tied players are not ahead -------------------------------------------------------


def test_D31_pressure_targets_only_players_farther_along():
    state = fresh(rules=2)
    act(state, "p1 run")
    give(state, 0, ["trace", "lag"])
    assert not any(t.startswith("p1 play trace") for t in legal(state))  # all at the Edge: tied
    at(state, 0, "5t"), at(state, 1, "5b"), at(state, 2, "6t")
    assert [t for t in legal(state) if t.startswith("p1 play trace")] == ["p1 play trace p3"]
    error = refused(state, "p1 play trace p2", "bad-target")  # tied with P1
    at(state, 2, "2t")  # P1 and P2 lead together: no target for either
    error = refused(state, "p1 play lag p2", "sole-leader")
    assert "tied players are not" in str(error)
    old = fresh(rules=1)
    act(old, "p1 run")
    give(old, 0, ["trace"])
    assert "p1 play trace p2" in legal(old)  # D4: tied counts as ahead


# --- D32: a crash at Root counts layer 12 ----------------------------------------------------


def crash_at_root(rules):
    state = fresh(rules=rules)
    place(state, p13t="U01", p12t="U02", p11t="U05", p11b="M11")
    state.payload[0] = True
    at(state, 0, "root")
    state.exposure[0] = 5
    to_move(state, 0)
    _manifest(state, [])
    while state.phase == DISCARD:
        act(state, legal(state)[0])
    return state


def test_D32_a_crash_at_root_stops_at_the_first_blue_node_from_layer_12_on():
    state = crash_at_root(2)
    assert not state.payload[0] and state.at[0] == POS_BY_NAME["12t"]
    assert crash_at_root(1).at[0] == POS_BY_NAME["11t"]  # D18: layer 12 never counted


# --- D33: the lockdown is an option; 0 plays as printed ----------------------------------------


def test_D33_rounds_0_means_no_lockdown_and_1_to_4_are_refused():
    assert GAME.validate_options({"rounds": 0})["rounds"] == 0
    for bad in (1, 4, -1, 201):
        with pytest.raises(InvalidOption) as caught:
            GAME.validate_options({"rounds": bad})
        assert caught.value.name == "rounds"
    state = fresh(rules=2, rounds=0)
    state.first, state.round = 0, 500
    for seat in range(3):  # a whole round ends: no lockdown, the next one starts
        act(state, f"p{seat + 1} laylow")
    assert state.phase == MODIFY and state.current == 0 and state.round == 501 and not state.winners
    state = fresh(rules=2, rounds=5)
    state.first, state.round = 0, 5
    for seat in range(3):
        act(state, f"p{seat + 1} laylow")
    assert state.winners == [0, 1, 2]  # the lockdown (D19), all at the Edge


# --- D34: the Exploit deck of edition 2 ---------------------------------------------------------


def test_D34_the_edition_2_deck_and_edition_1_keeps_its_cards():
    assert len(DECK_2) == len(DECK) == 40 and list(EXPLOIT_2) == list(EXPLOIT)
    assert DECK_2.count("overclock") == 4 and DECK_2.count("reroute") == 5 and DECK.count("overclock") == 6
    assert EXPLOIT_2["overclock"].cost == 1 and EXPLOIT["overclock"].cost == 0
    assert EXPLOIT_2["wipe"].limit == 1 and EXPLOIT["wipe"].limit == 2
    assert "return up to 2 Exposure" in EXPLOIT_2["wipe"].text and "return 1 Exposure" in EXPLOIT["wipe"].text
    assert exploits_of(1) is EXPLOIT and exploits_of(2) is EXPLOIT_2
    new, old = GAME.new_game({"players": 4}, 3), GAME.new_game({"players": 4, "rules": 1}, 3)
    assert sorted(new.deck + sum(new.hands, [])) == sorted(DECK_2)
    assert sorted(old.deck + sum(old.hands, [])) == sorted(DECK)


@pytest.mark.parametrize("rules", [1, 2])
def test_D34_overclock_costs_1_exposure_and_wipe_logs_returns_2_once_a_turn(rules):
    state = fresh(rules=rules)
    act(state, "p1 run")
    give(state, 1, []), give(state, 2, []), give(state, 0, ["overclock", "wipe", "wipe"])
    state.exposure[0] = 3
    act(state, "p1 play overclock")
    assert state.exposure[0] == (4 if rules == 2 else 3)
    act(state, "p1 play wipe")
    assert state.exposure[0] == (2 if rules == 2 else 2)
    if rules == 2:
        refused(state, "p1 play wipe", "play-limit")
    else:
        act(state, "p1 play wipe")
        assert state.exposure[0] == 1


def test_D34_the_page_shows_the_cards_of_the_game_in_play():
    from netarcade.web.games.breach.views import deck_panel

    assert "return up to 2 Exposure" in deck_panel() and "OVERCLOCK" in deck_panel()

    class Old:
        def view(self):
            return {"options": {"rules": 1}}

    assert "return 1 Exposure" in deck_panel(Old()) and "return up to 2" not in deck_panel(Old())


# --- D26: the rules option ---------------------------------------------------------------------


def test_D26_new_games_are_edition_3_and_the_option_is_no_form_field():
    assert Match(GAME, {}, 9).options == {"players": 4, "rounds": 40, "rules": 3}
    assert "rules" not in {field["name"] for field in form_fields("breach")}
    assert decode_link("play=breach&seats=human,greedy&seed=9")[0].options["rules"] == 3
    assert decode_link("play=breach&seats=human,greedy&seed=9&rules=1")[0].options["rules"] == 1
    assert decode_link("play=breach&seats=human,greedy&seed=9&rules=2")[0].options["rules"] == 2
    for bad in (0, 4, "2.0", True):
        with pytest.raises(InvalidOption):
            GAME.validate_options({"rules": bad})


def test_D26_edition_1_digests_leave_the_option_out_later_editions_name_it():
    old, two, new = Match(GAME, {"rules": 1}, 4), Match(GAME, {"rules": 2}, 4), Match(GAME, {}, 4)
    assert GAME.canonical(old.state)["options"] == {"players": 4, "rounds": 40}
    assert "start" not in GAME.canonical(old.state)
    assert GAME.canonical(two.state)["options"] == {"players": 4, "rounds": 40, "rules": 2}
    assert GAME.canonical(new.state)["options"] == {"players": 4, "rounds": 40, "rules": 3}
    assert len({old.digest(), two.digest(), new.digest()}) == 3


def test_the_kept_breach_links_cover_2_to_5_players_and_every_changed_rule():
    players = {decode_link(e["link"])[0].options["players"] for e in LINKS}
    assert players == {2, 3, 4, 5}
    shown = set().union(*(e["shows"] for e in LINKS))
    assert shown == {"step-back", "edge-negative", "lockdown", "root-crash"}


@pytest.mark.parametrize("entry", LINKS, ids=lambda e: f"{e['actions']}-{e['digest'][:8]}")
def test_an_old_breach_link_replays_as_edition_1_to_its_old_digest(entry):
    setup, actions = decode_link(entry["link"])
    assert setup.options["rules"] == 1 and len(actions) == entry["actions"]
    record = decode_record(entry["link"].split("&r=", 1)[1])
    assert "rules" not in record.options
    game, state = replay(record)
    assert digest(game, state) == entry["digest"]
    if entry["shows"]:  # the page's session keeps the edition through its own link
        session = Session.from_link(entry["link"])
        again = Session.from_link(session.link())
        assert again.match.options["rules"] == 1 and again.match.digest() == entry["digest"]


def test_the_relay_deals_edition_3_and_reloads_an_old_journal_as_edition_1(tmp_path):
    store = SqliteStore(tmp_path)

    def send(client, frame):
        pass

    room = Room.create(store, send, "breach", {"players": 2}, ["human", "human"], 60.0)
    assert room.match.options["rules"] == 3
    assert decode_record(room.reveal()["record"]).options["rules"] == 3
    entry = next(e for e in LINKS if e["shows"] and "step-back" in e["shows"])
    record = decode_record(entry["link"].split("&r=", 1)[1])
    store.create_room(StoredRoom("OLDROOM", "breach", dict(record.options), record.seed, "00", 60.0, "greedy",
                                 True, True, [{"kind": "human"}] * record.options["players"]))
    old = Room(store.load("OLDROOM"), store, send)
    assert old.match.options["rules"] == 1
    assert old.match.digest() == Match(GAME, {**record.options, "rules": 1}, record.seed).digest()
    store.close()


def test_the_rules_panel_says_what_editions_2_and_3_do():
    from netarcade.web.games.breach.views import RULES_HTML

    text = " ".join(RULES_HTML.split())
    for words in ("the one you started on included", "Root and the Edge are not Nodes: you may decline them",
                  "a tied player is a target too, so only the sole leader has none", "from Root layers 14-12", "then you move on as usual",
                  "EXIT resolves first", "0 plays without it", "rules edition 3", "OVERCLOCK costs 1 Exposure",
                  "WIPE LOGS returns up to 2"):
        assert words in text, words
