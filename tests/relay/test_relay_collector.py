"""The relay's collector policy (``relay/collector.py``): what survives is frozen
out of the full passes once a second, and frozen cycles that die later are
collected once the heap has doubled."""

from __future__ import annotations

import gc
import weakref

from netarcade.relay import collector
from netarcade.relay.collector import Collector


class Node:
    pass


def cycle() -> Node:
    node = Node()
    node.me = node
    return node


def test_freezes_once_a_second_and_compacts_when_the_heap_doubles(monkeypatch):
    monkeypatch.setattr(collector, "FLOOR", 0)
    try:
        policy = Collector()
        assert policy.compactions == 1 and gc.get_freeze_count() > 0
        dead = cycle()
        ref = weakref.ref(dead)
        policy.step(10.0)  # freezes the cycle with everything else
        del dead
        gc.collect()
        assert ref() is not None  # frozen: a full pass does not see it
        policy.step(10.5)  # within the second: nothing
        assert policy.compactions == 1
        bulk = [[i] for i in range(2 * policy.baseline)]  # the heap more than doubles
        policy.step(11.0)
        assert policy.compactions == 2 and ref() is None  # compacted: the dead cycle is gone
        del bulk
    finally:
        gc.unfreeze()
