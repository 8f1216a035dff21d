"""The Bot interface shared by every player the computer controls.

A bot's choice is written once, as a generator (:meth:`Bot.steps`) that
yields after every small unit of work (one evaluated action) and returns the
action. :meth:`Bot.choose` runs it to the end in one go (simulations, the
CLI); the page runs the same generator a slice at a time
(``web.thinking.Thinker``), so slicing changes when the work happens, never
what is played.

Settings: a kind of bot lists the settings it takes with their defaults
(:attr:`Bot.DEFAULTS`; the search bot's, none for random and greedy). They
are resolved once, when the bot is made for a game (``make_bot(name, seed,
game)``): the caller's, else the game's ``bot_settings[name]``, else the
defaults. An unknown setting raises :class:`UnknownBotSetting`, naming it,
whether the caller or the game gave it. A bot made without a game resolves
against the first game it is asked to play (and again only if it is asked to
play another game).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator, Hashable, Mapping

from ..core.game import Game
from ..core.prng import Rng

#: thinking time spent so far on a choice, in seconds
Clock = Callable[[], float]
#: a choice as a generator: yields after each unit of work, returns the action
Steps = Generator[None, None, Hashable]


class UnknownBotSetting(ValueError):
    """A bot setting no bot of that kind takes (from a caller or a game)."""


def check_settings(name: str, settings: Mapping[str, Any], known: Mapping[str, Any], source: str) -> dict:
    """``settings`` as a dict, or :class:`UnknownBotSetting` naming the first
    unknown one and where it came from (``source``)."""
    unknown = sorted(set(settings) - set(known))
    if unknown:
        takes = f"known: {', '.join(known)}" if known else f"the {name} bot takes no settings"
        plural = "s" if len(unknown) > 1 else ""
        raise UnknownBotSetting(
            f"unknown {name} bot setting{plural} {', '.join(map(repr, unknown))} from {source} ({takes})")
    return dict(settings)


class Bot:
    name = "bot"
    #: the settings this kind of bot takes, with their defaults
    DEFAULTS: Mapping[str, Any] = {}

    def __init__(self, rng: Rng, **settings):
        self.rng = rng
        #: the settings the caller chose; a game's own never override them
        self.given = check_settings(self.name, settings, self.DEFAULTS, "the caller")
        #: the id of the game the settings were resolved for (None: not yet)
        self.game_id: str | None = None
        #: the resolved settings (also set as attributes)
        self.settings: dict[str, Any] = {}
        self._resolve({})

    def configure(self, game: Game) -> "Bot":
        """Resolve the settings for ``game``: the caller's, else the game's
        ``bot_settings[name]``, else :attr:`DEFAULTS`. ``make_bot(..., game)``
        calls it once; a bot made without a game calls it on its first choice."""
        own = check_settings(self.name, getattr(game, "bot_settings", {}).get(self.name, {}), self.DEFAULTS,
                             f"{game.id}'s bot_settings[{self.name!r}]")
        self._resolve(own)
        self.game_id = game.id
        return self

    def _resolve(self, own: Mapping[str, Any]) -> None:
        self.settings = {key: self.given.get(key, own.get(key, default)) for key, default in self.DEFAULTS.items()}
        for key, value in self.settings.items():
            setattr(self, key, value)

    def ready(self, game: Game) -> None:
        """Resolve the settings unless they already are for this game (cheap:
        every choice calls it)."""
        if self.game_id != game.id:
            self.configure(game)

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
