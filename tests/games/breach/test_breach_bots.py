"""Breach's search bot settings (``games/breach/evaluation.py`` BOT_SETTINGS) on
the game-agnostic search bot: a playout with ``playout_turns=0`` stops when
the turn in progress ends (a planner for the rest of the bot's turn), and
``anchor`` keeps the one-ply best unless another action's playouts are
clearly better (so a huge anchor plays exactly the greedy ranking's top)."""

from __future__ import annotations

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.bots.greedy import rank_actions
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng

from support.playing import turns
from support.breach_helpers import GAME


def positions(players: int, seed: int, count: int):
    """Positions of a seeded greedy game where the seat to act has a choice."""
    match = Match(GAME, {"players": players}, seed, undo=False, actor=RandomActor(Rng(seed)))
    bots = [make_bot("greedy", 100 + seat, GAME) for seat in range(players)]
    found = []
    for seat in turns(match):
        if len(found) == count:
            break
        if len(match.legal_actions(seat)) > 2:
            found.append((GAME.copy(match.state), seat))
        match.play(bots[seat].choose(GAME, match.state, seat))
    return found


def test_a_turn_planner_playout_stops_when_the_turn_ends():
    bot = make_bot("search", 7, GAME, playout_turns=0)
    checked = 0
    for state, seat in positions(3, 11, 12):
        turn = GAME.turn_count(state)
        short = GAME.copy(state)
        finish(bot.playout(GAME, short, seat))
        if not GAME.is_over(short):
            # the next infiltrator's turn has begun and nothing of it is played
            assert GAME.turn_count(short) == turn + 1 and short.phase == "modify", (turn, short.phase)
            checked += 1
    assert checked >= 10


def test_a_huge_anchor_plays_the_one_ply_best():
    """The one-ply ranking is the bot's own, on the world it samples first
    (an Exploit's outcome can read the hidden deck), so it is made here from
    the same seed. No halving here: halving may drop the one-ply best before
    the anchor is asked (Breach halves after 2 rounds)."""
    differ = 0
    for state, seat in positions(4, 5, 15):
        world = GAME.determinize(state, seat, Rng(3))
        best = rank_actions(GAME, world, seat)[0][2]
        assert make_bot("search", 3, GAME, anchor=1e9, halving_rounds=0).choose(GAME, state, seat) == best
        differ += make_bot("search", 3, GAME, anchor=0.0, halving_rounds=0).choose(GAME, state, seat) != best
    assert differ > 0  # without the anchor the playouts do overrule the one-ply choice somewhere
