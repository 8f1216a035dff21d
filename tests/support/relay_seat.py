"""One connection of an in-process relay (``Relay.handle`` and the frames it
queues, msgpack round-tripped; no sockets): tests/relay/test_relay_resign.py
and tests/relay/test_relay_lifecycle.py."""

from __future__ import annotations

from netarcade.core import wire
from netarcade.relay import protocol
from netarcade.relay.server import Client, Relay


class Seat:
    """One connection of the relay, and what it was sent."""

    def __init__(self, relay: Relay, cid: int):
        self.relay, self.conn, self.frames = relay, Client(None, 1e9, 10**9, 10_000, cid), []

    def send(self, frame: dict) -> dict:
        """Hand the relay a frame; the answer carrying its id (everything queued is read)."""
        frame = {"v": 1, "id": len(self.frames) + 1000, **frame}
        self.relay.handle(self.conn, frame)
        return next(f for f in self.read() if f.get("id") == frame["id"])

    def read(self) -> list[dict]:
        got = []
        while not self.conn.queue.empty():
            got.append(wire.unpack(protocol.encode(self.conn.queue.get_nowait())))
        self.frames += got
        return self.frames

    def latest(self) -> dict:
        self.read()
        return [f for f in self.frames if f.get("kind") in ("state", "update")][-1]

