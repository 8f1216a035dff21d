"""The relay's garbage-collector policy: long-lived objects are frozen out
of the cycle collector's full passes.

What it is for: a full pass of CPython's cycle collector walks every
tracked object. With 250 Net Control rooms early in their games the relay
holds about 170,000 (each room's state, its events, the connections); a
full pass took 84 ms of CPU then and 235 ms with the rooms 100 actions deep
(docs/relay-load.md), and every answer the loop owed waited behind it: the
tail of the submit-to-ack latency. Rooms live for hours, so nearly all of
those objects are long-lived.

What it does: after the rooms are reloaded, and after every full pass the
interpreter makes on its own, the survivors are frozen (``gc.freeze``):
later passes walk only what was made since. Frozen objects are still freed
by reference counting; only frozen *cycles* that die later (a closed
connection's objects) wait, so once the frozen heap has doubled since the
last compaction it is thawed and collected in one full pass (rare: the
heap must grow by 100%, not the interpreter's 25%).
What it is not: a limit on memory (``--max-rooms`` and ``--max-connections`` are).
"""

from __future__ import annotations

import gc

#: thaw and collect everything once the frozen heap is this many times its
#: size after the last compaction (and at least ``FLOOR`` objects)
GROWTH = 2.0
FLOOR = 200_000
#: seconds between freezes
EVERY = 1.0


class Collector:
    def __init__(self) -> None:
        self.compactions = 0
        self.next = 0.0
        self.compact()

    def compact(self) -> None:
        """Thaw, collect everything, freeze the survivors: one full pass."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.baseline = gc.get_freeze_count()
        self.compactions += 1

    def step(self, now: float) -> None:
        """Called by the relay's clock several times a second: at most once
        every ``EVERY`` seconds, freeze what survived since (a full pass then
        walks at most that much), or compact once the frozen heap has grown
        enough."""
        if now < self.next:
            return
        self.next = now + EVERY
        if gc.get_freeze_count() > GROWTH * max(self.baseline, FLOOR):
            self.compact()
        else:
            gc.freeze()
