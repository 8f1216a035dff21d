"""``Game.pick_legal`` draws exactly what ``rng.choice(legal_actions)`` draws.

Random play (the random bot, ``python -m netarcade bench``) picks through
``pick_legal``; a game may override it to build only the action drawn
(Backbone, Overwrite). Every seeded game must replay the same either way: on random
positions of every game, both ways give the same action and leave the
generator in the same state, and a seat with nothing to do raises
``IndexError`` both ways without drawing.
"""

from __future__ import annotations

import pytest

from netarcade.core import Match, RandomActor
from netarcade.core.errors import IllegalAction
from netarcade.core.game import Game
from netarcade.core.prng import Rng
from netarcade.games import all_games
from support.playing import turns

GAMES = all_games()
#: positions checked per game and option set (every seat at each), one
#: every ``EVERY`` actions of random games, so late positions come too
POSITIONS = 120
EVERY = 7


def option_sets(game):
    yield {}
    if game.bench_options:
        yield dict(game.bench_options)
    if game.id == "backbone":
        yield {"map": "seeded", "target": 20}
    if game.id == "overwrite":  # a wider board, and the older editions' rules
        yield {"players": 5, "rules": 2}
        yield {"players": 3, "rules": 1}


def positions(game, options, seed):
    """Matches reached by random play (picked the listing way), one every
    ``EVERY`` actions and the last position of each game."""
    reached = 0
    while True:
        rng = Rng(seed)
        match = Match(game, options, seed, history=False, actor=RandomActor(rng))
        for seat in turns(match):
            if match.version % EVERY == 0:
                yield match
                reached += 1
                if reached == POSITIONS:
                    return
            match.advance(rng.choice(match.legal_actions(seat)))
        yield match  # the last position
        reached += 1
        if reached == POSITIONS:
            return
        seed += 1000


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_pick_legal_draws_what_choice_of_the_list_draws(game):
    for options in option_sets(game):
        for match in positions(game, options, seed=11):
            for seat in range(game.players(match.state)):
                draw = Rng(match.version * 7 + seat)
                listed, picked = draw.copy(), draw.copy()
                legal = game.legal_actions(match.state, seat)
                if not legal:
                    with pytest.raises(IndexError):
                        game.pick_legal(match.state, seat, picked)
                    assert picked == draw  # nothing drawn
                    continue
                assert game.pick_legal(match.state, seat, picked) == listed.choice(legal)
                assert picked == listed


#: the games that override ``pick_legal``, with the option sets their whole games are played in
OVERRIDES = {
    "backbone": ({},),
    "overwrite": ({}, {"players": 4}, {"players": 6, "rules": 2}, {"rules": 1, "fail": "printed"}),
}


@pytest.mark.parametrize("game_id", sorted(OVERRIDES))
def test_pick_legal_over_whole_games_replays_the_listing_way(game_id):
    """Every action of seeded random games, picked both ways, through
    ``advance`` (the override's pick is checked and played at once)."""
    game = next(g for g in GAMES if g.id == game_id)
    assert type(game).pick_legal is not Game.pick_legal  # the override is what is tested
    for options in OVERRIDES[game_id]:
        for seed in (1, 2, 3):
            played = []
            for pick in (lambda s, seat, rng: rng.choice(game.legal_actions(s, seat)), game.pick_legal):
                match, rng = Match(game, options, seed, history=False), Rng(seed)
                actions = []
                for seat in turns(match):
                    actions.append(pick(match.state, seat, rng))
                    match.advance(actions[-1])
                played.append((actions, match.digest()))
            assert played[0] == played[1]


def test_an_overwrite_pick_is_checked_again_once_the_position_changed():
    """``check`` takes the action just drawn at once only for the position
    it was drawn in: after another action it is judged again."""
    game = next(g for g in GAMES if g.id == "overwrite")
    match = Match(game, {}, 5, history=False)
    state = match.state
    seat = match.next_actor()
    picked = game.pick_legal(state, seat, Rng(1))
    game.check(state, picked)
    other = next(a for a in game.legal_actions(state, seat) if a != picked)
    match.advance(other)
    assert state.current != seat and state.offered is None
    with pytest.raises(IllegalAction, match="turn"):
        game.check(state, picked)
