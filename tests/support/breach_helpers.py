"""Positions for Breach's rule tests (no tests here): a fresh game, then cards, hands and
infiltrators arranged by hand, keeping every card in exactly one place; ``where_cards_are``
counts the cards wherever they are (the invariants' check of that place)."""

from __future__ import annotations

from collections import Counter

import pytest

from netarcade.core import IllegalAction
from netarcade.games.breach import BREACH as GAME
from netarcade.games.breach.actions import parse_action
from netarcade.games.breach.cards import POS_BY_NAME, ROOT, EDGE
from netarcade.games.breach.state import MOVE

__all__ = ["GAME", "fresh", "place", "give", "at", "act", "to_move", "POS_BY_NAME", "ROOT", "EDGE", "refused",
           "where_cards_are"]


def fresh(players: int = 3, seed: int = 1, **options):
    """A new game with P1 (seat 0) to act in Modify."""
    state = GAME.new_game({"players": players, **options}, seed)
    if state.current != 0:
        state.turn -= 1
        from netarcade.games.breach.rules import start_turn
        start_turn(state, 0)
    return state


def place(state, **cards):
    """Put Node cards at positions: ``place(s, p1t="M11")`` (swaps keep the deal a permutation)."""
    for name, card in cards.items():
        pos = POS_BY_NAME[name[1:]]
        other = state.network.index(card)
        state.network[pos], state.network[other] = state.network[other], state.network[pos]
    return state


def give(state, seat, cards):
    """Make ``seat``'s Exploits exactly ``cards`` (taken from / returned to the deck)."""
    state.deck.extend(state.hands[seat])
    state.hands[seat] = []
    for card in cards:
        state.deck.remove(card)
        state.hands[seat].append(card)
    return state


def at(state, seat, where):
    state.at[seat] = {"edge": EDGE, "root": ROOT}.get(where, POS_BY_NAME.get(where))
    return state


def act(state, *texts):
    """Apply actions by notation; returns the events of the last."""
    events = []
    for text in texts:
        events = GAME.apply(state, parse_action(text))
    return events


def to_move(state, bw, seat=0):
    """Skip to ``seat``'s Move with ``bw`` Bandwidth (no Exploits played)."""
    state.current = seat
    state.phase = MOVE
    state.bw = bw
    state.dice = [min(bw, 6)]
    state.entered, state.moved = [], False
    return state


def refused(state, text, code):
    """Apply ``text``: it must be refused with ``code`` and change nothing. The refusal."""
    before = GAME.canonical(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, parse_action(text))
    assert caught.value.code == code, caught.value
    assert GAME.canonical(state) == before
    return caught.value


def where_cards_are(state) -> Counter:
    cards = Counter(state.deck) + Counter(state.discard) + Counter(state.removed)
    for hand in state.hands:
        cards += Counter(hand)
    cards += Counter(card for card, _, _ in state.reminders)
    if state.window is not None:
        cards[state.window["card"]] += 1
    return cards

