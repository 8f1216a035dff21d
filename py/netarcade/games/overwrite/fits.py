"""Where a shape fits now, every placement at once (the hot path of Overwrite).

What it is for: the legal placements of a shape as one bit set, from a
handful of shifts per orientation instead of one ``&`` test per placement,
and picking the actions of those placements from a table without a Python
loop. Not here: which cells are forbidden or required now
(``legal.placement_rule``), the placements one by one (``board.py``).

An orientation's cells are offsets ``r * 10 + c`` from its anchor (the top-left
cell of its bounding box). For an anchor ``a`` where the placement lies inside
the boundary, its cell ``a + o`` is bit ``a`` of ``mask >> o``, with no wrap
into the next row (the piece fits on the grid there), so

- the anchors whose placement overlaps ``forbidden`` are the OR of
  ``forbidden >> o`` over the offsets ``o``;
- the anchors whose placement touches ``required``, the OR of ``required >> o``;

both kept to the anchors inside the boundary. A shape's placements are then
one int, a block of ``span`` bits per orientation (ascending), bit ``anchor -
first`` of the block set for each legal anchor, ``first`` and ``span`` the
boundary's first cell and its cells from first to last: exactly the
placements ``board.placements`` lists that avoid ``forbidden`` and touch
``required``, in its order (orientation, then anchor ascending).

>>> pick(anchor_table("I2", 6, lambda k, anchor: (k, cell_name(anchor))), fits("I2", 6, 0, 1 << parse_cell("e5")))
[(0, 'd5'), (0, 'e5'), (1, 'e4'), (1, 'e5')]
>>> pick(("a", "b", "c", "d"), 0b1010)
['b', 'd']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress

from .board import WIDTH, boundary, cell_name, cells_of, parse_cell, placements  # noqa: F401 (doctest)
from .pieces import ORIENTED

#: '0'/'1' text to the bytes 0/1 (false/true selectors for ``compress``)
_SELECTOR = bytes.maketrans(b"01", b"\x00\x01")


@lru_cache(maxsize=None)
def window(size: int) -> tuple[int, int]:
    """``(first, span)``: the boundary's first cell and how many cells it
    runs over, first to last (one block of a placement bit set)."""
    inside = boundary(size)
    first = (inside & -inside).bit_length() - 1
    return first, inside.bit_length() - first


@lru_cache(maxsize=None)
def orientations(shape: str, size: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Per distinct orientation ``k`` of ``shape``, ascending: ``(k, its
    block's first bit, its anchors inside the boundary of ``size`` shifted to
    the block's start, the offsets of its cells)``."""
    first, span = window(size)
    inside: dict[int, int] = {}
    for k, anchor, _ in placements(shape, size):
        inside[k] = inside.get(k, 0) | 1 << anchor
    return tuple((k, i * span, inside.get(k, 0), tuple(r * WIDTH + c for r, c in cells))
                 for i, (k, cells) in enumerate(ORIENTED[shape].items()))


@lru_cache(maxsize=None)
def placement_bits(shape: str, size: int) -> dict[int, int]:
    """``mask -> its bit`` in the placement bit sets of ``shape`` inside the
    boundary of ``size`` (where a piece on the board lies)."""
    first = window(size)[0]
    start = {k: base for k, base, _, _ in orientations(shape, size)}
    return {mask: 1 << (start[k] + anchor - first) for k, anchor, mask in placements(shape, size)}


@lru_cache(maxsize=4096)
def fits(shape: str, size: int, forbidden: int, required: int | None) -> int:
    """The placements of ``shape`` inside the boundary that avoid
    ``forbidden`` and, unless ``required`` is None, touch it, as a bit set
    (kept for the next ask: once stacking is allowed the rule seldom changes)."""
    first = window(size)[0]
    found = 0
    for _, base, anchors, offsets in orientations(shape, size):
        if forbidden:
            hit = 0
            for offset in offsets:
                hit |= forbidden >> offset
            anchors &= ~hit
        if required is not None and anchors:
            touch = 0
            for offset in offsets:
                touch |= required >> offset
            anchors &= touch
        found |= anchors >> first << base
    return found


def pick(table, chosen: int) -> list:
    """The entries of ``table`` at the bits of ``chosen``, ascending
    (``table`` at least as long as ``chosen`` has bits)."""
    return list(compress(table, format(chosen, f"0{len(table)}b")[::-1].encode().translate(_SELECTOR)))


def anchor_table(shape: str, size: int, make) -> tuple:
    """``make(k, anchor)`` at the bit of each placement of ``shape`` inside
    the boundary of ``size``, None at the other bits: the table :func:`pick`
    reads a :func:`fits` bit set with."""
    first, span = window(size)
    table: list = [None] * (span * len(ORIENTED[shape]))
    for k, base, anchors, _ in orientations(shape, size):
        for anchor in cells_of(anchors):
            table[base + anchor - first] = make(k, anchor)
    return tuple(table)
