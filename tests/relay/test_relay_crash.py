"""Kill -9 the relay at random points during scripted games, restart it on
the same data folder, let the clients reconnect: no acknowledged action is
lost, and every room equals a replay of its journal (the digest revealed at
the end for every finished room, the spectator view for the others).

Four tables play side by side, each one room after another (a finished
game is followed by a new one), so play never runs out however many kills
there are, and kills land in every phase: creating a room, joining, mid-game,
the last move. After the last kill each table plays its room to the end. Each kill waits for play to have resumed since the previous
restart (an acknowledged action), then a random 0-0.25 s, so no kill is
wasted on a relay nobody has reached yet. ``RELAY_KILLS`` sets the number of
kills (10 in ``make test``, 50 in ``make soak``; ``scripts/bench/relay.py
--kills 200`` for more). The test ends on events (every kill followed by an
acknowledged action, every table's last room finished); its time limits are
only a safety net, far beyond what a loaded machine needs."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest

from netarcade.relay.store import journal
from support.soak import soak_size
from support.relay_harness import NO_QUOTA, Client, RelayProcess, check_reloads, progress, run, table

KILLS = int(os.environ.get("RELAY_KILLS") or soak_size(10, 50))
TABLES = [("netcontrol", ["human", "human", "random"], {"target": 3}),
          ("breach", ["human", "human", "random"], {"rounds": 5}),
          ("breach", ["human", "human"], {"rounds": 5}),
          ("backbone", ["human", "random"], {})]


async def scenario(process, kills: int, seconds: float):
    rng = random.Random(5)
    acked: list[tuple[str, int, str]] = []
    rooms: list[str] = []
    deadline, stop = time.monotonic() + seconds, asyncio.Event()
    tables = [asyncio.ensure_future(table(lambda: process.url, game, seats, options, random.Random(rng.random()),
                                          deadline, acked, rooms, stop))
              for game, seats, options in TABLES]
    try:
        for kill in range(kills):
            await progress(acked, len(acked), f"before kill {kill + 1}")
            await asyncio.sleep(rng.uniform(0, 0.25))
            process.kill()
            await asyncio.to_thread(process.start)
        stop.set()  # every table plays its room to the end: the last rooms are finished ones
        await asyncio.gather(*tables)
    finally:
        for task in tables:
            task.cancel()
    return rooms, acked


@pytest.mark.soak
def test_kill_nine_loses_no_acknowledged_action(tmp_path):
    # the tables open room after room from one address (a crash may leave one waiting): no creation quota
    process = RelayProcess(tmp_path / "data", "--rate", "100000", "--burst", "100000", *NO_QUOTA)
    try:
        started = time.monotonic()
        rooms, acked = run(scenario(process, KILLS, 300 + 10 * KILLS), 330 + 10 * KILLS)
        process.kill()
        book = journal(tmp_path / "data" / "relay.sqlite3")
        assert len(acked) > KILLS
        for room, version, action in acked:
            assert book[room]["actions"][version - 1] == action, (room, version)
        process.start()  # a last restart: what it reloads is what the journal replays to

        async def compare():
            watcher = await Client.open(process.url)
            states = {room: await watcher.request({"kind": "watch", "room": room}) for room in rooms}
            await watcher.close()
            return states
        states = run(compare(), 60)
        process.kill()  # seated bots play on after the restart: the journal now holds their moves too
        finished = check_reloads(rooms, book, states, journal(tmp_path / "data" / "relay.sqlite3"))
        print(f"{KILLS} kills in {time.monotonic() - started:.1f} s: {len(acked)} acknowledged actions, "
              f"{len(rooms)} rooms, {finished} finished and checked against their digest")
        assert finished >= len(TABLES)  # at least each table's last room
    finally:
        process.kill()
