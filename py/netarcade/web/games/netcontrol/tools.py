"""Net Control's tools, cards and costs as the page declares them.

What it is for: the declarative part of the page's Net Control controls:
each tool and card as a :class:`~netarcade.web.table.Tool` (its verb in the
notation, label, key, what it does, and what each word after the verb is),
the build-costs rows, and the numbers the page shows, all read from the
rules module (costs, deck counts, supply) rather than restated.

What it is not: the controls' behaviour (``table.py``) or HTML (``views.py``).
"""

from __future__ import annotations

from netarcade.games.netcontrol.board import RESOURCE_CODES, RESOURCES
from netarcade.games.netcontrol.rules import CARDS, COSTS, DECK, MONOPOLY_TAKE
from netarcade.web.speech import Speech, spoken_phrases
from netarcade.web.table import Tool

__all__ = ["BOARD_TOOLS", "CARD_INFO", "CARD_TOOLS", "CHOOSER_TOOLS", "COST_ROWS", "DECK_COUNT",
           "PHASE_TOOLS", "SPEECH", "TOOLS", "TOOL_INFO", "TOOL_SPECS", "action_targets", "cost_text",
           "element_kind", "resource_code"]

#: how many of each special card the deck holds (the rules' deck)
DECK_COUNT = dict(zip(CARDS, DECK))

_SPECS = (
    Tool("link", "Link", "L", "extends your network", ("edge",), say="place a link on {0}"),
    Tool("node", "Node", "N", "needs a link to reach it", ("vertex",), say="place a node on {0}"),
    Tool("super", "Super", "S", "upgrades a node to a Super Node: 2 XP, doubles production", ("vertex",),
         say="upgrade {0} to a Super Node"),
    Tool("fortify", "Fortify", "F", "one more hack level to chew through", ("vertex",), say="fortify {0}"),
    Tool("clear", "Clear", "C", "lifts a virus off a tile you have a building on", ("tile",),
         say="clear the virus off {0}"),
    Tool("trade", "Trade", "T", "the bank: 4:1, better on an exchange", ("resource", "resource"),
         say="trade {0} for one {1}"),
    # the special cards
    Tool("hack", "Hack", "H", "an enemy building: strips a fortification, demotes a Super Node or destroys a node",
         ("vertex",), say="play Hack on {0}"),
    Tool("virus", "Virus", "V", "a tile: it produces nothing until someone clears it", ("tile",),
         say="play Virus on {0}"),
    Tool("linkbuild", "Link Building", "B", "two free links; the second may chain off the first", ("edge", "edge"),
         say="play Link Building on {0} and {1}"),
    Tool("resource", "Resource", "G", "take any two resources from the bank", ("resource", "resource"),
         unordered=True, say="play Resource, taking {0} and {1}"),
    Tool("monopoly", "Monopoly", "M", f"name a resource: every rival hands you up to {MONOPOLY_TAKE}", ("resource",),
         say="play Monopoly on {0}"),
    Tool("xp", "+1 XP", "X", "one XP, kept for the game", say="play +1 XP"),
)
TOOL_SPECS: dict[str, Tool] = {tool.verb: tool for tool in _SPECS}
#: the decisions that are not a picked tool: the phase says which
PHASE_TOOLS: dict[str, Tool] = {
    "setup-node": Tool("node", "Node", parts=("vertex",), say="place a node on {0}"),
    "rebuild": Tool("node", "Node", parts=("vertex",)),
    "setup-link": Tool("link", "Link", parts=("edge",), say="place a link on {0}"),
    "discard": Tool("discard", "Discard", parts=("resource",), say="discard one {0}"),
    "roll": Tool("roll", "Roll", "R", say="roll the dice"),
    "draw": Tool("draw", "Draw", "D", say="draw a special card"),
    "end": Tool("end", "End turn", "E", say="end the turn"),
}

#: tools whose targets are on the board
BOARD_TOOLS = ("link", "node", "super", "fortify", "clear")
#: card tools (``xp`` has no target: it plays at once), in the deck's order
CARD_TOOLS = ("hack", "virus", "linkbuild", "resource", "monopoly", "xp")
#: tools that pick resources in a chooser instead of the board
CHOOSER_TOOLS = tuple(verb for verb, tool in TOOL_SPECS.items() if tool.parts and tool.parts[0] == "resource")
TOOLS = (*BOARD_TOOLS, "trade", *CARD_TOOLS)

#: tool -> (label, key, what it does): the build tools and Trade
TOOL_INFO: dict[str, tuple[str, str, str]] = {
    verb: (TOOL_SPECS[verb].label, TOOL_SPECS[verb].key, TOOL_SPECS[verb].what) for verb in (*BOARD_TOOLS, "trade")}
#: card -> (label, key, count in the deck, what it does / its target), in the rules' card order
CARD_INFO: dict[str, tuple[str, str, int, str]] = {
    card: (TOOL_SPECS[card].label, TOOL_SPECS[card].key, DECK_COUNT[card], TOOL_SPECS[card].what) for card in CARDS}
#: the build-costs table's rows (verb, label, what it does)
COST_ROWS = (
    ("link", "link", "extends your network"),
    ("node", "node", "needs a link to reach it"),
    ("super", "super node", "upgrades a node: 2 XP, doubles production"),
    ("fortify", "fortify", "one more hack level to chew through"),
    ("draw", "draw card", "one special card, face down"),
    ("clear", "clear virus", "lifts a virus off one of your buildings"),
)
_ELEMENTS = {"v": "vertex", "e": "edge", "t": "tile"}
#: how a move reads aloud ("Greedy bot trades compute for one firewall."): the tools' phrases, resources by name
SPEECH = Speech(*spoken_phrases((*_SPECS, *PHASE_TOOLS.values()), resign="leave the game"),
                readers={"resource": lambda word, words, names: (
                    RESOURCES[RESOURCE_CODES.index(word)] if word in RESOURCE_CODES else word)},
                withheld={"resource": "resource", "vertex": "a corner", "edge": "an edge", "tile": "a tile"},
                results={"roll": lambda event: f"red {event['red']}, white {event['white']}, {event['sum']}"})


def cost_text(verb: str) -> str:
    """A cost in the print's notation, from the rules' costs.

    >>> cost_text("node"), cost_text("super")
    ('1co 1ba 1fi 1sc', '2fi 3me')
    """
    return " ".join(f"{count}{RESOURCE_CODES[r]}" for r, count in enumerate(COSTS[verb]) if count)


def element_kind(name: str) -> str | None:
    """The kind of board element a ``data-name`` is (``v12``: a vertex), or None."""
    kind = _ELEMENTS.get(name[:1])
    return kind if kind and name[1:].isdigit() else None


def action_targets(text: str) -> list[str]:
    """The board ids an action in notation names.

    >>> action_targets("p2 linkbuild e3 e4"), action_targets("p1 trade co fi")
    (['e3', 'e4'], [])
    """
    return [word for word in text.split()[2:] if element_kind(word)]


def resource_code(value: str) -> str | None:
    """``co`` for ``co`` or ``compute``; None for anything else."""
    value = (value or "").strip().lower()
    if value in RESOURCE_CODES:
        return value
    if value in RESOURCES:
        return RESOURCE_CODES[RESOURCES.index(value)]
    return None
