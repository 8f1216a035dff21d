"""Take-away's one action and its notation: ``p1 take 3``, plus the core's ``Resign``."""

from __future__ import annotations

from dataclasses import dataclass

from netarcade.core.actions import Resign, written_as
from netarcade.core.errors import InvalidNotation
from netarcade.core.game import format_seat, split_seat

__all__ = ["Resign", "Take", "format_action", "parse_action"]


@dataclass(frozen=True, slots=True)
class Take:
    seat: int
    count: int


def format_action(action) -> str:
    if isinstance(action, Resign):
        return format_seat(action.seat, "resign")
    return format_seat(action.seat, f"take {action.count}")


def parse_action(text: str):
    seat, body = split_seat(text, 2)
    if body == "resign":
        return Resign(seat)
    verb, _, count = body.partition(" ")
    if verb != "take" or not (count.isascii() and count.isdigit()) or len(count) > 2:
        raise InvalidNotation(f"{text!r} is not 'take N'")
    return Take(seat, int(count))


#: an action's ``repr`` is its notation (``core.actions.written_as``)
written_as(format_action, parse_action, Take)
