"""The relay's garbage-collector policy: long-lived objects are frozen out
of the cycle collector's full passes.

What it is for: a full pass of CPython's cycle collector walks every
tracked object. With 250 Net Control rooms early in their games the relay
holds about 170,000 (each room's state, its events, the connections); a
full pass took 84 ms of CPU then and 235 ms with the rooms 100 actions deep
(docs/relay-load.md), and every answer the loop owed waited behind it: the
tail of the submit-to-ack latency. Rooms live for hours, so nearly all of
those objects are long-lived.

What it does: after the rooms are reloaded, and then once a second (the
relay's clock calls ``step``), every object alive is frozen
(``gc.freeze``): a full pass walks only what was made since the last
freeze, a second's worth. Frozen objects are still freed by reference
counting; only frozen *cycles* that die later (a closed connection's
objects) wait, so once the heap has doubled since the last compaction
(``sys.getallocatedblocks``: it walks the allocator's arenas, well under a
millisecond; ``gc.get_freeze_count`` walks every frozen object and took
tens of milliseconds in the relay under load) it is thawed and collected
in one full pass: rare, the heap must double, where the interpreter's own
rule walks everything each time it grows by a quarter.
What it is not: a limit on memory (``--max-rooms`` and ``--max-connections`` are).
"""

from __future__ import annotations

import gc
import sys

#: thaw and collect everything once the heap (allocated blocks) is this many
#: times its size after the last compaction, and at least ``FLOOR`` blocks
GROWTH = 2.0
FLOOR = 500_000
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
        self.baseline = sys.getallocatedblocks()
        self.compactions += 1

    def step(self, now: float) -> None:
        """Called by the relay's clock several times a second: at most once
        every ``EVERY`` seconds, freeze what survived since (a full pass then
        walks at most that much), or compact once the frozen heap has grown
        enough."""
        if now < self.next:
            return
        self.next = now + EVERY
        if sys.getallocatedblocks() > GROWTH * max(self.baseline, FLOOR):
            self.compact()
        else:
            gc.freeze()
