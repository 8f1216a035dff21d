"""Several relay processes, one Redis (``--store redis://...``): clients
spread over two processes play full games with every frame checked against
a replay (no leaks); the owner of rooms is killed with SIGKILL at random
points and the games go on through the other process with no acknowledged
action lost and the clock still playing an idle seat; Redis itself is
killed and restarted on its append-only file mid-game, again with nothing
acknowledged lost.

Each test starts its own ``redis-server`` (Debian's; ``make test`` installs
it when running as root) on a free 127.0.0.1 port with a temporary folder,
and stops it. ``RELAY_REDIS_KILLS`` sets the number of owner kills (5)."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import time

import pytest

redis = pytest.importorskip("redis")
REDIS_SERVER = shutil.which("redis-server")
pytestmark = pytest.mark.skipif(REDIS_SERVER is None,
                                reason="redis-server is not installed (make test installs it with apt as root)")

from netarcade.core import Match  # noqa: E402
from netarcade.core.record import digest  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.relay.redis_store import journal, lease_key  # noqa: E402
from test_relay_games import full_game, roundtrip  # noqa: E402
from test_relay_harness import Client, RelayProcess, play_seat, run  # noqa: E402

KILLS = int(os.environ.get("RELAY_REDIS_KILLS", "5"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """``redis-server`` on a free loopback port, AOF on, data in ``folder``."""

    def __init__(self, folder):
        self.folder, self.port = folder, free_port()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
             "--protected-mode", "yes", "--logfile", str(self.folder / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        for _ in range(100):
            try:
                if client.ping():
                    break
            except redis.RedisError:
                time.sleep(0.05)
        else:
            raise RuntimeError("redis-server did not answer")
        client.close()

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path / "redis")
    yield server
    server.kill()


def relays(tmp_path, server, count=2, *args):
    return [RelayProcess(tmp_path / f"data{i}", "--store", server.url, "--rate", "100000", "--burst", "100000",
                         *args) for i in range(count)]


def test_two_processes_play_full_games_without_leaks(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server)
    try:
        urls = [p.url for p in processes]
        checked, actions = run(full_game(urls, "netcontrol", ["human"] * 3, {"target": 4}, 11), 100)
        assert actions > 20 and checked > actions
        checked, actions = run(full_game(urls, "breach", ["human", "greedy", "human"], {"rounds": 6}, 12), 100)
        assert actions > 20 and checked > actions
        for room, entry in journal(redis_server.url).items():
            assert entry["over"], room
    finally:
        for process in processes:
            process.kill()


async def seat_player(processes, room, seat, token, rng, deadline, acked):
    """Play a seat to the end on any live process, reconnecting (resume) after a failure."""
    last_seen = -1
    while time.monotonic() < deadline:
        client = None
        try:
            live = [p for p in processes if p.alive()]
            client = await Client.open(rng.choice(live).url)
            state = await client.request({"kind": "resume", "room": room, "seat": seat, "token": token,
                                          "since": last_seen}, 5)
            if state["kind"] != "state":
                raise ConnectionError(state)
            await play_seat(client, room, seat, token, rng, deadline, acked)
            return
        except AssertionError as err:
            if "unavailable" not in str(err):
                raise
        except Exception:
            await asyncio.sleep(0.1)
        finally:
            if client is not None:
                frame = client.latest(room)
                if frame:
                    last_seen = frame["version"]
                try:
                    await asyncio.wait_for(client.close(), 2)
                except Exception:
                    pass


async def crash_scenario(processes, server, kills: int, seconds: float, restart_redis: bool):
    rng = random.Random(17)
    owners = redis.Redis.from_url(server.url, decode_responses=True)
    rooms, players, idle = [], [], []
    plan = [("netcontrol", ["human", "human", "random"], {"target": 10}, None),
            ("breach", ["human", "human"], {"rounds": 30}, None),
            # nobody plays seat 0: only the clock (then its stand-in) can finish this game
            ("breach", ["human", "greedy"], {"rounds": 5}, 0.2)]
    for index, (game, seats, options, clock) in enumerate(plan):
        creator = await Client.open(processes[index % len(processes)].url)
        frame = {"kind": "create", "game": game, "seats": seats, "options": options}
        if clock:
            frame["clock"] = clock
        room = (await creator.request(frame))["room"]
        rooms.append(room)
        for seat, kind in enumerate(seats):
            if kind == "human":
                joined = await creator.request({"kind": "join", "room": room, "name": f"p{seat}", "seat": seat})
                (idle if clock else players).append((room, seat, joined["token"]))
        await creator.close()
    acked: list[tuple[str, int, str]] = []
    deadline = time.monotonic() + seconds
    tasks = [asyncio.ensure_future(seat_player(processes, room, seat, token, random.Random(rng.random()),
                                               deadline, acked))
             for room, seat, token in players]
    killed = 0
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.3, 1.0))
        if restart_redis:
            server.kill()
            await asyncio.sleep(rng.uniform(0.1, 0.5))
            await asyncio.to_thread(server.start)
            continue
        holder = await asyncio.to_thread(owners.get, lease_key(rng.choice(rooms)))
        victim = next((p for p in processes if p.process_id == holder), None)
        if victim is None:  # the room is between owners right now: kill either
            victim = rng.choice(processes)
        else:
            killed += 1
        victim.kill()
        await asyncio.sleep(rng.uniform(0, 0.2))
        await asyncio.to_thread(victim.start)
    before = len(acked)
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 30)
    assert len(acked) > before, "the games ended before the last crash: make them longer"
    assert restart_redis or killed >= kills // 2, f"only {killed} of {kills} kills hit a room's owner"
    # the idle seat's game: the clock and the stand-in bot carried it to the end through every crash
    watcher = await Client.open(processes[0].url)
    idle_room = rooms[-1]
    for _ in range(200):
        state = await watcher.request({"kind": "watch", "room": idle_room}, 10)
        if state["kind"] == "state" and state["view"]["over"]:
            break
        await asyncio.sleep(0.25)
    assert state["view"]["over"], "the clock and the stand-in did not finish the idle seat's game"
    await watcher.close()
    owners.close()
    return rooms, acked


def check_journal(server, processes, rooms, acked):
    book = journal(server.url)
    assert len(acked) > 30
    for room, version, action in acked:
        assert book[room]["actions"][version - 1] == action, (room, version)

    async def compare():
        watcher = await Client.open(processes[-1].url)
        for room in rooms:
            entry = book[room]
            game = get_game(entry["game"])
            match = Match(game, entry["options"], entry["seed"], entry["actions"])
            state = await watcher.request({"kind": "watch", "room": room})
            assert state["version"] == len(entry["actions"])
            assert state["view"] == roundtrip(match.view(None))
            assert state["view"]["over"]
            assert state["reveal"]["digest"] == digest(game, match.state)
        await watcher.close()
    run(compare(), 30)


def test_kill_nine_owners_loses_no_acknowledged_action(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server)
    try:
        rooms, acked = run(crash_scenario(processes, redis_server, KILLS, 20 + 3 * KILLS, False), 120 + 5 * KILLS)
        check_journal(redis_server, processes, rooms, acked)
    finally:
        for process in processes:
            process.kill()


def test_redis_restart_on_its_aof_loses_no_acknowledged_action(tmp_path, redis_server):
    processes = relays(tmp_path, redis_server)
    try:
        rooms, acked = run(crash_scenario(processes, redis_server, 2, 25, True), 150)
        check_journal(redis_server, processes, rooms, acked)
    finally:
        for process in processes:
            process.kill()
