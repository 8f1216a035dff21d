"""Net Control pacing: how long seeded bot games last and how long runners
sit with no building at all (the figures of docs/bots.md, "Net Control pacing").

    nice -n 10 .venv/bin/python scripts/netcontrol_pacing.py --bots greedy --players 3 --games 60 --seed 1
    ... --option rules=1     the first rules edition (before N32), for "before" figures

Each game is played exactly as ``simulate`` plays it (same seeds, same bots,
same acting-seat draws), watching every turn start: a runner who begins a
turn owning no Node or Super Node is "stuck" for that round. Prints one JSON
object: games, median / max turns and rounds, how many games had a stuck
runner, stuck runner-rounds in all, and the longest stuck stretch (rounds).
A round is one turn of every runner (turns / runners, rounded up).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from netarcade.bots import bot_seed, make_bot  # noqa: E402
from netarcade.core.match import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.simulate import actor_rng  # noqa: E402


def one_game(job: tuple) -> dict:
    bots, seed, options = job
    game = get_game("netcontrol")
    match = Match(game, {**options, "players": len(bots)}, seed, undo=False)
    players = [make_bot(name, bot_seed(seed, seat, name), game) for seat, name in enumerate(bots)]
    rng = actor_rng(seed)
    state = match.state
    stuck, stretch, longest, seen_turn = 0, [0] * len(bots), 0, 0
    while not match.over:
        seat = match.pick_actor(rng)
        match.play(players[seat].choose(game, match.state, seat))
        state = match.state
        if state.turn != seen_turn and state.phase == "roll":
            seen_turn = state.turn
            runner = state.current
            if runner in state.owner.values():
                stretch[runner] = 0
            else:
                stuck += 1
                stretch[runner] += 1
                longest = max(longest, stretch[runner])
    return {"seed": seed, "rules": match.options["rules"], "turns": state.turn, "rounds": math.ceil(state.turn / len(bots)),
            "stuck": stuck, "longest": longest, "winners": match.winners(), "scores": match.scores()}


def summary(results: list[dict], bots: list[str]) -> dict:
    turns = [r["turns"] for r in results]
    rounds = [r["rounds"] for r in results]
    return {
        "bots": ",".join(bots), "games": len(results), "rules": results[0]["rules"],
        "turns_median": median(turns), "turns_max": max(turns),
        "rounds_median": median(rounds), "rounds_max": max(rounds),
        "games_with_stuck_runner": sum(1 for r in results if r["stuck"]),
        "stuck_runner_rounds": sum(r["stuck"] for r in results),
        "longest_stuck_rounds": max(r["longest"] for r in results),
        "games_over_30_rounds": sum(1 for r in rounds if r > 30),
    }


class _Inline:
    """``ProcessPoolExecutor``'s ``map`` in this process (one worker)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, function, jobs):
        return map(function, jobs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="greedy", help="one bot for every seat, or one per seat")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. rules=1 for the first rules edition (no N32)")
    parser.add_argument("--games-json", action="store_true", help="also print each game")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    bots = [names[s % len(names)] for s in range(args.players)]
    options = dict(pair.split("=", 1) for pair in args.option)
    jobs = [(bots, args.seed + i, options) for i in range(args.games)]
    results = []
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else _Inline() as pool:
        for result in pool.map(one_game, jobs):
            results.append(result)
            if args.games_json:  # as each game ends, so a bounded run keeps what it finished
                print(json.dumps(result), flush=True)
    print(json.dumps(summary(results, bots)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
