"""Backbone's actions and their text notation.

Notation (seat first, hexes by name)::

    p1 router e5      build a Router (likewise switch, ap, server, datacenter)
    p1 firewall b1    put a Firewall on your piece at b1
    p2 hack d4        hack the enemy piece at d4
    p1 reroute c3 d4  move your Switch or AP from c3 to d4
    p2 end            end the turn (with no action taken: a Pass)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import InvalidNotation, quoted
from ...core.actions import Resign, written_as  # Resign, B-R: the seat concedes
from ...core.game import format_seat, split_seat
from .board import hex_name, parse_hex

#: buildable piece kinds and their cost in BW, in the order menus show them
COSTS = {"router": 2, "switch": 1, "ap": 3, "firewall": 2, "server": 3, "datacenter": 6}
PIECES = ("router", "switch", "ap", "server", "datacenter")
#: pieces a Reroute may move
MOVABLE = frozenset({"switch", "ap"})


@dataclass(frozen=True, slots=True)
class Build:
    seat: int
    piece: str  # a key of COSTS; "firewall" goes on top of an own piece
    hex: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Hack:
    seat: int
    hex: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Reroute:
    seat: int
    source: tuple[int, int]
    target: tuple[int, int]


@dataclass(frozen=True, slots=True)
class End:
    seat: int


Action = Build | Hack | Reroute | End | Resign


def format_action(action: Action) -> str:
    """The text of an action.

    >>> format_action(Reroute(0, (2, 2), (3, 3)))
    'p1 reroute c3 d4'
    """
    if isinstance(action, Build):
        return format_seat(action.seat, f"{action.piece} {hex_name(action.hex)}")
    if isinstance(action, Hack):
        return format_seat(action.seat, f"hack {hex_name(action.hex)}")
    if isinstance(action, Reroute):
        return format_seat(action.seat, f"reroute {hex_name(action.source)} {hex_name(action.target)}")
    if isinstance(action, End):
        return format_seat(action.seat, "end")
    if isinstance(action, Resign):
        return format_seat(action.seat, "resign")
    raise TypeError(f"not a Backbone action: {action!r}")


def parse_action(text: str) -> Action:
    """The action a text names; raises ``InvalidNotation``.

    >>> parse_action("p2 hack d4") == Hack(1, (3, 3))
    True

    An action's ``repr`` is its notation, which this reads back:

    >>> Hack(1, (3, 3)), parse_action(repr(Build(0, "router", (4, 4)))) == Build(0, "router", (4, 4))
    (p2 hack d4, True)
    """
    seat, body = split_seat(text, max_players=2)
    words = body.split(" ")
    verb, args = words[0], words[1:]
    if verb in COSTS and len(args) == 1:
        return Build(seat, verb, parse_hex(args[0]))
    if verb == "hack" and len(args) == 1:
        return Hack(seat, parse_hex(args[0]))
    if verb == "reroute" and len(args) == 2:
        return Reroute(seat, parse_hex(args[0]), parse_hex(args[1]))
    if verb == "end" and not args:
        return End(seat)
    if verb == "resign" and not args:
        return Resign(seat)
    raise InvalidNotation(
        f"{quoted(text)} is not a Backbone action "
        "(router|switch|ap|server|datacenter|firewall HEX, hack HEX, reroute FROM TO, end, resign)"
    )


#: an action's ``repr`` is its notation (``core.actions.written_as``)
written_as(format_action, parse_action, Build, Hack, Reroute, End)
