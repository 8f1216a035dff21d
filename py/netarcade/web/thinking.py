"""Bots that think in short slices, so the page never freezes.

What it is for: Pyodide runs on the browser's main thread, and a bot's
choice can take longer than a frame (the search bot runs hundreds of tree
iterations; each expansion evaluates every legal action). :class:`Thinker`
runs a bot's choice as a generator that yields after every small unit of
work (one evaluated action); :meth:`Thinker.step` runs it until a slice
budget (default 30 ms) is used up and returns, and the page awaits
``asyncio.sleep(0)`` between slices so the browser paints and handles input.

The bots are the engine's own (``netarcade.bots``): the greedy and search
choices here are the same algorithms, written as generators. With no time
limit they choose exactly what ``GreedyBot.choose`` / ``SearchBot.choose``
choose for the same seed (``tests/test_web_session.py`` checks it), so the
slicing changes when the work happens, never what is played. The search
bot's time limit counts thinking time (the sum of the slices), not wall
time, so a busy page does not make it weaker.

What it is not: DOM code (no ``js`` here; ``app`` drives the slices) and not
a new bot. It relies on two private names of ``bots.mcts`` (``_Node`` and the
iteration's structure); see ``docs/web.md`` for the small public API that
would let ``mcts.py`` offer this itself.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator, Hashable

from ..bots.mcts import SearchBot, _Node
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.prng import Rng

__all__ = ["PAGE_SEARCH", "SLICE_SECONDS", "SlicedSearch", "Thinker", "greedy_choice", "think"]

#: one slice of thinking between two yields to the browser
SLICE_SECONDS = 0.03
#: the page's search bot: up to this many iterations, at most this much thinking time
PAGE_SEARCH = {"iterations": 400, "time_limit": 0.6}

Clock = Callable[[], float]


def _rank(game: Game, state: Any, seat: int, actions=None) -> Generator[None, None, list]:
    """``bots.greedy.rank_actions`` as a generator: yields after each action."""
    if actions is None:
        actions = game.legal_actions(state, seat)
        yield
    ranked = []
    for index, action in enumerate(actions):
        trial = game.copy(state)
        try:
            game.apply(trial, action)
        except IllegalAction:  # listed but refused (as ``rank_actions``): never chosen
            yield
            continue
        ranked.append((game.evaluate(trial, seat), index, action))
        yield
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return ranked


def greedy_choice(game: Game, state: Any, seat: int, rng: Rng) -> Generator[None, None, Hashable]:
    """``GreedyBot.choose`` as a generator."""
    ranked = yield from _rank(game, game.determinize(state, seat, rng), seat)
    best = ranked[0][0]
    ties = [action for value, _, action in ranked if value >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def random_choice(game: Game, state: Any, seat: int, rng: Rng) -> Generator[None, None, Hashable]:
    """``RandomBot.choose`` (one call: listing the legal actions is quick)."""
    actions = game.legal_actions(state, seat)
    yield
    return rng.choice(actions)


class SlicedSearch(SearchBot):
    """``SearchBot`` whose choice can be run a slice at a time (:meth:`think`)."""

    def think(self, game: Game, state: Any, seat: int, clock: Clock) -> Generator[None, None, Hashable]:
        """Mirror of ``SearchBot.choose``; ``clock()`` gives the thinking time
        spent so far, checked against ``time_limit`` between iterations."""
        configure = getattr(self, "configure", None)
        if configure is not None:  # the game's own search settings (``Game.bot_settings``)
            configure(game)
        actions = game.legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        root = _Node(seat)
        for iteration in range(self.iterations):
            if self.time_limit is not None and iteration > 0 and clock() > self.time_limit:
                break
            yield from self._iterate_sliced(game, game.determinize(state, seat, self.rng), root, seat)
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].value))
        return best[0]

    def _iterate_sliced(self, game, state, root, me):
        # Same walk as SearchBot._iterate; only the expansion yields.
        path = [root]
        node = root
        own_turn = getattr(self, "horizon", "game") == "turn"
        while True:
            if game.is_over(state):
                break
            if own_turn and node.seat != me:
                break
            if node.candidates is None:
                ranked = yield from _rank(game, state, node.seat)
                width = self.root_width if node is root else self.width
                node.candidates = [action for _, _, action in ranked[:width]]
            if node.candidates:
                action = node.candidates.pop(0)
                child = self._step(game, state, action)
                if child is None:
                    break
                node.children[action] = child
                path.append(child)
                break
            if not node.children:
                break
            action, child = self._select(node)
            try:
                game.apply(state, action)
            except IllegalAction:
                break
            path.append(child)
            node = child
        values = self._leaf_values(game, state, me)
        for index, visited in enumerate(path):
            visited.visits += 1
            mover = path[index - 1].seat if index else None
            if mover is not None:
                visited.value += values.get(mover, 0.0)
        yield


def think(game: Game, state: Any, seat: int, level: str, rng: Rng, clock: Clock,
          search: dict | None = None) -> Generator[None, None, Hashable]:
    """The choice of a bot of ``level`` as a generator of small work units.

    ``state`` is not changed (bots work on copies). ``search`` overrides the
    search bot's settings (default :data:`PAGE_SEARCH`).
    """
    if level == "random":
        return (yield from random_choice(game, state, seat, rng))
    if level == "greedy":
        return (yield from greedy_choice(game, state, seat, rng))
    if level == "search":
        bot = SlicedSearch(rng, **(PAGE_SEARCH if search is None else search))
        return (yield from bot.think(game, state, seat, clock))
    raise ValueError(f"unknown bot level {level!r}")


class Thinker:
    """One bot decision, run a slice at a time.

    >>> from netarcade.core import get_game
    >>> game = get_game("backbone"); state = game.new_game({}, 1)
    >>> thinker = Thinker(game, state, 0, "greedy", Rng(5))
    >>> while not thinker.step():
    ...     pass
    >>> game.format_action(thinker.action)
    'p1 datacenter a2'
    """

    def __init__(self, game: Game, state: Any, seat: int, level: str, rng: Rng,
                 search: dict | None = None, timer: Clock = time.perf_counter):
        self._timer = timer
        self._slice_start: float | None = None
        self.spent = 0.0  # thinking time so far, in seconds
        self.slices = 0
        self.longest = 0.0  # the longest slice, in seconds
        self.done = False
        self.action: Hashable | None = None
        self._work = think(game, game.copy(state), seat, level, rng, self.clock, search)

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
