"""One random legal action without the list (random play's hot path).

What it is for: ``pick_legal``, which draws what ``rng.choice`` of
``legal.legal_actions`` draws (the same action, the same single
``below(total)``) but only counts the legal actions, kind by kind in the
listing's order, and builds the one drawn. Not here: the listing itself
and why an action is refused (``legal.py``).

The listing's order: Draw (before drawing), each playable piece's
placements (``legal.sources``), each movable piece's Defrags
(``legal.movable``), the Reserves, and Pass only when there is nothing
else. A piece's placements are the bits of its ``fits`` bit set, counted
with a popcount; the one drawn is its ``n``-th bit (``fits.nth``) in the
piece's action table (``legal.action_table``), the same objects the list
holds.
"""

from __future__ import annotations

from ...core.game import is_seat
from .actions import Defrag, Draw, Pass, Place, Reserve
from .fits import fits, nth, placement_bits
from .legal import action_table, has_defrag, movable, placement_rule, reservable, sources
from .pieces import PLAY_NAME, SHAPE
from .state import DRAW, PLAY, OverwriteState


def pick_legal(state: OverwriteState, seat: int, rng):
    """``rng.choice(legal.legal_actions(state, seat))`` without the list
    (``IndexError`` and nothing drawn when ``seat`` has no legal action).
    The action drawn is offered to ``legal.check``, which accepts it at
    once until the state changes (``state.offered``)."""
    if not is_seat(seat) or state.over or seat != state.current:
        return rng.choice(())  # IndexError, as choice of the empty list
    size = state.size
    drawing = state.phase == DRAW
    total = 1 if drawing else 0
    kinds = []  # (count, bit set, kind, seat's name of the piece, shape)
    rule = placement_rule(state)
    for piece in sources(state, seat):
        shape = SHAPE[piece]
        chosen = fits(shape, size, *rule)
        if chosen:
            count = chosen.bit_count()
            kinds.append((count, chosen, Place, PLAY_NAME[piece], shape))
            total += count
    if has_defrag(state):
        placed = state.placed
        for piece in movable(state):
            shape, mask = SHAPE[piece], placed[piece][2]
            chosen = fits(shape, size, *placement_rule(state, lifted=mask)) & ~placement_bits(shape, size).get(mask, 0)
            if chosen:
                count = chosen.bit_count()
                kinds.append((count, chosen, Defrag, piece, shape))
                total += count
    reserves = reservable(state, seat)
    total += len(reserves)
    passing = not total and state.phase == PLAY
    index = rng.choice(range(total + passing))
    if drawing:
        if not index:
            action = state.offered = Draw(seat)
            return action
        index -= 1
    for count, chosen, kind, name, shape in kinds:
        if index < count:
            action = state.offered = action_table(kind, seat, name, shape, size)[nth(chosen, index)]
            return action
        index -= count
    action = state.offered = Reserve(seat, reserves[index]) if reserves else Pass(seat)
    return action
