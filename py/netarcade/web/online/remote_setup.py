"""What a table reads from ``Setup`` and the game, for an online room.

What it is for: ``online.RemoteSession`` has no ``Setup`` and no engine
state of its own; these two small classes give the game's table the parts
it reads (``seats``, ``humans``, ``is_bot``; ``game.turn_count``) from the
relay's frames. What it is not: networking or DOM code.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RemoteSetup"]


class RemoteSetup:
    """What tables read from ``Setup``, for a relay room seen from one seat.

    Only this page's own seat counts as the human here: every other seat
    (another person or a bot) decides elsewhere, so ``is_bot`` is true for
    it and the table shows "... is thinking" while it decides; a seat a
    person holds (``plays_elsewhere``) is not called a bot there."""

    def __init__(self, game: str, options: dict[str, Any], kinds: list[str], mine: int | None):
        self.game = game
        self.options = options
        self.kinds = list(kinds)
        self.mine = mine
        self.seed = None  # the relay keeps it until the end
        self.labels = list(kinds)

    @property
    def seats(self) -> tuple[str, ...]:
        """What the runners list shows per seat (``human``, a bot level, ``greedy (stand-in)``)."""
        return tuple(self.labels)

    @property
    def humans(self) -> tuple[int, ...]:
        return () if self.mine is None else (self.mine,)

    def is_bot(self, seat: int) -> bool:
        return seat != self.mine

    def plays_elsewhere(self, seat: int) -> bool:
        """Is ``seat`` another person, deciding on their own screen (not this
        page's seat, not a bot, not a bot standing in for a player who left)?"""
        return seat != self.mine and self.labels[seat] == "human"


class _RemoteGame:
    """The engine's game, with ``turn_count`` read from the relay's view
    (a remote session has no state of its own)."""

    def __init__(self, game):
        self._game = game

    def turn_count(self, state) -> int:
        return int(state["view"].get("turn", 0)) if isinstance(state, dict) else 0

    def __getattr__(self, name):
        return getattr(self._game, name)
