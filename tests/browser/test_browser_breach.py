"""Breach in Chromium: start a game from the home screen's form, then play a
whole game by clicks against two greedy bots to the game-over card: Run
Exploits, Pressure Exploits on a bot with their target, the block windows
(the human blocks, and counters when blocked), speed, the roll, Node by Node
moves on the lit cards, Manifest; the bots' answers show in the log. Seed 4
with lockdown after 5 rounds, under rules edition 1 (``rules=1``: the deal
and the bots' play this seed was chosen for; edition 2's rules are tested on
CPython, tests/games/breach/test_breach_edition.py and test_web_breach.py), is a deal
where the human both blocks and counters (the policy ``decide`` plays, in support/browser_players.py; a CPython run of it
against the page's bots finds those seeds). Also: a phone opens a link on
the tall track, and no request leaves the local server.

Same Chromium, flags, fixtures (``conftest.py``) and request filter (``browsing.py``) as every browser test;
screenshots go to ``artifacts/`` on failure.
"""

from __future__ import annotations

import re

import pytest
from support.browsing import BOT_TIMEOUT_MS, PHONE, browsing, data, long_tasks_since, open_setup, report_slow_tasks, tasks_while_bots_think, wait_ready
from support.browser_players import decide


pytestmark = pytest.mark.browser

GAME = "#play=breach&seats=human,greedy,greedy&players=3&rounds=5&rules=1&seed=4"


def wait_human(page, timeout: int = BOT_TIMEOUT_MS) -> None:
    page.wait_for_function("() => ['human', 'over'].includes(document.documentElement.dataset.state)",
                           timeout=timeout)


def test_the_form_starts_breach(chromium, server):
    with browsing(chromium, "breach-form", [server], viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(server + "#home")
        wait_ready(page)
        form = "#game-breach"
        assert page.locator(f"{form} form").count() == 1
        open_setup(page, "breach")
        assert page.is_visible("#f-breach-seat4") and page.is_hidden("#f-breach-seat5")
        page.fill("#f-breach-players", "6")
        assert "between 2 and 5" in page.text_content("#err-breach-players")
        page.fill("#f-breach-players", "2")
        assert page.is_hidden("#f-breach-seat3")
        page.fill("#f-breach-seed", "12")
        page.select_option("#f-breach-seat2", "greedy")
        page.click(f"{form} button[type=submit]")
        assert "#play=breach&seats=human,greedy&r=" in page.url
        assert data(page, "game") == "breach" and page.text_content("#topic") == "Breach"
        assert page.locator("#board svg.breach-board.wide .node").count() == 28
        assert page.text_content("#rules summary") == "How to play Breach"
        # issue 39, item 13: the Exploits' targets in the words of the game's rules, with no note
        # about editions ("a player ahead of you (edition 1: or tied)")
        page.wait_for_function("() => document.documentElement.dataset.state === 'human'")
        cards = page.inner_text("#tools") + page.inner_text("#costs")
        assert "a player ahead of you" in cards and "edition" not in cards, cards
        tab.check_clean()


def test_a_whole_game_by_clicks_with_a_block_and_a_counter(chromium, server):
    with browsing(chromium, "breach-game", [server], pace="instant", viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(server + GAME)
        wait_ready(page)
        ready_ms = float(data(page, "readyMs"))
        done: list[str] = []
        while len(done) < 200:
            wait_human(page)
            if data(page, "state") == "over":
                break
            before = data(page, "actions")
            done.append(decide(page))
            assert not page.get_attribute("#prompt", "class").count("error"), page.text_content("#prompt")
            if done[-1] not in ("block", "counter") or data(page, "actions") == before:
                assert data(page, "actions") != before or data(page, "state") == "bot", done[-1]
        assert data(page, "state") == "over", done[-20:]
        assert {"run", "play", "block", "counter", "speed", "enter"} <= set(done), done
        log = page.inner_text("#log")
        assert re.search(r"p1 block \w+ \w+", log) and re.search(r"p1 counter \w+ \w+", log)
        assert re.search(r"p[23] (pass|block|counter)", log)  # the bots' answers are in the log
        assert "LOCKDOWN" in log or "TRANSMITS" in log
        title = page.text_content("#result-title")
        assert re.fullmatch(r"(You win|Greedy bot \d wins|.+ share the win).*", title), title
        assert page.locator("#overlay figure.chart svg polyline.series").count() == 3
        assert all(name in page.inner_text("#overlay figure.chart") for name in ("You", "Greedy bot 2"))
        assert page.locator("#overlay [data-cmd=rematch]").is_visible()
        slow = tasks_while_bots_think(page, long_tasks_since(page, ready_ms))
        report_slow_tasks(slow)
        tab.check_clean()


def test_a_phone_opens_a_link_on_the_tall_track(chromium, server):
    with browsing(chromium, "breach-phone", [server], **PHONE) as tab:
        page = tab.page()
        page.goto(server + "#play=breach&seats=human,human&players=2&seed=3", wait_until="domcontentloaded")
        assert data(page, "game") == "breach"
        assert page.locator("#board svg.breach-board.outline.tall").count() == 1  # before Python: the empty track
        wait_ready(page)
        assert page.locator("#board svg.breach-board.tall .node").count() == 28
        assert "Run Exploits or Lay Low" in page.text_content("#status")
        # issue 39, item 11: a phone's status and prompt speak of taps and cite no key ("Run Exploits (R)")
        said = page.text_content("#status") + " " + page.text_content("#prompt")
        assert "Run Exploits refills" in said and not re.search(r"\((?:or )?(?:[A-Z0-9]|\d-\d|Esc)\)|\bclick", said), said
        # issue 26 item 10: the turn panel stuck to the foot of the screen took a quarter of it
        turn = page.locator("#br-turn").bounding_box()
        assert turn["height"] <= PHONE["viewport"]["height"] / 9, turn  # 113 px before, 86 now
        page.tap("#br-turn [data-cmd=run]")
        assert page.get_attribute("#br-turn", "data-phase") == "exploits"
        page.tap("#br-turn [data-cmd=move]")
        assert page.get_attribute("#br-turn", "data-phase") == "speed"
        page.tap("#br-turn [data-cmd=safe]")
        if page.get_attribute("#br-turn", "data-phase") == "reroll":
            page.tap("#br-turn [data-cmd=keep]")
        box = page.locator("#br-turn").bounding_box()
        assert box["y"] + box["height"] <= 844 + 1  # the turn's buttons stay on screen
        tab.check_clean()


def test_an_embedded_bots_only_game_shows_the_track_and_the_roll_only(chromium, server):
    with browsing(chromium, "breach-embed", [server], viewport={"width": 640, "height": 480}) as tab:
        page = tab.page()
        page.goto(server + "?embed#play=breach&seats=greedy,greedy,greedy,greedy&seed=4")
        wait_ready(page)
        page.wait_for_function("() => Number(document.documentElement.dataset.actions) >= 8", timeout=BOT_TIMEOUT_MS)
        assert page.locator("#board svg.breach-board .node").count() == 28
        assert page.is_visible("#br-turn") and page.is_visible("#demo-new") and page.is_visible("#open-full")
        for hidden in ("#br-hand", ".side", ".topbar", ".prompt"):
            assert page.is_hidden(hidden), hidden
        # measured in one call: the bots redraw the board while we look
        box = page.evaluate("""(() => {
            const svg = document.querySelector('#board svg').getBoundingClientRect();
            const bar = document.querySelector('.gamebar').getBoundingClientRect();
            return {width: svg.width, height: svg.height, top: svg.top, bar: bar.bottom,
                    scroll: document.documentElement.scrollHeight}; })()""")
        assert box["top"] < 10 and box["width"] > 640 * 0.9  # the track first, across the frame
        assert box["height"] > 480 * 0.45
        assert box["bar"] <= 480 + 1 and box["scroll"] <= 480  # the control bar in the frame, no scrolling
        tab.check_clean()


def test_on_a_phone_the_hand_is_one_row_and_the_track_starts_on_the_first_screen(chromium, server):
    with browsing(chromium, "breach-phone-hand", [server], **PHONE) as tab:
        page = tab.page()
        page.goto(server + "#play=breach&seats=human,greedy&players=2&seed=3")
        wait_ready(page)
        wait_human(page)
        height = PHONE["viewport"]["height"]
        box = page.evaluate("""(() => {
            const rect = (s) => document.querySelector(s).getBoundingClientRect();
            const row = document.querySelector('#br-hand .xcards');
            const tops = [...row.children].map(card => card.getBoundingClientRect().top);
            return {hand: rect('#br-hand').height, board: rect('#board svg').top, cards: row.children.length,
                    rows: new Set(tops.map(Math.round)).size, wide: row.scrollWidth > row.clientWidth + 10}; })()""")
        assert box["cards"] >= 3, box  # a full opening hand
        assert box["rows"] == 1 and box["wide"], box  # one row that scrolls sideways
        assert box["hand"] <= height * 0.25, box
        assert box["board"] <= height * 0.4, box  # the track starts on the first screen
        # issue 26 item 10: the second card of the hand was cut off
        whole = page.evaluate("""(() => {
            const row = document.querySelector('#br-hand .xcards');
            return row.children[1].getBoundingClientRect().right <= row.getBoundingClientRect().right + 1; })()""")
        assert whole
        # the last card can be scrolled to (in one call: the bot may redraw the hand meanwhile)
        shown = page.evaluate("""(() => {
            const row = document.querySelector('#br-hand .xcards');
            row.scrollLeft = row.scrollWidth;
            const last = row.lastElementChild.getBoundingClientRect();
            return last.left >= 0 && last.right <= window.innerWidth + 1; })()""")
        assert shown
        tab.check_clean()
