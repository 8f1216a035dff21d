"""The relay's wire format: msgpack maps with a ``kind`` and a protocol
version ``v`` (the codec: ``core/wire.py``), checked here before anything
else looks at them.

What it is for: turning bytes from a client into a plain, validated frame
(or a ``FrameError`` with a code and a sentence), and frames into bytes.
What it is not: rooms, seats or rules (``room.py``), sockets (``server.py``).
``docs/relay.md`` lists every frame.

>>> decode(encode({"kind": "ping", "v": 1}))
{'kind': 'ping', 'v': 1}
>>> decode(b"\\xc1")
Traceback (most recent call last):
...
netarcade.relay.protocol.FrameError: the frame is not a msgpack map
"""

from __future__ import annotations

from typing import Any

from ..core import wire
from ..core.codes import room_code
from ..core.errors import CodedError

#: the protocol version every frame carries as ``v`` (``core/wire.py``)
VERSION = wire.VERSION
#: the largest frame a client may send (bytes); bigger ones close the socket (1009)
FRAME_CAP = 64 * 1024
#: nesting allowed in a client frame (a map holding an options map: 2)
MAX_DEPTH = 3
MAX_TEXT = 200  # an action's notation, a name, a game id
MAX_SEATS = 6

# field -> (types, required); ``int`` never accepts ``bool``
_STR, _INT, _MAP, _LIST, _NUM = (str,), (int,), (dict,), (list,), (int, float)
SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "ping": {"id": (_INT, False)},
    "create": {"id": (_INT, False), "game": (_STR, True), "options": (_MAP, False), "seats": (_LIST, True),
               "clock": (_NUM, False), "name": (_STR, False), "seed": (_STR, False), "actions": (_LIST, False)},
    "join": {"id": (_INT, False), "room": (_STR, True), "name": (_STR, True), "seat": (_INT, False)},
    "watch": {"id": (_INT, False), "room": (_STR, True), "since": (_INT, False)},
    "resume": {"id": (_INT, False), "room": (_STR, True), "seat": (_INT, True), "token": (_STR, True),
               "since": (_INT, False)},
    "start": {"id": (_INT, False), "room": (_STR, True), "seat": (_INT, True), "token": (_STR, True)},
    "act": {"id": (_INT, False), "room": (_STR, True), "seat": (_INT, True), "token": (_STR, True),
            "action": (_STR, True), "base": (_INT, True)},
    "back": {"id": (_INT, False), "room": (_STR, True), "seat": (_INT, True), "token": (_STR, True)},
    "legal": {"id": (_INT, False), "room": (_STR, True), "seat": (_INT, True), "token": (_STR, True),
              "prefix": (_STR, False)},
}
COMMON = {"kind", "v"}


class FrameError(CodedError):
    """A frame the relay refuses: ``code`` for programs, ``message`` for people,
    ``request`` the frame's ``id`` when it had a valid one (its error carries it)."""

    def __init__(self, code: str, message: str, request: int | None = None):
        super().__init__(code, message)
        self.request = request


def encode(frame: dict[str, Any]) -> bytes:
    return wire.pack(frame)


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max([_depth(v, level + 1) for v in value.values()] + [level + 1])
    if isinstance(value, list):
        return max([_depth(v, level + 1) for v in value] + [level + 1])
    return level


def _valid_id(value: Any) -> int | None:
    """``value`` if it is an ``id`` the frame may carry (an integer within ±2^53), else None."""
    if type(value) is int and -2**53 <= value <= 2**53:
        return value
    return None


def decode(data: Any) -> dict[str, Any]:
    """A validated frame from a client message (bytes), or ``FrameError``.
    An error about a map whose ``id`` is valid carries that ``id`` (``request``)."""
    if isinstance(data, str):
        raise FrameError("not-binary", "frames are binary msgpack, not text")
    if len(data) > FRAME_CAP:
        raise FrameError("too-big", f"frames are at most {FRAME_CAP} bytes")
    try:
        frame = wire.unpack(data, strict=True)
    except Exception:  # msgpack raises several unrelated classes (ExtraData, StackError, ValueError...)
        raise FrameError("not-msgpack", "the frame is not a msgpack map") from None
    if not isinstance(frame, dict):
        raise FrameError("not-msgpack", "the frame is not a msgpack map")
    request = _valid_id(frame.get("id"))
    if _depth(frame) > MAX_DEPTH:
        raise FrameError("too-deep", f"frames nest at most {MAX_DEPTH} levels", request)
    kind = frame.get("kind")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise FrameError("unknown-kind", f"unknown frame kind {str(kind)[:40]!r}", request)
    if frame.get("v") != VERSION or type(frame.get("v")) is not int:
        raise FrameError("bad-version", f"this relay speaks protocol version {VERSION}", request)
    schema = SCHEMAS[kind]
    for name in frame:
        if name not in schema and name not in COMMON:
            raise FrameError("bad-field", f"{kind} frames have no field {str(name)[:40]!r}", request)
    for name, (types, required) in schema.items():
        if name not in frame:
            if required:
                raise FrameError("bad-field", f"{kind} frames need {name!r}", request)
            continue
        value = frame[name]
        if isinstance(value, bool) or not isinstance(value, types):
            raise FrameError("bad-field", f"{kind}.{name} must be {'/'.join(t.__name__ for t in types)}", request)
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise FrameError("bad-field", f"{kind}.{name} is longer than {MAX_TEXT} characters", request)
        if isinstance(value, int) and not -2**53 <= value <= 2**53:
            raise FrameError("bad-field", f"{kind}.{name} is out of range", request)
    if "room" in frame:  # typed by hand or linked in lower case: the same room (core/codes.py)
        frame["room"] = room_code(frame["room"])
    return frame


def request_id(data: Any) -> int | None:
    """The ``id`` of a frame the relay will not handle (rate limit), if it has a valid one."""
    try:
        frame = decode(data)
    except FrameError as err:
        return err.request
    return frame.get("id")


def error(code: str, message: str, request: int | None = None) -> dict[str, Any]:
    frame = wire.frame("error", code=code, message=message)
    if request is not None:
        frame["id"] = request
    return frame


__all__ = ["FRAME_CAP", "FrameError", "MAX_DEPTH", "SCHEMAS", "VERSION", "decode", "encode", "error"]
