"""The log of an online game: one line per version, from what the relay sent.

What it is for: ``online.RemoteSession.log`` (the local ``Session.log``'s
shape, ``LogEntry``) built from the relay's frames: each version's notation
as the relay lets this observer read it (``moves``), the verified record's
once the game is over, else a summary of the version's events.
What it is not: a protocol or DOM code.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.errors import NetarcadeError
from ...core.game import split_seat
from ..session import LogEntry

__all__ = ["remote_log"]


def remote_log(version: int, events: Sequence[dict[str, Any]], moves: Mapping[int, str],
               record_actions: Sequence[str], max_players: int) -> list[LogEntry]:
    """One ``LogEntry`` per version 1..``version``.

    >>> [e.text for e in remote_log(2, [{"kind": "roll", "seat": 1, "sum": 7, "v": 2}], {1: "p1 end"}, (), 6)]
    ['p1 end', 'p2 roll 7']
    """
    by_version: dict[int, list[dict]] = {}
    for event in events:
        by_version.setdefault(int(event.get("v", 0)), []).append(event)
    entries, turn = [], 0
    for v in range(1, max(version, 0) + 1):
        happened = by_version.get(v, [])
        text, seat = None, None
        verified = (record_actions[v - 1],) if v - 1 < len(record_actions) else ()
        for candidate in (*verified, *((moves[v],) if v in moves else ())):
            try:
                seat = split_seat(candidate, max_players)[0]
            except NetarcadeError:
                continue
            text = candidate
            break
        if text is None:
            text, seat = _event_text(happened)
        entries.append(LogEntry(v - 1, turn, seat, text, tuple(happened)))
        for event in happened:
            if event.get("kind") == "turn" and isinstance(event.get("turn"), int):
                turn = event["turn"]
    return entries


def _event_text(events: list[dict]) -> tuple[str, int]:
    """A log line for a version whose notation the relay does not send: the
    first event's kind and its plain fields (``p2 roll 4 3 7``)."""
    for event in events:
        seat = event.get("seat")
        if isinstance(seat, int):
            words = [str(value) for key, value in event.items()
                     if key not in ("kind", "seat", "v") and isinstance(value, (int, str)) and not isinstance(value, bool)]
            return " ".join([f"p{seat + 1}", str(event.get("kind", "")), *words]).strip(), seat
    return ("\u2026", 0)
