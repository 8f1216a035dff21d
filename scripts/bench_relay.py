"""Load figures of the relay: rooms of scripted clients on loopback.

Starts ``python -m netarcade relay`` on a free 127.0.0.1 port with a fresh
data folder, opens ROOMS rooms of SEATS human seats (Net Control by default, four
seats, as issue 11's load target says),
one client per seat playing random legal actions, for SECONDS seconds; then
prints moves/s, p50/p99 submit-to-ack latency and the relay's peak memory
(VmHWM). ``--kills N`` also kills the relay with SIGKILL N times during the
run and checks, as the tests do, that no acknowledged action was lost.
``--processes N`` (N > 1) runs N relay processes on one ``redis-server`` of
its own (``--store redis://...``), the clients of a room spread over them,
and also prints each process's peak memory and Redis commands per move.

    python scripts/bench_relay.py --rooms 250 --seats 4 --game netcontrol --seconds 20
    python scripts/bench_relay.py --rooms 250 --seats 4 --seconds 20 --processes 3
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "py"))

from test_relay_harness import Client, RelayProcess  # noqa: E402
from netarcade.relay.store import journal  # noqa: E402


def peak_memory(pid: int) -> int:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


async def player(process, room, seat, token, rng, deadline, latencies, acked):
    since = -1
    while time.monotonic() < deadline:
        client = None
        try:
            client = await Client.open(process.url)
            await client.request({"kind": "resume", "room": room, "seat": seat, "token": token, "since": since}, 10)
            while time.monotonic() < deadline:
                count = len(client.frames)
                frame = client.latest(room)
                since = frame["version"]
                if frame["view"]["over"]:
                    return
                if frame["legal"]:
                    action = rng.choice(frame["legal"])
                    start = time.perf_counter()
                    answer = await client.request({"kind": "act", "room": room, "seat": seat, "token": token,
                                                   "action": action, "base": frame["version"]}, 10)
                    if answer["kind"] == "ack":
                        latencies.append(time.perf_counter() - start)
                        acked.append((room, answer["version"], action))
                    continue
                try:
                    await client.wait_for(lambda f: f.get("kind") == "update", 2, count)
                except TimeoutError:
                    pass
            return
        except (ConnectionError, OSError, TimeoutError, Exception):
            await asyncio.sleep(0.1)
        finally:
            if client is not None:
                try:
                    await asyncio.wait_for(client.close(), 2)
                except Exception:
                    pass


def start_redis(folder: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = shutil.which("redis-server")
    if server is None:
        raise SystemExit("bench_relay: --processes needs redis-server (apt-get install redis-server)")
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                             "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.RedisError:
            time.sleep(0.05)
    return proc, f"redis://127.0.0.1:{port}/0"


def redis_commands(url: str | None) -> int:
    if not url:
        return 0
    import redis
    return int(redis.Redis.from_url(url).info("stats")["total_commands_processed"])


async def bench(args, processes, redis_url=None) -> dict:
    rng = random.Random(args.seed)
    players = []
    process = processes[0]
    setup = await Client.open(process.url)
    for _ in range(args.rooms):
        created = await setup.request({"kind": "create", "game": args.game, "seats": ["human"] * args.seats})
        if created["kind"] != "created":
            raise SystemExit(f"bench_relay: cannot create a room: {created}")
        room = created["room"]
        for seat in range(args.seats):
            joined = await setup.request({"kind": "join", "room": room, "name": f"p{seat}", "seat": seat})
            players.append((room, seat, joined["token"]))
    await setup.close()
    latencies, acked = [], []
    commands = redis_commands(redis_url)
    start = time.monotonic()
    deadline = start + args.seconds
    tasks = [asyncio.ensure_future(player(processes[index % len(processes)], room, seat, token,
                                          random.Random(rng.random()), deadline, latencies, acked))
             for index, (room, seat, token) in enumerate(players)]
    memory = 0
    memories = [0] * len(processes)
    kills = 0
    while not all(t.done() for t in tasks) and time.monotonic() < deadline + 15:
        await asyncio.sleep(0.25)
        memory = max(memory, peak_memory(process.proc.pid))
        memories = [max(m, peak_memory(p.proc.pid)) for m, p in zip(memories, processes)]
        if kills < args.kills and time.monotonic() > start + (kills + 1) * args.seconds / (args.kills + 1):
            process.kill()
            await asyncio.to_thread(process.start)
            kills += 1
    for task in tasks:
        task.cancel()
    elapsed = time.monotonic() - start
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")
    commands = redis_commands(redis_url) - commands
    return {"moves": len(acked), "moves_per_s": len(acked) / elapsed, "p50_ms": pick(0.5), "p99_ms": pick(0.99),
            "peak_mb": memory / 2**20, "kills": kills, "acked": acked,
            "process_mb": [m / 2**20 for m in memories],
            "redis_per_move": commands / len(acked) if acked and redis_url else None}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="netcontrol")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--kills", type=int, default=0, help="SIGKILL the relay this many times during the run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1,
                        help="relay processes sharing one redis-server started for the run (default 1: SQLite)")
    args = parser.parse_args(argv)
    if args.processes > 1 and args.kills:
        raise SystemExit("bench_relay: --kills is for one process (tests/test_relay_redis.py kills owners)")
    data = Path(tempfile.mkdtemp(prefix="netarcade-bench-relay-"))
    redis_proc, redis_url, store = None, None, []
    if args.processes > 1:
        redis_proc, redis_url = start_redis(data / "redis")
        store = ["--store", redis_url]
    processes = []
    try:
        processes = [RelayProcess(data / f"data{i}", "--rate", "100000", "--burst", "100000", *store,
                                  "--max-connections", str(args.rooms * args.seats + 100))
                     for i in range(args.processes)]
        figures = asyncio.run(bench(args, processes, redis_url))
    finally:
        for process in processes:
            process.kill()
        if redis_proc is not None:
            redis_proc.send_signal(signal.SIGKILL)
            redis_proc.wait(10)
    process = processes[0]
    lost = 0
    if figures["kills"]:
        book = journal(data / "data" / "relay.sqlite3")
        lost = sum(1 for room, version, action in figures["acked"]
                   if len(book[room]["actions"]) < version or book[room]["actions"][version - 1] != action)
    where = f"{args.processes} processes + Redis" if args.processes > 1 else "1 process (SQLite)"
    print(f"relay, {where}: {args.rooms} rooms x {args.seats} seats of {args.game}, {args.seconds:g} s: "
          f"{figures['moves']} moves, {figures['moves_per_s']:.0f} moves/s, submit-to-ack p50 "
          f"{figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, peak memory {figures['peak_mb']:.0f} MB"
          + (f", {figures['kills']} kills, {lost} acknowledged actions lost" if figures["kills"] else "")
          + (f" (per process: {', '.join(f'{m:.0f}' for m in figures['process_mb'])} MB), "
             f"{figures['redis_per_move']:.1f} Redis commands per move" if figures["redis_per_move"] else ""),
          flush=True)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
