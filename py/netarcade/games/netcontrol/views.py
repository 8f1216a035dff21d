"""What a Net Control seat may see, the full state as data, and determinization.

What it is for: ``view`` (a seat's own hand and cards, counts of everyone
else's; every hand for the all-open local table), ``canonical`` (everything,
hidden parts included, for digests) and ``determinize`` (a full state a seat
cannot tell from the real one, for search bots).

What it is not: the only place hidden information is removed, but not the
view envelope (``core`` wraps ``view`` in it) and not drawing (``render.py``).
The deck order and the PRNG state are never in a view.
"""

from __future__ import annotations

from typing import Any

from ...core.prng import Rng
from .legal import to_act
from .scoring import exchange_rate, fortifications, hand_limit, hand_size, protection, xp
from .state import CARDS, NCState


def view(state: NCState, seat: int | None, open_hands: bool = False) -> dict[str, Any]:
    """What ``seat`` may see: its own hand and cards, counts of everyone
    else's. ``open_hands`` (the local all-open game) shows every hand. The
    deck order and the PRNG state are never in a view."""
    players = []
    for s in range(state.n):
        visible = open_hands or s == seat
        players.append({
            "seat": s,
            "xp": xp(state, s),
            "hand_size": hand_size(state, s),
            "hand": list(state.hands[s]) if visible else None,
            "hand_limit": hand_limit(state, s),
            "card_count": sum(state.cards[s]),
            "cards": {CARDS[k]: state.cards[s][k] for k in range(6)} if visible else None,
            "fresh": {CARDS[k]: state.fresh[s][k] for k in range(6)} if visible else None,
            "fresh_count": sum(state.fresh[s]),
            "xp_cards": state.xp_cards[s],
            "network": state.lengths[s],
            "fortifications": fortifications(state, s),
            "rates": [exchange_rate(state, s, r) for r in range(5)],
        })
    board = state.board
    return {
        "seat": seat,
        "open": open_hands,
        "options": dict(state.options),
        "phase": state.phase,
        "current": state.current,
        "to_act": sorted(to_act(state)),
        "setup_step": state.setup_step,
        "last_node": state.last_node,
        "board": {
            "radius": board.radius,
            "terrain": list(board.terrain),
            "numbers": list(board.numbers),
            "exchanges": [[e, r] for e, r in board.exchanges],
            "infected": sorted(state.infected),
        },
        "buildings": [
            {"vertex": v, "owner": state.owner[v], "level": state.level[v], "forts": state.forts[v],
             "protection": protection(state, v)}
            for v in sorted(state.owner)
        ],
        "links": [[e, who] for e, who in sorted(state.links.items())],
        "dice": list(state.dice) if state.dice else None,
        "threat": state.threat,
        "owed": {str(s): k for s, k in sorted(state.owed.items())},
        "players": players,
        "longest": state.longest,
        "fortified": state.fortified,
        "deck_size": len(state.deck),
        "discard": [CARDS[k] for k in state.discard],
        "removed_xp": state.removed_xp,
        "played_card": state.played_card,
        "winner": state.winner,
        "out": sorted(state.out),
        "history": [list(t) for t in state.history],
    }


def canonical(state: NCState) -> dict[str, Any]:
    """The full state as plain data, hidden parts included (for digests)."""
    # Digests of games under the first rules edition stay what they were
    # before the edition was an option (kept links promise that).
    options = {k: v for k, v in state.options.items() if not (k == "rules" and v == 1)}
    extra = {"out": sorted(state.out)} if state.out else {}
    return {
        **extra,
        "options": options, "seed": state.seed, "rng": list(state.rng.state),
        "phase": state.phase, "setup_step": state.setup_step, "last_node": state.last_node,
        "current": state.current, "turn": state.turn, "hands": state.hands, "cards": state.cards,
        "fresh": state.fresh, "played_card": state.played_card, "xp_cards": state.xp_cards,
        "deck": state.deck, "discard": state.discard, "removed_xp": state.removed_xp,
        "buildings": sorted([v, state.owner[v], state.level[v], state.forts[v]] for v in state.owner),
        "links": sorted([e, who] for e, who in state.links.items()),
        "infected": sorted(state.infected), "threat": state.threat,
        "dice": list(state.dice) if state.dice else None,
        "owed": sorted([s, k] for s, k in state.owed.items()),
        "longest": state.longest, "fortified": state.fortified, "winner": state.winner,
        "history": state.history,
    }


def determinize(state: NCState, seat: int, rng: Rng) -> NCState:
    """A full state that ``seat`` cannot tell from the real one: every part it
    cannot see is replaced by a sample drawn with ``rng`` from what it can
    see (rivals' hand sizes, card counts, the public discard pile). The result
    depends on hidden information only through those public counts."""
    sample = state.copy()
    for s in range(state.n):
        if s == seat:
            continue
        size = hand_size(state, s)
        hand = [0] * 5
        for _ in range(size):
            hand[rng.below(5)] += 1
        sample.hands[s] = hand
    # Cards nobody but their holder has seen: the deck and rivals' hands.
    pool = list(state.deck)
    for s in range(state.n):
        if s != seat:
            for kind in range(6):
                pool.extend([kind] * state.cards[s][kind])
    pool.sort()
    rng.shuffle(pool)
    for s in range(state.n):
        if s == seat:
            continue
        count, fresh = sum(state.cards[s]), sum(state.fresh[s])
        dealt, pool = pool[:count], pool[count:]
        sample.cards[s] = [dealt.count(kind) for kind in range(6)]
        sample.fresh[s] = [0] * 6
        for kind in dealt[:fresh]:
            sample.fresh[s][kind] += 1
    sample.deck = pool
    sample.rng = Rng(rng.next_u64())
    return sample
