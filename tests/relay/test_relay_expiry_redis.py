"""The room lifecycle on Redis (docs/relay.md, "Room lifecycle"), two relay
processes and a ``redis-server`` of the test's own: a finished room's keys
get a time-to-live of ``--room-keep`` when its game ends and Redis removes
them itself; an expired waiting room's keys are deleted by the process that
owns it (also one that took it over after a restart) and ``na:gone:CODE``
says why; a client proxied through the other process is told ``expired``
through the bus; every process answers ``expired`` for the code."""

from __future__ import annotations

import time

import pytest

redis = pytest.importorskip("redis")

from netarcade.relay.redis_store import OPEN, gone_key, lease_key, log_key, room_key, seats_key  # noqa: E402
from netarcade.relay.store import FORGET  # noqa: E402
from support.relay_expiry import CREATE, LONG, SHORT, WITHIN, finished, until  # noqa: E402
from support.relay_harness import NO_QUOTA, Client, RelayProcess, run  # noqa: E402
from support.redis_server import REDIS_SERVER, redis_server  # noqa: E402,F401  (redis_server is a fixture)

pytestmark = pytest.mark.skipif(REDIS_SERVER is None, reason="redis-server is not installed")


def keys(db, code: str) -> dict[str, object]:
    """What Redis holds of room ``code``."""
    return {"room": db.exists(room_key(code)), "seats": db.exists(seats_key(code)), "log": db.exists(log_key(code)),
            "lease": db.exists(lease_key(code)), "open": db.sismember(OPEN, code), "gone": db.get(gone_key(code))}


GONE = {"room": 0, "seats": 0, "log": 0, "lease": 0, "open": 0}


def test_expired_rooms_leave_redis_across_restarts(tmp_path, redis_server):
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)

    def start(wait: str, keep: str) -> list[RelayProcess]:
        return [RelayProcess(tmp_path / f"data{i}", "--store", redis_server.url, "--room-wait", wait,
                             "--room-keep", keep, "--max-rooms", "2", *NO_QUOTA) for i in range(2)]

    processes = start(LONG, LONG)
    try:
        async def fill():
            done, _token = await finished(processes[0].url)
            client = await Client.open(processes[0].url)
            waiting = [(await client.request(CREATE))["room"] for _ in range(2)]
            assert (await client.request(CREATE))["code"] == "too-many-rooms"  # the finished room holds no place
            watcher = await Client.open(processes[1].url)
            state = await watcher.request({"kind": "watch", "room": done})
            assert state["kind"] == "state" and "reveal" in state  # kept, from either process
            await client.close()
            await watcher.close()
            return done, waiting
        done, waiting = run(fill(), 60)
        filled = time.time()
        # the finished room: out of the open set, its keys expire with --room-keep, its code with FORGET more
        assert not db.sismember(OPEN, done)
        for key in (room_key(done), seats_key(done), log_key(done)):
            assert 0 < db.pttl(key) <= 3600 * 1000, key
        assert db.get(gone_key(done)) == "finished" and db.pttl(gone_key(done)) > 3600 * 1000
        assert all(keys(db, code)["open"] and db.ttl(room_key(code)) == -1 for code in waiting)

        # both killed; restarted with short times once the rooms are older than that
        for process in processes:
            process.kill()
        time.sleep(max(0.0, filled + 2 * float(SHORT) - time.time()))
        processes = start(SHORT, SHORT)

        async def expired():
            # the waiting rooms' leases run out, a sweep takes them over, and removes them
            await until(lambda: not any(db.exists(room_key(code)) for code in waiting),
                        "the waiting rooms removed after the restart")
            # (a process asked about a room as it goes may hold its lease a moment: cluster.py _load)
            await until(lambda: all(keys(db, code) == {**GONE, "gone": "waiting"} for code in waiting),
                        "the waiting rooms' keys gone")
            for code in waiting:
                assert FORGET * 1000 - 60_000 < db.pttl(gone_key(code)) <= FORGET * 1000
            client = await Client.open(processes[1].url)
            for code in (*waiting, done):  # the finished room, loaded again, is past the shorter keep
                answer = await client.request({"kind": "watch", "room": code}, 15)
                assert (answer["kind"], answer["code"]) == ("error", "expired"), answer
            assert keys(db, done)["room"] == 0
            # a room finished now: Redis removes its keys by itself within the keep
            again, _token = await finished(processes[0].url)
            await until(lambda: not db.exists(room_key(again), log_key(again), seats_key(again)),
                        "Redis expired the finished room's keys")

            async def answered():  # its owner's next sweep drops it from memory too
                return (await client.request({"kind": "watch", "room": again})).get("code") == "expired"
            await until(answered, "the finished room answered as expired")
            # a waiting room expires while a client of the other process watches it: told through the bus
            creator = await Client.open(processes[0].url)
            watcher = await Client.open(processes[1].url)
            for _ in range(5):  # the watch must reach the room within its 0.5 s wait: on a busy machine
                fresh = (await creator.request(CREATE))["room"]  # it may not, so a bounded few tries
                watched = await watcher.request({"kind": "watch", "room": fresh})
                if watched["kind"] == "state":
                    break
                assert watched["code"] == "expired", watched  # too late: expired already
            assert watched["kind"] == "state", watched
            told = await watcher.wait_for(lambda f: f.get("code") == "expired" and f.get("room") == fresh, WITHIN)
            assert told["room"] == fresh
            # the other process may take the lease of a room it was asked about the moment it
            # is gone, find it removed and let go (cluster.py _load): its keys settle to these
            await until(lambda: keys(db, fresh) == {**GONE, "gone": "waiting"}, "the expired room's keys gone")
            assert (await watcher.request({"kind": "watch", "room": fresh}))["code"] == "expired"
            for each in (client, creator, watcher):
                await each.close()
        run(expired(), 90)
    finally:
        for process in processes:
            process.kill()
        db.close()



def test_a_proxy_stops_following_a_removed_room(tmp_path, redis_server):
    """In process: the ``expired`` frame an owner sends for a removed room
    ends the proxy's following of it (else its watcher would try to take
    the room over four times a second), and taking over a removed room
    leaves no lease behind."""
    from netarcade.relay.server import Client as Conn, Relay

    relay = Relay(store=redis_server.url, data=str(tmp_path / "data"))
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)

    async def scenario():
        try:
            client = Conn(None, 1e9, 10**9, 100, 7)
            relay.clients[client.cid] = client
            client.remote = {"room": "K7Q2MX", "owner": "p-elsewhere", "observer": None, "version": 3,
                             "subscribed": True}
            relay.cluster.deliver({"t": "frame", "cid": 7, "frame": {"kind": "error", "v": 1, "code": "expired",
                                                                     "room": "K7Q2MX", "message": "gone"}})
            assert client.remote is None and client.queue.get_nowait()["code"] == "expired"
            db.set(gone_key("K7Q2MX"), "waiting")
            assert not await relay.cluster.take("K7Q2MX")
            assert not db.exists(lease_key("K7Q2MX"))
        finally:
            await relay.cluster.close()
    run(scenario(), 30)
    relay.store.close()
    db.close()
