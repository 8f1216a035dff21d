"""Positions of scripted Net Control games, for the bot and ranking tests.

``scripted`` picks an action by verb, favouring drawing and building so that
hands fill up and special cards get drawn; ``positions`` plays one seeded
scripted game and keeps every ``every``-th decision with more than one
action (and every discard), rivals holding cards: the positions the bots'
hidden-information tests (tests/games/netcontrol/test_netcontrol_bots.py) and
the game's own ranking (test_netcontrol_ranking.py) are checked at.
"""

from __future__ import annotations

from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game

from support.playing import turns

GAME = get_game("netcontrol")

# verbs a scripted player prefers, so that hands fill up and cards get drawn
PREFER = {"draw": 8, "node": 5, "super": 5, "link": 3, "fortify": 2, "end": 2, "trade": 1}


def scripted(rng: Rng, actions):
    by_verb = {}
    for action in actions:
        by_verb.setdefault(action.verb, []).append(action)
    pool = [verb for verb in sorted(by_verb) for _ in range(PREFER.get(verb, 3))]
    return rng.choice(by_verb[rng.choice(pool)])


def positions(players: int, seed: int, every: int = 9, limit: int = 12):
    """(state, seat) pairs from one scripted game, with rivals holding cards."""
    rng = Rng(seed)
    # the seat drawn among those in a discard window, not the lowest
    match = Match(GAME, {"players": players}, seed, history=False, actor=RandomActor(rng))
    out = []
    for step, seat in enumerate(turns(match, 3000)):
        if len(out) == limit:
            break
        actions = match.legal_actions(seat)
        if len(actions) > 1 and (step % every == 0 or match.state.phase == "discard"):
            out.append((match.state.copy(), seat))
        match.play(scripted(rng, actions))
    return out
