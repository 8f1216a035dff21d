"""What Backbone's actions do, how turns pass, and who wins.

``perform`` changes the state for an action ``rules.check`` accepted: a
build, a hack, a reroute, the end of a turn or a resignation. A turn ends
after two actions or an End; then the seat's hacked pieces recover, the
scores are written down, and the game may close (a closing turn, four
passes in a row or the turn limit).

What this module is not: legality (``rules.py``) or the network's figures
(``network.py``).
"""

from __future__ import annotations

from typing import Any

from ...core.events import Event
from .actions import COSTS, MOVABLE, Action, Build, End, Hack, Reroute, Resign
from .board import CLASSIC_CITIES, NAMES, START_ROUTER, START_SERVER, hex_name, seeded_cities
from .bitboard import BIT
from .network import ROOTS, connected_city_bits, flood, replaned, score
from .reroute import follow
from .state import (
    ACTIONS_PER_TURN,
    BW_LIMIT,
    HACK_COST,
    INCOME,
    MAX_TURNS,
    PASSES_TO_END,
    START_BW,
    BackboneState,
)


def new_state(options: dict[str, Any], seed: int) -> tuple[BackboneState, list[Event]]:
    state = BackboneState()
    state.options = options
    state.seed = seed
    state.cities = CLASSIC_CITIES if options["map"] == "classic" else seeded_cities(seed)
    state.pieces = {}
    for seat in (0, 1):
        state.pieces[START_ROUTER[seat]] = (seat, "router")
        state.pieces[START_SERVER[seat]] = (seat, "server")
    state.firewalls = set()
    state.disabled = set()
    state.bw = list(START_BW)
    state.current = 0
    state.turn = 1
    state.actions_taken = 0
    state.hacked = False
    state.passes = 0
    state.closing = None  # seat whose score triggered the closing turn
    state.over = False
    state.resigned = None  # the seat that resigned (the game is then over)
    state.history = []  # scores at the end of every turn: [[p1, p2], ...]
    state._cache = {}
    return state, _start_turn(state)


_KINDS = (Build, Hack, Reroute, End, Resign)
_new, _set = object.__new__, object.__setattr__


def _event(kind: str, data: dict) -> Event:
    """``Event(kind, data)``, made without the frozen dataclass's three
    ``object.__setattr__`` calls (its fields set in one): random play
    makes two events an action."""
    event = _new(Event)
    _set(event, "__dict__", {"kind": kind, "data": data, "visible_to": None})
    return event


def perform(state: BackboneState, action: Action) -> list[Event]:
    """Apply an action ``check`` accepted."""
    seat = action.seat
    events: list[Event] = []
    state._cache.pop("offered", None)  # the position changes (rules.pick_legal)
    kind = type(action)  # one look-up instead of isinstance chains (a subclass: its action type)
    if kind not in _KINDS:
        kind = next(base for base in _KINDS if isinstance(action, base))
    if kind is End:
        return _end_turn(state)
    if kind is Resign:
        state.over, state.resigned = True, seat
        return [_event("resign", {"seat": seat}), _event("game-over", {"scores": scores(state), "winners": [1 - seat]})]
    # Only the pieces of one seat change, and a network depends on its own
    # pieces alone: keep what is cached for the other seat. The changed
    # seat's pieces as hex sets follow the action instead of being read anew.
    # A Firewall put on or spent changes no network figure (only the side's
    # unguarded pieces and the evaluation): the seat's figures stay too.
    # The network and the parts each movable piece holds together are
    # carried over the action when that takes no walk (``reroute.follow``).
    # So is the network alone when the parts are not known. The scores
    # stay when the network's Routers, Servers and Datacenters do.
    changed = seat if kind is not Hack else 1 - seat
    cache = state._cache
    side_key, parts_key, net_key, planes_key = _KEYS[changed]
    before = pieces = cache.get(side_key)
    known = cache.get(parts_key)
    if known is None:
        net = cache.get(net_key)
        known = None if net is None else (net, None)
    lifted = placed = 0
    scored = ()
    counted = cache.get(planes_key)
    if action.piece == "firewall" if kind is Build else kind is Hack and action.hex in state.firewalls:
        cache.pop("eval", None)
        known = None
    else:
        if kind is Reroute or (action.piece if kind is Build else state.pieces[action.hex][1]) in MOVABLE:
            scored = [(key, cache[key]) for key in SCORED[changed] if key in cache]  # they may stay
        forget(state, changed)
    if kind is Build:
        bit = BIT[action.hex]
        state.bw[seat] -= COSTS[action.piece]
        if action.piece == "firewall":
            state.firewalls.add(action.hex)
            pieces = pieces and pieces.guarded(bit, True)
        else:
            state.pieces[action.hex] = (seat, action.piece)
            pieces = pieces and pieces.placed(bit, action.piece)
            placed = bit
        where = action.hex
        events.append(_event("build", {"seat": seat, "piece": action.piece, "hex": NAMES[where[0]][where[1]]}))
    elif kind is Hack:
        bit = BIT[action.hex]
        state.bw[seat] -= HACK_COST
        state.hacked = True
        if action.hex in state.firewalls:
            state.firewalls.discard(action.hex)
            pieces = pieces and pieces.guarded(bit, False)
            events.append(_event("firewall-spent", {"seat": seat, "hex": NAMES[action.hex[0]][action.hex[1]]}))
        else:
            state.disabled.add(action.hex)
            pieces = pieces and pieces.switched(bit, state.pieces[action.hex][1], False)
            lifted = bit
            events.append(_event("disabled", {"seat": seat, "hex": NAMES[action.hex[0]][action.hex[1]]}))
    elif kind is Reroute:
        source, target = action.source, action.target
        moved = state.pieces[source][1]
        state.pieces[target] = state.pieces.pop(source)
        if source in state.firewalls:
            state.firewalls.discard(source)
            state.firewalls.add(target)
        lifted, placed = BIT[source], BIT[target]
        pieces = pieces and pieces.moved(lifted, placed, moved)
        events.append(_event("reroute", {"seat": seat, "from": NAMES[source[0]][source[1]],
                                        "to": NAMES[target[0]][target[1]]}))
    if pieces is not None:
        state._cache[side_key] = pieces
        if known is not None:
            net = follow(state, changed, known, before, pieces, lifted, placed)
            if scored and net is not None and net & (pieces.routers | pieces.servers | pieces.datacenters) \
                    == known[0] & (before.routers | before.servers | before.datacenters):
                state._cache.update(scored)
            gone = lifted & known[0]
            if counted is not None and net is not None and net == (known[0] & ~gone) | placed:
                if gone:  # the touching counts follow one piece gone and one come
                    counted = replaned(counted, gone, gone & before.aps, False)
                if placed:
                    counted = replaned(counted, placed, placed & pieces.aps, True)
                state._cache[planes_key] = counted
    state.actions_taken += 1
    if state.actions_taken >= ACTIONS_PER_TURN:
        events.extend(_end_turn(state))
    return events


#: per seat, the cache keys ``perform`` reads: its side, the network's parts, the network, the touching counts
_KEYS = tuple((("side", seat), ("parts", seat), ("netbits", seat), ("planes", seat)) for seat in (0, 1))
#: per seat, the cached figures the score is made of (``network.score``):
#: they depend on the network's Routers, Servers and Datacenters alone
SCORED = tuple(tuple((name, seat) for name in ("score", "routed", "serverbits", "citybits", "servers", "cities"))
               for seat in (0, 1))


def forget(state: BackboneState, seat: int) -> None:
    """Drop cached figures that depend on ``seat``'s pieces (and the evaluation)."""
    cache = state._cache
    cache.pop("eval", None)
    state._cache = {key: value for key, value in cache.items() if key[1] != seat}  # "offered"[1] is no seat


def _start_turn(state: BackboneState) -> list[Event]:
    seat = state.current
    state.actions_taken = 0
    state.hacked = False
    gained = INCOME + connected_city_bits(state, seat).bit_count()
    before = state.bw[seat]
    state.bw[seat] = min(BW_LIMIT, before + gained)
    return [_event("income", {"seat": seat, "turn": state.turn, "bw": state.bw[seat] - before})]


def _end_turn(state: BackboneState) -> list[Event]:
    seat = state.current
    events: list[Event] = []
    state._cache.pop("eval", None)  # the turn passes: the evaluation changes
    state.passes = state.passes + 1 if state.actions_taken == 0 else 0
    if state.actions_taken == 0:
        events.append(_event("pass", {"seat": seat}))
    # Recover: this seat's pieces hacked on the opponent's last turn come back.
    recovered = sorted(h for h in state.disabled if state.pieces[h][0] == seat) if state.disabled else ()
    if recovered:
        before = pieces = state._cache.get(("side", seat))
        net = state._cache.get(("netbits", seat))
        known = state._cache.get(("parts", seat))
        forget(state, seat)
        state.disabled.difference_update(recovered)
        if pieces is not None:
            for h in recovered:
                pieces = pieces.switched(BIT[h], state.pieces[h][1], True)
            state._cache[("side", seat)] = pieces
            # One piece back that is not a start piece: the network and its
            # parts follow it as they follow a Build when that takes no walk
            # (a Hack disables one piece a turn, so one comes back at most).
            back = BIT[recovered[0]] if len(recovered) == 1 else 0
            carried = known is not None and back and not back & ROOTS[seat] \
                and follow(state, seat, known, before, pieces, placed=back) is not None
            if not carried and net is not None:  # it only grows: what the pieces back join to it
                state._cache[("netbits", seat)] = flood(pieces.active, pieces.aps, net | ROOTS[seat])
        events.append(_event("recover", {"seat": seat, "hexes": [hex_name(h) for h in recovered]}))
    totals = [score(state, 0), score(state, 1)]
    state.history.append(totals)
    events.append(_event("score", {"seat": seat, "scores": totals}))
    target = state.options["target"]
    if state.passes >= PASSES_TO_END:
        state.over = True
        events.append(_event("stuck", {"passes": state.passes}))
    elif state.closing is not None:
        state.over = True  # the closing turn never grants another one
    elif totals[seat] >= target:
        state.closing = seat
        events.append(_event("closing-turn", {"seat": 1 - seat, "trigger": seat, "target": target}))
    elif state.turn >= MAX_TURNS:
        state.over = True
        events.append(_event("turn-limit", {"turns": state.turn}))
    if state.over:
        events.append(_event("game-over", {"scores": totals, "winners": winners(state)}))
        return events
    state.current = 1 - seat
    state.turn += 1
    events.extend(_start_turn(state))
    return events


def scores(state: BackboneState) -> list[int]:
    return [score(state, 0), score(state, 1)]


def winners(state: BackboneState) -> list[int]:
    """Higher total; ties go to more connected Cities, then a draw."""
    if not state.over:
        return []
    if state.resigned is not None:
        return [1 - state.resigned]
    key = [(score(state, s), connected_city_bits(state, s).bit_count()) for s in (0, 1)]
    if key[0] == key[1]:
        return [0, 1]
    return [0] if key[0] > key[1] else [1]
