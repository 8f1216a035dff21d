"""Backbone's one-ply ranking, the bots' hot path (issue 40, target 3): CPU
time per ranked action over every position of ``scripts/bench/replay.py``'s
longest greedy game (what Analyse spends 70% of its time in), split into
its parts (copying the position, performing the action, evaluating the
child) and beside the contract's default ranking (``Game.rank_steps``:
copy, check and perform, evaluate), interleaved, medians of ``--rounds``.
The pieces-only strengths kept across positions (``evaluation.KNOWN``)
are emptied before each round, so a round does not read the last one's.

    python scripts/bench/backbone_rank.py [--rounds 5] [--seeds 3]

Figures only (docs/bots.md, "Backbone speed");
tests/games/backbone/test_backbone_evaluation.py checks the two rank alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay import longest_game  # noqa: E402

from netarcade.bots.base import finish  # noqa: E402
from netarcade.core.game import Game  # noqa: E402
from netarcade.core.match import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.games.backbone import evaluation, rules  # noqa: E402

GAME = get_game("backbone")


def positions(seeds: int) -> list[tuple]:
    """Every position of the longest of ``seeds`` greedy games, with the seat to act."""
    session = longest_game("backbone", seeds)
    match = Match(GAME, dict(session.setup.options), session.setup.seed, history=False)
    found = []
    for text in session.actions:
        found.append((match.state.copy(), match.next_actor()))
        match.advance(GAME.parse_action(text))
    return found


def fresh(states: list[tuple]) -> list[tuple]:
    """The positions with the caches they had when reached, and no
    pieces-only strength known from an earlier round (each round starts
    alike: ``evaluation.KNOWN`` emptied)."""
    evaluation.KNOWN.clear()
    return [(state.copy(), seat) for state, seat in states]


def split(states: list[tuple]) -> tuple[float, float, float]:
    """CPU seconds copying, performing and evaluating, as ``evaluation.rank_steps`` does."""
    copying = performing = evaluating = 0.0
    clock = time.process_time
    for state, seat in states:
        actions = rules.legal_actions(state, seat)
        evaluation.warm(state)
        for action in actions:
            start = clock()
            trial = state.copy()
            copied = clock()
            rules.perform(trial, action)
            performed = clock()
            evaluation.evaluate_all(trial)
            copying += copied - start
            performing += performed - copied
            evaluating += clock() - performed
    return copying, performing, evaluating


def timed(rank, states: list[tuple]) -> float:
    start = time.process_time()
    for state, seat in states:
        finish(rank(state, seat))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=3, help="greedy games played; the longest is ranked")
    args = parser.parse_args()
    states = positions(args.seeds)
    ranked = sum(len(rules.legal_actions(state, seat)) for state, seat in states)
    own, default, parts = [], [], []
    for _ in range(args.rounds):
        own.append(timed(GAME.rank_steps, fresh(states)))
        default.append(timed(lambda state, seat: Game.rank_steps(GAME, state, seat), fresh(states)))
        parts.append(split(fresh(states)))
    mine, general = statistics.median(own), statistics.median(default)
    print(f"{len(states)} positions, {ranked} actions ranked, medians of {args.rounds} rounds (CPU):")
    print(f"  Backbone's rank_steps {mine / ranked * 1e6:.1f} us an action, "
          f"the contract's default {general / ranked * 1e6:.1f} us (x{general / mine:.2f})")
    copying, performing, evaluating = (statistics.median(p[i] for p in parts) / ranked * 1e6 for i in range(3))
    print(f"  its parts: copy {copying:.1f} us, perform {performing:.1f} us, evaluate {evaluating:.1f} us")


if __name__ == "__main__":
    main()
