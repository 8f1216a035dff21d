"""No client is left waiting after a failover (docs/relay.md, "When a
process dies", "When Redis is down"; issue 28).

Three relay processes on one real ``redis-server``; the room's seats and a
spectator on every process. Clients do what docs/relay.md tells a client to
do and nothing else: act when a frame offers the seat legal actions; on
``unavailable`` send ``resume``; on a close other than 4001 reconnect and
``resume``. They never resend on a timeout: every wait is for a frame, with
a bounded safety net that fails the test.

- Redis is killed for longer than the lease and restarted on its AOF: every
  owner drops its rooms, one takes each back (often the same process), and
  every seat and spectator on every process gets every frame afterwards
  (the room's last version, its moves since, with nothing missing).
- A room's owner is killed with SIGKILL and, at once, ``watch`` and
  ``resume`` on new connections and ``act`` on an open one go to the
  survivors: each is answered (the time to its answer is printed).
- Rooms spread back: a process started late, and a process restarted after
  a kill, owns rooms again, and a handed room's clients on every process go
  on getting its frames.
- A lease whose holder has no connection to Redis (a killed process) is
  taken before it runs out; one whose holder is connected is not.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from support.relay_harness import Client, close_quietly, run  # noqa: E402
from netarcade.relay.redis_store import hold_process, lease_key, log_key  # noqa: E402
from support.redis_server import redis, redis_server, relays  # noqa: F401,E402  (redis_server is a fixture)
from support.relay_waits import SAFETY, until  # noqa: E402

#: a Redis outage this long is longer than the lease (``LEASE_MS``, 2 s): every owner loses its rooms
OUTAGE_S = 3.0
#: outages in a row (the rooms' owners after each are often the processes that held them before)
OUTAGES = 2


class Seat:
    """A seat (or, with ``token`` None, a spectator) on one process that follows docs/relay.md."""

    def __init__(self, url: str, room: str, seat: int | None, token: str | None):
        self.url, self.room, self.seat, self.token = url, room, seat, token
        self.client: Client | None = None
        self.resumes = 0  # resumes the relay asked for (``unavailable``, a close)
        self.moves: dict[int, str] = {}

    async def enter(self) -> dict:
        self.client = await Client.open(self.url)
        return await self.request(self.entering())

    def entering(self) -> dict:
        since = self.version()
        if self.token is None:
            return {"kind": "watch", "room": self.room, "since": since}
        return {"kind": "resume", "room": self.room, "seat": self.seat, "token": self.token, "since": since}

    def version(self) -> int:
        frame = self.latest()
        return frame["version"] if frame else -1

    def latest(self) -> dict | None:
        """The newest position this client was told of: a room never goes back, and a late
        answer of its former owner may come after the new owner's frames (docs/relay.md,
        "Frames across a failover"), so the last frame of the highest version (a room's
        frames before it starts share version 0), not just the last frame."""
        newest = None
        for frame in self.client.frames if self.client else ():
            if (frame.get("kind") in ("state", "update") and frame.get("room") == self.room
                    and (newest is None or frame["version"] >= newest["version"])):
                newest = frame
        return newest

    async def request(self, frame: dict) -> dict:
        """``frame``'s answer; on ``unavailable`` or a close, resume as documented and say so.
        Resuming is itself such a request, asked again until it is answered: a resume left
        ``unavailable`` would leave this client outside its room, waiting for frames that
        never come (a make test run once failed so: the room waited for seat 2's move, the
        relay listed seat 2 as not connected, and its client waited for frames)."""
        entering = frame["kind"] in ("watch", "resume")
        for _ in range(20):
            try:
                answer = await self.client.request(frame, SAFETY)
            except ConnectionError:
                assert self.client.closed[0] != 4001, self.client.closed
                self.resumes += 1
                await close_quietly(self.client)
                self.client = await Client.open(self.url)
                if entering:
                    frame = self.entering()
                else:
                    await self.request(self.entering())
                continue
            if answer.get("code") != "unavailable":
                return answer
            self.resumes += 1
            if entering:
                frame = self.entering()
            else:
                await self.request(self.entering())
        raise AssertionError(f"no answer but unavailable to {frame}")

    async def next_frame(self, after: int) -> dict:
        """The first state or update past version ``after`` (reconnecting on a close)."""
        while True:
            try:
                return await self.client.wait_for(
                    lambda f: f.get("kind") in ("state", "update") and f.get("room") == self.room
                    and f["version"] > after, SAFETY)
            except ConnectionError:
                await self.request(self.entering())

    async def play(self, until: int) -> None:
        """Act whenever a frame offers legal actions, until the room reaches version ``until``."""
        while self.version() < until:
            frame = self.latest()
            if frame["legal"] and not frame["view"]["over"]:
                answer = await self.request({"kind": "act", "room": self.room, "seat": self.seat,
                                             "token": self.token, "action": frame["legal"][0],
                                             "base": frame["version"]})
                if answer["kind"] == "ack":
                    continue
            await self.next_frame(frame["version"])

    def record(self) -> dict[int, str]:
        """Every move this client was told of (``moves`` of every frame)."""
        newest = -1
        for frame in self.client.frames:
            if frame.get("kind") in ("state", "update") and frame.get("room") == self.room:
                if frame["version"] < newest and not frame.get("resync"):
                    continue  # a late frame of an older version: the room never goes back
                newest = frame["version"]
                if frame.get("resync") or frame["since"] < 0:
                    self.moves = {}
                self.moves.update({move["v"]: move["text"] for move in frame["moves"]})
        return self.moves


async def table(processes, owner: int = 0, game: str = "netcontrol", seats=None, options=None):
    """A room created on ``processes[owner]`` (its owner), one seat per process
    and a spectator on each: the list of ``Seat``s (seats first)."""
    seats = seats or ["human"] * len(processes)
    creator = await Client.open(processes[owner].url)
    created = await creator.request({"kind": "create", "game": game, "seats": seats,
                                     "options": {"target": 3} if options is None else options})
    assert created["kind"] == "created", created
    room = created["room"]
    players = []
    for seat in range(len(seats)):
        player = Seat(processes[seat % len(processes)].url, room, seat, None)
        player.client = await Client.open(player.url)
        joined = await player.client.request({"kind": "join", "room": room, "name": f"p{seat}", "seat": seat})
        assert joined["kind"] == "joined", joined
        player.token = joined["token"]
        await player.client.wait_for(lambda f: f.get("kind") in ("state", "update"))
        players.append(player)
    watchers = [Seat(process.url, room, None, None) for process in processes]
    for watcher in watchers:
        assert (await watcher.enter())["kind"] == "state"
    await close_quietly(creator)
    return room, players + watchers


async def everyone_at(clients, version: int) -> None:
    for client in clients:
        while client.version() < version:
            before = client.version()
            await client.next_frame(before)
            # a client's latest frame never goes back to an older version (and the loop never spins)
            assert client.version() > before, str((client.seat, client.url, [
                (f.get("kind"), f.get("version"), f.get("since"), f.get("resync"), f.get("code"), f.get("id"))
                for f in client.client.frames]))


def check_moves(clients, journal: list[str], version: int) -> None:
    """Every client knows every move up to ``version``, as the journal holds it."""
    for client in clients:
        moves = client.record()
        assert [moves.get(v) for v in range(1, version + 1)] == journal[:version], (client.seat, client.url)


def log_of(db, room: str) -> list[str]:
    return [fields["text"] for _id, fields in db.xrange(log_key(room))]


@pytest.fixture
def trio(tmp_path, redis_server):
    """Three relay processes on ``redis_server``, and a client of that Redis."""
    processes = relays(tmp_path, redis_server, 3)
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    yield processes, db
    db.close()
    for process in processes:
        process.kill()


def test_redis_down_longer_than_the_lease_every_client_gets_every_frame(trio, redis_server):
    processes, db = trio

    async def scenario():
        # a room owned by each process, its seats and a spectator on every process
        tables = [await table(processes, owner) for owner in range(3)]
        rooms = [room for room, _clients in tables]

        async def play(until):
            await asyncio.gather(*(p.play(until) for _room, clients in tables for p in clients[:3]))
        await play(4)
        leases = [[db.get(lease_key(room)) for room in rooms]]
        for outage in range(OUTAGES):
            await asyncio.to_thread(redis_server.kill)
            await asyncio.sleep(OUTAGE_S)  # the outage itself: longer than the lease
            await asyncio.to_thread(redis_server.start)
            await play(10 + 6 * outage)
            for room, clients in tables:
                version = max(c.version() for c in clients[:3])
                await everyone_at(clients, version)
                check_moves(clients, log_of(db, room), version)
            leases.append([db.get(lease_key(room)) for room in rooms])
        print(f"leases before and after each outage {leases}; resumes the relay asked for: "
              f"{[c.resumes for _room, clients in tables for c in clients]}")
        for _room, clients in tables:
            for client in clients:
                await close_quietly(client.client)
    run(scenario(), 180)


def test_an_owner_killed_frames_to_survivors_are_answered(trio):
    processes, db = trio

    async def scenario():
        room, clients = await table(processes)
        players = clients[:3]
        await asyncio.gather(*(p.play(4) for p in players))
        assert hold_process(db.get(lease_key(room))) == processes[0].process_id
        while players[0].latest()["legal"]:  # a seat on a survivor is to act
            await players[0].play(players[0].version() + 1)
        version = max(c.version() for c in players)
        await everyone_at(clients, version)
        mover = next(p for p in players[1:] if p.latest()["legal"])  # on a survivor, to act now
        resumer = next(p for p in players[1:] if p is not mover)
        watcher, resumed = await Client.open(processes[1].url), await Client.open(processes[2].url)
        frame = mover.latest()
        requests = [
            (watcher, {"kind": "watch", "room": room}),
            (resumed, {"kind": "resume", "room": room, "seat": resumer.seat, "token": resumer.token,
                       "since": version}),
            (mover.client, {"kind": "act", "room": room, "seat": mover.seat, "token": mover.token,
                            "action": frame["legal"][0], "base": frame["version"]})]
        processes[0].kill()
        killed = time.monotonic()
        sent, answers = [], []
        for client, request in requests:
            sent.append(time.monotonic() - killed)
            answers.append(asyncio.ensure_future(client.request(request, SAFETY)))
        times = []
        expected = {"watch": {"state"}, "resume": {"state"}, "act": {"ack", "stale", "unavailable"}}
        for (_client, request), answer in zip(requests, answers):
            got = await answer
            times.append(time.monotonic() - killed)
            assert got.get("code", got["kind"]) in expected[request["kind"]], got
        print(f"owner killed; watch, resume, act sent {[round(s * 1000) for s in sent]} ms after the kill, "
              f"answered after {[round(t * 1000) for t in times]} ms: "
              f"{[(a.result()['kind'], a.result().get('code')) for a in answers]}")
        assert hold_process(db.get(lease_key(room))) in (processes[1].process_id, processes[2].process_id)
        for client in (watcher, resumed):
            await close_quietly(client)
        for client in clients:
            await close_quietly(client.client)
    run(scenario(), 120)


def owners(db, rooms) -> list[str | None]:
    return [hold_process(db.get(lease_key(room))) for room in rooms]


def test_rooms_spread_back_over_live_processes(tmp_path, redis_server):
    first = relays(tmp_path, redis_server, 1)
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    processes = first
    try:
        async def scenario():
            nonlocal processes
            tables = [await table(first, 0, "backbone", ["human", "human"], {}) for _ in range(6)]
            rooms = [room for room, _clients in tables]
            assert set(owners(db, rooms)) == {first[0].process_id}
            processes = first + await asyncio.to_thread(relays, tmp_path / "late", redis_server, 1)
            late = processes[1]
            # a process started late takes its share
            await until(lambda: owners(db, rooms).count(late.process_id) >= 2, "the new process owns rooms")
            # kill it: its rooms fail over to the first; restarted, it owns rooms again
            late.kill()
            await until(lambda: set(owners(db, rooms)) == {first[0].process_id}, "the rooms failed over")
            await asyncio.to_thread(late.start)
            await until(lambda: owners(db, rooms).count(late.process_id) >= 2, "the restarted process owns rooms")
            # every handed room plays on, and its seat and spectator on the first process hear of it
            for room, clients in tables:
                seat = next(c for c in clients[:2] if c.latest()["legal"])
                await seat.play(seat.version() + 1)
                await everyone_at([clients[0], clients[2]], seat.version())
                for client in clients:
                    await close_quietly(client.client)
            print(f"owners after the restart: {owners(db, rooms)}")
        run(scenario(), 120)
    finally:
        db.close()
        for process in processes:
            process.kill()


def test_a_lease_whose_holder_has_no_connection_is_taken_before_it_runs_out(tmp_path, redis_server, monkeypatch):
    """``cluster.Liveness``: a killed process's connections to Redis close at
    once, so a lease naming a process with no connection (``CLIENT LIST``)
    is taken without waiting for it to run out; a lease naming a process
    that is connected stays its own. Leases of a minute make the difference
    plain (no clock is read)."""
    from netarcade.relay import cluster
    from netarcade.relay.room import Room
    from netarcade.relay.server import Relay

    monkeypatch.setattr(cluster, "SETTLED_S", 0)  # this Redis has just started
    relay = Relay(store=redis_server.url, data=str(tmp_path / "data"))
    rooms = [Room.create(relay.store, lambda *_: None, "backbone", {}, ["human", "human"], 90.0).code
             for _ in range(2)]
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    alive = redis.Redis.from_url(redis_server.url, client_name="na:p-0000000a1ive")
    alive.ping()  # a process with a connection
    leases = {rooms[0]: "p-000000dead00/1", rooms[1]: "p-0000000a1ive/1"}
    for code, value in leases.items():
        db.set(lease_key(code), value, px=60_000)
    relay.store.holds.clear()  # the leases are the two other processes' now

    async def scenario():
        try:
            taken = {}
            for _ in range(200):  # the dead holder is absent in two reads 0.3 s apart: a bounded safety net
                for code, value in leases.items():
                    taken[code] = taken.get(code) or await relay.cluster.take_from_dead(code, value)
                if taken[rooms[0]]:
                    break
                await asyncio.sleep(0.05)
            assert taken == {rooms[0]: True, rooms[1]: False}
            assert hold_process(db.get(lease_key(rooms[0]))) == relay.process and rooms[0] in relay.rooms
            assert db.get(lease_key(rooms[1])) == leases[rooms[1]] and rooms[1] not in relay.rooms
        finally:
            await relay.cluster.close()
    run(scenario(), 60)
    relay.store.close()
    alive.close()
    db.close()
