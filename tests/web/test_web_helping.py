"""The analysis's helpers (web/replay/helping.py, analysis_page.run): a
helper's verdict is the engine's own in every game, whatever order it is
asked in; a request it cannot take gets a clear error and changes nothing;
the engine's worker and its helpers share one queue, and a helper that
fails or an analysis that stops loses nothing. The helpers here are
in-process (``InProcess``): the browser's workers are tested in
tests/browser/test_browser_analysis.py."""

from __future__ import annotations

import asyncio
import json

import pytest

from netarcade.bots.analysis import Analyser
from netarcade.web.replay import analysis_page, helping
from netarcade.web.controller import Controller
from netarcade.web.session import Session, new_setup
from support.analysis_games import BAD_MOVE_GAMES, FAST, greedy_game_with_a_bad_move
from support.hint_page import Speaking


class InProcess:
    """A helper that judges in this process, an answer every ``turns`` turns
    of the event loop (the engine's worker judges a slice a turn meanwhile)."""

    def __init__(self, fail_after: int | None = None, turns: int = 20):
        self.asked: list[int] = []
        self.closed = False
        self.fail_after = fail_after
        self.turns = turns

    async def judge(self, text: str) -> str:
        for _ in range(self.turns):
            await asyncio.sleep(0)
        if self.closed:
            raise helping.HelperFailed("the analysis stopped")
        if self.fail_after is not None and len(self.asked) >= self.fail_after:
            raise helping.HelperFailed("the helper's worker failed: out of memory")
        self.asked.append(json.loads(text)["index"])
        return helping.judge(text)

    def close(self) -> None:
        self.closed = True


class Helped(Speaking):
    """A recording screen with helpers to give (each call: the next list of ``made``)."""

    def __init__(self, *made: list):
        super().__init__()
        self.made = list(made)
        self.asked_for: list[int] = []

    def analysis_helpers(self, most):
        self.asked_for.append(most)
        return self.made.pop(0) if self.made else []


async def step(seconds):
    await asyncio.sleep(0)  # the helpers' questions are answered between the engine's slices


def replay_analysis(screen, case=0):
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[case])
    setup = new_setup(match.game.id, dict(match.options), match.seed, ("human",) + ("greedy",) * (match.players - 1))
    control = Controller(screen, sleep=step)
    control.load(Session(setup, match.actions), demo=False)
    control.command("replay")
    return control


@pytest.mark.parametrize("case", range(len(BAD_MOVE_GAMES)), ids=[game[0] for game in BAD_MOVE_GAMES])
def test_a_helpers_verdict_is_the_engines_own_in_any_order(case):
    match, bad = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[case])
    here = Analyser(match, FAST)
    asked = list(reversed(here.plan[: bad + 2]))[:6]  # late moves first, as a helper may get them
    there = [helping.answer(helping.judge(helping.request(here, index))) for index in asked]
    in_order = {index: Analyser(match, FAST).decide(index) for index in sorted(asked)}
    assert there == [in_order[index] for index in asked]
    assert any(decision is not None for decision in there)


def test_a_forced_move_is_answered_as_none():
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[0])
    analyser = Analyser(match, FAST)
    forced = next(index for index in range(len(match.actions)) if analyser.decide(index) is None)
    assert json.loads(helping.judge(helping.request(analyser, forced))) == {"decision": None}
    assert helping.answer(helping.judge(helping.request(analyser, forced))) is None


def test_a_request_it_cannot_take_gets_a_clear_error_and_changes_nothing():
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[2])
    analyser = Analyser(match, FAST)
    good = json.loads(helping.request(analyser, 0))
    before = helping.judge(json.dumps(good))
    broken = {
        "not JSON": "{nope",
        "not an object": "[1, 2]",
        "no move": json.dumps({**good, "index": None}),
        "a move past the end": json.dumps({**good, "index": len(match.actions)}),
        "a negative move": json.dumps({**good, "index": -1}),
        "a garbled record": json.dumps({**good, "record": "!!!"}),
        "no record": json.dumps({key: value for key, value in good.items() if key != "record"}),
        "settings missing a field": json.dumps({**good, "settings": {"worlds": 2}}),
        "settings of the wrong type": json.dumps({**good, "settings": {**good["settings"], "worlds": "many"}}),
        "seats not seats": json.dumps({**good, "seats": "all"}),
    }
    for what, text in broken.items():
        said = json.loads(helping.judge(text))
        assert list(said) == ["error"] and said["error"], what
        with pytest.raises(helping.HelperFailed):
            helping.answer(helping.judge(text))
    assert helping.judge(json.dumps(good)) == before  # the helper judges on as before


@pytest.mark.parametrize("text", ["", "[]", '{"decision": {"index": 1}}', '{"other": 1}', "3"])
def test_an_answer_that_is_not_one_is_a_failure_of_the_helper(text):
    with pytest.raises(helping.HelperFailed):
        helping.answer(text)


def test_the_engine_and_a_helper_share_the_queue_and_give_the_engines_verdicts(monkeypatch):
    monkeypatch.setattr(analysis_page, "PAGE_SETTINGS", FAST)
    helper = InProcess()
    screen = Helped([helper])
    control = replay_analysis(screen)
    control.command("analyse")
    analysis = control.replay.analysis
    assert asyncio.run(screen.tasks.pop(0)) is True
    assert analysis.finished and not analysis.running and helper.closed
    assert screen.asked_for == [analysis_page.HELPERS]
    assert analysis.helpers == 1 and analysis.helped == len(helper.asked) > 0
    assert len(helper.asked) < analysis.total  # the engine took its share once its first looks were done
    # the helper from the move on screen on, the engine from the far end back: each a run of consecutive moves
    order = [index for index, first_look in analysis_page.jobs(analysis_page.ReplayAnalysis(control.replay))
             if not first_look]
    assert helper.asked == order[:len(helper.asked)]
    alone = Analyser(control.replay.live.match, FAST)
    assert analysis.results == {index: alone.decide(index) for index in alone.plan}
    assert screen.said()[-1].startswith("Analysis done: ")


def test_a_helper_that_fails_gives_its_move_back_and_the_engine_judges_it(monkeypatch):
    monkeypatch.setattr(analysis_page, "PAGE_SETTINGS", FAST)
    helper = InProcess(fail_after=2)
    screen = Helped([helper])
    control = replay_analysis(screen)
    control.command("analyse")
    analysis = control.replay.analysis
    assert asyncio.run(screen.tasks.pop(0)) is True
    assert analysis.finished and analysis.helped == 2 and helper.closed
    assert analysis.helper_trouble == "the helper's worker failed: out of memory"
    alone = Analyser(control.replay.live.match, FAST)
    assert analysis.results == {index: alone.decide(index) for index in alone.plan}


def test_cancel_stops_the_helpers_and_analyse_on_starts_new_ones(monkeypatch):
    monkeypatch.setattr(analysis_page, "PAGE_SETTINGS", FAST)
    first, second = InProcess(), InProcess()
    screen = Helped([first], [second])
    control = replay_analysis(screen)
    control.command("analyse")
    analysis = control.replay.analysis

    async def cancel_after_a_helped_decision():
        task = asyncio.ensure_future(screen.tasks.pop(0))
        while analysis.helped < 1:
            await asyncio.sleep(0)
        control.command("analyse-cancel")
        return await task

    assert asyncio.run(cancel_after_a_helped_decision()) is False
    assert first.closed and not analysis.running and not analysis.finished
    kept = dict(analysis.results)
    assert kept and analysis.helper_trouble == ""  # a stop is no helper's trouble
    control.command("analyse")
    assert asyncio.run(screen.tasks.pop(0)) is True and second.closed and analysis.finished
    assert not set(second.asked) & set(kept)  # what was done stays done
    alone = Analyser(control.replay.live.match, FAST)
    assert analysis.results == {index: alone.decide(index) for index in alone.plan}


def test_the_page_says_how_many_helpers_helped(monkeypatch):
    monkeypatch.setattr(analysis_page, "PAGE_SETTINGS", FAST)
    screen = Helped([InProcess()])
    control = replay_analysis(screen)
    control.command("analyse")
    asyncio.run(screen.tasks.pop(0))

    class App:
        analysis_html = None

        def __init__(self):
            self.ops = []

        def op(self, kind, element=None, **fields):
            self.ops.append((kind, element, fields))

    app = App()
    analysis_page.draw(app, control)
    said = {fields["name"]: fields["value"] for kind, _, fields in app.ops if kind == "data"}
    assert said["analysisHelpers"] == f"1 helped {control.replay.analysis.helped}"
