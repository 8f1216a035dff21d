"""Sets of Backbone hexes as Python integers, one bit per hex.

The rules ask the same questions many times a move (which hexes touch the
network, would it still hold together without this piece); as integers the
answers are a few shifts and ands instead of walks over tuples. Hex
``(q, r)`` is bit ``q + ROW * r``: each row of 9 hexes is followed by two
spare bits, so a shift by one or two steps in any direction never wraps a
hex of one row onto another row's hex. Ascending bits go in board order
(``board.HEXES``, row by row).

What this module is not: a rule. ``network.py`` and ``reroute.py`` say what
touching means; here are only the sets and the steps between hexes.
"""

from __future__ import annotations

from ...core.grid import HEX_DIRECTIONS
from .board import HEXES, JUMPS, NEIGHBORS

#: bits from one row to the next: 9 hexes and 2 spare bits
ROW = 11
#: bit index of every hex, and the hex at every index of a hex
INDEX: dict[tuple[int, int], int] = {h: h[0] + ROW * h[1] for h in HEXES}
HEX_AT: dict[int, tuple[int, int]] = {i: h for h, i in INDEX.items()}
BIT: dict[tuple[int, int], int] = {h: 1 << i for h, i in INDEX.items()}
#: every hex of the board
BOARD = sum(BIT.values())
#: per bit index: the six touching hexes, and the straight two-step hexes
#: (tuples by index, read in the hot loops: none for the spare bits)
NEAR: tuple[int, ...] = tuple(sum(BIT[n] for n in NEIGHBORS[HEX_AT[i]]) if i in HEX_AT else 0
                              for i in range(max(HEX_AT) + 1))
FAR: tuple[int, ...] = tuple(sum(BIT[n] for n in JUMPS[HEX_AT[i]]) if i in HEX_AT else 0
                             for i in range(max(HEX_AT) + 1))
#: per bit index: both (what an AP touches)
AROUND: tuple[int, ...] = tuple(near | far for near, far in zip(NEAR, FAR))

_STEPS = tuple(dq + ROW * dr for dq, dr in HEX_DIRECTIONS)
assert sorted(_STEPS) == [-ROW, 1 - ROW, -1, 1, ROW - 1, ROW], _STEPS


def bits_of(hexes) -> int:
    """The set of ``hexes`` (hexes of the board) as an integer."""
    mask = 0
    for h in hexes:
        mask |= BIT[h]
    return mask


def hexes_of(mask: int) -> list:
    """The hexes of ``mask`` in board order (row by row, as ``board.HEXES``)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(HEX_AT[low.bit_length() - 1])
        mask ^= low
    return found


#: per row of the board: its first bit, and the bit indexes of each of its 512 patterns
_ROW_INDEXES = tuple((ROW * r, tuple(tuple(ROW * r + q for q in range(9) if pattern >> q & 1)
                                     for pattern in range(512)))
                     for r in range(9))


def indexes_of(mask: int) -> list[int]:
    """The bit indexes of ``mask``, ascending: bit by bit for a few, else
    row by row from a table."""
    found: list[int] = []
    if mask.bit_count() < 5:
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found
    for shift, patterns in _ROW_INDEXES:
        pattern = (mask >> shift) & 511
        if pattern:
            found += patterns[pattern]
    return found


def nth_index(mask: int, n: int) -> int:
    """The bit index of the ``n``-th hex of ``mask`` (from 0, ascending, as
    ``indexes_of(mask)[n]``), found row by row without listing the rest."""
    for shift, patterns in _ROW_INDEXES:
        pattern = (mask >> shift) & 511
        if pattern:
            count = pattern.bit_count()
            if n < count:
                return patterns[pattern][n]
            n -= count
    raise IndexError(f"the set has no hex number {n}")


#: per column of the board (``q``, ascending): its hexes, one bit each
COLUMNS: tuple[int, ...] = tuple(sum(BIT[h] for h in HEXES if h[0] == q) for q in sorted({h[0] for h in HEXES}))


def nth_sorted_index(mask: int, n: int) -> int:
    """The bit index of the ``n``-th hex of ``mask`` (from 0) in sorted
    order (by column, then row; within a column the bits ascend by row),
    found column by column without sorting the rest."""
    for column in COLUMNS:
        part = mask & column
        if part:
            count = part.bit_count()
            if n < count:
                while n:
                    part &= part - 1
                    n -= 1
                return (part & -part).bit_length() - 1
            n -= count
    raise IndexError(f"the set has no hex number {n}")


def sorted_indexes(mask: int) -> list[int]:
    """The bit indexes of ``mask`` in sorted hex order (by column, then
    row), column by column (within a column the bits ascend by row)."""
    found: list[int] = []
    for column in COLUMNS:
        part = mask & column
        while part:
            low = part & -part
            found.append(low.bit_length() - 1)
            part ^= low
    return found


def sorted_hexes(mask: int) -> list:
    """The hexes of ``mask`` in sorted order (by column, then row)."""
    return sorted(hexes_of(mask))


def spread(mask: int) -> int:
    """Every hex touching a hex of ``mask`` (its six neighbours)."""
    return ((mask << 1) | (mask >> 1) | (mask << ROW) | (mask >> ROW)
            | (mask << (ROW - 1)) | (mask >> (ROW - 1))) & BOARD


def leap(mask: int) -> int:
    """Every hex two steps in a straight line from a hex of ``mask``."""
    return ((mask << 2) | (mask >> 2) | (mask << (2 * ROW)) | (mask >> (2 * ROW))
            | (mask << (2 * ROW - 2)) | (mask >> (2 * ROW - 2))) & BOARD


def tally(near: int, far: int, top: int) -> list[int]:
    """Hexes by how many of these they have: a neighbour in ``near``, a
    straight two-step hex in ``far`` (one count per such hex). Entry ``k``
    holds the hexes with ``k + 1`` or more, for ``top`` 2 or 3 entries."""
    moves = ()
    if near:
        moves += (near << 1, near >> 1, near << ROW, near >> ROW, near << (ROW - 1), near >> (ROW - 1))
    if far:
        moves += (far << 2, far >> 2, far << (2 * ROW), far >> (2 * ROW), far << (2 * ROW - 2), far >> (2 * ROW - 2))
    one = two = three = 0
    if top == 2:
        for moved in moves:
            two |= one & moved
            one |= moved
        return [one & BOARD, two & BOARD]
    for moved in moves:
        three |= two & moved
        two |= one & moved
        one |= moved
    return [one & BOARD, two & BOARD, three & BOARD]


def planes(mask: int, steps: int) -> tuple[int, int, int]:
    """For every hex, how many hexes of ``mask`` are ``steps`` (1 or 2)
    steps away in a straight line, bit-sliced: the hexes whose count has
    1, 2 or 4 in it (up to 6). ``restep`` keeps them up to date as single
    hexes come and go."""
    ones = twos = fours = 0
    shift_row, shift_diagonal = ROW * steps, (ROW - 1) * steps
    for moved in (mask << steps, mask >> steps, mask << shift_row, mask >> shift_row,
                  mask << shift_diagonal, mask >> shift_diagonal):
        moved &= BOARD  # ``restep(counts, moved, True)`` written out
        carry = ones & moved
        fours ^= twos & carry
        twos ^= carry
        ones ^= moved
    return ones, twos, fours


def restep(counts: tuple[int, int, int], mask: int, more: bool) -> tuple[int, int, int]:
    """Bit-sliced ``counts`` (``planes``) one more (``more``) or one less
    at every hex of ``mask``."""
    ones, twos, fours = counts
    if more:
        carry = ones & mask
        return ones ^ mask, twos ^ carry, fours ^ (twos & carry)
    borrow = mask & ~ones
    return ones ^ mask, twos ^ borrow, fours ^ (borrow & ~twos)


def at_least(counts: tuple[int, int, int]) -> tuple[int, int, int]:
    """The hexes whose bit-sliced count (``planes``) is 1 or more, 2 or
    more, 3 or more."""
    ones, twos, fours = counts
    return ones | twos | fours, twos | fours, fours | (twos & ones)


def beside_two(near: int, far: int) -> int:
    """Hexes with two or more of: a neighbour in ``near``, a straight
    two-step hex in ``far`` (one count per such hex)."""
    return tally(near, far, 2)[1]
