#!/usr/bin/env python3
"""Bot move times in CPU time: ``bench_bots`` (one seeded game, greedy and
search bots alternating in the seats) timed with ``time.process_time``
instead of the wall clock, so the figures hold on a machine shared with
other work (``python -m netarcade bench GAME --bots`` gives wall time).

    python scripts/bench/bot_cpu.py breach [--players N] [--seed S]

Prints one line per bot, like ``bench --bots``. It asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade.cli.bench import bench_bots, bench_options, format_bots, runtime  # noqa: E402
from netarcade.games import get_game  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = get_game(args.game)
    options = bench_options(game, args.players)
    moves = bench_bots(game, seed=args.seed, options=options, clock=time.process_time)
    for line in format_bots(game.id, moves, runtime() + ", CPU time"):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
