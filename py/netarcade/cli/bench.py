"""Speed figures on this interpreter (``python -m netarcade bench``).

``bench_game``: random playouts (every seat a uniformly random legal action,
``Game.pick_legal``, as the random bot plays) for a few seconds: games, actions and turns per
second. ``bench_bots``: seconds per move of the greedy and search bots in one
seeded game. The same functions run under Pyodide (scripts/bench/pyodide.mjs),
so both runtimes measure exactly the same work.

The yardstick is catanatron 3.2.1 (the pip package), the reference Python
Catan engine, four random players, measured in the same run by
scripts/bench/catanatron_figures.py (in ``make bench``'s own venv: the package never
depends on it) and handed over as its JSON (``catanatron=``, the CLI's
``--catanatron FILE``): every game's line then carries its ratio to that
figure. A game is benchmarked with its ``Game.bench_options`` (Net Control
with 4 players, like the yardstick) over its defaults.

Each run starts with an untimed warm-up (``WARMUP_SECONDS`` of the same
random games, other seeds): under Pyodide, V8 first runs the interpreter's
WebAssembly from its baseline compiler and swaps in optimized code for the
hot functions while it runs, so a figure taken from the first second
measures the compiler, not the engine. CPython gets the same warm-up, so
both runtimes measure the same work.

Not here: printing (``main.py``), page figures (scripts/bench/page.py).
"""

from __future__ import annotations

import platform
import sys
import time
from statistics import median

from ..bots import bot_seed, make_bot
from ..core.errors import quoted
from ..core.game import Game
from ..core.actors import RandomActor
from ..core.match import Match
from ..core.prng import Rng

#: untimed random play before each game's figure (seconds; see the module's doc)
WARMUP_SECONDS = 1.0
#: the warm-up's games start at this seed, far from the measured ones
WARMUP_SEED = 1_000_001
#: the longest ``bench_game`` run (seconds per game): a figure settles in a
#: few seconds, and a mistyped duration must not run until killed
MAX_SECONDS = 600


def runtime() -> str:
    """``CPython 3.11.2`` or ``Pyodide 314.0.7 (CPython 3.14.x)``."""
    version = platform.python_version()
    if sys.platform == "emscripten":
        try:
            import pyodide  # type: ignore[import-not-found]

            return f"Pyodide {pyodide.__version__} (CPython {version})"
        except ImportError:  # pragma: no cover - emscripten without pyodide
            return f"emscripten CPython {version}"
    return f"{platform.python_implementation()} {version}"


def bench_options(game: Game, players: int | None = None) -> dict:
    """The options a game is benchmarked with (``players`` overrides)."""
    options = dict(game.bench_options)
    if players is not None:
        options["players"] = players
    return game.validate_options(options)


def _random_games(game: Game, options: dict, seconds: float, first_seed: int) -> tuple[int, int, int, float]:
    """Random games for about ``seconds``: (games, actions, turns, elapsed)."""
    games = actions = turns = 0
    seed = first_seed
    start = time.perf_counter()
    while True:
        rng = Rng(seed)
        match = Match(game, options, seed, history=False, actor=RandomActor(rng))
        match.play_out(lambda seat: game.pick_legal(match.state, seat, rng), cheap=True)
        actions += match.version
        turns += match.turn
        games += 1
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, turns, elapsed


def bench_game(game: Game, seconds: float = 3.0, first_seed: int = 1, options: dict | None = None,
               warmup: float | None = None, catanatron: dict | None = None) -> dict:
    """Play random games for about ``seconds`` (above 0, at most
    ``MAX_SECONDS``) after ``warmup`` seconds of untimed ones (0: none;
    default ``WARMUP_SECONDS``, or ``seconds`` if that is shorter);
    return games/actions/turns per second, and with ``catanatron`` (the
    figures scripts/bench/catanatron_figures.py saved) the ratios to it."""
    if not 0 < seconds <= MAX_SECONDS:  # NaN fails this too
        raise ValueError(f"seconds must be above 0 and at most {MAX_SECONDS}, got {quoted(seconds)}")
    if warmup is None:
        warmup = min(WARMUP_SECONDS, seconds)
    if not 0 <= warmup <= MAX_SECONDS:
        raise ValueError(f"warmup must be 0 to {MAX_SECONDS} seconds, got {quoted(warmup)}")
    options = bench_options(game) if options is None else game.validate_options(options)
    if warmup:
        _random_games(game, options, warmup, WARMUP_SEED)
    games, actions, turns, elapsed = _random_games(game, options, seconds, first_seed)
    figures = {
        "game": game.id,
        "players": options["players"],
        "runtime": runtime(),
        "games": games,
        "actions": actions,
        "turns": turns,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "turns_per_s": turns / elapsed,
        "warmup_s": warmup,
    }
    if catanatron:
        figures["catanatron"] = {key: catanatron[key] for key in ("engine", "actions_per_s", "turns_per_s")}
        figures["vs_catanatron_actions"] = figures["actions_per_s"] / catanatron["actions_per_s"]
        figures["vs_catanatron_turns"] = figures["turns_per_s"] / catanatron["turns_per_s"]
    return figures


def bench_bots(game: Game, names=("greedy", "search"), seed: int = 1, options: dict | None = None,
               clock=time.perf_counter) -> dict:
    """Seconds per move of each bot over one seeded game, ``names`` repeated
    to fill the seats (4 players: greedy, search, greedy, search). ``clock``
    is wall time unless given (``time.process_time``: CPU time, steadier on a
    machine shared with other work; scripts/bench/bot_cpu.py).

    Only real decisions count (moves with more than one legal action). Per
    bot name: moves, median, 90th percentile, max and total seconds.
    """
    options = bench_options(game) if options is None else game.validate_options(options)
    seats = [names[s % len(names)] for s in range(options["players"])]
    match = Match(game, options, seed, history=False)
    bots = [make_bot(name, bot_seed(seed, seat, name), game) for seat, name in enumerate(seats)]
    timings: dict[str, list[float]] = {name: [] for name in seats}

    def timed(seat):
        decision = len(game.legal_actions(match.state, seat)) > 1
        start = clock()
        action = bots[seat].choose(game, match.state, seat)
        if decision:
            timings[seats[seat]].append(clock() - start)
        return action

    match.play_out(timed)  # the seat: drawn with actor_rng(seed), the match's default
    figures = {}
    for name, times in timings.items():
        if times:
            times.sort()
            figures[name] = {
                "moves": len(times),
                "median_s": median(times),
                "p90_s": times[min(len(times) - 1, int(0.9 * len(times)))],
                "max_s": times[-1],
                "total_s": sum(times),
            }
    return figures


def format_game(figures: dict) -> str:
    """One line of random-playout figures (with the ratio to catanatron when it was measured)."""
    line = (f"{figures['game']}: {figures['games_per_s']:.2f} games/s, {figures['actions_per_s']:,.0f} actions/s, "
            f"{figures['turns_per_s']:,.0f} turns/s ({figures['players']} random players, {figures['runtime']}, "
            f"{figures['games']} games)")
    yardstick = figures.get("catanatron")
    if yardstick:
        line += (f"; vs {yardstick['engine']} in this run ({yardstick['actions_per_s']:,.0f} actions/s, "
                 f"{yardstick['turns_per_s']:,.0f} turns/s): x{figures['vs_catanatron_actions']:.2f} actions/s, "
                 f"x{figures['vs_catanatron_turns']:.2f} turns/s")
    return line


def format_bots(game_id: str, figures: dict, runtime_name: str) -> list[str]:
    return [
        f"{game_id}: {name} bot {moves['median_s'] * 1000:.0f} ms per move median, "
        f"{moves['p90_s'] * 1000:.0f} ms p90, {moves['max_s'] * 1000:.0f} ms max "
        f"({moves['moves']} decisions, {runtime_name})"
        for name, moves in figures.items()
    ]
