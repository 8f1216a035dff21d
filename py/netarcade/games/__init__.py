"""One package per game; importing this package declares every built-in game.

Adding a game: its rules in a new ``games/<id>/`` package that calls
``register``, its page in ``web/games/<id>/``, and one line below
(docs/engine.md, "Worked example"). The order of the lines is the arcade's
menu order; the first is the default game (an embed's demo, a fresh start).
A declared game's rules are imported when first asked for (``get_game``,
``all_games``), so a page that plays one game compiles no other's.
"""

from .registry import all_games, continues_online, declare, declared, get_game, register
from ..core.record import Record, replay_with

declare("backbone")
declare("netcontrol")
declare("overwrite")
declare("breach")


def replay(record: Record, upto: int | None = None):
    """``(game, state)`` of a record, its game looked up here; see ``core.record.replay_with``."""
    return replay_with(get_game, record, upto)


__all__ = ["all_games", "continues_online", "declare", "declared", "get_game", "register", "replay"]
