#!/usr/bin/env python3
"""Engine speed in CPU seconds: the same seeded random games on CPython,
under Pyodide (in Node) and catanatron's, in alternating rounds.

What it is for: ``make bench`` times random play by the wall clock for a
few seconds (``netarcade bench``, scripts/bench/pyodide.mjs,
scripts/bench/catanatron_figures.py). On this shared 2-core machine the wall clock
swings with everyone else's work: the same engine gave 3,600 and 5,400
actions/s a minute apart at a load average of 6, and the Pyodide figure,
taken a minute after CPython's, moves further. This script counts each
process's CPU time for a fixed piece of work instead (every game seeds 1 to
N after an untimed warm-up on other seeds; catanatron 3.2.1's four random
players, seeds 1 to N, in the bench venv), runs the three runtimes one
after the other in each round, and prints each round and the medians: every
game's actions per CPU second, its ratio to catanatron's, and how many
times Pyodide's CPU time is CPython's for the same games.

CPU time is what the engines spend; a loaded machine still slows both a
little (shared caches), which is why the runtimes alternate and the ratios
are taken within a round. Pyodide's figure is Node's process CPU time
(``process.cpuUsage``), so it includes V8's compiler threads: the warm-up
lets V8 tier the interpreter up first, as in ``netarcade.cli.bench``.

Usage (after ``make site`` and the bench venv of ``make bench-cpython``):
    python scripts/bench/cpu.py [--rounds 3] [--game ID]... [--no-pyodide]
        [--scale 1.0] [--save FILE.json]

What it is not: a test (no thresholds) or the page's speed
(scripts/bench/page.py).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # scripts/bench/ -> the repository
#: games per figure, each about a CPU second on CPython here (at ``--scale 1``)
GAMES = {"backbone": 60, "breach": 40, "netcontrol": 60, "overwrite": 3000}
CATANATRON_GAMES = 40
#: the warm-up's seeds, far from the measured ones (as ``netarcade.cli.bench.WARMUP_SEED``)
WARMUP_SEED = 1_000_001

#: run by CPython and by Pyodide: ``WORK`` is ``{game: count}``, ``clock`` a CPU clock
ENGINE_CODE = """
import json
from netarcade.cli.bench import bench_options
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game

def play(game, options, first, count):
    actions = 0
    for seed in range(first, first + count):
        rng = Rng(seed)
        match = Match(game, options, seed, history=False, actor=RandomActor(rng))
        match.play_out(lambda seat: game.pick_legal(match.state, seat, rng), cheap=True)
        actions += match.version
    return actions

figures = {}
for name, count in WORK.items():
    game = get_game(name)
    options = bench_options(game)
    play(game, options, WARMUP_SEED, max(1, count // 4))
    start = clock()
    actions = play(game, options, 1, count)
    figures[name] = {"games": count, "actions": actions, "cpu_s": clock() - start}
RESULT = json.dumps(figures)
"""

CATANATRON_CODE = """
import json, sys, time
from catanatron import Color, Game, RandomPlayer
colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
def play(first, count):
    actions = 0
    for seed in range(first, first + count):
        game = Game([RandomPlayer(color) for color in colors], seed=seed)
        game.play()
        actions += len(game.state.actions)
    return actions
count = int(sys.argv[1])
play(1_000_001, max(1, count // 4))
start = time.process_time()
actions = play(1, count)
print(json.dumps({"games": count, "actions": actions, "cpu_s": time.process_time() - start}))
"""

# Pyodide in Node with the site's wheel (sitebuild/offline_pyodide.mjs), Node's CPU time as the clock
PYODIDE_CODE = """
import { loadNetarcade, refuseNetwork } from "%(loader)s";
refuseNetwork("bench_cpu");
const [lock, work, code] = process.argv.slice(1);
const { pyodide } = await loadNetarcade(lock);
globalThis.cpuSeconds = () => { const used = process.cpuUsage(); return (used.user + used.system) / 1e6; };
const globals = pyodide.toPy({ WORK: JSON.parse(work), WARMUP_SEED: %(warmup)d });
await pyodide.runPythonAsync("from js import cpuSeconds as clock", { globals });
await pyodide.runPythonAsync(code, { globals });
console.log(globals.get("RESULT"));
"""


def _last_json(text: str) -> dict:
    return json.loads(text.strip().splitlines()[-1])


def cpython(work: dict) -> dict:
    """The games on this interpreter, in a fresh process (as Node's is)."""
    code = (f"WORK = {work!r}\nWARMUP_SEED = {WARMUP_SEED}\nimport time\nclock = time.process_time\n"
            + ENGINE_CODE + "\nprint(RESULT)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=_env(), cwd=ROOT, timeout=900)
    return _last_json(done.stdout)


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "py") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def catanatron(python: str, count: int) -> dict:
    done = subprocess.run([python, "-c", CATANATRON_CODE, str(count)], capture_output=True, text=True,
                          check=True, timeout=900)
    return _last_json(done.stdout)


def pyodide(lock: Path, work: dict) -> dict:
    module = PYODIDE_CODE % {"loader": (ROOT / "sitebuild" / "offline_pyodide.mjs").as_uri(), "warmup": WARMUP_SEED}
    done = subprocess.run(["node", "--input-type=module", "-e", module, str(lock), json.dumps(work), ENGINE_CODE],
                          capture_output=True, text=True, check=True, cwd=ROOT, timeout=1800)
    return _last_json(done.stdout)


def _rate(figure: dict) -> float:
    return figure["actions"] / figure["cpu_s"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the three runtimes (default 3)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython and catanatron only")
    parser.add_argument("--scale", type=float, default=1.0, help="more or fewer games per figure (default 1)")
    parser.add_argument("--catanatron-python", default=str(ROOT / "build" / "bench-venv" / "bin" / "python"))
    parser.add_argument("--lock", type=Path,
                        default=next(iter(sorted((ROOT / "dist" / "static" / "vendor").glob("pyodide-*/pyodide-lock.json"))),
                                     None))
    parser.add_argument("--save", metavar="FILE", help="also write every round and the medians as JSON")
    args = parser.parse_args(argv)
    if args.rounds < 1 or not args.scale > 0:
        parser.error("--rounds must be 1 or more and --scale above 0")
    if not args.no_pyodide and (args.lock is None or not args.lock.exists()):
        parser.error("no Pyodide lockfile (run `make site`, or pass --lock or --no-pyodide)")
    work = {name: max(1, round(GAMES[name] * args.scale)) for name in (args.game or GAMES)}
    rounds = []
    for number in range(1, args.rounds + 1):
        found = {"catanatron": catanatron(args.catanatron_python, max(1, round(CATANATRON_GAMES * args.scale))),
                 "cpython": cpython(work)}
        if not args.no_pyodide:
            found["pyodide"] = pyodide(args.lock, work)
        rounds.append(found)
        yardstick = _rate(found["catanatron"])
        cells = [f"catanatron {yardstick:,.0f}"]
        for name in work:
            cell = f"{name} {_rate(found['cpython'][name]):,.0f} ({_rate(found['cpython'][name]) / yardstick:.2f}x)"
            if "pyodide" in found:
                cell += f", Pyodide {found['pyodide'][name]['cpu_s'] / found['cpython'][name]['cpu_s']:.2f}x slower"
            cells.append(cell)
        print(f"round {number}: " + "; ".join(cells) + " (actions per CPU second)", flush=True)
    medians = {"catanatron": statistics.median(_rate(r["catanatron"]) for r in rounds)}
    for name in work:
        entry = {"actions_per_cpu_s": statistics.median(_rate(r["cpython"][name]) for r in rounds),
                 "vs_catanatron": statistics.median(_rate(r["cpython"][name]) / _rate(r["catanatron"])
                                                    for r in rounds)}
        if not args.no_pyodide:
            entry["pyodide_actions_per_cpu_s"] = statistics.median(_rate(r["pyodide"][name]) for r in rounds)
            entry["pyodide_slower_by"] = statistics.median(r["pyodide"][name]["cpu_s"] / r["cpython"][name]["cpu_s"]
                                                           for r in rounds)
        medians[name] = entry
        line = (f"{name}: {entry['actions_per_cpu_s']:,.0f} actions per CPU second, "
                f"{entry['vs_catanatron']:.2f}x catanatron's")
        if "pyodide_slower_by" in entry:
            line += (f"; Pyodide {entry['pyodide_actions_per_cpu_s']:,.0f}, "
                     f"{entry['pyodide_slower_by']:.2f}x CPython's CPU time")
        print(line + f" (medians of {args.rounds} rounds)")
    print(f"catanatron 3.2.1: {medians['catanatron']:,.0f} actions per CPU second (median)")
    if args.save:
        Path(args.save).write_text(json.dumps({"rounds": rounds, "medians": medians}, indent=1) + "\n",
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
