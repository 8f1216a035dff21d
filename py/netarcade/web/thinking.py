"""Bots that think in short slices, so the page never freezes.

What it is for: Pyodide runs on the browser's main thread, and a bot's
choice can take longer than a frame. Every engine bot writes its choice as a
generator (``Bot.steps``) that yields after each small unit of work (one
evaluated action); :class:`Thinker` runs it until a slice budget (default
30 ms) is used up and returns, and the page awaits ``asyncio.sleep(0)``
between slices so the browser paints and handles input.

With no time limit a sliced choice is exactly ``Bot.choose`` for the same
seed (the same generator runs; ``tests/web/test_web_session.py`` checks it), so
slicing changes when the work happens, never what is played. The search
bot's time limit counts thinking time (the sum of the slices), not wall
time, so a busy page does not make it weaker.

What it is not: DOM code (no ``js`` here; ``app`` drives the slices) and not
a bot of its own.
"""

from __future__ import annotations

import time
from typing import Any, Hashable

from ..bots import BOTS, new_bot
from ..bots.base import Clock
from ..core.game import Game
from ..core.prng import Rng

__all__ = ["PAGE_SEARCH", "SLICE_SECONDS", "Thinker"]

#: one slice of thinking between two yields to the browser
SLICE_SECONDS = 0.03
#: the page's search bot: the game's own budget, and at most this much thinking time
PAGE_SEARCH = {"time_limit": 0.6}


class Thinker:
    """One bot decision, run a slice at a time.

    ``search`` overrides the search bot's settings (default
    :data:`PAGE_SEARCH`); ``state`` is never changed (bots work on copies).

    >>> from netarcade.games import get_game
    >>> game = get_game("backbone"); state = game.new_game({}, 1)
    >>> thinker = Thinker(game, state, 0, "greedy", Rng(5))
    >>> while not thinker.step():
    ...     pass
    >>> game.format_action(thinker.action)
    'p1 datacenter a2'
    """

    def __init__(self, game: Game, state: Any, seat: int, level: str, rng: Rng,
                 search: dict | None = None, timer: Clock = time.perf_counter):
        if level not in BOTS:
            raise ValueError(f"unknown bot level {level!r}")
        settings = (PAGE_SEARCH if search is None else search) if level == "search" else {}
        bot = new_bot(level, rng, game, **settings)  # settings resolved once, for this game
        self._begin(bot.steps(game, game.copy(state), seat, self.clock), timer)

    @classmethod
    def over(cls, work, timer: Clock = time.perf_counter) -> "Thinker":
        """A thinker over any choice generator that yields between units of
        work and returns the action (the hint's: ``Analyser.choice_steps``)."""
        thinker = cls.__new__(cls)
        thinker._begin(work, timer)
        return thinker

    def _begin(self, work, timer: Clock) -> None:
        self._timer = timer
        self._slice_start: float | None = None
        self.spent = 0.0  # thinking time so far, in seconds
        self.slices = 0
        self.longest = 0.0  # the longest slice, in seconds
        self.done = False
        self.action: Hashable | None = None
        self._work = work

    def clock(self) -> float:
        """Thinking time so far, including the running slice."""
        running = 0.0 if self._slice_start is None else self._timer() - self._slice_start
        return self.spent + running

    def step(self, budget: float = SLICE_SECONDS) -> bool:
        """Think for about ``budget`` seconds; True once the action is chosen."""
        if self.done:
            return True
        start = self._timer()
        self._slice_start = start
        deadline = start + budget
        try:
            while True:
                next(self._work)
                if self._timer() >= deadline:
                    break
        except StopIteration as finished:
            self.done = True
            self.action = finished.value
        finally:
            elapsed = self._timer() - start
            self._slice_start = None
            self.spent += elapsed
            self.slices += 1
            self.longest = max(self.longest, elapsed)
        return self.done

    def run(self) -> Hashable:
        """Think to the end in one go (tests, CPython)."""
        while not self.step(1.0):
            pass
        return self.action
