"""Net Control in the page: its catalogue entry, table, board, panels and first paint.

The table (``table.py``) turns phases, tools, choosers and clicks into
actions; the views (``views.py``) draw the dice, hand, actions, cards,
runners, costs, log and rules; ``netcontrol.css`` is its layout (the board
with a controls column). Everything is imported on first use (``parts``,
``GamePage.part``).
"""

from __future__ import annotations

from netarcade.web.gamepage import GamePage

__all__ = ["PAGE", "NetControlPage"]

#: before Python is up, a link shows the bare island of its radius: the
#: ``radius`` option its record carries, or a hand-written radius=N
#: (``linkOptions``: web/shell.py reads the link for every game)
_PREPAINT_JS = r"""function (hash) {
      var radius = +linkOptions(hash).radius;
      return "island-" + (radius >= 1 && radius <= 4 && radius % 1 === 0 ? radius : 2);
    }"""


class NetControlPage(GamePage):
    id = "netcontrol"
    title = "Net Control"
    pitch = ("2-6 players on a hex island: dice-driven resources, builds, trades, a deck of hacks "
             "and viruses, a rising threat track.")
    goal = "Be the first runner to 10 XP: build nodes and links, hack your rivals' buildings."
    chart_label = "XP"
    chart_caption = "XP at the end of each round"
    form_labels = {"target": "XP target"}
    resign_note = ("You leave the game: your resources go back to the bank, your cards to the discard "
                   "pile, your nodes and links come off the island. The others play on; the last runner "
                   "left wins. Undo takes it back.")
    field_order = ("radius", "players", "target")
    css = "netcontrol.css"
    prepaint_js = _PREPAINT_JS
    parts = {"table": "table:NetControlTable"}
    #: rolls stay longer (the dice panel changes), bookkeeping goes quicker
    PAUSES = {"roll": 0.6, "end": 0.25, "discard": 0.2}

    def card_icons(self):
        return self.module("views").terrain_legend()

    def ghost_board(self, table, orient, names):
        """The island with the ghost's elements outlined and their names
        ("v19", "e21", "t5") written beside them: the hint names them, the
        island draws no names of its own."""
        from netarcade.web.replay.hint import ghost

        if not names:
            return self.board(table, orient)
        return ghost(self.part("board")(table.view(), {**table.hints(), "tags": names}), names)

    def bot_pause(self, text):
        words = text.split()
        return self.PAUSES.get(words[1] if len(words) > 1 else "", self.bot_pause_seconds)

    def templates(self, names):
        """The bare island of every radius the options allow."""
        from netarcade.games import get_game

        radius = get_game(self.id).options.by_name["radius"]
        outline = self.module("render").render_island_outline
        return "".join(f'<template id="island-{size}">{outline(size)}</template>'
                       for size in range(radius.minimum, radius.maximum + 1))

    def theme_css(self):
        """The resource inks as ``--nc-co`` .. ``--nc-me`` (the page's resource chips)."""
        terrain = self.module("render").TERRAIN
        return "".join(f"--nc-{style.code}:{style.ink};" for name, style in terrain.items() if style.code != "--")


PAGE = NetControlPage()
