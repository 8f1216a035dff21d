"""Backbone's tools as the page declares them.

What it is for: each tool as a :class:`~netarcade.web.table.Tool` (its verb
in the notation, label, key, what it does, and what each word after the
verb is), with its cost read from the rules module.

What it is not: the controls' behaviour (``table.py``) or HTML (``views.py``).
"""

from __future__ import annotations

from netarcade.games.backbone.rules import COSTS, HACK_COST
from netarcade.web.speech import Speech, spoken_phrases
from netarcade.web.table import Tool

__all__ = ["END", "SPEECH", "TOOLS", "TOOL_COST", "TOOL_INFO", "TOOL_KEYS", "TOOL_SPECS"]

#: the tools, as the page declares them: verb in the notation, label, key,
#: what it does, and what each word after the verb is
TOOL_SPECS: dict[str, Tool] = {tool.verb: tool for tool in (
    Tool("router", "Router", "1", "expands your network one hex", ("hex",), say="build a Router on {0}"),
    Tool("switch", "Switch", "2", "glue: needs 2+ of your pieces beside it", ("hex",),
         say="build a Switch on {0}"),
    Tool("ap", "Wireless AP", "3", "also reaches 2 hexes away in a line", ("hex",),
         say="build a Wireless AP on {0}"),
    Tool("server", "Server", "4", "online with 2 Routers; connects a City beside it", ("hex",),
         say="build a Server on {0}"),
    Tool("datacenter", "Datacenter", "5", "1 AI token while online (2 Routers + a Server)", ("hex",),
         say="build a Datacenter on {0}"),
    Tool("firewall", "Firewall", "6", "goes on your piece; absorbs one Hack", ("hex",),
         say="put a Firewall on {0}"),
    Tool("hack", "Hack", "H", "disable an enemy piece beside your network (once a turn)", ("hex",),
         say="hack {0}"),
    Tool("reroute", "Reroute", "M", "move your Switch or AP; the network must stay whole", ("hex", "hex"),
         say="reroute {0} to {1}"),
)}
END = Tool("end", "End turn", "E", say="end the turn")
TOOLS = tuple(TOOL_SPECS)
#: what each tool costs in BW (the rules' costs)
TOOL_COST = {**COSTS, "hack": HACK_COST, "reroute": 0}
#: tool -> (label, cost in BW, key, what it does)
TOOL_INFO: dict[str, tuple[str, int, str, str]] = {
    verb: (tool.label, TOOL_COST[verb], tool.key, tool.what) for verb, tool in TOOL_SPECS.items()}
TOOL_KEYS = {tool.key.lower(): verb for verb, tool in TOOL_SPECS.items()}
TOOL_KEYS.update({"7": "hack", "8": "reroute"})
#: how a move reads aloud ("Search bot builds a Router on e5."): the tools' phrases
SPEECH = Speech(*spoken_phrases((*TOOL_SPECS.values(), END), resign="resign"), max_players=2)
