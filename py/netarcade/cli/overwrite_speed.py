"""How fast Overwrite lists placements (the hot path), for docs/rules/overwrite.md.

``python -m netarcade.cli.overwrite_speed`` prints placements enumerated
per second of a 5-block piece (L5, 504 placements inside the 10x10 boundary)
on a full 10x10 board, with stacking allowed and during the first layer
(where none fits and all 504 are ruled out), and how long one piece's
placements take as notation (what the page asks for). Every round first
drops the answers ``legal`` keeps (``legal.forget``), so the figures time
the work, not a lookup. Not a test: figures only (``make bench`` prints the
random-playout figures of every game).
"""

from __future__ import annotations

import time

from ..games.overwrite import OVERWRITE, legal
from ..games.overwrite.board import placements


def full_board(seed: int = 1):
    """A 6-player state whose board is covered by laying envelope pieces
    first-fit (94 of the 100 cells), stacking allowed."""
    state = OVERWRITE.new_game({"players": 6}, seed)
    covered = 0
    for piece in [p for p in state.envelope if p[0].isdigit()]:
        for k, anchor, mask in placements(piece[1:], 10):
            if not mask & covered:
                state.envelope.remove(piece)
                state.lay(piece, k, anchor, mask)
                covered |= mask
                break
    state.unlocked = True
    return state


def _listed(state) -> int:
    legal.forget()
    return sum(1 for _ in legal.iter_placements(state, "L5"))


def _rate(work, seconds: float) -> tuple[int, float]:
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        work()
        rounds += 1
    return rounds, time.perf_counter() - start


def measure(seconds: float = 2.0) -> dict:
    state = full_board()
    masks = len(placements("L5", 10))
    rounds, elapsed = _rate(lambda: _listed(state), seconds)
    stacked = rounds * masks / elapsed
    state.unlocked = False
    rounds, elapsed = _rate(lambda: _listed(state), seconds)
    first_layer = rounds * masks / elapsed
    state.unlocked = True
    piece = next(p for p in state.bank if p[0].isdigit())
    prefix = f"p{state.current + 1} place {piece} "
    rounds, elapsed = _rate(lambda: legal.forget() or OVERWRITE.legal_notation(state, state.current, prefix), seconds)
    return {"covered": state.occupied.bit_count(), "masks": masks, "stacked_per_s": stacked,
            "first_layer_tested_per_s": first_layer, "prefix_ms": elapsed / rounds * 1000, "prefix": prefix}


def main() -> None:
    figures = measure()
    print(f"full 10x10 board ({figures['covered']} of 100 cells covered), L5 ({figures['masks']} placements):")
    print(f"  stacking allowed: {figures['stacked_per_s']:,.0f} legal placements enumerated/s")
    print(f"  first layer (none fits): {figures['first_layer_tested_per_s']:,.0f} placements tested/s")
    print(f"  legal_notation({figures['prefix']!r}): {figures['prefix_ms']:.2f} ms")


if __name__ == "__main__":
    main()
