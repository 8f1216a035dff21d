"""Breach invariants (hypothesis) after every action of random games:
every Exploit card in exactly one place (deck, hands, discard pile,
reminders, the card in a block window, the 2-player removed cards);
Exposure never below 0; at the end of Manifest no hand holds more than 5
cards with an Exploit among them; route markers consistent with the
layers entered; refusals keep the digest; in rules edition 2, Bandwidth
never below 0 and no Node entered twice in a turn, the start Node included
(D27, D28), and no card's ENTER or EXIT affecting the mover twice in a turn
however swaps move the cards (D36). Now and then a seat resigns
(D24), its turn or not, so the invariants hold across resignations too."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from support.playing import turns
from support.breach_helpers import GAME, where_cards_are
from netarcade.core import IllegalAction, Match, digest
from netarcade.core.actors import RandomActor
from netarcade.core.prng import Rng
from netarcade.games.breach.actions import Discard, Enter, Play, Resign, Stop
from netarcade.games.breach.cards import deck_of, HAND, layer_of
from netarcade.games.breach.state import NEVER

from support.soak import soak_size


def card_effects(events) -> list[tuple[str, str]]:
    """("enter", card) for every Node entry and ("exit", card) for every EXIT
    that changed Exposure, read from the events."""
    out = [("enter", e.data["node"]) for e in events if e.kind == "enter"]
    out += [tuple(e.data["why"].split()) for e in events
            if e.kind == "exposure" and e.data["why"].startswith("exit ")]
    return out


def check_once_per_turn(state, effects: list) -> None:
    """D36: from edition 2 on, each card's ENTER and EXIT at most once a turn."""
    if state.rules >= 2:
        assert len(set(effects)) == len(effects), effects


def check_invariants(state, before_turn, current_before):
    assert where_cards_are(state) == Counter(deck_of(state.rules))
    assert all(e >= 0 for e in state.exposure)
    if state.rules >= 2:
        assert state.bw >= 0  # D28: entering the Edge resolves the EXIT it was paid with
        # D27: no Node twice in a turn, the one it started on included
        assert len(set(state.entered)) == len(state.entered) and state.start not in state.entered
    # a turn ended: the seat that ended it reconciled its hand in Manifest
    if state.turn != before_turn and not GAME.is_over(state):
        seat = current_before
        assert state.hand_size(seat) <= HAND or not state.hands[seat] or state.exposure[seat] == 0
    for seat in range(state.n):
        route = state.route[seat]
        for index, mark in enumerate(route):
            if mark >= 0:
                assert layer_of(mark) == index + 1  # a marker sits in its own layer
        entered = [i for i, mark in enumerate(route) if mark != NEVER]
        # layers are entered from Edge on: every layer up to the deepest was entered
        if entered:
            assert entered == list(range(max(entered) + 1))
        at = state.at[seat]
        if at >= 0:
            assert route[layer_of(at) - 1] != NEVER
        if state.payload[seat]:
            assert all(mark != NEVER for mark in route)  # reached Root through every layer
    assert (state.window is None) == (state.phase != "window")


@pytest.mark.soak
@settings(max_examples=soak_size(12, 200), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), rules=st.sampled_from([2, 3]))
def test_invariants_hold_after_every_action(seed, players, rules):
    rng = Rng(seed)
    match = Match(GAME, {"players": players, "rounds": 12, "rules": rules}, seed, undo=False,
                  actor=RandomActor(rng))
    effects = []  # the mover's card effects this turn (D36)
    for seat in turns(match, 900):
        state = match.state
        actions = match.legal_actions(seat)
        # prefer moving on, so games get deep into the network
        moves = [a for a in actions if isinstance(a, Enter)]
        action = rng.choice(moves) if moves and rng.below(3) else rng.choice(actions)
        if rng.below(150) == 0:  # D24: any seat still playing, acting or not
            action = Resign(rng.choice(state.playing()))
        turn, current = state.turn, state.current
        events = match.play(action)
        if match.state.turn != turn:  # the effects up to the turn's end belong to the old turn
            cut = next(i for i, e in enumerate(events) if e.kind == "turn")
            check_once_per_turn(match.state, effects + card_effects(events[:cut]))
            effects = card_effects(events[cut:])
        else:
            effects += card_effects(events)
        check_once_per_turn(match.state, effects)
        check_invariants(match.state, turn, current)
        assert all(s not in match.state.resigned for s in match.to_act())
        if match.state.resigned:
            assert GAME.view(match.state, None)["resigned"] == match.state.resigned


@pytest.mark.soak
@settings(max_examples=soak_size(8, 150), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_refusals_keep_the_digest(seed):
    rng = Rng(seed)
    match = Match(GAME, {"players": 3}, seed, undo=False, actor=RandomActor(rng))
    for actor in turns(match, 150):
        state = match.state
        before = digest(GAME, state)
        for seat in range(3):
            for bad in (Play(seat, "lag", "p9"), Enter(seat, "14b"), Stop(seat), Discard(seat, "wipe"),
                        Enter(seat, "root"), Play(seat, "backdoor", "1t")):
                if not GAME.is_legal(state, bad):
                    try:
                        GAME.apply(state, bad)
                    except IllegalAction:
                        pass
                    assert digest(GAME, state) == before
        match.play(rng.choice(match.legal_actions(actor)))


@pytest.mark.soak
@settings(max_examples=soak_size(10, 150), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_check_accepts_exactly_the_listed_actions(seed, players):
    """``check`` tests Enter, Stop and Play without listing every action (the
    bots check each candidate they try): it must agree with the list for
    every Node, Root and Edge, and every Exploit against every target."""
    from netarcade.games.breach.cards import EXPLOITS, POS_BY_NAME

    names = sorted(POS_BY_NAME) + ["root", "edge", "nowhere"]
    targets = [None, "p1", "p2", "p3", "p5", "1", "14", "15"] + names
    rng = Rng(seed)
    match = Match(GAME, {"players": players, "rounds": 12}, seed, undo=False, actor=RandomActor(rng))
    compared = 0
    for seat in turns(match, 400):
        state = match.state
        listed = match.legal_actions(seat)
        tries = [Enter(seat, name) for name in names] + [Stop(seat)]
        if state.phase == "exploits":
            tries += [Play(seat, card.id, target) for card in EXPLOITS for target in targets]
        for action in tries:
            assert GAME.is_legal(state, action) == (action in listed), (action, state.phase)
            compared += 1
        moves = [a for a in listed if isinstance(a, (Enter, Play))]
        match.play(rng.choice(moves) if moves and rng.below(4) else rng.choice(listed))
    assert compared > 0
