"""The Redis failover tests' waits (tests/relay/test_relay_failover.py,
tests/relay/test_relay_supersede.py): a safety net never reached when the
relay is right, and a poll of a blocking check run in a thread."""

from __future__ import annotations

import asyncio
import time

#: a safety net, never reached when the relay is right: a wait for a frame that should come
SAFETY = 30.0


async def until(test, what: str, within: float = SAFETY) -> None:
    deadline = time.monotonic() + within
    while not await asyncio.to_thread(test):
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)

