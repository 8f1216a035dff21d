"""D17: what a Breach seat may see, on positions from random games.

No view or event handed to a seat names an Exploit card it cannot see: for
every seat, the cards named anywhere in its view and its events are at most
what it may know (its own hand, the public discard pile, reminders, the
card in a block window, cards spent in public). Views do not change when
only hidden things change (rivals' hand composition, deck order, removed
cards, the PRNG), and do change when the seat's own hand does.
"""

from __future__ import annotations

from collections import Counter

import msgpack

from support.playing import turns
from support.breach_helpers import GAME
from netarcade.core import Match
from netarcade.core.actors import RandomActor
from netarcade.core.prng import Rng
from netarcade.games.breach.cards import EXPLOIT

CARD_KEYS = {"exploits", "cards", "card", "discard"}


def named_cards(data, out=None) -> Counter:
    """Every Exploit name appearing as a value anywhere in ``data``."""
    out = Counter() if out is None else out
    if isinstance(data, dict):
        for value in data.values():
            named_cards(value, out)
    elif isinstance(data, (list, tuple)):
        for value in data:
            named_cards(value, out)
    elif isinstance(data, str) and data in EXPLOIT:
        out[data] += 1
    return out


def may_know(state, seat) -> Counter:
    """Cards the seat can see right now: its hand, the discard pile, the reminders, a card in play."""
    known = Counter(state.hands[seat]) + Counter(state.discard)
    known += Counter(card for card, _, _ in state.reminders)
    if state.window is not None:
        known[state.window["card"]] += 1
    return known


def test_no_view_or_event_names_a_card_the_seat_cannot_see():
    for seed in range(6):
        players = 2 + seed % 4
        rng = Rng(seed)
        match = Match(GAME, {"players": players, "rounds": 8}, seed, undo=False, actor=RandomActor(rng))
        for seat_to_play in turns(match, 400):
            before = GAME.copy(match.state)
            version = match.version
            match.play(rng.choice(match.legal_actions(seat_to_play)))
            for seat in range(players):
                view = match.view(seat)
                named = named_cards(view)
                allowed = may_know(match.state, seat)
                assert not named - allowed, (seed, seat, named - allowed)
                for event in match.events_since(version, seat):
                    cards = named_cards(event)
                    # an event may name cards the seat held or saw before or after the action
                    assert not cards - (allowed | may_know(before, seat)), (event, seat)


def test_views_ignore_hidden_changes_and_follow_the_seats_own_hand():
    rng = Rng(3)
    match = Match(GAME, {"players": 4}, 3, undo=False, actor=RandomActor(rng))
    for seat_to_play in turns(match, 200):
        match.play(rng.choice(match.legal_actions(seat_to_play)))
        state = match.state
        for seat in range(4):
            view = msgpack.packb(GAME.view(state, seat))
            other = GAME.determinize(state, seat, Rng(99))
            other.deck.reverse()
            assert msgpack.packb(GAME.view(other, seat)) == view
            if state.hands[seat]:
                changed = GAME.copy(state)
                card = changed.hands[seat][0]
                swap = next((c for c in EXPLOIT if c != card), None)
                changed.hands[seat][0] = swap
                assert msgpack.packb(GAME.view(changed, seat)) != view
        spectator = GAME.view(state, None)
        assert all(s["exploits"] is None for s in spectator["seats"])
        table = GAME.view(state, "table")
        assert [sorted(s["exploits"]) for s in table["seats"]] == [sorted(h) for h in state.hands]
        assert "deck" not in table and "rng" not in table and "removed" not in table


def test_draw_events_name_cards_to_the_drawer_only():
    match = Match(GAME, {"players": 3}, 1, undo=False)
    setup = match.events_since(-1, 0)
    dealt = [e for e in setup if e["kind"] == "dealt"]
    assert len(dealt) == 1 and dealt[0]["seat"] == 0 and dealt[0]["to"] == [0]
    assert all("cards" not in e for e in match.events_since(-1, None))
