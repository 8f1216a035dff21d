"""One package per game; importing this package registers every built-in game.

Adding a game: a new ``games/<id>/`` package that calls ``register`` and one
line below.
"""

from .registry import all_games, continues_online, get_game, register
from ..core.record import Record, replay_with

from . import backbone, breach, netcontrol, overwrite  # noqa: E402,F401  (registers each game)


def replay(record: Record, upto: int | None = None):
    """``(game, state)`` of a record, its game looked up here; see ``core.record.replay_with``."""
    return replay_with(get_game, record, upto)


__all__ = ["all_games", "continues_online", "get_game", "register", "replay"]
