"""Build Overwrite positions directly, for the rule tests
(tests/games/overwrite): ``position`` lays a board and banks on a fresh
game of a rules edition, ``place`` writes a placement, ``refused`` checks
an action is refused with its code and leaves the digest unchanged;
``recount`` scores a colour from scratch (O21); and the seeds whose first
draw is the System Fail."""

from __future__ import annotations

import pytest

from netarcade.core import IllegalAction, digest
from netarcade.games.overwrite import OVERWRITE as GAME
from netarcade.games.overwrite.actions import Place
from netarcade.games.overwrite.board import parse_cell, placement_table
from netarcade.games.overwrite.pieces import COLOUR, PIECES, SHAPE, parse_orientation
from netarcade.games.overwrite.state import PLAY


def position(players=2, bank=(), personal=None, board=(), unlocked=False, current=0, phase=PLAY, seed=1,
             rules=3):
    """A state of ``players`` under rules edition ``rules`` with the given
    community bank, personal banks and board (``(piece, "r1f", "c4")`` each,
    laid in order); every other piece in play is in the envelope, the System
    Fail at its bottom."""
    state = GAME.new_game({"players": players, "rules": rules}, seed)
    in_play = set(state.envelope) | set(state.bank) | {p for bank in state.personal for p in bank}
    state.bank, state.personal = [], [[] for _ in range(players)]
    for piece, orient, cell in board:
        k = parse_orientation(orient)
        state.lay(piece, k, parse_cell(cell), placement_table(SHAPE[piece], state.size)[(k, parse_cell(cell))])
    state.bank = list(bank)
    for seat, pieces in (personal or {}).items():
        state.personal[seat] = list(pieces)
    used = set(state.bank) | set(state.placed) | {p for bank in state.personal for p in bank}
    state.envelope = ["sf"] + sorted(in_play - used - {"sf"}, key=list(PIECES).index)
    state.unlocked, state.current, state.phase = unlocked, current, phase
    return state


def place(seat, piece, orient, cell):
    return Place(seat, piece, parse_orientation(orient), parse_cell(cell))


def refused(state, action, code):
    before = digest(GAME, state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert caught.value.code == code, caught.value.message
    assert digest(GAME, state) == before


#: seeds of 0-399 whose first draw is the System Fail (edition 1 is over at once)
OVER_AT_ONCE = {2: (9, 46, 61, 96), 4: (47, 104, 113), 6: (33, 40, 222)}


def recount(state, colour):
    """O21 from scratch: largest edge-connected group of cells topped by ``colour``."""
    tops = {c for c in range(100) if state.stacks[c] and COLOUR[state.stacks[c][-1]] == colour}
    best = 0
    while tops:
        todo, group = [tops.pop()], 1
        while todo:
            c = todo.pop()
            for n in (c - 10, c + 10, c - 1 if c % 10 else -1, c + 1 if c % 10 != 9 else -1):
                if n in tops:
                    tops.remove(n)
                    todo.append(n)
                    group += 1
        best = max(best, group)
    return best
