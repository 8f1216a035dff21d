"""The page's games: one small adapter per playable game.

What it is for: ``app`` (the DOM glue) and ``shell`` (the build-time first
screen) draw any playable game the same way: a :class:`GamePage` makes the
game's *table* (its controls as a DOM-free state machine), draws its board,
fills its panels and side column, and says how long a bot's action stays on
screen. :func:`page_for` finds a game's page; the game's own modules are
imported on first use, so the start-up of one game does not pay for another.

What it is not: game logic (the tables and the engine) or HTML (the views).

A table (``BackboneTable``, ``NetControlTable``) offers: ``session``,
``message``, ``tools`` (the names ``data-tool`` buttons may carry),
``sync()``, ``select_tool(tool)`` (may play an action: returns its notation),
``click(name)`` (a board element's ``data-name``), ``command(name, value)``
(game buttons such as ``end``, ``roll``, ``pick``), ``cancel()``,
``key_command(key)``, ``hints()``, ``status()``, ``prompt()``.
"""

from __future__ import annotations

from typing import Any

from .session import Session

__all__ = ["GamePage", "PAGES", "page_for"]


class GamePage:
    """How the page shows one game."""

    id = ""
    title = ""
    #: a bot action stays at least this long on screen (seconds)
    bot_pause_seconds = 0.45

    def table(self, session: Session) -> Any:
        raise NotImplementedError

    def board(self, table: Any, orient: str = "wide") -> str:
        raise NotImplementedError

    def panels(self, table: Any) -> dict[str, str]:
        raise NotImplementedError

    def side(self, table: Any = None) -> str:
        raise NotImplementedError

    def game_over(self, table: Any) -> str:
        raise NotImplementedError

    def bot_pause(self, text: str) -> float:
        """How long the bot action ``text`` (notation) stays on screen."""
        return self.bot_pause_seconds


class BackbonePage(GamePage):
    id = "backbone"
    title = "Backbone"

    def table(self, session):
        from .backbone import BackboneTable

        return BackboneTable(session)

    def board(self, table, orient="wide"):
        from ..games.backbone.render import render_board

        hints = table.hints()
        hints["orient"] = orient
        return render_board(table.session.view(), hints)

    def panels(self, table):
        from . import views

        return {
            "tools": views.tool_bar(table),
            "players": views.players_panel(table),
            "costs": views.costs_panel(table),
            "log": views.log_panel(table),
        }

    def side(self, table=None):
        from . import views

        return views.backbone_side(table)

    def game_over(self, table):
        from . import views

        return views.game_over(table)


class NetControlPage(GamePage):
    id = "netcontrol"
    title = "Net Control"
    #: rolls stay longer (the dice panel changes), bookkeeping goes quicker
    PAUSES = {"roll": 0.6, "end": 0.25, "discard": 0.2}

    def table(self, session):
        from .netcontrol import NetControlTable

        return NetControlTable(session)

    def board(self, table, orient="wide"):
        from ..games.netcontrol.render import render_board

        return render_board(table.view(), table.hints())

    def panels(self, table):
        from . import netcontrol_views

        return netcontrol_views.panels(table)

    def side(self, table=None):
        from . import netcontrol_views

        return netcontrol_views.side(table)

    def game_over(self, table):
        from . import netcontrol_views

        return netcontrol_views.game_over(table)

    def bot_pause(self, text):
        words = text.split()
        return self.PAUSES.get(words[1] if len(words) > 1 else "", self.bot_pause_seconds)


PAGES: dict[str, GamePage] = {page.id: page for page in (BackbonePage(), NetControlPage())}


def page_for(game_id: str) -> GamePage:
    """The page of a playable game (``KeyError`` for any other)."""
    return PAGES[game_id]
