"""The relay's journal. ``JournalStore`` is the interface a room writes
through; ``SqliteStore`` (``Store``) is the embedded default: SQLite in WAL
mode, one file in the data folder. The Redis back end, shared by several
relay processes, is ``redis_store.py``; ``backend.open_store`` picks one.

What it is for: nothing accepted is lost. A room (game, options, seed, salt,
clock, seats and their token hashes) is written when it is created; every
accepted action is inserted and committed before the relay acknowledges it;
a restarted relay reads every open room back and replays its actions. A
room that expired (``lifecycle.py``) is removed with its seats and actions,
and its code is remembered ``FORGET`` seconds (the table ``gone``) so a
client hears ``expired`` rather than ``no-room``.
What it is not: the rules (rooms replay through ``Match``) or a cache.

Tokens are never stored, only their sha256: a stolen journal cannot play a
seat. ``synchronous=NORMAL`` in WAL mode survives a killed process (the
test suite kills the relay with SIGKILL); ``durable=True`` (``--sync full``)
also survives a power cut, at an fsync per action.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import CodedError

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
    salt TEXT NOT NULL, clock REAL NOT NULL, standin TEXT NOT NULL, created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0, over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT,
    token_hash TEXT, misses INTEGER NOT NULL DEFAULT 0, bot_now INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL,
    source TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS gone (code TEXT PRIMARY KEY, reason TEXT NOT NULL, until REAL NOT NULL);
"""
#: added after the first journals were written: ``ended`` (when the game was
#: over) and the indexes the lifecycle's sweep reads every second
MIGRATION = """
CREATE INDEX IF NOT EXISTS rooms_waiting ON rooms (created) WHERE started = 0 AND over = 0;
CREATE INDEX IF NOT EXISTS rooms_ended ON rooms (ended) WHERE over = 1;
CREATE INDEX IF NOT EXISTS gone_until ON gone (until);
"""
#: a removed room's code is remembered this long (``expired``, then ``no-room``)
FORGET = 7 * 86400.0
#: rooms removed in one sweep at most (the rest wait for the next)
PURGE_BATCH = 500


@dataclass
class StoredRoom:
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    salt: str
    clock: float
    standin: str
    started: bool
    over: bool
    seats: list[dict[str, Any]] = field(default_factory=list)
    actions: list[tuple[int, str, str]] = field(default_factory=list)  # (seat, text, source)
    created: float | None = None  # wall-clock time of creation (None: now, when written)
    ended: float | None = None  # wall-clock time the game was over (None: not over)


class StoreError(CodedError):
    """The journal could not take a write: the room is unchanged and the
    client gets an error with this code (it may try again)."""

    code = "unavailable"


class LeaseLost(StoreError):
    """Another relay process owns this room now (Redis back end): this
    process must drop its copy of the room."""

    def __init__(self, room: str):
        super().__init__(f"room {room} moved to another relay process; try again")
        self.room = room


class JournalStore:
    """What a room needs from its journal. Every method is synchronous and
    returns only once the write is durable enough to acknowledge."""

    #: several relay processes share it (rooms are owned, loaded on demand)
    shared = False

    def create_room(self, room: StoredRoom) -> None: raise NotImplementedError
    def code_taken(self, code: str) -> bool:
        """Is ``code`` a room's, or a removed room's that is still remembered?"""
        raise NotImplementedError
    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> None: raise NotImplementedError
    def seat_status(self, code: str, seat: int, misses: int, bot_now: bool) -> None: raise NotImplementedError
    def set_started(self, code: str) -> None: raise NotImplementedError

    def append(self, code: str, n: int, seat: int, text: str, source: str, over: bool) -> None:
        """Journal action ``n`` (1-based: the version it makes) before it is acknowledged."""
        raise NotImplementedError

    def rooms(self) -> list[StoredRoom]:
        """Every open room (its game not over), to reload on start
        (single-process back ends); finished rooms are loaded on demand."""
        raise NotImplementedError

    def load(self, code: str) -> StoredRoom | None:
        raise NotImplementedError

    def remove(self, code: str, reason: str, now: float) -> None:
        """Delete the room (seats, actions) and remember its code and
        ``reason`` until ``now + FORGET`` (``gone``)."""
        raise NotImplementedError

    def gone(self, code: str) -> str | None:
        """Why a removed room is gone (``waiting``, ``finished``), while its code is remembered."""
        raise NotImplementedError

    def purge(self, waiting_before: float, finished_before: float, now: float) -> list[tuple[str, str]]:
        """Remove what expired: rooms whose game never started created before
        ``waiting_before``, finished rooms that ended before
        ``finished_before`` (or at those times); forget the codes remembered until ``now``.
        Returns (code, reason) of each room removed."""
        return []

    def release(self, code: str) -> None:
        """This process no longer holds the room in memory (shared back ends: its lease)."""

    def close(self) -> None: pass


class SqliteStore(JournalStore):
    def __init__(self, folder: str | Path, durable: bool = False):
        Path(folder).mkdir(parents=True, exist_ok=True)
        self.path = Path(folder) / "relay.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None)  # explicit transactions below
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.executescript(SCHEMA)
        if "ended" not in [row[1] for row in self.db.execute("PRAGMA table_info(rooms)")]:
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute("ALTER TABLE rooms ADD COLUMN ended REAL")
                self.db.execute("UPDATE rooms SET ended = COALESCE((SELECT MAX(at) FROM actions "
                                "WHERE actions.code = rooms.code), created) WHERE over = 1")
        self.db.executescript(MIGRATION)

    def close(self) -> None:
        self.db.close()

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        with self.db:  # one transaction: all or nothing
            self.db.execute("BEGIN")
            for sql, args in statements:
                self.db.execute(sql, args)

    def create_room(self, room: StoredRoom) -> None:
        statements = [("INSERT INTO rooms (code, game, options, seed, salt, clock, standin, created) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (room.code, room.game, json.dumps(room.options, sort_keys=True), str(room.seed),
                        room.salt, room.clock, room.standin, time.time() if room.created is None else room.created))]
        for index, seat in enumerate(room.seats):
            statements.append(("INSERT INTO seats (code, seat, kind) VALUES (?, ?, ?)",
                               (room.code, index, seat["kind"])))
        self._write(statements)

    def code_taken(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM rooms WHERE code = ? UNION ALL SELECT 1 FROM gone WHERE code = ?",
                               (code, code)).fetchone() is not None

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        self._write([("UPDATE seats SET name = ?, token_hash = ? WHERE code = ? AND seat = ?",
                      (name, token_hash, code, seat))])

    def seat_status(self, code: str, seat: int, misses: int, bot_now: bool) -> None:
        self._write([("UPDATE seats SET misses = ?, bot_now = ? WHERE code = ? AND seat = ?",
                      (misses, int(bot_now), code, seat))])

    def set_started(self, code: str) -> None:
        self._write([("UPDATE rooms SET started = 1 WHERE code = ?", (code,))])

    def append(self, code: str, n: int, seat: int, text: str, source: str, over: bool) -> None:
        """Journal action ``n`` (1-based: the version it makes) in one commit."""
        at = time.time()
        statements = [("INSERT INTO actions (code, n, seat, text, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                       (code, n, seat, text, source, at))]
        if over:
            statements.append(("UPDATE rooms SET over = 1, ended = ? WHERE code = ?", (at, code)))
        self._write(statements)

    def _removal(self, code: str, reason: str, now: float) -> list[tuple[str, tuple]]:
        return [("DELETE FROM actions WHERE code = ?", (code,)), ("DELETE FROM seats WHERE code = ?", (code,)),
                ("DELETE FROM rooms WHERE code = ?", (code,)),
                ("INSERT OR REPLACE INTO gone (code, reason, until) VALUES (?, ?, ?)", (code, reason, now + FORGET))]

    def remove(self, code: str, reason: str, now: float) -> None:
        self._write(self._removal(code, reason, now))

    def gone(self, code: str) -> str | None:
        row = self.db.execute("SELECT reason FROM gone WHERE code = ?", (code,)).fetchone()
        return row[0] if row else None

    def purge(self, waiting_before: float, finished_before: float, now: float) -> list[tuple[str, str]]:
        due = [(code, "waiting") for (code,) in self.db.execute(
            "SELECT code FROM rooms WHERE started = 0 AND over = 0 AND created <= ? LIMIT ?",
            (waiting_before, PURGE_BATCH))]
        due += [(code, "finished") for (code,) in self.db.execute(
            "SELECT code FROM rooms WHERE over = 1 AND ended <= ? LIMIT ?", (finished_before, PURGE_BATCH))]
        forgotten = self.db.execute("SELECT 1 FROM gone WHERE until <= ? LIMIT 1", (now,)).fetchone()
        if not due and not forgotten:
            return []  # no write (no commit, no fsync with --sync full) when nothing expired
        statements = [("DELETE FROM gone WHERE until <= ?", (now,))]
        for code, reason in due:
            statements += self._removal(code, reason, now)
        self._write(statements)
        return due

    def load(self, code: str) -> StoredRoom | None:
        return next((room for room in self.rooms(code) if room.code == code), None)

    def rooms(self, only: str | None = None) -> list[StoredRoom]:
        found = []
        where, args = ("WHERE code = ? ", (only,)) if only else ("WHERE over = 0 ", ())
        for row in self.db.execute("SELECT code, game, options, seed, salt, clock, standin, started, over, "
                                   f"created, ended FROM rooms {where}ORDER BY created", args):
            room = StoredRoom(row[0], row[1], json.loads(row[2]), int(row[3]), row[4], row[5], row[6],
                              bool(row[7]), bool(row[8]), created=row[9], ended=row[10] if row[8] else None)
            room.seats = [{"kind": k, "name": n, "token_hash": t, "misses": m, "bot_now": bool(b)}
                          for k, n, t, m, b in self.db.execute(
                              "SELECT kind, name, token_hash, misses, bot_now FROM seats WHERE code = ? "
                              "ORDER BY seat", (room.code,))]
            room.actions = list(self.db.execute("SELECT seat, text, source FROM actions WHERE code = ? "
                                                "ORDER BY n", (room.code,)))
            found.append(room)
        return found


Store = SqliteStore  # the default back end's old name


def journal(path: str | Path) -> dict[str, dict[str, Any]]:
    """Every room of a journal file, read-only (tests and tools): code ->
    game, options, seed, salt, actions as notation."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out = {}
        for code, game, options, seed, salt in db.execute("SELECT code, game, options, seed, salt FROM rooms"):
            actions = [t for (t,) in db.execute("SELECT text FROM actions WHERE code = ? ORDER BY n", (code,))]
            out[code] = {"game": game, "options": json.loads(options), "seed": int(seed), "salt": salt,
                         "actions": actions}
        return out
    finally:
        db.close()
