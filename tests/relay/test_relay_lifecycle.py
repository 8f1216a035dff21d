"""A room's life on the relay (docs/relay.md, "Room lifecycle"), in process
with the clock moved by hand (``Lifecycle.sweep(now)``): a waiting room
expires ``--room-wait`` after its creation and its subscribers hear
``expired``; a started room does not; a finished room stops counting
against ``--max-rooms`` at once, leaves memory when nobody watches it,
is loaded again by ``watch``/``resume`` with its reveal while kept, and is
removed from the journal ``--room-keep`` after its end; the creation
limits per connection, per address and per network; an in-play room whose
seated players have all been away ``--room-abandon`` seconds is finished
by its stand-in bots. The real processes (a restart in
between, SQLite and Redis) are ``test_relay_expiry.py``."""

from __future__ import annotations

import asyncio
import sqlite3

from netarcade.relay import lifecycle
from netarcade.relay.lifecycle import IDLE_FINISHED, Quota
from netarcade.relay.room import RoomError
from netarcade.relay.command import build_parser
from netarcade.relay.server import Relay
from support.relay_harness import ROOT
from support.relay_seat import Seat

WAIT, KEEP = 600.0, 86400.0


def relay_at(tmp_path, **settings) -> Relay:
    return Relay(data=str(tmp_path), bot_delay=0, room_wait=WAIT, room_keep=KEEP, **settings)


def rows(relay: Relay, code: str) -> dict[str, int]:
    db = relay.store.db
    return {table: db.execute(f"SELECT COUNT(*) FROM {table} WHERE code = ?", (code,)).fetchone()[0]
            for table in ("rooms", "seats", "actions", "gone")}


def finish(relay: Relay, code: str, joiner: Seat) -> None:
    """``joiner`` takes the second seat of a two-seat room and resigns: over."""
    token = joiner.send({"kind": "join", "room": code, "name": "b"})["token"]
    assert joiner.send({"kind": "act", "room": code, "seat": 1, "token": token, "action": "p2 resign",
                        "base": joiner.latest()["version"]})["kind"] == "ack"
    assert relay.rooms[code].match.over


def finished_room(relay: Relay, a: Seat, b: Seat) -> str:
    """A two-seat Backbone room: ``a`` creates it and sits, ``b`` joins and resigns."""
    code = a.send({"kind": "create", "game": "backbone", "seats": ["human", "human"], "name": "a"})["room"]
    finish(relay, code, b)
    return code


def test_a_waiting_room_expires_and_a_started_one_does_not(tmp_path):
    async def body():
        relay = relay_at(tmp_path)
        creator, other, friend = Seat(relay, 1), Seat(relay, 4), Seat(relay, 2)
        # nobody joined; joined by its creator only (one seat of two free); started (a bot takes the other seat)
        empty = other.send({"kind": "create", "game": "backbone", "seats": ["human", "human"]})["room"]
        half = creator.send({"kind": "create", "game": "backbone", "seats": ["human", "human"], "name": "a"})["room"]
        started = friend.send({"kind": "create", "game": "backbone", "seats": ["human", "random"], "name": "b"})["room"]
        assert not relay.rooms[half].started and relay.rooms[started].started
        # each waiting room expires WAIT after its own creation (the creations
        # are apart by however long the machine took between them)
        first, last = relay.rooms[empty].created, relay.rooms[half].created
        assert relay.lifecycle.sweep(first + WAIT - 0.01) == []
        assert relay.lifecycle.sweep(last + WAIT) == [empty, half]
        born = relay.rooms[started].created
        assert sorted(relay.rooms) == [started]
        # the subscriber of each is told, with the room's code; then watch and join answer "expired"
        told = [f for seat in (other, creator) for f in seat.read() if f.get("code") == "expired"]
        assert [f["room"] for f in told] == [empty, half] and "did not start within 10 min" in told[0]["message"]
        assert creator.conn.room is None and other.conn.room is None
        for frame in ({"kind": "watch", "room": empty}, {"kind": "join", "room": half.lower(), "name": "late"}):
            answer = friend.send(frame)
            assert (answer["kind"], answer["code"]) == ("error", "expired"), answer
        assert friend.send({"kind": "watch", "room": "ZZZZZZ"})["code"] == "no-room"
        # removed from the journal (its code remembered, never dealt again), not reloaded
        assert rows(relay, empty) == {"rooms": 0, "seats": 0, "actions": 0, "gone": 1}
        assert relay.store.code_taken(empty)
        relay.store.close()
        again = relay_at(tmp_path)
        assert sorted(again.rooms) == [started]
        assert Seat(again, 3).send({"kind": "watch", "room": half})["code"] == "expired"
        # a week later the code is forgotten
        again.lifecycle.sweep(born + WAIT + 7 * 86400 + 1)
        assert not again.store.code_taken(empty)
        assert Seat(again, 3).send({"kind": "watch", "room": half})["code"] == "no-room"
        again.store.close()

    asyncio.run(body())


def test_a_finished_room_stops_counting_is_kept_then_removed(tmp_path):
    async def body():
        relay = relay_at(tmp_path, max_rooms=1)
        a, b, visitor = Seat(relay, 1), Seat(relay, 2), Seat(relay, 3)
        code = finished_room(relay, a, b)
        ended = relay.rooms[code].ended
        assert relay.lifecycle.open_rooms() == 0
        other = visitor.send({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
        assert other["kind"] == "created", other  # the finished room does not hold the only place
        refused = visitor.send({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
        assert refused["code"] == "too-many-rooms"
        # watched: it stays in memory; nobody watching: it leaves memory after IDLE_FINISHED, the journal keeps it
        relay.lifecycle.sweep(ended + 1)
        assert code in relay.rooms
        a.conn.room.unsubscribe(a.conn)
        b.conn.room.unsubscribe(b.conn)
        relay.lifecycle.sweep(ended + 2)
        relay.lifecycle.sweep(ended + 2 + IDLE_FINISHED)
        assert code not in relay.rooms and rows(relay, code)["actions"] == 1
        # while kept: watch loads it again (final state and reveal), resume too
        state = visitor.send({"kind": "watch", "room": code})
        assert state["kind"] == "state" and state["view"]["over"] and "reveal" in state
        assert code in relay.rooms and relay.lifecycle.open_rooms() == 1  # the other room only
        a_token = [f for f in a.frames if f.get("kind") == "joined"][0]["token"]
        resumed = a.send({"kind": "resume", "room": code, "seat": 0, "token": a_token, "since": -1})
        assert resumed["kind"] == "state" and resumed["view"]["winners"] == [0]
        # KEEP after its end: removed, the watchers told, the journal's rows deleted
        assert relay.lifecycle.sweep(ended + KEEP - 1) == [other["room"]]  # waiting since long ago
        assert code in relay.rooms and relay.lifecycle.sweep(ended + KEEP) == [code]
        assert any(f.get("code") == "expired" and "ended more than 24 h ago" in f["message"] for f in visitor.read())
        assert rows(relay, code) == {"rooms": 0, "seats": 0, "actions": 0, "gone": 1}
        assert visitor.send({"kind": "watch", "room": code})["code"] == "expired"
        relay.store.close()

    asyncio.run(body())


def test_finished_rooms_out_of_memory_are_purged_from_the_journal(tmp_path):
    """A finished room nobody loaded since the restart: only the journal
    holds it, and the sweep deletes its rows once kept long enough."""
    async def body():
        relay = relay_at(tmp_path)
        code = finished_room(relay, Seat(relay, 1), Seat(relay, 2))
        ended = relay.rooms[code].ended
        relay.store.close()
        again = relay_at(tmp_path)
        assert code not in again.rooms  # finished: not reloaded, loaded on demand
        assert again.lifecycle.sweep(ended + KEEP - 1) == [] and rows(again, code)["rooms"] == 1
        again.lifecycle.sweep(ended + KEEP)
        assert rows(again, code) == {"rooms": 0, "seats": 0, "actions": 0, "gone": 1}
        assert Seat(again, 3).send({"kind": "watch", "room": code})["code"] == "expired"
        again.store.close()

    asyncio.run(body())


def test_an_old_journal_gets_the_end_times_of_its_finished_rooms(tmp_path):
    """A journal written before rooms had ``ended``: the column is added and
    filled with each finished room's last action time."""
    async def body():
        relay = relay_at(tmp_path)
        code = finished_room(relay, Seat(relay, 1), Seat(relay, 2))
        relay.store.close()
        db = sqlite3.connect(tmp_path / "relay.sqlite3")
        at = db.execute("SELECT MAX(at) FROM actions WHERE code = ?", (code,)).fetchone()[0]
        for index in ("rooms_waiting", "rooms_ended", "gone_until"):
            db.execute(f"DROP INDEX {index}")
        db.execute("ALTER TABLE rooms DROP COLUMN ended")
        db.commit()
        db.close()
        again = relay_at(tmp_path)
        assert again.store.load(code).ended == at
        again.lifecycle.sweep(at + KEEP)
        assert rows(again, code)["rooms"] == 0
        again.store.close()

    asyncio.run(body())


def test_creation_limits_per_connection_and_per_address(tmp_path):
    async def body():
        relay = relay_at(tmp_path, rooms_per_connection=2, rooms_per_address=3, creates_per_hour=5)
        a, b, c, elsewhere = (Seat(relay, cid) for cid in (1, 2, 3, 4))
        for seat in (a, b, c):
            seat.conn.address = "192.0.2.7"
        elsewhere.conn.address = "198.51.100.1"
        create = {"kind": "create", "game": "backbone", "seats": ["human", "human"], "name": "x"}

        def refused(seat: Seat, words: str) -> None:
            count = len(relay.rooms)
            answer = seat.send(create)
            assert (answer["kind"], answer["code"]) == ("error", "creation-limit") and words in answer["message"]
            assert len(relay.rooms) == count  # nothing created

        first = a.send(create)["room"]
        a.send(create)
        refused(a, "this connection")
        b.send(create)
        refused(b, "your address")  # 3 open rooms from the address
        assert elsewhere.send(create)["kind"] == "created"  # another address is not held back
        # a room of the address finishes (its second seat joins and resigns): it no longer counts
        finish(relay, first, c)
        assert b.send(create)["kind"] == "created"
        # a closed connection's rooms count for its address only
        relay.lifecycle.quota.forget_connection(a.conn.cid)
        refused(a, "your address")
        # five creations from the address within the hour: the sixth waits for the hour to pass
        finish(relay, b.latest()["room"], c)
        assert c.send(create)["kind"] == "created"  # creation 5
        finish(relay, c.latest()["room"], Seat(relay, 5))
        refused(b, "created 5 rooms in the last hour")
        relay.store.close()

    asyncio.run(body())


def test_one_network_holds_at_most_rooms_per_network_places(tmp_path):
    """Counting by address alone let one holder of many addresses take places
    without end (256 /64s of a /56 at 50 each is more than ``--max-rooms``):
    an IPv6 /48 and an IPv4 /24 count as one network too."""
    async def body():
        relay = relay_at(tmp_path, rooms_per_connection=0, rooms_per_address=2, rooms_per_network=3)
        create = {"kind": "create", "game": "backbone", "seats": ["human", "human"], "name": "x"}
        addresses = ["2001:db8:1:1::/64", "2001:db8:1:2::/64", "2001:db8:1:ff00::/64", "2001:db8:2:1::/64",
                     "192.0.2.1", "192.0.2.200", "198.51.100.1"]
        seats = {address: Seat(relay, cid) for cid, address in enumerate(addresses, 1)}
        for address, seat in seats.items():
            seat.conn.address = address
        answers = [seats[a].send(create) for a in addresses[:3] for _ in range(2)]
        # /64s of one /48: 2 + 1 rooms, then the network is full whatever /64 asks
        assert [a["kind"] for a in answers] == ["created"] * 3 + ["error"] * 3
        refusal = answers[-1]
        assert refusal["code"] == "creation-limit" and "your network (2001:db8:1::/48) already holds 3" \
            in refusal["message"]
        assert seats["2001:db8:2:1::/64"].send(create)["kind"] == "created"  # another /48
        assert [seats[a].send(create)["kind"] for a in ("192.0.2.1", "192.0.2.1", "192.0.2.200", "192.0.2.200")] \
            == ["created", "created", "created", "error"]  # 192.0.2.0/24: three
        assert seats["198.51.100.1"].send(create)["kind"] == "created"
        # a room of the network finishes: its place is free again
        finish(relay, answers[0]["room"], Seat(relay, 50))
        assert seats["2001:db8:1:ff00::/64"].send(create)["kind"] == "created"
        relay.store.close()

    asyncio.run(body())


def test_an_in_play_room_nobody_seated_attends_is_finished_by_its_stand_ins(tmp_path):
    """A turn clock may be a day: three missed clocks per seat would hold the
    room's place for days. With every seated human away ``--room-abandon``
    seconds, the stand-ins take every human seat at once and play the game
    to its end; a seated player connected, or back, keeps the room going."""
    async def body():
        relay = relay_at(tmp_path, room_abandon=600, clock=86400)
        a, b = Seat(relay, 1), Seat(relay, 2)
        code = a.send({"kind": "create", "game": "backbone", "seats": ["human", "human"], "name": "a"})["room"]
        token = b.send({"kind": "join", "room": code, "name": "b"})["token"]
        room = relay.rooms[code]
        assert room.started and not room.match.over
        sweep = relay.lifecycle.sweep
        t0 = room.created
        sweep(t0 + 10)
        assert relay.lifecycle.unattended == {}  # both connected
        room.unsubscribe(a.conn)
        sweep(t0 + 20)
        sweep(t0 + 20 + 601)
        assert not any(held.bot_now for held in room.seats)  # b is still there
        room.unsubscribe(b.conn)
        sweep(t0 + 1000)  # nobody seated is connected from now
        sweep(t0 + 1599)
        assert not any(held.bot_now for held in room.seats)
        b.send({"kind": "resume", "room": code, "seat": 1, "token": token})  # b looks in, and leaves again
        sweep(t0 + 1600)
        assert code not in relay.lifecycle.unattended
        room.unsubscribe(b.conn)
        sweep(t0 + 1700)
        sweep(t0 + 2299)
        assert not any(held.bot_now for held in room.seats)
        sweep(t0 + 2300)
        assert all(held.bot_now for held in room.seats)
        stored = relay.store.load(code)
        assert [s["bot_now"] for s in stored.seats] == [True, True]  # journaled: a restart keeps it
        for _ in range(20_000):  # the stand-ins play at --bot-delay (0 here): wait for the end
            if room.match.over:
                break
            await asyncio.sleep(0)
        assert room.match.over and relay.lifecycle.open_rooms() == 0
        relay.store.close()

    asyncio.run(body())


def test_the_hourly_count_slides_with_the_clock():
    quota = Quota(0, 0, 2, lambda code: False)
    quota.record(1, "a", "R1", 1000.0)
    quota.record(1, "a", "R2", 2000.0)
    try:
        quota.check(1, "a", 4599.0)
    except RoomError as err:
        assert err.code == "creation-limit" and "try again in 1 s" in err.message
    else:
        raise AssertionError("a third creation within the hour was allowed")
    quota.check(1, "a", 4600.0)  # the first creation is an hour old
    quota.prune(5600.0)
    assert quota.created == {}
    quota.check(2, None, 0.0)  # no address (an in-process client): only the connection counts


def test_max_rooms_counts_open_rooms_only(tmp_path):
    async def body():
        relay = relay_at(tmp_path, max_rooms=2)
        a, b = Seat(relay, 1), Seat(relay, 2)
        for _ in range(3):
            finished_room(relay, a, b)
        assert len(relay.rooms) == 3 and relay.lifecycle.open_rooms() == 0
        for _ in range(2):
            assert a.send({"kind": "create", "game": "backbone", "seats": ["human", "human"]})["kind"] == "created"
        answer = a.send({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
        assert answer["code"] == "too-many-rooms" and "(2)" in answer["message"]
        relay.store.close()

    asyncio.run(body())


def test_the_lifecycle_options_are_in_the_docs_with_their_defaults():
    table = (ROOT / "docs" / "relay.md").read_text()
    for option, default in (("--room-wait", "600 s"), ("--room-keep", "86400 s (24 h)"),
                            ("--rooms-per-connection", "5"), ("--rooms-per-address", "50"),
                            ("--creates-per-hour", "200"), ("--rooms-per-network", "200"),
                            ("--room-abandon", "600 s")):
        assert f"| `{option}` | {default} |" in table, option
        assert option in build_parser().format_help()
    assert (lifecycle.WAIT, lifecycle.KEEP) == (600.0, 86400.0)
    assert (lifecycle.PER_CONNECTION, lifecycle.PER_ADDRESS, lifecycle.PER_HOUR) == (5, 50, 200)
    assert (lifecycle.PER_NETWORK, lifecycle.ABANDON) == (200, 600.0)


def test_a_mass_expiry_is_spread_over_sweeps(tmp_path, monkeypatch):
    """Each removal is a journal write: a sweep removes ``REMOVE_BATCH``
    rooms in memory and the journal's purge ``PURGE_BATCH`` more, the rest
    wait for the next sweep (the loop is not held for all at once)."""
    from netarcade.relay import store

    monkeypatch.setattr(lifecycle, "REMOVE_BATCH", 2)
    monkeypatch.setattr(store, "PURGE_BATCH", 1)

    async def body():
        relay = relay_at(tmp_path)
        creator = Seat(relay, 1)
        for _ in range(5):
            creator.send({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
        born = max(room.created for room in relay.rooms.values())
        assert len(relay.lifecycle.sweep(born + WAIT)) == 3 and len(relay.rooms) == 2
        assert len(relay.lifecycle.sweep(born + WAIT + 1)) == 2 and relay.rooms == {}
        assert relay.store.db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0] == 0
        relay.store.close()

    asyncio.run(body())
