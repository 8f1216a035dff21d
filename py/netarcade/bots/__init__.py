"""Game-agnostic players: ``random``, ``learner`` (a gentle one: one ply on
the game's evaluation, often not the best of it), ``greedy`` (the best one
ply on the game's evaluation) and ``search`` (Monte Carlo tree search on
determinized states).

A bot is built by ``make_bot(name, seed, game)`` and answers ``choose(game,
state, seat)``. Its settings are resolved once, there: the caller's, else the
game's ``bot_settings[name]``, else the bot's defaults; an unknown one
raises :class:`UnknownBotSetting` (see ``base.py``). Bots only call the
public Game contract (``legal_actions``, ``apply`` on copies, ``evaluate``,
``determinize``), never a game's internals.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import quoted
from ..core.game import Game
from ..core.prng import Rng, derive_seed
from .base import Bot, UnknownBotSetting
from .greedy import GreedyBot
from .learner import LearnerBot
from .mcts import SearchBot
from .random_bot import RandomBot

BOTS = {"random": RandomBot, "learner": LearnerBot, "greedy": GreedyBot, "search": SearchBot}
#: levels offered to players, weakest first
LEVELS = tuple(BOTS)


def make_bot(name: str, seed: int, game: Game | None = None, **settings: Any) -> Bot:
    """A bot by name whose own randomness comes from ``seed``, its settings
    resolved for ``game`` (see :func:`new_bot`)."""
    return new_bot(name, Rng(seed), game, **settings)


def new_bot(name: str, rng: Rng, game: Game | None = None, **settings: Any) -> Bot:
    """A bot by name drawing on ``rng``. Its settings are resolved here, once:
    ``settings`` (the caller's), else ``game.bot_settings[name]``, else the
    bot's defaults. An unknown setting from either raises
    :class:`UnknownBotSetting` naming it, as does a game's ``bot_settings``
    entry for a bot that does not exist. Without ``game`` the bot resolves
    against the first game it plays."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {quoted(name)} (known: {', '.join(BOTS)})") from None
    bot = cls(rng, **settings)
    if game is not None:
        check_game_settings(game)
        bot.configure(game)
    return bot


def check_game_settings(game: Game) -> None:
    """Every entry of ``game.bot_settings`` names a bot and only its settings."""
    own = getattr(game, "bot_settings", {})
    for name in own:
        if name not in BOTS:
            raise UnknownBotSetting(f"{game.id}'s bot_settings name an unknown bot {name!r} (known: {', '.join(BOTS)})")
        BOTS[name](Rng(0)).configure(game)


def bot_seed(game_seed: int, seat: int, name: str) -> int:
    """The seed of the bot in ``seat`` of a game, so seeded games replay exactly."""
    return derive_seed(game_seed, f"bot:{seat}:{name}")


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "LearnerBot", "RandomBot", "SearchBot", "UnknownBotSetting",
           "bot_seed", "check_game_settings", "make_bot", "new_bot"]
