"""Net Control's own one-ply ranking (``ranking.rank_steps``) against the
contract's default (``Game.rank_steps``: every action applied to a copy and
evaluated there): the same values, to the last bit, in the same order, at
positions of scripted games (cards of every kind held and played, discards,
setup) and of greedy games, and the same refusals of an action listed but
illegal. The bots and the move analysis rank through it, so every seeded
bot game and analysis digest depends on it.
"""

from __future__ import annotations

import pytest

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.core.game import Game
from netarcade.core.match import Match
from netarcade.games import get_game
from netarcade.games.netcontrol import ranking, scoring
from netarcade.games.netcontrol.actions import Act

from support.playing import turns
from support.netcontrol_scripted import positions as scripted_positions

GAME = get_game("netcontrol")


def default(state, seat, actions=None):
    return finish(Game.rank_steps(GAME, state, seat, actions))


def own(state, seat, actions=None):
    return finish(GAME.rank_steps(state, seat, actions))


def greedy_positions(seed: int, players: int = 3):
    match = Match(GAME, {"players": players}, seed, undo=False)
    bots = [make_bot("greedy", 10 * seed + seat, GAME) for seat in range(players)]
    out = []
    for seat in turns(match, 400):
        if len(GAME.legal_actions(match.state, seat)) > 1:
            out.append((match.state.copy(), seat))
        match.play(bots[seat].choose(GAME, match.state, seat))
    return out


def test_the_game_ranks_with_its_own_ranking():
    assert type(GAME).rank_steps is ranking.rank_steps


@pytest.mark.parametrize("players,seed", [(3, 1), (3, 2), (4, 3), (4, 4), (2, 5)])
def test_same_ranking_as_applying_every_action_on_a_copy(players, seed):
    found = scripted_positions(players, seed, every=5, limit=40)
    assert found
    verbs = set()
    for state, seat in found:
        expected = default(state, seat)
        assert own(state, seat) == expected
        # listed by the caller (the playout), then offered by the position
        assert own(state, seat, GAME.legal_actions(state, seat)) == expected
        verbs.update(action.verb for _, _, action in expected)
    assert {"node", "link", "trade", "end"} <= verbs


def test_same_ranking_along_greedy_games():
    for seed in (1, 2):
        for state, seat in greedy_positions(seed):
            assert own(state, seat, GAME.legal_actions(state, seat)) == default(state, seat)


def test_an_illegal_action_listed_is_left_out_as_by_the_default():
    state, seat = next((s, seat) for s, seat in greedy_positions(3) if s.phase == "main")
    legal = GAME.legal_actions(state.copy(), seat)
    wrong = [Act(seat, "node", (0,)), Act((seat + 1) % state.n, "end", ()), Act(seat, "roll", ())]
    listed = [*wrong[:1], *legal, *wrong[1:]]
    ranked = own(state, seat, listed)
    assert ranked == default(state, seat, listed)
    assert {action for _, _, action in ranked} == set(legal)


def test_longest_run_memo_answers_as_a_fresh_walk():
    """The memo is keyed by the seat's links and where rivals break them: a
    rival's building on the network changes the answer, and the memo sees it."""
    for state, seat in greedy_positions(4, players=4)[::7]:
        for s in range(state.n):
            remembered = scoring.longest_run(state, s)
            scoring._RUNS.clear()
            assert scoring.longest_run(state, s) == remembered
