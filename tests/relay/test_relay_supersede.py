"""A seat's only connection is never superseded (docs/relay.md, "Two tabs
on one seat", "Clients on other processes").

The race: a process that reads a room's lease and finds its own name there
while the room is not (yet, or any more) loaded in it once forwarded the
frame to itself, through its own bus. A ``resume`` whose take of a free
lease lost to another task of the same process (the sweep, the owner
watch, the other seat of the room resuming on the same process) read the
lease again, found it its own and did so. The bus brought the frame back
as a client of another process (``RemoteClient``), which the room seated;
the same connection then entered the room here as itself (the owner watch
found the room local), and the room, seeing two connections for one seat,
told the first ``superseded`` and closed it 4001: the seat's only
connection, through its own alias.

- Two tests drive one relay process in this test's loop and force the
  interleavings: the resume's take lost to its own process, and an owner
  read naming this process for a room not here.
- Every relay process is killed with SIGKILL and restarted, round after
  round, on a real ``redis-server``: twelve two-seat rooms over three
  processes. Once the dead owners' leases have run out, both seats of each
  room resume at once on new connections to one process (half the rooms on
  the same one, which hands some on right after answering). Every seat gets
  its ``state``, keeps its one connection and gets its room's next move on
  it: no ``superseded`` error, no 4001 close.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from websockets.exceptions import ConnectionClosed

from netarcade.core import wire
from support.soak import soak_size
from support.relay_waits import SAFETY, until
from support.relay_harness import Client, close_quietly, run
from netarcade.relay.redis_store import hold_process, lease_key
from support.redis_server import redis, redis_server, relays  # noqa: F401  (redis_server is a fixture)

PROCESSES = 3
ROOMS = 12
#: rounds of kill-all and restart (before the fix, the first round already superseded 7-11 of 24 seats)
ROUNDS = soak_size(3, 20)


class SeatLine:
    """One seat's one connection, as a page holds it: resumed after every restart."""

    def __init__(self, room: str, seat: int, token: str):
        self.room, self.seat, self.token = room, seat, token
        self.client: Client | None = None
        self.version = -1
        #: every connection this seat opened (their frames and closes are checked)
        self.clients: list[Client] = []

    async def resume(self, url: str) -> dict:
        """A new connection to ``url`` and a ``resume`` on it, again on ``unavailable`` (bounded)."""
        await close_quietly(self.client)
        self.client = await Client.open(url)
        self.clients.append(self.client)
        for _ in range(20):
            answer = await self.client.request({"kind": "resume", "room": self.room, "seat": self.seat,
                                                "token": self.token, "since": self.version}, SAFETY)
            if answer.get("code") != "unavailable":
                assert answer["kind"] == "state", answer
                self.version = max(self.version, answer["version"])
                return answer
        raise AssertionError(f"seat {self.seat} of {self.room}: resume answered only unavailable")

    async def move(self) -> int:
        """This seat's first legal action, from its newest frame; after ``unavailable`` (the room
        changed owner as it was played) it resumes on this connection and decides again, as a
        page does. The version the move made."""
        for _ in range(20):
            frame = self.latest()
            answer = await self.client.request({"kind": "act", "room": self.room, "seat": self.seat,
                                                "token": self.token, "action": frame["legal"][0],
                                                "base": frame["version"]}, SAFETY)
            if answer.get("code") != "unavailable":
                assert answer["kind"] == "ack", answer
                return answer["version"]
            state = await self.client.request({"kind": "resume", "room": self.room, "seat": self.seat,
                                               "token": self.token, "since": self.version}, SAFETY)
            assert state["kind"] == "state" or state.get("code") == "unavailable", state
        raise AssertionError(f"seat {self.seat} of {self.room}: its move answered only unavailable")

    def latest(self) -> dict | None:
        newest = None
        for frame in self.client.frames:
            if (frame.get("kind") in ("state", "update") and frame.get("room") == self.room
                    and (newest is None or frame["version"] >= newest["version"])):
                newest = frame
        return newest

    async def sees(self, version: int) -> None:
        """This connection gets a frame of ``version`` or later (it must not be closed)."""
        frame = await self.client.wait_for(lambda f: f.get("kind") in ("state", "update")
                                           and f.get("room") == self.room and f["version"] >= version, SAFETY)
        self.version = max(self.version, frame["version"])

    def superseded(self) -> list:
        """The ``superseded`` errors and 4001 closes any of this seat's connections got."""
        return ([f for c in self.clients for f in c.frames if f.get("code") == "superseded"]
                + [c.closed for c in self.clients if c.closed and c.closed[0] == 4001])


async def seat_rooms(processes) -> list[SeatLine]:
    """``ROOMS`` Backbone rooms of two human seats, created on each process in turn, both seats joined."""
    lines = []
    for index in range(ROOMS):
        client = await Client.open(processes[index % len(processes)].url)
        created = await client.request({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
        assert created["kind"] == "created", created
        for seat in range(2):
            joined = await client.request({"kind": "join", "room": created["room"], "name": f"p{seat}",
                                           "seat": seat})
            assert joined["kind"] == "joined", joined
            lines.append(SeatLine(created["room"], seat, joined["token"]))
        await close_quietly(client)
    return lines


def spread(db, rooms, processes) -> bool:
    """Every room is owned by a live process and each owns its share (the balancer is done)."""
    owners = [hold_process(db.get(lease_key(room))) for room in rooms]
    live = [p.process_id for p in processes]
    return all(owner in live for owner in owners) and all(owners.count(p) == ROOMS // len(live) for p in live)


async def kill_all_and_resume(processes, lines, db, round_: int) -> None:
    """One round: SIGKILL every process; once the dead owners' leases have run out, restart them
    all; both seats of each room resume at once on new connections to one process (a room's
    seats on the same process take the free lease at the same moment), the rooms spread back,
    and each room's next move reaches both its seats."""
    for process in processes:
        process.kill()
    rooms = sorted({line.room for line in lines})
    await until(lambda: not any(db.exists(lease_key(room)) for room in rooms), "the dead owners' leases ran out")
    await asyncio.gather(*(asyncio.to_thread(process.start) for process in processes))
    # half the rooms' seats on one process (it takes them, answers, then hands some on), the rest spread
    place = [0] * (ROOMS // 2) + [1 + r % (len(processes) - 1) for r in range(ROOMS - ROOMS // 2)]
    await asyncio.gather(*(line.resume(processes[(place[rooms.index(line.room)] + round_) % len(processes)].url)
                           for line in lines))
    await until(lambda: spread(db, rooms, processes), "the rooms spread back over the processes")
    for room in rooms:
        seats = [line for line in lines if line.room == room]
        mover = next((line for line in seats if (line.latest() or {}).get("legal")), None)
        if mover is None:  # no frame offering a move yet: the next one will
            await seats[0].sees(seats[0].version + 1)
            mover = next(line for line in seats if (line.latest() or {}).get("legal"))
        version = await mover.move()
        for line in seats:
            await line.sees(version)


class Relayed:
    """One relay process in this test's own loop on ``redis_server`` (no sockets): a Backbone room
    of two joined seats that no process holds (its owner died and its lease ran out), and one
    connection of this process. Only the tasks a test names run (the bus, the leases, the owner
    watch), so the interleaving is the test's."""

    def __init__(self, tmp_path, url: str):
        from netarcade.relay.room import Room
        from netarcade.relay.server import Client as Connection, Relay

        self.relay = relay = Relay(store=url, data=str(tmp_path / "data"))
        room = Room.create(relay.store, lambda *_: None, "backbone", {}, ["human", "human"], 90.0)
        self.code = room.code
        self.tokens = [room.join(f"p{seat}", seat)[1] for seat in range(2)]
        relay.store.release(self.code)  # nobody holds it now; not loaded here
        self.connection = Connection(None, 1000, 1000, 256, cid=1)
        relay.clients[1] = self.connection
        self.got: list[dict] = []
        self.tasks: list[asyncio.Task] = []
        #: messages this process posted to its own bus, and messages it read from it
        self.to_itself = self.read = 0
        cluster, post, deliver = relay.cluster, relay.cluster.post, relay.cluster.deliver

        def counted_post(process, message):
            self.to_itself += process == relay.process
            post(process, message)

        def counted_deliver(message):
            self.read += 1
            deliver(message)
        cluster.post, cluster.deliver = counted_post, counted_deliver

    def start(self, *jobs) -> None:
        self.tasks = [asyncio.get_running_loop().create_task(job()) for job in jobs]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.relay.cluster.close()
        self.relay.store.close()

    def frames(self) -> list[dict]:
        """Every frame queued for the connection so far."""
        queue = self.connection.queue
        while not queue.empty():
            self.got.append(queue.get_nowait())
        return self.got

    def resume(self, seat: int) -> bytes:
        return wire.pack(wire.frame("resume", room=self.code, seat=seat, token=self.tokens[seat], since=-1,
                                    id=1))

    def entered_here(self) -> bool:
        """The connection is subscribed in the room, which this process holds, and follows no
        other process, and whatever this process posted to its own bus has been read: what a
        resume here comes to once every answer and owner read is in."""
        connection, room = self.connection, self.relay.rooms.get(self.code)
        return (room is not None and connection.room is room and connection.remote is None
                and self.read == self.to_itself
                and not connection.pending and any(f.get("id") == 1 for f in self.frames()))


def superseded(frames) -> list[dict]:
    return [f for f in frames if f.get("code") == "superseded" or f.get("kind") == "_close"]


def test_a_resume_whose_take_loses_to_its_own_process_is_answered_here(tmp_path, redis_server, monkeypatch):
    """The interleaving forced: a ``resume`` finds the room's lease free, and while its own take
    waits for Redis another task of the same process (the sweep) sets the lease and loads the
    room; the resume's take then finds the lease set. The lease names this very process: the
    frame is handled here, never posted to this process's own bus (where it came back as a
    second, remote client of the seat, which the connection's own entry then superseded: 4001
    on the seat's only connection)."""
    here = Relayed(tmp_path, redis_server.url)
    cluster = here.relay.cluster
    take = cluster.take

    async def take_lost_to_the_sweep(code):
        monkeypatch.setattr(cluster, "take", take)  # once
        assert await take(code)  # the sweep's SET NX and load land first
        return False  # so this take's own SET NX finds the lease set

    monkeypatch.setattr(cluster, "take", take_lost_to_the_sweep)

    async def scenario():
        here.start(cluster.read_bus, cluster.write_bus, cluster.keep_leases, cluster.proxy.watch)
        try:
            await here.relay.dispatch(here.connection, here.resume(0))
            for _ in range(500):  # a safety net: the answer and the owner watch's next read take a few ticks
                if here.entered_here():
                    break
                await asyncio.sleep(0.01)
            assert here.entered_here(), here.frames()
            assert [f["kind"] for f in here.frames() if f.get("id") == 1] == ["state"]
            assert superseded(here.frames()) == []
            assert here.relay.rooms[here.code].seats[0].client is here.connection
        finally:
            await here.close()
    run(scenario(), 60)


def test_the_owner_watch_posts_nothing_to_its_own_process(tmp_path, redis_server):
    """The room handed to this process (its lease names it) and not loaded yet when the owners
    were read: a ``resume`` pending for the dead owner and a subscription following the room are
    not sent to this process's own bus (nor would they be for a room handed away again since the
    read); the next read loads the room here and both enter it as this connection."""
    here = Relayed(tmp_path, redis_server.url)
    relay, connection, code = here.relay, here.connection, here.code
    proxy, handed = relay.cluster.proxy, f"{relay.process}/h1"
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    db.set(lease_key(code), handed, px=60_000)
    db.close()
    connection.pending[1] = {"room": code, "owner": "p-000000dead00/1", "at": time.monotonic(),
                             "frame": wire.unpack(here.resume(0))}
    connection.remote = {"room": code, "owner": None, "observer": 0, "version": -1, "subscribed": True}

    async def scenario():
        try:
            proxy.resend(connection, {code: handed}, set())
            proxy.follow(connection, {code: handed})
            assert here.to_itself == 0
            await proxy.check()  # the next read of the owners
            assert code in relay.rooms and connection.room is relay.rooms[code] and connection.remote is None
            assert relay.rooms[code].seats[0].client is connection and not connection.pending
            assert here.to_itself == 0
            assert [f["kind"] for f in here.frames() if f.get("id") == 1] == ["state"]
            assert superseded(here.frames()) == []
        finally:
            await here.close()
    run(scenario(), 30)


@pytest.mark.soak
def test_kill_all_restart_resume_every_seat_none_superseded(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server, PROCESSES)
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    try:
        async def scenario():
            lines = await seat_rooms(processes)
            started, rounds, closed = time.monotonic(), 0, None
            try:
                for round_ in range(ROUNDS):
                    await kill_all_and_resume(processes, lines, db, round_)
                    rounds += 1
            except (ConnectionError, ConnectionClosed) as err:  # a seat's one connection closed under it
                closed = err
            finally:
                for line in lines:
                    await close_quietly(line.client)
            told = [(line.room, line.seat, got) for line in lines for got in line.superseded()]
            print(f"{rounds} of {ROUNDS} rounds of kill-all and restart, {len(lines)} seats resumed each, "
                  f"{time.monotonic() - started:.1f} s; superseded: {told}")
            assert told == []
            if closed is not None:
                raise closed
        run(scenario(), 60 + 40 * ROUNDS)
    finally:
        db.close()
        for process in processes:
            process.kill()


def test_a_resume_sent_on_to_a_new_owner_leaves_from_there(tmp_path, redis_server):
    """A ``resume`` pending for an owner that died is sent on to the room's new owner, which
    seats this connection's alias there. The connection now follows that owner: when it closes
    (or enters another room) the ``leave`` goes to the new owner, so no seated alias of a gone
    connection stays behind (the seat would look connected to the others, and an abandoned room
    would never go to its stand-in bots). Before, the connection kept naming the dead owner
    until the owner watch's next read, and a close in between told only the dead process."""
    here = Relayed(tmp_path, redis_server.url)
    relay, connection, code = here.relay, here.connection, here.code
    proxy, dead, alive = relay.cluster.proxy, "p-000000dead00/1", "p-0000000a11e0/1"
    posted = []
    post = relay.cluster.post
    relay.cluster.post = lambda process, message: (posted.append((process, message["t"])), post(process, message))
    connection.pending[1] = {"room": code, "owner": dead, "at": time.monotonic(),
                             "frame": wire.unpack(here.resume(0))}
    connection.remote = {"room": code, "owner": dead, "observer": None, "version": -1, "subscribed": False}

    async def scenario():
        try:
            proxy.resend(connection, {code: alive}, set())
            assert posted == [(hold_process(alive), "req")]
            assert connection.remote["owner"] == alive
            proxy.leave(connection)
            assert posted[-1] == (hold_process(alive), "leave")
        finally:
            await here.close()
    run(scenario(), 30)
