"""Take-away in the page: its catalogue entry, table, board and panels
(``table.py``, ``render.py``, named in ``parts``); everything is imported
on first use."""

from __future__ import annotations

from netarcade.web.render.svg import escape
from netarcade.web.gamepage import GamePage

__all__ = ["PAGE", "TakeAwayPage"]


class TakeAwayPage(GamePage):
    id = "takeaway"
    title = "Take-away"
    pitch = "Two players take 1, 2 or 3 counters in turn."
    goal = "Take the last counter."
    parts = {"table": "table:TakeAwayTable"}

    def panels(self, table):
        return {"status": escape(table.status()), "prompt": escape(table.prompt())}

    def side(self, table=None):
        return ""

    def game_over(self, table):
        headline, detail = table.result()
        return f"<div class=\"card over-card\"><h2>{escape(headline)}</h2><p>{escape(detail)}</p></div>"


PAGE = TakeAwayPage()
