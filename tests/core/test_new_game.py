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
from netarcade.cli import main as cli
from netarcade.core import Match
from netarcade.games import all_games, declare, declared, get_game
from netarcade.games.registry import withdraw
from netarcade.web import pages
from support.page import controller, run_next


@pytest.fixture(scope="module")
def takeaway():
    declare("takeaway", rules="tinyarcade.games.takeaway", page="tinyarcade.web.games.takeaway")
    yield get_game("takeaway")
    withdraw("takeaway")
    assert "takeaway" not in declared()


def test_the_worked_example_forwards_nothing(takeaway):
    """Take-away takes its methods from its modules too (test_game_defaults checks the four
    games; the test game is checked here, where its registration is withdrawn after)."""
    from support.game_contract import forwarders

    assert forwarders(type(takeaway)) == []


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


def test_its_lesson_is_the_engine_guide_s_and_the_page_plays_it(takeaway):
    """docs/engine.md's "Its lesson" is the fixture's lesson.py (the guide's
    examples run, then their LESSON and clicks compared), and the page's
    controller plays it: the step in the prompt, a legal move that is not
    the step's refused without change, the replies, the end."""
    import doctest
    from pathlib import Path

    from netarcade.web.learn import lesson_for
    from tinyarcade.web.games.takeaway import lesson as fixture

    guide = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
    test = doctest.DocTestParser().get_doctest(guide.read_text(encoding="utf-8"), {}, "engine.md", str(guide), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    assert runner.failures == 0
    assert test.globs["LESSON"] == fixture.LESSON == lesson_for("takeaway")
    assert test.globs["clicks"]("p1 take 2") == fixture.clicks("p1 take 2") == [("name", "take-2")]

    control, _ = controller()
    control.route("learn=takeaway")
    first, last = [step for _, step in fixture.LESSON.steps()]
    assert first.say in control.prompt() and fixture.LESSON.intro in control.prompt()
    [(how, name)] = fixture.clicks("p1 take 1")
    control.click(name)  # legal, but not this step's move
    assert control.session.actions == [] and "legal, but this step asks something else" in control.table.message
    control.click(fixture.clicks(first.play)[0][1])
    assert control.session.actions == ["p1 take 3", "p2 take 1"] and last.say in control.prompt()
    assert first.shows in control.prompt()
    control.click(fixture.clicks(last.play)[0][1])
    assert control.session.over and control.session.view()["winners"] == [0]
    assert "Lesson done" in control.prompt()


def test_the_page_declares_where_its_parts_are():
    """``GamePage.parts``: the table class and the lesson found from the
    declaration, imported on first use; no method of the page imports them."""
    import inspect

    from tinyarcade.web.games.takeaway import PAGE
    from tinyarcade.web.games.takeaway.lesson import LESSON
    from tinyarcade.web.games.takeaway.table import TakeAwayTable

    assert PAGE.part("table") is TakeAwayTable and PAGE.part("lesson") is LESSON
    assert PAGE.part("glance") is None and PAGE.part("speech") is None  # no glance.py, no tools.py
    assert "import" not in inspect.getsource(type(PAGE))
