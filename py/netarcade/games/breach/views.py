"""What a Breach seat may see, and determinization.

What it is for: ``body`` (D17: a seat sees its own Exploits; of everyone
else the hand count, Exposure, Payload, position and route markers; every
reminder, the network, the discard pile face up; the all-open ``TABLE``
sees every hand) and ``determinize`` (a full state a seat cannot tell from
the real one). The deck order, the 2-player removed cards and the PRNG are
never in a view.
"""

from __future__ import annotations

from typing import Any

from ...core.game import TABLE
from ...core.prng import Rng
from .cards import EXPLOIT, EXPOSURE_SUPPLY, NODE, PAYLOAD_SUPPLY, pos_name
from .legal import ahead_of, to_act
from .state import DONE, NEVER, BreachState

_BOX = {card: i for i, card in enumerate(EXPLOIT)}


def _sorted(cards) -> list[str]:
    return sorted(cards, key=lambda card: (_BOX[card], card))


def _node(state: BreachState, pos: int) -> dict[str, Any]:
    node = NODE[state.network[pos]]
    return {"at": pos_name(pos), "id": node.id, "name": node.name, "net": node.net, "cost": node.cost,
            "dead_drop": node.dead_drop, "enter": dict(node.enter), "stop": dict(node.stop), "exit": dict(node.exit)}


def body(state: BreachState, observer) -> dict[str, Any]:
    seats = []
    for s in range(state.n):
        visible = observer == TABLE or observer == s
        route = state.route[s]
        seats.append({
            "seat": s,
            "at": pos_name(state.at[s]),
            "layer": state.layer(s),
            "payload": state.payload[s],
            "exposure": state.exposure[s],
            "exploit_count": len(state.hands[s]),
            "hand_size": state.hand_size(s),
            "exploits": _sorted(state.hands[s]) if visible else None,
            "markers": [pos_name(p) for p in route if p >= 0],
            "complete": [i + 1 for i, p in enumerate(route) if p == DONE],
            "entered_layers": [i + 1 for i, p in enumerate(route) if p != NEVER],
            "progress": state.progress(s),
            "slow": state.slow[s],
            "crashes": state.crashes[s],
            "resigned": s in state.resigned,
        })
    window = state.window
    mover = state.current
    exposure_total = sum(state.exposure)
    return {
        "options": dict(state.options),
        "players": state.n,
        "first": state.first,
        "current": None if state.phase == "over" else mover,
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "network": [_node(state, pos) for pos in range(len(state.network))],
        "seats": seats,
        "ahead": ahead_of(state, mover) if state.phase != "over" else [],
        "deck_count": len(state.deck),
        "discard": _sorted(state.discard),
        "removed_count": len(state.removed),
        "exposure_supply": max(0, EXPOSURE_SUPPLY - exposure_total),
        "exposure_tally": max(0, exposure_total - EXPOSURE_SUPPLY),
        "payload_supply": PAYLOAD_SUPPLY - sum(state.payload),
        "reminders": [{"card": card, "seat": holder, "age": age} for card, holder, age in state.reminders],
        "move": {"played": dict(sorted(state.played.items())), "speed": state.speed, "dice": list(state.dice),
                 "bw": state.bw, "rerolled": state.rerolled, "entered": [pos_name(p) for p in state.entered],
                 "moved": state.moved, "root_exit": state.root_exit},
        "window": None if window is None else {
            "card": window["card"], "target": window["target"], "player": window["player"],
            "queue": list(window["queue"]), "blocker": window["blocker"], "answer": window["answer"]},
        "choices": [pos_name(p) for p in state.choices],
        "responding": sorted(to_act(state)),
        "resigned": list(state.resigned),
        "history": [list(row) for row in state.history],
    }


def determinize(state: BreachState, seat: int, rng: Rng) -> BreachState:
    """What ``seat`` cannot see (rivals' Exploits, the deck order, the
    removed cards, the dice to come) resampled: the unseen cards pooled,
    shuffled and dealt back by the public counts."""
    world = state.copy()
    pool = list(state.deck) + list(state.removed)
    for s in range(state.n):
        if s != seat:
            pool.extend(state.hands[s])
    pool.sort()
    rng.shuffle(pool)
    for s in range(state.n):
        if s != seat:
            count = len(state.hands[s])
            world.hands[s], pool = pool[:count], pool[count:]
    count = len(state.removed)
    world.removed, world.deck = sorted(pool[:count]), pool[count:]
    world.rng = Rng(rng.next_u64())
    return world
