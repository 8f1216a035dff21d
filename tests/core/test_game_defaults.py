"""The game contract's defaults (issue 41, item 5): a game declares only what
differs. Its methods come from the modules it names (``Game.modules``) or
from ``Game``'s defaults, never from one-line methods forwarding to a
function of the same name; ``rank_steps`` and ``chance_worlds`` are part of
the contract, read directly."""

from __future__ import annotations

import inspect

import pytest

from netarcade.bots.base import finish
from netarcade.core.game import Game
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import all_games, get_game
from support.game_contract import forwarders
from support.playing import turns


def test_the_forwarder_finder_finds_one():
    class Forwarding(Game):
        def winners(self, state):
            """Who won."""
            return len(state)

        def scores(self, state):
            return sorted(state)  # another function: not a forwarder

    assert forwarders(Forwarding) == []

    class Written(Game):
        def winners(self, state):
            """Who won."""
            return rules.winners(state)  # noqa: F821 (never run)

        def scores(self, state):
            return sorted(state)

    assert forwarders(Written) == ["winners"]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_no_game_writes_a_method_that_only_forwards(game):
    assert forwarders(type(game)) == []


def test_a_method_taken_from_a_module_is_that_function():
    """No forwarding call at play time: the game's method is the rules' function."""
    from netarcade.games.backbone import rules

    assert type(get_game("backbone")).legal_actions is rules.legal_actions
    assert get_game("backbone").legal_actions is rules.legal_actions


def test_rank_steps_and_chance_worlds_are_declared_on_game():
    assert "rank_steps" in vars(Game) and "chance_worlds" in vars(Game)
    import netarcade.bots.greedy as greedy
    import netarcade.bots.mcts as mcts

    for module in (greedy, mcts):
        assert "getattr(game" not in inspect.getsource(module)


def test_the_default_ranking_applies_each_action_on_a_copy():
    game = get_game("backbone")
    state = Match(game, {}, 7).state
    actions = game.legal_actions(state, 0)
    expected = []
    for index, action in enumerate(actions):
        trial = game.copy(state)
        game.apply(trial, action)
        expected.append((game.evaluate(trial, 0), index, action))
    expected.sort(key=lambda item: (-item[0], item[1]))
    assert finish(Game.rank_steps(game, state, 0)) == expected  # the default, which Backbone overrides


def test_the_default_chance_worlds_determinize_without_end():
    game = get_game("breach")
    state = Match(game, {"players": 3}, 4).state
    worlds = game.chance_worlds(state, 1, Rng(9))
    drawn = [game.canonical(next(worlds)) for _ in range(3)]
    rng = Rng(9)
    assert drawn == [game.canonical(game.determinize(state, 1, rng)) for _ in range(3)]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_an_actions_repr_is_its_notation(game):
    """Every legal action of a random game's first 60 moves, and resigning:
    ``repr`` is ``format_action``, which ``parse_action`` reads back."""
    match = Match(game, {}, 11, undo=False)
    rng = Rng(3)
    checked = 0
    for seat in turns(match, limit=60):
        actions = game.legal_actions(match.state, seat) + [game.parse_action(f"p{seat + 1} resign")]
        for action in actions:
            text = repr(action)
            assert text == game.format_action(action) and game.parse_action(text) == action
        checked += len(actions)
        match.play(rng.choice(actions[:-1]))
    assert checked > 60


def test_a_look_alike_action_shows_its_fields():
    from netarcade.games.backbone.actions import Hack

    assert repr(Hack(True, (3, 3))) == "Hack(seat=True, hex=(3, 3))"
    assert repr(Hack(1, (3.0, 3))) == "Hack(seat=1, hex=(3.0, 3))"
    assert repr(Hack(1, (30, 3))) == "Hack(seat=1, hex=(30, 3))"  # off the map: no notation


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_a_page_declares_its_parts_instead_of_importing_them(game_id):
    """A game's page names where its table, board, panels... are
    (``GamePage.parts``) and reads them with ``part``/``module``: none of
    its methods imports a module of its own folder."""
    from netarcade.web.pages import page_for

    page = page_for(game_id)
    source = inspect.getsource(type(page))
    assert "from ." not in source and f"web.games.{game_id}" not in source
    assert page.part("table").__module__ == f"{type(page).__module__}.table"
    assert page.part("lesson").game == game_id and page.part("glance").game == game_id
