"""The Hint button and the replay viewer's Analyse (web/replay/hint.py,
web/replay/analysis_page.py) on CPython: the controller with a recording screen,
and the app's ops for what the page shows (the ghost, the button, the
game-over card, the chart)."""

from __future__ import annotations

import asyncio
import re

import pytest

from netarcade.web.replay import analysis_page, hint
from netarcade.web.controller import Controller
from netarcade.web.session import Session, new_setup
from support.playing import turns
from support.analysis_games import BAD_MOVE_GAMES, FAST, greedy_game_with_a_bad_move
from support.page import ops, start
from support.hint_page import Speaking, controller, handle_to_the_end
from support.page import run_next


async def yielding(seconds):
    """A sleep that yields once and waits for nothing: a task driven by hand runs a slice per send."""
    await asyncio.sleep(0)


def test_a_hint_is_the_search_bots_move_for_the_human_shown_and_said():
    control, screen = controller()
    control.route("play=backbone&seats=human,search&seed=7")
    assert hint.offered(control) and hint.why_no_hint(control) is None
    assert control.wants_key("i") and not control.table.key_command("i")  # no game's tool takes the key
    control.key("i")
    assert hint.prompt(control) == "Thinking about a hint..."
    assert run_next(screen) is True
    found = hint.current(control)
    assert found is not None and found.seat == 0
    assert found.text in control.session.legal_texts()
    assert hint.ghost_move(control) == found.text
    assert control.prompt().startswith("Hint: ") and found.words in control.prompt()
    assert screen.said()[-1] == f"Hint: {found.words}."
    assert control.session.hints == {0: 1}
    # the same position asks again: said again, not thought again
    control.command("hint")
    assert screen.tasks == [] and screen.said()[-1] == f"Hint: {found.words}."
    # a move ends the hint
    control.table.play(found.text)
    control.changed()
    assert hint.current(control) is None and hint.ghost_move(control) is None
    for task in screen.tasks:
        task.close()


def test_a_hint_is_the_same_for_the_same_position():
    texts = []
    for _ in range(2):
        control, screen = controller()
        control.route("play=netcontrol&seats=human,search,search&seed=3")
        control.command("hint")
        run_next(screen)
        texts.append(hint.current(control).text)
    assert texts[0] == texts[1]


@pytest.mark.parametrize("game_id", ["backbone", "netcontrol", "overwrite", "breach"])
def test_the_hint_is_the_move_analyse_names_there(game_id):
    """Hint and Analyse share one code path (``Analyser.choice_steps``), one
    seed rule and one budget: at every position where a hint was asked in a
    game of two people on one screen, the replay viewer's analysis of that
    game names the same move as the search bot's choice."""
    from netarcade.bots.analysis import PAGE_SETTINGS, Analyser
    from netarcade.core.prng import Rng

    compared = 0
    for seed in range(11, 20):  # Overwrite's envelope may end a game early: another seed
        control, screen = controller()
        control.route(f"play={game_id}&seats=human,human&seed={seed}")
        session, rng, hints = control.session, Rng(seed), {}
        for _seat in turns(session.match, 40):  # the session's own policy: humans first
            if len(hints) == 4:
                break
            texts = session.legal_texts()
            if len(texts) > 1 and rng.below(3) == 0:
                control.command("hint")
                assert run_next(screen) is True
                hints[len(session.match.actions)] = hint.current(control).text
            session.play(texts[rng.below(len(texts))])  # the hint, or not: the analysis judges either
            control.changed()
        analyser = Analyser(session.match, PAGE_SETTINGS)
        assert {index: analyser.decide(index).best for index in hints} == hints
        for task in screen.tasks:
            task.close()
        compared += len(hints)
        if compared >= 3:
            break
    assert compared >= 3


def test_a_ghost_names_the_board_elements_of_a_move():
    board = '<g class="hex" data-name="e5"><path/></g><g data-name="e6"></g>'
    assert hint.ghost(board, ["e5"]) == '<g class="hex" data-ghost="hint" data-name="e5"><path/></g><g data-name="e6"></g>'
    assert hint.ghost(board, []) == board
    control, _ = controller()
    control.route("play=backbone&seats=human,search&seed=7")
    assert control.page.ghost_names(control.session, "p1 router e5") == ["e5"]
    # Overwrite's piece covers several cells: every one of them
    control.route("play=overwrite&seats=human,search&seed=4")
    session = control.session
    place = next(text for text in session.legal_texts() if text.split()[1] == "place" and text.split()[2][-1] in "45")
    cells = control.page.ghost_names(session, place)
    assert len(cells) >= 4 and place.split()[-1] in cells
    assert control.page.ghost_names(session, "p1 place nothing") == ["nothing"]  # illegal: its words


def test_no_hint_online_in_a_replay_or_on_a_bots_turn():
    control, screen = controller()
    control.route("play=backbone&seats=search,human&seed=7")
    assert control.mode == "bot" and hint.offered(control)
    control.command("hint")
    assert control.table.message == "A hint is for your own decision: wait for your turn."
    assert all(task.cr_code.co_name != "think" for task in screen.tasks)

    class Online:  # what hint.py reads of an online room's session
        remote = True

    control.table.session = Online()
    assert not hint.offered(control) and hint.why_no_hint(control) == "Hints are not available in online games."
    for task in screen.tasks:
        task.close()


def test_the_hint_button_ghost_and_game_over_note_in_the_page():
    app, posted = start()
    assert ops(posted, "prop", id="hint", name="hidden")[-1]["value"] is False
    assert ops(posted, "prop", id="hint", name="disabled")[-1]["value"] is False
    posted.clear()
    handle_to_the_end(app, {"kind": "key", "key": "i", "seq": 2})
    found = hint.current(app.control)
    board = ops(posted, "html", id="board")[-1]["html"]
    ghosts = re.findall(r'data-ghost="hint" data-name="([^"]+)"', board)
    assert ghosts and set(ghosts) <= set(found.text.split()[2:])
    assert ops(posted, "text", id="announce")[-1]["text"] == f"Hint: {found.words}."
    # a finished game in which a hint was used says so on its card
    session = app.control.session
    assert hint.hint_note(session) == '<p class="hint-note detail">Hints were used in this game: You 1 hint.</p>'
    posted.clear()
    app.handle({"kind": "cmd", "name": "resign", "seq": 3})
    app.handle({"kind": "cmd", "name": "resign-yes", "seq": 4})
    assert session.over
    note = ops(posted, "insert", sel="#overlay .over-card .actions")
    assert note and note[-1]["html"] == hint.hint_note(session) and note[-1]["where"] == "beforebegin"
    assert ops(posted, "prop", id="hint", name="disabled")[-1]["value"] is True


def test_online_pages_never_show_the_hint_button():
    app, posted = start()

    class Online:
        remote = True

    app.control.table.session = Online()
    assert not hint.offered(app.control)


@pytest.fixture
def bad_game(monkeypatch):
    """A Backbone game of a human (whose worst move is in it) against greedy,
    analysed at the tests' small budget."""
    monkeypatch.setattr(analysis_page, "PAGE_SETTINGS", FAST)
    match, bad = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[0])
    setup = new_setup("backbone", dict(match.options), match.seed, ("human", "greedy"))
    return Session(setup, match.actions), bad


def test_analyse_marks_the_bad_move_and_a_mark_goes_to_its_position_with_the_better_move(bad_game):
    session, bad = bad_game
    control, screen = controller()
    control.load(session, demo=False)
    control.command("replay")
    control.command("analyse")
    analysis = control.replay.analysis
    assert analysis.running and len(screen.tasks) == 1
    assert run_next(screen) is True
    assert analysis.finished and not analysis.running
    assert bad in [decision.index for decision in analysis.marked()]
    assert screen.said()[-1].startswith("Analysis done: ")
    html = analysis_page.panel_html(control)
    assert f'data-cmd="analyse-go" data-value="{bad}"' in html and "<svg" in html
    control.command("analyse-go", str(bad))
    decision = analysis.at(bad)
    assert control.replay.at == bad
    assert hint.ghost_move(control) == decision.best != session.actions[bad]
    assert screen.said()[-1].startswith(f"Move {bad + 1}, {decision.mark}: You chose to ")
    control.command("replay-branch")  # Play from here
    assert control.replay is None and control.session.actions == session.actions[:bad]


def test_analyse_yields_between_slices_lets_the_player_step_and_can_be_cancelled(bad_game, monkeypatch):
    session, bad = bad_game
    monkeypatch.setattr(analysis_page, "SLICE_SECONDS", 0.0)  # a slice is one unit of work, whatever the clock
    control, screen = controller(sleep=yielding)
    control.load(session, demo=False)
    control.command("replay")
    control.command("analyse")
    task = screen.tasks.pop()
    analysis = control.replay.analysis
    task.send(None)
    control.key("home")  # stepping while it runs
    assert control.replay.at == 0
    sends = 1
    while analysis.done < 3:
        task.send(None)
        sends += 1
    assert sends > 3  # it yielded between slices, not only between decisions
    control.key("arrowright")
    assert control.replay.at == 1 and analysis.running
    control.command("analyse-cancel")
    with pytest.raises(StopIteration) as stopped:
        task.send(None)
    assert stopped.value.value is False and not analysis.running
    done = analysis.done
    assert 3 <= done < analysis.total
    assert "Analyse on" in analysis_page.panel_html(control)
    # Analyse goes on from there, and the figures are the ones of one go
    control.command("analyse")
    assert run_next(screen) is True and analysis.finished
    whole = analysis_page.ReplayAnalysis(control.replay)
    assert [whole.analyser.decide(index) for index in whole.analyser.plan[:done]] == \
        [analysis.results[index] for index in whole.analyser.plan[:done]]


def test_analyse_yields_after_every_move_even_when_a_whole_move_fits_in_one_slice(bad_game, monkeypatch):
    """Issue 40: results come move by move. On a clock that stands still a
    slice never ends by time, so each move is one slice; the task still
    gives the page its turn after every verdict (a first look or the
    analysis), never two verdicts in one go."""
    session, _ = bad_game
    control, screen = controller(sleep=yielding)
    control.clock = lambda: 0.0
    control.load(session, demo=False)
    control.command("replay")
    control.command("analyse")
    analysis = control.replay.analysis
    task = screen.tasks.pop()
    jobs = len(analysis_page.jobs(analysis))
    verdicts, sends = [0], 0
    with pytest.raises(StopIteration) as stopped:
        while True:
            task.send(None)
            sends += 1
            verdicts.append(len(analysis.first) + len(analysis.results))
    assert stopped.value.value is True and verdicts[-1] == jobs
    assert max(after - before for before, after in zip(verdicts, verdicts[1:])) == 1
    assert sends >= jobs


def test_analyse_pauses_on_a_timer_not_yet_due_so_the_page_s_messages_come_first(bad_game):
    # Chromium ran a worker's chain of ready timers (sleep(0)) before a
    # step's message: it waited 0.5-2.5 s; a pause of a few ms lets it in
    session, _ = bad_game
    asked = []

    async def recording(seconds):
        asked.append(seconds)

    control, screen = controller(sleep=recording)
    control.load(session, demo=False)
    control.command("replay")
    control.command("analyse")
    assert run_next(screen) is True
    assert asked and min(asked) >= analysis_page.PAUSE_SECONDS > 0


def test_leaving_the_replay_stops_the_analysis(bad_game):
    session, _ = bad_game
    control, screen = controller(sleep=yielding)
    control.load(session, demo=False)
    control.command("replay")
    control.command("analyse")
    task = screen.tasks.pop()
    task.send(None)
    control.key("escape")
    with pytest.raises(StopIteration) as stopped:
        while True:
            task.send(None)
    assert stopped.value.value is False


def test_the_analysis_panel_in_the_page(bad_game, monkeypatch):
    session, bad = bad_game
    app, posted = start("#" + session.link())
    app.handle({"kind": "cmd", "name": "replay", "seq": 2})
    assert 'data-cmd="analyse"' in ops(posted, "html", id="replay-analysis")[-1]["html"]
    assert 'id="replay-analysis"' in ops(posted, "html", id="replay")[-1]["html"]
    posted.clear()
    handle_to_the_end(app, {"kind": "cmd", "name": "analyse", "seq": 3})
    panel = ops(posted, "html", id="replay-analysis")[-1]["html"]
    assert "marked of" in panel and f'data-value="{bad}"' in panel
    # issue 40: Analyse and its verdicts redraw the panel alone (the board was
    # sent again at the press: a main-thread task over 50 ms), the focus kept
    assert not ops(posted, "html", id="board") and not ops(posted, "html", id="tools")
    kinds = [op["op"] for op in ops(posted) if op["op"] == "focus" or op.get("id") == "replay-analysis"]
    assert kinds[:3] == ["focus", "html", "focus"] and kinds.count("focus") == 2 * kinds.count("html")
    posted.clear()
    app.handle({"kind": "cmd", "name": "analyse-go", "value": str(bad), "seq": 4})
    board = ops(posted, "html", id="board")[-1]["html"]
    best = app.control.replay.analysis.at(bad).best
    assert re.findall(r'data-ghost="hint" data-name="([^"]+)"', board) == best.split()[2:]


def test_the_analysis_chart_reads_in_the_column_beside_a_board():
    """Issue 39, item 10: drawn 480 units wide in a 270 px column its labels were 5.6 px
    and it was 60 px tall."""
    from netarcade.web.replay import analysis_page

    scale = 270 / analysis_page.WIDTH
    assert 10 * scale >= 9 and analysis_page.HEIGHT * scale >= 120


class Drawing(Speaking):
    """A recording screen that keeps what the analysis panel held each time it was drawn."""

    def __init__(self):
        super().__init__()
        self.control = None
        self.panels: list[tuple[int, int, list]] = []

    def draw_analysis(self):
        analysis = self.control.replay.analysis
        self.panels.append((analysis.looked, analysis.done, [d.index for d in analysis.decisions()]))


def test_analyse_shows_each_verdict_as_it_comes_first_looks_from_the_move_on_screen_then_the_analysis(bad_game,
                                                                                                      monkeypatch):
    """Issue 40: verdicts appear move by move while the rest is worked out:
    a first look at every decision, starting at the move on screen, then the
    analysis of each replacing its first look; the end result is the
    analysis of one go (``Analyser.decide``), whatever the start."""
    monkeypatch.setattr(analysis_page, "DRAW_SECONDS", 0.0)  # drawn after every first look
    session, bad = bad_game
    screen = Drawing()
    control = Controller(screen, sleep=yielding)
    screen.control = control
    control.load(session, demo=False)
    control.command("replay")
    control.replay.go(bad)
    control.command("analyse")
    assert screen.panels.pop() == (0, 0, [])  # the press draws the panel at once (Cancel), before any verdict
    analysis = control.replay.analysis
    plan = analysis.analyser.plan
    order = [index for index in plan if index >= bad] + [index for index in plan if index < bad]
    assert analysis_page.jobs(analysis) == [(index, True) for index in order] + [(index, False) for index in order]
    task = screen.tasks.pop()
    while not screen.panels:
        task.send(None)
    assert screen.panels[0] == (1, 0, [bad])  # the move on screen first, before any other is judged
    assert analysis.is_first_look(analysis.at(bad)) and analysis.at(bad).mark
    assert "first look" in analysis_page.verdict(analysis.at(bad), control)
    assert "(first look)" in analysis_page.panel_html(control)
    with pytest.raises(StopIteration) as stopped:
        while True:
            task.send(None)
    assert stopped.value.value is True and analysis.finished
    looked_all = next(number for number, (looked, _, _) in enumerate(screen.panels) if looked == len(plan))
    assert looked_all == len(plan) - 1 and all(done == 0 for _, done, _ in screen.panels[:looked_all + 1])
    assert [done for _, done, _ in screen.panels[looked_all:-1]] == list(range(len(plan) + 1))  # then one by one
    whole = analysis_page.ReplayAnalysis(control.replay)
    assert {index: whole.analyser.decide(index) for index in plan} == analysis.results
    assert not any(analysis.is_first_look(d) for d in analysis.decisions())
    assert "first look" not in analysis_page.panel_html(control)


def test_first_looks_are_drawn_a_few_times_a_second_and_every_analysed_decision_as_it_comes(bad_game):
    """First looks come every few milliseconds, and drawing the chart is
    linear in the moves judged: the panel is drawn after the first, after
    the last, and when ``DRAW_SECONDS`` have passed; a decision of the
    analysis is drawn as it comes. On a clock that stands still, then
    jumps by ``DRAW_SECONDS`` at every reading: fewer draws than first looks."""
    session, _ = bad_game
    screen = Drawing()
    ticks = iter([0.0] * 8 + [analysis_page.DRAW_SECONDS] * 100_000)
    control = Controller(screen, sleep=yielding, clock=lambda: next(ticks))
    screen.control = control
    control.load(session, demo=False)
    control.command("replay")
    control.command("analyse")
    assert screen.panels.pop() == (0, 0, [])  # the press draws the panel at once (Cancel), before any verdict
    total = control.replay.analysis.total
    assert run_next(screen) is True
    firsts = [looked for looked, done, _ in screen.panels if done == 0]
    assert firsts[0] == 1 and firsts[-1] == total and len(firsts) < total
    assert [done for _, done, _ in screen.panels if done] == list(range(1, total + 1)) + [total]
