"""Overwrite's scores and winners (O21-O22).

A seat's score is its largest chunk: the most cells in one edge-connected
group of cells whose top piece is of its colour, seen from above (heights
ignored, corners do not connect). Ties: the most cells of the colour seen
from above; still tied, the win is shared. Not here: the evaluation bots
use (``evaluation.py``).
"""

from __future__ import annotations

from .board import components, largest_group
from .state import OverwriteState


def scores(state: OverwriteState) -> list[int]:
    if state._scores is None:
        state._scores = [largest_group(mask) for mask in state.tops]
    return list(state._scores)


def visible(state: OverwriteState) -> list[int]:
    """Cells of each colour seen from above (the tie-break)."""
    return [mask.bit_count() for mask in state.tops]


def winners(state: OverwriteState) -> list[int]:
    """The seats with the largest chunk, then the most visible cells (O22)."""
    if not state.over:
        return []
    ranked = list(zip(scores(state), visible(state)))
    return leaders(ranked, [seat for seat in range(len(ranked)) if seat not in state.resigned])  # O25


def ranking(tops: list[int]) -> list[tuple[int, int]]:
    """Per seat, what O22 compares if the game ended with these top masks:
    (its largest chunk, its cells seen from above)."""
    return [(largest_group(mask), mask.bit_count()) for mask in tops]


def leaders(ranked: list[tuple[int, int]], seats) -> list[int]:
    """Of ``seats``, those whose :func:`ranking` is the best (O22: they
    share the win)."""
    best = max(ranked[seat] for seat in seats)
    return [seat for seat in seats if ranked[seat] == best]


def largest_groups(state: OverwriteState) -> list[int]:
    """Per seat, the mask of one largest group (the lowest-cell one on a tie)."""
    found = []
    for mask in state.tops:
        best = 0
        for group in components(mask):
            if group.bit_count() > best.bit_count():
                best = group
        found.append(best)
    return found
