"""How long a room pauses when its owner dies, and whether a restarted
process gets rooms back (docs/relay-load.md, "Several processes on
Redis"; issue 28).

Starts a ``redis-server`` of its own (AOF, ``appendfsync always``, as
docs/relay.md says) and PROCESSES relay processes on it, opens ROOMS rooms
of SEATS human seats created round the processes (each owns its share),
and plays them with ``relay.py``'s players (scripts/bench/relay.py) (one client per seat,
spread over the processes; a closed connection reopened on a live process
and resumed, ``unavailable`` followed by a ``resume``). Then KILLS times:
it reads which rooms one process owns, kills it with SIGKILL, and waits
until each of those rooms has an acknowledged move again: that wait is the
room's **pause** (kill to the room's next ack: a survivor taking the room,
its clients reconnecting and resuming, the next move; it also notes when a
survivor held each room's lease). Then it starts the killed process again
(a new process id) and waits until it owns rooms again (``balance.py``),
and for each room handed to it notes the longest gap between two acks of
the room around the handoff. It prints the median, 90th percentile and longest pause, and what
the restarted processes owned.

    python scripts/bench/failover.py --rooms 30 --seats 4 --processes 3 --kills 3
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from relay import (  # noqa: E402  (scripts/bench/relay.py, this script's folder)
    NO_QUOTA, RelayProcess, Tally, create_rooms, load_average, start_players,
    start_redis, stop_players)

#: a safety net: a room that has not moved this long after a kill is reported as stuck
STUCK_S = 60.0


def owners(db, rooms) -> dict[str, str | None]:
    from netarcade.relay.redis_store import hold_process, lease_key
    return dict(zip(rooms, (hold_process(v) for v in db.mget([lease_key(r) for r in rooms]))))


def acked_after(tally: Tally, moment: float) -> dict[str, float]:
    """The first ack of each room after ``moment`` (perf_counter)."""
    first: dict[str, float] = {}
    for at, room in tally.ack_times:
        if at > moment and room not in first:
            first[room] = at
    return first


def longest_gap(tally: Tally, room: str, since: float, until: float) -> float:
    times = [since] + [at for at, r in tally.ack_times if r == room and since < at <= until]
    return max((b - a for a, b in zip(times, times[1:])), default=until - since)


async def failover(args, processes, db) -> dict:
    players = await create_rooms(args, processes)
    rooms = sorted({room for room, _seat, _token in players})
    tally, stop, go, tasks = await start_players(processes, players, args.think, random.Random(args.seed))
    tally.window = (time.perf_counter(), float("inf"))
    go.set()
    pauses, stuck, restarts, gaps, loads, taken = [], 0, [], [], [load_average()], []
    try:
        for kill in range(args.kills):
            await asyncio.sleep(args.settle)  # play, and let a restarted process take its share
            victim = processes[kill % len(processes)]
            held = [room for room, owner in (await asyncio.to_thread(owners, db, rooms)).items()
                    if owner == victim.process_id]
            killed = time.perf_counter()
            victim.kill()
            deadline = time.monotonic() + STUCK_S
            waiting = set(held)
            while time.monotonic() < deadline:
                moved = acked_after(tally, killed)
                if waiting:
                    now = await asyncio.to_thread(owners, db, sorted(waiting))
                    for room, owner in now.items():
                        if owner is not None and owner != victim.process_id:
                            taken.append(time.perf_counter() - killed)
                            waiting.discard(room)
                if not waiting and all(room in moved for room in held):
                    break
                await asyncio.sleep(0.05)
            moved = acked_after(tally, killed)
            pauses += [moved[room] - killed for room in held if room in moved]
            stuck += sum(room not in moved for room in held)
            loads.append(load_average())
            # the killed process starts again (a new id) and gets rooms back
            before = await asyncio.to_thread(owners, db, rooms)
            await asyncio.to_thread(victim.start)
            started = time.perf_counter()
            deadline = time.monotonic() + STUCK_S
            now = before
            while time.monotonic() < deadline:
                now = await asyncio.to_thread(owners, db, rooms)
                if sum(owner == victim.process_id for owner in now.values()) >= len(rooms) // len(processes):
                    break
                await asyncio.sleep(0.1)
            owned = sum(owner == victim.process_id for owner in now.values())
            restarts.append((owned, time.perf_counter() - started))
            await asyncio.sleep(1.0)  # the handed rooms move on
            until = time.perf_counter()
            gaps += [longest_gap(tally, room, started, until) for room, owner in now.items()
                     if owner == victim.process_id and before[room] != victim.process_id]
    finally:
        await stop_players(tally, stop, tasks)
    return {"taken": sorted(taken), "pauses": sorted(pauses), "stuck": stuck, "restarts": restarts,
            "gaps": sorted(gaps),
            "acks": len(tally.ack_times), "unavailable": tally.unavailable, "reconnects": tally.reconnects,
            "load": max(loads)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="netcontrol")
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a seat thinks before acting (exponential; default 0: at once)")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds of play before each kill")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.processes < 2:
        raise SystemExit("scripts/bench/failover.py: --processes must be at least 2")
    import redis
    data = Path(tempfile.mkdtemp(prefix="netarcade-bench-failover-"))
    redis_proc, redis_url = start_redis(data / "redis")
    db = redis.Redis.from_url(redis_url)
    processes = []
    try:
        processes = [RelayProcess(data / f"data{i}", "--rate", "100000", "--burst", "100000", "--store", redis_url,
                                  *NO_QUOTA, "--max-connections", str(args.rooms * args.seats + 100))
                     for i in range(args.processes)]
        f = asyncio.run(failover(args, processes, db))
    finally:
        for process in processes:
            process.kill()
        db.close()
        redis_proc.send_signal(signal.SIGKILL)
        redis_proc.wait(10)
        shutil.rmtree(data, ignore_errors=True)
    pauses, gaps = f["pauses"], f["gaps"]
    pick = lambda values, q: values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")
    print(f"relay failover, {args.processes} processes + Redis: {args.rooms} rooms x {args.seats} seats of "
          f"{args.game}, think {args.think:g} s, {args.kills} owner kills (SIGKILL): pause per room (kill to "
          f"the room's next ack) median {statistics.median(pauses) if pauses else float('nan'):.2f} s, "
          f"p90 {pick(pauses, 0.9):.2f} s, longest {pick(pauses, 1.0):.2f} s over {len(pauses)} rooms, "
          f"{f['stuck']} rooms that did not move within {STUCK_S:g} s; each taken by a survivor "
          f"{pick(f['taken'], 0.5):.2f} s after the kill (median; longest {pick(f['taken'], 1.0):.2f} s)", flush=True)
    print("  after each restart the process owned "
          + ", ".join(f"{owned} rooms within {seconds:.1f} s" for owned, seconds in f["restarts"])
          + f" (its share: {args.rooms // args.processes}); the rooms handed to it paused at most "
          f"{pick(gaps, 0.5):.2f} s (median of each room's longest gap between acks), "
          f"{pick(gaps, 1.0):.2f} s (longest), over {len(gaps)} rooms", flush=True)
    print(f"  {f['acks']} acks, {f['unavailable']} unavailable answers (resumed), {f['reconnects']} reconnections; "
          f"load average up to {f['load']:.1f}", flush=True)
    return 1 if f["stuck"] else 0


if __name__ == "__main__":
    sys.exit(main())
