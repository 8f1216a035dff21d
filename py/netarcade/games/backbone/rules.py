"""Backbone's rules: which actions are legal, and (re-exported here, so the
rest of the package reads every rule from one place) the state, the network
and scoring, and what the actions do.

The rules by topic: ``state.py`` (the state and the numbers), ``network.py``
(networks, online pieces, connected Cities, the score), ``reroute.py`` (the
Reroute rule), ``turns.py`` (performing actions, turns, the outcome) and
this module (Builds and Hacks, the legal list, ``check``).

What this module is not: it draws nothing (``render.py``), chooses no moves
(``evaluation.py``) and knows no notation beyond the action types (``actions.py``).
Every decision the printed rules leave open is written in docs/rules/backbone.md.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.prng import Rng
from ...core.events import Event
from .actions import COSTS, MOVABLE, PIECES, Action, Build, End, Hack, Reroute, Resign
from .bitboard import BIT, BOARD, FAR, HEX_AT, INDEX, NEAR, hexes_of, indexes_of, nth_index, nth_sorted_index, \
    sorted_hexes, sorted_indexes
from .board import ON_BOARD, hex_name
from .network import (
    city_bits,
    connected_cities,
    cut_pieces,
    network,
    network_bits,
    occupied,
    online_datacenters,
    online_servers,
    score,
    side,
    touching_counts,
    touching_planes,
)
from .reroute import all_targets, movable_bits, movable_pieces, reroute_targets, targets_among
from .state import (
    ACTIONS_PER_TURN,
    BW_LIMIT,
    HACK_COST,
    INCOME,
    LINKED_DATACENTER_BONUS,
    MAX_TURNS,
    PASSES_TO_END,
    START_BW,
    BackboneState,
)
from .turns import forget, new_state, perform, scores, winners

__all__ = [
    "ACTIONS_PER_TURN", "BW_LIMIT", "COSTS", "HACK_COST", "INCOME", "LINKED_DATACENTER_BONUS", "MAX_TURNS",
    "MOVABLE", "PASSES_TO_END", "PIECES", "START_BW", "BackboneState", "apply", "build_hexes", "check",
    "connected_cities", "cut_pieces", "forget", "hack_targets", "legal_actions", "movable_pieces", "network",
    "network_reach", "new_state", "online_datacenters", "online_servers", "perform", "pick_legal", "reroute_targets",
    "score", "scores", "winners",
]

def _by_index(make) -> list:
    """``make(hex)`` for every hex, in a list by bit index (``None`` off the board)."""
    row = [None] * (max(HEX_AT) + 1)
    for i, h in HEX_AT.items():
        row[i] = make(h)
    return row


#: every action the legal list may hold, made once: a legal list is built
#: from these by hex set (Reroutes per seat and source, when first needed)
_BUILDS = {(seat, piece): _by_index(lambda h: Build(seat, piece, h))
           for seat in (0, 1) for piece in (*PIECES, "firewall")}
_HACKS = {seat: _by_index(lambda h: Hack(seat, h)) for seat in (0, 1)}
_ENDS = (End(0), End(1))
_REROUTES = ([None] * (max(HEX_AT) + 1), [None] * (max(HEX_AT) + 1))


def _touches(net: int, aps: int, here, kind: str) -> bool:
    """Would a ``kind`` piece at ``here`` touch the network ``net`` (whose APs are ``aps``)?"""
    index = INDEX[here]
    return bool(NEAR[index] & net or FAR[index] & (net if kind == "ap" else aps & net))


def _switch_beside(net: int, aps: int, here) -> int:
    """Network pieces a Switch at ``here`` would touch."""
    index = INDEX[here]
    return (NEAR[index] & net).bit_count() + (FAR[index] & net & aps).bit_count()


def network_reach(state: BackboneState, seat: int) -> tuple[int, int]:
    """Hexes where a piece would touch ``seat``'s network: any piece but an
    AP (the neighbours and the network's APs two steps away), and an AP
    (every hex two steps away too). Cached with the network; read from
    its touching counts (``network.touching_planes``: a count above 0),
    which ``turns.perform`` carries over most actions. The evaluation reads
    it too: the rival's pieces a Hack could reach."""
    key = ("reach", seat)
    cached = state._cache.get(key)
    if cached is None:
        near, far, hubs = touching_planes(state, seat)
        beside = near[0] | near[1] | near[2]
        cached = state._cache[key] = (beside | hubs[0] | hubs[1] | hubs[2], beside | far[0] | far[1] | far[2])
    return cached


def _build_bits(state: BackboneState, seat: int, free: int) -> dict[str, int]:
    """Where ``seat`` may build each piece but a Firewall, ``free`` the free hexes."""
    wired, wireless = network_reach(state, seat)
    wired &= free
    return {"router": wired, "switch": free & touching_counts(state, seat, "switch")[1],
            "ap": free & wireless, "server": wired, "datacenter": wired}


def _free(state: BackboneState) -> int:
    return BOARD & ~occupied(state) & ~city_bits(state.cities)


def build_hexes(state: BackboneState, seat: int, piece: str) -> list:
    """Hexes where ``seat`` may place ``piece`` now (ignoring BW)."""
    if piece == "firewall":
        return sorted_hexes(side(state, seat).unguarded)
    return hexes_of(_build_bits(state, seat, _free(state))[piece])


def _hack_bits(state: BackboneState, seat: int) -> int:
    """Enemy pieces, not Disabled, that touch ``seat``'s network."""
    wired, wireless = network_reach(state, seat)
    theirs = side(state, 1 - seat)
    return theirs.active & (wired | (theirs.aps & wireless))


def hack_targets(state: BackboneState, seat: int) -> list:
    return sorted_hexes(_hack_bits(state, seat))


def _reroutes(seat: int, source: int) -> list:
    """The Reroutes from the hex at bit index ``source`` (made when first needed)."""
    here = HEX_AT[source]
    row = _REROUTES[seat][source] = _by_index(lambda h: Reroute(seat, here, h))
    return row


def legal_actions(state: BackboneState, seat: int) -> list[Action]:
    """Builds (Router, Switch, AP, Server, Datacenter: hexes in board order;
    Firewall: sorted), Hacks (sorted), Reroutes (sources sorted, targets in
    board order), then End."""
    if state.over or seat != state.current:
        return []
    actions: list[Action] = []
    bw = state.bw[seat]
    extend = actions.extend
    if bw:  # every piece and the Hack cost BW
        builds = _build_bits(state, seat, _free(state))
        wired = None  # Routers, Servers and Datacenters go on the same hexes
        for piece in PIECES:
            if COSTS[piece] <= bw:
                if builds[piece] == builds["router"]:
                    if wired is None:
                        wired = indexes_of(builds["router"])
                    extend(map(_BUILDS[(seat, piece)].__getitem__, wired))
                else:
                    extend(map(_BUILDS[(seat, piece)].__getitem__, indexes_of(builds[piece])))
        if COSTS["firewall"] <= bw:
            extend(map(_BUILDS[(seat, "firewall")].__getitem__, sorted_indexes(side(state, seat).unguarded)))
        if not state.hacked and bw >= HACK_COST:
            extend(map(_HACKS[seat].__getitem__, sorted_indexes(_hack_bits(state, seat))))
    targets = all_targets(state, seat)
    rows = _REROUTES[seat]
    for source in sorted_indexes(movable_bits(state, seat)):
        row = rows[source] or _reroutes(seat, source)
        extend(map(row.__getitem__, indexes_of(targets[1 << source])))
    actions.append(_ENDS[seat])
    return actions


#: per BW (up to the dearest piece's): how many of the pieces it buys go where a piece
#: touches the network (Router, Server, Datacenter), whether it buys a Switch, and an AP
_BOUGHT = tuple((sum(COSTS[piece] <= bw for piece in ("router", "server", "datacenter")),
                 COSTS["switch"] <= bw, COSTS["ap"] <= bw) for bw in range(max(COSTS.values()) + 1))
#: the Builds in the legal list's order, each with where it goes: 0 where a piece touches the
#: network, 1 a Switch's hexes, 2 an AP's
_WHERE = tuple((piece, {"switch": 1, "ap": 2}.get(piece, 0)) for piece in PIECES)
#: a hex's place in sorted order (by column, then row), by its bit: the Reroutes' sources in the
#: legal list's order
_SORTED_RANK = {1 << index: rank for rank, index in enumerate(sorted(HEX_AT, key=lambda i: HEX_AT[i]))}
#: the cache keys ``pick_legal`` reads first (a missing one is worked out as its function does)
_SIDES, _REACHES, _SWITCHES = (((name, 0), (name, 1)) for name in ("side", "reach", "switch"))


def pick_legal(state: BackboneState, seat: int, rng) -> Action:
    """``rng.choice(legal_actions(state, seat))`` without the list: the
    legal actions counted by kind from their hex sets (in the list's
    order), one draw on the total (``rng.choice(range(total))``, the same
    draw), and only the action drawn is looked up: the kinds are gone
    through again only up to the drawn one (the Builds by where each piece
    goes, the Reroutes' sources in sorted order)."""
    if state.over or seat != state.current:
        return rng.choice(())  # IndexError, as choice of the empty list
    cache = state._cache
    mine = cache.get(_SIDES[seat]) or side(state, seat)
    theirs = cache.get(_SIDES[1 - seat]) or side(state, 1 - seat)
    taken = mine.own | theirs.own  # ``occupied``
    targets, reroutes = targets_among(state, seat, taken)  # every movable piece's, in no order
    bw = state.bw[seat]
    builds = guards = hacks = 0
    if bw:  # every piece and the Hack cost BW (``_build_bits`` and ``_hack_bits`` written out)
        free = BOARD & ~taken & ~city_bits(state.cities)
        near, wireless = cache.get(_REACHES[seat]) or network_reach(state, seat)
        wired, switch, ap = _BOUGHT[bw if bw < len(_BOUGHT) else -1]
        masks = (near & free, free & (cache.get(_SWITCHES[seat]) or touching_counts(state, seat, "switch"))[1]
                 if switch else 0, free & wireless if ap else 0)
        builds = wired * masks[0].bit_count() + masks[1].bit_count() + masks[2].bit_count()
        if COSTS["firewall"] <= bw:
            guards = mine.unguarded.bit_count()
        if not state.hacked and bw >= HACK_COST:
            hackable = theirs.active & (near | (theirs.aps & wireless))
            hacks = hackable.bit_count()
    total = builds + guards + hacks + reroutes + 1  # and End
    # ``rng.choice(range(total))`` is ``range(total)[rng.below(total)]``: the same single draw
    index = rng.below(total) if type(rng) is Rng else rng.choice(range(total))
    if index < builds:
        for piece, where in _WHERE:
            if COSTS[piece] <= bw:
                mask = masks[where]
                count = mask.bit_count()
                if index < count:
                    action = _BUILDS[(seat, piece)][nth_index(mask, index)]
                    break
                index -= count
    elif index < builds + guards:
        action = _BUILDS[(seat, "firewall")][nth_sorted_index(mine.unguarded, index - builds)]
    elif index < builds + guards + hacks:
        action = _HACKS[seat][nth_sorted_index(hackable, index - builds - guards)]
    else:
        index -= builds + guards + hacks
        action = _ENDS[seat]
        if index < reroutes:
            for source in sorted(targets, key=_SORTED_RANK.__getitem__):
                found = targets[source]
                count = found.bit_count()
                if index < count:
                    at = source.bit_length() - 1
                    action = (_REROUTES[seat][at] or _reroutes(seat, at))[nth_index(found, index)]
                    break
                index -= count
    cache["offered"] = action  # ``check`` accepts it at once; ``perform`` forgets it
    return action


def check(state: BackboneState, action: Action) -> None:
    """Raise ``IllegalAction`` with a specific code if ``action`` is illegal now.

    The action ``pick_legal`` just drew for this very position (the same
    object, kept in the cache until ``perform``) is accepted at once: a
    random playout does not check again what it was just handed."""
    offered = state._cache.get("offered")
    if offered is not None and action is offered:
        return
    if not isinstance(action, (Build, Hack, Reroute, End, Resign)):
        raise IllegalAction("unknown-action", f"{action!r} is not a Backbone action")
    if state.over:
        raise IllegalAction("game-over", "the game is over")
    seat = action.seat
    if type(seat) is not int or seat not in (0, 1):
        raise IllegalAction("bad-seat", f"there is no seat {seat!r} in Backbone")
    if isinstance(action, Resign):
        return  # either seat, at any moment of a game not over
    if seat != state.current:
        raise IllegalAction("not-your-turn", f"it is P{state.current + 1}'s turn")
    if isinstance(action, End):
        return
    for h in _hexes_of(action):
        # a hex is a pair of plain ints: (2.0, 0.0) hashes like (2, 0) but is no hex
        if type(h) is not tuple or len(h) != 2 or type(h[0]) is not int or type(h[1]) is not int \
                or h not in ON_BOARD:
            raise IllegalAction("off-board", f"{h!r} is not on the board")
    pieces = state.pieces
    if isinstance(action, Build):
        cost = COSTS.get(action.piece) if type(action.piece) is str else None
        if cost is None:
            raise IllegalAction("unknown-piece", f"there is no piece called {action.piece!r}")
        where = hex_name(action.hex)
        if action.piece == "firewall":
            owner = pieces.get(action.hex, (None,))[0]
            if owner != seat:
                raise IllegalAction("not-your-piece", f"a Firewall goes on one of your pieces; {where} is not")
            if action.hex in state.firewalls:
                raise IllegalAction("already-firewalled", f"the piece at {where} already has a Firewall")
        else:
            if action.hex in state.cities:
                raise IllegalAction("city", f"{where} is a City; nothing is built on a City")
            if action.hex in pieces:
                raise IllegalAction("occupied", f"{where} already holds a piece")
            net, aps = network_bits(state, seat), side(state, seat).aps
            if action.piece == "switch":
                if _switch_beside(net, aps, action.hex) < 2:
                    raise IllegalAction(
                        "switch-needs-two", f"a Switch needs 2+ adjacent pieces of your network; {where} has fewer"
                    )
            elif not _touches(net, aps, action.hex, action.piece):
                raise IllegalAction("not-adjacent", f"{where} is not adjacent to your network")
        if state.bw[seat] < cost:
            raise IllegalAction(
                "insufficient-bw", f"a {action.piece} costs {cost} BW and you have {state.bw[seat]}"
            )
        return
    if isinstance(action, Hack):
        where = hex_name(action.hex)
        if state.hacked:
            raise IllegalAction("hack-used", "you already hacked this turn (once per turn)")
        owner = pieces.get(action.hex, (None,))[0]
        if owner is None or owner == seat:
            raise IllegalAction("not-enemy", f"there is no enemy piece at {where}")
        if action.hex in state.disabled:
            raise IllegalAction("already-disabled", f"the piece at {where} is already Disabled")
        if not _touches(network_bits(state, seat), side(state, seat).aps, action.hex, pieces[action.hex][1]):
            raise IllegalAction("not-adjacent", f"{where} is not adjacent to your network")
        if state.bw[seat] < HACK_COST:
            raise IllegalAction("insufficient-bw", f"a Hack costs {HACK_COST} BW and you have {state.bw[seat]}")
        return
    if isinstance(action, Reroute):
        source, target = action.source, action.target
        piece = pieces.get(source)
        if piece is None or piece[0] != seat:
            raise IllegalAction("not-your-piece", f"you have no piece at {hex_name(source)}")
        if piece[1] not in MOVABLE:
            raise IllegalAction("not-movable", f"only Switches and APs reroute; {hex_name(source)} is a {piece[1]}")
        if source in state.disabled or not BIT[source] & network_bits(state, seat):
            raise IllegalAction("not-in-network", f"the piece at {hex_name(source)} is not in your network")
        if target == source:
            raise IllegalAction("same-hex", "a Reroute must move the piece to another hex")
        if target in state.cities:
            raise IllegalAction("city", f"{hex_name(target)} is a City; nothing is built on a City")
        if target in pieces:
            raise IllegalAction("occupied", f"{hex_name(target)} already holds a piece")
        if not BIT[target] & all_targets(state, seat)[BIT[source]]:
            raise IllegalAction(
                "reroute-breaks-network",
                f"moving {hex_name(source)} to {hex_name(target)} would leave your network "
                "disconnected or smaller (or the Switch without 2 neighbours)",
            )
        return


def _hexes_of(action) -> tuple:
    if isinstance(action, Reroute):
        return (action.source, action.target)
    return (action.hex,)


def apply(state: BackboneState, action: Action) -> list[Event]:
    """``check``, then ``perform``: an illegal action raises and changes nothing."""
    check(state, action)
    return perform(state, action)
