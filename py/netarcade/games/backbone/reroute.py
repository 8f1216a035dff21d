"""The Reroute rule: which Switch or AP may move, and where to.

A Reroute moves a Switch or an AP of the network to a free hex (no piece,
no City) where it is legal for that piece, with every piece that was in
the network still in it afterwards: the network stays connected and is
never smaller. A Switch needs two network neighbours where it lands.

Random play counts every Reroute of every movable piece for each action
(``rules.pick_legal``), so this is the hot path of a playout. It works on hex sets as integers
(``bitboard.py``) and finds the targets of every movable piece at once,
cached in the state with the hexes that were occupied then:

* Which pieces hang on a piece: the network's rings from the start pieces
  (``network.network_layers``) tell. A piece of an outer ring that touches
  another piece of the inner rings hangs on that one; from any other piece
  of the next ring a short walk without the lifted piece either meets the
  inner rings or is cut off whole.
* A piece nothing hangs on (lifting it strands no other piece) may go
  wherever it would touch what remains: the network's touching counts,
  one less beside the lifted piece.
* A piece others hang on may only go where it touches both what remains
  and every part that was cut off.
* A Switch needs two network neighbours where it lands; own pieces outside
  the network that touch it there join the network through it and count.

What this module is not: the other actions (``rules.py``) or applying a
Reroute (``turns.py``).
"""

from __future__ import annotations

from .bitboard import BIT, BOARD, FAR, NEAR, hexes_of, sorted_hexes
from .network import Side, city_bits, network_bits, network_layers, occupied, reach, side, \
    touched, touching_counts
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
    return hexes_of(all_targets(state, seat).get(BIT[source], 0))


def all_targets(state: BackboneState, seat: int) -> dict[int, int]:
    """``{source bit: target hex set}`` for every movable piece of ``seat``
    (a piece with no legal target is there with an empty set), cached
    until a piece of ``seat`` changes or a piece of the other seat leaves
    a hex (new pieces there only take their hexes off the targets)."""
    taken = occupied(state)
    key = ("targets", seat)
    known = state._cache.get(key)
    if known is None or known[0] != taken:
        if known is not None and not known[0] & ~taken:
            # Only new pieces of the other seat: a target depends on this
            # seat's pieces alone and on being free.
            known = (taken, {source: found & ~taken for source, found in known[1].items()})
        else:
            known = (taken, _targets(state, seat, BOARD & ~taken & ~city_bits(state.cities)))
        state._cache[key] = known
    return known[1]


def _targets(state: BackboneState, seat: int, free: int) -> dict[int, int]:
    pieces, net = side(state, seat), network_bits(state, seat)
    active, aps = pieces.active, pieces.aps
    net_aps = net & aps
    movable = net & (pieces.switches | aps)
    # What a piece nothing hangs on may touch: the network's counts. An AP
    # lands where it touches a network piece; beside the hex it left, a
    # hex needs a second neighbour or any two-step one, two steps from it a
    # second two-step one or any neighbour. A Switch lands beside two
    # network pieces (three beside the hex it left); a hex with one fewer
    # may get the last from an own piece outside the network, Disabled
    # pieces aside: touching the Switch there, it joins the network too.
    if movable & aps:
        near_one, near_two = touching_counts(state, seat, "near")
        far_one, far_two = touching_counts(state, seat, "far")
        ap_hexes = free & (near_one | far_one)
        ap_lost_beside, ap_lost_far = ~near_two & ~far_one, ~far_two & ~near_one
    if movable & pieces.switches:
        one, two, three = touching_counts(state, seat, "switch")
        stranded = active & ~net
        joining = reach(stranded, aps, "switch") if stranded else 0
        switch_hexes, joined_hexes = free & two, free & one & joining
    found: dict[int, int] = {}
    layers = network_layers(state, seat)
    upper = 0  # the rings up to this one
    for depth, layer in enumerate(layers):
        upper |= layer
        sources = layer & movable
        if not sources:
            continue
        deeper = layers[depth + 1] if depth + 1 < len(layers) else 0
        while sources:
            source = sources & -sources
            sources ^= source
            index = source.bit_length() - 1
            beside = NEAR[index]
            hanging = (beside | FAR[index] & (net if source & aps else net_aps)) & deeper
            parts = None
            if hanging:
                above, others = upper & ~source, aps & ~source
                lonely = 0  # the pieces hanging on it that touch no other piece above
                while hanging:
                    child = hanging & -hanging
                    hanging ^= child
                    at = child.bit_length() - 1
                    if not (NEAR[at] | FAR[at] & (net if child & net_aps else others)) & above:
                        lonely |= child
                parts = lonely and _cut_off(lonely, active & ~source, others, above)
            if parts:
                found[source] = _rejoining_targets(pieces, net, source, free, parts)
            elif source & aps:
                # Nothing hangs on the piece: a hex is legal when the piece
                # placed there touches what remains (a placed piece can only
                # add to the network): the network's counts, one less beside
                # the lifted piece (see above).
                found[source] = ap_hexes & ~((beside & ap_lost_beside) | (FAR[index] & ap_lost_far))
            else:
                targets = switch_hexes & ~(beside & ~three)
                if joining:
                    targets |= joined_hexes & ~(beside & ~two)
                found[source] = targets
    return found


def _cut_off(lonely: int, active: int, aps: int, upper: int) -> list[int]:
    """The parts of the network that lifting a piece cuts off (each part
    hangs together): ``active`` and ``aps`` are the pieces without it,
    ``upper`` the network's rings up to the piece's own (each of them joins
    a start piece without passing the piece's ring), ``lonely`` the pieces
    of the next ring that touch it and no other piece of ``upper``. Only
    those can start a cut-off part: a walk from there either meets
    ``upper`` or is cut off whole."""
    parts = []
    walked = 0
    while lonely:
        child = lonely & -lonely
        lonely ^= child
        if child & walked:
            continue
        seen = front = child
        while front:
            if front & (front - 1):
                grow = touched(front, seen, aps)
            else:  # one piece (the usual front): its hexes from the tables
                at = front.bit_length() - 1
                grow = NEAR[at] | (FAR[at] if front & aps else FAR[at] & aps)
            if grow & upper:
                break
            front = grow & active & ~seen
            seen |= front
        else:
            parts.append(seen)
        walked |= seen
    return parts


def _rejoining_targets(pieces: Side, before: int, source: int, free: int, parts: list[int]) -> int:
    """Targets of a piece others hang on: a hex touching what remains and
    every cut-off part. Nothing else can join the parts again: a piece
    outside the network touches none of its pieces (or it would be in it).
    A Switch there needs two own pieces beside it, not Disabled: every such
    piece joins the network through it."""
    kind = "ap" if source & pieces.aps else "switch"
    active, aps = pieces.active & ~source, pieces.aps & ~source  # the lifted piece joins nothing by air
    remaining = before & ~source
    for part in parts:
        remaining &= ~part
    found = free & reach(remaining, aps, kind)
    for part in parts:
        found &= reach(part, aps, kind)
    if kind == "switch":
        trials, found = found, 0
        while trials:
            target = trials & -trials
            trials ^= target
            index = target.bit_length() - 1
            if (NEAR[index] & active).bit_count() + (FAR[index] & active & aps).bit_count() >= 2:
                found |= target
    return found
