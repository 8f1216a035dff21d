#!/usr/bin/env python3
"""The yardstick's speed, measured now: catanatron 3.2.1's four random players.

What it is for: ``make bench`` (and ``make bench-pyodide``) run this just
before ``python -m netarcade bench``, in the bench venv (``build/bench-venv``,
made by the Makefile with catanatron and its one dependency, networkx; never
in the test venv, never in the page), so every game's ratio to catanatron is
a ratio between two figures taken minutes apart on the same machine under the
same load, not against a figure remembered from a quieter day.

It plays seeded games (seeds 1, 2, ...: ``Game(players, seed=...)``) of four
``RandomPlayer`` s for about ``--seconds`` and counts the way catanatron's own
``catanatron-play`` statistics count them: actions per finished game are
``len(game.state.actions)`` (the log of every action played, one per
``play_tick``), turns are ``game.state.num_turns``. Prints one line and, with
``--save FILE``, the figures as JSON (read by ``netarcade bench --catanatron``
and scripts/bench/table.py).

What it is not: part of the package (it imports catanatron, which the
project never depends on) or a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from importlib.metadata import version


def bench(seconds: float) -> dict:
    from catanatron import Color, Game, RandomPlayer

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    games = actions = turns = 0
    seed = 1
    start = time.perf_counter()
    while True:
        game = Game([RandomPlayer(color) for color in colors], seed=seed)
        game.play()
        actions += len(game.state.actions)
        turns += game.state.num_turns
        games += 1
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {
        "engine": f"catanatron {version('catanatron')}",
        "players": len(colors),
        "runtime": f"{platform.python_implementation()} {platform.python_version()}",
        "games": games,
        "actions": actions,
        "turns": turns,
        "seconds": elapsed,
        "actions_per_s": actions / elapsed,
        "turns_per_s": turns / elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play (default 5)")
    parser.add_argument("--save", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600:
        parser.error("--seconds must be above 0 and at most 600")
    try:
        figures = bench(args.seconds)
    except ImportError:
        print("scripts/bench/catanatron_figures.py: catanatron is not installed here (make bench makes build/bench-venv)",
              file=sys.stderr)
        return 2
    print(f"{figures['engine']}: {figures['games'] / figures['seconds']:.2f} games/s, "
          f"{figures['actions_per_s']:,.0f} actions/s, {figures['turns_per_s']:,.0f} turns/s "
          f"({figures['players']} random players, {figures['runtime']}, {figures['games']} games)", flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=1)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
