"""Game records (game id + options + seed + actions), their portable encoding,
replay, and state digests.

A record is encoded as msgpack then base64url (no padding), which is what
seed links and the ``replay`` command carry. Replaying a record gives the
identical state on every runtime; ``digest`` of the final state proves it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass, field
from typing import Any

import msgpack

from .errors import InvalidOption, InvalidRecord, NetarcadeError, UnknownGame, quoted
from .game import Game
from .options import MAX_SEED

RECORD_VERSION = 1
#: bound on an encoded record, so a pasted link can't make us replay forever
MAX_RECORD_CHARS = 200_000


@dataclass(frozen=True)
class Record:
    """Everything needed to reproduce a game.

    >>> rec = Record("backbone", {"players": 2, "target": 10, "map": "classic"}, 7, ("p1 end",))
    >>> decode_record(encode_record(rec)) == rec
    True
    """

    game: str
    options: dict[str, Any]
    seed: int
    actions: tuple[str, ...] = field(default_factory=tuple)

    def with_actions(self, actions) -> "Record":
        return Record(self.game, dict(self.options), self.seed, tuple(actions))


def canonical_bytes(data: Any) -> bytes:
    """Deterministic msgpack bytes: map keys sorted, tuples and sets as lists."""
    return msgpack.packb(_canonicalize(data), use_bin_type=True)


#: the types whose values are their own canonical form (exactly these: a subclass, such as an
#: enum member, still goes through ``_canonicalize``'s checks)
_AS_IS = frozenset({bool, int, str, bytes, float, type(None)})


def _canonicalize(data: Any) -> Any:
    # a state is mostly lists of ints: an item that is its own canonical form is kept without a
    # call (the same bytes in half to a third of the time: scripts/bench/digest.py)
    if isinstance(data, dict):
        return [[key if type(key) in _AS_IS else _canonicalize(key),
                 value if type(value) in _AS_IS else _canonicalize(value)] for key, value in
                sorted(data.items(), key=lambda item: repr(item[0]))]
    if isinstance(data, (list, tuple)):
        return [item if type(item) in _AS_IS else _canonicalize(item) for item in data]
    if isinstance(data, (set, frozenset)):
        return sorted((_canonicalize(item) for item in data), key=repr)
    if data is None or isinstance(data, (bool, int, str, bytes, float)):
        return data
    raise TypeError(f"cannot canonicalize {type(data).__name__}")


def digest(game: Game, state: Any) -> str:
    """Hex sha256 of the canonical encoding of the full state."""
    return hashlib.sha256(canonical_bytes([game.id, game.canonical(state)])).hexdigest()


def encode_record(record: Record) -> str:
    payload = {
        "v": RECORD_VERSION,
        "g": record.game,
        "o": dict(record.options),
        "s": record.seed,
        "a": list(record.actions),
    }
    packed = msgpack.packb(payload, use_bin_type=True)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decode_record(text: str) -> Record:
    """Parse an encoded record; every malformation becomes ``InvalidRecord``."""
    if not isinstance(text, str):
        raise InvalidRecord("a record must be text")
    text = text.strip()
    if not text:
        raise InvalidRecord("the record is empty")
    if len(text) > MAX_RECORD_CHARS:
        raise InvalidRecord(f"the record is too long ({len(text)} characters)")
    try:
        packed = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise InvalidRecord("the record is not valid base64url") from None
    try:
        payload = msgpack.unpackb(packed, raw=False, strict_map_key=True)
    except Exception:  # msgpack raises several unrelated types on garbage
        raise InvalidRecord("the record is not a valid game record (undecodable)") from None
    if not isinstance(payload, dict):
        raise InvalidRecord("the record is not a valid game record (not a map)")
    if payload.get("v") != RECORD_VERSION:
        raise InvalidRecord(f"unsupported record version {payload.get('v')!r}")
    game, options, seed, actions = (payload.get(key) for key in ("g", "o", "s", "a"))
    if not isinstance(game, str):
        raise InvalidRecord("the record names no game")
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise InvalidRecord("the record's options are malformed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise InvalidRecord("the record's seed is not a 64-bit unsigned integer")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidRecord("the record's actions are malformed")
    return Record(game, options, seed, tuple(actions))


def replay_with(lookup, record: Record, upto: int | None = None) -> tuple[Game, Any]:
    """Rebuild the state a record describes (optionally only its first ``upto``
    actions); ``lookup`` finds the game by id (``netarcade.games.get_game``,
    whose ``replay`` is this with the registry filled in).

    Any failure (unknown game, bad options, an action that does not parse or is
    illegal at that point) raises ``InvalidRecord`` saying which action.
    """
    try:
        game = lookup(record.game)
        state = game.new_game(game.record_options(record.options), record.seed)
    except (UnknownGame, InvalidOption) as err:
        raise InvalidRecord(str(err)) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for index, text in enumerate(actions):
        try:
            game.apply(state, game.parse_action(text))
        except NetarcadeError as err:
            raise InvalidRecord(f"action {index + 1} ({quoted(text)}) cannot be replayed: {err}") from None
    return game, state
