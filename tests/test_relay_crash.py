"""Kill -9 the relay at random points during scripted games, restart it on
the same data folder, let the clients reconnect: no acknowledged action is
lost, and every room equals a replay of its journal (the digest revealed at
the end, the spectator view while it runs).

``RELAY_KILLS`` sets the number of kills (10 in ``make test``; more belong
to ``scripts/bench_relay.py``)."""

from __future__ import annotations

import asyncio
import os
import random
import time

from netarcade.core import Match
from netarcade.core.record import digest
from netarcade.games import get_game
from netarcade.relay.store import journal
from test_relay_harness import Client, RelayProcess, play_seat, run
from test_relay_games import roundtrip

KILLS = int(os.environ.get("RELAY_KILLS", "10"))
# the longest games each title allows, so play outlasts the kills however fast
# or slow the machine is (the clients stop at the deadline, finished or not)
ROOMS = [("netcontrol", ["human", "human", "random"], {"target": 20}),
         ("breach", ["human", "human"], {"rounds": 200}),
         ("backbone", ["human", "random"], {"target": 20})]


async def seat_player(process, room, seat, token, rng, deadline, acked, last_seen):
    """Play a seat to the end, reconnecting (resume since the last version seen) after every crash."""
    while time.monotonic() < deadline:
        client = None
        try:
            client = await Client.open(process.url)
            state = await client.request({"kind": "resume", "room": room, "seat": seat, "token": token,
                                          "since": last_seen.get(room, -1)}, 5)
            assert state["kind"] == "state", state
            task = play_seat(client, room, seat, token, rng, deadline, acked)
            await task
            return
        except AssertionError:
            raise
        except Exception:
            await asyncio.sleep(0.05)
        finally:
            if client is not None:
                frame = client.latest(room)
                if frame:
                    last_seen[room] = frame["version"]
                try:
                    await asyncio.wait_for(client.close(), 2)
                except Exception:
                    pass


async def scenario(process, kills: int, seconds: float):
    rng = random.Random(5)
    rooms, players = [], []
    creator = await Client.open(process.url)
    for game, seats, options in ROOMS:
        created = await creator.request({"kind": "create", "game": game, "seats": seats, "options": options})
        room = created["room"]
        rooms.append(room)
        for seat, kind in enumerate(seats):
            if kind == "human":
                joined = await creator.request({"kind": "join", "room": room, "name": f"p{seat}", "seat": seat})
                players.append((room, seat, joined["token"]))
    await creator.close()
    acked: list[tuple[str, int, str]] = []
    deadline = time.monotonic() + seconds
    tasks = [asyncio.ensure_future(seat_player(process, room, seat, token, random.Random(rng.random()), deadline,
                                               acked, {}))
             for room, seat, token in players]
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.1, 0.5))
        process.kill()
        await asyncio.sleep(rng.uniform(0, 0.1))
        await asyncio.to_thread(process.start)
    before = len(acked)
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 30)
    assert len(acked) > before, "the games ended before the last kill: make them longer"
    return rooms, acked


def test_kill_nine_loses_no_acknowledged_action(tmp_path):
    process = RelayProcess(tmp_path / "data", "--rate", "100000", "--burst", "100000")
    try:
        rooms, acked = run(scenario(process, KILLS, 30 + 2 * KILLS), 120 + 3 * KILLS)
        process.kill()
        book = journal(tmp_path / "data" / "relay.sqlite3")
        assert len(acked) > 50
        for room, version, action in acked:
            assert book[room]["actions"][version - 1] == action, (room, version)
        process.start()  # a last restart: what it reloads is what the journal replays to

        async def compare():
            watcher = await Client.open(process.url)
            for room in rooms:
                entry = book[room]
                game = get_game(entry["game"])
                match = Match(game, entry["options"], entry["seed"], entry["actions"])
                state = await watcher.request({"kind": "watch", "room": room})
                assert state["version"] == len(entry["actions"])
                assert state["view"] == roundtrip(match.view(None))
                if "reveal" in state:
                    assert state["reveal"]["digest"] == digest(game, match.state)
            await watcher.close()
        run(compare(), 30)
    finally:
        process.kill()
