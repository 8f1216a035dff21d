"""docs/engine.md's worked example as a real game: a new game is its two
folders plus one registration line. The fixture package ``tinyarcade``
(tests/tinyarcade/) holds Take-away's rules (``games/takeaway/``) and its
page (``web/games/takeaway/``); the line below declares it, and it runs
through the conformance suite, the command line and the page's controller."""

from __future__ import annotations

import inspect
import json

import pytest

import test_conformance
from netarcade import cli
from netarcade.core import Match
from netarcade.games import all_games, declare, declared, get_game
from netarcade.games.registry import withdraw
from netarcade.web import pages
from test_web_controller import controller, run_next


@pytest.fixture(scope="module")
def takeaway():
    game = declare("takeaway", rules="tinyarcade.games.takeaway", page="tinyarcade.web.games.takeaway")
    yield game
    withdraw("takeaway")
    assert "takeaway" not in declared()


def test_the_registration_line_adds_the_game_everywhere(takeaway):
    assert get_game("takeaway") is takeaway and takeaway in all_games()
    assert declared()[-1] == "takeaway"
    assert pages.page_for("takeaway").title == "Take-away" and pages.is_playable("takeaway")


CONFORMANCE = [name for name, test in vars(test_conformance).items()
               if name.startswith("test_") and list(inspect.signature(test).parameters) == ["game"]]


@pytest.mark.parametrize("name", CONFORMANCE)
def test_it_passes_the_conformance_suite(takeaway, name):
    getattr(test_conformance, name)(takeaway)


def test_the_conformance_suite_is_all_here():
    assert len(CONFORMANCE) >= 10


def test_the_command_line_plays_and_replays_it(takeaway, capsys):
    assert cli.main(["simulate", "takeaway", "--games", "2", "--json", "--bots", "greedy,random",
                     "--option", "pile=7"]) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [g["game"] for g in games] == ["takeaway", "takeaway"] and games[0]["options"]["pile"] == 7
    assert cli.main(["replay", games[0]["record"]]) == 0
    assert capsys.readouterr().out.strip() == games[0]["digest"]


def test_the_page_s_controller_plays_it_against_a_bot(takeaway):
    control, screen = controller()
    control.route("play=takeaway&seats=human,greedy")
    assert control.page.id == "takeaway" and ("mount", "takeaway") in screen.calls
    board = control.page.board(control.table)
    assert 'data-name="take-3"' in board and 'data-action="p1 take 3"' in board
    control.click("take-3")
    assert control.session.actions == ["p1 take 3"] and control.mode == "bot"
    while control.mode == "bot":
        assert run_next(screen)  # the greedy bot's move
        if control.mode == "human":
            control.click("take-1")
    assert control.mode == "over" and control.session.over
    again = Match.from_record(takeaway, control.session.record())
    assert again.digest() == Match.from_record(takeaway, again.record()).digest()
