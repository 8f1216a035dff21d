"""Overwrite's position evaluation for the game-agnostic bots.

``evaluate(state, seat)`` is, in cells, the seat's strength minus its
strongest rival's. Strength: the largest chunk (what wins), a fraction of
the second largest (one piece may join them) and of every cell of the
colour seen from above (material that groups can grow from), plus the
blocks waiting in the personal bank. It reads only what every seat sees
(the envelope's contents, never its order). Not here: move choice
(``netarcade.bots``).
"""

from __future__ import annotations

from .board import components
from .pieces import SIZE
from .scoring import winners
from .state import OverwriteState

WIN = 1000.0


def _strength(state: OverwriteState, seat: int) -> float:
    mask = state.tops[seat]
    first = second = 0
    for group in components(mask):
        size = group.bit_count()
        if size > first:
            first, second = size, first
        elif size > second:
            second = size
    reserve = sum(SIZE[piece] for piece in state.personal[seat])
    return first + 0.3 * second + 0.1 * mask.bit_count() + 0.5 * reserve


def evaluate_all(state: OverwriteState) -> list[float]:
    players = state.players
    if state.over:
        won = winners(state)
        return [WIN / len(won) if seat in won else -WIN for seat in range(players)]
    strength = [_strength(state, seat) for seat in range(players)]
    result = []
    for seat in range(players):
        rival = max(strength[:seat] + strength[seat + 1:])
        result.append(strength[seat] - rival)
    return result


def evaluate(state: OverwriteState, seat: int) -> float:
    return evaluate_all(state)[seat]
