"""Overwrite: a test per numbered decision of docs/rules/overwrite.md (O1-O24)
and per printed rule, each named after it and failing if the rule broke."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from netarcade.core import IllegalAction, InvalidNotation, Match, RandomActor, SPECTATOR, TABLE
from netarcade.core.prng import Rng
from netarcade.games.overwrite import OVERWRITE as GAME
from netarcade.games.overwrite import legal, scoring
from netarcade.games.overwrite.actions import Defrag, Draw, Pass, Place, Reserve, format_action, parse_action
from netarcade.games.overwrite.board import (BOUNDARY_SIZE, boundary, cell_name, cells_of, parse_cell,
                                             placement_table)
from netarcade.games.overwrite.pieces import (COLOUR, KIND, PIECES, SHAPE, SHAPES, SIZE, SPECIAL_SHAPES,
                                              ascii_drawing, colour_set)
from netarcade.games.overwrite.state import DRAW, PLAY
from support.overwrite_positions import place, position, recount, refused
from support.playing import play, random_moves, turns

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "overwrite.md"


# --- building positions -----------------------------------------------------------


def names(mask):
    return sorted(cell_name(c) for c in cells_of(mask))


# --- the box ----------------------------------------------------------------------


def test_o01_every_colour_has_the_same_twelve_pieces_72_in_all():
    for colour in range(6):
        pieces = colour_set(colour)
        assert [SHAPE[p] for p in pieces] == list(SHAPES)
        assert sum(SIZE[p] for p in pieces) == 48
        assert sum(1 for p in pieces if SIZE[p] <= 4) == 8 and sum(1 for p in pieces if SIZE[p] == 5) == 4
    assert sum(1 for kind in KIND.values() if kind == "data") == 72


def test_o01_the_doc_draws_every_shape_as_implemented():
    text = DOC.read_text()
    block = text[text.index("I2  I3"):]
    lines = block.splitlines()[:6]
    columns = [m.start() for m in re.finditer(r"\S+", lines[0])]
    for i, name in enumerate(lines[0].split()):
        end = columns[i + 1] if i + 1 < len(columns) else None
        drawn = [line[columns[i]:end].strip() for line in lines[1:5]]
        assert [row for row in drawn if row] == ascii_drawing(name), name


def test_o02_seven_specials_one_system_fail():
    kinds = [KIND[p] for p in PIECES if KIND[p] != "data"]
    assert sorted(kinds) == ["av", "av", "df", "df", "enc", "enc", "sf"]
    assert SPECIAL_SHAPES["av"] == ((0, 0),) and len(SPECIAL_SHAPES["enc"]) == 4
    assert len(PIECES) == 79


# --- setup ------------------------------------------------------------------------


@pytest.mark.parametrize("players,size,corner", [(2, 6, "c3"), (3, 8, "b2"), (4, 8, "b2"), (5, 10, "a1"), (6, 10, "a1")])
def test_o03_boundary_by_player_count(players, size, corner):
    assert BOUNDARY_SIZE[players] == size
    assert boundary(size).bit_count() == size * size
    assert min(cells_of(boundary(size))) == parse_cell(corner)
    view = GAME.view(GAME.new_game({"players": players}, 1), None)
    assert view["size"] == size and len(view["area"]) == size * size


def test_o03_a_piece_never_sticks_out_of_the_boundary():
    state = position(2)
    state.bank = ["1I4"]
    refused(state, place(0, "1I4", "r0", "a1"), "outside-boundary")
    refused(state, place(0, "1I4", "r0", "f3"), "outside-boundary")  # f3-i3: i is outside c-h
    refused(state, place(0, "1I4", "r0", "j1"), "off-board")
    GAME.apply(state, place(0, "1I4", "r0", "c3"))


@pytest.mark.parametrize("players,count", [(2, 28), (3, 43), (4, 55), (5, 67), (6, 79)])
def test_o04_envelope_holds_the_colours_in_play_and_the_printed_specials(players, count):
    state = GAME.new_game({"players": players}, 3)
    in_play = state.envelope + state.bank + [p for bank in state.personal for p in bank]
    assert len(in_play) == count
    specials = sorted(KIND[p] for p in in_play if KIND[p] != "data")
    if players == 2:
        assert specials == ["av", "df", "enc", "sf"]
    else:
        assert specials == ["av", "av", "df", "df", "enc", "enc", "sf"]
    assert {COLOUR[p] for p in in_play if KIND[p] == "data"} == set(range(players))
    assert sorted(in_play + state.out) == sorted(PIECES)


def test_o05_the_first_player_is_the_colour_drawn():
    firsts = set()
    for seed in range(40):
        state, events = GAME.start({"players": 3}, seed)
        first = next(e for e in events if e.kind == "first")
        assert KIND[first.data["piece"]] == "data"
        assert COLOUR[first.data["piece"]] == first.data["seat"] == state.first == state.current
        firsts.add(state.first)
    assert firsts == {0, 1, 2}


def test_o06_the_community_bank_is_one_piece_per_player_dealt_clockwise():
    for seed in range(60):
        for players in (2, 4):
            state, events = GAME.start({"players": players}, seed)
            deals = [e.data for e in events if e.kind == "deal"]
            assert [d["seat"] for d in deals] == [(state.first + i) % players for i in range(players)]
            assert state.bank[:players] == [d["piece"] for d in deals]
            assert "sf" not in state.bank[:players]
            # the first turn's draw brings it to N + 1
            assert len(state.bank) == players + 1 or state.over


def test_o06_a_system_fail_dealt_during_setup_goes_back():
    returned = 0
    for seed in range(400):
        state, events = GAME.start({"players": 6}, seed)
        returned += any(e.kind == "fail-returned" for e in events)
        assert "sf" not in state.bank[:6]
    assert returned > 0


def test_o07_the_envelope_order_is_in_no_view_and_determinize_resamples_only_it():
    state = GAME.new_game({"players": 4}, 5)
    twin = state.copy()
    twin.envelope.reverse()
    assert twin.envelope != state.envelope
    for observer in (None, TABLE, 0, 3):
        assert GAME.view(state, observer) == GAME.view(twin, observer)
    view = GAME.view(state, 0)
    assert view["envelope"]["count"] == len(state.envelope)
    assert sorted(view["envelope"]["pieces"]) == sorted(state.envelope)
    assert sum(view["envelope"]["kinds"].values()) == len(state.envelope)
    world = GAME.determinize(state, 0, Rng(1))
    assert world.envelope != state.envelope and sorted(world.envelope) == sorted(state.envelope)
    real, fake = GAME.canonical(state), GAME.canonical(world)
    real.pop("envelope"), fake.pop("envelope")
    assert real == fake


def test_o07_a_draw_takes_the_next_piece_of_the_envelope():
    state = position(2, personal={0: ["1I2"]}, phase=DRAW)
    top = state.envelope[-1]
    GAME.apply(state, Draw(0))
    assert state.bank[-1] == top and top not in state.envelope


# --- the turn ---------------------------------------------------------------------


def test_o08_with_an_empty_personal_bank_the_draw_is_automatic():
    state = GAME.new_game({"players": 3}, 2)
    assert state.phase == PLAY and len(state.bank) == 4
    assert not any(isinstance(a, Draw) for a in GAME.legal_actions(state, state.current))
    seat = state.current
    action = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Place))
    GAME.apply(state, action)
    assert state.current == (seat + 1) % 3 and state.phase == PLAY and len(state.bank) == 4


def test_o08_with_a_personal_bank_the_player_chooses_draw_or_personal_play():
    state = position(2, bank=["2I2", "2I3"], personal={0: ["1L3"]}, phase=DRAW)
    actions = GAME.legal_actions(state, 0)
    assert actions[0] == Draw(0)
    assert {a.piece for a in actions[1:]} == {"1L3"}
    refused(state, place(0, "2I2", "r0", "c3"), "draw-first")
    refused(state, Reserve(0, "2I2"), "draw-first")
    GAME.apply(state, Draw(0))
    assert len(state.bank) == 3
    refused(state, place(0, "1L3", "r0", "c3"), "already-drew")
    refused(state, Draw(0), "already-drew")


def test_o08_turns_go_clockwise():
    match = Match(GAME, {"players": 4}, 8)
    seen = []
    for seat in turns(match, 8):
        seen.append(seat)
        match.play(match.legal_actions(seat)[0])
    assert len(seen) > 4  # (not over at once)
    assert all(b == (a + 1) % 4 for a, b in zip(seen, seen[1:]))


def test_o09_pieces_turn_and_flip_distinct_orientations_only():
    state = position(2, bank=["1L4", "1O4"])
    places = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Place)]
    assert {a.orient for a in places if a.piece == "1L4"} == set(range(8))
    assert {a.orient for a in places if a.piece == "1O4"} == {0}
    refused(state, Place(0, "1O4", 1, parse_cell("c3")), "bad-orientation")
    with pytest.raises(InvalidNotation):
        parse_action("p1 place 1O4 r1 c3")


def test_o10_the_first_piece_lies_against_a_side():
    state = position(2, bank=["1O4"])
    refused(state, place(0, "1O4", "r0", "d4"), "must-touch-side")
    for cell in ("c3", "g7", "e3", "c5"):
        GAME.apply(state.copy(), place(0, "1O4", "r0", cell))
    assert {a.cell for a in GAME.legal_actions(state, 0) if isinstance(a, Place)} == {
        parse_cell(c) for c in ("c3", "d3", "e3", "f3", "g3", "c4", "g4", "c5", "g5", "c6", "g6",
                                "c7", "d7", "e7", "f7", "g7")}


def test_o11_before_spanning_no_overlap_and_new_pieces_touch_the_chain():
    state = position(2, bank=["2O4"], board=[("1I2", "r0", "c3")])
    refused(state, place(0, "2O4", "r0", "d3"), "overlap")
    refused(state, place(0, "2O4", "r0", "f5"), "must-touch")
    GAME.apply(state, place(0, "2O4", "r0", "e3"))
    assert not state.unlocked


def test_o12_stacking_is_allowed_once_a_chain_joins_opposite_sides():
    state = position(2, bank=["1I2"], board=[("1I4", "r0", "c3")])
    GAME.apply(state, place(0, "1I2", "r0", "g3"))  # c3-h3: left side to right side
    assert state.unlocked


def test_o12_a_corner_is_not_spanning_and_unlocking_is_for_good():
    state = position(2, bank=["2I2"], board=[("1L4", "r0", "c6")])  # c6-c8, d8: left and bottom
    assert not legal.placement_rule(state)[1] is None
    GAME.apply(state, place(0, "2I2", "r0", "e8"))  # c8..f8 touch left and bottom only
    assert not state.unlocked
    state = position(2, bank=["av1"], board=[("1I4", "r0", "c3"), ("1I2", "r0", "g3")], unlocked=True)
    GAME.apply(state, place(0, "av", "r0", "c4"))
    assert state.unlocked and "1I4" not in state.placed


def test_o13_stacking_anywhere_over_any_heights_without_touching():
    board = [("1I4", "r0", "c3"), ("2I2", "r0", "g3"), ("2O4", "r0", "c4")]
    state = position(2, bank=["1T4", "2I3"], board=board, unlocked=True)
    GAME.apply(state, place(0, "1T4", "r0", "c3"))  # over 1I4 (c3-e3) and 2O4 (d4)
    assert [len(state.stacks[parse_cell(c)]) for c in ("c3", "d3", "e3", "d4")] == [2, 2, 2, 2]
    assert state.stacks[parse_cell("d4")] == ("2O4", "1T4")
    GAME.apply(state, place(1, "2I3", "r1", "h6"))  # alone in an empty corner
    assert "2I3" in state.placed


def test_o13_a_piece_partly_over_empty_cells_and_partly_over_a_stack():
    state = position(2, bank=["1I4"], board=[("2I2", "r0", "c3")], unlocked=True)
    GAME.apply(state, place(0, "1I4", "r0", "c3"))
    assert state.stacks[parse_cell("c3")] == ("2I2", "1I4") and state.stacks[parse_cell("f3")] == ("1I4",)


def test_o14_reserve_only_your_colour_up_to_four_blocks_two_at_most():
    state = position(2, bank=["1L4", "1L5", "2I2", "av1"], personal={0: ["1I2"]})
    refused(state, Reserve(0, "1L5"), "too-large")
    refused(state, Reserve(0, "2I2"), "not-your-colour")
    refused(state, Reserve(0, "av1"), "special")
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, Reserve)] == [Reserve(0, "1L4")]
    GAME.apply(state, Reserve(0, "1L4"))
    assert state.personal[0] == ["1I2", "1L4"] and "1L4" not in state.bank and state.current == 1
    state.current, state.phase, state.bank = 0, PLAY, state.bank + ["1L3"]
    refused(state, Reserve(0, "1L3"), "bank-full")


def test_o15_a_personal_piece_is_played_instead_of_drawing():
    state = position(2, bank=["2I2", "2I3"], personal={0: ["1L3"]}, phase=DRAW)
    top = state.envelope[-1]
    events = GAME.apply(state, place(0, "1L3", "r0", "c3"))
    assert "1L3" in state.placed and state.personal[0] == []
    # P1 drew nothing: the one draw is P2's, at the start of its turn
    assert [e.data["seat"] for e in events if e.kind == "draw"] == [1]
    assert state.bank == ["2I2", "2I3", top]


def test_o15_pieces_left_in_a_personal_bank_count_for_nothing():
    state = position(2, personal={0: ["1O4", "1I4"]}, board=[("2I2", "r0", "c3")])
    assert GAME.scores(state) == [0, 2]


# --- special pieces ---------------------------------------------------------------


def test_o16_anti_virus_removes_every_uncovered_neighbour_and_itself():
    board = [("1I4", "r0", "c3"), ("2I2", "r0", "g3"), ("2O4", "r0", "c4"), ("1I2", "r1", "h4")]
    state = position(2, bank=["av1"], board=board, unlocked=True)
    GAME.apply(state, place(0, "av", "r0", "e4"))  # beside 1I4 (e3) and 2O4 (d4)
    assert "1I4" in state.out and "2O4" in state.out and "av1" in state.out
    assert "2I2" in state.placed and "1I2" in state.placed
    assert state.stacks[parse_cell("e4")] == ()


def test_o16_anti_virus_spares_covered_pieces_and_what_lies_under_it():
    board = [("1I4", "r0", "c3"), ("2I2", "r0", "g3"), ("2I3", "r1", "c4"), ("1I2", "r1", "c5")]
    state = position(2, bank=["av1"], board=board, unlocked=True)
    # 1I2 on c5-c6 covers 2I3 at c5 and c6; the Anti-virus on c4 covers 2I3's top cell
    GAME.apply(state, place(0, "av", "r0", "c4"))
    assert "2I3" in state.placed  # under the Anti-virus: covered
    assert "1I4" in state.out  # c3 shares an edge with c4
    assert "1I2" in state.out  # c5 shares an edge with c4
    assert state.is_uncovered("2I3")


def test_o16_anti_virus_before_stacking_may_empty_the_board():
    state = position(2, bank=["av1", "1O4"], board=[("2I2", "r0", "c3")])
    GAME.apply(state, place(0, "av", "r0", "e3"))
    assert state.placed == {} and state.occupied == 0
    refused(state, place(1, "1O4", "r0", "d4"), "must-touch-side")


def test_o17_encrypted_data_is_never_overlapped_moved_or_removed():
    board = [("1I4", "r0", "c3"), ("2I2", "r0", "g3"), ("enc1", "r0", "c4")]
    state = position(2, bank=["1O4", "df1", "av1"], board=board, unlocked=True)
    refused(state, place(0, "1O4", "r0", "d5"), "encrypted")
    refused(state, Defrag(0, "enc1", 0, parse_cell("g7")), "not-movable")
    GAME.apply(state, place(0, "av", "r0", "e4"))
    assert "enc1" in state.placed


def test_o17_encrypted_data_scores_for_nobody_but_joins_the_chain():
    state = position(2, bank=["enc1"], board=[("1I4", "r0", "c3")])
    GAME.apply(state, place(0, "enc", "r0", "g3"))
    assert state.unlocked and GAME.scores(state) == [4, 0]


def test_o17_encrypted_data_may_cover_pieces_once_stacking_is_allowed():
    state = position(2, bank=["enc1"], board=[("1I4", "r0", "c3"), ("2I2", "r0", "g3")], unlocked=True)
    GAME.apply(state, place(0, "enc", "r0", "c3"))
    assert state.stacks[parse_cell("c3")] == ("1I4", "enc1") and GAME.scores(state)[0] == 2


def test_o18_defrag_moves_an_uncovered_piece_and_leaves_the_game():
    board = [("1I4", "r0", "c3"), ("2I2", "r0", "g3"), ("2O4", "r0", "c5"), ("1I2", "r0", "c6")]
    state = position(2, bank=["df1"], board=board, unlocked=True)
    refused(state, Defrag(0, "2O4", 0, parse_cell("g7")), "covered")
    refused(state, Defrag(0, "2I2", 0, parse_cell("g3")), "same-place")
    refused(state, Defrag(0, "1L4", 0, parse_cell("g3")), "not-on-board")
    GAME.apply(state, Defrag(0, "2I2", 1, parse_cell("h7")))
    assert names(state.placed["2I2"][2]) == ["h7", "h8"] and "df1" in state.out and "df1" not in state.bank


def test_o18_a_moved_piece_obeys_the_first_layer_rules():
    state = position(2, bank=["df1"], board=[("1I4", "r0", "c3"), ("2I2", "r0", "c4")])
    refused(state, Defrag(0, "2I2", 0, parse_cell("e6")), "must-touch")
    refused(state, Defrag(0, "2I2", 0, parse_cell("d3")), "overlap")
    targets = {a.cell for a in GAME.legal_actions(state, 0) if isinstance(a, Defrag) and a.piece == "2I2"}
    assert parse_cell("d4") in targets and parse_cell("e6") not in targets
    # the only piece lifted from an otherwise empty board goes against a side
    solo = position(2, bank=["df1"], board=[("1I2", "r0", "c3")])
    refused(solo, Defrag(0, "1I2", 0, parse_cell("d5")), "must-touch-side")


def test_o18_defrag_without_a_defrag_in_the_bank_is_refused():
    state = position(2, bank=["1I2"], board=[("1I4", "r0", "c3")])
    refused(state, Defrag(0, "1I4", 0, parse_cell("c4")), "no-defrag")


def test_o19_drawing_the_system_fail_ends_the_game_at_once():
    state = position(2, bank=["1I4"], board=[("2I2", "r0", "c3")])
    state.envelope.append(state.envelope.pop(0))  # the System Fail on top
    events = GAME.apply(state, place(0, "1I4", "r0", "c4"))
    assert state.over and state.failed_by == 1 and "sf" in state.bank
    assert [e.kind for e in events][-2:] == ["draw", "over"]
    assert GAME.to_act(state) == {} and GAME.winners(state) == [0]
    refused(state, place(1, "1I4", "r0", "d5"), "game-over")


# --- no move, scores ----------------------------------------------------------------


def test_o20_pass_only_when_nothing_can_be_played_or_reserved():
    state = position(2, bank=["df1"], rules=2)
    assert GAME.legal_actions(state, 0) == [Pass(0)]
    GAME.apply(state, Pass(0))
    # up to edition 2 the unplayable piece stays (edition 3: O28)
    assert state.current == 1 and "df1" in state.bank and len(state.bank) == 2
    other = position(2, bank=["1I2"])
    refused(other, Pass(0), "can-play")
    # before drawing there is always the draw, even if no personal piece fits
    stuck = position(2, bank=["2I2"], personal={0: ["1I4"]}, board=[("2O4", "r0", "c3")], phase=DRAW)
    stuck.occupied = stuck.inside  # nothing fits anywhere in the first layer
    assert GAME.legal_actions(stuck, 0) == [Draw(0)]
    refused(stuck, Pass(0), "draw-first")


def test_o21_score_is_the_largest_edge_connected_group_seen_from_above():
    board = [("1I4", "r0", "c3"), ("1I2", "r1", "g4"), ("1O4", "r0", "c6"), ("2I2", "r1", "d4")]
    state = position(2, board=board, unlocked=True)
    # 1I4 c3-f3; 1I2 g4-g5 touches only f3 by a corner; 1O4 c6-d7; 2I2 d4-d5 joins nothing of P1's
    assert GAME.scores(state) == [4, 2]
    state.lay("1I3", 0, parse_cell("c4"), placement_table("I3", 6)[(0, parse_cell("c4"))])
    # 1I3 covers 2I2's d4 and links c3-f3 to c6? c4-e4 touches c3..e3 and c5 is empty: no
    assert GAME.scores(state) == [7, 1]
    state.lay("1I2", 0, parse_cell("c5"), placement_table("I2", 6)[(0, parse_cell("c5"))])
    # c5-d5 joins c4-e4 to c6-d7 and covers 2I2's last visible cell
    assert GAME.scores(state) == [13, 0]
    assert GAME.scores(state)[0] == recount(state, 0)



def test_o22_ties_go_to_the_most_visible_cells_then_are_shared():
    # P1: L3 on g3-h4 (3) and I2 on c5-d5 (2): largest 3, 5 visible; P2: L3 on g7-h8: 3, 3 visible
    state = position(2, board=[("1L3", "r0", "g3"), ("1I2", "r0", "c5"), ("2L3", "r0", "g7")])
    state.over = True
    assert GAME.scores(state) == [3, 3] and scoring.visible(state) == [5, 3] and GAME.winners(state) == [0]
    level = position(2, board=[("1L3", "r0", "g3"), ("2L3", "r0", "c7")])
    level.over = True
    assert GAME.scores(level) == [3, 3] and GAME.winners(level) == [0, 1]
    ahead = position(2, board=[("1I4", "r0", "c3"), ("2L3", "r0", "c7"), ("2I2", "r0", "g8")])
    ahead.over = True
    assert GAME.scores(ahead) == [4, 3] and GAME.winners(ahead) == [0]


def test_o23_every_observer_sees_the_same_board_banks_and_stacks():
    rng = Rng(4)
    match = Match(GAME, {"players": 3}, 4, actor=RandomActor(rng))
    assert play(match, random_moves(match, rng), limit=12).version == 12
    views = [match.view(o) for o in (SPECTATOR, TABLE, 0, 1, 2)]
    for view in views:
        view.pop("observer")
        assert view == views[0]
    view = views[0]
    assert view["stacks"] == [list(s) for s in match.state.stacks]
    assert view["personal"] == match.state.personal and view["bank"] == match.state.bank
    assert len(view["history"]) == match.state.turn - 1


def test_o24_notation_round_trips():
    for text in ("p1 draw", "p2 place 1L4 r1f c4", "p3 place av r0 e5", "p1 place enc r0 a1",
                 "p4 defrag 2T4 r2 f6", "p1 reserve 1L3", "p6 pass", "p1 place 6U5 r3 j10"):
        assert format_action(parse_action(text)) == text
    for bad in ("p1 place 1L4 r4 c4", "p1 place 1L4 r1 k4", "p1 place 1L4 r1 c11", "p1 place 7L4 r0 c4",
                "p1 place df r0 c4", "p1 place sf r0 c4", "p1 defrag av r0 c4", "p1 reserve av",
                "p1 place 1L4 r1 c04", "p7 draw", "p1 draw now", "p1 place 1L4 r1 c4 d4"):
        with pytest.raises(InvalidNotation):
            parse_action(bad)


def test_o24_a_notation_prefix_lists_the_same_as_the_full_list():
    state = position(6, bank=["1L5", "2T4", "df1", "1I2"], board=[("3I4", "r0", "a1"), ("4L4", "r0", "a2")])
    full = [format_action(a) for a in GAME.legal_actions(state, 0)]
    for prefix in ("", "p1 ", "p1 place ", "p1 place 1L5 ", "p1 place 1L5 r1", "p1 defrag ",
                   "p1 defrag 4L4 ", "p1 reserve ", "p1 reserve 1I2", "p1 pass", "p2 "):
        assert GAME.legal_notation(state, 0, prefix) == [t for t in full if t.startswith(prefix)], prefix


def test_check_refuses_look_alikes_and_garbage_cleanly():
    state = position(2, bank=["1I2"])
    good = place(0, "1I2", "r0", "c3")
    GAME.check(state, good)
    # malformed values (floats and bools for integers, cells off the board, an unknown
    # orientation or piece, a text instead of an action) are no Overwrite action at all
    for bad in (Place(0, "1I2", 0.0, good.cell), Place(0, "1I2", 0, float(good.cell)), Place(False, "1I2", 0, good.cell),
                Place(0, "1I2", True, good.cell), Place(0, "1I2", 0, -1), Place(0, "1I2", 0, 100), Place(0, 12, 0, 22),
                Place(0, "1I2", 9, 22), Place(0, None, 0, 22), Reserve(0, ("1I2",)), Defrag(0, "1I2", 0, 2**70),
                "p1 place 1I2 r0 c3", None, Draw(1.0)):
        refused(state, bad, "unknown-action")
    # a well-formed action for a seat the game does not have names the seat
    for bad in (Place(7, "1I2", 0, 22), Place(-1, "1I2", 0, 22)):
        refused(state, bad, "bad-seat")


def test_o25_resigning_skips_the_seat_and_the_last_one_left_wins():
    from netarcade.core import Match
    from netarcade.games import get_game

    game = get_game("overwrite")
    match = Match(game, {"players": 3}, 5)
    assert all(not text.endswith("resign") for text in match.legal(0))  # never listed
    held = list(match.state.personal[2])
    events = match.submit(2, "p3 resign")  # not P3's turn
    assert events[0].kind == "resign" and match.state.resigned == (2,)
    assert match.state.personal[2] == [] and all(piece in match.state.bank for piece in held)
    with pytest.raises(IllegalAction) as refused:
        match.submit(2, "p3 resign")
    assert refused.value.code == "resigned"
    seat = next(iter(match.to_act()))
    match.submit(seat, "p1 resign" if seat == 0 else "p2 resign")
    assert match.over and match.winners() == [1 - seat] and match.to_act() == {}
    again = Match(game, {"players": 3}, 5, match.actions)
    assert again.digest() == match.digest()
    assert "resigned" not in game.canonical(Match(game, {"players": 3}, 5).state)


def test_o25_a_resigned_seats_turn_passes_on():
    from netarcade.core import Match
    from netarcade.games import get_game

    game = get_game("overwrite")
    match = Match(game, {"players": 3}, 5)
    current = next(iter(match.to_act()))
    match.submit(current, f"p{current + 1} resign")
    following = next(iter(match.to_act()))
    assert following == (current + 1) % 3 and not match.over
