"""Overwrite O26 (rules edition 2: a System Fail drawn before the first piece
is placed goes back into the envelope) and the ``rules`` option that keeps
every record made before it replaying as edition 1, to its old digest, and
every edition-2 record as edition 2 (docs/rules/overwrite.md, "Options" and
O26; edition 3 in tests/games/overwrite/test_overwrite_edition3.py).

``vectors/overwrite-links-v1.json`` was written by the arcade before the
edition existed: seed links of 2-6 players, halfway and finished, three of
them dealt with the System Fail as the first draw (over 0-0 at once)."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from netarcade.core import LowestSeat, Match, Record, decode_record, digest, encode_record
from netarcade.core.errors import InvalidOption, InvalidRecord
from netarcade.games import get_game, replay
from netarcade.games.overwrite import OVERWRITE as GAME
from netarcade.games.overwrite.actions import Place, Reserve
from netarcade.games.overwrite.board import parse_cell
from netarcade.games.overwrite.pieces import COLOUR, KIND, SIZE
from netarcade.relay.room import Room, RoomError
from netarcade.relay.store import SqliteStore, StoredRoom
from netarcade.web.newgame import form_fields
from netarcade.web.session import LinkError, Session, decode_link, encode_link, new_setup
from support.overwrite_positions import OVER_AT_ONCE
from support.playing import play, turns

LINKS = json.loads((pathlib.Path(__file__).resolve().parents[2] / "vectors" / "overwrite-links-v1.json").read_text())
#: edition-2 links written before edition 3 existed (tests/games/overwrite/test_overwrite_edition3.py)
LINKS_V2 = json.loads((pathlib.Path(__file__).resolve().parents[2] / "vectors" / "overwrite-links-v2.json").read_text())


def kinds(events):
    return [event.kind for event in events]


# --- O26 ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_o26_a_system_fail_drawn_first_goes_back_and_edition_1_still_ends(players):
    for seed in OVER_AT_ONCE[players]:
        old = Match(GAME, {"players": players, "rules": 1}, seed)
        assert old.over and old.state.failed_by == old.state.first and GAME.scores(old.state) == [0] * players
        new = Match(GAME, {"players": players}, seed)
        assert new.options["rules"] == 3 and not new.over and GAME.to_act(new.state) == {new.state.first: "turn"}
        setup = [event for _, event in new.events]
        returned = kinds(setup).index("fail-returned")
        assert setup[returned].data == {"seat": new.state.first, "turn": 1}
        drawn = setup[returned + 1]
        assert drawn.kind == "draw" and drawn.data["piece"] != "sf" and "over" not in kinds(setup)
        # the piece under the System Fail was drawn instead; the System Fail is in the envelope, not on top
        state = new.state
        assert drawn.data["piece"] == old.state.envelope[-1] and drawn.data["piece"] in state.bank
        assert "sf" in state.envelope and state.envelope[-1] != "sf" and "sf" not in state.bank
        assert len(state.envelope) == len(old.state.envelope) == drawn.data["left"]  # old: sf drawn
        assert sorted(state.envelope) == sorted(old.state.envelope[:-1] + ["sf"])
        # the same seed deals the same game again (the place is keyed, not drawn from the clock)
        assert Match(GAME, {"players": players}, seed).digest() == new.digest()


def test_o26_no_edition_2_deal_of_400_seeds_is_over_before_anyone_acts():
    for seed in range(400):
        assert not Match(GAME, {"players": 2}, seed, history=False).over, seed


def stall(state, seat):
    """An action that places nothing when the rules allow one (a reservation),
    else the first placement listed: the longest way to the first piece."""
    legal = GAME.legal_actions(state, seat)
    return next((a for a in legal if isinstance(a, Reserve)), legal[0])


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4, 6]), seed=st.integers(0, 2**64 - 1), depth=st.integers(0, 8))
def test_o26_edition_2_never_ends_before_the_first_placement(players, seed, depth):
    """The System Fail put ``depth`` pieces under the envelope's top at the
    end of setup; players reserve while they can: no draw before the first
    placement ends the game, the first one after it may (O19)."""
    state = GAME.new_game({"players": players}, seed)
    state.envelope.remove("sf")
    state.envelope.insert(len(state.envelope) - depth, "sf")
    placed = False
    match = Match.around(GAME, state, LowestSeat())  # one seat acts at a time
    for seat in turns(match, 40):
        action = stall(state, seat)
        placed = placed or isinstance(action, Place)
        before = len(state.envelope)
        events = match.advance(action)
        if not placed:
            assert not state.over and "sf" in state.envelope and "sf" not in state.bank
            draws = kinds(events).count("draw")
            assert len(state.envelope) == before - draws
    if state.over:
        assert placed and state.failed_by is not None


def reserving_position(rules):
    """Two players, nothing on the board; P1 may reserve its own I2 and the
    System Fail is the next piece P2 draws."""
    state = GAME.new_game({"players": 2, "rules": rules}, 5)
    state.current = 0
    state.bank = ["1I2", "2I3"]
    state.envelope = [p for p in state.envelope if p not in ("1I2", "2I3", "sf")]
    under = state.envelope[-1]
    state.envelope.append("sf")
    state.personal = [[], []]
    return state, under


def test_o26_a_reservation_places_nothing_so_the_next_draw_is_still_covered():
    state, under = reserving_position(2)
    count = len(state.envelope)
    events = GAME.apply(state, Reserve(0, "1I2"))
    assert kinds(events) == ["reserve", "turn", "fail-returned", "draw"]
    assert events[2].data == {"seat": 1, "turn": state.turn} and events[3].data["piece"] == under
    assert not state.over and state.current == 1 and state.bank == ["2I3", under]
    assert len(state.envelope) == count - 1 and state.envelope.count("sf") == 1 and state.envelope[-1] != "sf"
    # the page's log says so, after the reservation
    from netarcade.web.games.overwrite.words import OverwriteWords

    class Names:
        names = ["You", "Greedy bot"]

    words = OverwriteWords.__new__(OverwriteWords)
    words.session = Names()
    notes = words.event_notes([event.to_data() for event in events])
    assert notes[0] == "Greedy bot drew the System Fail before any piece was placed: back into the envelope"
    # edition 1: the same draw ends the game
    old, _ = reserving_position(1)
    assert kinds(GAME.apply(old, Reserve(0, "1I2")))[-2:] == ["draw", "over"] and old.failed_by == 1


def test_o26_after_the_first_placement_the_system_fail_ends_the_game():
    state, _ = reserving_position(2)
    GAME.apply(state, Place(0, "1I2", 0, parse_cell("c3")))
    assert state.over and state.failed_by == 1 and "sf" in state.bank


def test_o26_an_anti_virus_that_empties_the_board_does_not_bring_the_cover_back():
    state, _ = reserving_position(2)
    state.bank.append("av1")
    state.envelope.remove("av1")
    events = GAME.apply(state, Place(0, "av", 0, parse_cell("c3")))
    assert not state.placed and "av1" in state.out  # an empty board again, but a piece was played
    assert state.over and kinds(events)[-1] == "over"


# --- the rules option ----------------------------------------------------------------


@pytest.mark.parametrize("bad", [0, 4, -1, "4", "two", "", " 2", True, 2.0, None])
def test_the_rules_option_refuses_bad_values_by_name(bad):
    with pytest.raises(InvalidOption) as refused:
        GAME.validate_options({"players": 2, "rules": bad})
    assert refused.value.name == "rules" and "rules" in str(refused.value)
    with pytest.raises(LinkError, match="bad setting, 'rules': "):
        decode_link(f"play=overwrite&seats=human,greedy&seed=9&rules={bad}")
    record = encode_record(Record("overwrite", {"players": 2, "rules": bad}, 9, ()))
    with pytest.raises(InvalidRecord, match="rules"):
        replay(decode_record(record))


def test_the_rules_option_is_no_form_field_and_new_games_are_edition_3():
    assert "rules" not in {field["name"] for field in form_fields("overwrite")}
    assert "rules: integer 1..3, default 3" in GAME.options.describe()
    assert Match(GAME, {}, 9).options == {"players": 2, "rules": 3, "fail": "first-piece"}
    assert decode_link("play=overwrite&seats=human,greedy&seed=9")[0].options["rules"] == 3
    assert decode_link("play=overwrite&seats=human,greedy&seed=9&rules=2")[0].options["rules"] == 2
    assert decode_link("play=overwrite&seats=human,greedy&seed=9&rules=1")[0].options["rules"] == 1


def test_edition_1_digests_leave_the_option_out_later_editions_name_it():
    old = Match(GAME, {"rules": 1}, 4)
    assert GAME.canonical(old.state)["options"] == {"players": 2}
    assert GAME.canonical(Match(GAME, {"rules": 2}, 4).state)["options"] == {"players": 2, "rules": 2}
    assert GAME.canonical(Match(GAME, {}, 4).state)["options"] == {"players": 2, "rules": 3}
    assert old.digest() != Match(GAME, {}, 4).digest() != Match(GAME, {"rules": 2}, 4).digest()


@pytest.mark.parametrize("edition,entry", [(1, e) for e in LINKS] + [(2, e) for e in LINKS_V2],
                         ids=lambda e: f"{e['actions']}-{e['digest'][:8]}" if isinstance(e, dict) else f"ed{e}")
def test_an_old_overwrite_link_replays_under_its_edition_to_its_old_digest(edition, entry):
    setup, actions = decode_link(entry["link"])
    assert setup.options["rules"] == edition and len(actions) == entry["actions"]
    assert Match(get_game("overwrite"), setup.options, setup.seed, actions).digest() == entry["digest"]
    record = decode_record(entry["link"].split("&r=", 1)[1])
    # edition 1 predates the option; edition 2 names it and predates the fail option
    assert record.options == ({"players": setup.options["players"]} if edition == 1
                              else {"players": setup.options["players"], "rules": 2})
    game, state = replay(record)
    assert digest(game, state) == entry["digest"]
    assert Match.from_record(game, record).digest() == entry["digest"]
    # the page's session keeps the edition through its own link
    session = Session.from_link(entry["link"])
    again = Session.from_link(session.link())
    assert again.match.options["rules"] == edition and again.match.digest() == entry["digest"]


def test_the_kept_overwrite_links_cover_every_board_and_the_deals_over_at_once():
    players = {decode_link(e["link"])[0].options["players"] for e in LINKS}
    assert players == {2, 3, 4, 5, 6}
    assert sum(e["actions"] == 0 for e in LINKS) >= 3


def test_an_edition_3_game_survives_its_seed_link():
    seed = OVER_AT_ONCE[2][0]
    session = Session(new_setup("overwrite", {"players": 2}, seed, "human,greedy"))
    assert not session.over
    assert play(session.match, lambda seat: session.match.legal_actions(seat)[0], limit=3).version == 3
    link = session.link()
    again = Session.from_link(link)
    assert again.match.options["rules"] == 3 and again.match.digest() == session.match.digest()
    assert decode_record(link.split("&r=", 1)[1]).options["rules"] == 3
    assert encode_link(again.setup, again.actions) == link


# --- the relay's records -------------------------------------------------------------


def test_the_relay_deals_edition_3_reveals_it_and_reloads_old_journals_as_edition_1(tmp_path):
    store = SqliteStore(tmp_path)
    sent = []

    def send(client, frame):
        sent.append(frame)

    # a bad edition is refused by name and no room is made
    with pytest.raises(RoomError) as refused:
        Room.create(store, send, "overwrite", {"rules": 7}, ["human", "human"], 60.0)
    assert refused.value.code == "bad-options" and "'rules'" in refused.value.message
    assert store.rooms() == []
    room = Room.create(store, send, "overwrite", {}, ["human", "human"], 60.0)
    assert room.match.options == {"players": 2, "rules": 3, "fail": "first-piece"} and not room.match.over
    revealed = room.reveal()
    record = decode_record(revealed["record"])
    assert record.options["rules"] == 3
    assert digest(*replay(record)) == revealed["digest"] == room.match.digest()
    reloaded = Room(store.load(room.code), store, send)
    assert reloaded.match.digest() == room.match.digest()
    # a room journaled before the edition existed: its options name no rules
    seed = OVER_AT_ONCE[2][1]
    store.create_room(StoredRoom("OLDROOM", "overwrite", {"players": 2}, seed, "00", 60.0, "greedy",
                                 True, True, [{"kind": "human"}, {"kind": "human"}]))
    old = Room(store.load("OLDROOM"), store, send)
    assert old.match.options["rules"] == 1 and old.match.over
    assert old.match.digest() == Match(GAME, {"players": 2, "rules": 1}, seed).digest()
    store.close()


def test_every_piece_is_still_in_one_place_after_a_return():
    for seed in OVER_AT_ONCE[2]:
        state = GAME.new_game({"players": 2}, seed)
        everywhere = [*state.envelope, *state.bank, *[p for bank in state.personal for p in bank],
                      *state.placed, *state.out]
        assert len(everywhere) == len(set(everywhere)) == len(KIND)
        assert all(COLOUR[p] is None or SIZE[p] > 0 for p in state.bank)
