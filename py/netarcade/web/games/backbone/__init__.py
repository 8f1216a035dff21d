"""Backbone in the page: its catalogue entry, table, board, panels and first paint.

The table (``table.py``) turns tools and hex clicks into actions; the views
(``views.py``) draw the tool bar, players, build costs, log and rules (the
tool bar's look is the shared ``.tool`` style of ``static/app.css``).
Everything is imported on first use.
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

    def card_icons(self):
        from .icons import icon

        return "".join(icon(name) for name in ("router", "switch", "ap", "server", "datacenter", "firewall", "city"))

    def table(self, session):
        from .table import BackboneTable

        return BackboneTable(session)

    def board(self, table, orient="wide"):
        from netarcade.web.games.backbone.render import render_board

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

    def speech(self):
        from .tools import SPEECH

        return SPEECH

    def rules(self):
        from .views import BACKBONE_RULES

        return BACKBONE_RULES

    def side(self, table=None):
        from . import views

        return views.side(table)

    def first_board(self, table, orient="wide"):
        from netarcade.web.games.backbone.render import render_static_board

        return render_static_board("classic", {"names": table.session.names})

    def templates(self, names):
        from netarcade.web.games.backbone.render import render_static_board

        return f'<template id="board-tall">{render_static_board("classic", {"names": names, "orient": "tall"})}</template>'


PAGE = BackbonePage()
