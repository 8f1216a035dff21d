"""The search's one-ply rankings shared between the decisions of one
analysis (``SearchBot.share``, ``Analyser``; issue 40, target 3): the same
decisions as each searched alone, with fewer rankings made, and nothing
shared where a position is not named by its actions (hidden information,
chance)."""

from __future__ import annotations

import pytest

from netarcade.bots import mcts
from netarcade.bots.analysis import Analyser
from netarcade.core.match import Match
from support.analysis_games import BAD_MOVE_GAMES, FAST, greedy_game_with_a_bad_move


@pytest.fixture()
def counted(monkeypatch):
    """How many rankings the search's tree made (``mcts.rank_steps`` calls from ``_candidates``)."""
    made = [0]
    ranking = mcts.rank_steps

    def counting(*args, **kwargs):
        made[0] += 1
        return (yield from ranking(*args, **kwargs))

    monkeypatch.setattr(mcts, "rank_steps", counting)
    return made


def test_a_backbone_analysis_shares_rankings_and_decides_as_each_move_alone(counted):
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[0])
    shared = Analyser(match, FAST)
    moves = shared.plan[:12]
    together = [shared.decide(index) for index in moves]
    with_sharing, counted[0] = counted[0], 0
    alone = [Analyser(match, FAST).decide(index) for index in moves]  # a fresh analyser: nothing to share
    assert together == alone  # the very same decisions (the Hint is made alone too)
    assert shared._rankings and with_sharing < counted[0]  # and fewer rankings made
    # the key of a position is the one before and its move, from the start
    assert shared._key(2) == (((), match.game.parse_action(match.actions[0])),
                              match.game.parse_action(match.actions[1]))


def test_nothing_is_shared_where_a_world_is_sampled():
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[1])  # Net Control: hidden cards and dice
    assert isinstance(match, Match) and match.game.hidden_information
    analyser = Analyser(match, FAST)
    for index in analyser.plan[:3]:
        analyser.decide(index)
    assert analyser._rankings == {}
