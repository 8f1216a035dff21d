"""Load figures of the relay: rooms of scripted clients on loopback.

First, unless ``--service-moves 0``, the relay's own work per move measured
in this process without sockets or clients (``Relay.handle`` of an ``act``
and the msgpack encoding of every frame it queues, in CPU time, so other
programs on the machine do not count).

Then it starts ``python -m netarcade relay`` on a free 127.0.0.1 port with a
fresh data folder, opens ROOMS rooms of SEATS human seats (Net Control by
default, four seats, as issue 11's load target says), one client per seat
playing random legal actions. Every client connects and resumes before the
measured window opens; in the window (SECONDS) a seat acts as soon as its
frame offers legal actions, or after ``--think`` seconds on average. It
prints moves/s, p50/p99 submit-to-ack latency and the relay's peak memory
(VmHWM), then where the time went: the relay's and the clients' CPU per
move (from /proc: the clients run on the same machine), the load average,
and the moves in flight (in a closed loop with no think time, mean latency
= moves in flight / moves a second: it measures throughput, not a
player's wait). ``--kills N`` also kills the relay with SIGKILL N times
during the run and checks, as the tests do, that no acknowledged action was
lost. ``--processes N`` (N > 1) runs N relay processes on one
``redis-server`` of its own (``--store redis://...``), the clients of a
room spread over them, and also prints each process's peak memory, Redis
commands per move, and Redis's work a move by command with its background
work (measured for 2 s before the window, everyone connected and nobody
moving) taken out. Its Redis runs as docs/relay.md says (AOF, ``appendfsync
always``).

    python scripts/bench/relay.py --rooms 250 --seats 4 --game netcontrol --seconds 20
    python scripts/bench/relay.py --rooms 250 --seats 4 --seconds 20 --think 2
    python scripts/bench/relay.py --rooms 250 --seats 4 --seconds 20 --processes 3
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "py"))

from support.relay_harness import NO_QUOTA, Client, RelayProcess  # noqa: E402
from netarcade.relay.store import journal  # noqa: E402


def peak_memory(pid: int) -> int:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU a process has used so far (0 if it is gone)."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    try:
        return float(open("/proc/loadavg").read().split()[0])
    except OSError:
        return float("nan")


class Tally:
    """What the players measured: each acknowledged move's submit-to-ack
    time, in the measured window only."""

    def __init__(self):
        self.latencies: list[float] = []
        self.updates: list[float] = []  # submit to the acting seat's update showing its move
        self.acked: list[tuple[str, int, str]] = []
        self.ack_times: list[tuple[float, str]] = []  # (perf_counter, room) of every ack, in order
        self.refused = self.timeouts = self.reconnects = self.finished = self.unavailable = 0
        self.outstanding = 0  # acts sent and not yet answered, now
        self.open: set = set()  # clients connected now (``stop`` wakes them)
        self.window: tuple[float, float] | None = None  # (start, end) of the measured window

    def counts(self, sent: float) -> bool:
        return self.window is not None and self.window[0] <= sent < self.window[1]


async def player(processes, index, room, seat, token, rng, think, tally, stop, connected, go, handshakes):
    """One seat: connect and resume (``connected`` counts down), wait for ``go``,
    then act whenever the seat's latest frame offers legal actions, after
    ``think`` seconds on average (exponential; 0: at once), until ``stop``.
    A slow answer is waited for, never a reason to reconnect; a closed
    connection is reopened (on the next live process if this one is dead)
    and resumed since the last version seen, and an ``unavailable`` answer
    (the room changed process) is followed by a ``resume``, as docs/relay.md
    tells a client to do."""
    since, ready, first, pending = -1, 0, True, None
    while not stop.is_set():
        client = None
        try:
            turn = index % len(processes)
            process = next((p for p in processes[turn:] + processes[:turn] if p.alive()), processes[turn])
            async with handshakes:  # a bounded number at a time
                client = await Client.open(process.url)
                tally.open.add(client)
                await client.request({"kind": "resume", "room": room, "seat": seat, "token": token,
                                      "since": since}, 120)
            if first:
                first = False
                connected.release()
                await go.wait()
            while not stop.is_set():
                count = len(client.frames)
                frame = client.latest(room)
                since = frame["version"]
                if pending is not None and frame["version"] >= pending[1]:
                    if tally.counts(pending[0]):
                        tally.updates.append(time.perf_counter() - pending[0])
                    pending = None
                if frame["view"]["over"]:
                    tally.finished += 1
                    await stop.wait()
                    return
                if frame["legal"] and frame["version"] >= ready:
                    if think:
                        await asyncio.sleep(rng.expovariate(1 / think))
                        if len(client.frames) != count:
                            continue  # the room moved while this seat thought: look again
                    action = rng.choice(frame["legal"])
                    sent = time.perf_counter()
                    tally.outstanding += 1
                    try:
                        answer = await client.request({"kind": "act", "room": room, "seat": seat, "token": token,
                                                       "action": action, "base": frame["version"]}, 120)
                    finally:
                        tally.outstanding -= 1
                    if answer["kind"] == "ack":
                        if tally.counts(sent):
                            tally.latencies.append(time.perf_counter() - sent)
                        tally.acked.append((room, answer["version"], action))
                        tally.ack_times.append((time.perf_counter(), room))
                        ready = answer["version"]  # the update for it follows the ack
                        pending = (sent, ready)
                    elif answer.get("code") == "unavailable":  # the room changed process: resume
                        tally.unavailable += 1
                        await client.request({"kind": "resume", "room": room, "seat": seat, "token": token,
                                              "since": since}, 120)
                    else:
                        tally.refused += 1
                        ready = frame["version"] + 1
                    continue
                # the next frame, however long it takes (``stop`` wakes every client): a
                # 1 s poll by 1000 waiting clients was 17% of a core with nobody moving
                while len(client.frames) == count and client.closed is None and not stop.is_set():
                    client.changed.clear()
                    if len(client.frames) == count:
                        await client.changed.wait()
                if client.closed is not None and len(client.frames) == count:
                    raise ConnectionError(f"closed {client.closed}")  # reconnect and resume
            return
        except TimeoutError:
            tally.timeouts += 1
            await asyncio.sleep(rng.uniform(0.1, 1.0))
        except (ConnectionError, OSError, Exception):
            tally.reconnects += 1
            await asyncio.sleep(rng.uniform(0.1, 0.3))
        finally:
            if client is not None:
                tally.open.discard(client)
                try:
                    await asyncio.wait_for(client.close(), 2)
                except Exception:
                    pass


def journal_rooms(folder: Path, args) -> list[tuple[str, int, str]]:
    """ROOMS started rooms of SEATS joined human seats written straight into
    a SQLite journal in ``folder``, each already ``--preplay`` random legal
    actions deep (fewer if its game would end), for a relay to reload by
    replay: late-game positions without playing them over the wire. Returns
    (room, seat, token) of every seat."""
    import secrets
    from netarcade.core import Match
    from netarcade.games import get_game
    from netarcade.relay.room import CODE_ALPHABET, CODE_LENGTH, token_hash
    from netarcade.relay.store import SqliteStore, StoredRoom

    rng = random.Random(args.seed)
    game = get_game(args.game)
    options = game.validate_options({"players": args.seats})
    store = SqliteStore(folder)
    players = []
    for _ in range(args.rooms):
        code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        seed = rng.getrandbits(64)
        store.create_room(StoredRoom(code, game.id, options, seed, secrets.token_hex(16), 90.0, "greedy",
                                     False, False, [{"kind": "human"}] * args.seats))
        for seat in range(args.seats):
            token = secrets.token_urlsafe(24)
            store.claim_seat(code, seat, f"p{seat}", token_hash(token))
            players.append((code, seat, token))
        store.set_started(code)
        match = Match(game, options, seed, undo=False)
        while match.version < args.preplay:
            seat = rng.choice(sorted(match.to_act()))
            text = rng.choice(match.legal(seat))
            match.submit(seat, text)
            if match.over:  # the room stays open one action short of its end
                break
            store.append(code, match.version, seat, text, "player", False)
    store.close()
    return players


def start_redis(folder: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = shutil.which("redis-server")
    if server is None:
        raise SystemExit("scripts/bench/relay.py: --processes needs redis-server (apt-get install redis-server)")
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                             "--appendonly", "yes", "--appendfsync", "always", "--save", ""],  # docs/relay.md
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


def redis_stats(url: str | None) -> Counter:
    """Redis's calls so far per command (its INFO calls left out) and its own CPU in ms (``cpu_ms``)."""
    if not url:
        return Counter()
    import redis
    db = redis.Redis.from_url(url)
    try:
        stats = Counter({name[len("cmdstat_"):]: int(row["calls"]) for name, row in db.info("commandstats").items()
                         if name != "cmdstat_info"})
        cpu = db.info("cpu")
        stats["cpu_ms"] = round(1000 * (cpu["used_cpu_user"] + cpu["used_cpu_sys"]))
        return stats
    finally:
        db.close()


def per_move(stats: Counter, moves: int, elapsed: float, idle: Counter, idle_s: float) -> str:
    """Redis's work a move, with what it does anyway (``idle``: the same
    processes and clients, nobody moving: lease renewals, sweeps, owner
    checks for proxied clients) taken out, by command."""
    extra = Counter({k: v - idle[k] * elapsed / idle_s for k, v in stats.items()})
    calls = {k: v / moves for k, v in extra.items() if k != "cpu_ms" and v / moves >= 0.05}
    idle_calls = sum(v for k, v in idle.items() if k != "cpu_ms") / idle_s
    return (f"Redis a move: {sum(calls.values()):.1f} commands ("
            + ", ".join(f"{k} {v:.1f}" for k, v in sorted(calls.items(), key=lambda kv: -kv[1]))
            + f"), {extra['cpu_ms'] / moves:.2f} ms of Redis CPU; with nobody moving Redis still gets "
            f"{idle_calls:.0f} commands a second ({idle['cpu_ms'] / idle_s / 10:.1f}% of a core)")


async def create_rooms(args, processes) -> list[tuple[str, int, str]]:
    """``args.rooms`` rooms of ``args.seats`` human seats, created round the
    processes (each owns its share: the creator takes the lease), every seat
    joined: (room, seat, token) for each seat."""
    players = []
    setups = [await Client.open(process.url) for process in processes]
    for index in range(args.rooms):
        setup = setups[index % len(setups)]
        created = await setup.request({"kind": "create", "game": args.game, "seats": ["human"] * args.seats}, 60)
        if created["kind"] != "created":
            raise SystemExit(f"scripts/bench/relay.py: cannot create a room: {created}")
        room = created["room"]
        for seat in range(args.seats):
            joined = await setup.request({"kind": "join", "room": room, "name": f"p{seat}", "seat": seat}, 60)
            players.append((room, seat, joined["token"]))
    for setup in setups:
        await setup.close()
    return players


async def start_players(processes, players, think: float, rng: random.Random):
    """A ``player`` task for every (room, seat, token), each connected and
    resumed before this returns (a bounded number of handshakes at a time),
    so the measured window holds moves alone, not the connection storm.
    Returns (tally, stop, go, tasks): ``go.set()`` lets them play."""
    tally, stop, go = Tally(), asyncio.Event(), asyncio.Event()
    connected, handshakes = asyncio.Semaphore(0), asyncio.Semaphore(32)
    tasks = [asyncio.ensure_future(player(processes, index, room, seat, token, random.Random(rng.random()),
                                          think, tally, stop, connected, go, handshakes))
             for index, (room, seat, token) in enumerate(players)]
    for _ in players:
        await asyncio.wait_for(connected.acquire(), 300)
    return tally, stop, go, tasks


async def stop_players(tally: Tally, stop: asyncio.Event, tasks) -> None:
    """Wake every player to stop (within 15 s), then cancel what is left."""
    stop.set()
    for client in list(tally.open):
        client.changed.set()
    await asyncio.wait(tasks, timeout=15)
    for task in tasks:
        task.cancel()


async def bench(args, processes, redis_url=None, players=None) -> dict:
    rng = random.Random(args.seed)
    players = players or await create_rooms(args, processes)
    opening = time.monotonic()
    tally, stop, go, tasks = await start_players(processes, players, args.think, rng)
    connect_s = time.monotonic() - opening
    # the clients are the instrument: a full pass of this process's cycle
    # collector (every frame of 1000 clients is kept) held every client's
    # ack for up to 0.2 s of CPU (2 s at load 5-9), counted as the relay's
    # latency. Reference counting still frees; the collector runs again
    # after the window.
    gc.collect()
    gc.freeze()
    gc.disable()

    idle, idle_s = Counter(), 0.0
    if redis_url:  # Redis's background work, every client connected and nobody moving
        idle, idle_s = redis_stats(redis_url), time.monotonic()
        await asyncio.sleep(2)
        idle, idle_s = redis_stats(redis_url) - idle, time.monotonic() - idle_s
    pids = [p.proc.pid for p in processes]
    commands = redis_stats(redis_url)
    relay_cpu = [cpu_seconds(pid) for pid in pids]
    own_cpu = time.process_time()
    loads = [load_average()]
    memories = [0] * len(processes)
    kills, in_flight = 0, []
    start = time.monotonic()
    tally.window = (time.perf_counter(), float("inf"))
    go.set()
    while time.monotonic() < start + args.seconds or kills < args.kills:  # a slow restart delays the next kill
        await asyncio.sleep(0.25)
        in_flight.append(tally.outstanding)
        memories = [max(m, peak_memory(p.proc.pid)) for m, p in zip(memories, processes)]
        if kills < args.kills and time.monotonic() >= start + (kills + 1) * args.seconds / (args.kills + 1):
            process = processes[0]
            relay_cpu[0] -= cpu_seconds(process.proc.pid)  # what the killed process used in the window
            process.kill()
            await asyncio.to_thread(process.start)
            pids[0] = process.proc.pid
            relay_cpu[0] += cpu_seconds(pids[0])
            kills += 1
    elapsed = time.monotonic() - start
    tally.window = (tally.window[0], time.perf_counter())
    gc.enable()
    relay_cpu = sum(cpu_seconds(pid) - before for pid, before in zip(pids, relay_cpu))
    own_cpu = time.process_time() - own_cpu
    loads.append(load_average())
    commands = redis_stats(redis_url) - commands
    moves = len(tally.latencies)  # acknowledged moves sent and answered in the window
    await stop_players(tally, stop, tasks)
    latencies, updates = sorted(tally.latencies), sorted(tally.updates)
    pick = lambda q, values=latencies: (values[min(len(values) - 1, int(q * len(values)))] * 1000
                                        if values else float("nan"))
    return {"moves": moves, "moves_per_s": moves / elapsed, "p50_ms": pick(0.5), "p99_ms": pick(0.99),
            "update_p50_ms": pick(0.5, updates), "update_p99_ms": pick(0.99, updates),
            "mean_ms": 1000 * sum(latencies) / len(latencies) if latencies else float("nan"),
            # sampled every 0.25 s; Little's law: mean latency = in flight / throughput
            "in_flight": sum(in_flight) / len(in_flight) if in_flight else float("nan"),
            "relay_cpu_ms": 1000 * relay_cpu / moves if moves else float("nan"), "relay_busy": relay_cpu / elapsed,
            "clients_cpu_ms": 1000 * own_cpu / moves if moves else float("nan"), "clients_busy": own_cpu / elapsed,
            "load": max(loads), "connect_s": connect_s, "refused": tally.refused, "timeouts": tally.timeouts,
            "reconnects": tally.reconnects, "peak_mb": memories[0] / 2**20, "kills": kills, "acked": tally.acked,
            "process_mb": [m / 2**20 for m in memories],
            "redis_per_move": sum(v for k, v in commands.items() if k != "cpu_ms") / moves
            if moves and redis_url else None,
            "redis": per_move(commands, moves, elapsed, idle, idle_s) if moves and redis_url else None}


def service_time(args) -> dict:
    """The relay's own work per move, in this process without sockets or
    clients: ``Relay.handle`` of an ``act`` (check, apply, journal commit,
    the ack and every seat's update) plus msgpack-encoding every frame it
    queued, as the connection writers do. CPU time of this thread, so other
    programs on the machine do not count."""
    from netarcade.relay import protocol
    from netarcade.relay.server import Client as Connection, Relay

    async def measure() -> dict:
        folder = Path(tempfile.mkdtemp(prefix="netarcade-bench-service-"))
        players = journal_rooms(folder, args)
        relay = Relay(data=folder, bot_delay=0, queue=1_000_000)
        rng = random.Random(args.seed)
        cid = iter(range(1, 1_000_000))
        drain = lambda client: [protocol.encode(client.queue.get_nowait()) for _ in range(client.queue.qsize())]
        seats, resumes = {}, []
        for code, seat, token in players:
            client = Connection(None, 1e9, 10**9, 1_000_000, next(cid))
            begin = time.thread_time()
            relay.handle(client, {"kind": "resume", "room": code, "seat": seat, "token": token})
            for other in list(relay.rooms[code].subscribers):
                drain(other)
            resumes.append(time.thread_time() - begin)
            seats[code, seat] = (client, token)
        for client, _token in seats.values():
            drain(client)
        # what one full pass of the cycle collector walks with every room
        # loaded and every seat subscribed, and its CPU (relay/collector.py
        # keeps such passes out of play)
        gc.collect()
        tracked = len(gc.get_objects())
        begin = time.thread_time()
        gc.collect()
        full_pass = time.thread_time() - begin
        codes, times, frames = list(relay.rooms), [], 0
        while len(times) < args.service_moves:
            room = relay.rooms[rng.choice(codes)]
            if room.match.over:
                codes.remove(room.code)
                continue
            seat = rng.choice(sorted(room.match.to_act()))
            client, token = seats[room.code, seat]
            action = rng.choice(room.match.legal(seat))
            begin = time.thread_time()
            relay.handle(client, {"kind": "act", "room": room.code, "seat": seat, "token": token,
                                  "action": action, "base": room.match.version, "id": 1})
            for other, _observer in list(room.subscribers.items()):
                frames += len(drain(other))
            times.append(time.thread_time() - begin)
        relay.store.close()
        shutil.rmtree(folder, ignore_errors=True)
        for task in asyncio.all_tasks():
            if task is not asyncio.current_task():
                task.cancel()
        times.sort()
        return {"moves": len(times), "p50_ms": 1000 * times[len(times) // 2],
                "p99_ms": 1000 * times[int(0.99 * len(times))], "mean_ms": 1000 * sum(times) / len(times),
                "frames": frames / len(times), "resume_ms": 1000 * sum(resumes) / len(resumes),
                "tracked": tracked, "full_pass_ms": 1000 * full_pass}

    return asyncio.run(measure())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="netcontrol")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a seat thinks before acting (exponential; default 0: at once)")
    parser.add_argument("--kills", type=int, default=0, help="SIGKILL the relay this many times during the run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1,
                        help="relay processes sharing one redis-server started for the run (default 1: SQLite)")
    parser.add_argument("--preplay", type=int, default=0,
                        help="rooms start this many random actions deep: written to the journal and reloaded "
                             "by the relay on start (late-game positions; one process)")
    parser.add_argument("--service-moves", type=int, default=2000,
                        help="moves of the in-process service-time measurement (0: skip it)")
    args = parser.parse_args(argv)
    if args.processes > 1 and args.kills:
        raise SystemExit("scripts/bench/relay.py: --kills is for one process (tests/relay/test_relay_redis.py kills owners)")
    if args.processes > 1 and args.preplay:
        raise SystemExit("scripts/bench/relay.py: --preplay writes a SQLite journal: one process")
    if args.service_moves and args.processes == 1:
        service = service_time(args)
        print(f"relay service time in process (no sockets, no clients; {args.rooms} rooms x {args.seats} seats of "
              f"{args.game}, {service['moves']} moves): CPU per move p50 {service['p50_ms']:.2f} ms, "
              f"p99 {service['p99_ms']:.2f} ms, mean {service['mean_ms']:.2f} ms "
              f"({service['frames']:.1f} frames a move): at most {1000 / service['mean_ms']:.0f} moves/s "
              f"on one free core; a seat's resume (its state, every other subscriber's update) "
              f"{service['resume_ms']:.2f} ms; the cycle collector's full pass over {service['tracked']} objects "
              f"{service['full_pass_ms']:.0f} ms", flush=True)
    data = Path(tempfile.mkdtemp(prefix="netarcade-bench-relay-"))
    redis_proc, redis_url, store = None, None, []
    if args.processes > 1:
        redis_proc, redis_url = start_redis(data / "redis")
        store = ["--store", redis_url]
    processes, players, reload_s = [], None, None
    if args.preplay:
        players = journal_rooms(data / "data0", args)
    try:
        began = time.monotonic()
        # one setup connection creates every room: no creation quota
        processes = [RelayProcess(data / f"data{i}", "--rate", "100000", "--burst", "100000", *store, *NO_QUOTA,
                                  "--max-connections", str(args.rooms * args.seats + 100))
                     for i in range(args.processes)]
        if args.preplay:
            reload_s = time.monotonic() - began
            start_mb = peak_memory(processes[0].proc.pid) / 2**20
        figures = asyncio.run(bench(args, processes, redis_url, players))
    finally:
        for process in processes:
            process.kill()
        if redis_proc is not None:
            redis_proc.send_signal(signal.SIGKILL)
            redis_proc.wait(10)
    lost = 0
    if figures["kills"]:
        book = journal(processes[0].data / "relay.sqlite3")
        lost = sum(1 for room, version, action in figures["acked"]
                   if len(book[room]["actions"]) < version or book[room]["actions"][version - 1] != action)
    where = f"{args.processes} processes + Redis" if args.processes > 1 else "1 process (SQLite)"
    pace = f"think {args.think:g} s on average" if args.think else "no think time"
    if args.preplay:
        pace += f", rooms {args.preplay} actions deep"
        print(f"relay reloaded {args.rooms} rooms of {args.preplay} actions by replay in {reload_s:.1f} s "
              f"(process start included), {start_mb:.0f} MB after reloading", flush=True)
    f = figures
    print(f"relay, {where}: {args.rooms} rooms x {args.seats} seats of {args.game}, {args.seconds:g} s, {pace}: "
          f"{f['moves']} moves, {f['moves_per_s']:.0f} moves/s, submit-to-ack p50 "
          f"{f['p50_ms']:.1f} ms, p99 {f['p99_ms']:.1f} ms (to the mover's update p50 {f['update_p50_ms']:.1f} ms, "
          f"p99 {f['update_p99_ms']:.1f} ms), peak memory {f['peak_mb']:.0f} MB"
          + (f", {f['kills']} kills, {lost} acknowledged actions lost" if f["kills"] else "")
          + (f" (per process: {', '.join(f'{m:.0f}' for m in f['process_mb'])} MB), "
             f"{f['redis_per_move']:.1f} Redis commands per move" if f["redis_per_move"] else ""),
          flush=True)
    print(f"  where the time goes: relay CPU {f['relay_cpu_ms']:.2f} ms a move ({100 * f['relay_busy']:.0f}% of one "
          f"core{' over all processes' if args.processes > 1 else ''}), the clients' CPU {f['clients_cpu_ms']:.2f} ms "
          f"a move ({100 * f['clients_busy']:.0f}% of one core; "
          f"clients/relay {_ratio(f['clients_cpu_ms'], f['relay_cpu_ms']):.2f}); "
          f"load average up to {f['load']:.1f} on {os.cpu_count()} cores", flush=True)
    if f["redis"]:
        print(f"  {f['redis']}", flush=True)
    print(f"  queueing: {f['in_flight']:.1f} moves in flight on average, so by Little's law a mean latency of "
          f"{1000 * _ratio(f['in_flight'], f['moves_per_s']):.0f} ms at {f['moves_per_s']:.0f} moves/s (measured: "
          f"{f['mean_ms']:.1f} ms); {len(figures['acked'])} acks in all, "
          f"{f['refused']} refused (stale), {f['timeouts']} timeouts, {f['reconnects']} failed connections (retried); "
          f"{args.rooms * args.seats} clients connected and resumed in {f['connect_s']:.1f} s before the window",
          flush=True)
    shutil.rmtree(data, ignore_errors=True)  # the journal (and Redis's files) of this run
    return 1 if lost else 0


def _ratio(part: float, whole: float) -> float:
    """``part / whole``, or nan for a run that made no move (the figures still print)."""
    return part / whole if whole else float("nan")


if __name__ == "__main__":
    sys.exit(main())
