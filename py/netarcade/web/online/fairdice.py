"""Fair dice, checked in the page: the relay's reveal against its commitment.

What it is for: when an online game ends the relay reveals its seed, salt
and the game record (docs/relay.md, "Fair dice"); :func:`verify_reveal`
recomputes the commitment published at the start, replays the record to the
relay's final digest and counts its moves, so the page can say "dice
verified". What it is not: networking or DOM code.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidRecord, NetarcadeError
from ...core.record import decode_record, digest
from ...games import replay

__all__ = ["Verdict", "commitment_of", "verify_reveal"]


def commitment_of(game: str, seed: int | str, salt: str) -> str:
    """The relay's seed commitment (docs/relay.md, "Fair dice")."""
    return hashlib.sha256(f"netarcade-seed:v1:{game}:{seed}:{salt}".encode()).hexdigest()


@dataclass(frozen=True)
class Verdict:
    """What the page found when it checked the revealed dice."""

    ok: bool
    message: str
    actions: tuple[str, ...] = ()


def verify_reveal(game_id: str, commitment: str, reveal: dict[str, Any], version: int | None = None) -> Verdict:
    """Check the relay's ``reveal`` at the end: the commitment recomputed from
    ``seed`` and ``salt`` equals the one published at the start, the record
    is this game with that seed, it replays to ``digest``, and it has as
    many actions as versions this client saw."""
    try:
        seed = int(str(reveal["seed"]))
        salt = str(reveal["salt"])
        record = decode_record(str(reveal["record"]))
    except (KeyError, ValueError, InvalidRecord) as err:
        return Verdict(False, f"the revealed game record does not read ({err})")
    if commitment_of(game_id, seed, salt) != commitment:
        return Verdict(False, "the revealed seed does not match the commitment made at the start")
    if record.game != game_id or record.seed != seed:
        return Verdict(False, "the revealed record is not this game's or not with this seed")
    try:
        game, state = replay(record)
    except NetarcadeError as err:
        return Verdict(False, f"the revealed record does not replay ({err})")
    if digest(game, state) != reveal.get("digest"):
        return Verdict(False, "the record replays to another final position than the relay's")
    if version is not None and len(record.actions) != version:
        return Verdict(False, f"the record has {len(record.actions)} moves; this game showed {version}")
    return Verdict(True, "dice verified: the seed matches the commitment and the record replays to the final position",
                   tuple(record.actions))
