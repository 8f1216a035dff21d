"""Breach's one-ply ranking (``games/breach/rank.py``) ranks exactly as the
contract's default (copy, check, apply, evaluate every action), with less
work: the actions ``legal_actions`` handed out for the very position are not
checked again (``state.offered``), and the evaluation is the mover's alone.
Also the engine's own short cuts under it: ``legal.can_move`` is
``bool(entries)``, ``evaluate`` is ``evaluate_all``'s entry."""

from __future__ import annotations

import pytest

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.bots.greedy import rank_actions
from netarcade.core import IllegalAction
from netarcade.core.actors import RandomActor
from netarcade.core.game import Game
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games.breach import evaluation, legal, rank
from netarcade.games.breach.actions import Enter, Modify
from netarcade.games.breach.evaluation import evaluate, evaluate_all

from support.breach_helpers import GAME, fresh
from support.playing import turns


def positions(players: int, seed: int, rules: int, every: int = 3):
    """Every ``every``-th position of a seeded greedy game (a copy, the seat to act)."""
    match = Match(GAME, {"players": players, "rules": rules}, seed, undo=False, actor=RandomActor(Rng(seed)))
    bots = [make_bot("greedy", 10 * seed + seat, GAME) for seat in range(players)]
    for number, seat in enumerate(turns(match)):
        if number % every == 0:
            yield GAME.copy(match.state), seat
        match.play(bots[seat].choose(GAME, match.state, seat))


GAMES = [(2, 1, 1), (3, 2, 2), (4, 3, 3), (5, 4, 3)]


def _default(state, seat, actions=None):
    return finish(Game.rank_steps(GAME, state, seat, actions))


@pytest.mark.parametrize("players, seed, rules", GAMES)
def test_the_ranking_is_the_contracts_default_in_played_games(players, seed, rules):
    """The same values (to the last bit), order and actions, whether the
    actions are listed by the ranking, handed in as the list just offered,
    or handed in as another list (checked in full, an illegal one left out);
    siblings that spend different cards alike (valued once) included."""
    windows = moves = alike = 0
    for state, seat in positions(players, seed, rules):
        expected = _default(state, seat)
        assert rank_actions(GAME, state, seat) == expected
        offered = GAME.legal_actions(state, seat)
        assert rank_actions(GAME, state, seat, offered) == expected
        stranger = [Modify(seat, "laylow") if state.phase != "modify" else Enter(seat, "9t"), *offered]
        assert rank_actions(GAME, state, seat, stranger) == _default(state, seat, stranger)
        windows += state.phase == "window"
        moves += state.phase == "move"
        kinds = [rank._spending(action) for action in offered]
        alike += any(kind is not None and kinds.count(kind) > 1 for kind in kinds)
    assert windows and moves and alike  # block windows, movement and card-spending siblings were ranked too


def test_an_offered_action_is_not_checked_again(monkeypatch):
    """Ranking the list just handed out, and playing its best, never asks
    whether an action is legal (the rule checks would raise here)."""
    state = fresh(3, seed=5)
    GAME.apply(state, Modify(0, "run"))
    offered = GAME.legal_actions(state, 0)
    assert len(offered) > 2

    def refuse(*_):
        raise AssertionError("an offered action was checked again")

    monkeypatch.setattr(legal, "_refuse_malformed", refuse)
    ranked = rank_actions(GAME, state, 0, offered)
    GAME.apply(state, ranked[0][2])


def test_the_offered_list_lasts_until_the_position_changes():
    state = fresh(3, seed=5)
    run, laylow = GAME.legal_actions(state, 0)
    assert state.offered == [run, laylow]
    assert GAME.copy(state).offered is None  # a copy starts without it
    GAME.apply(state, run)
    assert state.offered is None
    with pytest.raises(IllegalAction) as refused:
        GAME.check(state, laylow)  # the same object, now stale: checked in full
    assert refused.value.code == "wrong-phase"


@pytest.mark.parametrize("players, seed, rules", GAMES[1:3])
def test_can_move_and_the_one_seat_evaluation_agree_with_the_full_answers(players, seed, rules):
    moving = 0
    for state, seat in positions(players, seed, rules, every=1):
        assert [evaluate(state, s) for s in range(state.n)] == evaluate_all(state)
        if state.phase == "move":
            assert legal.can_move(state, seat) == bool(legal.entries(state, seat))
            moving += 1
    assert moving > 10


@pytest.mark.parametrize("players, seed, rules", GAMES[1:3])
def test_a_blocked_exploit_reads_as_the_open_window(players, seed, rules):
    """``evaluation._resolved``'s premise: blocking an Exploit (its card to
    the discard pile, back to playing Exploits) changes nothing the
    evaluation reads, so the window's own state stands for the blocked one."""
    windows = 0
    for state, _ in positions(players, seed, rules, every=1):
        if state.phase == "window":
            blocked = GAME.copy(state)
            blocked.discard.append(blocked.window["card"])
            blocked.window, blocked.phase = None, "exploits"
            assert evaluation._values(blocked) == evaluation._values(state)
            windows += 1
    assert windows > 5
