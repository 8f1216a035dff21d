"""A relay process's own clients in rooms another process owns.

What it is for: a client may send any frame to any process. A frame for a
room owned elsewhere is forwarded through the owner's bus (``cluster.py``)
and kept here, *pending*, until the owner says it handled it (``done``).
Every ``WATCH_S`` while frames are pending (``WATCH_IDLE_S`` otherwise)
this process reads the lease of every room its clients are proxied into
or have frames pending in, and when a lease changed
(another owner, or the same process taking the room back: a lease's value
marks each taking, ``redis_store.hold_value``) or ran out:

- a room without an owner, or whose owner is dead (no connection to
  Redis: ``cluster.Liveness``), is taken here (its clients are then this
  process's own again);
- each subscribed client is subscribed again where the room lives now,
  from the last version it got (a full ``state``: nothing is missed);
- each pending frame is sent to the new owner, or handled here if the room
  is here now; a pending ``join`` is answered ``unavailable`` instead (the
  dead owner may have seated it: the player joins again);
- nothing is ever sent to this process's own bus: a lease that names this
  process means the room is loaded here (``cluster.adopt``) and the frame
  handled here. Sent to itself, a frame came back as another process's
  client (``cluster.RemoteClient``) of the same socket: the room took it
  for a second connection of the seat and superseded one of the two (4001
  on the seat's only connection);
- a frame pending longer than ``PENDING_MAX`` is answered ``unavailable``
  (a safety net: Redis gone for that long).

So a frame for a room whose owner died waits here until a new owner holds
the room (about the lease, ``LEASE_MS``), then is answered; it is never
left unanswered. What it is not: the bus itself or who owns what
(``cluster.py``), or the rules.
"""

from __future__ import annotations

import asyncio
import logging
import time

from ..core.codes import room_code
from . import protocol
from .redis_store import hold_process, lease_key

log = logging.getLogger("netarcade.relay")
ENTERING = ("join", "watch", "resume")
#: seconds between two reads of the owners of the rooms this process proxies clients into, while
#: frames wait for an answer, and while none does
WATCH_S = 0.1
WATCH_IDLE_S = 0.25
#: a forwarded frame still unanswered after this many seconds is answered ``unavailable``
PENDING_MAX = 10.0


class Proxy:
    def __init__(self, cluster) -> None:
        self.cluster, self.relay = cluster, cluster.relay
        self.next_rid = 0

    # --- a client's frame -----------------------------------------------------------------
    async def route(self, client, frame: dict) -> bool:
        """True if the frame went to another process (or waits for one);
        False: handle it here."""
        code = room_code(frame["room"])
        remote = client.remote
        if remote is not None and frame["kind"] in ENTERING and remote["room"] != code:
            self.leave(client)
        if code in self.relay.rooms:
            return False
        holder = await self.cluster.owner(code)
        if holder is None:
            if not self.relay.store.code_taken(code):
                return False  # "no-room", answered here
            if await self.cluster.take(code):
                return False
            holder = await self.cluster.owner(code)
            if holder is None:
                return False  # removed (expired) as it was loaded: answered here
        if self.cluster.mine(holder):
            # ours: handed to us (balance.py), a load failed, or another task of this process (the
            # sweep, the owner watch) took the lease while this frame's take waited. Handled here,
            # never posted to our own bus: the owner would take it for another process's client,
            # a second connection of the seat, and supersede this one (4001) when it enters here
            self.cluster.adopt(code)
            return False
        if frame["kind"] in ENTERING and client.room is not None:
            client.room.unsubscribe(client)
            client.room = None
        if client.remote is None or client.remote["room"] != code or frame["kind"] in ENTERING:
            # a subscription's owner changes only through ``watch`` (which subscribes it again)
            client.remote = {"room": code, "owner": holder, "observer": None, "version": -1, "subscribed": False}
        self.forward(client, code, holder, frame)
        return True

    def forward(self, client, code: str, holder: str, frame: dict) -> None:
        self.next_rid += 1
        client.pending[self.next_rid] = {"room": code, "owner": holder, "frame": frame, "at": time.monotonic()}
        self._post_request(client, self.next_rid, holder, frame)

    def _post_request(self, client, rid: int, holder: str, frame: dict) -> None:
        self.cluster.post(hold_process(holder), {"t": "req", "from": self.cluster.me, "cid": client.cid,
                                                 "rid": rid, "frame": frame})

    def leave(self, client) -> None:
        remote, client.remote = client.remote, None
        owner = hold_process(remote["owner"]) if remote is not None else None
        if owner and owner != self.cluster.me:
            self.cluster.post(owner, {"t": "leave", "from": self.cluster.me, "cid": client.cid})

    # --- what owners send back ----------------------------------------------------------
    def answer(self, message: dict) -> None:
        client = self.relay.clients.get(message["cid"])
        if client is None:
            return
        kind, remote = message["t"], client.remote
        if kind == "done":  # the frame's answers, in order, then it is no longer pending
            for frame in message.get("frames", ()):
                self.pass_on(client, frame)
            client.pending.pop(message["rid"], None)
        elif kind == "moved":  # the process we sent it to does not hold the room: the next read of its owner
            entry = client.pending.get(message["rid"])
            if entry is not None and hold_process(entry["owner"]) == message["from"]:  # not sent on since
                entry["owner"] = None
        elif kind == "nosub":
            if (remote is not None and remote["room"] == message["room"]
                    and hold_process(remote["owner"]) == message["from"]):
                remote["owner"] = None
        else:
            self.pass_on(client, message["frame"])

    def pass_on(self, client, frame: dict) -> None:
        """A frame the owner made for ``client``: noted (the version it has), then sent."""
        remote = client.remote
        if remote is not None and frame.get("kind") in ("state", "update") and frame.get("room") == remote["room"]:
            remote["observer"], remote["version"], remote["subscribed"] = frame["seat"], frame["version"], True
        elif remote is not None and frame.get("code") == "expired" and frame.get("room") == remote["room"]:
            client.remote = None  # the room was removed (lifecycle.py): nothing to follow
        self.relay.send(client, frame)

    # --- following owners -------------------------------------------------------------------
    async def watch(self) -> None:
        """One MGET a tick reads the owner of every room with proxied clients
        or pending frames (not one GET per client: 1000 clients made 4000 a
        second)."""
        while True:
            await asyncio.sleep(WATCH_S if any(c.pending for c in self.relay.clients.values()) else WATCH_IDLE_S)
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not follow the owners of proxied rooms (Redis unreachable?)")

    async def check(self) -> None:
        now = time.monotonic()
        clients = [c for c in list(self.relay.clients.values())
                   if c.pending or (c.remote is not None and c.remote["subscribed"])]
        for client in clients:
            for rid, entry in list(client.pending.items()):
                if now - entry["at"] > PENDING_MAX:
                    del client.pending[rid]
                    self.refuse(client, entry, f"no relay process answered for room {entry['room']} within "
                                               f"{PENDING_MAX:g} s; resume and try again")
        codes = sorted({entry["room"] for c in clients for entry in c.pending.values()}
                       | {c.remote["room"] for c in clients if c.remote is not None and c.remote["subscribed"]})
        if not codes:
            return
        values = await self.cluster.db.mget([lease_key(code) for code in codes])
        holders = {code: value.decode() if value else None for code, value in zip(codes, values)}
        removed = set()  # rooms nobody may load any more (expired): their frames are answered here
        for code in codes:
            if code in self.relay.rooms:
                continue
            if holders[code] is None:
                if not await self.cluster.take(code):
                    holders[code] = await self.cluster.owner(code)
                    if holders[code] is None:
                        removed.add(code)
            elif self.cluster.mine(holders[code]):
                self.cluster.adopt(code)
            elif await self.cluster.take_from_dead(code, holders[code]):
                holders[code] = await self.cluster.owner(code)
        for client in clients:
            if self.relay.clients.get(client.cid) is not client:
                continue  # gone while we read
            self.follow(client, holders)
            self.resend(client, holders, removed)

    def follow(self, client, holders: dict) -> None:
        """A subscribed client whose room changed owner: subscribe it again where the room lives now."""
        remote = client.remote
        if remote is None or not remote["subscribed"]:
            return
        code = remote["room"]
        if code in self.relay.rooms:
            client.remote = None
            self.relay.enter(client, self.relay.rooms[code], remote["observer"], remote["version"])
            return
        holder = holders.get(code)
        if holder is None or holder == remote["owner"] or self.cluster.mine(holder):
            return  # ours but not here (handed to us, or away since the read): the next read settles it
        remote["owner"] = holder
        self.cluster.post(hold_process(holder), {"t": "sub", "from": self.cluster.me, "cid": client.cid,
                                                 "room": code, "observer": remote["observer"],
                                                 "since": remote["version"]})

    def resend(self, client, holders: dict, removed: set) -> None:
        """Pending frames whose room changed owner: to the new owner, or handled
        here (the room is here now, or removed: ``expired``)."""
        for rid, entry in list(client.pending.items()):
            code, frame = entry["room"], entry["frame"]
            if code in self.relay.rooms or code in removed:
                del client.pending[rid]
                self.relay.handle(client, frame)
                continue
            holder = holders.get(code)
            if holder is None or holder == entry["owner"] or self.cluster.mine(holder):
                continue  # as in ``follow``: never to this process's own bus
            if frame["kind"] == "join":
                del client.pending[rid]
                self.refuse(client, entry, f"room {code} moved to another relay process while joining; "
                                           "join again")
                continue
            entry["owner"] = holder
            remote = client.remote
            if frame["kind"] in ENTERING and remote is not None and remote["room"] == code:
                # the seat enters where the frame goes now: ``leave`` must tell that process, not
                # the dead one (whose seated alias of this client would otherwise outlive it there)
                remote["owner"] = holder
            self._post_request(client, rid, holder, frame)

    def refuse(self, client, entry: dict, message: str) -> None:
        self.relay.send(client, protocol.error("unavailable", message, entry["frame"].get("id")))
