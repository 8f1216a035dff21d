"""Backbone's networks and what they score.

A seat's network is its pieces joined to its start Router or Server through
pieces of its own that are not Disabled. Two pieces are joined when they
touch: the six neighbours, plus the straight two-step hexes when either of
the two is a Wireless AP. Online Servers and Datacenters, connected Cities
and the AI-token score follow from the network.

Everything here works on hex sets as integers (``bitboard.py``) and keeps
its figures in the state's cache under ``(name, seat)``: they depend on that
seat's pieces alone (an enemy AP joins nothing of this seat's), and
``turns.forget`` drops them when those pieces change (the network and the
parts its movable pieces hold, ``network_parts``, are carried over the
actions where that takes no walk: ``reroute.follow``).

What this module is not: which actions are legal (``rules.py``,
``reroute.py``) or what they change (``turns.py``).
"""

from __future__ import annotations

from functools import lru_cache

from .bitboard import AROUND, BIT, FAR, NEAR, ROW, at_least, beside_two, bits_of, hexes_of, leap, planes, restep, \
    sorted_hexes, spread
from .board import START_ROUTER, START_SERVER
from .state import LINKED_DATACENTER_BONUS, BackboneState

ROW_1, ROW2, ROW2_2 = ROW - 1, 2 * ROW, 2 * ROW - 2
#: the start pieces of each seat, the roots of its network
ROOTS = tuple(BIT[START_ROUTER[seat]] | BIT[START_SERVER[seat]] for seat in (0, 1))


#: the field of ``Side`` that holds each kind of piece
KIND_FIELDS = {"router": "routers", "switch": "switches", "ap": "aps", "server": "servers",
               "datacenter": "datacenters"}


class Side:
    """One seat's pieces as hex sets: ``own`` (all of them), ``active`` (not
    Disabled), ``unguarded`` (without a Firewall), and the active pieces of
    each kind that the network rules look at.

    A side is never changed once made (copies of a state share it): the
    methods that follow an action return a new one."""

    __slots__ = ("own", "active", "unguarded", "routers", "servers", "datacenters", "aps", "switches")

    def __init__(self, state: BackboneState, seat: int) -> None:
        own = routers = servers = datacenters = aps = switches = 0
        for here, (owner, kind) in state.pieces.items():
            if owner == seat:
                bit = BIT[here]
                own |= bit
                if kind == "router":
                    routers |= bit
                elif kind == "switch":
                    switches |= bit
                elif kind == "ap":
                    aps |= bit
                elif kind == "server":
                    servers |= bit
                elif kind == "datacenter":
                    datacenters |= bit
        active = own & ~bits_of(state.disabled)
        self.own, self.active = own, active
        self.unguarded = own & ~bits_of(state.firewalls)
        self.routers, self.servers, self.datacenters = routers & active, servers & active, datacenters & active
        self.aps, self.switches = aps & active, switches & active

    def _copy(self) -> "Side":
        other = Side.__new__(Side)
        other.own, other.active, other.unguarded = self.own, self.active, self.unguarded
        other.routers, other.servers, other.datacenters = self.routers, self.servers, self.datacenters
        other.aps, other.switches = self.aps, self.switches
        return other

    def placed(self, bit: int, kind: str) -> "Side":
        """This side with a new ``kind`` piece at ``bit``."""
        other = self._copy()
        other.own |= bit
        other.active |= bit
        other.unguarded |= bit
        field = KIND_FIELDS[kind]
        setattr(other, field, getattr(self, field) | bit)
        return other

    def moved(self, source: int, target: int, kind: str) -> "Side":
        """This side with its active ``kind`` piece at ``source`` moved to ``target``."""
        other = self._copy()
        other.own = (self.own & ~source) | target
        other.active = (self.active & ~source) | target
        if self.unguarded & source:
            other.unguarded = (self.unguarded & ~source) | target
        field = KIND_FIELDS[kind]
        setattr(other, field, (getattr(self, field) & ~source) | target)
        return other

    def guarded(self, bit: int, guard: bool) -> "Side":
        """This side with a Firewall put on (or spent from) the piece at ``bit``."""
        other = self._copy()
        other.unguarded = self.unguarded & ~bit if guard else self.unguarded | bit
        return other

    def switched(self, bit: int, kind: str, on: bool) -> "Side":
        """This side with its ``kind`` piece at ``bit`` Disabled (``on``
        False) or recovered (``on`` True)."""
        other = self._copy()
        field = KIND_FIELDS[kind]
        if on:
            other.active = self.active | bit
            setattr(other, field, getattr(self, field) | bit)
        else:
            other.active = self.active & ~bit
            setattr(other, field, getattr(self, field) & ~bit)
        return other


def side(state: BackboneState, seat: int) -> Side:
    """``seat``'s pieces as hex sets (cached)."""
    key = ("side", seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = state._cache[key] = Side(state, seat)
    return cached


def occupied(state: BackboneState) -> int:
    """Every hex that holds a piece."""
    return side(state, 0).own | side(state, 1).own


@lru_cache(maxsize=64)
def city_bits(cities: frozenset) -> int:
    return bits_of(cities)


def touched(front: int, seen: int, aps: int) -> int:
    """Hexes a piece of ``front`` touches, pieces ``aps`` being the APs:
    the neighbours, the two-step hexes of an AP of ``front``, and the APs
    two steps away not in ``seen`` yet (the network walks' one step;
    ``spread`` and ``leap`` written out, the hot loop of every position)."""
    grow = (front << 1) | (front >> 1) | (front << ROW) | (front >> ROW) | (front << ROW_1) | (front >> ROW_1)
    if aps:
        hubs = front & aps
        if hubs:
            grow |= (hubs << 2) | (hubs >> 2) | (hubs << ROW2) | (hubs >> ROW2) | (hubs << ROW2_2) | (hubs >> ROW2_2)
        if aps & ~seen:
            grow |= ((front << 2) | (front >> 2) | (front << ROW2) | (front >> ROW2)
                     | (front << ROW2_2) | (front >> ROW2_2)) & aps
    return grow


def flood(active: int, aps: int, start: int) -> int:
    """The pieces of ``active`` joined to those of ``start`` (APs ``aps``),
    breadth first: one ring of touching pieces a round."""
    seen = front = start & active
    while front:
        front = touched(front, seen, aps) & active & ~seen
        seen |= front
    return seen


def reach(net: int, aps: int, kind: str) -> int:
    """Hexes where a ``kind`` piece would touch a piece of ``net`` (whose
    APs are ``aps``): the neighbours, and the two-step hexes of its APs, or
    every two-step hex when the piece is an AP itself."""
    return spread(net) | leap(net if kind == "ap" else net & aps)


def touching(index: int, bit: int, active: int, aps: int) -> int:
    """The pieces of ``active`` (APs ``aps``) that the piece at ``bit``
    (bit index ``index``) touches: the neighbours, and two steps away when
    either of the two is an AP."""
    return (NEAR[index] | FAR[index] & (active if bit & aps else aps)) & active & ~bit


def network_bits(state: BackboneState, seat: int) -> int:
    """``network`` as a hex set (cached under ``("netbits", seat)``: by
    ``network_parts``, or carried over an action by ``reroute.follow``)."""
    known = state._cache.get(("netbits", seat))
    return known if known is not None else network_parts(state, seat)[0]


def network_parts(state: BackboneState, seat: int) -> tuple[int, dict[int, tuple]]:
    """``seat``'s network as a hex set, and for each of its Switches and APs
    that holds any, the parts of the network (hex sets, each hanging
    together) that lifting the piece would cut off from both start pieces
    (most hold none and are left out), found in one walk and cached
    together under ``("parts", seat)`` (``reroute.follow`` carries them
    over some actions)."""
    key = ("parts", seat)
    known = state._cache.get(key)
    if known is None:
        known = state._cache[key] = _walk(side(state, seat), ROOTS[seat])
        state._cache[("netbits", seat)] = known[0]
    return known


def _walk(pieces: Side, roots: int) -> tuple[int, dict[int, tuple]]:
    """The network of ``pieces`` from the start pieces ``roots``, and the
    parts each movable piece holds (those that hold any), in one
    depth-first walk: the pieces walked from a piece's child form a
    cut-off part unless one of them touches a piece reached before that
    piece (each of those joins a start piece without it). Each entry of
    the walk is a list: the piece if it is movable (else 0), the hexes it
    touches, the pieces reached before it, the hexes that it and those
    walked from it touch (all of them, pieces or not: only the pieces ever
    meet the walk's sets), and the entry it was reached from (``None`` for
    a start piece): the entries chain back to a start piece, so the walk
    keeps no stack list of its own. A piece with nothing unreached beside
    it (a leaf of the walk) gets no entry: it is a part of its own when it
    touches nothing reached before the piece it was reached from."""
    active, aps = pieces.active, pieces.aps
    movable = pieces.switches | aps
    seen = roots = roots & active
    unseen = active & ~seen
    found: dict[int, list] = {}
    while roots:
        root = roots & -roots
        roots ^= root
        beside = touching(root.bit_length() - 1, root, active, aps)
        top = [root & movable, beside, 0, beside, None]
        ahead = beside & unseen  # the unreached pieces the top entry's piece touches
        while True:
            if ahead:
                child = ahead & -ahead
                at = child.bit_length() - 1  # touching() written out: the walk's hot loop
                beside = AROUND[at] if child & aps else NEAR[at] | FAR[at] & aps
                unseen ^= child
                further = beside & unseen
                if further:
                    top = [child & movable, beside, seen, beside, top]
                    seen |= child
                    ahead = further
                    continue
                seen |= child
                if top[0] and not beside & top[2]:
                    found.setdefault(top[0], []).append(child)
                top[3] |= beside
                ahead ^= child
            else:
                parent = top[4]
                if parent is None:
                    break
                if parent[0] and not top[3] & parent[2]:
                    found.setdefault(parent[0], []).append(seen & ~top[2])
                parent[3] |= top[3]
                top = parent
                ahead = top[1] & unseen
    return seen, {source: tuple(parts) for source, parts in found.items()}


def network(state: BackboneState, seat: int) -> frozenset:
    """Hexes of ``seat``'s pieces joined to its start Router or Server through
    pieces of its own that are not Disabled."""
    key = ("net", seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = state._cache[key] = frozenset(hexes_of(network_bits(state, seat)))
    return cached


def touching_counts(state: BackboneState, seat: int, kind: str) -> list[int]:
    """Hexes by how many pieces of ``seat``'s network a piece there would
    touch, as ``bitboard.tally`` counts (entry ``k``: ``k + 1`` or more).
    ``"near"``: neighbours alone (up to 2); ``"far"``: straight two-step
    hexes alone (up to 2); ``"switch"``: what a Switch there touches, the
    neighbours and the network's APs two steps away (up to 3). Cached."""
    key = (kind, seat)
    cached = state._cache.get(key)
    if cached is None:
        near, far, hubs = touching_planes(state, seat)
        if kind == "near":
            cached = list(at_least(near)[:2])
        elif kind == "far":
            cached = list(at_least(far)[:2])
        else:
            one, two, three = at_least(near)
            hub_one, hub_two, hub_three = at_least(hubs)
            cached = [one | hub_one, two | hub_two | (one & hub_one),
                      three | hub_three | (two & hub_one) | (one & hub_two)]
        state._cache[key] = cached
    return cached


def touching_planes(state: BackboneState, seat: int) -> tuple:
    """For every hex, bit-sliced (``bitboard.planes``): how many pieces of
    ``seat``'s network are its neighbours, how many are two steps away in
    a straight line, and how many of those are APs (cached under
    ``("planes", seat)``; ``turns.perform`` carries them over a piece that
    comes or goes: ``replaned``)."""
    key = ("planes", seat)
    cached = state._cache.get(key)
    if cached is None:
        net = network_bits(state, seat)
        cached = state._cache[key] = (planes(net, 1), planes(net, 2), planes(net & side(state, seat).aps, 2))
    return cached


def replaned(counted: tuple, bit: int, ap: int, more: bool) -> tuple:
    """``touching_planes`` with the network piece at ``bit`` (an AP when
    ``ap``) come (``more``) or gone."""
    near, far, hubs = counted
    index = bit.bit_length() - 1
    return (restep(near, NEAR[index], more), restep(far, FAR[index], more),
            restep(hubs, FAR[index], more) if ap else hubs)


def cut_pieces(state: BackboneState, seat: int) -> frozenset:
    """The pieces of ``seat``'s network whose removal would cut some other
    piece off from both start pieces (a walk of the network without each)."""
    key = ("cut", seat)
    cached = state._cache.get(key)
    if cached is None:
        pieces, net = side(state, seat), network_bits(state, seat)
        cut = [h for h in hexes_of(net)
               if flood(pieces.active & ~BIT[h], pieces.aps & ~BIT[h], ROOTS[seat]) != net & ~BIT[h]]
        cached = state._cache[key] = frozenset(cut)
    return cached


def _routed(state: BackboneState, seat: int) -> int:
    """Hexes with two or more adjacent Routers of the network (cached)."""
    key = ("routed", seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = state._cache[key] = beside_two(network_bits(state, seat) & side(state, seat).routers, 0)
    return cached


def online_server_bits(state: BackboneState, seat: int) -> int:
    """Servers of the network with two or more adjacent Routers of the network."""
    key = ("serverbits", seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = state._cache[key] = network_bits(state, seat) & side(state, seat).servers & _routed(state, seat)
    return cached


def _listed(state: BackboneState, name: str, seat: int, bits) -> list:
    """``bits(state, seat)`` as sorted hexes, cached under ``(name, seat)``."""
    key = (name, seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = state._cache[key] = sorted_hexes(bits(state, seat))
    return cached


def online_servers(state: BackboneState, seat: int) -> list:
    """Servers of the network with two or more adjacent Routers of the network."""
    return _listed(state, "servers", seat, online_server_bits)


def online_datacenter_bits(state: BackboneState, seat: int) -> int:
    if not online_server_bits(state, seat):
        return 0
    return network_bits(state, seat) & side(state, seat).datacenters & _routed(state, seat)


def online_datacenters(state: BackboneState, seat: int) -> list:
    """Datacenters of the network beside 2+ Routers, while the network has an online Server."""
    return sorted_hexes(online_datacenter_bits(state, seat))


def connected_city_bits(state: BackboneState, seat: int) -> int:
    """``connected_cities`` as a hex set (cached)."""
    key = ("citybits", seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = state._cache[key] = city_bits(state.cities) & spread(online_server_bits(state, seat))
    return cached


def connected_cities(state: BackboneState, seat: int) -> list:
    """Cities adjacent to an online Server of the seat's network."""
    return _listed(state, "cities", seat, connected_city_bits)


def score(state: BackboneState, seat: int) -> int:
    """AI tokens: online Datacenters + connected Cities + 2 for two or more
    online Datacenters (all of them are in one network by construction)."""
    key = ("score", seat)
    cached = state._cache.get(key)
    if cached is None:
        datacenters = online_datacenter_bits(state, seat).bit_count()
        cached = datacenters + connected_city_bits(state, seat).bit_count()
        if datacenters >= 2:
            cached += LINKED_DATACENTER_BONUS
        state._cache[key] = cached
    return cached
