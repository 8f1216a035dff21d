"""The start of an Overwrite game: the setup as printed (O2-O7).

What it is for: ``new_state``, a game's first state and its events, up to
the first turn's automatic draw. Not here: the state itself (``state.py``),
the turn (``rules.py``).
"""

from __future__ import annotations

from typing import Any

from ...core.events import Event
from ...core.prng import Rng, derive_seed
from .pieces import COLOUR, COLOURS, KIND, PIECES, colour_set, special_set
from .rules import start_turn
from .state import OverwriteState


def new_state(options: dict[str, Any], seed: int) -> tuple[OverwriteState, list[Event]]:
    """Setup as printed (O2-O7): the envelope of the colours and specials in
    play, shuffled; the first player drawn; the community bank dealt."""
    state = OverwriteState(options)
    players = state.players
    rng = Rng(derive_seed(seed, "overwrite-envelope"))
    envelope = [piece for colour in range(players) for piece in colour_set(colour)] + special_set(players)
    in_play = set(envelope)
    state.out = [piece for piece in PIECES if piece not in in_play]
    rng.shuffle(envelope)
    # O5: draw until a code block; its colour goes first; it goes back in
    while True:
        drawn = rng.choice(envelope)
        if KIND[drawn] == "data":
            break
    state.first = state.current = COLOUR[drawn]
    rng.shuffle(envelope)
    events = [Event("setup", {"players": players, "size": state.size, "colours": min(players, COLOURS),
                              "envelope": len(envelope), "out": len(state.out)}),
              Event("first", {"seat": state.first, "piece": drawn})]
    # O6: one draw per seat, first player first, clockwise; a System Fail
    # drawn while the bank is dealt goes back and the envelope is mixed again
    for i in range(players):
        seat = (state.first + i) % players
        piece = envelope.pop()
        while piece == "sf":
            envelope.append(piece)
            rng.shuffle(envelope)
            events.append(Event("fail-returned", {"seat": seat}))
            piece = envelope.pop()
        state.bank.append(piece)
        events.append(Event("deal", {"seat": seat, "piece": piece}))
    state.envelope = envelope
    state.turn = 0
    events.extend(start_turn(state, state.first))
    return state, events
