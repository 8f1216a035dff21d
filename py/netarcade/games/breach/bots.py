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

from .cards import CRASH, HAND, LAYERS, NODE, ROOT, layer_of, position
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
BOT_SETTINGS: dict[str, dict] = {
    "search": {"algorithm": "flat", "root_width": 5, "iterations": 24, "halving_rounds": 2},
}


def _costs(state: BreachState, layer: int) -> tuple[int, int]:
    a = NODE[state.network[position(layer, 0)]].cost
    b = NODE[state.network[position(layer, 1)]].cost
    return min(a, b), max(a, b)


def remaining(state: BreachState, seat: int) -> float:
    """Bandwidth the seat still needs to transmit the Payload (an estimate)."""
    route = state.route[seat]
    layer = layer_of(state.at[seat])
    total = 2.0  # entering the Edge
    if not state.payload[seat]:
        for l in range(layer + 1, LAYERS + 1):
            total += _costs(state, l)[0]
        total += 1  # Root
        for l in range(1, LAYERS + 1):
            owed = route[l - 1]
            if owed >= 0:
                total += NODE[state.network[owed]].cost
            elif l > layer or owed == -1:
                total += _costs(state, l)[1]  # the Node not taken on the way in
            else:
                total += _costs(state, l)[0]
        return total
    for l in range(1, LAYERS + 1):
        owed = route[l - 1]
        if l <= min(layer, LAYERS):
            total += NODE[state.network[owed]].cost if owed >= 0 else (_costs(state, l)[0] if l < layer else 0)
        elif owed >= 0:
            total += NODE[state.network[owed]].cost + _costs(state, l)[0]
    return total


def _penalty(exposure: int) -> float:
    if exposure < len(EXPOSURE):
        return EXPOSURE[exposure]
    return EXPOSURE[-1] + 2.0 * (exposure - CRASH)


def strength(state: BreachState, seat: int) -> float:
    value = -remaining(state, seat) - _penalty(state.exposure[seat])
    slots = HAND - state.exposure[seat] - int(state.payload[seat])
    value += W["exploit"] * max(0, min(len(state.hands[seat]), slots))
    for card, holder, _ in state.reminders:
        if holder == seat:
            value += {"overclock": W["overclock"], "shadow": W["shadow"], "lag": -W["lag"]}.get(card, 0.0)
    if seat == state.current:
        if state.phase in (MOVE, REROLL):
            value += W["bw"] * state.bw
        elif state.phase in (MODIFY, EXPLOITS, WINDOW, SPEED):
            value += W["bw"] * W["roll"]
    return value


def _values(state: BreachState) -> list[float]:
    if state.phase == OVER:
        won = state.winners
        return [WIN / len(won) if s in won else -WIN for s in range(state.n)]
    power = [strength(state, s) for s in range(state.n)]
    out = []
    share = W["leader_share"]
    for s in range(state.n):
        rivals = power[:s] + power[s + 1:]
        out.append(power[s] - (share * max(rivals) + (1 - share) * sum(rivals) / len(rivals)))
    return out


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


def evaluate_all(state: BreachState) -> list[float]:
    if state.phase != WINDOW:
        return _values(state)
    from .rules import _resolve

    p = _through(state)
    resolved = state.copy()
    _resolve(resolved, [])
    blocked = state.copy()
    blocked.discard.append(blocked.window["card"])
    blocked.window = None
    blocked.phase = EXPLOITS
    a, b = _values(resolved), _values(blocked)
    return [p * x + (1 - p) * y for x, y in zip(a, b)]


def evaluate(state: BreachState, seat: int) -> float:
    return evaluate_all(state)[seat]
