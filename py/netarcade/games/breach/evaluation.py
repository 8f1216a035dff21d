"""Breach's position evaluation for the game-agnostic bots.

``evaluate(state, seat)`` is, in Bandwidth, how well ``seat`` stands: its
strength minus its rivals' (a blend of the strongest and their mean).
Strength is minus the Bandwidth it still needs to win (the layers to Root,
then every route marker to collect and the cheapest way through the other
layers, 2 for the Edge), minus an Exposure penalty that steepens toward the
crash at 5, plus its usable Exploits, its reminders (OVERCLOCK, Shadow Link;
LAG counts against it) and, for the mover, the Bandwidth in hand or to come.

An open block window is scored as the mix of the Exploit resolving and being
blocked, by how likely the seat to answer is to let it through: so the
greedy bot blocks when the Exploit would hurt it more than the two cards it
discards are worth, and counters a block when the Exploit is worth more
than two more cards (D16).

Only what the seat sees is read: rivals' hand counts, never their cards; a
bot calls it on a determinized state like everything it looks at.
"""

from __future__ import annotations

import itertools

from .cards import CRASH, HAND, LAYERS, NODE, layer_of, position
from .state import EXPLOITS, MODIFY, MOVE, OVER, REROLL, SPEED, WINDOW, BreachState

WIN = 1000.0
#: penalty of holding 0, 1, 2, ... Exposure (a crash loses the hand and layers)
EXPOSURE = (0.0, 0.5, 1.1, 1.9, 3.0, 7.0)
W = {
    "exploit": 0.6,  # a usable Exploit in hand
    "bw": 0.8,  # a Bandwidth point the mover still has (or expects this turn)
    "roll": 3.5,  # the Bandwidth a turn's roll is expected to bring
    "overclock": 1.6,
    "shadow": 1.0,
    "lag": 1.5,
    "leader_share": 0.6,
}
#: the search bot plans the rest of its turn: the 4 best one-ply actions, each
#: played on in the same sampled worlds (dice, hidden hands) by greedy steps to
#: the end of the turn in progress, 32 playouts with halving; another action
#: replaces the one-ply best only when its playouts average 0.04 more
BOT_SETTINGS: dict[str, dict] = {
    "search": {"algorithm": "flat", "root_width": 4, "iterations": 32, "halving_rounds": 2, "playout_turns": 0,
               "anchor": 0.04},
}


_SERIALS = itertools.count()


class _Costs:
    """Entry costs of one arrangement of the network: per position, and the
    cheaper (``lo``) and dearer (``hi``) Node of each layer (index 1..14),
    with ``ahead[l]`` = the cheaper Nodes of layers l..14 summed."""

    __slots__ = ("serial", "cost", "lo", "hi", "ahead")

    def __init__(self, network: tuple[str, ...]):
        self.serial = next(_SERIALS)  # never reused, unlike id()
        self.cost = [NODE[card].cost for card in network]
        self.lo = [0] * (LAYERS + 2)
        self.hi = [0] * (LAYERS + 2)
        for layer in range(1, LAYERS + 1):
            a, b = self.cost[position(layer, 0)], self.cost[position(layer, 1)]
            self.lo[layer], self.hi[layer] = min(a, b), max(a, b)
        self.ahead = [0] * (LAYERS + 2)
        for layer in range(LAYERS, 0, -1):
            self.ahead[layer] = self.ahead[layer + 1] + self.lo[layer]


#: cost tables by network arrangement (only REROUTE and SPLICE change one)
_COSTS: dict[tuple[str, ...], _Costs] = {}


def _costs_of(state: BreachState) -> _Costs:
    key = tuple(state.network)
    table = _COSTS.get(key)
    if table is None:
        if len(_COSTS) > 512:
            _COSTS.clear()
        table = _COSTS[key] = _Costs(key)
    return table


#: remaining() by (cost table, position, Payload, route): bots ask it for
#: every seat of every candidate position, and most seats did not move
_REMAINING: dict[tuple, float] = {}


def remaining(state: BreachState, seat: int, table: _Costs | None = None) -> float:
    """Bandwidth the seat still needs to transmit the Payload (an estimate)."""
    costs = table or _costs_of(state)
    key = (costs.serial, state.at[seat], state.payload[seat], *state.route[seat])
    known = _REMAINING.get(key)
    if known is None:
        if len(_REMAINING) > 100_000:
            _REMAINING.clear()
        known = _REMAINING[key] = _remaining(state, seat, costs)
    return known


def _remaining(state: BreachState, seat: int, costs: _Costs) -> float:
    cost, lo, hi = costs.cost, costs.lo, costs.hi
    route = state.route[seat]
    layer = layer_of(state.at[seat])
    total = 2.0  # entering the Edge
    if not state.payload[seat]:
        total += costs.ahead[layer + 1] if layer < LAYERS else 0
        total += 1  # Root
        for l in range(1, LAYERS + 1):
            owed = route[l - 1]
            if owed >= 0:
                total += cost[owed]
            elif l > layer or owed == -1:
                total += hi[l]  # the Node not taken on the way in
            else:
                total += lo[l]
        return total
    near = min(layer, LAYERS)
    for l in range(1, LAYERS + 1):
        owed = route[l - 1]
        if l <= near:
            total += cost[owed] if owed >= 0 else (lo[l] if l < layer else 0)
        elif owed >= 0:
            total += cost[owed] + lo[l]
    return total


def _penalty(exposure: int) -> float:
    if exposure < len(EXPOSURE):
        return EXPOSURE[exposure]
    return EXPOSURE[-1] + 2.0 * (exposure - CRASH)


#: what a reminder its holder keeps is worth (LAG counts against it)
_REMINDER = {"overclock": W["overclock"], "shadow": W["shadow"], "lag": -W["lag"]}
#: the mover's Bandwidth in hand (these phases) or to come (those)
_BW_HELD, _BW_TO_COME = (MOVE, REROLL), (MODIFY, EXPLOITS, WINDOW, SPEED)


#: the first part of strength() (the Bandwidth still needed, the Exposure
#: penalty, the usable Exploits) by (cost table, position, Payload, Exposure,
#: Exploits held, route): a ranking asks it for every seat after every
#: sibling action, and most seats are as they were
_STANDING: dict[tuple, float] = {}


def strength(state: BreachState, seat: int, table: _Costs | None = None) -> float:
    """How well ``seat`` stands on its own (the module's docstring). It
    counts the Exploits a hand holds and never reads which they are (nor
    does anything else here): ``rank.py`` values actions that differ only in
    the cards they spend once."""
    costs = table or _costs_of(state)
    exposure, held = state.exposure[seat], len(state.hands[seat])
    key = (costs.serial, state.at[seat], state.payload[seat], exposure, held, *state.route[seat])
    value = _STANDING.get(key)
    if value is None:
        if len(_STANDING) > 100_000:
            _STANDING.clear()
        value = -remaining(state, seat, costs) - _penalty(exposure)
        slots = HAND - exposure - int(state.payload[seat])
        value += W["exploit"] * max(0, min(held, slots))
        _STANDING[key] = value
    for card, holder, _ in state.reminders:
        if holder == seat:
            value += _REMINDER.get(card, 0.0)
    if seat == state.current:
        if state.phase in _BW_HELD:
            value += W["bw"] * state.bw
        elif state.phase in _BW_TO_COME:
            value += W["bw"] * W["roll"]
    return value


def _relative(power: list[float], seat: int, gone: list[int]) -> float:
    """The seat's strength minus its rivals' blend (``power``: every seat's
    strength; ``gone``: the seats that resigned, nobody's rivals, D24)."""
    share = W["leader_share"]
    rivals = [p for r, p in enumerate(power) if r != seat and r not in gone] if gone else power[:seat] + power[seat + 1:]
    return power[seat] - (share * max(rivals) + (1 - share) * sum(rivals) / len(rivals))


def _powers(state: BreachState) -> list[float]:
    table = _costs_of(state)
    return [strength(state, s, table) for s in range(state.n)]


def _values(state: BreachState) -> list[float]:
    if state.phase == OVER:
        won = state.winners
        return [WIN / len(won) if s in won else -WIN for s in range(state.n)]
    power = _powers(state)
    return [_relative(power, s, state.resigned) for s in range(state.n)]


def _value(state: BreachState, seat: int) -> float:
    """``_values(state)[seat]``, with the other seats' strengths only."""
    if state.phase == OVER:
        won = state.winners
        return WIN / len(won) if seat in won else -WIN
    return _relative(_powers(state), seat, state.resigned)


def _through(state: BreachState) -> float:
    """The chance that the Exploit in the open window resolves."""
    window = state.window
    answer = window["answer"]
    able = len(state.hands[answer]) >= 2
    if window["blocker"] is None:
        return 0.8 if able else 1.0
    if answer == window["player"]:
        return 0.45 if able else 0.0
    return 0.55 if able else 1.0


def _resolved(state: BreachState) -> BreachState:
    """A copy of a state with an open block window where its Exploit resolved.

    Where it was blocked instead, the card goes to the discard pile and the
    turn goes back to playing Exploits: nothing ``strength`` reads changes
    (it never reads the discard pile, and it counts the Bandwidth to come in
    both phases), so the window's own state is valued as the blocked one,
    with no copy."""
    from .rules import _resolve

    resolved = state.copy()
    _resolve(resolved, [])
    return resolved


def evaluate_all(state: BreachState) -> list[float]:
    if state.phase != WINDOW:
        return _values(state)
    p = _through(state)
    a, b = _values(_resolved(state)), _values(state)  # b: blocked (``_resolved``)
    return [p * x + (1 - p) * y for x, y in zip(a, b)]


def evaluate(state: BreachState, seat: int) -> float:
    """``evaluate_all(state)[seat]``, computed for that seat alone."""
    if state.phase != WINDOW:
        return _value(state, seat)
    p = _through(state)
    return p * _value(_resolved(state), seat) + (1 - p) * _value(state, seat)
