"""Net Control pacing: how long seeded bot games last and how long runners
sit with no building at all (the figures of docs/bots.md, "Net Control pacing").

    nice -n 10 .venv/bin/python scripts/research/netcontrol_pacing.py --bots greedy --players 3 --games 60 --seed 1
    ... --option rules=1     the first rules edition (before N32), for "before" figures

Each game is played exactly as ``simulate`` plays it (same seeds, same bots,
same acting-seat draws), watching every turn start: a runner who begins a
turn owning no Node or Super Node is "stuck" for that round. Prints one JSON
object: games, median / max turns and rounds, how many games had a stuck
runner, stuck runner-rounds in all, and the longest stuck stretch (rounds).
A round is one turn of every runner (turns / runners, rounded up).

What the rounds go to (per game, summed): XP built (Nodes, Super Nodes, +1 XP
cards) and XP taken by Hacks (a Node destroyed is 1, a Super Node demoted
1), Hacks on the XP leader or not, cards drawn, bank trades, Viruses, and
rolls that produced nothing for the runner who rolled.

Head to head: a bot written ``name@COMMIT`` (``greedy@a831c07``) plays with
the Net Control evaluation of that commit (``games/netcontrol/evaluation.py``, ``bots.py`` before, read
from git; or ``name@FILE``, a variant of that file), everything else as today; ``--rotate`` turns the seats by one per
game so every bot sits in every seat, and the summary counts wins per bot
(a shared win counts 1/k):

    ... --bots greedy,greedy@a831c07 --players 4 --rotate --games 40
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import subprocess
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade.core.argcheck import UsageError, option_pairs  # noqa: E402
from netarcade.bots import bot_seed, make_bot  # noqa: E402
from netarcade.core.match import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.core.actors import actor_rng  # noqa: E402


ROOT = Path(__file__).resolve().parents[2]
_OLD: dict[str, types.ModuleType] = {}


def _evaluation_at(commit: str) -> str:
    """The text of Net Control's evaluation at ``commit`` (called ``bots.py``
    before the games took one module layout)."""
    for name in ("evaluation.py", "bots.py"):
        shown = subprocess.run(["git", "show", f"{commit}:py/netarcade/games/netcontrol/{name}"],
                               cwd=ROOT, capture_output=True, text=True)
        if shown.returncode == 0:
            return shown.stdout
    raise SystemExit(f"no Net Control evaluation at {commit}")


class _OldEvaluation:
    """The game with the evaluation of another commit: every attribute is the
    game's own, except ``evaluate`` and ``evaluate_all``."""

    def __init__(self, game, commit: str):
        module = _OLD.get(commit)
        if module is None:
            if Path(commit).is_file():  # a variant being tried: a file like evaluation.py
                source = Path(commit).read_text()
            else:
                source = _evaluation_at(commit)
            module = types.ModuleType(f"netarcade.games.netcontrol._bots_{len(_OLD)}")
            module.__package__ = "netarcade.games.netcontrol"
            exec(compile(source, f"{commit}:evaluation.py", "exec"), module.__dict__)
            _OLD[commit] = module
        self._game, self.evaluate, self.evaluate_all = game, module.evaluate, module.evaluate_all

    def __getattr__(self, name):
        return getattr(self._game, name)


def _counts(events, roller_gained: list) -> dict:
    counts = {}
    for event in events:
        kind, data = event.kind, event.data
        if kind == "hack":
            key = "hack_" + data["result"]
            counts[key] = counts.get(key, 0) + 1
        elif kind in ("node", "super", "trade", "virus", "draw") and not data.get("setup"):
            if kind == "node" and data.get("rebuild"):
                kind = "rebuild"
            counts[kind] = counts.get(kind, 0) + 1
        elif kind == "play" and data["card"] == "xp":
            counts["xp_card"] = counts.get("xp_card", 0) + 1
        elif kind == "roll":
            roller_gained[0] = data["seat"]
            counts["rolls"] = counts.get("rolls", 0) + 1
            counts["dry_rolls"] = counts.get("dry_rolls", 0) + 1  # taken back on a produce for the roller
        elif kind == "produce" and data["seat"] == roller_gained[0]:
            counts["dry_rolls"] -= 1
    return counts


def one_game(job: tuple) -> dict:
    bots, seed, options = job
    game = get_game("netcontrol")
    match = Match(game, {**options, "players": len(bots)}, seed, undo=False)
    players, views = [], []
    for seat, spec in enumerate(bots):
        name, _, commit = spec.partition("@")
        players.append(make_bot(name, bot_seed(seed, seat, name), game))
        views.append(_OldEvaluation(game, commit) if commit else game)
    rng = actor_rng(seed)
    state = match.state
    stuck, stretch, longest, seen_turn = 0, [0] * len(bots), 0, 0
    tally = {"hack_leader": 0, "hack_other": 0}
    roller = [None]
    while not match.over:
        seat = match.pick_actor(rng)
        action = players[seat].choose(views[seat], match.state, seat)
        if getattr(action, "verb", None) == "hack":
            scores = match.scores()
            victim = match.state.owner[action.args[0]]
            tally["hack_leader" if scores[victim] >= max(s for i, s in enumerate(scores) if i != seat) else "hack_other"] += 1
        for key, value in _counts(match.play(action), roller).items():
            tally[key] = tally.get(key, 0) + value
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
            "stuck": stuck, "longest": longest, "winners": match.winners(), "scores": match.scores(),
            "bots": list(bots), "tally": tally}


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
        "per_game": {key: round(sum(r["tally"].get(key, 0) for r in results) / len(results), 2)
                     for key in sorted({k for r in results for k in r["tally"]})},
        "wins": _wins(results),
    }


def _wins(results: list[dict]) -> dict:
    """Wins per bot (a shared win 1/k each) and the seats it played."""
    wins, seats = {}, {}
    for r in results:
        for seat, spec in enumerate(r["bots"]):
            seats[spec] = seats.get(spec, 0) + 1
            if seat in r["winners"]:
                wins[spec] = wins.get(spec, 0) + 1 / len(r["winners"])
        wins.update({spec: wins.get(spec, 0) for spec in r["bots"]})
    return {spec: {"wins": round(wins[spec], 2), "seat_games": seats[spec]} for spec in wins}


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
    parser.add_argument("--rotate", action="store_true", help="turn the seats by one per game")
    parser.add_argument("--games-json", action="store_true", help="also print each game")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    bots = [names[s % len(names)] for s in range(args.players)]
    try:
        options = option_pairs(args.option)
    except UsageError as err:
        parser.error(str(err))
    jobs = [(bots[i % len(bots):] + bots[:i % len(bots)] if args.rotate else bots, args.seed + i, options)
            for i in range(args.games)]
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
