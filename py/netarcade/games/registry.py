"""The registry of games: every game package registers its ``Game`` here.

It lives with the games, not in ``core``, so the core imports no game and
there is no import circle. ``netarcade.games`` declares every built-in game,
one line each (:func:`declare`); ``get_game`` and ``all_games`` are
re-exported there.

A game is two folders: its rules (``games/<id>/``, whose ``__init__``
calls :func:`register`) and its page (``web/games/<id>/``, whose
``__init__`` defines ``PAGE``). :func:`declare` names both, in the order of
declaration (the arcade's menu order), and imports neither: the rules are
imported on first use (:func:`get_game` for that game, :func:`all_games`
for every one), the page too (``web.pages.page_for``). So a link to one
game starts without compiling the other games' rules (issue 40: the
page's cold start), and ``netarcade.games`` still knows every game's id.
"""

from __future__ import annotations

import importlib

from ..core.errors import UnknownGame, quoted
from ..core.game import Game

_REGISTRY: dict[str, Game] = {}
#: game id -> the package of its rules, imported on first use (it registers the game)
_RULES: dict[str, str] = {}
#: game id -> the package of its page, in menu order (the first is the default game)
_PAGES: dict[str, str] = {}


def declare(game_id: str, rules: str | None = None, page: str | None = None) -> None:
    """The one registration line of a game: note its rules package
    (``netarcade.games.<id>`` unless ``rules`` names another), whose import
    registers its ``Game`` the first time :func:`get_game` or
    :func:`all_games` needs it, and its page package
    (``netarcade.web.games.<id>`` unless ``page`` names another)."""
    _RULES[game_id] = rules or f"{__package__}.{game_id}"
    _PAGES[game_id] = page or f"{__package__.rpartition('.')[0]}.web.games.{game_id}"


def withdraw(game_id: str) -> None:
    """Forget a declared game (a test's game, once the test is over)."""
    _REGISTRY.pop(game_id, None)
    _RULES.pop(game_id, None)
    _PAGES.pop(game_id, None)


def declared() -> tuple[str, ...]:
    """Every declared game's id, in menu order (the first is the default game)."""
    return tuple(_PAGES)


def page_packages() -> dict[str, str]:
    """Every declared game's page package by id, in menu order."""
    return dict(_PAGES)


def register(game: Game) -> Game:
    """Add a game to the registry (idempotent for the same id and class)."""
    existing = _REGISTRY.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two different games claim the id {game.id!r}")
    _REGISTRY[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The registered game with this id, its rules imported now if it was only
    declared; ``UnknownGame`` names the known ones."""
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        pass
    if isinstance(game_id, str) and game_id in _RULES:
        importlib.import_module(_RULES[game_id])
        if game_id in _REGISTRY:
            return _REGISTRY[game_id]
    known = ", ".join(sorted(set(_REGISTRY) | set(_RULES)))
    raise UnknownGame(f"unknown game {quoted(game_id)} (known: {known})") from None


def all_games() -> list[Game]:
    """Every registered game, by id (the declared ones' rules imported first)."""
    for game_id in _RULES:
        get_game(game_id)
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def continues_online(game: Game) -> bool:
    """May a local game in progress (its record: seed and moves) carry on in
    a relay room? Only when the seed decides nothing a player may not know:
    no hidden information and no chance after setup (Backbone). Otherwise
    the page that dealt it knows every card or draw to come, so the relay
    deals the online game afresh (docs/relay.md, "Take it online")."""
    return not game.hidden_information and not game.chance
