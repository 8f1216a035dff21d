"""Applying Overwrite actions: the turn (O8), placing (O9-O13, O27), the
special pieces (O16-O19), reserving (O14) and passing (O20, O28).

What it is for: ``perform`` changes a state for an action ``legal.check``
accepted and returns its events; ``start_turn`` makes the automatic draw.
Not here: legality (``legal.py``), setup (``start.py``), scores
(``scoring.py``).
"""

from __future__ import annotations

from ...core.events import Event
from ...core.prng import Rng, derive_seed
from .actions import Defrag, Draw, Pass, Place, Reserve, Resign
from .board import ALL_SIDES, cell_name, cell_names, neighbours, placement_table, spans
from .legal import bank_piece
from .pieces import KIND, ORDER, SHAPE, orientation_name
from .scoring import scores
from .state import DRAW, PLAY, PRINTED_EDITION, OverwriteState, edition, fail_returns, nothing_placed_yet


def draw(state: OverwriteState, seat: int) -> list[Event]:
    """Draw the top of the envelope into the community bank; a System Fail
    ends the game at once (O19), unless no piece has been placed yet from
    rules edition 2 on (O26: it goes back, ``return_fail``; not in a game
    set up with the printed end rule, option ``fail``). An empty envelope
    (impossible while the System Fail is in it) ends the game too."""
    state.phase = PLAY
    if not state.envelope:
        state.over = True
        return [Event("over", {"reason": "empty", "scores": scores(state)})]
    events = []
    piece = state.envelope.pop()
    if piece == "sf" and state.envelope and fail_returns(state) and nothing_placed_yet(state):
        events.append(return_fail(state, seat))
        piece = state.envelope.pop()
    state.bank.append(piece)
    events.append(Event("draw", {"seat": seat, "piece": piece, "left": len(state.envelope)}))
    if piece == "sf":
        state.over = True
        state.failed_by = seat
        events.append(Event("over", {"reason": "system-fail", "seat": seat, "scores": scores(state)}))
    return events


def return_fail(state: OverwriteState, seat: int) -> Event:
    """O26: the System Fail just drawn goes back into the envelope at a
    random place under its top piece, which is drawn instead. The place is
    drawn with the engine's PRNG keyed by the envelope's own order (hidden
    from every view, O7), so it is deterministic, tells nobody anything new,
    and a bot's sampled world (which reshuffles the envelope) samples it
    too. Every order being as likely, this is the same as putting it back,
    mixing, and drawing again until something else comes."""
    envelope = state.envelope
    key = derive_seed(len(envelope), "overwrite-fail-return " + " ".join(envelope))
    envelope.insert(Rng(key).below(len(envelope)), "sf")
    return Event("fail-returned", {"seat": seat, "turn": state.turn})


def start_turn(state: OverwriteState, seat: int) -> list[Event]:
    """``seat``'s turn begins; with an empty personal bank the draw is the
    only choice, so it is made at once (O8)."""
    state.current = seat
    state.phase = DRAW
    state.turn += 1
    events = [Event("turn", {"seat": seat, "turn": state.turn})]
    if not state.personal[seat]:
        events.extend(draw(state, seat))
    return events


def end_turn(state: OverwriteState) -> list[Event]:
    state.history.append(tuple(scores(state)))
    following = (state.current + 1) % state.players
    while following in state.resigned:  # O25: a seat that left is skipped
        following = (following + 1) % state.players
    return start_turn(state, following)


def resign(state: OverwriteState, seat: int) -> list[Event]:
    """O25: the seat leaves. Its pieces stay on the board (their colour still
    counts for nobody's chunk but its own), its personal bank goes to the
    community bank (from edition 3 out of play, so the bank stays the number
    of players, O28), its turns are skipped, and it cannot win; the last
    seat left wins at once. From edition 3, a seat that resigns on its turn
    after drawing takes the drawn piece out of play too, as a pass does
    (O28): the bank neither shrinks nor grows with a resignation."""
    state.resigned = (*state.resigned, seat)
    data = {"seat": seat}
    if edition(state) >= PRINTED_EDITION:
        state.out.extend(state.personal[seat])
        if state.current == seat and state.phase == PLAY:
            data["discarded"] = draw_out(state)
    else:
        state.bank.extend(state.personal[seat])
    state.personal[seat] = []
    events = [Event("resign", data)]
    if len(state.resigned) == state.players - 1:
        state.over = True
        return [*events, Event("over", {"reason": "resigned", "scores": scores(state)})]
    if state.current == seat:
        events.extend(end_turn(state))
    return events


def _unlock(state: OverwriteState) -> list[Event]:
    """O12: once a chain of pieces joins two opposite sides, stacking is
    allowed for the rest of the game; from edition 3 (O27) only a chain from
    a side the first piece lies against to the side opposite it."""
    if state.unlocked:
        return []
    from_sides = state.first_sides if edition(state) >= PRINTED_EDITION else ALL_SIDES
    if spans(state.occupied, state.size, from_sides):
        state.unlocked = True
        return [Event("unlock", {"turn": state.turn})]
    return []


def _pass(state: OverwriteState, seat: int) -> list[Event]:
    """O20: nothing can be played or reserved. Up to edition 2 the drawn
    piece stays in the bank, which grows by one for the rest of the game;
    from edition 3 (O28) it leaves play, so the next turn starts with the
    bank at the number of players, as printed."""
    data = {"seat": seat}
    if edition(state) >= PRINTED_EDITION:
        data["discarded"] = draw_out(state)
    return [Event("pass", data), *end_turn(state)]


def draw_out(state: OverwriteState) -> str:
    """O28: the turn's draw (the last piece the bank gained) leaves play; its name."""
    piece = state.bank.pop()
    state.out.append(piece)
    return piece


def anti_virus_hits(av_mask: int, pieces) -> list[str]:
    """O16 on plain facts: the pieces that leave the game with an Anti-virus
    lying on ``av_mask``, in box order. ``pieces`` are ``(piece, cells mask,
    uncovered once the Anti-virus lies)`` for the pieces on the board other
    than the Anti-virus; Encrypted data never leaves. The engine asks it of a
    state, the page of a view (an online room's page holds no state)."""
    around = neighbours(av_mask)
    return [piece for piece, mask, uncovered in sorted(pieces, key=lambda fact: ORDER[fact[0]])
            if KIND[piece] != "enc" and mask & around and uncovered]


def _anti_virus(state: OverwriteState, piece: str) -> list[str]:
    """O16: every uncovered piece sharing an edge with the Anti-virus leaves
    the game, Encrypted data excepted, then the Anti-virus itself."""
    hit = anti_virus_hits(state.placed[piece][2], [(other, mask, state.is_uncovered(other))
                                                   for other, (_, _, mask) in state.placed.items() if other != piece])
    for other in (*hit, piece):
        state.lift(other)
        state.out.append(other)
    return hit


def perform(state: OverwriteState, action) -> list[Event]:
    state.offered = None  # the position changes (``pick.pick_legal``)
    seat = action.seat
    if isinstance(action, Place):
        personal = state.phase == DRAW
        pool = state.personal[seat] if personal else state.bank
        # a code block's name is its id; a special's names its first copy in a bank
        piece = action.piece if action.piece in pool else bank_piece(state, seat, action.piece)
        pool.remove(piece)
        mask = placement_table(SHAPE[piece], state.size)[(action.orient, action.cell)]
        state.lay(piece, action.orient, action.cell, mask)
        data = {"seat": seat, "piece": piece, "orient": orientation_name(action.orient),
                "cell": cell_name(action.cell), "cells": list(cell_names(mask)),
                "from": "personal" if personal else "bank"}
        if KIND[piece] == "av":
            data["removed"] = _anti_virus(state, piece)
        return [Event("place", data), *_unlock(state), *end_turn(state)]
    if isinstance(action, Resign):
        return resign(state, seat)
    if isinstance(action, Draw):
        return draw(state, seat)
    if isinstance(action, Pass):
        return _pass(state, seat)
    if isinstance(action, Reserve):
        state.bank.remove(action.piece)
        state.personal[seat].append(action.piece)
        return [Event("reserve", {"seat": seat, "piece": action.piece}), *end_turn(state)]
    if isinstance(action, Defrag):
        defrag = next(p for p in sorted(state.bank, key=ORDER.__getitem__) if KIND[p] == "df")
        state.bank.remove(defrag)
        state.out.append(defrag)
        old = state.placed[action.piece][2]
        state.lift(action.piece)
        mask = placement_table(SHAPE[action.piece], state.size)[(action.orient, action.cell)]
        state.lay(action.piece, action.orient, action.cell, mask)
        data = {"seat": seat, "piece": action.piece, "defrag": defrag, "orient": orientation_name(action.orient),
                "cell": cell_name(action.cell), "cells": list(cell_names(mask)),
                "was": list(cell_names(old))}
        return [Event("defrag", data), *_unlock(state), *end_turn(state)]
    raise TypeError(f"not an Overwrite action: {action!r}")
