"""Overwrite rules edition 3 (docs/rules/overwrite.md, O27 and O28) and the
``fail`` option (O26 or the printed end rule), with the edition-2 records
that must keep replaying to their digests.

``vectors/overwrite-links-v2.json`` was written by the arcade before edition
3 existed: edition-2 seed links of 2-6 players, finished and halfway, with
passes (O20), unlocks across the first piece's axis (O12) and an O26
return: every one of them plays a rule edition 3 changed."""

from __future__ import annotations

import json
import pathlib

import pytest

from netarcade.core import Match, Record, decode_record, digest, encode_record
from netarcade.core.prng import Rng
from netarcade.core.errors import IllegalAction, InvalidOption, InvalidRecord
from netarcade.games import replay
from netarcade.games.overwrite import OVERWRITE as GAME
from netarcade.games.overwrite.actions import Pass, Resign
from netarcade.relay.room import Room, RoomError
from netarcade.relay.store import SqliteStore, StoredRoom
from netarcade.web.newgame import form_fields, parse_form
from netarcade.web.session import LinkError, Session, decode_link, encode_link, new_setup
from netarcade.web.views import new_game_form

from support.playing import turns
from support.overwrite_positions import OVER_AT_ONCE
from support.overwrite_positions import place, position, refused

LINKS = json.loads((pathlib.Path(__file__).resolve().parents[2] / "vectors" / "overwrite-links-v2.json").read_text())

#: 2 players, 6x6 (c3-h8): a first piece against the left side only (c5-c6),
#: then a column from the top row to the bottom row beside it (d3-d6, d7-d8)
ACROSS = [("1I2", "r1", "c5"), ("2I4", "r1", "d3")]


def column_position(rules):
    return position(2, bank=["1I2", "2I4"], board=ACROSS, rules=rules)


# --- O27: stacking unlocks across from the first piece's side ---------------------


def test_o27_a_chain_joining_the_other_two_sides_does_not_unlock():
    new, old = column_position(3), column_position(2)
    for state in (new, old):
        GAME.apply(state, place(0, "1I2", "r1", "d7"))  # d3-d8: top to bottom
    assert old.unlocked  # edition 2: any two opposite sides (O12)
    assert not new.unlocked  # the first piece lies against the left side: the right one counts
    refused(new, place(1, "2I4", "r0", "d5"), "overlap")
    assert "first piece's side" in _refusal(new, place(1, "2I4", "r0", "d5"))
    GAME.apply(new, place(1, "2I4", "r0", "e5"))  # e5-h5 reaches the right side
    assert new.unlocked


def _refusal(state, action):
    with pytest.raises(IllegalAction) as caught:
        GAME.check(state, action)
    return caught.value.message


def test_o27_a_first_piece_in_a_corner_may_be_crossed_either_way():
    # 1I2 on c3-d3 touches the top and the left side
    down = position(2, bank=["2I4", "1I2"], board=[("1I2", "r0", "c3")])
    GAME.apply(down, place(0, "2I4", "r1", "c4"))  # c3-c7: not yet the bottom
    assert not down.unlocked
    GAME.apply(down, place(1, "1I2", "r1", "d7"))  # d7-d8 touches c7 and the bottom row
    assert down.unlocked
    across = position(2, bank=["2I4"], board=[("1I2", "r0", "c3")])
    GAME.apply(across, place(0, "2I4", "r0", "e3"))  # c3-h3: left to right
    assert across.unlocked
    assert GAME.view(position(2, board=[("1I2", "r0", "c3")]), None)["unlock_sides"] == [
        ["top", "bottom"], ["left", "right"]]


def test_o27_the_chain_must_start_from_the_first_piece_side():
    """An Anti-virus cuts the first piece off: what is left joins the top to
    the bottom (edition 2 unlocks) and then reaches the right side, but no
    longer touches the left side the first piece lay against, so edition 3
    stays locked: the chain must join that side to the one opposite it."""
    board = [("1I2", "r1", "c5"), ("2I4", "r0", "d6"), ("2I3", "r1", "e3"), ("2I2", "r1", "f7")]
    new, old = (position(2, bank=["av1", "1I3"], board=board, rules=rules) for rules in (3, 2))
    assert new.first_sides == 0b0100  # c5-c6: the left side
    for state in (new, old):
        GAME.apply(state, place(0, "av", "r0", "c4"))  # removes 1I2 (c5), the first piece
        assert "1I2" in state.out
    assert old.unlocked and not new.unlocked
    GAME.apply(new, place(1, "1I3", "r1", "h4"))  # h4-h6 meets g6: the right side
    assert not new.unlocked


def test_o27_an_emptied_board_takes_the_next_first_piece_side():
    state = position(2, bank=["av1", "2I2", "2I4"], board=[("1I2", "r1", "c5")])
    GAME.apply(state, place(0, "av", "r0", "c4"))  # removes 1I2: the board is empty again
    assert not state.placed and GAME.view(state, None)["unlock_sides"] == []
    GAME.apply(state, place(1, "2I2", "r1", "e3"))  # e3-e4: against the top side only
    assert GAME.view(state, None)["unlock_sides"] == [["top", "bottom"]]
    assert state.first_sides == 0b0001
    GAME.apply(state, place(0, "2I4", "r1", "e5"))  # e5-e8: reaches the bottom
    assert state.unlocked


def test_o27_the_first_sides_are_digested_from_edition_3_only():
    new, old = position(2, board=[("1I2", "r1", "c5")]), position(2, board=[("1I2", "r1", "c5")], rules=2)
    assert GAME.canonical(new)["first_sides"] == 0b0100
    assert "first_sides" not in GAME.canonical(old)
    assert GAME.view(old, None)["unlock_sides"] == [["top", "bottom"], ["left", "right"]]


# --- O28: the bank is the number of players at the start of every turn ------------


@pytest.mark.parametrize("players", [2, 4])
def test_o28_a_pass_puts_the_unplayable_drawn_piece_out_of_play(players):
    fill = ["2I2", "2I3", "2L3", "2I4"][:players]  # only P2 could reserve them
    new, old = (position(players, bank=[*fill, "df1"], rules=rules) for rules in (3, 2))
    for state in (new, old):
        state.occupied = state.inside  # a full first layer: nothing fits, nothing to move
        # after the draw (the Defrag, last) the bank holds one piece more than the players
        assert len(state.bank) == players + 1 and GAME.legal_actions(state, 0) == [Pass(0)]
    events = GAME.apply(new, Pass(0))
    assert events[0].data == {"seat": 0, "discarded": "df1"}
    assert "df1" in new.out and "df1" not in new.bank
    assert len(new.bank) == players + 1 and new.current == 1  # P2's turn has drawn already
    GAME.apply(old, Pass(0))
    assert "df1" in old.bank and len(old.bank) == players + 2  # edition 2: one too many from now on


def test_o28_a_resigning_seat_personal_bank_leaves_play():
    for rules, where in ((3, "out"), (2, "bank")):
        state = position(2, bank=["2I2", "2I3"], personal={1: ["2L3"]}, rules=rules)
        GAME.apply(state, Resign(1))
        assert "2L3" in getattr(state, where)
        assert ("2L3" in state.bank) == (rules == 2)


@pytest.mark.parametrize("rules", [2, 3])
def test_o28_the_player_to_move_resigning_after_its_draw_does_not_grow_the_bank(rules):
    """3 players, seed 5: P3 is to move and has drawn (bank 4) when it resigns.
    From edition 3 the drawn piece leaves play, so every later turn starts with
    3 pieces in the bank; edition 2 keeps it there, one too many."""
    match = Match(GAME, {"players": 3, "rules": rules}, 5)
    state = match.state
    assert state.current == 2 and state.phase == "play" and len(state.bank) == 4
    drawn = state.bank[-1]
    events = match.submit(2, "p3 resign")
    if rules == 3:
        assert events[0].data == {"seat": 2, "discarded": drawn} and drawn in state.out
    else:
        assert events[0].data == {"seat": 2} and drawn in state.bank
    rng, ended = Rng(5), 0
    for seat in turns(match):
        if ended == 12:
            break
        assert len(state.bank) == (3 if rules == 3 else 4) + 1  # after the turn's draw
        turn = state.turn
        match.play(rng.choice(match.legal_actions(seat)))
        ended += state.turn != turn
    assert ended == 12


def test_o28_a_resignation_off_turn_or_before_the_draw_leaves_the_bank_alone():
    # P1 holds a personal piece, so its turn has not drawn yet
    state = position(3, bank=["1I2", "2I2", "3I2"], personal={0: ["1L3"], 1: ["2L3"]}, phase="draw")
    GAME.apply(state, Resign(0))
    assert sorted(state.bank)[:3] == ["1I2", "2I2", "3I2"] and "1L3" in state.out
    assert len(state.bank) == 3 + (state.phase == "play")  # P2's turn begins: a draw, or not yet
    before = list(state.bank)
    GAME.apply(state, Resign(2))  # P3, not to move
    assert state.bank == before


def test_o28_the_pass_is_noted_in_the_log():
    from netarcade.web.games.overwrite.words import OverwriteWords

    class Names:
        names = ["You", "Greedy bot"]

    words = OverwriteWords.__new__(OverwriteWords)
    words.session = Names()
    notes = words.event_notes([{"kind": "pass", "seat": 0, "discarded": "df1"}])
    assert notes == ["nothing could be played: Defrag leaves the game"]
    notes = words.event_notes([{"kind": "resign", "seat": 1, "discarded": "2L3"}])
    assert notes == ["Greedy bot resigned: 2L3 leaves the game"]


# --- the fail option: O26 or the printed end rule --------------------------------


def test_the_printed_end_rule_ends_a_game_at_its_first_draw():
    for players, seeds in OVER_AT_ONCE.items():
        for seed in seeds:
            printed = Match(GAME, {"players": players, "fail": "printed"}, seed)
            assert printed.options["rules"] == 3 and printed.over and printed.state.failed_by is not None
            assert not Match(GAME, {"players": players}, seed).over
            # the same deal as edition 1, where the end rule was always the printed one
            assert printed.state.envelope == Match(GAME, {"players": players, "rules": 1}, seed).state.envelope


def test_the_fail_option_is_a_form_field_and_its_digest_names_only_the_printed_rule():
    fields = {field["name"]: field for field in form_fields("overwrite")}
    assert fields["fail"]["choices"] == ["first-piece", "printed"] and fields["fail"]["default"] == "first-piece"
    html = new_game_form("overwrite")
    assert 'name="fail"' in html and '<option value="printed">printed</option>' in html and "System Fail" in html
    setup, errors = parse_form("overwrite", {"players": "2", "fail": "printed", "seat1": "human",
                                             "seat2": "greedy", "seed": "9"})
    assert not errors and setup.options["fail"] == "printed"
    link = encode_link(setup)
    assert decode_link(link)[0].options["fail"] == "printed"
    assert Session.from_link(link).match.digest() == Match(GAME, setup.options, 9).digest()
    assert GAME.canonical(Match(GAME, {"fail": "printed"}, 9).state)["options"] == {
        "players": 2, "rules": 3, "fail": "printed"}
    assert "fail" not in GAME.canonical(Match(GAME, {}, 9).state)["options"]


@pytest.mark.parametrize("bad", ["", "Printed", "print", "first", 1, True, None])
def test_a_bad_fail_value_is_refused_by_name_and_changes_nothing(bad):
    with pytest.raises(InvalidOption) as refused_option:
        GAME.validate_options({"fail": bad})
    assert refused_option.value.name == "fail" and "first-piece, printed" in str(refused_option.value)
    if isinstance(bad, str):
        setup, errors = parse_form("overwrite", {"players": "2", "fail": bad, "seat1": "human", "seat2": "greedy"})
        assert setup is None and list(errors) == ["fail"] and "first-piece, printed" in errors["fail"]
        with pytest.raises(LinkError, match="bad setting, 'fail': "):
            decode_link(f"play=overwrite&seats=human,greedy&seed=9&fail={bad}")
    with pytest.raises(InvalidRecord, match="fail"):
        replay(decode_record(encode_record(Record("overwrite", {"players": 2, "fail": bad}, 9, ()))))


def test_the_relay_refuses_a_bad_fail_value_and_keeps_the_printed_rule(tmp_path):
    store = SqliteStore(tmp_path)
    with pytest.raises(RoomError) as refused_room:
        Room.create(store, lambda client, frame: None, "overwrite", {"fail": "never"}, ["human", "human"], 60.0)
    assert refused_room.value.code == "bad-options" and "'fail'" in refused_room.value.message
    assert store.rooms() == []
    room = Room.create(store, lambda client, frame: None, "overwrite", {"fail": "printed"}, ["human", "human"], 60.0)
    assert room.match.options["fail"] == "printed"
    revealed = room.reveal()
    assert decode_record(revealed["record"]).options["fail"] == "printed"
    assert digest(*replay(decode_record(revealed["record"]))) == revealed["digest"]
    assert Room(store.load(room.code), store, lambda client, frame: None).match.options["fail"] == "printed"
    store.close()


# --- edition-2 records keep replaying --------------------------------------------


def test_an_edition_2_link_is_another_game_under_edition_3():
    """Each kept edition-2 link that passed or unlocked across the first
    piece's axis plays differently under edition 3: a move is refused (a
    stack edition 3 does not allow yet) or the game reaches another state.
    (That the links replay to their digests: tests/games/overwrite/test_overwrite_edition.py.)"""
    def body(state):
        return {k: v for k, v in GAME.canonical(state).items() if k not in ("options", "first_sides")}

    changed = [entry for entry in LINKS if "O26" not in entry["why"]]
    assert len(changed) == 14
    for entry in changed:
        setup, actions = decode_link(entry["link"])
        old = Match(GAME, setup.options, setup.seed, actions)
        try:
            new = Match(GAME, {**setup.options, "rules": 3}, setup.seed, actions)
        except InvalidRecord:  # a move edition 3 refuses (Match names it)
            continue
        assert body(new.state) != body(old.state), entry["why"]


def test_the_kept_edition_2_links_play_every_changed_rule():
    whys = " ".join(entry["why"] for entry in LINKS)
    assert "O20" in whys and "O12" in whys and "O26" in whys
    assert {decode_link(e["link"])[0].options["players"] for e in LINKS} == {2, 3, 4, 5, 6}


def test_an_edition_2_relay_journal_reloads_as_edition_2(tmp_path):
    entry = next(e for e in LINKS if "O20" in e["why"])
    setup, actions = decode_link(entry["link"])
    store = SqliteStore(tmp_path)
    store.create_room(StoredRoom("ED2ROOM", "overwrite", {"players": 2, "rules": 2}, setup.seed, "00", 60.0,
                                 "greedy", True, False, [{"kind": "human"}, {"kind": "human"}]))
    match = Match(GAME, setup.options, setup.seed)
    for n, (text, seat) in enumerate(zip(actions, turns(match)), start=1):
        match.submit(seat, text)
        store.append("ED2ROOM", n, seat, text, "human", match.over)
    assert match.version == len(actions)
    room = Room(store.load("ED2ROOM"), store, lambda client, frame: None)
    assert room.match.options["rules"] == 2 and room.match.digest() == entry["digest"]
    store.close()


# --- what the page says ----------------------------------------------------------


def test_the_rules_panel_and_the_prompts_say_what_edition_3_does():
    from netarcade.web.games.overwrite import views as ow_views
    from netarcade.web.games.overwrite.table import OverwriteTable

    rules = ow_views.RULES_HTML
    assert "until the chain joins that side to the <b>side opposite it</b>" in rules
    assert "a first piece in a corner: either way across" in rules
    assert "you pass and the piece you drew leaves the game" in rules
    assert "as many pieces in the bank as there are players" in rules
    assert "printed end rule" in rules and "rules edition 3" in rules
    assert "one chain joins two opposite sides" not in rules
    # a game whose first piece lies against the left side only names the right side
    session = Session(new_setup("overwrite", {"players": 2}, 11, ("human", "human")))
    seat = session.current

    def left_only(text):
        trial = GAME.copy(session.match.state)
        GAME.apply(trial, GAME.parse_action(text))
        return not trial.over and GAME.view(trial, None)["unlock_sides"] == [["left", "right"]]

    session.play(next(text for text in session.legal_texts() if text.startswith(f"p{seat + 1} place")
                      and left_only(text)))
    table = OverwriteTable(session)
    assert session.view()["unlock_sides"] == [["left", "right"]]
    assert "until it joins the left side to the right side" in ow_views.players_panel(table)
    assert "joins the left side to the right side" in table.prompt()
    # an edition-2 game keeps its words
    old = Session(new_setup("overwrite", {"players": 2, "rules": 2}, 11, ("human", "human")))
    assert "until it joins two opposite sides" in ow_views.players_panel(OverwriteTable(old))
