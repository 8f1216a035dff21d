"""The relay's journal in Redis, shared by several relay processes.

What it is for: the same ``JournalStore`` as SQLite (rooms, seats, every
accepted action before its ack), plus room ownership: each open room has
one owner process holding a lease (``na:lease:<code>``, a key with a
time-to-live that the owner renews); only the lease holder may append to
the room's action log, a Redis Stream (``na:log:<code>``) whose entry IDs
are the versions (``n-0``). A lease's value is the process id and a mark
of that one taking, ``p-<12 hex>/<n>`` (``hold_value``): every change of
owner changes it, also when the same process takes a room back (after a
Redis outage longer than the lease), so a process proxying clients into
the room sees that it must subscribe them again (``proxy.py``). The append is one Lua script that checks the
lease and the log's length, so a process that lost its lease (paused,
partitioned, presumed dead) cannot write a second history: it gets
``LeaseLost`` and drops its copy of the room.

Expiry (``lifecycle.py``): the append that ends a game also sets the
room's keys to expire ``keep`` seconds later (Redis removes a finished
room by itself, whoever holds it) and writes ``na:gone:<code>`` to outlive
them by ``FORGET``; a waiting room that expires is removed by its owner
with one script that checks the lease (``REMOVE``).
What it is not: the message bus between processes (``cluster.py``) or
the rules. The seed and salt are kept in the room's hash like SQLite keeps
them in its file: Redis is private to the relays (bind it to a private
network, set a password); no frame ever carries them before the end.

Writes are synchronous (``redis.Redis``, one loopback round trip, as
SQLite's commit is): a room applies, journals and acknowledges in one step
with no other coroutine in between, which keeps ``Match.undo`` on a failed
write exact. Both clients retry through a short Redis restart; a write
that landed before a lost reply is recognised on retry (same version, same
text) instead of being refused.
"""

from __future__ import annotations

import itertools
import json
import time

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from .store import FORGET, JournalStore, LeaseLost, StoreError, StoredRoom

PREFIX = "na:"
#: a lease lives this long unless its owner renews it (every third of it)
LEASE_MS = 2000
OPEN = PREFIX + "open"  # set of room codes whose game is not over

APPEND = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return redis.error_reply('LEASELOST') end
local n = tonumber(ARGV[2])
local len = redis.call('XLEN', KEYS[2])
if len >= n then
  local found = redis.call('XRANGE', KEYS[2], n .. '-0', n .. '-0')
  if #found == 1 then
    local fields = found[1][2]
    for i = 1, #fields, 2 do
      if fields[i] == 'text' and fields[i + 1] == ARGV[4] then return 0 end
    end
  end
  return redis.error_reply('CONFLICT')
end
if len ~= n - 1 then return redis.error_reply('GAP') end
redis.call('XADD', KEYS[2], n .. '-0', 'seat', ARGV[3], 'text', ARGV[4], 'source', ARGV[5], 'at', ARGV[7])
if ARGV[6] == '1' then
  redis.call('HSET', KEYS[3], 'over', 1, 'ended', ARGV[7])
  redis.call('SREM', KEYS[4], ARGV[8])
  for i = 2, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[9]) end
  redis.call('PEXPIRE', KEYS[5], ARGV[9])
  redis.call('SET', KEYS[6], 'finished', 'PX', ARGV[10])
end
return 1
"""

REMOVE = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return redis.error_reply('LEASELOST') end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('SREM', KEYS[5], ARGV[2])
redis.call('SET', KEYS[6], ARGV[3], 'PX', ARGV[4])
return 1
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

HAND = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) and 1 end
return 0
"""

RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


def room_key(code: str) -> str:
    return f"{PREFIX}room:{code}"


def seats_key(code: str) -> str:
    return f"{PREFIX}seats:{code}"


def log_key(code: str) -> str:
    return f"{PREFIX}log:{code}"


def lease_key(code: str) -> str:
    return f"{PREFIX}lease:{code}"


def gone_key(code: str) -> str:
    return f"{PREFIX}gone:{code}"


def hold_process(value) -> str | None:
    """The process id in a lease's value (``None`` for no lease)."""
    if value is None:
        return None
    return _text(value).split("/", 1)[0]


def retry_policy(cls=Retry) -> Retry:
    # about 6 s of retries: a Redis restart on the same host, not an outage
    return cls(ExponentialBackoff(cap=0.5, base=0.02), 16)


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisStore(JournalStore):
    shared = True

    def __init__(self, url: str, process: str, keep: float = 86400.0):
        self.url, self.process = url, process
        self.keep_ms = max(1, round(keep * 1000))
        self.db = redis.Redis.from_url(url, retry=retry_policy(), socket_timeout=5, socket_connect_timeout=2,
                                       health_check_interval=0, client_name=f"na:{process}")
        try:
            self.db.ping()
        except redis.RedisError as err:  # after the retries: Redis is not there
            self.db.close()
            raise StoreError(f"cannot reach Redis at {url}: {err}") from None
        self._append = self.db.register_script(APPEND)
        self._remove = self.db.register_script(REMOVE)
        self._release = self.db.register_script(RELEASE)
        self._hand = self.db.register_script(HAND)
        #: code -> the value of the lease this process holds on the room (``hold_value``)
        self.holds: dict[str, str] = {}
        self._takes = itertools.count(1)

    def hold_value(self, code: str) -> str:
        """A new lease value for this process taking ``code`` (kept once the lease is set)."""
        return f"{self.process}/{next(self._takes)}"

    def holding(self, code: str) -> str:
        """The lease value this process holds on ``code`` (one that no lease has if none)."""
        return self.holds.get(code, f"{self.process}/0")

    def adopt(self, code: str) -> bool:
        """A lease another process handed to this one (``hand``), or one this
        process holds without the room (it dropped it): True if the lease of
        ``code`` names this process; it is given a new value of this
        process's first (one script that checks it is unchanged), so that
        every process proxying clients into the room sees a change of owner
        and subscribes them again (the room was not here a moment ago)."""
        value = self.db.get(lease_key(code))
        if hold_process(value) != self.process:
            return False
        fresh = self.hold_value(code)
        if not self._hand(keys=[lease_key(code)], args=[_text(value), fresh, LEASE_MS]):
            return False
        self.holds[code] = fresh
        return True

    def hand(self, code: str, process: str) -> bool:
        """Give the lease of ``code`` to ``process`` (rooms spread back over the
        live processes, ``balance.py``): True if it was this process's and is
        now ``process``'s; the room must be dropped here at once."""
        value = f"{process}/h{next(self._takes)}"
        try:
            done = self._hand(keys=[lease_key(code)], args=[self.holding(code), value, LEASE_MS])
        except redis.RedisError:
            return False
        if done:
            self.holds.pop(code, None)
        return bool(done)

    def close(self) -> None:
        self.db.close()

    def create_room(self, room: StoredRoom) -> None:
        """The room, its seats and the creating process's lease, in one transaction."""
        pipe = self.db.pipeline(transaction=True)
        pipe.hset(room_key(room.code), mapping={
            "game": room.game, "options": json.dumps(room.options, sort_keys=True), "seed": str(room.seed),
            "salt": room.salt, "clock": repr(room.clock), "standin": room.standin,
            "created": repr(time.time() if room.created is None else room.created),
            "started": int(room.started), "over": 0})
        pipe.hset(seats_key(room.code), mapping={f"{index}:kind": seat["kind"] for index, seat in enumerate(room.seats)})
        value = self.holds[room.code] = self.hold_value(room.code)
        pipe.set(lease_key(room.code), value, px=LEASE_MS)
        pipe.sadd(OPEN, room.code)
        pipe.execute()

    def code_taken(self, code: str) -> bool:
        return bool(self.db.exists(room_key(code), gone_key(code)))

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        self.db.hset(seats_key(code), mapping={f"{seat}:name": name, f"{seat}:token": token_hash})

    def seat_status(self, code: str, seat: int, misses: int, bot_now: bool) -> None:
        self.db.hset(seats_key(code), mapping={f"{seat}:misses": misses, f"{seat}:bot": int(bot_now)})

    def set_started(self, code: str) -> None:
        self.db.hset(room_key(code), "started", 1)

    def append(self, code: str, n: int, seat: int, text: str, source: str, over: bool) -> None:
        self._fenced(self._append, code, f"action {n} of room {code}",
                     [lease_key(code), log_key(code), room_key(code), OPEN, seats_key(code), gone_key(code)],
                     [self.holding(code), n, seat, text, source, int(over), repr(time.time()), code,
                      self.keep_ms, self.keep_ms + round(FORGET * 1000)])

    @staticmethod
    def _fenced(script, code: str, what: str, keys: list, args: list) -> None:
        """Run a script that checks this process's lease: ``LeaseLost`` if
        another process holds it, ``StoreError`` if Redis refuses or is gone."""
        try:
            script(keys=keys, args=args)
        except redis.ResponseError as err:
            if "LEASELOST" in str(err):
                raise LeaseLost(code) from None
            raise StoreError(f"the journal refused {what}: {err}") from None
        except redis.RedisError as err:
            raise StoreError(f"the journal is unreachable ({type(err).__name__}); try again") from None

    def load(self, code: str) -> StoredRoom | None:
        pipe = self.db.pipeline(transaction=True)
        pipe.hgetall(room_key(code))
        pipe.hgetall(seats_key(code))
        pipe.xrange(log_key(code))
        row, seats, log = pipe.execute()
        if not row:
            return None
        row = {_text(k): _text(v) for k, v in row.items()}
        seats = {_text(k): _text(v) for k, v in seats.items()}
        count = sum(1 for key in seats if key.endswith(":kind"))
        over = row["over"] == "1"
        stored = StoredRoom(code, row["game"], json.loads(row["options"]), int(row["seed"]), row["salt"],
                            float(row["clock"]), row["standin"], row["started"] == "1", over,
                            created=float(row.get("created", 0)))
        stored.seats = [{"kind": seats[f"{i}:kind"], "name": seats.get(f"{i}:name"),
                         "token_hash": seats.get(f"{i}:token"), "misses": int(seats.get(f"{i}:misses", 0)),
                         "bot_now": seats.get(f"{i}:bot") == "1"} for i in range(count)]
        stored.actions = []
        for _id, fields in log:
            fields = {_text(k): _text(v) for k, v in fields.items()}
            stored.actions.append((int(fields["seat"]), fields["text"], fields["source"]))
            if over:  # a room finished before ``ended`` was written: its last action's time
                stored.ended = float(fields.get("at", stored.created))
        if over and "ended" in row:
            stored.ended = float(row["ended"])
        return stored

    def remove(self, code: str, reason: str, now: float) -> None:
        """Fenced like the append: only the lease holder (or nobody) removes a room."""
        self._fenced(self._remove, code, f"the removal of room {code}",
                     [lease_key(code), room_key(code), seats_key(code), log_key(code), OPEN, gone_key(code)],
                     [self.holding(code), code, reason, round(FORGET * 1000)])

    def gone(self, code: str) -> str | None:
        reason = self.db.get(gone_key(code))
        return _text(reason) if reason is not None else None

    def release(self, code: str) -> None:
        try:
            self._release(keys=[lease_key(code)], args=[self.holds.pop(code, self.holding(code))])
        except redis.RedisError:
            pass  # the lease runs out by itself

    def rooms(self) -> list[StoredRoom]:
        return []  # shared: rooms are loaded by the process that takes their lease


def journal(url: str) -> dict[str, dict]:
    """Every room in a Redis journal (tests and tools), like ``store.journal``."""
    db = redis.Redis.from_url(url, decode_responses=True)
    try:
        out = {}
        for key in db.scan_iter(f"{PREFIX}room:*"):
            code = key.split(":", 2)[2]
            row = db.hgetall(key)
            out[code] = {"game": row["game"], "options": json.loads(row["options"]), "seed": int(row["seed"]),
                         "salt": row["salt"], "over": row["over"] == "1",
                         "actions": [fields["text"] for _id, fields in db.xrange(log_key(code))]}
        return out
    finally:
        db.close()
