"""What a game's page offers: the :class:`GamePage` each ``web/games/<id>/``
folder subclasses (its ``PAGE``), with the defaults every game shares.

What it is for: ``pages.page_for`` finds a game's ``PAGE``; ``app``,
``controller``, ``screen`` and ``shell`` call the methods below and know no
game. What it is not: the list of games (``pages.py``, ``web/games``) or
HTML (the default game-over card is ``views.game_over``).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

__all__ = ["GamePage"]


class GamePage:
    """How the page shows one game. A game that is only announced (its
    rules are not built yet) sets ``playable = False`` and only fills the
    catalogue entry."""

    id = ""
    title = ""
    #: one line for the home screen's card
    pitch = ""
    #: how to win, in one line: the first thing a newcomer reads on the home screen
    goal = ""
    playable = True
    #: a bot action stays at least this long on screen (seconds)
    bot_pause_seconds = 0.45
    #: the embed's demo game's options: whatever makes two demos differ
    #: (each demo draws a fresh seed; a game without chance needs an option
    #: that draws from it, or two demos play the identical game)
    demo_options: dict = {}
    #: what resigning means in this game, for the confirmation card
    resign_note = "You leave the game and the others play on. Undo takes it back."
    #: the game-over chart's axis label and caption
    chart_label = "SCORE"
    chart_caption = "Score at the end of each round"
    #: new-game form labels that differ from the option's name, and the
    #: order of the option fields when not the schema's
    form_labels: dict[str, str] = {}
    field_order: tuple[str, ...] = ()
    #: the game's own stylesheet, beside its module (the build appends it to static/app.css)
    css = ""
    #: where the parts of the page are, beside ``PAGE`` in the game's folder,
    #: as ``"module:name"`` by role; each is imported on first use
    #: (:meth:`part`), so one game's start-up pays for none of another's, and
    #: the methods below read them. A page names the parts it has that
    #: differ from :data:`PARTS` (its table's class, at least):
    #: ``parts = {"table": "table:TakeAwayTable", "rules": "views:RULES"}``
    parts: dict[str, str] = {}
    #: the parts every page is taken to have unless its ``parts`` say otherwise:
    #: the board drawing, the panels and side column, the rules' HTML, how moves
    #: read aloud, the game-over card ("": the shared one, ``views.game_over``),
    #: the lesson (docs/web.md, "Learn") and the rules card ("Rules at a glance");
    #: a part whose module is not there is None (no lesson yet, no tools)
    PARTS = {
        "table": "table:Table",
        "board": "render:render_board",
        "panels": "views:panels",
        "side": "views:side",
        "rules": "views:RULES_HTML",
        "speech": "tools:SPEECH",
        "game_over": "",
        "lesson": "lesson:LESSON",
        "glance": "glance:GLANCE",
    }

    def module(self, name: str) -> Any:
        """The module ``name`` beside ``PAGE`` (``web/games/<id>/<name>.py``),
        imported on first use; None when it is not there."""
        package = type(self).__module__
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise  # the module is there but imports something missing: a bug to see, not "no module"
            return None

    def part(self, role: str) -> Any:
        """The part of the page declared for ``role`` (``parts``, else
        :data:`PARTS`), imported on first use: None when it is declared ""
        or its module is not there; a module without the name is an error.

        >>> class Announced(GamePage):  # no folder of its own: no module beside it
        ...     parts = {"game_over": "views:game_over", "rules": ""}
        >>> [Announced().part(role) for role in ("lesson", "game_over", "rules")]
        [None, None, None]
        """
        where = self.parts.get(role, self.PARTS[role])
        if not where:
            return None
        name, _, attribute = where.partition(":")
        module = self.module(name)
        return None if module is None else getattr(module, attribute)

    # --- the home screen ------------------------------------------------------------
    def card_icons(self) -> str:
        """HTML for the pictures on the game's home-screen card."""
        return ""

    # --- a game in play ----------------------------------------------------------------
    def table(self, session: Any) -> Any:
        """The game's controls for a ``session.Session`` (which imports this
        module, so it is not imported here): its ``table`` part's class."""
        return self.part("table")(session)

    def board(self, table: Any, orient: str = "wide") -> str:
        """The board, drawn by its ``board`` part from the table's view and
        hints, with the orientation (``"wide"``, or ``"tall"`` on a portrait
        phone) as the hint ``orient``."""
        return self.part("board")(table.view(), {**table.hints(), "orient": orient})

    def panels(self, table: Any) -> dict[str, str]:
        """Element id -> HTML of every part the page re-renders after a change."""
        return self.part("panels")(table)

    def side(self, table: Any = None) -> str:
        """The side column (its panels filled when a table is given)."""
        return self.part("side")(table)

    def picture(self, session: Any, orient: str = "wide") -> str:
        """The board of a position alone, nothing lit: the rules card's
        picture (``web/glance.py``; every seat of ``session`` is a bot, so
        the table offers no move)."""
        return self.board(self.table(session), orient)

    def rules(self) -> str:
        """The long rules as HTML: the body of the game's rules panel, and
        of its rules card's "The full rules" (``web/glance.py``): its
        ``rules`` part, else nothing."""
        return self.part("rules") or ""

    def game_over(self, table: Any) -> str:
        """The game-over card: its ``game_over`` part, else the shared one
        with the game's chart."""
        own = self.part("game_over")
        if own is not None:
            return own(table)
        from . import views

        return views.game_over(table, self.chart_label, self.chart_caption)

    def speech(self) -> Any:
        """How the game's moves read aloud (a ``speech.Speech``): the live
        region's sentences and the "Can't ..." of a refused click. Games
        declare theirs in ``tools.py`` (the ``speech`` part); without one,
        the notation is read as written."""
        own = self.part("speech")
        if own is not None:
            return own
        from .speech import Speech

        return Speech({})

    def ghost_names(self, session: Any, text: str) -> list[str]:
        """The board elements (``data-name``) that show the move ``text`` as a
        ghost in ``session``'s position (a hint, the better move of a marked
        one: ``web/replay/hint.py``): by default the words of its notation after
        the seat and verb ("e5" of "p1 router e5")."""
        return text.split()[2:]

    def ghost_controls(self, session: Any, text: str) -> list[str]:
        """The controls off the board that make the move ``text`` (CSS
        selectors of buttons in the tools panel), outlined beside the board's
        ghost (a hint, a lesson's step: ``web/replay/hint.py``): by default none, a
        game whose moves are made on its board needs none."""
        return []

    def ghost_board(self, table: Any, orient: str, names: list[str]) -> str:
        """The board with the elements ``names`` outlined as a ghost
        (``hint.ghost``); a game whose board does not write the names a hint
        says (Net Control's "v19", "e21") labels them too."""
        from .replay.hint import ghost

        return ghost(self.board(table, orient), names)

    def bot_pause(self, text: str) -> float:
        """How long the bot action ``text`` (notation) stays on screen."""
        return self.bot_pause_seconds

    # --- first paint (build time) ---------------------------------------------------------
    def first_board(self, table: Any, orient: str = "wide") -> str:
        """The board a fresh visit shows before Python is up (the first game's)."""
        return self.board(table, orient)

    def templates(self, names: list[str]) -> str:
        """``<template>`` elements the first paint may show for a link to this game."""
        return ""

    #: a JavaScript function ``(hash, portrait) -> template id or ""``: which
    #: of :meth:`templates` to show at once for a link to this game; it may
    #: call ``linkOptions(hash)``, the options the link names (``shell.LINK_OPTIONS_JS``)
    prepaint_js = 'function () { return ""; }'

    def theme_css(self) -> str:
        """CSS custom properties the game's stylesheet reads (from its rules or render modules)."""
        return ""

    def stylesheet(self) -> str:
        """The text of the game's CSS file, or ``""``."""
        if not self.css:
            return ""
        module = importlib.import_module(type(self).__module__)
        return (Path(module.__file__).parent / self.css).read_text(encoding="utf-8")
