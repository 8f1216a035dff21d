"""The relay's command line: ``python -m netarcade relay [options]``.

What it is for: every option, its default (``server.DEFAULTS``) and its
range (``RANGES``), checked when the relay starts (one line on stderr and
exit status 2 for a bad one, ``argcheck``), then the relay run until
interrupted; a journal it cannot open or an address it cannot listen on is
one line and exit status 1. What it is not: the relay itself
(``server.py``); docs/relay.md tables the options.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from pathlib import Path

from ..core.argcheck import PORT, OneLineParser, Range, UsageError, report
from ..bots import LEVELS
from . import lifecycle
from .server import DEFAULTS, MAX_CLOCK, CannotListen, Relay
from .backend import check_store_spec
from .store import StoreError

__all__ = ["RANGES", "build_parser", "check", "main", "run"]


#: every number option's range (``argcheck.Range``): checked when the relay
#: starts, one line and exit status 2 for a value outside it (docs/relay.md
#: lists them). ``--clock`` must also be at least ``--min-clock`` (``check``).
RANGES = {
    "port": PORT,
    "max_connections": Range(1, integer=True),
    "max_rooms": Range(1, integer=True),
    "rate": Range(0, above=True),
    "burst": Range(1, integer=True),
    "idle": Range(0, above=True),
    "clock": Range(0, MAX_CLOCK, above=True),
    "min_clock": Range(0, MAX_CLOCK),
    "bot_delay": Range(0),
    "room_wait": Range(0.1, 604800),
    "room_keep": Range(0.1, 31536000),
    "rooms_per_connection": Range(0, 100000, integer=True),
    "rooms_per_address": Range(0, 100000, integer=True),
    "creates_per_hour": Range(0, 1000000, integer=True),
    "rooms_per_network": Range(0, 1000000, integer=True),
    "room_abandon": Range(0, 604800),
}


def _folder(text: str) -> str:
    """``--data``: a folder, or a path where one can be made."""
    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    return text


def _store(text: str) -> str:
    try:
        check_store_spec(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


def _address(text: str) -> str:
    """``--trusted-proxy``: an IP address."""
    try:
        return lifecycle.ip_text(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not an IP address") from None


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    parser = parser or OneLineParser(prog="python -m netarcade relay")
    parser.description = ("Serve the built site and the online-play WebSocket (/ws) on one origin; "
                          "rooms are journaled to SQLite in the data folder and reloaded on restart.")

    def add(*flags, **kwargs):
        dest = kwargs.get("dest") or flags[0].lstrip("-").replace("-", "_")
        if dest in RANGES:
            kwargs["type"] = RANGES[dest]
            kwargs["help"] += f"; {RANGES[dest].describe()}"
        return parser.add_argument(*flags, **kwargs)

    add("--host", default=DEFAULTS["host"], help="address to bind (default 127.0.0.1; 0.0.0.0 for the network)")
    add("--port", default=DEFAULTS["port"], help="TCP port (default 8000; 0 picks a free one)")
    add("--data", type=_folder, default=DEFAULTS["data"], help="data folder holding relay.sqlite3 (default ./relay-data)")
    add("--site", default=None, help="built site folder to serve (e.g. dist); without it only /ws answers")
    add("--origin", action="append", default=[], dest="origins", metavar="ORIGIN",
        help="also allow WebSocket connections from this browser origin (repeatable; '*' for any)")
    add("--max-connections", default=DEFAULTS["max_connections"], help="open WebSockets at most (1000)")
    add("--max-rooms", default=DEFAULTS["max_rooms"],
        help="open rooms (waiting or in play) held at most (10000); finished rooms do not count")
    add("--room-wait", default=DEFAULTS["room_wait"], metavar="SECONDS",
        help="remove a room whose game has not started this long after its creation (default 600)")
    add("--room-keep", default=DEFAULTS["room_keep"], metavar="SECONDS",
        help="keep a finished room (watch, resume, reveal) this long after its end, then remove it "
             "(default 86400)")
    add("--rooms-per-connection", default=DEFAULTS["rooms_per_connection"], metavar="N",
        help="open rooms one connection may have created (0 for no limit; default 5)")
    add("--rooms-per-address", default=DEFAULTS["rooms_per_address"], metavar="N",
        help="open rooms one address (an IPv6 /64) may have created (0 for no limit; default 50)")
    add("--creates-per-hour", default=DEFAULTS["creates_per_hour"], metavar="N",
        help="rooms one address may create in any hour (0 for no limit; default 200)")
    add("--rooms-per-network", default=DEFAULTS["rooms_per_network"], metavar="N",
        help="open rooms one network (an IPv4 /24, an IPv6 /48) may have created (0 for no limit; default 200)")
    add("--room-abandon", default=DEFAULTS["room_abandon"], metavar="SECONDS",
        help="stand-in bots take every human seat of a game in play when no seated player has been "
             "connected this long (0 for never; default 600)")
    add("--trusted-proxy", action="append", type=_address, default=[], dest="trusted_proxies", metavar="ADDRESS",
        help="a reverse proxy in front of the relay (repeatable): a connection from it counts, for the "
             "creation limits, as the client its X-Forwarded-For names")
    add("--rate", default=DEFAULTS["rate"], help="frames a second per connection (20)")
    add("--burst", default=DEFAULTS["burst"], help="frames allowed in a burst (60)")
    add("--idle", default=DEFAULTS["idle"], help="close a connection silent this long, seconds (300)")
    add("--clock", default=DEFAULTS["clock"], help="default turn clock of a room, seconds (90)")
    add("--min-clock", default=DEFAULTS["min_clock"], help="shortest clock a room may ask for (0.05)")
    add("--bot-delay", default=DEFAULTS["bot_delay"], help="pause before each bot move, seconds (0.3)")
    add("--standin", choices=LEVELS, default=DEFAULTS["standin"],
        help="bot level that takes a seat after 3 misses (greedy)")
    add("--store", type=_store, default=None, metavar="STORE",
        help="journal: sqlite (default, in --data) or redis://HOST:PORT/DB, shared by several relay processes")
    add("--sync", choices=("normal", "full"), default=DEFAULTS["sync"],
        help="SQLite synchronous: normal survives a killed relay, full also a power cut")
    return parser


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """What no single option's type can check: ``--clock`` at least ``--min-clock``
    (else every ``create`` without a clock would be refused)."""
    if args.clock < args.min_clock:
        parser.error(f"argument --clock: must be at least --min-clock ({args.min_clock:g}), got {args.clock:g}")
    return args


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = check(parser, parser.parse_args(argv))
    except UsageError as err:
        return report(err)
    return run(args)


def run(args) -> int:
    if args.site and not Path(args.site).is_dir():
        print(f"netarcade: error: {args.site} is not a folder (run `make dist`)", file=sys.stderr)
        return 2
    try:
        relay = Relay(**{k: v for k, v in vars(args).items() if k in DEFAULTS})
    except (OSError, sqlite3.Error, StoreError) as err:
        print(f"netarcade: error: cannot open the journal: {err}", file=sys.stderr)
        return 1
    try:
        asyncio.run(relay.run())
    except KeyboardInterrupt:
        pass
    except CannotListen as err:
        print(f"netarcade: error: {err}", file=sys.stderr)
        return 1
    return 0
