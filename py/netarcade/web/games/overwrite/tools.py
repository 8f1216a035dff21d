"""Overwrite's tools and piece geometry as the page declares them.

What it is for: each thing a player does as a :class:`~netarcade.web.table.Tool`
(its verb in the notation and what each word after the verb is: Place is a
piece, an orientation and a cell), the keys, and the small geometry the
page needs to turn and flip a piece before asking the engine where it
fits: which orientation word a quarter turn or a mirror leads to (among the
shape's distinct orientations, from the rules' ``pieces`` module), the cells
of an orientation, and its *handle* (the block under the pointer). Piece
names, sizes and limits come from the rules.

What it is not: the controls' behaviour (``table.py``) or HTML (``views.py``).

>>> turned("L4", "r0"), turned("L4", "r3"), flipped("L4", "r1"), turned("I2", "r1")
('r1', 'r0', 'r3f', 'r0')
>>> handle("S4", "r0")
(0, 1)
"""

from __future__ import annotations

from netarcade.games.overwrite.board import COLUMNS, WIDTH
from netarcade.games.overwrite.legal import PERSONAL_LIMIT
from netarcade.games.overwrite.pieces import (
    COLOUR,
    KIND,
    ORIENTED,
    PLAY_NAME,
    RESERVE_LIMIT,
    SHAPE,
    SIZE,
    SPECIAL_NAMES,
    orientation_name,
    parse_orientation,
    transform,
)
from netarcade.web.speech import Speech, and_list, seat_word, spoken_phrases
from netarcade.web.table import Tool

__all__ = ["DEFRAG", "DRAW", "KEYS", "PASS", "PERSONAL_LIMIT", "PLACE", "RESERVE", "RESERVE_LIMIT", "SPEECH",
           "cells", "flipped", "handle", "handle_cell", "orientation_words", "piece_label", "play_name", "shift",
           "spoken_piece", "turned"]

PLACE = Tool("place", "Place", "", "lay the picked piece where it fits", ("piece", "orient", "cell"),
             say="place {0} on {2}")
DEFRAG = Tool("defrag", "Defrag", "M", "move one uncovered piece elsewhere", ("piece", "orient", "cell"),
              say="use a Defrag to move {0} to {2}")
RESERVE = Tool("reserve", "Reserve", "V", f"keep a piece of your colour (at most {RESERVE_LIMIT} blocks)",
               ("piece",), say="keep {0} in the personal bank")
DRAW = Tool("draw", "Draw", "D", "draw from the envelope into the bank", say="draw from the envelope")
PASS = Tool("pass", "Pass", "P", "only when nothing in the bank can be played or kept", say="pass")

#: key -> command (``pick:N``, 1-9, picks the Nth piece you may play)
KEYS = {"r": "rotate", "f": "flip", "m": "defrag", "v": "reserve", "d": "draw", "p": "pass",
        "arrowup": "cursor:up", "arrowdown": "cursor:down", "arrowleft": "cursor:left",
        "arrowright": "cursor:right", "k": "place"}


def play_name(piece: str) -> str:
    """What an action calls a piece: its id, or a special's kind (``av1`` -> ``av``)."""
    return PLAY_NAME.get(piece, piece)


def shape_of(name: str) -> str | None:
    """The shape a piece (id or a special's kind) is laid in."""
    if name in SHAPE:
        return SHAPE[name]
    return name if name in ORIENTED else None


def piece_label(piece: str) -> str:
    """``1L4`` -> ``P1 L4 (4 blocks)``; ``av1`` -> ``Anti-virus``."""
    kind = KIND.get(piece, piece)
    if kind != "data":
        return SPECIAL_NAMES.get(kind, piece)
    return f"P{COLOUR[piece] + 1} {SHAPE[piece]} ({SIZE[piece]} blocks)"


def _k(shape: str, word: str) -> int:
    found = parse_orientation(word)
    return 0 if found is None else found


def _canonical(shape: str, k: int) -> str:
    target = transform(ORIENTED[shape][0], k)
    for name, placed in ORIENTED[shape].items():
        if placed == target:
            return orientation_name(name)
    return "r0"


def turned(shape: str, word: str) -> str:
    """The orientation a quarter turn clockwise leads to."""
    k = _k(shape, word)
    return _canonical(shape, (k // 4) * 4 + (k % 4 + 1) % 4)


def flipped(shape: str, word: str) -> str:
    """The orientation mirrored left-right (as seen on screen)."""
    k = _k(shape, word)
    mirrored = k < 4
    return _canonical(shape, (4 if mirrored else 0) + (-(k % 4)) % 4)


def cells(shape: str, word: str) -> tuple[tuple[int, int], ...]:
    """(row, column) cells of the shape in an orientation, top-left at (0, 0)."""
    k = _k(shape, word)
    return ORIENTED[shape].get(k) or transform(ORIENTED[shape][0], k)


def handle(shape: str, word: str) -> tuple[int, int]:
    """The block that sits under the pointer: the leftmost of the top row."""
    return min(cells(shape, word))


#: quarter turns clockwise -> how far the piece is turned, in words
_TURNS = ("", "turned a quarter clockwise", "turned half round", "turned three quarters clockwise")


def orientation_words(shape: str, word: str) -> str:
    """How an orientation lies next to the bank's drawing (``r0``), as the
    Flip and Turn buttons get there: flipped first, then turned (``r1f`` is
    a mirror image turned a quarter clockwise, ``tools.transform``'s order);
    ``""`` for a shape with one orientation (the Anti-virus, the O4).

    >>> orientation_words("L4", "r0"), orientation_words("L4", "r2"), orientation_words("L4", "r1f")
    ('as drawn in the bank', 'turned half round', 'flipped, then turned a quarter clockwise')
    >>> orientation_words("L4", "r0f"), orientation_words("O4", "r0")
    ('flipped', '')
    """
    k = parse_orientation(word)
    if k is None or len(ORIENTED.get(shape, ())) < 2:
        return ""
    turns, mirrored = _TURNS[k % 4], k >= 4
    if mirrored:
        return f"flipped, then {turns}" if turns else "flipped"
    return turns or "as drawn in the bank"


def handle_cell(shape: str, word: str, anchor: str) -> str | None:
    """The cell a click names to lay ``shape`` in orientation ``word`` with
    the top-left of its box on ``anchor`` (the notation's cell): the cell
    under its handle, which the piece always covers.

    >>> handle_cell("S4", "r0", "c3"), handle_cell("L4", "r0", "c3")
    ('d3', 'c3')
    """
    row, col = handle(shape, word)
    return shift(anchor, row, col)


def shift(cell: str, rows: int, cols: int) -> str | None:
    """The cell ``rows`` down and ``cols`` right of ``cell`` on the 10x10 board, or None."""
    col = COLUMNS.find(cell[:1])
    try:
        row = int(cell[1:]) - 1
    except ValueError:
        return None
    row, col = row + rows, col + cols
    if col < 0 or row < 0 or cell[:1] == "" or col >= WIDTH or row >= WIDTH:
        return None
    return f"{COLUMNS[col]}{row + 1}"


def spoken_piece(word: str, words=(), names=()) -> str:
    """``1L4`` -> "an L4 in your colour"; ``av`` -> "the Anti-virus"."""
    if word in SPECIAL_NAMES:
        return f"the {SPECIAL_NAMES[word]}"
    if word not in SHAPE or COLOUR.get(word) is None:
        return word
    owner = seat_word(f"p{COLOUR[word] + 1}", names)
    shape = SHAPE[word]
    article = "an" if shape[0] in "AEFHILMNORSX" else "a"
    return f"{article} {shape} in {'your' if owner == 'you' else owner + chr(39) + 's'} colour"


def _spoken_cells(word: str, words, names) -> str:
    """The cells a placement covers ("c4, c5, d5 and e5"), from its piece,
    orientation and anchor; the anchor alone if they do not fit."""
    shape = shape_of(words[0]) if len(words) == 3 else None
    if shape is None or parse_orientation(words[1]) is None:
        return word
    found = [shift(word, rows, cols) for rows, cols in sorted(cells(shape, words[1]))]
    return word if None in found else and_list(found)


#: how a move reads aloud ("Search bot places an L4 in your colour on c4, c5, c6 and d4.")
SPEECH = Speech(*spoken_phrases((PLACE, DEFRAG, RESERVE, DRAW, PASS), resign="leave the game"),
                readers={"piece": spoken_piece, "cell": _spoken_cells},
                withheld={"piece": "a piece", "cell": "the board"})
