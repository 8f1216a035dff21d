"""The conformance test every registered game must pass (OpenSpiel style)."""

import msgpack
import pytest

from netarcade.core import IllegalAction, digest

from netarcade.games import all_games
from netarcade.core.prng import Rng

GAMES = all_games()


def _random_playout(game, seed, check_every_action):
    state = game.new_game({}, seed)
    rng = Rng(seed)
    steps = 0
    while not game.is_over(state):
        to_act = game.to_act(state)
        assert to_act, "a running game always has someone to act"
        seat = min(to_act)
        actions = game.legal_actions(state, seat)
        assert actions, "a seat to act always has a legal action"
        if check_every_action:
            assert len(set(actions)) == len(actions), "legal actions are distinct"
            for action in actions:
                text = game.format_action(action)
                assert game.parse_action(text) == action, text
        game.apply(state, rng.choice(actions))
        steps += 1
        assert steps < 50_000, "random playouts end"
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_playouts_end_and_notation_round_trips(game):
    for seed in range(2):
        state = _random_playout(game, seed, check_every_action=True)
        assert game.winners(state), "a finished game names its winners"
        assert not game.to_act(state)
        assert game.legal_actions(state, 0) == []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_are_plain_msgpack_data(game):
    state = game.new_game({}, 3)
    rng = Rng(3)
    for _ in range(60):
        if game.is_over(state):
            break
        for seat in [None, *range(game.validate_options({})["players"])]:
            view = game.view(state, seat)
            assert msgpack.unpackb(msgpack.packb(view), raw=False) is not None
        seat = min(game.to_act(state))
        game.apply(state, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_out_of_turn_action_is_rejected_and_changes_nothing(game):
    state = game.new_game({}, 4)
    players = game.validate_options({})["players"]
    acting = game.to_act(state)
    idle = next(s for s in range(players) if s not in acting)
    # Take a legal action of the seat to act and claim it for an idle seat.
    action = game.legal_actions(state, min(acting))[0]
    stolen = game.parse_action(game.format_action(action).replace(f"p{min(acting) + 1} ", f"p{idle + 1} ", 1))
    before = digest(game, state)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, stolen)
    assert caught.value.code == "not-your-turn"
    assert digest(game, state) == before


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_copy_is_independent(game):
    state = game.new_game({}, 5)
    twin = game.copy(state)
    seat = min(game.to_act(state))
    game.apply(twin, game.legal_actions(twin, seat)[0])
    assert digest(game, state) != digest(game, twin)
    assert digest(game, state) == digest(game, game.new_game({}, 5))
