"""Breach in the page: its catalogue entry, table, board, panels and first paint.

The table (``table.py``) turns the turn's steps, the block windows and clicks
into actions from the engine's legal notation; the views (``views.py``) draw
the turn, your hand, the infiltrators, the Exploit deck, the log and the
rules; ``breach.css`` is its layout (the track over the controls). Everything
is imported on first use (``parts``, ``GamePage.part``).
"""

from __future__ import annotations

from netarcade.web.gamepage import GamePage

__all__ = ["BreachPage", "PAGE"]

#: before Python is up, a Breach link shows the empty track (the deal needs Python)
_PREPAINT_JS = r"""function (hash, portrait) { return portrait ? "breach-track-tall" : "breach-track"; }"""


class BreachPage(GamePage):
    id = "breach"
    title = "Breach"
    pitch = ("2-5 players race Edge to Root and back through 14 layers of node cards, "
             "managing Exposure and blocking Exploits.")
    goal = ("Reach Root, take a Payload, and be first back out to the Edge with it.")
    chart_label = "PROGRESS"
    chart_caption = "Progress after each turn (30 = transmitted)"
    field_order = ("players", "rounds")
    form_labels = {"rounds": "Lockdown after (rounds)"}
    resign_note = ("You leave the game (D24): your Exploits and reminders go to the discard pile, your "
                   "Exposure back to the supply; your marker and route markers stay but you cannot win, "
                   "and your turns are skipped. An Exploit you played or that targets you is void. The "
                   "others play on; the last player left wins. Undo takes it back.")
    css = "breach.css"
    prepaint_js = _PREPAINT_JS
    parts = {"table": "table:BreachTable", "game_over": "views:game_over"}
    #: a roll or a crash stays longer; block-window answers and bookkeeping go quicker
    PAUSES = {"safe": 0.7, "sprint": 0.7, "crash": 0.8, "pass": 0.25, "keep": 0.25, "run": 0.3,
              "move": 0.3, "discard": 0.25, "block": 0.8, "counter": 0.8, "play": 0.7}

    def card_icons(self):
        return ('<span class="bnet red" title="Mainframe: entry cost 1">&#9632; Mainframe</span>'
                '<span class="bnet blue" title="Undernet: entry cost 2">&#9679; Undernet</span>')

    def ghost_controls(self, session, text):
        """The buttons that make a Breach move (its Nodes are the board's
        ghost): the Exploit's Play button, the hand's cards of a block,
        counter, reroll or discard and the die, or the decision's button."""
        found = []
        for how, name in self.module("tools").presses(text):
            if how == "tool":
                found.append(f'#tools [data-tool="{name}"]')
            elif how == "cmd":
                command, _, value = name.partition("=")
                found.append(f'#tools [data-cmd="{command}"]' + (f'[data-value="{value}"]' if value else ""))
        return found

    def bot_pause(self, text):
        words = text.split()
        return self.PAUSES.get(words[1] if len(words) > 1 else "", self.bot_pause_seconds)

    def templates(self, names):
        """The track with blank cards, wide and tall (the deal needs Python)."""
        outline = self.module("render").render_track_outline
        return "".join(f'<template id="breach-track{suffix}">{outline(orient)}</template>'
                       for suffix, orient in (("", "wide"), ("-tall", "tall")))


PAGE = BreachPage()
