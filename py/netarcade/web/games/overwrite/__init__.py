"""Overwrite in the page: its catalogue entry, table, board, panels and game-over card.

The table (``table.py``) turns picked pieces, turns, flips and cell clicks
into actions; the views (``views.py``) draw the banks, the piece controls,
the players, the envelope, the log and the rules; ``overwrite.css`` is its
layout (the board with a controls column). Everything is imported on first use
(``parts``, ``GamePage.part``).
"""

from __future__ import annotations

from netarcade.web.gamepage import GamePage

__all__ = ["PAGE", "OverwritePage"]

#: before Python is up, a link shows the bare board of its player count: a
#: hand-written link says players=N, a record carries it as msgpack "players" N
_PREPAINT_JS = r"""function (hash) {
      var players = 2, m = /(^|[#&])players=([2-6])(&|$)/.exec(hash);
      if (m) players = +m[2];
      var r = /(^|[#&])r=([A-Za-z0-9_-]+)/.exec(hash);
      if (!m && r) {
        try {
          var bytes = atob(r[2].replace(/-/g, "+").replace(/_/g, "/")), at = bytes.indexOf("\xa7players");
          var n = at < 0 ? 0 : bytes.charCodeAt(at + 8);
          if (n >= 2 && n <= 6) players = n;
        } catch (e) { /* a malformed link: Python says so once it is up */ }
      }
      return "ow-board-" + (players < 3 ? 6 : players < 5 ? 8 : 10);
    }"""


class OverwritePage(GamePage):
    id = "overwrite"
    title = "Overwrite"
    pitch = ("2-6 players place and stack polyomino code blocks on a shared grid; "
             "the largest connected chunk wins.")
    goal = ("Hold the largest chunk of your colour when the System Fail is drawn: it may be any draw after the first piece.")
    chart_label = "LARGEST CHUNK"
    chart_caption = "Largest chunk at the end of each turn"
    form_labels = {"players": "Players", "fail": "System Fail"}
    resign_note = ("You leave the game (O25): your pieces stay on the grid as they lie but cannot win, "
                   "your own bank leaves the game (before rules edition 3 it went to the community bank) "
                   "and your turns are skipped. The last player left wins. Undo takes it back.")
    css = "overwrite.css"
    prepaint_js = _PREPAINT_JS
    parts = {"table": "table:OverwriteTable", "game_over": "views:game_over"}
    #: a placement stays a little longer: the board changes in several cells at once
    bot_pause_seconds = 0.6

    def card_icons(self):
        piece_svg = self.module("render").piece_svg
        return "".join(piece_svg(piece, 8) for piece in ("1T4", "2L5", "3S4", "4U5", "5P5", "6I3", "enc1"))

    def picture(self, session, orient="wide"):
        """The position without the marks of the moves since a person last played
        (with bots in every seat those would be all of them)."""
        return self.part("board")(session.view(), {"names": session.names, "strip": False})

    def templates(self, names):
        """The bare board of each size (6x6, 8x8, 10x10) for a link's first paint."""
        from netarcade.core.game import TABLE
        from netarcade.core.match import Match
        from netarcade.games import get_game

        render_board = self.part("board")
        out = []
        for players, size in ((2, 6), (3, 8), (5, 10)):
            view = Match(get_game(self.id), {"players": players}, 0).view(TABLE)
            bare = dict(view, stacks=[[] for _ in view["stacks"]])
            out.append(f'<template id="ow-board-{size}">{render_board(bare, {"strip": False})}</template>')
        return "".join(out)

    def ghost_names(self, session, text):
        """Every cell the piece would cover (the move played on a copy of the position)."""
        from netarcade.core.errors import NetarcadeError

        game = session.game
        trial = game.copy(session.state)
        try:
            events = game.apply(trial, game.parse_action(text))
        except NetarcadeError:
            return super().ghost_names(session, text)
        cells = self.module("hints").action_cells(event.to_data() for event in events)
        return cells or super().ghost_names(session, text)

    def bot_pause(self, text):
        words = text.split()
        return 0.3 if words[1:2] == ["draw"] else self.bot_pause_seconds


PAGE = OverwritePage()
