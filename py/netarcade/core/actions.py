"""The standard actions a game may take from the core instead of declaring
its own: ``Resign`` and ``Pass``.

What it is for: one class for the same move in every game that has it, so
a reader, a bot or the relay meets one ``Resign`` and one ``Pass``. Each is a
small frozen value that carries its seat, like every action; a game writes
them ``pN resign`` and ``pN pass`` in its notation (its ``format_action``
and ``parse_action`` say so) and its rules say what they do.

``written_as`` makes an action's ``repr`` its notation, as python-chess
writes a move: every game's action classes call it once, so a list of
actions, a test's failure and a log line read as the game is written,
and the game's ``parse_action`` reads the ``repr`` back.

What it is not: their meaning in a game (resigning is open to a seat still
playing at any moment and never listed as legal: docs/engine.md,
"Resigning"; what follows is each game's rule), nor a game's other actions.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable

from .errors import InvalidNotation
from .game import format_seat, split_seat

__all__ = ["Pass", "Resign", "written_as"]


@dataclass(frozen=True, slots=True)
class Resign:
    """The seat leaves the game; open at any moment, never listed as legal."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The seat lets its chance go (what that ends is the game's rule)."""

    seat: int


def _exactly(given: Any, back: Any) -> bool:
    """Are two action values the same, type for type (``True`` is not ``1``,
    ``2.0`` not ``2``), so that a text stands for ``given`` itself?"""
    if type(given) is not type(back):
        return False
    if isinstance(given, tuple) and not is_dataclass(given):
        return len(given) == len(back) and all(map(_exactly, given, back))
    if is_dataclass(given):
        return all(_exactly(getattr(given, f.name), getattr(back, f.name)) for f in fields(given))
    return given == back


def _fields(action: Any) -> str:
    """The dataclass's own form, ``Take(seat=1, count=2.0)``."""
    return f"{type(action).__name__}({', '.join(f'{f.name}={getattr(action, f.name)!r}' for f in fields(action))})"


def written_as(format_action: Callable[[Any], str], parse_action: Callable[[str], Any], *classes: type) -> None:
    """Give each of ``classes`` (frozen dataclasses that carry a ``seat``) a
    ``repr`` that is its notation, ``format_action(action)``, whenever
    ``parse_action`` reads that text back to exactly the same value;
    otherwise (a look-alike such as ``True`` for seat 1, a float for an int,
    a value the notation cannot write) its fields, so a ``repr`` never
    claims a move it is not and never raises.

    >>> @dataclass(frozen=True)
    ... class Take:
    ...     seat: int
    ...     count: int
    >>> def parse(text):
    ...     seat, body = split_seat(text)
    ...     return Take(seat, int(body.split()[1]))
    >>> written_as(lambda action: format_seat(action.seat, f"take {action.count}"), parse, Take)
    >>> Take(0, 3), [Take(1, 1), Take(1, 2)]
    (p1 take 3, [p2 take 1, p2 take 2])
    >>> parse(repr(Take(0, 3))) == Take(0, 3)
    True
    >>> Take(True, 3), Take(0, 2.0)
    (Take(seat=True, count=3), Take(seat=0, count=2.0))
    """
    busy: set[int] = set()

    def __repr__(self: Any) -> str:
        if id(self) in busy:  # format_action's own error message names the action
            return _fields(self)
        busy.add(id(self))
        try:
            text = format_action(self)
            back = parse_action(text)
        except Exception:  # noqa: BLE001 (a value the notation cannot write: its fields)
            return _fields(self)
        finally:
            busy.discard(id(self))
        return text if _exactly(self, back) else _fields(self)

    for cls in classes:
        cls.__repr__ = __repr__


def _format_standard(action: Resign | Pass) -> str:
    return format_seat(action.seat, "resign" if type(action) is Resign else "pass")


def _parse_standard(text: str) -> Resign | Pass:
    seat, body = split_seat(text)
    if body == "resign":
        return Resign(seat)
    if body == "pass":
        return Pass(seat)
    raise InvalidNotation(f"{text!r} is neither resign nor pass")


#: ``pN resign`` and ``pN pass`` in every game's notation
written_as(_format_standard, _parse_standard, Resign, Pass)
