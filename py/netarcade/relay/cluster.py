"""Several relay processes, one Redis: who owns a room, and the bus between
processes.

What it is for: a client may connect to any process. A room lives (its
``Match``, seats, clocks, bots) in exactly one process, the holder of its
lease (``redis_store.py``). A process that gets a frame for a room it does
not own forwards it to the owner through the owner's bus, a Redis Stream
``na:bus:<process>``; the owner handles it as if the client were its own
(a ``RemoteClient``) and sends the answers back through the sender's bus,
then a ``done`` for the request. So every frame a client gets was made by
the room's one authority, in order. The answers to a forwarded frame (its
ack or error, the requester's own update) travel back in one bus message
with the ``done``: one XADD, not one per frame.

When an owner dies, its leases run out (``LEASE_MS``), or sooner: a
process killed or crashed loses its connections to Redis at once, and
every process names its connections (``na:<process>``), so a lease whose
holder has had no connection for ``ABSENT_S`` is taken from it
(``Liveness``; a false alarm costs a room move, never a second history: the
append is fenced). Then any process that needs the room (a forwarded frame still waiting for its answer, a client it
proxies, or the sweeper that looks for open rooms without an owner every
``SWEEP_S``) takes the lease, loads the room by replaying its log, and its
clocks and bots run on. Every change of a lease's value (a new owner, or
the same process taking the room back) makes the processes that proxy
clients into the room subscribe them again and send their unanswered
frames to the new owner (``proxy.py``). Rooms spread back over the live
processes (``balance.py``). What it is not: the rules, the journal's
format, or a consensus protocol: Redis is the one arbiter (the lease and
the fenced append).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

import redis.asyncio as aredis
from redis.asyncio.retry import Retry as AsyncRetry

from ..core import wire
from ..core.codes import room_code
from .balance import Balancer
from .proxy import Proxy
from .redis_store import LEASE_MS, OPEN, PREFIX, RENEW, hold_process, lease_key, log_key, retry_policy

STEAL = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

log = logging.getLogger("netarcade.relay")
BUS_MAXLEN = 100_000
#: bus messages handled between two turns of the loop
BUS_YIELD = 10
#: seconds between two sweeps for open rooms without an owner (or handed to this process)
SWEEP_S = 0.5
#: a lease taken to load a room lasts this much longer per action to replay:
#: the replay blocks this process (no renewals), and a long game replayed on a
#: busy machine must not outlive its lease (it would be dropped as soon as it
#: is loaded, taken again and replayed again, forever). Renewals then bring it
#: back to ``LEASE_MS``.
LOAD_MS_PER_ACTION = 5
#: a lease holder with no connection to Redis this long (seconds) is dead: its leases are taken
ABSENT_S = 0.3
#: and only once Redis has been up this long (seconds): after a Redis restart live processes reconnect
SETTLED_S = 3.0


def client_name(process: str) -> str:
    """The name of a relay process's connections to Redis (``CLIENT LIST`` shows whether it lives)."""
    return f"na:{process}"


def new_process_id() -> str:
    return "p-" + secrets.token_hex(6)


def bus_key(process: str) -> str:
    return f"{PREFIX}bus:{process}"


class RemoteClient:
    """A client of another process, as the room's owner sees it."""

    def __init__(self, process: str, cid: int):
        self.process, self.cid = process, cid
        self.room = None


class Liveness:
    """Which lease holders are dead now: no connection named after them in
    ``CLIENT LIST`` for ``ABSENT_S`` (read at most every 0.2 s). Unknown
    (alive) when Redis refuses ``CLIENT LIST`` (an ACL user without it) or
    has been up less than ``SETTLED_S``."""

    def __init__(self, db) -> None:
        self.db = db
        self.alive: set[str] | None = None
        self.read_at = -1.0
        self.absent: dict[str, float] = {}  # process -> when it was first seen without a connection

    async def seen(self, process: str) -> bool:
        """False if ``process`` had no connection to Redis at the last read (it
        may be dying: hand it nothing); True if it had, or if that is unknown."""
        await self.dead(process)
        return self.alive is None or process in self.alive

    async def dead(self, process: str | None) -> bool:
        if process is None:
            return False
        now = asyncio.get_running_loop().time()
        if now - self.read_at >= 0.2:
            self.read_at = now
            try:
                uptime = (await self.db.info("server"))["uptime_in_seconds"]
                names = {c.get("name", "") for c in await self.db.client_list()}
                self.alive = {n[3:] for n in names if n.startswith("na:")} if uptime >= SETTLED_S else None
            except asyncio.CancelledError:
                raise
            except Exception:
                self.alive = None
        if self.alive is None or process in self.alive:
            self.absent.pop(process, None)
            return False
        return now - self.absent.setdefault(process, now) >= ABSENT_S


class Cluster:
    def __init__(self, relay, url: str, process: str):
        self.relay, self.url, self.me = relay, url, process
        named = {"retry": retry_policy(AsyncRetry), "socket_connect_timeout": 2, "client_name": client_name(process)}
        self.db = aredis.Redis.from_url(url, **named)
        self.reader_db = aredis.Redis.from_url(url, **named)
        self.renew = self.db.register_script(RENEW)
        self.steal = self.db.register_script(STEAL)
        self.liveness = Liveness(self.db)
        self.outgoing: asyncio.Queue = asyncio.Queue()
        self.remotes: dict[tuple[str, int], RemoteClient] = {}
        self.tasks: list[asyncio.Task] = []
        #: the remote client whose forwarded frame is being handled, and the frames it gets meanwhile
        self._answering: RemoteClient | None = None
        self._answers: list[dict] = []
        self.proxy = Proxy(self)
        self.balancer = Balancer(self)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(job()) for job in (self.read_bus, self.write_bus, self.keep_leases,
                                                         self.sweep, self.proxy.watch, self.balancer.run)]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await self.db.aclose()
        await self.reader_db.aclose()

    # --- ownership --------------------------------------------------------------------
    async def owner(self, code: str) -> str | None:
        """The value of the room's lease: its owner's process id and a mark of that taking."""
        holder = await self.db.get(lease_key(code))
        return holder.decode() if holder else None

    def mine(self, holder: str | None) -> bool:
        return hold_process(holder) == self.me

    async def take_from_dead(self, code: str, holder: str | None) -> bool:
        """Take the room if its lease holder ``holder`` (a lease value) is dead
        (``Liveness``); False if it lives or another process was quicker."""
        if holder is None or self.mine(holder) or not await self.liveness.dead(hold_process(holder)):
            return False
        if await self.steal(keys=[lease_key(code)], args=[holder]):
            log.warning("took room %s from %s (no connection to Redis)", code, holder)
        return await self.take(code)

    async def take(self, code: str) -> bool:
        """Take a free lease and load the room here; False if someone holds it."""
        replay = await self.db.xlen(log_key(code))
        if code in self.relay.rooms:
            return True
        store = self.relay.store
        value = store.hold_value(code)
        if not await self.db.set(lease_key(code), value, nx=True, px=LEASE_MS + LOAD_MS_PER_ACTION * replay):
            return False
        store.holds[code] = value
        return self._load(code)

    def adopt(self, code: str) -> bool:
        """Load a room whose lease names this process (handed to it by
        another, ``balance.py``); True if it is here now."""
        if code in self.relay.rooms:
            return True
        try:
            if not self.relay.store.adopt(code):
                return False
        except Exception:
            log.warning("could not read the lease of room %s (Redis unreachable?)", code)
            return False
        return self._load(code)

    def _load(self, code: str) -> bool:
        try:
            if self.relay.load_room(code) is not None:
                return True
        except Exception:
            log.exception("could not load room %s", code)
        self.relay.store.release(code)  # gone meanwhile, expired (lifecycle.py) or broken: not ours to hold
        return False

    async def keep_leases(self) -> None:
        while True:
            await asyncio.sleep(LEASE_MS / 3000)
            store = self.relay.store
            held = [(code, store.holding(code)) for code in self.relay.rooms]
            try:
                async with self.db.pipeline(transaction=False) as pipe:
                    for code, value in held:
                        await self.renew(keys=[lease_key(code)], args=[value, LEASE_MS], client=pipe)
                    kept = await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not renew leases (Redis unreachable?)")
                continue
            for (code, value), ok in zip(held, kept):
                # a renewal that waited out a Redis outage may answer for a lease taken since (a new value)
                if not ok and code in self.relay.rooms and store.holding(code) == value:
                    log.warning("lost the lease of room %s", code)
                    self.relay.drop_room(code)

    async def sweep(self) -> None:
        """Open rooms nobody owns (their owner died) get one: clocks and bots
        go on. A room whose lease another process handed to this one and
        whose ``adopt`` message was lost is loaded too."""
        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                codes = [c.decode() for c in await self.db.smembers(OPEN)]
                codes = [c for c in codes if c not in self.relay.rooms]
                if not codes:
                    continue
                held = await self.db.mget([lease_key(code) for code in codes])
                for code, holder in zip(codes, held):
                    holder = holder.decode() if holder else None
                    if holder is None:
                        await self.take(code)
                    elif self.mine(holder):
                        self.adopt(code)
                    else:
                        await self.take_from_dead(code, holder)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("sweep failed (Redis unreachable?)")

    # --- routing a client's frame (proxy.py) ------------------------------------------
    async def route(self, client, frame: dict) -> bool:
        """True if the frame went to another process; False: handle it here."""
        return await self.proxy.route(client, frame)

    def leave(self, client) -> None:
        self.proxy.leave(client)

    # --- the bus ------------------------------------------------------------------------------
    def post(self, process: str, message: dict[str, Any]) -> None:
        self.outgoing.put_nowait((process, wire.pack(message)))

    async def write_bus(self) -> None:
        while True:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty() and len(batch) < 500:
                batch.append(self.outgoing.get_nowait())
            for _ in range(50):
                try:
                    async with self.db.pipeline(transaction=False) as pipe:
                        for process, data in batch:
                            pipe.xadd(bus_key(process), {"m": data}, maxlen=BUS_MAXLEN, approximate=True)
                        for process in {p for p, _ in batch}:
                            pipe.expire(bus_key(process), 600)
                        await pipe.execute()
                    break
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.warning("bus write failed; retrying")
                    await asyncio.sleep(0.2)

    async def read_bus(self) -> None:
        # from the start: the bus is as new as this process's id, and a frame forwarded to it
        # before its first XREAD ("$" would skip it) must be read too
        last = "0-0"
        key = bus_key(self.me)
        while True:
            try:
                answer = await self.reader_db.xread({key: last}, count=500, block=1000)
            except asyncio.CancelledError:
                raise
            except Exception:
                await asyncio.sleep(0.2)
                continue
            for _key, entries in answer or []:
                for index, (entry_id, fields) in enumerate(entries, start=1):
                    last = entry_id
                    try:
                        self.deliver(wire.unpack(fields[b"m"]))
                    except Exception:
                        log.exception("bus message failed")
                    if index % BUS_YIELD == 0:
                        # a batch of requests (a storm of resumes after a process died) must not hold
                        # the loop for seconds: lease renewals, sockets and clocks run in between
                        await asyncio.sleep(0)

    def deliver(self, message: dict) -> None:
        kind = message["t"]
        if kind in ("frame", "done", "moved", "nosub"):  # about one of our clients
            self.proxy.answer(message)
            return
        if kind == "adopt":  # another process handed us a room (balance.py)
            self.adopt(message["room"])
            return
        ident = (message["from"], message["cid"])
        if kind == "leave":
            remote = self.remotes.pop(ident, None)
            if remote is not None and remote.room is not None:
                remote.room.unsubscribe(remote)
            return
        remote = self.remotes.get(ident)
        if remote is None:
            remote = self.remotes[ident] = RemoteClient(*ident)
        if kind == "req":
            frame = message["frame"]
            code = room_code(str(frame.get("room", "")))
            if code not in self.relay.rooms and not self.adopt(code):
                # not ours (any more): the proxy sends it to the owner it reads now
                self.post(remote.process, {"t": "moved", "from": self.me, "cid": remote.cid,
                                           "rid": message.get("rid")})
                return
            self._answering, self._answers = remote, []
            try:
                self.relay.handle(remote, frame)
            finally:
                answers, self._answering, self._answers = self._answers, None, []
            self.post(remote.process, {"t": "done", "cid": remote.cid, "rid": message.get("rid"), "frames": answers})
        elif kind == "sub":
            code = message["room"]
            if code not in self.relay.rooms and not self.adopt(code):
                # moved on again: the proxy reads the owner once more
                self.post(remote.process, {"t": "nosub", "from": self.me, "cid": remote.cid, "room": code})
                return
            self.relay.enter(remote, self.relay.rooms[code], message["observer"], message["since"])

    def send_remote(self, remote: RemoteClient, frame: dict) -> None:
        if remote is self._answering:  # goes back with the request's ``done``
            self._answers.append(frame)
            return
        self.post(remote.process, {"t": "frame", "cid": remote.cid, "frame": frame})

    def forget_room(self, room) -> None:
        for ident, remote in list(self.remotes.items()):
            if remote.room is room:
                remote.room = None
