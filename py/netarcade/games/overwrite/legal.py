"""Which Overwrite actions are legal now, and why the others are not.

What it is for: the placement test (O9-O13, O16-O18) as two masks, the lazy
listing of legal actions (by verb and piece, so the page's prefix
``"p1 place 1L4 "`` lists one piece's placements only), and ``check``,
which refuses any value, of any type, with ``IllegalAction``. Not here:
changing the state (``rules.py``).

A placement mask is legal when it avoids ``forbidden`` and, when
``required`` is not None, touches it:

- before the first layer spans the board (O11, O12, O27): ``forbidden`` is every
  occupied cell; ``required`` is every cell beside a piece, or the rim of
  the boundary when the board is empty (O10);
- afterwards (O13): ``forbidden`` is the encrypted cells (O17), nothing is
  required.

Every mask the board module lists is already inside the boundary.
``fits.py`` answers the test for all of a shape's placements at once, as a
bit set; the actions of its bits come from tables built on first use, and
the lists made are kept for the next ask (``forget`` drops them).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Iterator

from ...core.errors import IllegalAction
from ...core.game import is_seat
from .actions import NAME_SHAPE, PLACEABLE, Defrag, Draw, Pass, Place, Reserve, Resign
from .board import CELLS, neighbours, placement_table, rim, shape_mask
from .fits import anchor_table, fits, pick, placement_bits
from .fits import forget as fits_forget
from .pieces import COLOUR, COLOURS, KIND, ORDER, ORIENTATIONS, PLAY_NAME, RESERVE_LIMIT, SHAPE, SIZE, orientation_name
from .state import DRAW, PLAY, PRINTED_EDITION, OverwriteState, edition

PERSONAL_LIMIT = 2


def placement_rule(state: OverwriteState, lifted: int = 0) -> tuple[int, int | None]:
    """``(forbidden, required)`` for a new placement; ``lifted`` is the mask
    of a piece being moved (Defrag), taken off first."""
    if state.unlocked:
        return state.encrypted, None
    occupied = state.occupied & ~lifted
    return occupied, (neighbours(occupied) if occupied else rim(state.size))


def iter_placements(state: OverwriteState, shape: str, lifted: int = 0, skip: int = -1) -> Iterator[tuple[int, int]]:
    """``(orientation, anchor)`` of every legal placement of ``shape`` (a
    mask equal to ``skip`` excepted: a Defrag must move its piece)."""
    chosen = fits(shape, state.size, *placement_rule(state, lifted)) & ~placement_bits(shape, state.size).get(skip, 0)
    return iter(pick(_pairs(shape, state.size), chosen))


@lru_cache(maxsize=None)
def _pairs(shape: str, size: int) -> tuple[tuple[int, int], ...]:
    """``(orientation, anchor)`` at the bits of a placement bit set."""
    return anchor_table(shape, size, lambda k, anchor: (k, anchor))


def count_placements(state: OverwriteState, shape: str) -> int:
    return sum(1 for _ in iter_placements(state, shape))


def sources(state: OverwriteState, seat: int) -> list[str]:
    """The pieces ``seat`` may play now: the personal bank before drawing,
    the community bank after (O8, O15), one copy of each special kind (the
    first in box order), in box order."""
    found = [piece for piece in (state.personal[seat] if state.phase == DRAW else state.bank) if piece in _PLAYABLE]
    if len(found) > 1:  # a bank holds a few pieces: sorting them beats keeping answers
        found.sort(key=ORDER.__getitem__)
        seen: set[str] = set()
        found = [piece for piece in found if not (PLAY_NAME[piece] in seen or seen.add(PLAY_NAME[piece]))]
    return found


#: the pieces a Place may take (not a Defrag nor the System Fail)
_PLAYABLE = frozenset(piece for piece, kind in KIND.items() if kind not in ("df", "sf"))


def movable(state: OverwriteState) -> list[str]:
    """Code blocks on the board a Defrag may move: uncovered ones (O18)."""
    return [piece for piece in sorted(state.placed, key=ORDER.__getitem__)
            if KIND[piece] == "data" and state.is_uncovered(piece)]


#: the Defrag pieces of the box
DEFRAGS = frozenset(piece for piece, kind in KIND.items() if kind == "df")


def has_defrag(state: OverwriteState) -> bool:
    return state.phase == PLAY and not DEFRAGS.isdisjoint(state.bank)


def reservable(state: OverwriteState, seat: int) -> list[str]:
    """Pieces ``seat`` may reserve now (O14), in box order."""
    if state.phase != PLAY or len(state.personal[seat]) >= PERSONAL_LIMIT:
        return []
    own = _RESERVABLE.get(seat, ())
    found = [piece for piece in state.bank if piece in own]
    if len(found) > 1:
        found.sort(key=ORDER.__getitem__)
    return found


#: per colour, its pieces small enough to reserve (O14)
_RESERVABLE = {colour: frozenset(piece for piece in KIND if COLOUR[piece] == colour and SIZE[piece] <= RESERVE_LIMIT)
               for colour in range(COLOURS)}


#: (Place or Defrag, seat, piece name, boundary size) -> its actions at the
#: bits of a placement bit set (``fits.anchor_table``), built on first use;
#: emptied past ``_TABLES`` (a 10x10 table holds up to 504 actions: the
#: 1,024 tables of the bound are about 22 MB)
_ACTIONS: dict[tuple, tuple] = {}
_TABLES = 1024
#: the lists :func:`_fitting` made, by ``(kind, seat, name, size, bit set)``
#: (the same few come back turn after turn once stacking is allowed);
#: emptied when full
_PICKED: dict[tuple, list] = {}
_KEPT = 2048


def _fitting(state: OverwriteState, kind, seat: int, name: str, shape: str, rule, skip: int = 0) -> list:
    """The legal ``kind`` actions (Place or Defrag) of ``name`` under
    ``rule`` (``placement_rule``), in listing order, but for the placement
    bit ``skip`` (where a Defrag's piece lies now). The list is kept: never
    change it."""
    size = state.size
    chosen = fits(shape, size, *rule) & ~skip
    if not chosen:
        return []
    key = (kind, seat, name, size, chosen)
    found = _PICKED.get(key)
    if found is None:
        if len(_PICKED) >= _KEPT:
            _PICKED.clear()
        found = _PICKED[key] = pick(action_table(kind, seat, name, shape, size), chosen)
    return found


def action_table(kind, seat: int, name: str, shape: str, size: int) -> tuple:
    """The ``kind`` actions (Place or Defrag) of ``name`` at the bits of a
    placement bit set of ``shape`` inside the boundary of ``size``
    (``fits.anchor_table``), kept: the same action objects every time."""
    key = (kind, seat, name, size)
    table = _ACTIONS.get(key)
    if table is None:
        if len(_ACTIONS) >= _TABLES:
            _ACTIONS.clear()
        table = _ACTIONS[key] = anchor_table(shape, size, lambda k, anchor: kind(seat, name, k, anchor))
    return table


def forget() -> None:
    """Drop every kept placement answer and list (figures that time the
    work, not the lookup: ``netarcade/cli/overwrite_speed.py``)."""
    _PICKED.clear()
    fits_forget()


def _listing(state: OverwriteState, seat: int, verb: str | None, name: str | None) -> Iterator[list]:
    """The legal actions of ``seat`` as lists in listing order: Draw, each
    piece's placements, each movable piece's Defrags, the reserves, Pass."""
    if not is_seat(seat) or state.over or seat != state.current:
        return
    found = False
    if state.phase == DRAW and verb in (None, "draw"):
        found = True
        yield [Draw(seat)]
    if verb in (None, "place"):
        rule = placement_rule(state)
        for piece in sources(state, seat):
            play = PLAY_NAME[piece]
            if name is not None and play != name:
                continue
            actions = _fitting(state, Place, seat, play, SHAPE[piece], rule)
            if actions:
                found = True
                yield actions
    if verb in (None, "defrag") and has_defrag(state):
        for piece in movable(state):
            if name is not None and piece != name:
                continue
            shape, mask = SHAPE[piece], state.placed[piece][2]
            actions = _fitting(state, Defrag, seat, piece, shape, placement_rule(state, lifted=mask),
                               skip=placement_bits(shape, state.size).get(mask, 0))
            if actions:
                found = True
                yield actions
    if verb in (None, "reserve"):
        actions = [Reserve(seat, piece) for piece in reservable(state, seat) if name is None or piece == name]
        if actions:
            found = True
            yield actions
    if verb in (None, "pass") and name is None and state.phase == PLAY:
        if not (verb is None and found) and not can_act(state, seat):
            yield [Pass(seat)]


def iter_legal(state: OverwriteState, seat: int, verb: str | None = None, name: str | None = None) -> Iterator:
    """The legal actions of ``seat`` in listing order; ``verb`` / ``name``
    keep only one kind of action / one piece (the rest is never built)."""
    return chain.from_iterable(_listing(state, seat, verb, name))


def legal_actions(state: OverwriteState, seat: int) -> list:
    """Every legal action of ``seat``, in listing order."""
    return list(chain.from_iterable(_listing(state, seat, None, None)))


def can_act(state: OverwriteState, seat: int) -> bool:
    """Has ``seat`` anything but a pass? (O20)"""
    for action in iter_legal(state, seat, verb="place"):
        return True
    if reservable(state, seat):
        return True
    for action in iter_legal(state, seat, verb="defrag"):
        return True
    return False


# --- check: why an action is refused -------------------------------------------


def _refuse(code: str, message: str):
    raise IllegalAction(code, message)


def _well_formed(action) -> bool:
    if not is_seat(getattr(action, "seat", None)):
        return False
    if isinstance(action, (Place, Defrag)):
        return (type(action.piece) is str and type(action.orient) is int and type(action.cell) is int
                and 0 <= action.orient < 8 and 0 <= action.cell < CELLS)
    if isinstance(action, Reserve):
        return type(action.piece) is str
    return isinstance(action, (Draw, Pass, Resign))


def check(state: OverwriteState, action) -> None:
    """Raise ``IllegalAction`` with a specific code if ``action`` is
    illegal now. The action ``pick.pick_legal`` just drew for this very
    position (the same object, ``state.offered`` until the state changes)
    is accepted at once: a random playout does not check again what it
    was just handed."""
    if action is state.offered and action is not None:
        return
    if not isinstance(action, (Draw, Place, Defrag, Reserve, Pass, Resign)) or not _well_formed(action):
        _refuse("unknown-action", f"{action!r} is not an Overwrite action")
    seat = action.seat
    if not 0 <= seat < state.players:
        _refuse("bad-seat", f"there is no P{seat + 1} in this game")
    if state.over:
        _refuse("game-over", "the game is over")
    if seat in state.resigned:
        _refuse("resigned", f"P{seat + 1} has resigned and takes no further part")
    if isinstance(action, Resign):
        return  # any seat still playing, at any moment (O25)
    if seat != state.current:
        _refuse("not-your-turn", f"it is P{state.current + 1}'s turn")
    if isinstance(action, Draw):
        if state.phase != DRAW:
            _refuse("already-drew", "you have drawn this turn: play a piece from the community bank")
        return
    if isinstance(action, Place):
        _check_place(state, action)
    elif isinstance(action, Defrag):
        _check_defrag(state, action)
    elif isinstance(action, Reserve):
        _check_reserve(state, action)
    elif state.phase != PLAY:
        _refuse("draw-first", "draw first: you may pass only when nothing drawn can be played")
    elif can_act(state, seat):
        _refuse("can-play", "you may pass only when no piece in the bank can be played or reserved")


def bank_piece(state: OverwriteState, seat: int, name: str) -> str | None:
    """The piece a Place of ``name`` takes now (the first copy of a special)."""
    for piece in sources(state, seat):
        if PLAY_NAME[piece] == name:
            return piece
    return None


def _check_place(state: OverwriteState, action: Place) -> None:
    if action.piece not in PLACEABLE:
        _refuse("unknown-piece", f"{action.piece[:20]!r} is not a piece that can be placed")
    piece = bank_piece(state, action.seat, action.piece)
    if piece is None:
        if state.phase == DRAW and any(PLAY_NAME[p] == action.piece for p in state.bank):
            _refuse("draw-first", "draw from the envelope before playing from the community bank")
        if state.phase == PLAY and action.piece in state.personal[action.seat]:
            _refuse("already-drew", "you drew this turn: a personal-bank piece is played instead of drawing")
        _refuse("not-in-bank", f"{action.piece} is not in a bank you may play from now")
    _check_mask(state, NAME_SHAPE[action.piece], action.orient, action.cell)


def _check_defrag(state: OverwriteState, action: Defrag) -> None:
    if not has_defrag(state):
        _refuse("no-defrag", "there is no Defrag in the community bank to use now")
    piece = action.piece
    if piece not in state.placed:
        _refuse("not-on-board", f"{piece[:20]!r} is not a piece on the board")
    if KIND[piece] != "data":
        _refuse("not-movable", "Encrypted data cannot be moved by special pieces")
    if not state.is_uncovered(piece):
        _refuse("covered", f"{piece} is covered: only an uncovered piece can be moved")
    mask = state.placed[piece][2]
    _check_mask(state, SHAPE[piece], action.orient, action.cell, lifted=mask)
    if placement_table(SHAPE[piece], state.size)[(action.orient, action.cell)] == mask:
        _refuse("same-place", "a Defrag moves the piece somewhere else")


def _check_reserve(state: OverwriteState, action: Reserve) -> None:
    piece = action.piece
    if state.phase != PLAY:
        _refuse("draw-first", "you reserve a piece after drawing")
    if piece not in state.bank:
        _refuse("not-in-bank", f"{piece[:20]!r} is not in the community bank")
    if KIND[piece] != "data":
        _refuse("special", "special pieces cannot be reserved")
    if COLOUR[piece] != action.seat:
        _refuse("not-your-colour", "you may only reserve pieces of your own colour")
    if SIZE[piece] > RESERVE_LIMIT:
        _refuse("too-large", f"a reserved piece has at most {RESERVE_LIMIT} blocks")
    if len(state.personal[action.seat]) >= PERSONAL_LIMIT:
        _refuse("bank-full", f"your personal bank already holds {PERSONAL_LIMIT} pieces")


def _check_mask(state: OverwriteState, shape: str, orient: int, cell: int, lifted: int = 0) -> None:
    if orient not in ORIENTATIONS[shape]:
        names = " ".join(map(orientation_name, ORIENTATIONS[shape]))
        _refuse("bad-orientation", f"this piece has only the orientations {names}")
    mask = placement_table(shape, state.size).get((orient, cell))
    if mask is None:
        if shape_mask(shape, orient, cell) is None:
            _refuse("off-board", "the piece would stick out of the board")
        _refuse("outside-boundary", f"the piece must lie inside the {state.size}x{state.size} boundary")
    forbidden, required = placement_rule(state, lifted)
    if state.unlocked:
        if mask & forbidden:
            _refuse("encrypted", "nothing may overlap Encrypted data")
        return
    if mask & forbidden:
        if edition(state) >= PRINTED_EDITION:
            _refuse("overlap", "no stacking until a chain of pieces joins the first piece's side to the "
                               "side opposite it")
        _refuse("overlap", "no stacking until a chain of pieces joins two opposite sides of the board")
    if not mask & required:
        if state.occupied & ~lifted:
            _refuse("must-touch", "until the board is spanned, a new piece must share an edge with a piece on it")
        _refuse("must-touch-side", "the first piece must lie against a side of the boundary")
