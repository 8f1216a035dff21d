"""Overwrite's board: one 10x10 grid, its boundaries, and bit masks.

What it is for: cell names, the boundary of each player count (O3), and the
bit-mask arithmetic the hot path runs on. A set of cells is an int whose
bit ``row * 10 + column`` is set; row 0 is the top row. Every placement of
every shape orientation is precomputed as such a mask, per boundary
(``fits.py`` turns them into bit sets of placements). Not here: which
placements the rules allow now (``legal.py``).

Cells are named by column letter and row number, ``a1`` top left to
``j10`` bottom right.

>>> cell_name(0), cell_name(99), parse_cell("c4")
('a1', 'j10', 32)
>>> [cell_name(c) for c in cells_of(neighbours(1 << parse_cell("a1")))]
['b1', 'a2']
>>> BOUNDARY_SIZE
{2: 6, 3: 8, 4: 8, 5: 10, 6: 10}
"""

from __future__ import annotations

from functools import lru_cache

from .pieces import ORIENTED

WIDTH = 10
CELLS = WIDTH * WIDTH
FULL = (1 << CELLS) - 1
COLUMNS = "abcdefghij"
#: the side of the playing area for each player count (O3, as printed)
BOUNDARY_SIZE = {2: 6, 3: 8, 4: 8, 5: 10, 6: 10}


def _column_mask(col: int) -> int:
    return sum(1 << (r * WIDTH + col) for r in range(WIDTH))


_NOT_FIRST_COLUMN = FULL & ~_column_mask(0)
_NOT_LAST_COLUMN = FULL & ~_column_mask(WIDTH - 1)


def _cell_name(cell: int) -> str:
    row, col = divmod(cell, WIDTH)
    return f"{COLUMNS[col]}{row + 1}"


#: every cell's name, made once (events name the cells of every placement)
_CELL_NAMES = tuple(_cell_name(cell) for cell in range(CELLS))


def cell_name(cell: int) -> str:
    return _CELL_NAMES[cell] if 0 <= cell < CELLS else _cell_name(cell)


@lru_cache(maxsize=4096)
def cell_names(mask: int) -> tuple[str, ...]:
    """The names of the cells of a mask, ascending (kept: the same placements come back)."""
    return tuple(cell_name(cell) for cell in cells_of(mask))


def parse_cell(text: str) -> int | None:
    """The cell a name such as ``"c4"`` names, or None."""
    if not (2 <= len(text) <= 3) or text[0] not in COLUMNS:
        return None
    digits = text[1:]
    if not (digits.isascii() and digits.isdigit()) or digits[0] == "0":
        return None
    row = int(digits) - 1
    return row * WIDTH + COLUMNS.index(text[0]) if 0 <= row < WIDTH else None


def neighbours(mask: int) -> int:
    """Cells sharing an edge with some cell of ``mask`` (``mask`` excluded)."""
    grown = (mask << WIDTH) | (mask >> WIDTH) | ((mask << 1) & _NOT_FIRST_COLUMN) | ((mask >> 1) & _NOT_LAST_COLUMN)
    return grown & FULL & ~mask


def cells_of(mask: int) -> list[int]:
    """The cells of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cells) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def components(mask: int):
    """The edge-connected groups of ``mask``, as masks (lowest cell first)."""
    while mask:
        group = group_of(mask, mask & -mask)
        yield group
        mask &= ~group


def group_of(mask: int, seed: int) -> int:
    """The cells of ``mask`` edge-connected to ``seed`` (a connected part of ``mask``)."""
    group, mask = seed, mask & FULL
    while True:  # ``group | (neighbours(group) & mask)``, written out: the hot loop of scoring
        grown = group | (((group << WIDTH) | (group >> WIDTH) | ((group << 1) & _NOT_FIRST_COLUMN)
                          | ((group >> 1) & _NOT_LAST_COLUMN)) & mask)
        if grown == group:
            return group
        group = grown


@lru_cache(maxsize=4096)
def cells_in(mask: int) -> tuple[int, ...]:
    """:func:`cells_of` as a tuple, kept (pieces' masks come back all game)."""
    return tuple(cells_of(mask))


@lru_cache(maxsize=8192)
def largest_group(mask: int) -> int:
    """Cells in the largest edge-connected group of ``mask`` (kept for the
    next ask: most colours' tops do not change in a turn)."""
    best = 0
    remaining = mask.bit_count()
    for group in components(mask):
        size = group.bit_count()
        best = max(best, size)
        remaining -= size
        if remaining <= best:
            break
    return best


@lru_cache(maxsize=None)
def boundary(size: int) -> int:
    """The cells inside the centred ``size`` x ``size`` boundary."""
    low = (WIDTH - size) // 2
    return mask_of(r * WIDTH + c for r in range(low, low + size) for c in range(low, low + size))


@lru_cache(maxsize=None)
def sides(size: int) -> tuple[int, int, int, int]:
    """The boundary's top, bottom, left and right rows/columns of cells."""
    low, high = (WIDTH - size) // 2, (WIDTH - size) // 2 + size - 1
    inside = range(low, high + 1)
    return (mask_of(low * WIDTH + c for c in inside), mask_of(high * WIDTH + c for c in inside),
            mask_of(r * WIDTH + low for r in inside), mask_of(r * WIDTH + high for r in inside))


@lru_cache(maxsize=None)
def rim(size: int) -> int:
    """Every cell touching a side of the boundary."""
    top, bottom, left, right = sides(size)
    return top | bottom | left | right


#: the sides of the boundary in the order of :func:`sides`, and each one's opposite
SIDE_NAMES = ("top", "bottom", "left", "right")
OPPOSITE = (1, 0, 3, 2)
#: a set of sides as bits: bit ``i`` is ``SIDE_NAMES[i]``
ALL_SIDES = 0b1111


def touched_sides(mask: int, size: int) -> int:
    """The sides of the boundary that ``mask`` touches, as bits.

    >>> [SIDE_NAMES[i] for i in range(4) if touched_sides(1 << parse_cell("c3"), 6) >> i & 1]
    ['top', 'left']
    """
    return sum(1 << i for i, side in enumerate(sides(size)) if mask & side)


def spans(mask: int, size: int, from_sides: int = ALL_SIDES) -> bool:
    """Does some edge-connected group of ``mask`` touch one of ``from_sides``
    and the side opposite it? With every side (the default) that is any two
    opposite sides (O12, editions 1-2); rules edition 3 asks it of the sides
    the first piece lies against only."""
    edges = sides(size)
    for i in range(4):
        if from_sides >> i & 1:
            near, far = mask & edges[i], mask & edges[OPPOSITE[i]]
            # every group touching the near side, grown at once, reaches the far one?
            if near and far and group_of(mask, near) & far:
                return True
    return False


@lru_cache(maxsize=None)
def placements(shape: str, size: int) -> tuple[tuple[int, int, int], ...]:
    """Every ``(orientation, anchor cell, mask)`` of ``shape`` inside the
    boundary of ``size``, ordered by orientation then anchor. The anchor is
    the top-left cell of the piece's bounding box."""
    inside = boundary(size)
    found = []
    for k, cells in ORIENTED[shape].items():
        height = 1 + max(r for r, _ in cells)
        width = 1 + max(c for _, c in cells)
        for row in range(WIDTH - height + 1):
            for col in range(WIDTH - width + 1):
                mask = mask_of((row + r) * WIDTH + col + c for r, c in cells)
                if not mask & ~inside:
                    found.append((k, row * WIDTH + col, mask))
    return tuple(found)


@lru_cache(maxsize=None)
def placement_table(shape: str, size: int) -> dict[tuple[int, int], int]:
    """``(orientation, anchor) -> mask`` for the placements inside the boundary."""
    return {(k, anchor): mask for k, anchor, mask in placements(shape, size)}


def shape_mask(shape: str, k: int, anchor: int) -> int | None:
    """The mask of ``shape`` in orientation ``k`` anchored at ``anchor`` on the
    10x10 grid, or None when it does not fit on the grid at all."""
    cells = ORIENTED[shape].get(k)
    if cells is None:
        return None
    row, col = divmod(anchor, WIDTH)
    mask = 0
    for r, c in cells:
        if row + r >= WIDTH or col + c >= WIDTH:
            return None
        mask |= 1 << ((row + r) * WIDTH + col + c)
    return mask
