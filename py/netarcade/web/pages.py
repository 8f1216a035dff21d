"""The page's games: one :class:`~.gamepage.GamePage` per game, found by id.

What it is for: ``app`` (the DOM glue), ``controller``, ``shell`` (the
build-time first screen) and the home screen draw any game the same way. A
game's folder (``web/games/<id>/``) defines ``PAGE``, a ``GamePage``
(``gamepage.py``): its catalogue entry (title, pitch, card), its *table*
(its controls as a DOM-free state machine), board, panels, side column,
game-over card, bot pace, first paint and stylesheet. :func:`page_for`
imports a game's folder on first use, so the start-up of one game does not
pay for another.

What it is not: game logic (the tables and the engine), HTML (the views)
or the ``GamePage`` base class (``gamepage.py``: it draws through the
views, which list the pages, so it is not here).

A table (``BackboneTable``, ``NetControlTable``) offers: ``session``,
``message``, ``tools`` (the names ``data-tool`` buttons may carry),
``sync()``, ``select_tool(tool)`` (may play an action: returns its notation),
``click(name)`` (a board element's ``data-name``), ``command(name, value)``
(game buttons such as ``end``, ``roll``, ``pick``), ``cancel()``,
``key_command(key)``, ``hints()``, ``status()``, ``prompt()``, ``result()``.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..games.registry import page_packages

__all__ = ["all_pages", "default_page", "is_playable", "page_for", "page_part"]


_PAGES: dict[str, Any] = {}


def page_for(game_id: str) -> Any:
    """The page of a registered game (``KeyError`` for any other)."""
    page = _PAGES.get(game_id)
    if page is None:
        package = page_packages().get(game_id)
        if package is None:
            raise KeyError(game_id)
        page = importlib.import_module(package).PAGE
        _PAGES[game_id] = page
    return page


def page_part(game_id: str, role: str) -> Any:
    """A part of a game's page (``GamePage.part``: its lesson, its rules at
    a glance), or None when the game or the part is not there. Only that
    game's folder is imported."""
    if game_id not in page_packages():
        return None
    return page_for(game_id).part(role)


def all_pages() -> list[Any]:
    """Every game of the arcade, in menu order (imports every folder)."""
    return [page_for(game_id) for game_id in page_packages()]


def is_playable(game_id: str) -> bool:
    """Can the page play this game (a page, and rules registered with the engine)?"""
    if game_id not in page_packages():
        return False
    from ..core.errors import UnknownGame
    from ..games import get_game

    try:
        get_game(game_id)  # its rules only: the other games' stay unimported
    except UnknownGame:
        return False
    return page_for(game_id).playable


def default_page() -> Any:
    """The default game (the embed's demo, a fresh start): the first playable one."""
    for game_id in page_packages():  # one at a time: the first game's start-up imports no other
        page = page_for(game_id)
        if page.playable:
            return page
    raise LookupError("no playable game is registered")
