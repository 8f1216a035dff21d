"""Rooms spread back over the live relay processes (Redis back end).

What it is for: a failover puts a dead process's rooms on the survivors,
and a restarted process (a new process id) owns nothing. So every
``BALANCE_S`` each process writes how many open rooms it owns
(``na:proc:<process>``, a key that lives three periods, listed in the set
``na:procs``), reads the others', and when it owns at least two more than
the process with the fewest and more than its share (the total over the
live processes, rounded up; a process with no connection to Redis is not
live, ``cluster.Liveness``), hands rooms to that one, at most ``HANDOFFS``
a period: it moves the lease to the other process in one script that
checks it still holds it (``RedisStore.hand``), drops the room at once, and
posts ``adopt`` on the other's bus; that one loads the room by replay (its
sweep also finds rooms handed to it, should the message be lost). Clients
are subscribed again where the room lives (``proxy.py``): a handed room
pauses for a load and a bus round trip, not a lease.

What it is not: the failover itself (``cluster.py``: a dead owner's rooms
are taken when their lease runs out) or a placement policy by load: it
counts rooms, not moves.
"""

from __future__ import annotations

import asyncio
import logging

from .redis_store import PREFIX

log = logging.getLogger("netarcade.relay")
#: seconds between two looks at how rooms are spread
BALANCE_S = 1.0
#: rooms one process hands to others per period at most
HANDOFFS = 10
PROCS = PREFIX + "procs"


def proc_key(process: str) -> str:
    return f"{PREFIX}proc:{process}"


def plan(counts: dict[str, int], me: str, limit: int = HANDOFFS) -> list[str]:
    """The processes ``me`` hands one room each to, given how many open rooms
    each live process owns: only rooms ``me`` holds above its share (the
    mean rounded up), each to the process with the fewest while that one has
    at least two fewer than ``me``.

    >>> plan({"a": 6, "b": 6, "c": 0}, "a")
    ['c', 'c']
    >>> plan({"a": 3, "b": 3, "c": 2}, "a")
    []
    >>> plan({"a": 5}, "a")
    []
    """
    counts = dict(counts)
    share = -(-sum(counts.values()) // len(counts))
    out: list[str] = []
    while len(out) < limit and counts[me] > share:
        others = [(count, process) for process, count in counts.items() if process != me]
        if not others:
            break
        count, target = min(others)
        if counts[me] - count < 2:
            break
        counts[me] -= 1
        counts[target] += 1
        out.append(target)
    return out


class Balancer:
    def __init__(self, cluster) -> None:
        self.cluster, self.relay = cluster, cluster.relay
        #: live process -> open rooms it owns, as last read
        self.counts: dict[str, int] = {}

    async def run(self) -> None:
        while True:
            await asyncio.sleep(BALANCE_S)
            try:
                await self.step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not spread rooms over the processes (Redis unreachable?)")

    def owned(self) -> list[str]:
        """This process's open rooms (finished ones stay where they are)."""
        return sorted(code for code, room in self.relay.rooms.items() if not room.match.over)

    async def step(self) -> None:
        me, db = self.cluster.me, self.cluster.db
        mine = self.owned()
        async with db.pipeline(transaction=False) as pipe:
            pipe.set(proc_key(me), len(mine), px=round(BALANCE_S * 3000))
            pipe.sadd(PROCS, me)
            pipe.smembers(PROCS)
            _, _, members = await pipe.execute()
        members = sorted(m.decode() for m in members)
        counts = await db.mget([proc_key(m) for m in members])
        dead = [m for m, count in zip(members, counts) if count is None and m != me]
        if dead:
            await db.srem(PROCS, *dead)
        # a process that has just died still has its key for a few seconds: not one to hand rooms to
        self.counts = {m: int(count) for m, count in zip(members, counts)
                       if count is not None and (m == me or await self.cluster.liveness.seen(m))}
        mine = self.owned()  # rooms taken or dropped while we read
        self.counts[me] = len(mine)
        for target in plan(self.counts, me):
            if not mine:
                break
            self.hand(mine.pop(), target)

    def hand(self, code: str, target: str) -> bool:
        """Give ``code`` to ``target``: the lease moves, the room leaves this
        process at once (nothing runs in between), ``adopt`` tells the other."""
        if code not in self.relay.rooms or not self.relay.store.hand(code, target):
            return False
        self.relay.drop_room(code)
        self.cluster.post(target, {"t": "adopt", "room": code})
        log.info("handed room %s to %s", code, target)
        return True
