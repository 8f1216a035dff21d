"""Several relay processes, one Redis (``--store redis://...``).

- Four players spread over two processes (two on each, a spectator on
  each) play a full game of each hidden-information game (Net Control,
  Breach with a seated bot too); every frame any client got from either
  process equals what ``Match`` hands that observer at that version (its
  own view, events, moves and legal actions: the leak test), no frame
  before the end holds the seed, the salt or another seat's token, the
  revealed record replays to the revealed digest, and the journal holds
  each game, over, with as many actions as the record.
- The process that owns a room is killed with SIGKILL at 4 random points
  in ``make test``, 20 in ``make soak`` (``RELAY_REDIS_KILLS``; every other
  kill the owner of the clock room)
  while three tables play one game after another, and a clock room (one
  after another) is played by its clock alone: nobody plays its seat 0
  but a player who sends ``back`` whenever the stand-in bot has taken it.
  After each kill, with the victim still dead, every room in play it owned
  moves on through the other process, and the clock room gets a new move
  made by the clock; then the victim restarts. No acknowledged action is
  lost; every room reloads to a replay of its journal (the revealed digest
  for finished rooms).
- Redis itself is killed with SIGKILL and restarted on its append-only
  file three times during play: no acknowledged action is lost.
- A room whose replay outlasts the lease is still its loader's.

Each test starts its own ``redis-server`` (Debian's; ``make test`` installs
it when running as root) on a free 127.0.0.1 port with a temporary folder,
and stops it."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest

from support.redis_server import REDIS_SERVER, redis, redis_server, relays  # noqa: F401  (redis_server is a fixture)

pytestmark = pytest.mark.skipif(REDIS_SERVER is None,
                                reason="redis-server is not installed (make test installs it with apt as root)")

from netarcade.core import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.relay.redis_store import OPEN, hold_process, journal, lease_key, log_key, room_key  # noqa: E402
from support.playing import turns  # noqa: E402
from support.soak import soak_size  # noqa: E402
from support.relay_games import full_game  # noqa: E402
from support.relay_harness import Client, check_reloads, close_quietly, progress, run, table  # noqa: E402

KILLS = int(os.environ.get("RELAY_REDIS_KILLS") or soak_size(4, 20))
TABLES = [("netcontrol", ["human", "human", "random"], {"target": 3}),
          ("breach", ["human", "human", "random"], {"rounds": 5}),
          ("breach", ["human", "human"], {"rounds": 5})]
#: nobody plays seat 0 of this room: its clock does (then the stand-in, until
#: the seat's player sends ``back``, and the clock again)
CLOCK_ROOM = ("breach", ["human", "random"], {"rounds": 15}, 0.3)
#: a dead owner's rooms move on within this long, or the test fails (lease 2 s + sweep 1 s + play)
MOVE_ON_WITHIN = 30.0


def test_two_processes_play_full_games_without_leaks(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server)
    try:
        urls = [p.url for p in processes]
        played = {}
        # every action crosses the bus (a frame to the owner, its answers back): slow on a busy machine
        for game, seats, options, seed in (("netcontrol", ["human"] * 4, {"target": 3}, 11),
                                           ("breach", ["human", "human", "greedy", "human", "human"],
                                            {"rounds": 5}, 12)):
            checked, played[game] = run(full_game(urls, game, seats, options, seed, 150), 200)
            assert played[game] > 20 and checked > played[game]
        book = journal(redis_server.url)
        assert sorted(entry["game"] for entry in book.values()) == sorted(played)
        for room, entry in book.items():
            assert entry["over"], room
            match = Match(get_game(entry["game"]), entry["options"], entry["seed"], entry["actions"])
            assert match.over and len(entry["actions"]) == played[entry["game"]]
    finally:
        for process in processes:
            process.kill()


def live_url(processes, rng):
    return lambda: rng.choice([p for p in processes if p.alive()]).url


async def clock_table(processes, rng, deadline, stop, rooms, playing, current):
    """One clock room after another until ``stop``: nobody plays its seat 0
    (``CLOCK_ROOM``); whenever the stand-in has taken the seat, ``back``
    takes it again, so the clock keeps playing it. ``current["room"]`` is
    the room now in play."""
    game, seats, options, clock = CLOCK_ROOM
    url = live_url(processes, rng)
    room = token = None
    while time.monotonic() < deadline and not stop.is_set():
        client = None
        try:
            client = await Client.open(url())
            if room is None:
                created = await client.request({"kind": "create", "game": game, "seats": seats, "options": options,
                                                "clock": clock}, 5)
                if created["kind"] != "created":
                    raise ConnectionError(created)
                joined = await client.request({"kind": "join", "room": created["room"], "name": "idle", "seat": 0},
                                              5)
                if joined["kind"] != "joined":
                    raise ConnectionError(joined)
                room, token = created["room"], joined["token"]
                rooms.append(room)
                playing.add(room)
                current["room"] = room
            else:
                state = await client.request({"kind": "resume", "room": room, "seat": 0, "token": token}, 5)
                if state["kind"] != "state":
                    raise ConnectionError(state)
            while time.monotonic() < deadline and not stop.is_set():
                frame = client.latest(room)
                if frame["view"]["over"]:
                    playing.discard(room)
                    room = None
                    break
                if frame["seats"][0]["bot_now"]:
                    await client.request({"kind": "back", "room": room, "seat": 0, "token": token}, 5)
                count = len(client.frames)
                try:
                    await client.wait_for(lambda f: f.get("kind") in ("state", "update"), 1, count)
                except TimeoutError:
                    pass
        except Exception:
            await asyncio.sleep(0.1)
        finally:
            await close_quietly(client)


def explainer(db, processes, playing):
    """Who holds each room in play (or each of ``rooms``), how long its log
    is and since when, and what each process wrote on stderr: for a
    failure's message."""
    async def explain(rooms=None):
        def read():
            now = time.time()
            rows = []
            for code in sorted(rooms or playing):
                last = db.xrevrange(log_key(code), count=1)
                rows.append(f"{code} holder={db.get(lease_key(code))} log={db.xlen(log_key(code))} "
                            f"last={now - float(last[0][1]['at']):.1f}s ago" if last else f"{code} empty")
            return "; ".join(rows)
        live = [(p.process_id, p.alive(), p.stderr()[-1500:]) for p in processes]
        return f"rooms {await asyncio.to_thread(read)}; processes (id, alive, stderr) {live}"
    return explain


async def moved_on(db, rooms: dict[str, int], clock_room: str | None, what: str, explain) -> None:
    """Until every room in ``rooms`` (code -> log length at the kill) has a
    longer log or is over, and ``clock_room`` a new move made by the clock."""
    deadline = time.monotonic() + MOVE_ON_WITHIN
    waiting = dict(rooms)
    while waiting:
        for code, length in list(waiting.items()):
            entries = await asyncio.to_thread(db.xrange, log_key(code), f"{length + 1}-0", "+")
            over = await asyncio.to_thread(db.hget, room_key(code), "over")
            if over == "1" or (entries and (code != clock_room or any(f["source"] == "clock" for _, f in entries))):
                del waiting[code]
        if waiting and time.monotonic() > deadline:
            raise AssertionError(f"{what}: rooms {sorted(waiting)} did not move on within {MOVE_ON_WITHIN} s"
                                 + (" (the clock room's clock did not play)" if clock_room in waiting else "")
                                 + f"; {await explain(waiting)}")
        await asyncio.sleep(0.05)


async def crash_scenario(processes, server, kills: int, seconds: float, restart_redis: bool):
    """Tables play while either rooms' owners (``restart_redis`` False) or
    Redis are killed ``kills`` times. Returns (rooms, acked, kill counts)."""
    rng = random.Random(17)
    db = redis.Redis.from_url(server.url, decode_responses=True)
    acked: list[tuple[str, int, str]] = []
    rooms: list[str] = []
    deadline, stop = time.monotonic() + seconds, asyncio.Event()
    playing: set[str] = set()  # rooms whose seats are played now (not one a crash left without a player)
    current: dict[str, str] = {}  # the clock room now in play
    tasks = [asyncio.ensure_future(table(live_url(processes, random.Random(rng.random())), game, seats, options,
                                         random.Random(rng.random()), deadline, acked, rooms, stop, 2.0,
                                         playing))
             for game, seats, options in TABLES]
    clocks = asyncio.ensure_future(clock_table(processes, random.Random(rng.random()), deadline, stop, rooms,
                                               playing, current))
    counts = {"owner kills": 0, "clock room's owner": 0, "rooms moved on": 0}
    explain = explainer(db, processes, playing)
    restart = None
    try:
        for kill in range(kills):
            await progress(acked, len(acked), f"before kill {kill + 1}", explain)
            await asyncio.sleep(rng.uniform(0, 0.25))
            if restart is not None:
                await restart
            if restart_redis:
                server.kill()
                await asyncio.sleep(rng.uniform(0.05, 0.3))
                await asyncio.to_thread(server.start)
                continue
            # the owner of the clock room every other kill (for up to 3 s: it may be between owners,
            # or between rooms), else of a random room in play (bounded tries)
            for attempt in range(100):
                open_rooms = sorted(playing & await asyncio.to_thread(db.smembers, OPEN))
                holders = dict(zip(open_rooms, await asyncio.to_thread(
                    db.mget, [lease_key(code) for code in open_rooms]))) if open_rooms else {}
                clock_room = current.get("room")
                target = clock_room if kill % 2 == 0 and attempt < 60 else rng.choice(open_rooms or [""])
                victim = next((p for p in processes if p.alive() and p.process_id == hold_process(holders.get(target))),
                              None)
                if victim is not None:
                    break
                await asyncio.sleep(0.05)
            assert victim is not None, f"kill {kill + 1}: no open room has a live owner"
            owned = [code for code, holder in holders.items() if hold_process(holder) == victim.process_id]
            lengths = {code: await asyncio.to_thread(db.xlen, log_key(code)) for code in owned}
            victim.kill()
            counts["owner kills"] += 1
            counts["clock room's owner"] += clock_room in owned
            # with the victim still dead: the other process carries every room it owned on
            await moved_on(db, lengths, clock_room if clock_room in owned else None, f"kill {kill + 1}", explain)
            counts["rooms moved on"] += len(lengths)
            restart = asyncio.ensure_future(asyncio.to_thread(victim.start))  # awaited before the next kill
        if restart is not None:
            await restart
        stop.set()  # every table plays its room to the end; the clock room plays on
        await asyncio.gather(*tasks)
    finally:
        stop.set()
        for task in [*tasks, clocks]:
            task.cancel()
        await asyncio.gather(*tasks, clocks, return_exceptions=True)
        db.close()
    return rooms, acked, counts


def check_journal(server, processes, rooms, acked):
    """Every acknowledged action in the journal at its version; every room
    reloads to a replay of its journal. Returns how many rooms finished."""
    book = journal(server.url)
    assert len(acked) > 30
    lost = [(room, version, action) for room, version, action in acked
            if version > len(book[room]["actions"]) or book[room]["actions"][version - 1] != action]
    assert not lost, (f"{len(lost)} of {len(acked)} acknowledged actions are not in the journal: {lost[:10]}; "
                      f"redis.log: {(server.folder / 'redis.log').read_text()[-3000:]}")

    async def watch():
        watcher = await Client.open(processes[-1].url)
        states = {room: await watcher.request({"kind": "watch", "room": room}, 15) for room in rooms}
        await watcher.close()
        return states
    states = run(watch(), 60)
    # seated bots and the clock play on: read the journal after watching
    return check_reloads(rooms, book, states, journal(server.url))


@pytest.mark.soak
def test_kill_nine_owners_loses_no_acknowledged_action(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server)
    try:
        started = time.monotonic()
        # the time limits are a safety net: the scenario ends on events (each kill's moves made)
        rooms, acked, counts = run(crash_scenario(processes, redis_server, KILLS, 300 + 15 * KILLS, False),
                                   330 + 15 * KILLS)
        assert counts["owner kills"] == KILLS
        assert counts["clock room's owner"] >= KILLS // 4, counts
        finished = check_journal(redis_server, processes, rooms, acked)
        assert finished >= len(TABLES)
        print(f"{KILLS} owner kills in {time.monotonic() - started:.1f} s: {counts}, {len(acked)} acknowledged "
              f"actions, {len(rooms)} rooms, {finished} finished")
    finally:
        for process in processes:
            process.kill()


def test_redis_restart_on_its_aof_loses_no_acknowledged_action(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server)
    try:
        rooms, acked, _ = run(crash_scenario(processes, redis_server, 3, 60, True), 120)
        assert check_journal(redis_server, processes, rooms, acked) >= len(TABLES)
    finally:
        for process in processes:
            process.kill()


def test_a_replay_longer_than_the_lease_keeps_the_room(tmp_path, redis_server, monkeypatch):
    """Taking a room replays its log with this process blocked (no renewals):
    the lease taken for it lasts ``LOAD_MS_PER_ACTION`` longer per action,
    so a long game replayed on a busy machine is still this process's once
    loaded (with a plain lease it would be dropped at once, taken and
    replayed again, forever: the kill test saw a room stall so on a loaded
    machine). The slow replay is simulated: a load that takes longer than
    ``LEASE_MS``."""
    from netarcade.relay import cluster
    from netarcade.relay.redis_store import LEASE_MS
    from netarcade.relay.room import Room, default_action
    from netarcade.relay.server import Relay

    relay = Relay(store=redis_server.url, data=str(tmp_path / "data"))
    room = Room.create(relay.store, lambda *_: None, "breach", {"rounds": 5}, ["random", "random"], 90.0)
    for seat in turns(room.match, 40):  # the room's own policy: the lowest seat
        room.apply(seat, default_action(room.match, seat), "bot")
    code = room.code
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    db.delete(lease_key(code))
    load = relay.load_room
    monkeypatch.setattr(relay, "load_room", lambda c: (time.sleep(LEASE_MS / 1000 + 1), load(c))[1])
    monkeypatch.setattr(cluster, "LOAD_MS_PER_ACTION", 100)  # 40 actions: 4 s more than LEASE_MS

    async def scenario():
        try:
            assert await relay.cluster.take(code)
            assert code in relay.rooms and relay.rooms[code].match.version == 40
            assert hold_process(await relay.cluster.owner(code)) == relay.process  # still ours after the slow load
        finally:
            await relay.cluster.close()
    run(scenario(), 30)
    relay.store.close()
    db.close()
