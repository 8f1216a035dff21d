"""Net Control's position evaluation for the game-agnostic bots.

``evaluate(state, seat)`` is the seat's strength minus its best rival's, in
XP units: XP fully, plus expected production (pips of the tiles under its
buildings), resources and cards in hand, and exchange access. It must be
called on a determinized state (``rules.determinize``), so it never relies on
what the seat cannot see. Not here: move choice (``netarcade.bots``).
"""

from __future__ import annotations

from . import rules
from .board import DEAD, PIPS

WIN = 1000.0


def _strength(state: rules.NCState, seat: int) -> float:
    board, topo = state.board, state.topo
    value = float(rules.xp(state, seat))
    pips = 0
    for v, who in state.owner.items():
        if who == seat:
            for t in topo.vertex_tiles[v]:
                if board.terrain[t] != DEAD and t not in state.infected:
                    pips += PIPS[board.numbers[t]] * state.level[v]
    value += 0.05 * pips
    hand = state.hands[seat]
    size = sum(hand)
    value += 0.04 * min(size, rules.hand_limit(state, seat))
    value += 0.1 * sum(state.cards[seat])
    value += 0.03 * state.lengths[seat]
    return value


def evaluate(state: rules.NCState, seat: int) -> float:
    if state.phase == "over":
        return WIN if state.winner == seat else -WIN
    mine = _strength(state, seat)
    rivals = max(_strength(state, s) for s in range(state.n) if s != seat)
    return mine - rivals
