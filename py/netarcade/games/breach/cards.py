"""Breach's components as designed (docs/rules/breach.md): the 28 Network
Node cards, the 40-card Exploit deck, positions on the network.

What it is for: plain constant data every other module reads. What it is
not: rules (``rules.py``) or legality (``legal.py``).

Positions: Edge is layer 0, Root layer 15; the 28 Node positions are
``2 * (layer - 1) + side`` with side 0 the top Node and 1 the bottom one,
named ``"5t"`` / ``"5b"``. Route markers and infiltrators belong to
positions; Node cards may be moved between positions (REROUTE, SPLICE).
"""

from __future__ import annotations

from dataclasses import dataclass, field

LAYERS = 14
POSITIONS = 2 * LAYERS
EDGE, ROOT = -1, -2  # where an infiltrator stands when not on a Node

MAINFRAME, UNDERNET = "mainframe", "undernet"


@dataclass(frozen=True)
class Node:
    id: str  # "M01".."M14", "U01".."U14"
    name: str
    net: str  # MAINFRAME (red) or UNDERNET (blue)
    cost: int  # the printed entry cost (1 Mainframe, 2 Undernet unless printed)
    dead_drop: bool = False
    #: effects: "exp" Exposure gained (negative: returned), "bw" Bandwidth
    #: gained, "draw" Exploits drawn
    enter: dict = field(default_factory=dict)
    stop: dict = field(default_factory=dict)
    exit: dict = field(default_factory=dict)

    @property
    def blue(self) -> bool:
        return self.net == UNDERNET


def _m(i, name, cost=1, dead=False, enter=None, stop=None, exit=None):
    return Node(f"M{i:02d}", name, MAINFRAME, cost, dead, enter or {}, stop or {}, exit or {})


def _u(i, name, cost=2, dead=False, enter=None, stop=None, exit=None):
    return Node(f"U{i:02d}", name, UNDERNET, cost, dead, enter or {}, stop or {}, exit or {})


#: the 28 Network Node cards (docs/rules/breach.md, "The Network Node cards")
NODES: tuple[Node, ...] = (
    _m(1, "Data Highway", enter={"bw": 1, "exp": 1}),
    _m(2, "Express Lane", enter={"bw": 1, "exp": 1}),
    _m(3, "Switchyard", dead=True, enter={"bw": 1}),
    _m(4, "Relay Hub", cost=0, dead=True),
    _m(5, "Sentry Gate", stop={"exp": 1}),
    _m(6, "Watchtower", enter={"exp": 1}),
    _m(7, "Admin Terminal", stop={"draw": 1, "exp": 1}),
    _m(8, "Cache Server", stop={"draw": 2, "exp": 1}),
    _m(9, "Load Balancer", exit={"bw": 1}),
    _m(10, "Overclocked Core", exit={"bw": 2, "exp": 1}),
    _m(11, "Proxy Server"),
    _m(12, "Trace Router", enter={"bw": 1}, stop={"exp": 1}),
    _m(13, "Honeypot", cost=0, stop={"exp": 2}),
    _m(14, "Public Gateway"),
    _u(1, "Dark Pool", stop={"exp": -1}),
    _u(2, "Mirror Net", stop={"exp": -1}),
    _u(3, "Ghost Relay", cost=1, dead=True),
    _u(4, "Onion Tunnel", dead=True, enter={"exp": -1}),
    _u(5, "Black Market", stop={"draw": 1}),
    _u(6, "Safehouse", stop={"exp": -2}),
    _u(7, "Quiet Cell", cost=3, stop={"exp": -2, "draw": 1}),
    _u(8, "Burner Node", enter={"exp": -1}),
    _u(9, "Smuggler's Den", stop={"draw": 2}),
    _u(10, "Noise Floor", exit={"exp": -1}),
    _u(11, "Dead Letter Box", cost=1),
    _u(12, "Crypto Vault", stop={"exp": -1, "draw": 1}),
    _u(13, "Cold Storage", cost=3, stop={"exp": -3}),
    _u(14, "Backwater"),
)
NODE = {node.id: node for node in NODES}


@dataclass(frozen=True)
class Exploit:
    id: str  # notation name
    name: str
    family: str
    count: int
    target: str  # "none", "ahead" (a player not behind you), "node", "layer", "splice"
    limit: int  # plays per turn (a blocked play counts)
    cost: int  # Exposure paid when played, blocked or not
    text: str


PRESSURE, STEALTH, MOVEMENT, NETWORK = "Pressure", "Stealth", "Movement", "Network"

#: the Exploit deck of rules edition 1 (docs/rules/breach.md, "The Exploit deck"): 40 cards
EXPLOITS: tuple[Exploit, ...] = (
    Exploit("lag", "LAG", PRESSURE, 5, "ahead", 1, 0,
            "Give LAG to the target as a reminder: it cannot Sprint on its next turn. "
            "Used up at the end of that turn (a Lay Low turn too)."),
    Exploit("trace", "TRACE", PRESSURE, 5, "ahead", 1, 0, "The target gains 1 Exposure."),
    Exploit("frame", "FRAME JOB", PRESSURE, 3, "ahead", 1, 0,
            "Needs 1 Exposure: move 1 of your Exposure to the target."),
    Exploit("shadow", "SHADOW LINK", STEALTH, 4, "none", 1, 0,
            "Keep as a reminder: the next Undernet Node you enter costs 0 Bandwidth. "
            "Expires unused at the end of your next turn."),
    Exploit("wipe", "WIPE LOGS", STEALTH, 6, "none", 2, 0, "Needs 1 Exposure: return 1 Exposure."),
    Exploit("backdoor", "BACKDOOR", MOVEMENT, 4, "node", 1, 0,
            "Enter a Node next to yours now for free (not a Dead Drop, not one entered this turn). "
            "It is a Node entry: route markers, EXIT and ENTER apply."),
    Exploit("overclock", "OVERCLOCK", MOVEMENT, 6, "none", 1, 0,
            "Keep as a reminder: +2 Bandwidth on this turn's roll, added after the Root exit comparison."),
    Exploit("reroute", "REROUTE", NETWORK, 3, "layer", 1, 1,
            "Costs 1 Exposure. Swap the two Node cards of one layer."),
    Exploit("splice", "SPLICE", NETWORK, 4, "splice", 1, 1,
            "Costs 1 Exposure. Swap a Node card with the card in the same row of the next layer toward Root."),
)
#: the Exploit deck of rules edition 2 (D34): the same nine cards in the same
#: box order, OVERCLOCK and WIPE LOGS rewritten and 2 more REROUTE for 2 OVERCLOCK
#: after the balance tables and the search ladder
EXPLOITS_2: tuple[Exploit, ...] = tuple(
    {
        "overclock": Exploit("overclock", "OVERCLOCK", MOVEMENT, 4, "none", 1, 1,
                             "Costs 1 Exposure. Keep as a reminder: +2 Bandwidth on this turn's roll, added "
                             "after the Root exit comparison."),
        "wipe": Exploit("wipe", "WIPE LOGS", STEALTH, 6, "none", 1, 0,
                        "Needs 1 Exposure: return up to 2 Exposure."),
        "reroute": Exploit("reroute", "REROUTE", NETWORK, 5, "layer", 1, 1,
                           "Costs 1 Exposure. Swap the two Node cards of one layer."),
    }.get(card.id, card)
    for card in EXPLOITS)
EXPLOIT = {card.id: card for card in EXPLOITS}
EXPLOIT_2 = {card.id: card for card in EXPLOITS_2}
#: the box order of the deck (setup shuffles a copy)
DECK: tuple[str, ...] = tuple(card.id for card in EXPLOITS for _ in range(card.count))
DECK_2: tuple[str, ...] = tuple(card.id for card in EXPLOITS_2 for _ in range(card.count))
DECK_SIZE = len(DECK)
assert len(DECK_2) == DECK_SIZE


def exploits_of(rules: int) -> dict[str, Exploit]:
    """The Exploit cards of a rules edition, by id in box order (D26, D34)."""
    return EXPLOIT_2 if rules >= 2 else EXPLOIT


def deck_of(rules: int) -> tuple[str, ...]:
    """The deck of a rules edition in box order."""
    return DECK_2 if rules >= 2 else DECK
#: exploits a 2-player game removes, unseen
REMOVED_2P = 8
EXPOSURE_SUPPLY = 24
PAYLOAD_SUPPLY = 5
HAND = 5
CRASH = 5
SPRINT_MAX_EXPOSURE = 3  # Sprint needs at most 3 Exposure (4+ cannot)


def layer_of(pos: int) -> int:
    """Layer 1..14 of a Node position; 0 at Edge, 15 at Root."""
    if pos == EDGE:
        return 0
    if pos == ROOT:
        return LAYERS + 1
    return pos // 2 + 1


def position(layer: int, side: int) -> int:
    return 2 * (layer - 1) + side


def other(pos: int) -> int:
    """The other Node of the same layer."""
    return pos ^ 1


def _spelled(pos: int) -> str:
    if pos == EDGE:
        return "edge"
    if pos == ROOT:
        return "root"
    return f"{layer_of(pos)}{'tb'[pos & 1]}"


#: every position's name, spelled once (the rules and legality ask for them often)
_NAME = {pos: _spelled(pos) for pos in (EDGE, ROOT, *range(POSITIONS))}


def pos_name(pos: int) -> str:
    """A position's name: ``"5t"``, ``"5b"``, ``"edge"``, ``"root"``."""
    return _NAME[pos]


POS_BY_NAME = {pos_name(p): p for p in range(POSITIONS)}


def _around(pos: int) -> tuple[int, ...]:
    if pos == EDGE:
        return (0, 1)
    if pos == ROOT:
        return (POSITIONS - 2, POSITIONS - 1)
    layer = layer_of(pos)
    out = []
    for near in (layer - 1, layer, layer + 1):
        if 1 <= near <= LAYERS:
            out.extend(p for p in (position(near, 0), position(near, 1)) if p != pos)
    return tuple(out)


#: every position's neighbours, listed once
_NEIGHBOURS = {pos: _around(pos) for pos in (EDGE, ROOT, *range(POSITIONS))}


def neighbours(pos: int) -> tuple[int, ...]:
    """Node positions one step away, in position order: the other Node of
    the layer and both Nodes of each neighbouring layer (Edge: layer 1,
    Root: layer 14). A shared tuple, made once per position."""
    return _NEIGHBOURS[pos]
