"""Overwrite's search-against-greedy ladders of issue 24, with the page's
think time (docs/bots.md, "Overwrite", "Ladders"; `make bench-ladders`).

    .venv/bin/python scripts/research/overwrite_ladders.py --players 2 --games 200 --seed 8001 --workers 2
    .venv/bin/python scripts/research/overwrite_ladders.py --players 4 --games 200 --seed 7001 --workers 2

The schedule is the ladder's (``netarcade.cli.ladder``: each seed once per seat,
the hero's seat rotating; the same seeds, bot seeds and actor draws as
``python -m netarcade ladder overwrite --pair search,greedy``), so with
``--cpu-limit 0`` the games are the ladder's games, move for move.

What differs is the search bot's budget. The page stops it after 0.6 s
(``web.thinking.PAGE_SEARCH``) of thinking under Pyodide, which runs the
search about 2.06 times slower than CPython (docs/bots.md, "Search move
time"); so by default each search move here may take 0.6 / 2.06 = 0.29 s
of this process's CPU time (``time.process_time``: on a shared machine
the wall clock would cut the bot short whenever another job runs). The
search finishes the round it is in, as in the page. A ladder on a quiet
machine with a wall-clock limit would give about the same cut. The CPU
clock still depends on the load on a shared virtual machine (2026-12-02:
the same 2-player games took 0.59 CPU-s each under a load of 5-7 against
0.26 the day before), so ``--unit-us`` counts the think time in units of
the search's work instead (each yield of ``Bot.steps``, one evaluated
action or a few), at a fixed CPU cost each: the cut is then the same on
any machine at any load, and the games replay exactly (seeded).

Prints one JSON line: the hero's wins, shared games and losses, its score
rate (a k-way shared win counts 1/k) with its 95% Wilson interval, the
chance level, the mean game length, the search moves the limit cut short,
the CPU a game took, and ``placed_last``: the games and the hero's score
rate by whose action (other than a draw) was the last before the game
ended: ``hero`` (h1 in docs/bots.md, "How far a bot can get against
greedy"), ``rival`` (h2), and ``rival+k`` for the rival k seats after the
hero.

Two variants played on the same seeds share most of their games move for
move (a game often ends before a different choice matters), so the
difference between two ladders is in the few games whose result differs.
``--per-game FILE`` writes one JSON line per game (seed, the hero's seat,
its share, the seat that placed last); ``--paired FILE`` reads such a file from an earlier run and
adds to the printed line how many of the same games this run scored
higher, lower or the same (a paired count: the noise of the games both
runs played alike drops out).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from statistics import mean

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade.core.argcheck import UsageError, option_pairs  # noqa: E402
from netarcade.bots import bot_seed, make_bot  # noqa: E402
from netarcade.core.errors import InvalidOption  # noqa: E402
from netarcade.core.match import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.cli.ladder import _share, ladder_jobs, play_jobs, wilson  # noqa: E402
from netarcade.web.thinking import PAGE_SEARCH  # noqa: E402

#: Pyodide / CPython time of a search move (median; docs/bots.md, "Search move time")
PYODIDE_RATIO = 2.06
#: the page's think time in CPython CPU seconds
PAGE_CPU = round(PAGE_SEARCH["time_limit"] / PYODIDE_RATIO, 2)
#: CPython CPU microseconds of one unit of the search's work (one yield of
#: ``Bot.steps``), measured on a quiet moment (docs/bots.md, "Ladders at a
#: fixed amount of work")
UNIT_US = 130.0


def one_game(job) -> tuple[float, int, int, float, float, int, int | None]:
    """(the hero's share, turns, search moves, search moves cut short, CPU
    seconds, units of search work, the seat whose action other than a draw
    was the last: who placed last before the System Fail) of one ladder game; ``job`` is a
    ``ladder_jobs`` entry plus the CPU limit, the seconds a unit of work
    stands for (0: the process's CPU clock) and the search settings given
    over the game's own."""
    (game_id, hero, rival, seed, options, seat, players), limit, unit, given = job
    game = get_game(game_id)
    match = Match(game, {**options, "players": players}, seed, undo=False)
    names = [rival] * players
    names[seat] = hero
    settings = {**given, **({"time_limit": limit} if limit else {})}
    bots = [make_bot(name, bot_seed(seed, s, name), game, **(settings if name == "search" else {}))
            for s, name in enumerate(names)]
    moves = cut = work = 0
    began = time.process_time()

    def choose(s):
        nonlocal moves, cut, work
        start = time.process_time()
        done = 0
        if unit:
            def clock():
                return done * unit
        else:
            def clock():
                return time.process_time() - start
        steps = bots[s].steps(game, match.state, s, clock)
        while True:  # Bot.steps run to the end, its units of work counted
            try:
                next(steps)
            except StopIteration as end:
                action = end.value
                break
            done += 1
        if names[s] == "search":
            moves += 1
            work += done
            cut += bool(limit) and clock() >= limit
        return action

    match.play_out(choose)  # who acts: drawn with actor_rng(seed), the match's default
    moved = [text for text in match.actions if text.split()[1] != "draw"]
    last = int(moved[-1].split()[0][1:]) - 1 if moved else None
    return (_share(match.winners(), seat, players), match.turn, moves, cut, time.process_time() - began, work,
            last)


def last_mover(jobs: list, results: list) -> dict:
    """The hero's games and score rate by who placed last (the seat of the
    last action other than a draw): the hero itself (h1), a rival (h2),
    and each rival by its place after the hero (1: the next seat)."""
    by = {}
    for job, result in zip(jobs, results):
        seat, players, last = job[5], job[6], result[6]
        key = "hero" if last == seat else "none" if last is None else f"rival+{(last - seat) % players}"
        by.setdefault(key, []).append(result[0])
    rivals = [share for key, shares in by.items() if key.startswith("rival") for share in shares]
    found = {"hero": by.get("hero", []), "rival": rivals, **{key: by[key] for key in sorted(by) if key != "hero"}}
    return {key: [len(shares), round(mean(shares), 4) if shares else None] for key, shares in found.items()}


def calibrate(seeds=(7101, 7102), every=3) -> dict:
    """CPU microseconds per unit of the search's work (a yield of
    ``Bot.steps``), by player count: the full-budget search on every
    ``every``-th decision with a choice of seeded greedy games."""
    game = get_game("overwrite")
    found = {}
    for players in (2, 4):
        positions = []
        for seed in seeds:
            match = Match(game, {"players": players}, seed, undo=False)
            greedy = [make_bot("greedy", bot_seed(seed, s, "greedy"), game) for s in range(players)]

            def choose(s):
                if len(game.legal_actions(match.state, s)) > 1:
                    positions.append((game.copy(match.state), s))
                return greedy[s].choose(game, match.state, s)

            match.play_out(choose)
        units = 0
        start = time.process_time()
        for state, seat in positions[::every]:
            steps = make_bot("search", 5, game).steps(game, state, seat, lambda: 0.0)
            for _ in steps:
                units += 1
        cpu = time.process_time() - start
        found[players] = {"positions": len(positions[::every]), "units": units,
                          "cpu": round(cpu, 3), "unit_us": round(1e6 * cpu / units, 1)}
    return found


def paired(path: Path, jobs: list, shares: list[float]) -> dict:
    """How this run's games compare with the same games (seed, hero seat)
    in ``path``, a ``--per-game`` file of an earlier run."""
    earlier = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        earlier[(row["seed"], row["seat"])] = row["share"]
    now = {(job[3], job[5]): share for job, share in zip(jobs, shares)}
    common = [key for key in now if key in earlier]
    return {"file": str(path), "games": len(common),
            "higher": sum(1 for key in common if now[key] > earlier[key]),
            "lower": sum(1 for key in common if now[key] < earlier[key]),
            "same": sum(1 for key in common if now[key] == earlier[key]),
            "score_rate_there": round(mean(earlier[key] for key in common), 4) if common else None}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=8001)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cpu-limit", type=float, default=PAGE_CPU,
                        help=f"CPU seconds a search move may take (default {PAGE_CPU}: the page's; 0: no limit)")
    parser.add_argument("--unit-us", type=float, default=0.0,
                        help="count the search's think time in units of work (Bot.steps's yields) of this many "
                             "microseconds of CPU each, so the cut does not depend on the machine's load "
                             f"(0, the default: the process's CPU clock; {UNIT_US}: measured, docs/bots.md)")
    parser.add_argument("--rival", default="greedy")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (rules=2 plays edition 2)")
    parser.add_argument("--setting", action="append", default=[], metavar="NAME=JSON",
                        help="a search setting over the game's BOT_SETTINGS, to try a variant (iterations=96)")
    parser.add_argument("--per-game", type=Path, metavar="FILE",
                        help="write one JSON line per game (seed, the hero's seat, its share, who placed last) to FILE")
    parser.add_argument("--paired", type=Path, metavar="FILE",
                        help="compare game by game with an earlier run's --per-game FILE (the same seeds)")
    parser.add_argument("--calibrate", action="store_true",
                        help="print the CPU microseconds a unit of the search's work takes here, and stop")
    args = parser.parse_args(argv)
    if args.calibrate:
        print(json.dumps(calibrate()))
        return 0
    try:
        pairs = option_pairs(args.option)
        if "players" in pairs:
            raise InvalidOption("players", "give the seats with --players")
        options = get_game("overwrite").validate_options(pairs)
    except (UsageError, InvalidOption) as err:
        parser.error(str(err))
    options.pop("players")
    try:
        if any("=" not in text for text in args.setting):
            raise ValueError("a --setting is NAME=JSON")
        given = {name: json.loads(value) for name, value in (text.split("=", 1) for text in args.setting)}
        make_bot("search", 0, get_game("overwrite"), **given)
    except (ValueError, TypeError) as err:  # not NAME=JSON, or a setting the search bot does not take
        parser.error(f"--setting: {err}")
    jobs = [(job, args.cpu_limit, args.unit_us / 1e6, given) for job in
            ladder_jobs("overwrite", "search", args.rival, args.games, args.seed, options, args.players)]
    if args.paired is not None and not args.paired.is_file():
        parser.error(f"--paired: no such file: {args.paired}")
    results = play_jobs(one_game, jobs, args.workers)
    shares = [r[0] for r in results]
    if args.per_game is not None:
        args.per_game.write_text("".join(
            json.dumps({"seed": job[0][3], "seat": job[0][5], "share": share, "last": result[6]}) + "\n"
            for job, share, result in zip(jobs, shares, results)))
    wins = sum(1 for s in shares if s == 1.0)
    shared = sum(1 for s in shares if 0.0 < s < 1.0)
    low, high = wilson(sum(shares), len(shares))
    moves = sum(r[2] for r in results)
    print(json.dumps({
        "players": args.players, "pair": ["search", args.rival], "seeds": [args.seed, args.seed + (args.games - 1) // args.players],
        "games": len(shares), "wins": wins, "shared": shared, "losses": len(shares) - wins - shared,
        "score_rate": round(mean(shares), 4), "score_rate_95": [round(low, 4), round(high, 4)],
        "chance": round(1 / args.players, 4), "mean_turns": round(mean(r[1] for r in results), 2),
        "cpu_limit": args.cpu_limit, "search_moves": moves, "cut_short": sum(r[3] for r in results),
        "cpu_per_game": round(mean(r[4] for r in results), 2), "unit_us": args.unit_us,
        "search_work_per_move": round(sum(r[5] for r in results) / max(1, moves)), "options": options, "settings": given,
        "placed_last": last_mover([job[0] for job in jobs], results),
        **({"paired": paired(args.paired, [job[0] for job in jobs], shares)} if args.paired is not None else {}),
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
