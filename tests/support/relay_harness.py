"""Shared harness of the relay tests and of the relay's benchmarks (a real
relay process on a free 127.0.0.1 port, real WebSocket clients).

The ``test_relay_*`` files and scripts/bench/relay.py import it as
``support.relay_harness`` (the harness's own checks are
tests/relay/test_relay_process.py); every wait here is bounded.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets")
from websockets.asyncio.client import connect  # noqa: E402

from netarcade.core import Match, wire  # noqa: E402
from netarcade.core.record import digest  # noqa: E402
from netarcade.games import get_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
#: relay options that lift the creation quotas (docs/relay.md, "Room lifecycle"): for tests and
#: benchmarks whose one address opens many rooms
NO_QUOTA = ("--rooms-per-connection", "0", "--rooms-per-address", "0", "--creates-per-hour", "0",
            "--rooms-per-network", "0")


class RelayProcess:
    """``python -m netarcade relay`` on port 0 of 127.0.0.1; ``kill()`` is SIGKILL.
    Its stderr goes to a file beside the data folder, kept across restarts
    (a pipe nobody reads would stop a long-lived relay once it filled)."""

    def __init__(self, data: Path, *args: str, site: Path | None = None):
        self.data, self.args, self.site = data, list(args), site
        self.log = data.parent / f"{data.name}.stderr"
        self.proc = None
        self.start()

    def start(self) -> None:
        cmd = [sys.executable, "-m", "netarcade", "relay", "--host", "127.0.0.1", "--port", "0",
               "--data", str(self.data), "--bot-delay", "0", *self.args]
        if self.site:
            cmd += ["--site", str(self.site)]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
        self.data.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "a") as log:
            self.logged = log.tell()  # where this run's stderr starts
            self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, env=env, text=True)
        line = self.serving = self.proc.stdout.readline()
        if "netarcade: serving http://" not in line:
            self.proc.kill()
            self.proc.wait(10)
            raise RuntimeError(f"relay did not start: {line!r} {self.stderr()[:2000]}")
        self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        # with a shared store the line names the process (the holder in its rooms' leases)
        self.process_id = line.split(", process ")[1].split(")")[0] if ", process " in line else None
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.http = f"http://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stderr(self) -> str:
        """What this run of the process wrote on stderr so far."""
        with open(self.log) as log:
            log.seek(self.logged)
            return log.read()

    def stop(self) -> str:
        """SIGTERM, then whatever it wrote on stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return self.stderr()

    def restart(self) -> None:
        self.kill()
        self.start()


def pack(frame) -> bytes:
    return wire.pack(frame)


def roundtrip(data):
    """``data`` as a client reads it back out of a frame."""
    return wire.unpack(wire.pack(data))


class Client:
    """A WebSocket client that keeps every frame it gets, in order."""

    def __init__(self, ws):
        self.ws = ws
        self.frames: list[dict] = []
        self.changed = asyncio.Event()
        self.closed = None
        self.next_id = 0
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, url: str, **kwargs) -> "Client":
        ws = await asyncio.wait_for(connect(url, max_size=None, compression=None, **kwargs), 10)
        return cls(ws)

    async def _read(self):
        try:
            async for data in self.ws:
                self.frames.append(wire.unpack(data))
                self.changed.set()
        except Exception:
            pass
        self.closed = (self.ws.close_code, self.ws.close_reason)
        self.changed.set()

    async def send_raw(self, data) -> None:
        await self.ws.send(data)

    async def wait_for(self, test, timeout: float = 10.0, start: int = 0):
        """The first frame from index ``start`` on that passes ``test``."""
        deadline = time.monotonic() + timeout
        index = start
        while True:
            while index < len(self.frames):
                if test(self.frames[index]):
                    return self.frames[index]
                index += 1
            if self.closed is not None:
                raise ConnectionError(f"closed {self.closed} while waiting")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching frame in {timeout}s; last: {self.frames[-3:]!r}"[:3000])
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def request(self, frame: dict, timeout: float = 10.0) -> dict:
        """Send a frame with a fresh id; its answer (or error) carrying that id."""
        self.next_id += 1
        frame = {"v": wire.VERSION, **frame, "id": self.next_id}
        start = len(self.frames)
        await self.ws.send(pack(frame))
        return await self.wait_for(lambda f: f.get("id") == frame["id"], timeout, start)

    def latest(self, room: str):
        for frame in reversed(self.frames):
            if frame.get("kind") in ("state", "update") and frame.get("room") == room:
                return frame
        return None

    async def close(self):
        await self.ws.close()
        try:
            await asyncio.wait_for(self.reader, 5)
        except TimeoutError:
            self.reader.cancel()


async def close_quietly(client: "Client | None") -> None:
    """Close ``client`` within 2 s, whether or not its relay is still there."""
    if client is not None:
        try:
            await asyncio.wait_for(client.close(), 2)
        except Exception:
            pass


def check_reloads(rooms, book, states, after) -> int:
    """Every watched room (``states``: its ``watch`` answer from a reloaded
    relay) is a replay of its journal: at least the actions ``book`` held, at
    most those ``after`` holds (seated bots play on), the spectator view, and
    the revealed digest once over. Returns how many rooms finished."""
    finished = 0
    for room in rooms:
        entry, state = after[room], states[room]
        assert len(book[room]["actions"]) <= state["version"] <= len(entry["actions"])
        game = get_game(entry["game"])
        match = Match(game, entry["options"], entry["seed"], entry["actions"][:state["version"]])
        assert state["view"] == roundtrip(match.view(None))
        assert state["view"]["over"] == match.over
        if match.over:
            assert state["reveal"]["digest"] == digest(game, match.state)
            finished += 1
    return finished


def run(coro, timeout: float = 120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


@pytest.fixture
def relay(tmp_path):
    process = RelayProcess(tmp_path / "data", "--rate", "1000", "--burst", "1000")
    yield process
    process.kill()


async def play_seat(client: Client, room: str, seat: int, token: str, rng: random.Random,
                    deadline: float, acked: list | None = None, timeout: float = 10.0) -> None:
    """Play ``seat`` with random legal actions until the game ends (bounded);
    ``timeout``: how long to wait for each action's answer."""
    seen = 0
    while time.monotonic() < deadline:
        count = len(client.frames)
        frame = client.latest(room)
        if frame is not None and frame["view"]["over"]:
            return
        if frame is not None and frame["legal"] and frame["version"] >= seen:
            action = rng.choice(frame["legal"])
            answer = await client.request({"kind": "act", "room": room, "seat": seat, "token": token,
                                           "action": action, "base": frame["version"]}, timeout)
            if answer["kind"] == "ack" and acked is not None:
                acked.append((room, answer["version"], action))
            if answer["kind"] == "error" and answer["code"] not in ("stale", "not-your-turn", "game-over"):
                raise AssertionError(f"refused {action!r}: {answer}")
            seen = frame["version"] + 1
            continue
        try:
            await client.wait_for(lambda f: f.get("kind") in ("update", "state"), 5, count)
        except TimeoutError:
            pass
    raise TimeoutError(f"seat {seat} of {room} did not finish")


# --- play through crashes: the kill tests (SQLite, Redis) ------------------------------------

async def seat_player(pick_url, room: str, seat: int, token: str, rng: random.Random, deadline: float,
                      acked: list, timeout: float = 5.0) -> None:
    """Play a seat to the end through crashes: after any failure, reconnect to
    ``pick_url()`` (a live relay) and ``resume`` since the last version seen.
    A refused action fails the test, except ``unavailable`` (the room is
    changing owner: try again)."""
    last_seen = -1
    while time.monotonic() < deadline:
        client = None
        try:
            client = await Client.open(pick_url())
            state = await client.request({"kind": "resume", "room": room, "seat": seat, "token": token,
                                          "since": last_seen}, timeout)
            if state.get("code") == "unavailable":
                raise ConnectionError(state)
            assert state["kind"] == "state", state
            await play_seat(client, room, seat, token, rng, deadline, acked, timeout)
            return
        except AssertionError as err:
            if "'unavailable'" not in str(err):
                raise
        except Exception:  # the relay died under us (closed, refused, timed out): reconnect
            await asyncio.sleep(0.05)
        finally:
            if client is not None:
                frame = client.latest(room)
                if frame:
                    last_seen = frame["version"]
            await close_quietly(client)


async def progress(acked: list, mark: int, what: str, explain=None, within: float = 20.0) -> None:
    """Until an action is acknowledged beyond ``mark`` (bounded; ``explain``,
    a coroutine function, says why not)."""
    deadline = time.monotonic() + within
    while len(acked) <= mark:
        if time.monotonic() > deadline:
            why = f": {await explain()}" if explain else ""
            raise AssertionError(f"no action acknowledged within {within} s {what}{why}")
        await asyncio.sleep(0.01)


async def table(pick_url, game: str, seats: list[str], options: dict, rng: random.Random, deadline: float,
                acked: list, rooms: list, stop: asyncio.Event, timeout: float = 5.0,
                playing: set | None = None) -> None:
    """One room after another of ``game`` until a room ends after ``stop``
    is set (or ``deadline``): create it on a live relay, join every human
    seat, play them all to the end through crashes, then open the next.
    Every room created is appended to ``rooms``; a room whose creation or
    joining a crash interrupted is left as it is (it stays in ``rooms``: it
    must reload like any other) and the table opens another. ``playing``
    holds the room while its seats are played."""
    while time.monotonic() < deadline:
        tokens, client, room = {}, None, None
        try:
            client = await Client.open(pick_url())
            created = await client.request({"kind": "create", "game": game, "seats": seats, "options": options},
                                           timeout)
            assert created["kind"] == "created" or created.get("code") == "unavailable", created
            if created["kind"] != "created":
                continue
            room = created["room"]
            rooms.append(room)
            for seat, kind in enumerate(seats):
                if kind == "human":
                    joined = await client.request({"kind": "join", "room": room, "name": f"p{seat}",
                                                   "seat": seat}, timeout)
                    assert joined["kind"] == "joined" or joined.get("code") == "unavailable", joined
                    tokens[seat] = joined.get("token")
        except AssertionError:
            raise
        except Exception:
            await asyncio.sleep(0.05)
            continue
        finally:
            await close_quietly(client)
        if None in tokens.values() or len(tokens) < seats.count("human"):
            continue  # a seat we hold no token for: nobody can finish this room
        if playing is not None:
            playing.add(room)
        await asyncio.gather(*(seat_player(pick_url, room, seat, token, random.Random(rng.random()),
                                           deadline, acked, timeout) for seat, token in tokens.items()))
        if playing is not None:
            playing.discard(room)
        if stop.is_set():
            return
