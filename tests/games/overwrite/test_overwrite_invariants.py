"""Random Overwrite games, checking invariants after every action.

Hypothesis draws the player count, the seed and the chooser's seed; the
choices come from ``netarcade.core.prng.Rng``, biased toward specials,
reserves and personal-bank plays so they happen often. After every action:
every piece of the box is in exactly one place; the stacks, the masks and
the top view agree; the scores equal a recount written from
docs/rules/overwrite.md (O21); nothing lies outside the boundary (O3);
from rules edition 3 the bank holds one piece per player at the start of
every turn (O28), resignations included (now and then a seat resigns, on its
turn or not, O25);
Encrypted data is never covered (O17); and illegal actions (random
placements, other seats' actions, garbled values) are refused without
changing the digest.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from netarcade.core import IllegalAction, Match, RandomActor, digest
from netarcade.core.prng import Rng
from netarcade.games.overwrite import OVERWRITE as GAME
from netarcade.games.overwrite.actions import Defrag, Draw, Pass, Place, Reserve, Resign
from netarcade.games.overwrite.board import BOUNDARY_SIZE, boundary
from netarcade.games.overwrite.pieces import COLOUR, KIND, PIECES, SIZE

from support.overwrite_positions import recount
from support.playing import turns
from support.soak import soak_size

MAX_ACTIONS = 120
#: random games per run: make test / make soak
EXAMPLES = soak_size(12, 200)



def check_invariants(state):
    places = state.envelope + state.bank + [p for bank in state.personal for p in bank] + list(state.placed) + state.out
    assert sorted(places) == sorted(PIECES), "every piece exactly once"
    inside = boundary(BOUNDARY_SIZE[state.players])
    occupied = encrypted = 0
    tops = [0] * state.players
    on_board = set()
    for cell, stack in enumerate(state.stacks):
        if stack:
            bit = 1 << cell
            assert bit & inside, "nothing outside the boundary"
            occupied |= bit
            on_board.update(stack)
            assert len(set(stack)) == len(stack)
            for piece in stack:
                assert state.placed[piece][2] & bit
            if any(KIND[p] == "enc" for p in stack):
                encrypted |= bit
                assert KIND[stack[-1]] == "enc", "Encrypted data is never covered"
            if COLOUR[stack[-1]] is not None:
                tops[COLOUR[stack[-1]]] |= bit
    assert on_board == set(state.placed)
    for piece, (_, _, mask) in state.placed.items():
        assert mask.bit_count() == SIZE[piece]
        assert KIND[piece] in ("data", "enc"), "an Anti-virus never stays on the board"
    assert (occupied, encrypted, tops) == (state.occupied, state.encrypted, state.tops), "masks agree with stacks"
    assert GAME.scores(state) == [recount(state, c) for c in range(state.players)]
    view = GAME.view(state, None)
    assert view["stacks"] == [list(s) for s in state.stacks]
    assert sorted(view["envelope"]["pieces"]) == sorted(state.envelope)
    assert all(len(p) <= 2 and all(COLOUR[x] == seat and SIZE[x] <= 4 for x in p)
               for seat, p in enumerate(state.personal))
    if state.unlocked is False:
        assert all(len(stack) <= 1 for stack in state.stacks), "no stacking before the board is spanned"
    if state.options["rules"] >= 3 and not state.over:
        # O28: every turn starts with the bank at the number of players; a draw adds one
        assert len(state.bank) == state.players + (state.phase == "play"), "the bank is the players"


def illegal_tries(state, seat, rng):
    """Actions to refuse: random placements, another seat's listed action,
    look-alike values."""
    players = state.players
    other = (seat + 1) % players
    names = ["1I2", "2L5", "av", "enc", "6U5", f"{seat + 1}T4"]
    for _ in range(6):
        yield Place(seat, rng.choice(names), rng.below(8), rng.below(100))
    yield Defrag(seat, rng.choice(sorted(PIECES)), rng.below(8), rng.below(100))
    yield Reserve(seat, rng.choice(sorted(PIECES)))
    yield Draw(other)
    yield Pass(other)
    yield Place(seat, "1I2", 0.0, 22)
    yield Place(seat, "1I2", 0, True)


def choose(actions, rng):
    """Specials, reserves and personal plays first when they come up."""
    rare = [a for a in actions if isinstance(a, (Defrag, Reserve))
            or (isinstance(a, Place) and (a.piece in ("av", "enc")))]
    if rare and rng.below(3) == 0:
        return rng.choice(rare)
    return rng.choice(actions)


@pytest.mark.soak
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), chooser=st.integers(0, 2**32))
def test_invariants_hold_after_every_action(players, seed, chooser):
    rng = Rng(chooser)
    match = Match(GAME, {"players": players}, seed, undo=False, actor=RandomActor(rng))
    check_invariants(match.state)
    for seat in turns(match, MAX_ACTIONS):
        state = match.state
        listed = GAME.legal_actions(state, seat)
        before = digest(GAME, state)
        for action in illegal_tries(state, seat, rng):
            if action in listed and type(action.cell if hasattr(action, "cell") else 0) is int:
                continue
            accepted = GAME.is_legal(state, action)
            assert accepted == (action in listed and repr(action) in {repr(a) for a in listed}), action
            if not accepted:
                trial = GAME.copy(state)
                try:
                    GAME.apply(trial, action)
                except IllegalAction:
                    pass
                assert digest(GAME, trial) == before
        assert digest(GAME, state) == before
        action = choose(listed, rng)
        if rng.below(40) == 0:  # O25: any seat still playing resigns, its turn or not
            action = Resign(rng.choice([s for s in range(players) if s not in state.resigned]))
        match.play(action)
        check_invariants(match.state)
    if match.over:
        final = match.state
        assert final.failed_by is not None or not final.envelope or len(final.resigned) == players - 1
        assert match.winners()


def test_a_game_always_ends_by_the_system_fail():
    for seed in range(6):
        rng = Rng(seed)
        match = Match(GAME, {"players": 2 + seed % 5}, seed, undo=False, actor=RandomActor(rng))
        match.play_out(lambda seat: choose(GAME.legal_actions(match.state, seat), rng))
        assert match.over and "sf" in match.state.bank and match.state.failed_by is not None
        check_invariants(match.state)
