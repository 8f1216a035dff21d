"""``Match`` as the one loop: who acts (the actor policies), undo depth, and
``play`` atomic in every mode, on a tiny game made for it (Tally) whose
perform can fail halfway through, as a rules bug would."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from netarcade.core import Event, HumansFirst, IllegalAction, InvalidNotation, LowestSeat, Match, Option, \
    OptionSchema, RandomActor
from netarcade.core.actors import actor_rng
from netarcade.core.game import Game, format_seat, is_seat, split_seat
from netarcade.core.prng import Rng, derive_seed

PY = Path(__file__).resolve().parents[2] / "py" / "netarcade"


@dataclass(frozen=True)
class Mark:
    seat: int
    count: int


class Board:
    def __init__(self, players, rounds):
        self.counts, self.rounds, self.round = [0] * players, rounds, 0
        self.waiting = set(range(players))

    def copy(self):
        board = Board(len(self.counts), self.rounds)
        board.counts, board.round, board.waiting = list(self.counts), self.round, set(self.waiting)
        return board


class Tally(Game):
    """Every seat marks 1 or 2 each round, all of them at once (a window of
    several acting seats); ``check`` also lets a 3 through, whose
    ``perform`` changes the board and then raises: a rules bug."""

    id, title = "tally", "Tally"
    min_players, max_players = 2, 4
    options = OptionSchema(Option("players", "int", 3, minimum=2, maximum=4),
                           Option("rounds", "int", 3, minimum=1, maximum=9))

    def setup(self, options, seed):
        return Board(options["players"], options["rounds"]), []

    def copy(self, board):
        return board.copy()

    def to_act(self, board):
        return {} if board.round >= board.rounds else {seat: "response" for seat in board.waiting}

    def legal_actions(self, board, seat):
        return [Mark(seat, 1), Mark(seat, 2)] if seat in self.to_act(board) else []

    def check(self, board, action):
        if not isinstance(action, Mark) or not is_seat(action.seat) or action.count not in (1, 2, 3):
            raise IllegalAction("unknown-action", f"{action!r} is not a Tally action")
        if action.seat not in self.to_act(board):
            raise IllegalAction("not-your-turn", f"P{action.seat + 1} has marked this round")

    def perform(self, board, action):
        board.counts[action.seat] += action.count
        board.waiting.discard(action.seat)
        if action.count == 3:
            raise RuntimeError("a rules bug, halfway through")
        if not board.waiting:
            board.round += 1
            board.waiting = set(range(len(board.counts)))
        return [Event("mark", {"seat": action.seat, "count": action.count})]

    def body(self, board, observer):
        return {"counts": list(board.counts)}

    def is_over(self, board):
        return board.round >= board.rounds

    def scores(self, board):
        return list(board.counts)

    def winners(self, board):
        best = max(board.counts)
        return [seat for seat, count in enumerate(board.counts) if count == best] if self.is_over(board) else []

    def turn_count(self, board):
        return board.round

    def format_action(self, action):
        return format_seat(action.seat, f"mark {action.count}")

    def parse_action(self, text):
        seat, body = split_seat(text, 4)
        verb, _, count = body.partition(" ")
        if verb != "mark" or count not in ("1", "2", "3"):
            raise InvalidNotation(f"{text!r} is not 'mark N'")
        return Mark(seat, int(count))

    def canonical(self, board):
        return [board.counts, board.round, sorted(board.waiting)]


TALLY = Tally()


def snapshot(match):
    return (match.digest(), match.version, match.changes, list(match.actions), list(match.turns),
            list(match.events), match.to_act(), [match.legal_actions(s) for s in range(3)], match.can_undo())


@pytest.mark.parametrize("mode", [{"undo": True}, {"undo": 1}, {"undo": False}, {"history": False}],
                         ids=["undo", "undo-1", "no-undo", "no-history"])
def test_a_perform_that_fails_halfway_leaves_the_match_exactly_as_before(mode):
    match = Match(TALLY, {}, 1, **mode)
    match.play(Mark(0, 2))
    before = snapshot(match)
    with pytest.raises(RuntimeError, match="rules bug"):
        match.play(Mark(1, 3))
    assert snapshot(match) == before
    with pytest.raises(IllegalAction):  # refused by check: nothing changes either
        match.play(Mark(0, 1))
    assert snapshot(match) == before
    match.play(Mark(1, 1))  # and the match plays on
    assert match.version == 2 and match.state.counts == [2, 1, 0]


def test_advance_is_the_cheap_path_of_a_match_without_history():
    with pytest.raises(ValueError, match="without history"):
        Match(TALLY, {}, 1).advance(Mark(0, 1))
    board = TALLY.new_game({"players": 3, "rounds": 3}, 0)
    match = Match.around(TALLY, board, LowestSeat())
    with pytest.raises(IllegalAction):
        match.advance(Mark(0, 7))
    match.advance(Mark(0, 1))
    assert match.state is board and board.counts == [1, 0, 0] and match.version == 1
    assert match.next_actor() == 1


def test_undo_depth_keeps_the_last_points_only():
    match = Match(TALLY, {"rounds": 2}, 1, undo=2)
    for seat in (0, 1, 2, 0):
        match.play(Mark(seat, 1))
    assert match.undo(5) == 2 and match.version == 2 and match.actions == ["p1 mark 1", "p2 mark 1"]
    assert match.turns == [0, 0] and not match.can_undo()
    assert Match(TALLY, {}, 1, undo=False).undo() == 0
    for bad in (-1, 1.5, "2", None):
        with pytest.raises(ValueError, match="undo is True, False or a number"):
            Match(TALLY, {}, 1, undo=bad)


def window(actor, seed=1):
    """A match of Tally where seats 0, 1 and 2 may all act."""
    return Match(TALLY, {"players": 3}, seed, actor=actor)


def test_lowest_seat_takes_the_lowest_acting_seat_among_those_asked():
    match = window(LowestSeat())
    assert match.next_actor() == 0
    assert match.next_actor(among={1, 2}) == 1
    assert match.next_actor(among={3}) is None and match.next_actor(among=set()) is None


def test_humans_first_draws_from_the_seed_and_the_version():
    assert window(HumansFirst({2}, 9)).next_actor() == 2
    match = window(HumansFirst({0, 2}, 9), seed=9)
    expected = [0, 2][derive_seed(9, "actor:0") % 2]
    assert match.next_actor() == expected == match.next_actor()  # no state: asked again, the same
    match.play(Mark(expected, 1))
    humans_left = [0, 2][1 - [0, 2].index(expected)]
    assert match.next_actor() == humans_left  # one human left: before the bot
    match.play(Mark(humans_left, 1))
    assert match.next_actor() == 1  # no human acts: the bot


def test_the_random_policy_draws_once_per_choice_among_several_and_never_for_one():
    rng, twin = Rng(4), Rng(4)
    match = window(RandomActor(rng))
    drawn = [match.next_actor() for _ in range(20)]
    assert drawn == [[0, 1, 2][twin.below(3)] for _ in range(20)]
    assert set(drawn) == {0, 1, 2}
    match.play(Mark(0, 1))
    match.play(Mark(1, 1))
    assert match.next_actor() == 2 and rng.next_u64() == twin.next_u64()  # one seat: nothing drawn


def test_a_match_without_a_policy_draws_with_actor_rng_of_its_seed():
    rng = actor_rng(6)
    assert [window(None, seed=6).next_actor()] == [[0, 1, 2][rng.below(3)]]
    with pytest.raises(ValueError, match="actor policy"):
        Match.around(TALLY, TALLY.new_game({}, 0)).next_actor()


@pytest.mark.parametrize("cheap", [False, True])
def test_play_out_plays_to_the_end_with_the_policy(cheap):
    rng = Rng(3)
    match = Match(TALLY, {"rounds": 4}, 3, history=not cheap, actor=RandomActor(rng))
    match.play_out(lambda seat: rng.choice(match.legal_actions(seat)), cheap=cheap)
    assert match.over and match.version == 12 and match.next_actor() is None


def test_nobody_touches_the_private_fields_of_a_match():
    reaching = [f"{path.relative_to(PY)}:{number}" for path in PY.rglob("*.py") if path.name != "match.py"
                for number, line in enumerate(path.read_text().splitlines(), 1)
                if re.search(r"\bmatch\._[a-z]", line)]
    assert reaching == []


#: a seat chosen by hand: the five idioms the tests' own loops used before
#: they played through ``Match`` (``tests/support/playing.py``)
CHOOSES_A_SEAT = re.compile(
    r"pick_actor\(|is_bot_turn\(\)|setup_order\[|\.current \+ 1"
    r"|\bseat\w*\)?,?\s*=\s*[^=\n]*(?:\.current\b|next_actor\(\))"
    r"|(?:sorted|min|iter)\([^\n]*to_act\(")
PLAYS = re.compile(r"\.(?:play|submit|advance|apply|act)\(|\bact\(")
OWN_LOOP = "a loop of its own"


def test_no_test_writes_its_own_game_loop_but_those_that_say_why():
    """docs/engine.md: the tests play through ``Match`` (``playing.turns``,
    ``playing.play``); a loop that picks its seat by hand and plays is kept
    only with a comment saying why (``# a loop of its own: ...``) on a line
    just above it."""
    import ast

    tests = next(parent for parent in Path(__file__).resolve().parents if parent.name == "tests")
    found = []
    for path in sorted(tests.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not CHOOSES_A_SEAT.search(source):
            continue
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, (ast.For, ast.While)) or "turns(" in lines[node.lineno - 1]:
                continue
            body = "\n".join(lines[node.lineno - 1:node.end_lineno])
            if any(CHOOSES_A_SEAT.search("\n".join(lines[inner.lineno - 1:inner.end_lineno]))
                   for inner in ast.walk(node) if inner is not node and isinstance(inner, (ast.For, ast.While))):
                continue  # the inner loop that picks the seat is the one judged
            said = any(OWN_LOOP in line for line in lines[max(0, node.lineno - 3):node.lineno])
            if CHOOSES_A_SEAT.search(body) and PLAYS.search(body) and not said:
                found.append(f"{path.relative_to(tests)}:{node.lineno}")
    assert found == []
