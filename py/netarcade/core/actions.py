"""The standard actions a game may take from the core instead of declaring
its own: ``Resign`` and ``Pass``.

What it is for: one class for the same move in every game that has it, so
a reader, a bot or the relay meets one ``Resign`` and one ``Pass``. Each is a
small frozen value that carries its seat, like every action; a game writes
them ``pN resign`` and ``pN pass`` in its notation (its ``format_action``
and ``parse_action`` say so) and its rules say what they do.

What it is not: their meaning in a game (resigning is open to a seat still
playing at any moment and never listed as legal: docs/engine.md,
"Resigning"; what follows is each game's rule), nor a game's other actions.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Pass", "Resign"]


@dataclass(frozen=True, slots=True)
class Resign:
    """The seat leaves the game; open at any moment, never listed as legal."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The seat lets its chance go (what that ends is the game's rule)."""

    seat: int
