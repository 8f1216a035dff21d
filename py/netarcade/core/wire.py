"""The wire's one codec: msgpack maps, as the relay, the page, the relay
processes' bus and the tests send and read them.

What it is for: the protocol version every frame carries (``VERSION``, as
``v``), :func:`frame` to make one, :func:`pack` to turn a map into bytes and
:func:`unpack` to read bytes back. Everything that speaks to the relay
(``relay/protocol.py`` checks what clients send on top of this;
``web/online/online.py``, the page's client; ``relay/cluster.py``, the bus between
relay processes; the tests' clients) goes through here, so one change of
encoding or version is made once.

What it is not: which frames exist and what their fields may hold
(``relay/protocol.py``, docs/relay.md), or a record's canonical bytes
(``core/record.py``: sorted keys, for digests).

>>> unpack(pack(frame("ping", id=3)))
{'kind': 'ping', 'v': 1, 'id': 3}
>>> unpack(pack({1: "a"}))  # strict=True refuses this map (an int key)
{1: 'a'}
"""

from __future__ import annotations

from typing import Any

import msgpack

__all__ = ["VERSION", "frame", "pack", "unpack"]

#: the protocol version every frame carries as ``v``
VERSION = 1


def frame(kind: str, **fields: Any) -> dict[str, Any]:
    """A frame of ``kind`` at this protocol version, with ``fields``."""
    return {"kind": kind, "v": VERSION, **fields}


def pack(message: Any) -> bytes:
    """``message`` as msgpack bytes (text as str, bytes as bin)."""
    return msgpack.packb(message, use_bin_type=True)


def unpack(data: bytes, *, strict: bool = False) -> Any:
    """What ``data`` holds. ``strict``: map keys must be text or bytes (what
    the relay asks of a client's frame); raises what msgpack raises on
    garbage (several unrelated classes: callers that face strangers catch
    ``Exception``)."""
    return msgpack.unpackb(bytes(data), raw=False, strict_map_key=strict)
