"""Net Control's actions and their text notation.

One small immutable value for every action: ``Act(seat, verb, args)``. Ids are
the board's integer ids: vertices ``v12``, edges ``e30``, tiles ``t5``;
resources by their codes ``co ba fi sc me``::

    p1 node v12          place a node (setup: free; later: pays 1co 1ba 1fi 1sc)
    p1 link e30          place a link
    p2 roll              roll the red and white dice
    p3 discard fi        discard one resource card (after a 7 or a purge)
    p1 super v12         upgrade a node to a Super Node
    p1 fortify v12       add a hack-protection level
    p1 draw              buy a special card
    p1 clear t5          clear a virus off a tile you have a building on
    p1 trade co fi       give co at your best rate, take one fi
    p1 hack v40          play Hack on an enemy building
    p1 virus t3          play Virus on a tile
    p1 xp                play +1 XP
    p1 linkbuild e3 e4   play Link Building: two free links, placed together
    p1 resource co me    play Resource: take two resources
    p1 monopoly fi       play Monopoly on a resource
    p1 end               end the turn
    p2 resign            leave the game (any time, turn or not; never listed as a legal move)

After a runner loses its last building, its next turn opens with
``p1 node v12`` again: a free node placed as in setup (N32).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import written_as
from ...core.errors import InvalidNotation, quoted
from ...core.game import format_seat, split_seat
from .board import RESOURCE_CODES

MAX_PLAYERS = 6

#: verb -> kinds of its arguments ("v" vertex, "e" edge, "t" tile, "r" resource)
SIGNATURES = {
    "node": "v", "link": "e", "roll": "", "discard": "r", "super": "v", "fortify": "v",
    "draw": "", "clear": "t", "trade": "rr", "hack": "v", "virus": "t", "xp": "",
    "linkbuild": "ee", "resource": "rr", "monopoly": "r", "end": "", "resign": "",
}


@dataclass(frozen=True, slots=True)
class Act:
    seat: int
    verb: str
    args: tuple = ()


def _format_arg(kind: str, value: int) -> str:
    return RESOURCE_CODES[value] if kind == "r" else f"{kind}{value}"


def format_action(action: Act) -> str:
    """The text of an action.

    >>> format_action(Act(0, "trade", (0, 2)))
    'p1 trade co fi'
    """
    kinds = SIGNATURES[action.verb]
    words = [action.verb, *(_format_arg(k, a) for k, a in zip(kinds, action.args))]
    return format_seat(action.seat, " ".join(words))


def _parse_arg(kind: str, word: str) -> int:
    if kind == "r":
        if word in RESOURCE_CODES:
            return RESOURCE_CODES.index(word)
        raise InvalidNotation(f"{quoted(word)} is not a resource ({' '.join(RESOURCE_CODES)})")
    digits = word[1:]
    if word[:1] != kind or not (digits.isascii() and digits.isdigit()) or len(digits) > 4:
        names = {"v": "a vertex such as v12", "e": "an edge such as e30", "t": "a tile such as t5"}
        raise InvalidNotation(f"{quoted(word)} is not {names[kind]}")
    return int(digits)


def parse_action(text: str) -> Act:
    """The action a text names; raises ``InvalidNotation``.

    >>> parse_action("p2 linkbuild e3 e4") == Act(1, "linkbuild", (3, 4))
    True

    An action's ``repr`` is its notation, which this reads back; a value
    the notation would write otherwise (resources out of order) shows its
    fields:

    >>> Act(1, "linkbuild", (3, 4)), parse_action(repr(Act(0, "trade", (0, 2)))) == Act(0, "trade", (0, 2))
    (p2 linkbuild e3 e4, True)
    >>> Act(0, "resource", (4, 0))
    Act(seat=0, verb='resource', args=(4, 0))
    """
    seat, body = split_seat(text, max_players=MAX_PLAYERS)
    verb, *words = body.split(" ")
    kinds = SIGNATURES.get(verb)
    if kinds is None:
        raise InvalidNotation(f"{quoted(verb)} is not a Net Control action ({', '.join(SIGNATURES)})")
    if len(words) != len(kinds):
        raise InvalidNotation(f"{quoted(verb)} takes {len(kinds)} argument(s), got {len(words)}")
    args = tuple(_parse_arg(k, w) for k, w in zip(kinds, words))
    if verb == "resource":
        args = tuple(sorted(args))  # the same two resources in either order
    return Act(seat, verb, args)


#: an action's ``repr`` is its notation (``core.actions.written_as``)
written_as(format_action, parse_action, Act)
