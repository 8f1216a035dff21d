"""N31: what a seat may see, checked on positions from random games.

For 2..6 players, at many positions of random games: ``view(state, A)``
serialised with msgpack must not change when anything A may not see changes
(seat B's resource composition or cards with the same counts, the deck order,
the PRNG state), and must change when A's own hand does. ``open_view`` shows
every hand but not the deck order or the PRNG. Events that carry a drawn card
are visible to the drawer only.
"""

from __future__ import annotations

import msgpack
import pytest

from netarcade.core.game import TABLE
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match

from support.netcontrol_positions import GAME
from support.playing import play, turns
from netarcade.core.prng import Rng
from netarcade.games.netcontrol import rules

# verbs the random player prefers, so that hands fill and cards get drawn
WEIGHTS = {"draw": 8, "trade": 1, "end": 2, "link": 3, "node": 4, "super": 4, "fortify": 2}
CARD_VERBS = {"hack", "virus", "xp", "linkbuild", "resource", "monopoly"}


def choose(rng: Rng, actions):
    by_verb = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    pool = [v for v in sorted(by_verb) for _ in range(WEIGHTS.get(v, 3 if v in CARD_VERBS else 1))]
    return rng.choice(by_verb[rng.choice(pool)])


def packed(view) -> bytes:
    return msgpack.packb(view, use_bin_type=True)


def keys_of(data, out=None):
    out = set() if out is None else out
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            keys_of(v, out)
    elif isinstance(data, (list, tuple)):
        for v in data:
            keys_of(v, out)
    return out


def views(state):
    return {seat: packed(GAME.view(state, seat)) for seat in [None, *range(state.n)]}


# --- changes a seat may not see -------------------------------------------------


def reshuffle_hand(hand):
    """The same count, another composition (None when there is nothing to move)."""
    for i in range(5):
        if hand[i]:
            out = list(hand)
            out[i] -= 1
            out[(i + 1) % 5] += 1
            return out
    return None


def reshuffle_cards(cards, fresh):
    """Same card count and fresh count, another composition."""
    for k in range(6):
        if cards[k] - fresh[k] > 0:  # an old card changes kind
            out = list(cards)
            out[k] -= 1
            out[(k + 1) % 6] += 1
            return out, list(fresh)
    for k in range(6):
        if fresh[k]:  # a fresh card changes kind
            out, new_fresh = list(cards), list(fresh)
            out[k] -= 1
            new_fresh[k] -= 1
            out[(k + 1) % 6] += 1
            new_fresh[(k + 1) % 6] += 1
            return out, new_fresh
    return None


def check_position(state, stats):
    base_views = views(state)
    base_open = packed(GAME.view(state, TABLE))
    n = state.n
    for seat in [None, *range(n)]:
        data = GAME.view(state, seat)
        assert not {"deck", "rng", "seed"} & keys_of(data)
        assert data["deck_size"] == len(state.deck)
        for s, p in enumerate(data["players"]):
            assert p["hand_size"] == sum(state.hands[s]) and p["card_count"] == sum(state.cards[s])
            if s == seat:
                assert p["hand"] == state.hands[s]
                assert [p["cards"][k] for k in rules.CARDS] == state.cards[s]
            else:
                assert p["hand"] is None and p["cards"] is None and p["fresh"] is None
    # a rival's resource composition and cards
    for b in range(n):
        new_hand = reshuffle_hand(state.hands[b])
        if new_hand is not None:
            other = state.copy()
            other.hands[b] = new_hand
            after = views(other)
            for seat, data in after.items():
                if seat == b:
                    assert data != base_views[seat]  # b sees its own hand
                else:
                    assert data == base_views[seat], (seat, b)
            assert packed(GAME.view(other, TABLE)) != base_open
            stats["hands"] += 1
        new_cards = reshuffle_cards(state.cards[b], state.fresh[b])
        if new_cards is not None:
            other = state.copy()
            other.cards[b], other.fresh[b] = new_cards
            after = views(other)
            for seat, data in after.items():
                if seat == b:
                    assert data != base_views[seat]
                else:
                    assert data == base_views[seat], (seat, b)
            assert packed(GAME.view(other, TABLE)) != base_open
            stats["cards"] += 1
    # the deck order
    if len(set(state.deck)) > 1:
        other = state.copy()
        other.deck = other.deck[1:] + other.deck[:1]
        if other.deck != state.deck:
            assert views(other) == base_views
            assert packed(GAME.view(other, TABLE)) == base_open
            stats["deck"] += 1
    # the PRNG state
    other = state.copy()
    other.rng = Rng(12345)
    assert other.rng.state != state.rng.state
    assert views(other) == base_views
    assert packed(GAME.view(other, TABLE)) == base_open
    # what the public does see changes the views: a card count, a hand size
    other = state.copy()
    other.hands[0] = [h + (1 if i == 0 else 0) for i, h in enumerate(other.hands[0])]
    assert all(views(other)[seat] != base_views[seat] for seat in base_views)


def check_events(events, seat_acting):
    for e in events:
        if e.visible_to is not None:
            assert e.kind == "drew", e
            assert e.visible_to == frozenset({e.data["seat"]}) == frozenset({seat_acting})
            assert e.data["card"] in rules.CARDS
            for other in range(6):
                assert e.is_visible_to(other) == (other == seat_acting)
            assert not e.is_visible_to(None)
        else:
            assert e.kind != "drew"
            if e.kind == "draw":
                assert e.data == {"seat": seat_acting}
            if e.kind not in ("play",):
                assert "card" not in e.data, e  # only a played card is named in public
        msgpack.packb(e.to_data(), use_bin_type=True)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 77, 2**63 + 5])
def test_views_hide_rival_hands_deck_and_prng(players, seed):
    state = GAME.new_game({"players": players, "radius": 2, "target": 20}, seed)
    rng = Rng(seed ^ 0x5EED)
    stats = {"hands": 0, "cards": 0, "deck": 0, "positions": 0, "draws": 0}
    match = Match.around(GAME, state, RandomActor(rng))
    for step, seat in enumerate(turns(match, 900)):
        if step % 9 == 0:
            check_position(state, stats)
            stats["positions"] += 1
        action = choose(rng, GAME.legal_actions(state, seat))
        events = match.advance(action)
        check_events(events, seat)
        stats["draws"] += sum(1 for e in events if e.kind == "drew")
    check_position(state, stats)
    # the checks above did bite: rivals held hidden resources and cards
    assert stats["hands"] > 20 and stats["cards"] > 0 and stats["deck"] > 10 and stats["draws"] > 0, stats


def test_open_view_shows_every_hand_and_card():
    state = GAME.new_game({"players": 4}, 3)
    rng = Rng(3)
    play(Match.around(GAME, state, RandomActor(rng)), lambda seat: choose(rng, GAME.legal_actions(state, seat)),
         limit=400, cheap=True)
    opened = GAME.view(state, TABLE)
    assert opened["open"] is True
    for s, p in enumerate(opened["players"]):
        assert p["hand"] == state.hands[s]
        assert [p["cards"][k] for k in rules.CARDS] == state.cards[s]
        assert [p["fresh"][k] for k in rules.CARDS] == state.fresh[s]
    assert not {"deck", "rng", "seed"} & keys_of(opened)
    assert opened["deck_size"] == len(state.deck)


def test_a_spectator_sees_no_hand():
    state = GAME.new_game({"players": 3}, 8)
    rng = Rng(8)
    play(Match.around(GAME, state, RandomActor(rng)), lambda seat: choose(rng, GAME.legal_actions(state, seat)),
         limit=300, cheap=True)
    view = GAME.view(state, None)
    assert view["seat"] is None and view["open"] is False
    assert all(p["hand"] is None and p["cards"] is None and p["fresh"] is None for p in view["players"])
    assert [p["hand_size"] for p in view["players"]] == [sum(h) for h in state.hands]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_determinize_depends_only_on_what_the_seat_sees(players):
    """Bots search on ``determinize(state, seat, rng)``: what it returns must
    not depend on anything the seat cannot see, and keeps what it can."""
    from netarcade.core.record import canonical_bytes

    state = GAME.new_game({"players": players, "radius": 2, "target": 20}, players + 1)
    rng = Rng(players)
    checked = swaps = 0
    match = Match.around(GAME, state, RandomActor(rng))
    for step, seat in enumerate(turns(match, 600)):
        match.advance(choose(rng, GAME.legal_actions(state, seat)))
        if step % 25:
            continue
        for seat in range(players):
            base = canonical_bytes(GAME.canonical(GAME.determinize(state, seat, Rng(99))))
            sample = GAME.determinize(state, seat, Rng(99))
            assert sample.hands[seat] == state.hands[seat] and sample.cards[seat] == state.cards[seat]
            for s in range(players):
                assert sum(sample.hands[s]) == sum(state.hands[s])
                assert sum(sample.cards[s]) == sum(state.cards[s]) and sum(sample.fresh[s]) == sum(state.fresh[s])
            assert len(sample.deck) == len(state.deck) and sample.discard == state.discard
            others = [b for b in range(players) if b != seat]
            other = state.copy()
            other.rng = Rng(4242)
            if len(set(other.deck)) > 1:
                other.deck = other.deck[1:] + other.deck[:1]
            for b in others:
                moved = reshuffle_hand(other.hands[b])
                if moved is not None:
                    other.hands[b] = moved
            after = canonical_bytes(GAME.canonical(GAME.determinize(other, seat, Rng(99))))
            # a rival's old card and a deck card of another kind swap places
            for b in others:
                k = next((k for k in range(6) if other.cards[b][k] - other.fresh[b][k] > 0), None)
                spot = next((i for i, kind in enumerate(other.deck) if kind != k), None)
                if k is not None and spot is not None:
                    other.cards[b][k] -= 1
                    other.cards[b][other.deck[spot]] += 1
                    other.deck[spot] = k
                    swaps += 1
                    break
            swapped = canonical_bytes(GAME.canonical(GAME.determinize(other, seat, Rng(99))))
            assert after == base
            assert swapped == base
            checked += 1
    assert checked > 20 and swaps >= 3, (checked, swaps)
