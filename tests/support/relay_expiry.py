"""The room lifecycle's times and waits with real relay processes
(tests/relay/test_relay_expiry.py, and its twin on Redis,
tests/relay/test_relay_expiry_redis.py): the long and short expiry options,
the safety net of every wait, a finished room, and a bounded poll."""

from __future__ import annotations

import asyncio
import time

from support.relay_harness import Client

LONG, SHORT = "3600", "0.5"
#: the safety net of every wait for an expiry (the sweep runs every second)
WITHIN = 30.0
CREATE = {"kind": "create", "game": "backbone", "seats": ["human", "human"]}


async def finished(url: str) -> tuple[str, str]:
    """A Backbone room whose second player resigned: (code, seat 0's token)."""
    ann, bob = await Client.open(url), await Client.open(url)
    created = await ann.request({**CREATE, "name": "ann"})
    joined = await ann.wait_for(lambda f: f.get("kind") == "joined")
    room = created["room"]
    token = (await bob.request({"kind": "join", "room": room, "name": "bob"}))["token"]
    frame = await bob.wait_for(lambda f: f.get("kind") in ("state", "update") and f["started"])
    ack = await bob.request({"kind": "act", "room": room, "seat": 1, "token": token, "action": "p2 resign",
                             "base": frame["version"]})
    assert ack["kind"] == "ack", ack
    await ann.wait_for(lambda f: f.get("kind") == "update" and f["view"]["over"])
    await ann.close()
    await bob.close()
    return room, joined["token"]


async def until(check, what: str, within: float = WITHIN):
    """Poll ``check`` (a function, or a coroutine function) until it returns something true; bounded."""
    deadline = time.monotonic() + within
    while True:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {within} s")
        await asyncio.sleep(0.1)

