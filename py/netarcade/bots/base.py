"""The Bot interface shared by every player the computer controls.

A bot's choice is written once, as a generator (:meth:`Bot.steps`) that
yields after every small unit of work (one evaluated action) and returns the
action. :meth:`Bot.choose` runs it to the end in one go (simulations, the
CLI); the page runs the same generator a slice at a time
(``web.thinking.Thinker``), so slicing changes when the work happens, never
what is played.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator, Hashable

from ..core.game import Game
from ..core.prng import Rng

#: thinking time spent so far on a choice, in seconds
Clock = Callable[[], float]
#: a choice as a generator: yields after each unit of work, returns the action
Steps = Generator[None, None, Hashable]


class Bot:
    name = "bot"

    def __init__(self, rng: Rng):
        self.rng = rng

    def choose(self, game: Game, state: Any, seat: int) -> Hashable:
        """An action for ``seat``; ``state`` is left unchanged."""
        start = time.perf_counter()
        return finish(self.steps(game, state, seat, lambda: time.perf_counter() - start))

    def steps(self, game: Game, state: Any, seat: int, clock: Clock) -> Steps:
        """The choice as a generator; ``clock()`` is the thinking time so far
        (only bots with a time limit ask)."""
        raise NotImplementedError


def finish(steps: Steps) -> Hashable:
    """Run a choice generator to the end and return its action."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
