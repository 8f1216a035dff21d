"""``scripts/research/overwrite_ceiling.py``, the experiments behind docs/bots.md
("How far a bot can get against greedy", under "Overwrite"): its counts add up, its
fair rollouts weigh every draw once, and its weight variants are the
evaluation when no weight changes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.core.match import Match
from netarcade.games import get_game
from support.playing import turns

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "research" / "overwrite_ceiling.py"
_spec = importlib.util.spec_from_file_location("overwrite_ceiling", SCRIPT)
ceiling = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ceiling)

GAME = get_game("overwrite")


def _run(capsys, *argv) -> dict:
    ceiling.main(list(argv))
    return json.loads(capsys.readouterr().out)


def _positions(seed: int, count: int):
    match = Match(GAME, {"players": 2}, seed, undo=False)
    bots = [make_bot("greedy", seed + seat, GAME) for seat in range(2)]
    for seat in turns(match, count):
        yield match.state, seat
        match.play(bots[seat].choose(GAME, match.state, seat))


def test_last_mover_splits_every_game_once(capsys):
    summary = _run(capsys, "last-mover", "--pair", "greedy,random", "--games", "6", "--seed", "3")
    assert summary["won_by_last_mover"] + summary["won_by_another"] + summary["shared"] == 6
    placed_last, rival_last = summary["hero_moved_last"], summary["rival_moved_last"]
    assert placed_last[0] + rival_last[0] == 6
    mixed = (placed_last[0] * placed_last[1] + rival_last[0] * rival_last[1]) / 6
    assert abs(mixed - summary["score_rate"]) < 1e-3


def test_rollouts_played_to_the_end_count_each_draw_once(capsys):
    # the script raises if a world played to the end passed another number
    # of draws than the envelope held (the System Fail's n equal chances)
    summary = _run(capsys, "rollouts", "--games", "2", "--seed", "11", "--width", "2", "--worlds", "1")
    assert summary["games"] == 2 and 0.0 <= summary["score_rate"] <= 1.0


def test_a_rollout_weighs_each_draw_by_its_chance_of_being_the_system_fail():
    """Read no action past the candidate: its placement's draw (the next
    turn's) is one of the n the System Fail may be, and scores the result
    there; the other n - 1 score the squashed evaluation."""
    state, seat = next(_positions(4, 1))
    bot = make_bot("rollouts", 1, GAME, algorithm="flat", root_width=2, worlds=1, depth=0)
    world = next(bot._worlds(GAME, state, seat))
    draws = bot._draws
    assert "sf" in state.envelope and "sf" not in world.envelope and len(world.envelope) == draws - 1
    ranked = finish(GAME.rank_steps(world, seat))
    GAME.apply(world, ranked[0][2])
    assert len(world.envelope) == draws - 2 and not GAME.is_over(world)  # the next turn drew
    expected = (ceiling.result(world.tops, seat) + (draws - 1) * bot._value(GAME, world, seat)) / draws
    assert finish(bot.playout(GAME, world.copy(), seat)) == expected
    assert ceiling.result(world.tops, seat) != bot._value(GAME, world, seat)  # so the weights are seen


def test_weights_unchanged_rank_as_the_evaluation_and_a_change_changes_values():
    same, other = ceiling.weighted({}), ceiling.weighted({"second": 0.9, "cells": 0.5})
    changed = False
    for state, seat in _positions(7, 6):
        actions = GAME.legal_actions(state, seat)
        expected = finish(GAME.rank_steps(state, seat, actions))
        assert finish(same.rank_steps(GAME, state, seat, actions)) == expected
        values = [value for value, _, _ in finish(other.rank_steps(GAME, state, seat, actions))]
        changed |= values != [value for value, _, _ in expected]
    assert changed
