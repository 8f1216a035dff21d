"""The Reroute rule: which Switch or AP may move, and where to.

A Reroute moves a Switch or an AP of the network to a free hex (no piece,
no City) where it is legal for that piece, with every piece that was in
the network still in it afterwards: the network stays connected and is
never smaller. A Switch needs two network neighbours where it lands.

Random play counts every Reroute of every movable piece for each action
(``rules.pick_legal``), so this is the hot path of a playout. It works on hex sets as integers
(``bitboard.py``) and finds the targets of every movable piece at once,
cached in the state with the hexes that were occupied then:

* Which pieces hang on a piece: one depth-first walk of the network
  (``cut_parts``) finds, for every movable piece at once, the parts that
  lifting it cuts off. They depend on the seat's pieces alone and are
  carried over a Build, and over a Reroute or Hack of a piece at the
  network's edge, without a walk (``follow``, called by ``turns.perform``).
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

from .bitboard import AROUND, BIT, BOARD, FAR, NEAR, ROW, at_least, hexes_of, sorted_hexes
from .network import ROOTS, ROW2, ROW2_2, ROW_1, Side, city_bits, network_bits, network_parts, occupied, reach, side, \
    touching, touching_counts, touching_planes
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
    a hex (new pieces there only take their hexes off the targets). The
    parts each piece's lifting cuts off (``cut_parts``) are what is costly
    to find; they depend on the seat's pieces alone."""
    return targets_among(state, seat, occupied(state))[0]


def targets_among(state: BackboneState, seat: int, taken: int) -> tuple[dict[int, int], int]:
    """``all_targets``, ``taken`` the hexes that hold a piece
    (``network.occupied``), and how many Reroutes they make (cached with them)."""
    key = ("targets", seat)
    known = state._cache.get(key)
    if known is None or known[0] != taken:
        if known is not None and not known[0] & ~taken:
            # Only new pieces of the other seat: a target depends on this
            # seat's pieces alone and on being free.
            found = {source: targets & ~taken for source, targets in known[1].items()}
        else:
            found = _targets(state, seat, BOARD & ~taken & ~city_bits(state.cities))
        known = state._cache[key] = (taken, found, sum(map(int.bit_count, found.values())))
    return known[1], known[2]


def cut_parts(state: BackboneState, seat: int) -> dict[int, tuple]:
    """``{source bit: parts}`` for every movable piece of ``seat`` that
    holds any: the parts of the network (hex sets, each hanging together)
    that lifting the piece would cut off from both start pieces (most
    pieces hold none and are not in it; ``network.network_parts``, cached
    with the network; ``follow`` carries them over some actions without a
    walk)."""
    return network_parts(state, seat)[1]


def _targets(state: BackboneState, seat: int, free: int) -> dict[int, int]:
    net, parts_of = network_parts(state, seat)  # ``cut_parts`` and ``network_bits`` at once
    pieces = side(state, seat)
    active, aps = pieces.active, pieces.aps
    movable = net & (pieces.switches | aps)
    # What a piece nothing hangs on may touch: the network's counts. An AP
    # lands where it touches a network piece; beside the hex it left, a
    # hex needs a second neighbour or any two-step one, two steps from it a
    # second two-step one or any neighbour. A Switch lands beside two
    # network pieces (three beside the hex it left); a hex with one fewer
    # may get the last from an own piece outside the network, Disabled
    # pieces aside: touching the Switch there, it joins the network too.
    if movable & aps:
        (ones, twos, fours), (far_ones, far_twos, far_fours), _ = touching_planes(state, seat)
        near_two, far_two = twos | fours, far_twos | far_fours  # ``at_least`` written out
        near_one, far_one = ones | near_two, far_ones | far_two
        ap_hexes = free & (near_one | far_one)
        ap_lost_beside, ap_lost_far = ~near_two & ~far_one, ~far_two & ~near_one
    if movable & pieces.switches:
        one, two, three = touching_counts(state, seat, "switch")
        stranded = active & ~net
        joining = reach(stranded, aps, "switch") if stranded else 0
        switch_hexes, joined_hexes = free & two, free & one & joining
    found: dict[int, int] = {}
    for source, parts in parts_of.items():
        found[source] = _rejoining_targets(pieces, net, source, free, parts)
        movable &= ~source
    # Nothing hangs on the others: a hex is legal when the piece placed
    # there touches what remains (a placed piece can only add to the
    # network): the network's counts, one less beside the lifted piece
    # (see above). Dropped from the hexes each kind may go to: those that
    # have that one touch too few.
    sources = movable & aps
    if sources:
        lost_beside, lost_far = ap_hexes & ap_lost_beside, ap_hexes & ap_lost_far
        while sources:
            source = sources & -sources
            sources ^= source
            index = source.bit_length() - 1
            found[source] = ap_hexes ^ ((NEAR[index] & lost_beside) | (FAR[index] & lost_far))
    sources = movable & ~aps
    if sources:
        lost, joined_lost = switch_hexes & ~three, joined_hexes & ~two
        while sources:
            source = sources & -sources
            sources ^= source
            index = source.bit_length() - 1
            found[source] = switch_hexes ^ (NEAR[index] & lost)
            if joining:
                found[source] |= joined_hexes ^ (NEAR[index] & joined_lost)
    return found


def _rejoining_targets(pieces: Side, before: int, source: int, free: int, parts: list[int]) -> int:
    """Targets of a piece others hang on: a hex touching what remains and
    every cut-off part. Nothing else can join the parts again: a piece
    outside the network touches none of its pieces (or it would be in it).
    A Switch there needs two own pieces beside it, not Disabled: every such
    piece joins the network through it.

    The parts (small, often one piece: its hexes from the tables) go
    first: often no hex touches them all, and one or two that do are
    each checked against what remains. ``network.reach`` is written out
    (the hexes found are free, so on the board): a fifth of random play's
    instructions were in here and its calls."""
    is_ap = source & pieces.aps
    active, aps = pieces.active & ~source, pieces.aps & ~source  # the lifted piece joins nothing by air
    remaining = before & ~source
    found = free
    for part in parts:
        remaining &= ~part
        if part & (part - 1):
            hubs = part if is_ap else part & aps
            found &= ((part << 1) | (part >> 1) | (part << ROW) | (part >> ROW) | (part << ROW_1) | (part >> ROW_1)
                      | (hubs << 2) | (hubs >> 2) | (hubs << ROW2) | (hubs >> ROW2) | (hubs << ROW2_2)
                      | (hubs >> ROW2_2))
        else:
            index = part.bit_length() - 1
            found &= AROUND[index] if is_ap or part & aps else NEAR[index]
        if not found:
            return 0
    rest = found & (found - 1)
    if rest & (rest - 1):  # three or more: every hex touching what remains at once
        hubs = remaining if is_ap else remaining & aps
        found &= ((remaining << 1) | (remaining >> 1) | (remaining << ROW) | (remaining >> ROW)
                  | (remaining << ROW_1) | (remaining >> ROW_1) | (hubs << 2) | (hubs >> 2) | (hubs << ROW2)
                  | (hubs >> ROW2) | (hubs << ROW2_2) | (hubs >> ROW2_2))
        if is_ap:
            return found
        trials, found, remaining = found, 0, active  # each needs two pieces beside it: a touch of what remains too
    else:
        trials, found = found, 0
    while trials:
        target = trials & -trials
        trials ^= target
        index = target.bit_length() - 1
        near, far = NEAR[index], FAR[index]
        if is_ap:
            if (near | far) & remaining:
                found |= target
        elif (near | far & aps) & remaining \
                and (near & active).bit_count() + (far & active & aps).bit_count() >= 2:
            found |= target
    return found


def follow(state: BackboneState, seat: int, known: tuple, before: Side, after: Side,
           lifted: int = 0, placed: int = 0) -> int | None:
    """Carry ``seat``'s network and ``cut_parts`` (``known``: as cached
    before the action, with the network) over an action that took the
    piece at ``lifted`` out of the seat's active pieces (a Reroute's source,
    a Hacked piece) and put an active piece at ``placed`` (a Build, a
    Reroute's target, a piece recovered at the end of its owner's turn, not
    a start piece); ``before`` and ``after`` are the seat's pieces.
    Returns the network after the action (``None`` when it is not known
    without a walk). Nothing is cached when that would take a walk over
    the network (the next question then finds everything again):

    * A lifted piece of the network at its edge (touching one network
      piece alone and not a start piece itself) holds nothing together,
      so each part of every other piece only loses it (a part that was the
      piece alone goes).
    * A lifted piece that touches two or more network pieces may hold
      others' parts together: the parts are dropped (the next question
      walks), but the network is known. A Reroute keeps every piece in it
      (``_targets``) and a Hack cuts off the parts the piece held (known
      for a Switch or an AP; for another piece the network is dropped too).
    * A placed piece must touch the network and no own active piece outside
      it (it would join those too). It hangs on nothing else: every part it
      touches joins what remains if it touches that, else the parts it
      touches join into one with it.
    """
    net, parts_of = known
    carried = parts_of is not None  # the parts too (``None``: not known before either)
    if lifted & net:
        if lifted & ROOTS[seat]:
            return None
        beside = touching(lifted.bit_length() - 1, lifted, before.active, before.aps)
        if beside & (beside - 1):
            carried = False
            if not placed:  # a Hack: what the piece held is cut off
                if parts_of is None or not lifted & (before.switches | before.aps):
                    return None
                for part in parts_of.get(lifted, ()):
                    net &= ~part
        elif carried and parts_of:
            parts_of = _lifted(parts_of, lifted)
        net &= ~lifted
    if placed:
        active = after.active
        joins = touching(placed.bit_length() - 1, placed, active, after.aps)
        if not joins & net or joins & active & ~net:
            return None
        if carried:
            parts_of = _placed(parts_of, net, placed, joins, after)
        net |= placed
    state._cache[("netbits", seat)] = net
    if carried:
        state._cache[("parts", seat)] = (net, parts_of)
    return net


def _lifted(parts_of: dict, lifted: int) -> dict:
    """``parts_of`` after the piece at ``lifted``, which holds nothing
    together for any other piece, left the network (``follow``)."""
    carried = {}
    for source, parts in parts_of.items():
        if source != lifted:
            left = tuple(part & ~lifted for part in parts if part != lifted)
            if left:
                carried[source] = left
    return carried


def _placed(parts_of: dict, net: int, placed: int, joins: int, after: Side) -> dict:
    """``parts_of`` after a piece at ``placed`` that touches the network
    pieces ``joins`` and nothing outside it (``follow``): a piece that
    holds parts keeps those the placed piece does not join to what
    remains, and a piece the placed one touches alone holds it."""
    carried = {}
    for source, parts in parts_of.items():
        left = net & ~source
        for part in parts:
            left &= ~part
        if joins & left:
            kept = tuple(part for part in parts if not part & joins)
            if kept:
                carried[source] = kept
        else:
            joined = placed
            kept = []
            for part in parts:
                if part & joins:
                    joined |= part
                else:
                    kept.append(part)
            kept.append(joined)
            carried[source] = tuple(kept)
    if not joins & (joins - 1) and joins & (after.switches | after.aps) and joins not in carried:
        carried[joins] = (placed,)  # it hangs on the one movable piece it touches
    return carried
