"""The Bot interface shared by every player the computer controls."""

from __future__ import annotations

from typing import Any, Hashable

from ..core.game import Game
from ..core.prng import Rng


class Bot:
    name = "bot"

    def __init__(self, rng: Rng):
        self.rng = rng

    def choose(self, game: Game, state: Any, seat: int) -> Hashable:
        """An action for ``seat``; ``state`` is left unchanged."""
        raise NotImplementedError
