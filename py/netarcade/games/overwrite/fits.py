"""Where a shape fits now, every placement at once (the hot path of Overwrite).

What it is for: the legal placements of a shape as one bit set, from one OR
per cell that matters instead of one ``&`` test per placement, and picking
the actions of those placements from a table without a Python loop. Not
here: which cells are forbidden or required now (``legal.placement_rule``),
the placements themselves (``board.placements``).

Bit ``i`` of a placement bit set stands for the ``i``-th placement
``board.placements`` lists for the shape and boundary (by orientation, then
anchor). Per cell, the bit set of the placements covering it is computed
once; the placements that overlap a set of cells are the OR of their cells'
bit sets, so the placements that avoid ``forbidden`` and touch ``required``
are those touching ``required`` (every one when it is None) but not
``forbidden``, in the order ``board.placements`` lists them. The ORs are
read from tables by chunks of the boundary's rows (``chunks``: every
pattern of the up to six cells of a chunk, its OR made once), so a set of
cells costs one lookup per chunk it touches, not one per cell.

>>> pick(anchor_table("I2", 6, lambda k, anchor: (k, cell_name(anchor))), fits("I2", 6, 0, 1 << parse_cell("e5")))
[(0, 'd5'), (0, 'e5'), (1, 'e4'), (1, 'e5')]
>>> pick(("a", "b", "c", "d"), 0b1010)
['b', 'd']
>>> nth(0b1010, 1), nth(1 << 300 | 1, 1)
(3, 300)
"""

from __future__ import annotations

from functools import lru_cache, reduce
from itertools import compress
from operator import or_

from .board import CELLS, WIDTH, cell_name, cells_in, parse_cell, placements  # noqa: F401 (doctest)

#: '0'/'1' text to the bytes 0/1 (false/true selectors for ``compress``)
_SELECTOR = bytes.maketrans(b"01", b"\x00\x01")


@lru_cache(maxsize=None)
def covers(shape: str, size: int) -> tuple[int, ...]:
    """Per cell: the bit set of the placements of ``shape`` inside the
    boundary of ``size`` that cover it."""
    cover = [0] * CELLS
    for i, (_, _, mask) in enumerate(placements(shape, size)):
        for cell in cells_in(mask):
            cover[cell] |= 1 << i
    return tuple(cover)


@lru_cache(maxsize=None)
def placement_bits(shape: str, size: int) -> dict[int, int]:
    """``mask -> its bit`` in the placement bit sets of ``shape`` inside the
    boundary of ``size`` (where a piece on the board lies)."""
    return {mask: 1 << i for i, (_, _, mask) in enumerate(placements(shape, size))}


#: the most cells of a row one table covers (64 patterns: a 6x6 board's whole row)
CHUNK = 6


@lru_cache(maxsize=None)
def chunks(shape: str, size: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Per chunk of a row of the boundary of ``size`` (a whole row up to
    ``CHUNK`` cells, else its halves): its first cell, the mask of its
    width, and per pattern of its cells (bit ``c``: the ``c``-th
    cell from its first) the OR of their ``covers``."""
    cover = covers(shape, size)
    low = (WIDTH - size) // 2
    found = []
    parts = -(-size // CHUNK)  # a row in as few chunks as ``CHUNK`` allows, as even as can be
    bounds = [low + size * part // parts for part in range(parts + 1)]
    for row in range(low, low + size):
        for start, end in zip(bounds, bounds[1:]):
            width = end - start
            first = row * WIDTH + start
            table = tuple(reduce(or_, (cover[first + c] for c in range(width) if pattern >> c & 1), 0)
                          for pattern in range(1 << width))
            found.append((first, (1 << width) - 1, table))
    return tuple(found)


def touching(shape: str, size: int, cells: int) -> int:
    """The placements of ``shape`` inside the boundary of ``size`` that
    overlap ``cells`` (cells outside the boundary touch none), as a bit set."""
    found = 0
    for first, width, table in chunks(shape, size):
        pattern = (cells >> first) & width
        if pattern:
            found |= table[pattern]
    return found


#: ``fits`` answers kept, by ``(shape, size, forbidden, required)``; emptied when full
_FITS: dict[tuple, int] = {}
_KEPT = 4096


def fits(shape: str, size: int, forbidden: int, required: int | None) -> int:
    """The placements of ``shape`` inside the boundary that avoid
    ``forbidden`` and, unless ``required`` is None, touch it, as a bit set
    (kept for the next ask: once stacking is allowed the rule seldom changes)."""
    key = (shape, size, forbidden, required)
    found = _FITS.get(key)
    if found is None:
        if len(_FITS) >= _KEPT:
            _FITS.clear()
        if required is None:
            found = (1 << len(placements(shape, size))) - 1
        else:
            found = touching(shape, size, required)
        if forbidden and found:
            found &= ~touching(shape, size, forbidden)
        _FITS[key] = found
    return found


def forget() -> None:
    """Drop the kept answers (figures that time the work, not the lookup)."""
    _FITS.clear()


def pick(table, chosen: int) -> list:
    """The entries of ``table`` at the bits of ``chosen``, ascending
    (``table`` at least as long as ``chosen`` has bits)."""
    return list(compress(table, format(chosen, f"0{len(table)}b")[::-1].encode().translate(_SELECTOR)))


#: per byte: the indexes of its set bits, ascending
_BYTE_BITS = tuple(tuple(i for i in range(8) if byte >> i & 1) for byte in range(256))
_WORD = (1 << 64) - 1


def nth(chosen: int, n: int) -> int:
    """The index of the ``n``-th bit (from 0, ascending) of the bit set
    ``chosen``: where ``pick`` finds its ``n``-th entry, found 64 bits,
    then 8 bits at a time without listing the rest (``IndexError`` past
    the last)."""
    if not 0 <= n < chosen.bit_count():
        raise IndexError(f"the bit set has no bit number {n}")
    shift = 0
    word = chosen & _WORD
    count = word.bit_count()
    while n >= count:
        n -= count
        chosen >>= 64
        shift += 64
        word = chosen & _WORD
        count = word.bit_count()
    while True:
        bits = _BYTE_BITS[word & 255]
        if n < len(bits):
            return shift + bits[n]
        n -= len(bits)
        word >>= 8
        shift += 8


def anchor_table(shape: str, size: int, make) -> tuple:
    """``make(k, anchor)`` for each placement of ``shape`` inside the
    boundary of ``size``, in its bit's place: the table :func:`pick` reads a
    :func:`fits` bit set with."""
    return tuple(make(k, anchor) for k, anchor, _ in placements(shape, size))
