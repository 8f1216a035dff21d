"""Backbone in the page: its catalogue entry, table, board, panels and first paint.

The table (``table.py``) turns tools and hex clicks into actions; the views
(``views.py``) draw the tool bar, players, build costs, log and rules (the
tool bar's look is the shared ``.tool`` style of ``static/app.css``).
Everything is imported on first use (``parts``, ``GamePage.part``).
"""

from __future__ import annotations

from netarcade.web.gamepage import GamePage

__all__ = ["PAGE", "BackbonePage"]


class BackbonePage(GamePage):
    id = "backbone"
    title = "Backbone"
    pitch = ("Duel of rival network operators on a 9x9 hex map: build Routers, Switches, APs, "
             "Servers and Datacenters, connect Cities, hack the rival.")
    goal = "Reach 10 AI tokens first: connect Cities, run Datacenters; your rival gets one closing turn."
    chart_label = "AI TOKENS"
    chart_caption = "AI tokens at the end of each round"
    #: Backbone has no chance and the search bot none either: on the classic
    #: map every demo would be the same game, so the demo's map is drawn from its seed
    demo_options = {"map": "seeded"}
    resign_note = "The game ends at once and your opponent wins, whatever the scores (B27). Undo takes it back."
    #: a portrait phone shows the board as a tall diamond (the same query as app.PORTRAIT)
    prepaint_js = 'function (hash, portrait) { return portrait ? "board-tall" : ""; }'
    parts = {"table": "table:BackboneTable", "rules": "views:BACKBONE_RULES"}

    def card_icons(self):
        icon = self.module("icons").icon
        return "".join(icon(name) for name in ("router", "switch", "ap", "server", "datacenter", "firewall", "city"))

    def panels(self, table):
        views = self.module("views")
        return {
            "tools": views.tool_bar(table),
            "players": views.players_panel(table),
            "costs": views.costs_panel(table),
            "log": views.log_panel(table),
        }

    def first_board(self, table, orient="wide"):
        return self.module("render").render_static_board("classic", {"names": table.session.names})

    def templates(self, names):
        board = self.module("render").render_static_board("classic", {"names": names, "orient": "tall"})
        return f'<template id="board-tall">{board}</template>'


PAGE = BackbonePage()
