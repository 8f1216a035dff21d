"""Analyse and Hint in Chromium (issue 27), in one page load: a Backbone
game with one deliberately bad move opens in the replay viewer; Analyse
runs to the end while the player steps; the marked move's button goes to
its position with the better move outlined on the board; then, back in the
game, Hint outlines the search bot's move and the live region says it.
The logic is tested on CPython (test_web_analysis.py); this checks the
page's wiring: the buttons, the SVG dots, the ghost's attribute."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from netarcade.bots.analysis import PAGE_SETTINGS, Analyser
from netarcade.web.replay import analysis_page, helping
from netarcade.web.session import encode_link, new_setup
from support.browsing import browsing, data, wait_ready, wait_state
from support.webstack import DIST
from support.analysis_games import BAD_MOVE_GAMES, greedy_game_with_a_bad_move

pytestmark = pytest.mark.browser

#: every change of the panel's progress, as "looked/total done/total" (a MutationObserver on <html>)
WATCH_PROGRESS = """() => { window.progress = [];
  new MutationObserver(() => { const d = document.documentElement.dataset;
    window.progress.push(`${d.analysisLooked} ${d.analysisDone}`); })
  .observe(document.documentElement, {attributes: true, attributeFilter: ['data-analysis-done']}); }"""
DONE = "() => { const d = document.documentElement.dataset.analysisDone; return !!d && d.split('/')[0] === d.split('/')[1]; }"


def helpers_for(page) -> int:
    """How many helpers the page gives its analysis on this machine (``helping.count``, its own navigator)."""
    cores, memory = page.evaluate("[navigator.hardwareConcurrency, navigator.deviceMemory ?? null]")
    return helping.count(analysis_page.HELPERS, cores, memory)


def marks_match_cpython(page, match) -> None:
    """The marked moves the panel lists are those of CPython's analysis with the page's settings."""
    here = Analyser(match, PAGE_SETTINGS)
    marked = [index for index in here.plan if (found := here.decide(index)) is not None and found.mark]
    assert [int(button.get_attribute("data-value"))
            for button in page.locator("#replay-analysis .analysis-marks button").all()] == marked


def test_analyse_marks_the_bad_move_and_hint_outlines_a_move(chromium, server):
    match, bad = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[0])
    setup = new_setup("backbone", dict(match.options), match.seed, ("human", "greedy"))
    link = encode_link(setup, match.actions)
    with browsing(chromium, "analysis", [server], viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(f"{server}#{link}&at=1")
        wait_ready(page)
        assert data(page, "state") == "replay" and page.is_hidden("#hint")
        page.evaluate(WATCH_PROGRESS)
        page.click("#analyse")
        page.wait_for_selector("#analyse-cancel")
        page.keyboard.press("ArrowRight")  # stepping while it runs
        assert data(page, "replay") == "2"
        page.wait_for_function(DONE, timeout=120_000)
        # verdicts came move by move: a first look at each move, then the analysis of each (issue 40)
        seen = [tuple(int(pair.split("/")[0]) for pair in entry.split()) for entry in page.evaluate("window.progress")]
        total = int(data(page, "analysisDone").split("/")[1])
        looked = [first for first, _ in seen]
        assert looked == sorted(looked) and 0 < min(first for first in looked if first) < total  # as they come
        assert [done for first, done in seen if first == total][-1] == total
        done = [done for _, done in seen]
        assert done == sorted(done) and done[-1] == total
        # the analysis as it comes: a verdict at a time from each worker (the engine's and a helper's
        # may reach the page in one of its tasks, so some counts can be passed over together)
        assert len(set(done)) > total / 2
        # a helper on each core beyond the engine's (up to two, fewer with little memory) judged its share, the engine's own verdicts:
        # the marked moves are CPython's with the page's settings
        helpers = helpers_for(page)
        said = data(page, "analysisHelpers")
        assert re.fullmatch(rf"{helpers} helped [1-9][0-9]*" if helpers else "0 helped 0", said), said
        if not helpers:  # the engine alone: every first look before any analysis, one move at a time
            assert all(done == 0 for first, done in seen if first < total)
            assert set(range(total + 1)) <= set(done)
        marks_match_cpython(page, match)
        assert page.locator("#replay-analysis svg.analysis-chart").count() == 1
        # issue 39, item 10: the chart has room in the side column and labels a person can read
        # (drawn 480 units wide there, it was some 270x60 px with labels 5.6 px high)
        chart = page.evaluate("""(() => { const svg = document.querySelector('#replay-analysis svg.analysis-chart');
            const box = svg.getBoundingClientRect();
            const labels = [...svg.querySelectorAll('text.axis')].map(t => t.getBoundingClientRect().height);
            return {width: box.width, height: box.height, labels: labels.length, label: Math.min(...labels),
                    column: document.querySelector('#replay-analysis').getBoundingClientRect().width}; })()""")
        assert chart["width"] >= 0.9 * chart["column"], chart
        assert chart["height"] >= 110, chart
        assert chart["labels"] >= 2 and chart["label"] >= 8, chart
        assert page.locator(f'#replay-analysis circle[data-value="{bad}"]').count() == 1
        page.click(f'#replay-analysis .analysis-marks button[data-value="{bad}"]')
        assert data(page, "replay") == str(bad)
        assert page.locator("#board [data-ghost]").count() >= 1
        assert page.text_content("#analysis-verdict").startswith(f"Move {bad + 1}, ")

        # back in the game: the Hint button (the greedy bot plays on first, if it is to move)
        page.click("#replay-leave")
        wait_state(page, "human")
        assert page.is_visible("#hint") and page.locator("#board [data-ghost]").count() == 0
        page.click("#hint")
        page.wait_for_function("() => document.getElementById('announce').textContent.startsWith('Hint: ')")
        assert page.locator("#board [data-ghost]").count() >= 1
        assert page.text_content("#prompt").startswith("Hint: ")
        tab.check_clean()


#: each marked move's button that runs past the analysis panel's right edge (it went under the side panel)
PAST_THE_PANEL = """() => { const panel = document.querySelector('#replay-analysis').getBoundingClientRect();
  return [...document.querySelectorAll('#replay-analysis .analysis-marks button')]
    .map(b => ({text: b.textContent, right: b.getBoundingClientRect().right}))
    .filter(b => b.right > panel.right + 0.5).map(b => `${b.text}: ${Math.round(b.right - panel.right)} px`); }"""


def test_marked_moves_wrap_in_breachs_narrow_column(chromium, server):
    """Breach's wide board leaves its controls column some 190 px at 1280x800:
    a marked move's words ("Move 138, Greedy bot 4: blunder") wrap there
    instead of running under the side panel."""
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[3])
    setup = new_setup("breach", dict(match.options), match.seed, ("human", "greedy"))
    with browsing(chromium, "analysis-marks", [server], viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(f"{server}#{encode_link(setup, match.actions)}&at=1")
        wait_ready(page)
        page.click("#analyse")
        page.wait_for_function("() => document.querySelectorAll('#replay-analysis .analysis-marks button').length > 0",
                               timeout=120_000)
        assert page.evaluate(PAST_THE_PANEL) == []
        page.click("#analyse-cancel")
        tab.check_clean()


@pytest.fixture
def without_the_helper(site, tmp_path):
    """The built site served without the helper's module (as a missing file or a
    policy that refuses it would leave a page): a copy of dist/ in hard links."""
    from netarcade.site.serve import serve_in_thread

    copy = tmp_path / "dist"
    shutil.copytree(DIST, copy, copy_function=os.link)
    for path in copy.glob("static/analysis-helper.mjs*"):
        path.unlink()
    httpd, base = serve_in_thread(copy, port=0)
    yield base
    httpd.shutdown()
    httpd.server_close()


def test_a_helper_that_cannot_start_leaves_the_whole_analysis_to_the_engine(chromium, without_the_helper):
    """The helper fails its first question, gives its move back, and the
    engine's worker analyses every move, the same verdicts; the page says
    why the helper stopped."""
    match, _ = greedy_game_with_a_bad_move(*BAD_MOVE_GAMES[2])
    setup = new_setup("overwrite", dict(match.options), match.seed, ("human", "greedy"))
    with browsing(chromium, "analysis-no-helper", [without_the_helper], viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(f"{without_the_helper}#{encode_link(setup, match.actions)}&at=1")
        wait_ready(page)
        if not helpers_for(page):
            pytest.skip("this machine gives the page no helper")
        page.click("#analyse")
        page.wait_for_function(DONE, timeout=120_000)
        said = data(page, "analysisHelpers")
        assert re.fullmatch(r"\d helped 0, stopped: the helper's worker failed: .*", said), said
        marks_match_cpython(page, match)
