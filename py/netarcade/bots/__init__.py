"""Game-agnostic players: ``random``, ``greedy`` (one ply on the game's
evaluation) and ``search`` (Monte Carlo tree search on determinized states).

A bot is built by ``make_bot(name, seed)`` and answers ``choose(game, state,
seat)``. Bots only call the public Game contract (``legal_actions``,
``apply`` on copies, ``evaluate``, ``determinize``), never a game's internals.
"""

from __future__ import annotations

from ..core.prng import Rng, derive_seed
from .base import Bot
from .greedy import GreedyBot
from .mcts import SearchBot
from .random_bot import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
#: levels offered to players, weakest first
LEVELS = tuple(BOTS)


def make_bot(name: str, seed: int, **settings) -> Bot:
    """A bot by name whose own randomness comes from ``seed``."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return cls(Rng(seed), **settings)


def bot_seed(game_seed: int, seat: int, name: str) -> int:
    """The seed of the bot in ``seat`` of a game, so seeded games replay exactly."""
    return derive_seed(game_seed, f"bot:{seat}:{name}")


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "bot_seed", "make_bot"]
