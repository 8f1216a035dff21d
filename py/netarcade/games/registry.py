"""The registry of games: every game package registers its ``Game`` here.

It lives with the games, not in ``core``, so the core imports no game and
there is no import circle. ``netarcade.games`` imports every built-in game;
``get_game`` and ``all_games`` are re-exported there.
"""

from __future__ import annotations

from ..core.errors import UnknownGame, quoted
from ..core.game import Game

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (idempotent for the same id and class)."""
    existing = _REGISTRY.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two different games claim the id {game.id!r}")
    _REGISTRY[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The registered game with this id; ``UnknownGame`` names the known ones."""
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"unknown game {quoted(game_id)} (known: {known})") from None


def all_games() -> list[Game]:
    """Every registered game, by id."""
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def continues_online(game: Game) -> bool:
    """May a local game in progress (its record: seed and moves) carry on in
    a relay room? Only when the seed decides nothing a player may not know:
    no hidden information and no chance after setup (Backbone). Otherwise
    the page that dealt it knows every card or draw to come, so the relay
    deals the online game afresh (docs/relay.md, "Take it online")."""
    return not game.hidden_information and not game.chance
