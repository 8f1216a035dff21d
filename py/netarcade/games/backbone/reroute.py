"""The Reroute rule: which Switch or AP may move, and where to.

A Reroute moves a Switch or an AP of the network to a free hex (no piece,
no City) where it is legal for that piece, with every piece that was in
the network still in it afterwards: the network stays connected and is
never smaller. A Switch needs two network neighbours where it lands.

Random play lists every Reroute of every movable piece for each action, so
this is the hot path of a playout: hex sets as integers (``bitboard.py``),
one walk of the network only for a piece whose removal would strand
others, and an exact trial move only for the few targets the sets cannot
decide. The targets of each piece are cached in the state, with the hexes
that were occupied when they were found.

What this module is not: the other actions (``rules.py``) or applying a
Reroute (``turns.py``).
"""

from __future__ import annotations

from .bitboard import BIT, BOARD, FAR, NEAR, beside_two, hexes_of, sorted_hexes
from .network import ROOTS, Side, city_bits, flood, holds_without, network_bits, occupied, reach, side
from .state import BackboneState


def movable_bits(state: BackboneState, seat: int) -> int:
    """The Switches and APs of ``seat``'s network."""
    pieces = side(state, seat)
    return network_bits(state, seat) & (pieces.switches | pieces.aps)


def movable_pieces(state: BackboneState, seat: int) -> list:
    return sorted_hexes(movable_bits(state, seat))


def reroute_targets(state: BackboneState, seat: int, source) -> list:
    """Hexes the Switch/AP at ``source`` may move to, in board order: a legal
    hex for that piece, with every piece that was in the network still in
    it afterwards (so the network stays connected and is never smaller)."""
    return hexes_of(target_bits(state, seat, BIT[source]))


def target_bits(state: BackboneState, seat: int, source: int) -> int:
    """``reroute_targets`` of the piece at bit ``source`` (a Switch or AP of
    ``seat``'s network) as a hex set, cached until a piece moves."""
    taken = occupied(state)
    key = ("targets", seat)
    known = state._cache.get(key)
    if known is None or known[0] != taken:
        known = state._cache[key] = (taken, {})
    found = known[1].get(source)
    if found is None:
        free = BOARD & ~taken & ~city_bits(state.cities)
        found = known[1][source] = _targets(side(state, seat), network_bits(state, seat), seat, source, free)
    return found


def _targets(pieces: Side, before: int, seat: int, source: int, free: int) -> int:
    kind = "ap" if source & pieces.aps else "switch"
    rest = before & ~source
    aps = pieces.aps & ~source  # the lifted piece joins nothing by air
    if holds_without(pieces, before, source, seat):
        # Nothing hangs on the piece: a hex is legal when the piece placed
        # there touches what remains (a placed piece can only add to the
        # network). A Switch needs two network neighbours there; besides
        # what remains, only own pieces now outside the network could
        # become such neighbours: decide those few hexes exactly.
        found = free & reach(rest, aps, kind)
        if kind == "switch":
            short = found & ~beside_two(rest, rest & aps)
            if short:
                found &= ~short
                stranded = pieces.active & ~before
                for target in _bits(short & reach(stranded, aps, kind) if stranded else 0):
                    if keeps_network(pieces, before, seat, source, target):
                        found |= target
        return found
    # The piece is a cut vertex: only a hex touching both what remains and
    # what was cut off can re-join them; check those candidates exactly.
    remaining = flood(pieces.active & ~source, aps, ROOTS[seat])
    cut_off = rest & ~remaining
    found = 0
    for target in _bits(free & reach(remaining, aps, kind) & reach(cut_off, aps, kind)):
        if keeps_network(pieces, before, seat, source, target):
            found |= target
    return found


def keeps_network(pieces: Side, before: int, seat: int, source: int, target: int) -> bool:
    """Does moving the piece at bit ``source`` of the network ``before`` to
    the free bit ``target`` keep every other piece of the network in it,
    the moved piece too (a Switch with two network neighbours)?"""
    moved = source & pieces.aps
    active = (pieces.active & ~source) | target
    aps = (pieces.aps & ~source) | (target if moved else 0)
    after = flood(active, aps, ROOTS[seat])
    if not target & after or before & ~source & ~after:
        return False
    if moved:
        return True
    index = target.bit_length() - 1
    return ((NEAR[index] & after).bit_count() + (FAR[index] & after & aps).bit_count()) >= 2


def _bits(mask: int) -> list[int]:
    """The single bits of ``mask``, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found
