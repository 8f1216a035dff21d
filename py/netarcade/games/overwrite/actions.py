"""Overwrite's actions and their text notation (O24).

Notation (seat first; a code block by its id, colour digit then shape, a
special by its kind; orientation ``r0``..``r3`` with ``f`` for the mirror
image; the cell is the top-left corner of the piece's bounding box)::

    p1 draw                  draw from the envelope (only needed when your
                             personal bank holds a piece: otherwise the
                             draw is automatic)
    p1 place 1L4 r1f c4      play a piece from a bank (yours or the community's)
    p2 place av r0 e5        play the Anti-virus (likewise ``enc``)
    p3 defrag 2T4 r2 f6      use a Defrag: move the uncovered piece 2T4
    p1 reserve 1L3           move your own piece to your personal bank
    p2 pass                  nothing in the bank can be played or reserved

>>> parse_action("p1 place 1L4 r1f c4") == Place(0, "1L4", 5, 32)
True

An action's ``repr`` is its notation, which ``parse_action`` reads back:

>>> Place(0, "1L4", 5, 32), parse_action(repr(Draw(1))) == Draw(1)
(p1 place 1L4 r1f c4, True)
>>> format_action(Defrag(2, "2T4", 2, 55))
'p3 defrag 2T4 r2 f6'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Pass, Resign, written_as  # Resign: O25, the seat leaves
from ...core.errors import InvalidNotation, quoted
from ...core.game import format_seat, split_seat
from .board import cell_name, parse_cell
from .pieces import ORIENTATIONS, PLAY_NAME, SHAPE, orientation_name, parse_orientation

#: what a Place may name: every code block id and the placeable specials
PLACEABLE = frozenset(name for name in PLAY_NAME.values() if name not in ("df", "sf"))
#: the shape each playable name is laid in
NAME_SHAPE = {PLAY_NAME[piece]: SHAPE[piece] for piece in PLAY_NAME if SHAPE[piece]}


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int


@dataclass(frozen=True, slots=True)
class Place:
    seat: int
    piece: str  # a code block id ("1L4") or a special's kind ("av", "enc")
    orient: int  # 0..7, one of the shape's distinct orientations
    cell: int  # anchor: row * 10 + column of the bounding box's top-left cell


@dataclass(frozen=True, slots=True)
class Defrag:
    seat: int
    piece: str  # the code block on the board that moves
    orient: int
    cell: int


@dataclass(frozen=True, slots=True)
class Reserve:
    seat: int
    piece: str


Action = Draw | Place | Defrag | Reserve | Pass | Resign


def format_action(action: Action) -> str:
    if isinstance(action, Place):
        return format_seat(action.seat, f"place {action.piece} {orientation_name(action.orient)} {cell_name(action.cell)}")
    if isinstance(action, Defrag):
        return format_seat(action.seat, f"defrag {action.piece} {orientation_name(action.orient)} {cell_name(action.cell)}")
    if isinstance(action, Reserve):
        return format_seat(action.seat, f"reserve {action.piece}")
    if isinstance(action, Draw):
        return format_seat(action.seat, "draw")
    if isinstance(action, Pass):
        return format_seat(action.seat, "pass")
    if isinstance(action, Resign):
        return format_seat(action.seat, "resign")
    raise TypeError(f"not an Overwrite action: {action!r}")


def _placement(text: str, words: list[str], movable: bool) -> tuple[str, int, int]:
    name, orient_text, cell_text = words
    known = name in NAME_SHAPE and (not movable or name[0].isdigit())
    orient = parse_orientation(orient_text)
    cell = parse_cell(cell_text)
    if not known or orient is None or cell is None:
        raise InvalidNotation(f"{quoted(text)}: expected PIECE r0..r3[f] CELL, such as '1L4 r1f c4'")
    if orient not in ORIENTATIONS[NAME_SHAPE[name]]:
        raise InvalidNotation(f"{quoted(text)}: {name} has only {' '.join(map(orientation_name, ORIENTATIONS[NAME_SHAPE[name]]))}")
    return name, orient, cell


def parse_action(text: str) -> Action:
    """The action a text names; raises ``InvalidNotation``."""
    seat, body = split_seat(text, max_players=6)
    words = body.split(" ")
    verb, args = words[0], words[1:]
    if verb == "place" and len(args) == 3 and args[0] in PLACEABLE:
        return Place(seat, *_placement(text, args, movable=False))
    if verb == "defrag" and len(args) == 3:
        return Defrag(seat, *_placement(text, args, movable=True))
    if verb == "reserve" and len(args) == 1 and args[0] in PLACEABLE and args[0][0].isdigit():
        return Reserve(seat, args[0])
    if verb == "draw" and not args:
        return Draw(seat)
    if verb == "pass" and not args:
        return Pass(seat)
    if verb == "resign" and not args:
        return Resign(seat)
    raise InvalidNotation(
        f"{text[:60]!r} is not an Overwrite action (draw, place PIECE ORIENT CELL, defrag PIECE ORIENT CELL, "
        "reserve PIECE, pass, resign)")


#: an action's ``repr`` is its notation (``core.actions.written_as``)
written_as(format_action, parse_action, Draw, Place, Defrag, Reserve)
