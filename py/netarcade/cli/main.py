"""Command line: ``python -m netarcade simulate | replay | analyse | bench | ladder | serve | relay``.

Bad arguments print one clear line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

from .bench import MAX_SECONDS
from ..bots import BOTS
from ..bots.analysis import WORLDS as ANALYSE_WORLDS
from ..core.errors import NetarcadeError, quoted
from ..games import get_game
from ..core.argcheck import OneLineParser, UsageError, option_pairs, read_number, report
from ..core.options import validate_seeds
from ..core.record import MAX_RECORD_CHARS, decode_record, digest
from ..games import replay


# Numbers on the command line take one written form, as option values do
# (docs/engine.md, ``argcheck.read_number``): ASCII digits, not "١٢" or "１２",
# which int() and float() would read; a refused argument is quoted cut
# (``quoted``), never in full.

def _integer(text: str) -> int:
    value = read_number(text, integer=True)
    if value is None:
        raise argparse.ArgumentTypeError(f"must be an integer, got {quoted(text)}")
    return value


def _seconds(text: str) -> float:
    value = read_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {quoted(text)}")
    return value


def _bots(text: str, players: int) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in BOTS:
            raise UsageError(f"unknown bot {quoted(name)} (known: {', '.join(BOTS)})")
    if not names:
        raise UsageError("--bots needs at least one bot name")
    # A short list repeats to fill every seat: "greedy" = greedy in all seats.
    return [names[seat % len(names)] for seat in range(players)]


def _validated(game_id: str, players: int | None, raw: list[str]) -> tuple[Any, dict[str, Any]]:
    game = get_game(game_id)
    options = option_pairs(raw)
    if players is not None:
        options["players"] = players
    return game, game.validate_options(options)


def cmd_simulate(args) -> int:
    from .simulate import play

    game, options = _validated(args.game, args.players, args.option)
    bots = _bots(args.bots, options["players"])
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    seed = validate_seeds(args.seed, args.games)  # every game's seed, before the first game
    for index in range(args.games):
        result = play(game.id, bots, seed + index, options)
        if args.json:
            print(json.dumps(result.to_json(), sort_keys=True), flush=True)
        else:
            won = ", ".join(f"P{s + 1} ({bots[s]})" for s in result.winners)
            print(f"seed {result.seed}: {won} won, scores {result.scores}, "
                  f"{result.turns} turns, {result.actions} actions, digest {result.digest[:16]}", flush=True)
    return 0


def cmd_replay(args) -> int:
    text = _record_text(args.record)
    game, state = replay(decode_record(text))
    print(digest(game, state))
    return 0


#: a record's alphabet (base64url): a file name usually has a character outside it
_RECORD_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _record_text(source: str) -> str:
    """What ``replay SOURCE`` replays. ``-`` is standard input; a name of an
    existing file, or any argument with a character no record has (``.``,
    ``/``, a space...), is a file; anything else is the record itself. At
    most ``MAX_RECORD_CHARS`` (plus a little room for white space) is ever
    read, from a file or a pipe."""
    if source == "-":
        return _read_bounded(sys.stdin, "standard input")
    if os.path.isfile(source) or not set(source) <= _RECORD_ALPHABET:
        try:
            with open(source, encoding="utf-8") as stream:
                return _read_bounded(stream, source)
        except FileNotFoundError:
            raise UsageError(f"no such file {quoted(source)} (a record has only letters, digits, - and _)") from None
        except UnicodeDecodeError:
            raise UsageError(f"{quoted(source)} is not a text file") from None
    return source


def _read_bounded(stream, name: str) -> str:
    room = MAX_RECORD_CHARS + 1024  # a record, plus white space around it
    text = stream.read(room)
    if len(text) == room and stream.read(1):
        raise UsageError(f"{name} holds more than a record can ({MAX_RECORD_CHARS:,} characters)")
    return text


#: the longest search a move the ``analyse`` command accepts (--seconds)
MAX_ANALYSE_SECONDS = 60


def cmd_analyse(args) -> int:
    from .analyse import analyse, format_text, to_json
    from ..bots.analysis import Settings

    record = decode_record(_record_text(args.record))
    game = get_game(record.game)
    players = game.validate_options(game.record_options(record.options)).get("players", game.min_players)
    seats = None
    if args.seat is not None:
        if not 1 <= args.seat <= players:
            raise UsageError(f"--seat must be a seat of this game, 1 to {players}, got {args.seat}")
        seats = [args.seat - 1]
    if args.seconds is not None and not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_ANALYSE_SECONDS):
        raise UsageError(f"--seconds must be a number of seconds above 0 and at most {MAX_ANALYSE_SECONDS}, "
                         f"got {args.seconds:g}")
    if not 1 <= args.worlds <= 1000:
        raise UsageError(f"--worlds must be an integer from 1 to 1000, got {args.worlds}")
    if not (math.isfinite(args.search_share) and 0 < args.search_share <= 1):
        raise UsageError(f"--search-share must be a number above 0 and at most 1, got {args.search_share:g}")
    seed = validate_seeds(args.seed, 1)
    settings = Settings(worlds=args.worlds, seed=seed, fair=not args.hindsight, time_limit=args.seconds,
                        search_share=args.search_share)
    analyser, decisions = analyse(record, settings, seats)
    if args.json:
        print(json.dumps(to_json(analyser, decisions), sort_keys=True))
    else:
        print("\n".join(format_text(analyser, decisions)))
    return 0


def cmd_bench(args) -> int:
    from .bench import bench_bots, bench_game, bench_options, format_bots, format_game, runtime
    from ..games import all_games

    games = [get_game(args.game)] if args.game else all_games()
    if not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_SECONDS):
        raise UsageError(f"--seconds must be a number of seconds above 0 and at most {MAX_SECONDS}, "
                         f"got {args.seconds:g}")
    catanatron = None
    if args.catanatron:
        try:
            with open(args.catanatron, encoding="utf-8") as saved:
                catanatron = json.load(saved)
            catanatron = {key: catanatron[key] for key in ("engine", "actions_per_s", "turns_per_s")}
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise UsageError(f"--catanatron {quoted(args.catanatron)}: not the figures "
                             f"scripts/bench/catanatron_figures.py saves ({error})") from None
    report = []
    for game in games:
        options = bench_options(game, args.players)
        figures = bench_game(game, seconds=args.seconds, options=options, catanatron=catanatron)
        print(format_game(figures), flush=True)
        entry = {"game": game.id, "random": figures}
        if args.bots:
            moves = bench_bots(game, options=options)
            for line in format_bots(game.id, moves, runtime()):
                print(line, flush=True)
            entry["bots"] = moves
        report.append(entry)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump({"runtime": runtime(), "date": time.strftime("%Y-%m-%d"), "catanatron": catanatron,
                       "games": report}, out, indent=1)
            out.write("\n")
    return 0


def _pair(text: str) -> tuple[str, str]:
    """``--pair HERO,RIVAL``: exactly two known bot names."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UsageError(f"--pair expects two bot names, e.g. search,greedy, got {quoted(text)}")
    hero, rival = _bots(text, 2)
    return hero, rival


def cmd_ladder(args) -> int:
    from .ladder import run_ladder, worker_count

    first, second = _pair(args.pair)
    players = 2 if args.players is None else args.players
    game, options = _validated(args.game, players, args.option)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    seed = validate_seeds(args.seed, (args.games - 1) // players + 1)  # every game's seed, before the first game
    workers = worker_count(args.workers, args.games)
    if workers < args.workers:
        print(f"netarcade: note: {workers} worker process{'es' if workers > 1 else ''}, not {args.workers} "
              f"(at most one per game and one per CPU)", file=sys.stderr)
    summary = run_ladder(game.id, first, second, args.games, seed, options, workers=workers, players=players)
    print(json.dumps(summary, sort_keys=True))
    return 0


_OPTION_HELP = ("a game option; values in one strict form: integers as 12 or -3 (no +, spaces, "
                "leading zeros or decimals), yes/no as true or false, choices by their exact name")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m netarcade", description="netarcade command line")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    sim = commands.add_parser("simulate", help="play seeded bot games")
    sim.add_argument("game")
    sim.add_argument("--players", type=_integer)
    sim.add_argument("--bots", default="greedy", help="comma-separated, one per seat: random,greedy,search")
    sim.add_argument("--seed", default="1")
    sim.add_argument("--games", type=_integer, default=1)
    sim.add_argument("--option", action="append", metavar="NAME=VALUE", help=_OPTION_HELP)
    sim.add_argument("--json", action="store_true", help="one JSON object per game per line")
    sim.set_defaults(run=cmd_simulate)

    rep = commands.add_parser(
        "replay", help="replay a record (text, file or -) and print its digest",
        description="Replay a game record and print the digest of its final state.")
    rep.add_argument("record", metavar="RECORD",
                     help="- reads standard input; the name of an existing file, or any argument with a "
                          "character no record has (. / space ...), is read as a file; anything else is "
                          f"the record itself. At most {MAX_RECORD_CHARS:,} characters are read.")
    rep.set_defaults(run=cmd_replay)

    ana = commands.add_parser(
        "analyse", help="judge every decision of a record (text, file or -) with the search bot",
        description="For every decision of the chosen seat(s): the move played, the search bot's choice, the "
                    "mover's estimated winning chances before and after each, and a mark (inaccuracy, mistake, "
                    "blunder) when the move played lost much more than the best. docs/bots.md, 'Move analysis'.")
    ana.add_argument("record", metavar="RECORD", help="as for replay: text, a file, or - for standard input")
    ana.add_argument("--seat", type=_integer, help="analyse this seat only, 1 for P1 (default: every seat)")
    ana.add_argument("--seconds", type=_seconds,
                     help=f"limit the search to this many seconds a move, above 0 and at most {MAX_ANALYSE_SECONDS} "
                          "(default: no limit: the game's search budget, the same result on every machine)")
    ana.add_argument("--worlds", type=_integer, default=ANALYSE_WORLDS,
                     help=f"sampled worlds (playouts) per move estimated, 1-1000 (default {ANALYSE_WORLDS}; a game "
                          "without hidden information or chance has one world)")
    ana.add_argument("--search-share", type=_seconds, default=1.0, metavar="SHARE",
                     help="the share of its game's search budget the search bot gets, above 0 and at most 1 "
                          "(default 1, as the page's Analyse: --worlds 4)")
    ana.add_argument("--seed", default="1", help="the analysis seed (default 1)")
    ana.add_argument("--hindsight", action="store_true",
                     help="judge with the hidden cards and future chance that came (default: fair, from the "
                          "mover's view at the time)")
    ana.add_argument("--json", action="store_true", help="one JSON object")
    ana.set_defaults(run=cmd_analyse)

    ben = commands.add_parser("bench", help="random-playout speed")
    ben.add_argument("game", nargs="?")
    ben.add_argument("--seconds", type=_seconds, default=3.0,
                     help=f"per game, a number above 0 and at most {MAX_SECONDS} (default 3)")
    ben.add_argument("--bots", action="store_true", help="also time greedy and search moves")
    ben.add_argument("--players", type=_integer, help="seats (default: the game's bench_options, else its default)")
    ben.add_argument("--save", metavar="FILE", help="also write the figures as JSON (read by scripts/bench/pyodide.mjs)")
    ben.add_argument("--catanatron", metavar="FILE",
                     help="catanatron's figures from this run (scripts/bench/catanatron_figures.py --save FILE): "
                          "every game's ratio to them")
    ben.set_defaults(run=cmd_bench)

    lad = commands.add_parser("ladder", help="a bot against copies of another over seeded games, seats rotated")
    lad.add_argument("game")
    lad.add_argument("--pair", default="greedy,random", help="HERO,RIVAL: the hero plays every seat in turn")
    lad.add_argument("--players", type=_integer, help="seats at the table (default 2): the hero and PLAYERS-1 rivals")
    lad.add_argument("--games", type=_integer, default=200)
    lad.add_argument("--seed", default="1")
    lad.add_argument("--workers", type=_integer, default=1,
                     help="processes playing the games (default 1); capped at the number of games and of CPUs")
    lad.add_argument("--option", action="append", metavar="NAME=VALUE", help=_OPTION_HELP)
    lad.set_defaults(run=cmd_ladder)

    # listed for --help only: main() hands "serve ..." to netarcade.site.serve, which parses its own options
    commands.add_parser("serve", help="serve the built arcade on localhost (serve --help for its options)")
    # "relay ..." goes to netarcade.relay.server, which parses its own options (relay --help)
    commands.add_parser("relay", help="online play: the site and the WebSocket relay (relay --help for its options)")
    parser.commands = tuple(commands.choices)  # main() checks the command itself (argparse echoes it in full)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["serve"]:
        # the server parses its own options (argparse's REMAINDER drops leading "--port")
        from ..site import serve
        return serve.main(argv[1:]) or 0
    if argv[:1] == ["relay"]:
        from ..relay import command as relay_command
        return relay_command.main(argv[1:]) or 0
    try:
        parser = build_parser()
        if argv and not argv[0].startswith("-") and argv[0] not in parser.commands:
            raise UsageError(f"argument command: invalid choice: {quoted(argv[0])} "
                             f"(choose from {', '.join(parser.commands)})")
        args = parser.parse_args(argv)
        return args.run(args)
    except (UsageError, NetarcadeError, ValueError, OSError) as err:
        return report(err)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
