"""Several relay processes, one Redis: who owns a room, and the bus between
processes.

What it is for: a client may connect to any process. A room lives (its
``Match``, seats, clocks, bots) in exactly one process, the holder of its
lease (``redis_store.py``). A process that gets a frame for a room it does
not own forwards it to the owner through the owner's bus, a Redis Stream
``na:bus:<process>``; the owner handles it as if the client were its own
(a ``RemoteClient``) and sends the answers back through the sender's bus.
So every frame a client gets was made by the room's one authority, in order.

When an owner dies, its leases run out (``LEASE_MS``): any process that
needs the room (a forwarded frame, a client it proxies, or the sweeper that
looks for open rooms without an owner every second) takes the lease, loads
the room by replaying its log, and its clocks and bots run on; proxies
subscribe their clients to the new owner, which sends each a full ``state``.
What it is not: the rules, the journal's format, or a consensus protocol:
Redis is the one arbiter (the lease and the fenced append).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

import msgpack
import redis.asyncio as aredis
from redis.asyncio.retry import Retry as AsyncRetry

from .redis_store import LEASE_MS, OPEN, PREFIX, RENEW, lease_key, log_key, retry_policy

log = logging.getLogger("netarcade.relay")
BUS_MAXLEN = 100_000
#: bus messages handled between two turns of the loop
BUS_YIELD = 10
#: a lease taken to load a room lasts this much longer per action to replay:
#: the replay blocks this process (no renewals), and a long game replayed on a
#: busy machine must not outlive its lease (it would be dropped as soon as it
#: is loaded, taken again and replayed again, forever). Renewals then bring it
#: back to ``LEASE_MS``.
LOAD_MS_PER_ACTION = 5
ENTERING = ("join", "watch", "resume")


def new_process_id() -> str:
    return "p-" + secrets.token_hex(6)


def bus_key(process: str) -> str:
    return f"{PREFIX}bus:{process}"


class RemoteClient:
    """A client of another process, as the room's owner sees it."""

    def __init__(self, process: str, cid: int):
        self.process, self.cid = process, cid
        self.room = None


class Cluster:
    def __init__(self, relay, url: str, process: str):
        self.relay, self.url, self.me = relay, url, process
        self.db = aredis.Redis.from_url(url, retry=retry_policy(AsyncRetry), socket_connect_timeout=2)
        self.reader_db = aredis.Redis.from_url(url, retry=retry_policy(AsyncRetry), socket_connect_timeout=2)
        self.renew = self.db.register_script(RENEW)
        self.outgoing: asyncio.Queue = asyncio.Queue()
        self.remotes: dict[tuple[str, int], RemoteClient] = {}
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(job()) for job in (self.read_bus, self.write_bus, self.keep_leases,
                                                         self.sweep, self.watch_proxied)]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await self.db.aclose()
        await self.reader_db.aclose()

    # --- ownership --------------------------------------------------------------------
    async def owner(self, code: str) -> str | None:
        holder = await self.db.get(lease_key(code))
        return holder.decode() if holder else None

    async def take(self, code: str) -> bool:
        """Take a free lease and load the room here; False if someone holds it."""
        replay = await self.db.xlen(log_key(code))
        if not await self.db.set(lease_key(code), self.me, nx=True, px=LEASE_MS + LOAD_MS_PER_ACTION * replay):
            return False
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
            codes = list(self.relay.rooms)
            try:
                async with self.db.pipeline(transaction=False) as pipe:
                    for code in codes:
                        await self.renew(keys=[lease_key(code)], args=[self.me, LEASE_MS], client=pipe)
                    kept = await pipe.execute()
            except Exception:
                log.warning("could not renew leases (Redis unreachable?)")
                continue
            for code, ok in zip(codes, kept):
                if not ok:
                    log.warning("lost the lease of room %s", code)
                    self.relay.drop_room(code)

    async def sweep(self) -> None:
        """Open rooms nobody owns (their owner died) get one: clocks and bots go on."""
        while True:
            await asyncio.sleep(1.0)
            try:
                codes = [c.decode() for c in await self.db.smembers(OPEN)]
                codes = [c for c in codes if c not in self.relay.rooms]
                if not codes:
                    continue
                held = await self.db.mget([lease_key(code) for code in codes])
                for code, holder in zip(codes, held):
                    if holder is None:
                        await self.take(code)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("sweep failed (Redis unreachable?)")

    # --- routing a client's frame --------------------------------------------------------
    async def route(self, client, frame: dict) -> bool:
        """True if the frame went to another process; False: handle it here."""
        code = frame["room"].upper()
        remote = client.remote
        if remote is not None and frame["kind"] in ENTERING and remote["room"] != code:
            self.leave(client)
        if code in self.relay.rooms:
            return False
        holder = await self.owner(code)
        if holder is None:
            if not self.relay.store.code_taken(code):
                return False  # "no-room", answered here
            if await self.take(code):
                return False
            holder = await self.owner(code)
            if holder is None:
                return False
        if holder == self.me:  # our lease without the room here (a load failed): load it again
            self.relay.load_room(code)
            return False
        if frame["kind"] in ENTERING and client.room is not None:
            client.room.unsubscribe(client)
            client.room = None
        if client.remote is None or client.remote["room"] != code:
            client.remote = {"room": code, "owner": holder, "observer": None, "version": -1, "subscribed": False}
        client.remote["owner"] = holder
        self.post(holder, {"t": "req", "from": self.me, "cid": client.cid, "frame": frame})
        return True

    def leave(self, client) -> None:
        remote, client.remote = client.remote, None
        if remote is not None and remote["owner"] and remote["owner"] != self.me:
            self.post(remote["owner"], {"t": "leave", "from": self.me, "cid": client.cid})

    async def watch_proxied(self) -> None:
        """Clients whose room changed owner are subscribed again where it lives
        now. One MGET a tick reads the owner of every room with proxied
        clients (not one GET per client: 1000 clients made 4000 a second)."""
        while True:
            await asyncio.sleep(0.25)
            proxied = [(c, c.remote) for c in self.relay.clients.values() if c.remote and c.remote["subscribed"]]
            if not proxied:
                continue
            codes = sorted({remote["room"] for _client, remote in proxied})
            try:
                holders = dict(zip(codes, [h.decode() if h else None
                                           for h in await self.db.mget([lease_key(c) for c in codes])]))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not read who owns the rooms of proxied clients (Redis unreachable?)")
                continue
            for client, remote in proxied:
                try:
                    holder = holders[remote["room"]]
                    if holder == remote["owner"] and holder is not None:
                        continue
                    if client.remote is not remote:
                        continue
                    if holder is None:
                        if remote["room"] not in self.relay.rooms and not await self.take(remote["room"]):
                            continue
                        holder = holders[remote["room"]] = self.me
                    if holder == self.me and remote["room"] in self.relay.rooms:
                        client.remote = None
                        self.relay.enter(client, self.relay.rooms[remote["room"]], remote["observer"],
                                         remote["version"])
                        continue
                    remote["owner"] = holder
                    self.post(holder, {"t": "sub", "from": self.me, "cid": client.cid, "room": remote["room"],
                                       "observer": remote["observer"], "since": remote["version"]})
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.warning("could not move a client to its room's new owner")

    # --- the bus ------------------------------------------------------------------------------
    def post(self, process: str, message: dict[str, Any]) -> None:
        self.outgoing.put_nowait((process, msgpack.packb(message, use_bin_type=True)))

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
        last = "$"
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
                        self.deliver(msgpack.unpackb(fields[b"m"], raw=False, strict_map_key=False))
                    except Exception:
                        log.exception("bus message failed")
                    if index % BUS_YIELD == 0:
                        # a batch of requests (a storm of resumes after a process died) must not hold
                        # the loop for seconds: lease renewals, sockets and clocks run in between
                        await asyncio.sleep(0)

    def deliver(self, message: dict) -> None:
        kind = message["t"]
        if kind == "frame":  # an answer for one of our clients
            client = self.relay.clients.get(message["cid"])
            if client is None:
                return
            frame = message["frame"]
            remote = client.remote
            if remote is not None and frame.get("kind") in ("state", "update") and frame.get("room") == remote["room"]:
                remote["observer"], remote["version"], remote["subscribed"] = frame["seat"], frame["version"], True
            elif remote is not None and frame.get("code") == "expired" and frame.get("room") == remote["room"]:
                client.remote = None  # the room was removed (lifecycle.py): nothing to follow
            self.relay.send(client, frame)
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
            self.relay.handle(remote, message["frame"])
        elif kind == "sub":
            room = self.relay.rooms.get(message["room"])
            if room is None:
                return  # moved on again: the proxy's watcher tries once more
            self.relay.enter(remote, room, message["observer"], message["since"])

    def send_remote(self, remote: RemoteClient, frame: dict) -> None:
        self.post(remote.process, {"t": "frame", "cid": remote.cid, "frame": frame})

    def forget_room(self, room) -> None:
        for ident, remote in list(self.remotes.items()):
            if remote.room is room:
                remote.room = None
