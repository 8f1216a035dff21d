"""Overwrite's state and its copy.

What it is for: the plain object a game is (where every piece is, the
envelope's order, whose turn). Laying a piece rescores the colours it
changes, when the scores are known (``scoring.scores`` asks once a turn).
Not here: the setup (``start.py``), legality (``legal.py``), applying
actions (``rules.py``), scores (``scoring.py``).

Every piece of the box is in exactly one place: the envelope (an ordered
list, drawn from the end), the community bank, a personal bank, the board
(``placed``) or out of play. The board keeps one stack per cell (bottom
first) and masks derived from it: occupied cells, encrypted cells and, per
colour, the cells where that colour is on top.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .board import BOUNDARY_SIZE, CELLS, boundary, cells_in, group_of, largest_group, touched_sides
from .pieces import COLOUR, KIND, PIECES, colour_set, special_set

#: phases of a turn: "draw" waits for a Draw or a play from the personal
#: bank (only when the personal bank holds a piece, O8); "play" follows a draw
DRAW, PLAY = "draw", "play"

#: the first rules edition that puts back a System Fail drawn before the
#: first piece is placed (O26); records that name no ``rules`` are edition 1
FAIL_RETURN_EDITION = 2
#: the first rules edition that keeps the printed rules O12 and O20 left
#: out: stacking unlocks only across from the first piece's side, and the
#: bank is the number of players at the start of every turn (O27, O28)
PRINTED_EDITION = 3
#: the ``fail`` option: a System Fail drawn before the first piece goes
#: back (O26, the default) or ends the game as printed
FAIL_CHOICES = ("first-piece", "printed")


def edition(state: "OverwriteState") -> int:
    return state.options.get("rules", 1)


def fail_returns(state: "OverwriteState") -> bool:
    """Does a System Fail drawn before the first placement go back (O26)?
    From edition 2, unless the game was set up with the printed end rule."""
    return edition(state) >= FAIL_RETURN_EDITION and state.options.get("fail", FAIL_CHOICES[0]) == FAIL_CHOICES[0]


class OverwriteState:
    __slots__ = ("options", "players", "size", "inside", "envelope", "bank", "personal", "out", "placed",
                 "stacks", "occupied", "encrypted", "tops", "unlocked", "current", "phase", "first", "turn",
                 "over", "failed_by", "history", "_scores", "resigned", "first_sides", "offered")

    def __init__(self, options: dict[str, Any]):
        self.options = dict(options)
        self.players: int = options["players"]
        self.size: int = BOUNDARY_SIZE[self.players]
        self.inside: int = boundary(self.size)
        self.envelope: list[str] = []
        self.bank: list[str] = []
        self.personal: list[list[str]] = [[] for _ in range(self.players)]
        self.out: list[str] = []
        #: pieces on the board: id -> (orientation, anchor cell, mask)
        self.placed: dict[str, tuple[int, int, int]] = {}
        #: per cell, the ids of the pieces covering it, bottom first
        self.stacks: list[tuple[str, ...]] = [()] * CELLS
        self.occupied = 0
        self.encrypted = 0
        #: per colour in play, the cells where a piece of that colour is on top
        self.tops: list[int] = [0] * self.players
        self.unlocked = False
        #: the sides (bits, ``board.SIDE_NAMES``) the piece laid on an empty
        #: board lies against; from edition 3 the chain must reach across
        #: from one of them to unlock stacking (O27); 0 before any piece
        self.first_sides = 0
        self.current = 0
        self.phase = DRAW
        self.first = 0
        self.turn = 0
        self.over = False
        self.failed_by: int | None = None
        #: seats that resigned (O25), in the order they left
        self.resigned: tuple[int, ...] = ()
        #: each seat's largest group after every finished turn (for the chart)
        self.history: list[tuple[int, ...]] = []
        self._scores: list[int] | None = None
        #: the action ``pick.pick_legal`` just drew for this very position,
        #: which ``legal.check`` accepts at once; None again once anything
        #: changes (``rules.perform``, ``lay``, ``lift``) and in a copy
        self.offered = None

    def copy(self) -> "OverwriteState":
        twin = OverwriteState.__new__(OverwriteState)
        twin.options = self.options  # never changed after setup
        twin.players, twin.size, twin.inside = self.players, self.size, self.inside
        twin.envelope = list(self.envelope)
        twin.bank = list(self.bank)
        twin.personal = [list(p) for p in self.personal]
        twin.out = list(self.out)
        twin.placed = dict(self.placed)
        twin.stacks = list(self.stacks)
        twin.occupied, twin.encrypted = self.occupied, self.encrypted
        twin.tops = list(self.tops)
        twin.unlocked, twin.first_sides = self.unlocked, self.first_sides
        twin.current, twin.phase, twin.first, twin.turn = self.current, self.phase, self.first, self.turn
        twin.over, twin.failed_by, twin.resigned = self.over, self.failed_by, self.resigned
        twin.history = list(self.history)
        twin._scores = self._scores
        twin.offered = None
        return twin

    # --- the board ---------------------------------------------------------
    def lay(self, piece: str, orient: int, anchor: int, mask: int) -> None:
        """Put ``piece`` on top of every cell of ``mask``. A piece laid on an
        empty board before stacking is allowed is a first piece (O10): the
        sides it lies against are the ones the chain must reach across from
        (O27; kept in every edition, digested from edition 3)."""
        self.offered = None
        if not self.unlocked and not self.occupied:
            self.first_sides = touched_sides(mask, self.size)
        self.placed[piece] = (orient, anchor, mask)
        stacks = self.stacks
        for cell in cells_in(mask):
            stacks[cell] += (piece,)
        self.occupied |= mask
        if KIND[piece] == "enc":
            self.encrypted |= mask
        tops, colour = self.tops, COLOUR[piece]
        # only the colours the piece changed are scored again, when known
        scores = None if self._scores is None else list(self._scores)
        for other, top in enumerate(tops):
            if top & mask:
                tops[other] = top = top & ~mask
                if scores is not None and other != colour:
                    scores[other] = largest_group(top)
        if colour is not None:
            tops[colour] |= mask
            if scores is not None:  # its tops only grew: the piece's group may be the largest
                scores[colour] = max(scores[colour], group_of(tops[colour], mask).bit_count())
        self._scores = scores

    def lift(self, piece: str) -> int:
        """Take an uncovered ``piece`` off the board; its mask."""
        self.offered = None
        _, _, mask = self.placed.pop(piece)
        stacks, tops = self.stacks, self.tops
        colour = COLOUR[piece]
        for cell in cells_in(mask):
            stack = stacks[cell][:-1]
            stacks[cell] = stack
            bit = 1 << cell
            if colour is not None:
                tops[colour] &= ~bit
            if not stack:
                self.occupied &= ~bit
            else:
                below = COLOUR[stack[-1]]
                if below is not None:
                    tops[below] |= bit
        self._scores = None
        return mask

    def is_uncovered(self, piece: str) -> bool:
        stacks = self.stacks
        for cell in cells_in(self.placed[piece][2]):
            if stacks[cell][-1] != piece:
                return False
        return True


def nothing_placed_yet(state: OverwriteState) -> bool:
    """No piece has been placed on the board in this game so far (O26).
    The board alone does not say it (an Anti-virus placed first leaves an
    empty board): a piece of the game goes out of play only by being placed
    (O16) or by moving a placed piece (O18), so ``out`` still holding only
    the pieces never in play means nothing was placed."""
    return not state.placed and len(state.out) == _never_in_play(state.players)


@lru_cache(maxsize=None)
def _never_in_play(players: int) -> int:
    return len(PIECES) - len(special_set(players)) - sum(len(colour_set(c)) for c in range(players))
