"""Overwrite's pieces: the shapes of the box, their orientations, their ids.

What it is for: everything about a piece that never changes during a game,
computed once at import (docs/rules/overwrite.md, O1-O2): the twelve code
block shapes every colour has, the special pieces, each shape's distinct
orientations (rotations and mirror images), and the id of every physical
piece in the box. Not here: where a piece may go (``legal.py``) or the
board's bit masks (``board.py``).

An orientation is an int ``k`` in 0..7: mirror left-right when ``k >= 4``,
then turn ``k % 4`` quarter turns clockwise. Notation ``r0``..``r3`` plus
``f`` for the mirror image: ``r1f`` is ``k = 5``. A shape lists only its
distinct orientations (the first ``k`` giving each distinct set of cells):
the 2x2 block has just ``r0``.

>>> ORIENTATIONS["O4"]
(0,)
>>> len(ORIENTATIONS["L4"]), len(ORIENTATIONS["T4"]), len(ORIENTATIONS["I2"])
(8, 4, 2)
>>> orientation_name(5), parse_orientation("r1f")
('r1f', 5)
"""

from __future__ import annotations

#: the twelve code blocks every colour has, as (row, column) cells; the order
#: is the order banks and menus list them (O1)
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "I2": ((0, 0), (0, 1)),
    "I3": ((0, 0), (0, 1), (0, 2)),
    "L3": ((0, 0), (1, 0), (1, 1)),
    "I4": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "O4": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "T4": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S4": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "L4": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "L5": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "P5": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "T5": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U5": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
}
#: shapes of the special pieces that go on the board (O2): the Anti-virus is
#: one block, Encrypted data a 2x2 block; Defrag and System Fail never lie
#: on the board
SPECIAL_SHAPES = {"av": ((0, 0),), "enc": ((0, 0), (0, 1), (1, 0), (1, 1))}
ALL_SHAPES = {**SHAPES, **SPECIAL_SHAPES}

COLOURS = 6
#: special kinds and the copies of each in the box (O2)
SPECIAL_COPIES = {"sf": 1, "av": 2, "enc": 2, "df": 2}
SPECIAL_NAMES = {"sf": "System Fail", "av": "Anti-virus", "enc": "Encrypted data", "df": "Defrag"}
#: the largest piece a personal bank takes (O14)
RESERVE_LIMIT = 4


def transform(cells, k: int) -> tuple[tuple[int, int], ...]:
    """``cells`` mirrored (``k >= 4``) then turned ``k % 4`` quarter turns
    clockwise, moved so the top row and the left column are 0, sorted.

    >>> transform(SHAPES["L3"], 1)
    ((0, 0), (0, 1), (1, 0))
    """
    out = [(r, -c) if k >= 4 else (r, c) for r, c in cells]
    for _ in range(k % 4):
        out = [(c, -r) for r, c in out]
    top = min(r for r, _ in out)
    left = min(c for _, c in out)
    return tuple(sorted((r - top, c - left) for r, c in out))


def _distinct(cells) -> dict[int, tuple[tuple[int, int], ...]]:
    found: dict[int, tuple] = {}
    seen = set()
    for k in range(8):
        shape = transform(cells, k)
        if shape not in seen:
            seen.add(shape)
            found[k] = shape
    return found


#: shape -> {orientation k: normalized cells}, distinct orientations only
ORIENTED = {name: _distinct(cells) for name, cells in ALL_SHAPES.items()}
#: shape -> the distinct orientation numbers, ascending
ORIENTATIONS = {name: tuple(found) for name, found in ORIENTED.items()}


#: the notation of each orientation ``k``
ORIENTATION_NAMES = tuple(f"r{k % 4}" + ("f" if k >= 4 else "") for k in range(8))


def orientation_name(k: int) -> str:
    return ORIENTATION_NAMES[k]


def parse_orientation(text: str) -> int | None:
    """``"r1f"`` -> 5; None for anything else."""
    if len(text) in (2, 3) and text[0] == "r" and text[1] in "0123" and text[2:] in ("", "f"):
        return int(text[1]) + (4 if text[2:] == "f" else 0)
    return None


# --- the pieces of the box -------------------------------------------------------


def colour_piece(colour: int, shape: str) -> str:
    """The id of a colour's piece: colour 0's L4 is ``"1L4"`` (P1's colour)."""
    return f"{colour + 1}{shape}"


#: every physical piece: id -> (kind, colour or None, shape or None); kind is
#: "data" for a code block, else the special's kind
PIECES: dict[str, tuple[str, int | None, str | None]] = {}
for _colour in range(COLOURS):
    for _shape in SHAPES:
        PIECES[colour_piece(_colour, _shape)] = ("data", _colour, _shape)
for _kind, _copies in SPECIAL_COPIES.items():
    for _copy in range(1, _copies + 1):
        PIECES[_kind if _copies == 1 else f"{_kind}{_copy}"] = (_kind, None, SPECIAL_SHAPES.get(_kind) and _kind)
del _colour, _shape, _kind, _copies, _copy

KIND = {piece: kind for piece, (kind, _, _) in PIECES.items()}
COLOUR = {piece: colour for piece, (_, colour, _) in PIECES.items()}
SHAPE = {piece: shape for piece, (_, _, shape) in PIECES.items()}
SIZE = {piece: len(ALL_SHAPES[shape]) if shape else 0 for piece, shape in SHAPE.items()}
#: what a piece is called in an action: its id for a code block (each is
#: unique), its kind for a special (two Anti-viruses are the same to play)
PLAY_NAME = {piece: piece if kind == "data" else kind for piece, kind in KIND.items()}
#: rank of each piece in listings: box order
ORDER = {piece: i for i, piece in enumerate(PIECES)}


def colour_set(colour: int) -> list[str]:
    return [colour_piece(colour, shape) for shape in SHAPES]


def special_set(players: int) -> list[str]:
    """The specials a game of ``players`` puts in the envelope, as printed:
    one set for 2 players, two sets with one System Fail for 3-6 (O2)."""
    if players == 2:
        return ["sf", "av1", "enc1", "df1"]
    return ["sf", "av1", "av2", "enc1", "enc2", "df1", "df2"]


def ascii_drawing(shape: str) -> list[str]:
    """The shape as rows of ``#`` and ``.`` (for the docs and tests).

    >>> ascii_drawing("T4")
    ['###', '.#.']
    """
    cells = set(ALL_SHAPES[shape])
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return ["".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows)]
