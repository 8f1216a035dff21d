"""Overwrite in the page: its catalogue entry, table, board, panels and game-over card.

The table (``table.py``) turns picked pieces, turns, flips and cell clicks
into actions; the views (``views.py``) draw the banks, the piece controls,
the players, the envelope, the log and the rules; ``overwrite.css`` is its
layout (the board with a controls column). Everything is imported on first use.
"""

from __future__ import annotations

from netarcade.web.pages import GamePage

__all__ = ["PAGE", "OverwritePage"]


class OverwritePage(GamePage):
    id = "overwrite"
    title = "Overwrite"
    pitch = ("2-6 players place and stack polyomino code blocks on a shared grid; "
             "the largest connected chunk wins.")
    chart_label = "LARGEST CHUNK"
    chart_caption = "Largest chunk at the end of each turn"
    form_labels = {"players": "Players"}
    css = "overwrite.css"
    #: a placement stays a little longer: the board changes in several cells at once
    bot_pause_seconds = 0.6

    def card_icons(self):
        from netarcade.games.overwrite.render import piece_svg

        return "".join(piece_svg(piece, 8) for piece in ("1T4", "2L5", "3S4", "4U5", "5P5", "6I3", "enc1"))

    def table(self, session):
        from .table import OverwriteTable

        return OverwriteTable(session)

    def board(self, table, orient="wide"):
        from netarcade.games.overwrite.render import render_board

        return render_board(table.view(), table.hints())

    def panels(self, table):
        from . import views

        return views.panels(table)

    def side(self, table=None):
        from . import views

        return views.side(table)

    def game_over(self, table):
        from . import views

        return views.game_over(table)

    def bot_pause(self, text):
        words = text.split()
        return 0.3 if words[1:2] == ["draw"] else self.bot_pause_seconds


PAGE = OverwritePage()
