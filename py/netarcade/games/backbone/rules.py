"""Backbone's rules: the state, which actions are legal, what they do, and scoring.

What this module is not: it draws nothing (``render.py``), chooses no moves
(``evaluation.py``) and knows no notation beyond the action types (``actions.py``).
Every decision the printed rules leave open is written in docs/rules/backbone.md.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.events import Event
from .actions import COSTS, MOVABLE, PIECES, Action, Build, End, Hack, Reroute, Resign
from .board import (
    CLASSIC_CITIES,
    HEXES,
    JUMPS,
    NEIGHBORS,
    ON_BOARD,
    START_ROUTER,
    START_SERVER,
    hex_name,
    seeded_cities,
)

START_BW = (3, 5)
INCOME = 3
BW_LIMIT = 10
ACTIONS_PER_TURN = 2
HACK_COST = 1
PASSES_TO_END = 4
#: a game that reaches this many turns (both seats together) ends as a stuck
#: round does; the printed rules have no limit, see the docs
MAX_TURNS = 200
LINKED_DATACENTER_BONUS = 2


class BackboneState:
    """The full state. Pieces are ``{hex: (owner, kind)}``; Firewalls and
    Disabled markers are sets of hexes layered on top of pieces."""

    __slots__ = (
        "options", "seed", "cities", "pieces", "firewalls", "disabled", "bw", "current",
        "turn", "actions_taken", "hacked", "passes", "closing", "over", "history", "_cache", "resigned",
    )

    def copy(self) -> "BackboneState":
        other = BackboneState.__new__(BackboneState)
        other.options = self.options
        other.seed = self.seed
        other.cities = self.cities
        other.pieces = dict(self.pieces)
        other.firewalls = set(self.firewalls)
        other.disabled = set(self.disabled)
        other.bw = list(self.bw)
        other.current = self.current
        other.turn = self.turn
        other.actions_taken = self.actions_taken
        other.hacked = self.hacked
        other.passes = self.passes
        other.closing = self.closing
        other.over = self.over
        other.resigned = self.resigned
        other.history = list(self.history)
        other._cache = dict(self._cache)
        return other


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


# --- the network ----------------------------------------------------------


def _touching(state: BackboneState, here: tuple[int, int], kind: str) -> tuple:
    """Hexes adjacent to a ``kind`` piece standing at ``here``: the six
    neighbours, plus the straight two-step hexes when it is an AP or when the
    piece over there is an AP (adjacency is symmetric)."""
    if kind == "ap":
        return _AP_REACH[here]
    pieces = state.pieces
    jumps = tuple(far for far in JUMPS[here] if far in pieces and pieces[far][1] == "ap")
    return NEIGHBORS[here] + jumps if jumps else NEIGHBORS[here]


#: what an AP at a hex touches: its neighbours and the straight two-step hexes
_AP_REACH = {here: NEIGHBORS[here] + JUMPS[here] for here in NEIGHBORS}


def network(state: BackboneState, seat: int) -> frozenset:
    """Hexes of ``seat``'s pieces joined to its start Router or Server through
    pieces of its own that are not Disabled."""
    key = ("net", seat)
    cached = state._cache.get(key)
    if cached is not None:
        return cached
    pieces, disabled = state.pieces, state.disabled
    roots = [h for h in (START_ROUTER[seat], START_SERVER[seat]) if h not in disabled]
    seen = set(roots)
    stack = list(roots)
    while stack:
        here = stack.pop()
        for there in _touching(state, here, pieces[here][1]):
            if there not in seen and there not in disabled:
                piece = pieces.get(there)
                if piece is not None and piece[0] == seat:
                    seen.add(there)
                    stack.append(there)
    result = frozenset(seen)
    state._cache[key] = result
    return result


def cut_pieces(state: BackboneState, seat: int) -> frozenset:
    """The pieces of ``seat``'s network whose removal would cut some other
    piece off from both start pieces (articulation points of the network,
    with both start pieces joined to one virtual root). Cached per state."""
    key = ("cut", seat)
    cached = state._cache.get(key)
    if cached is not None:
        return cached
    net = network(state, seat)
    pieces = state.pieces
    roots = [h for h in (START_ROUTER[seat], START_SERVER[seat]) if h in net]

    def adjacent(here):
        return [n for n in _touching(state, here, pieces[here][1]) if n in net]

    order: dict = {}  # discovery order
    low: dict = {}  # the earliest piece reachable through the subtree and one back edge
    cut = set()
    for root in roots:
        if root in order:
            continue
        order[root] = len(order)
        low[root] = -1  # a start piece hangs on the virtual root
        stack = [(root, None, iter(adjacent(root)))]
        while stack:
            here, parent, rest = stack[-1]
            for there in rest:
                if there not in order:
                    order[there] = len(order)
                    low[there] = -1 if there in roots else order[there]
                    stack.append((there, here, iter(adjacent(there))))
                    break
                if there != parent:
                    low[here] = min(low[here], order[there])
            else:
                stack.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[here])
                    if low[here] >= order[parent]:
                        cut.add(parent)
    result = frozenset(cut)
    state._cache[key] = result
    return result


def _routers_beside(state: BackboneState, here: tuple[int, int], net: frozenset) -> int:
    pieces = state.pieces
    return sum(1 for n in NEIGHBORS[here] if n in net and pieces[n][1] == "router")


def online_servers(state: BackboneState, seat: int) -> list:
    """Servers of the network with two or more adjacent Routers of the network."""
    key = ("servers", seat)
    cached = state._cache.get(key)
    if cached is None:
        net = network(state, seat)
        pieces = state.pieces
        cached = sorted(h for h in net if pieces[h][1] == "server" and _routers_beside(state, h, net) >= 2)
        state._cache[key] = cached
    return cached


def online_datacenters(state: BackboneState, seat: int) -> list:
    """Datacenters of the network beside 2+ Routers, while the network has an online Server."""
    if not online_servers(state, seat):
        return []
    net = network(state, seat)
    pieces = state.pieces
    return sorted(
        h for h in net if pieces[h][1] == "datacenter" and _routers_beside(state, h, net) >= 2
    )


def connected_cities(state: BackboneState, seat: int) -> list:
    """Cities adjacent to an online Server of the seat's network."""
    key = ("cities", seat)
    cached = state._cache.get(key)
    if cached is None:
        servers = online_servers(state, seat)
        cached = sorted(c for c in state.cities if any(n in servers for n in NEIGHBORS[c]))
        state._cache[key] = cached
    return cached


def score(state: BackboneState, seat: int) -> int:
    """AI tokens: online Datacenters + connected Cities + 2 for two or more
    online Datacenters (all of them are in one network by construction)."""
    key = ("score", seat)
    cached = state._cache.get(key)
    if cached is not None:
        return cached
    datacenters = len(online_datacenters(state, seat))
    total = datacenters + len(connected_cities(state, seat))
    if datacenters >= 2:
        total += LINKED_DATACENTER_BONUS
    state._cache[key] = total
    return total


def _reaches(state: BackboneState, net: frozenset, here: tuple[int, int], kind: str) -> bool:
    """Would a ``kind`` piece at ``here`` be adjacent to ``net``?"""
    return not net.isdisjoint(_touching(state, here, kind))


def _friendly_beside(state: BackboneState, net: frozenset, here: tuple[int, int], kind: str) -> int:
    return sum(1 for n in _touching(state, here, kind) if n in net)


def build_hexes(state: BackboneState, seat: int, piece: str) -> list:
    """Hexes where ``seat`` may place ``piece`` now (ignoring BW)."""
    net = network(state, seat)
    pieces = state.pieces
    if piece == "firewall":
        return sorted(h for h, (owner, _) in pieces.items() if owner == seat and h not in state.firewalls)
    found = []
    for here in HEXES:
        if here in pieces or here in state.cities:
            continue
        if piece == "switch":
            if _friendly_beside(state, net, here, piece) >= 2:
                found.append(here)
        elif _reaches(state, net, here, piece):
            found.append(here)
    return found


def hack_targets(state: BackboneState, seat: int) -> list:
    net = network(state, seat)
    return sorted(
        h
        for h, (owner, kind) in state.pieces.items()
        if owner != seat and h not in state.disabled and _reaches(state, net, h, kind)
    )


def _moved(state: BackboneState, source, target) -> BackboneState:
    trial = state.copy()
    trial._cache = {}
    trial.pieces[target] = trial.pieces.pop(source)
    if source in trial.firewalls:
        trial.firewalls.discard(source)
        trial.firewalls.add(target)
    return trial


def reroute_targets(state: BackboneState, seat: int, source) -> list:
    """Hexes the Switch/AP at ``source`` may move to: a legal hex for that
    piece, with every piece that was in the network still in it afterwards
    (so the network stays connected and is never smaller)."""
    before = network(state, seat)
    kind = state.pieces[source][1]
    free = [t for t in HEXES if t not in state.pieces and t not in state.cities]
    lifted = state.copy()
    lifted._cache = {}
    del lifted.pieces[source]
    if source in cut_pieces(state, seat):
        remaining = network(lifted, seat)
    else:
        remaining = before - {source}  # what the walk would find, without walking
    if not (before - {source}) <= remaining:
        # The piece is a cut vertex: only a hex touching both what remains and
        # what was cut off can re-join them; check those candidates exactly.
        cut_off = before - remaining - {source}
        return [
            t
            for t in free
            if _reaches(lifted, remaining, t, kind)
            and _reaches(lifted, cut_off, t, kind)
            and _reroute_keeps_network(state, seat, source, t, before)
        ]
    # Nothing hangs on the piece: a hex is legal when the piece placed there
    # touches what remains (a placed piece can only add to the network).
    # A Switch needs two network neighbours there; besides what remains, only
    # own pieces now outside the network could become such neighbours.
    stranded = frozenset(h for h, (owner, _) in state.pieces.items()
                         if owner == seat and h not in before and h not in state.disabled)
    found = []
    for target in free:
        if target == source or not _reaches(lifted, remaining, target, kind):
            continue
        if kind == "switch" and _friendly_beside(lifted, remaining, target, kind) < 2:
            if not stranded or not _reaches(lifted, stranded, target, kind):
                continue  # no piece can re-join beside it: one network neighbour at most
            # It may still count re-joined pieces as neighbours: decide exactly.
            if not _reroute_keeps_network(state, seat, source, target, before):
                continue
        found.append(target)
    return found


def _reroute_keeps_network(state: BackboneState, seat: int, source, target, before) -> bool:
    kind = state.pieces[source][1]
    trial = _moved(state, source, target)
    after = network(trial, seat)
    if target not in after or not (before - {source}) <= after:
        return False
    return kind != "switch" or _friendly_beside(trial, after, target, kind) >= 2


def movable_pieces(state: BackboneState, seat: int) -> list:
    net = network(state, seat)
    return sorted(h for h in net if state.pieces[h][1] in MOVABLE)


# --- legality ---------------------------------------------------------------


def legal_actions(state: BackboneState, seat: int) -> list[Action]:
    if state.over or seat != state.current:
        return []
    actions: list[Action] = []
    bw = state.bw[seat]
    for piece in (*PIECES, "firewall"):
        if COSTS[piece] <= bw:
            actions.extend(Build(seat, piece, h) for h in build_hexes(state, seat, piece))
    if not state.hacked and bw >= HACK_COST:
        actions.extend(Hack(seat, h) for h in hack_targets(state, seat))
    for source in movable_pieces(state, seat):
        actions.extend(Reroute(seat, source, t) for t in reroute_targets(state, seat, source))
    actions.append(End(seat))
    return actions


def check(state: BackboneState, action: Action) -> None:
    """Raise ``IllegalAction`` with a specific code if ``action`` is illegal now."""
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
            net = network(state, seat)
            if action.piece == "switch":
                if _friendly_beside(state, net, action.hex, "switch") < 2:
                    raise IllegalAction(
                        "switch-needs-two", f"a Switch needs 2+ adjacent pieces of your network; {where} has fewer"
                    )
            elif not _reaches(state, net, action.hex, action.piece):
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
        if not _reaches(state, network(state, seat), action.hex, pieces[action.hex][1]):
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
        if source in state.disabled or source not in network(state, seat):
            raise IllegalAction("not-in-network", f"the piece at {hex_name(source)} is not in your network")
        if target == source:
            raise IllegalAction("same-hex", "a Reroute must move the piece to another hex")
        if target in state.cities:
            raise IllegalAction("city", f"{hex_name(target)} is a City; nothing is built on a City")
        if target in pieces:
            raise IllegalAction("occupied", f"{hex_name(target)} already holds a piece")
        if not _reroute_keeps_network(state, seat, source, target, network(state, seat)):
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


# --- applying -------------------------------------------------------------


def apply(state: BackboneState, action: Action) -> list[Event]:
    """``check``, then ``perform``: an illegal action raises and changes nothing."""
    check(state, action)
    return perform(state, action)


def perform(state: BackboneState, action: Action) -> list[Event]:
    """Apply an action ``check`` accepted."""
    seat = action.seat
    events: list[Event] = []
    if isinstance(action, End):
        return _end_turn(state)
    if isinstance(action, Resign):
        state.over, state.resigned = True, seat
        return [Event("resign", {"seat": seat}), Event("game-over", {"scores": scores(state), "winners": [1 - seat]})]
    # Only the pieces of one seat change, and a network depends on its own
    # pieces alone: keep what is cached for the other seat.
    _forget(state, seat if not isinstance(action, Hack) else 1 - seat)
    if isinstance(action, Build):
        state.bw[seat] -= COSTS[action.piece]
        if action.piece == "firewall":
            state.firewalls.add(action.hex)
        else:
            state.pieces[action.hex] = (seat, action.piece)
        events.append(Event("build", {"seat": seat, "piece": action.piece, "hex": hex_name(action.hex)}))
    elif isinstance(action, Hack):
        state.bw[seat] -= HACK_COST
        state.hacked = True
        if action.hex in state.firewalls:
            state.firewalls.discard(action.hex)
            events.append(Event("firewall-spent", {"seat": seat, "hex": hex_name(action.hex)}))
        else:
            state.disabled.add(action.hex)
            events.append(Event("disabled", {"seat": seat, "hex": hex_name(action.hex)}))
    elif isinstance(action, Reroute):
        moved = _moved(state, action.source, action.target)
        state.pieces, state.firewalls = moved.pieces, moved.firewalls
        events.append(Event("reroute", {
            "seat": seat, "from": hex_name(action.source), "to": hex_name(action.target)}))
    state.actions_taken += 1
    if state.actions_taken >= ACTIONS_PER_TURN:
        events.extend(_end_turn(state))
    return events


def _forget(state: BackboneState, seat: int) -> None:
    """Drop cached figures that depend on ``seat``'s pieces (and the evaluation)."""
    state._cache = {key: value for key, value in state._cache.items() if key != "eval" and key[1] != seat}


def _start_turn(state: BackboneState) -> list[Event]:
    seat = state.current
    state.actions_taken = 0
    state.hacked = False
    gained = INCOME + len(connected_cities(state, seat))
    before = state.bw[seat]
    state.bw[seat] = min(BW_LIMIT, before + gained)
    return [Event("income", {"seat": seat, "turn": state.turn, "bw": state.bw[seat] - before})]


def _end_turn(state: BackboneState) -> list[Event]:
    seat = state.current
    events: list[Event] = []
    state.passes = state.passes + 1 if state.actions_taken == 0 else 0
    if state.actions_taken == 0:
        events.append(Event("pass", {"seat": seat}))
    # Recover: this seat's pieces hacked on the opponent's last turn come back.
    _forget(state, seat)
    recovered = sorted(h for h in state.disabled if state.pieces[h][0] == seat)
    if recovered:
        state.disabled.difference_update(recovered)
        events.append(Event("recover", {"seat": seat, "hexes": [hex_name(h) for h in recovered]}))
    totals = [score(state, 0), score(state, 1)]
    state.history.append(totals)
    events.append(Event("score", {"seat": seat, "scores": totals}))
    target = state.options["target"]
    if state.passes >= PASSES_TO_END:
        state.over = True
        events.append(Event("stuck", {"passes": state.passes}))
    elif state.closing is not None:
        state.over = True  # the closing turn never grants another one
    elif totals[seat] >= target:
        state.closing = seat
        events.append(Event("closing-turn", {"seat": 1 - seat, "trigger": seat, "target": target}))
    elif state.turn >= MAX_TURNS:
        state.over = True
        events.append(Event("turn-limit", {"turns": state.turn}))
    if state.over:
        events.append(Event("game-over", {"scores": totals, "winners": winners(state)}))
        return events
    state.current = 1 - seat
    state.turn += 1
    events.extend(_start_turn(state))
    return events


# --- outcome ----------------------------------------------------------------


def scores(state: BackboneState) -> list[int]:
    return [score(state, 0), score(state, 1)]


def winners(state: BackboneState) -> list[int]:
    """Higher total; ties go to more connected Cities, then a draw."""
    if not state.over:
        return []
    if state.resigned is not None:
        return [1 - state.resigned]
    key = [(score(state, s), len(connected_cities(state, s))) for s in (0, 1)]
    if key[0] == key[1]:
        return [0, 1]
    return [0] if key[0] > key[1] else [1]
