"""Learn in Chromium: every lesson of every game completed by clicks at
1280x800 and by taps at 390x844, from ``#learn=<game>`` to the finished
card, with no request leaving the origin (``browsing.py``). The lesson says
what to press: its module's ``clicks`` turns each step's move into tool,
board element (``data-name``) and button presses (``("cmd", "pick=lag")``:
the button of that command whose ``data-value`` is ``lag``), or any element
by CSS selector (``press``), and the first tap a touch screen makes only to
see a piece where it would go (``aim``: a mouse shows it under the pointer,
so a click skips it); ``("pick", value)`` is a choice in a panel beside the
board (``data-cmd="pick"`` with that ``data-value``)."""

from __future__ import annotations

import importlib
import os

import pytest

from netarcade.games.registry import page_packages
from netarcade.web.inputwords import spoken
from netarcade.web.learn import lesson_for
from support.browsing import PHONE, browsing, wait_ready

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
LESSONS = [game_id for game_id in page_packages() if lesson_for(game_id) is not None]
#: NETARCADE_LEARN_SHOTS=<folder>: keep a screenshot of every step (to read the lesson as a learner sees it)
SHOTS = os.environ.get("NETARCADE_LEARN_SHOTS")


#: the texts inside outlined board elements (``data-ghost``) drawn with a stroke
STROKED_GHOST_TEXT = """() => [...document.querySelectorAll('#board [data-ghost] text')]
    .filter(text => getComputedStyle(text).stroke !== 'none').map(text => text.textContent)"""

#: is the prompt line (the step's sentence) inside the window?
PROMPT_IN_VIEW = """() => { const box = document.querySelector('#prompt').getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight; }"""

#: the game-over card's buttons that reach past the card's edge
BUTTONS_OUTSIDE_CARD = """() => { const card = document.querySelector('#overlay .over-card').getBoundingClientRect();
    return [...document.querySelectorAll('#overlay .over-card .actions > *')]
        .filter(b => b.getClientRects().length && b.getBoundingClientRect().right > card.right + 0.5)
        .map(b => b.textContent); }"""


def press(page, selector: str, tap: bool) -> None:
    (page.tap if tap else page.click)(selector)


def play_lesson(page, game_id: str, tap: bool, label: str) -> None:
    lesson = lesson_for(game_id)
    clicks = importlib.import_module(page_packages()[game_id] + ".lesson").clicks
    for number, (_, step) in enumerate(lesson.steps()):
        assert spoken(step.say, tap) in page.inner_text("#prompt"), (number, step.play)  # a phone's words: tap
        # the outlined targets keep their words readable: the outline strokes shapes, never text
        assert page.evaluate(STROKED_GHOST_TEXT) == [], (number, step.play)
        # and the sentence is on screen, even after a tap far down a phone's board
        assert page.evaluate(PROMPT_IN_VIEW), (number, step.play)
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{game_id}-{label}-{number:02d}.png")
        for how, name in clicks(step.play):
            if how == "tool":
                if page.get_attribute(f'#tools [data-tool="{name}"]', "aria-pressed") != "true":
                    press(page, f'#tools [data-tool="{name}"]', tap)
            elif how == "cmd":  # a button; "pick=lag": the one whose data-value is "lag"
                command, _, value = name.partition("=")
                valued = f'[data-value="{value}"]' if value else ""
                press(page, f'[data-cmd="{command}"]{valued}:visible', tap)
            elif how == "press":
                press(page, name, tap)
            elif how == "aim":
                if tap:
                    press(page, name, tap)
            elif how == "pick":  # a choice in a panel beside the board (a resource, an option)
                press(page, f'[data-cmd="pick"][data-value="{name}"]:visible', tap)
            else:
                press(page, f'#board [data-name="{name}"]', tap)
        expected = len(lesson.setup) + sum(1 + len(s.replies) for _, s in lesson.steps()[:number + 1])
        page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) === {expected}")
    page.wait_for_function("() => document.documentElement.dataset.state === 'over'")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{game_id}-{label}-done.png")


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_lesson_by_clicks_and_by_taps(chromium, server, game_id):
    for label, size, tap in (("desktop", DESKTOP, False), ("phone", PHONE, True)):
        with browsing(chromium, f"learn-{game_id}-{label}", [server], **size) as tab:
            page = tab.page()
            page.goto(server + f"#learn={game_id}")
            wait_ready(page)
            play_lesson(page, game_id, tap, label)
            # the finished card offers the real game against the gentle bot, its long label inside the card
            assert page.evaluate(BUTTONS_OUTSIDE_CARD) == [], label
            page.click('#overlay [data-cmd="rematch"]') if not tap else page.tap('#overlay [data-cmd="rematch"]')
            page.wait_for_function("() => location.hash.includes('seats=human,learner')")
            page.goto(server + "#home")  # the home screen marks the lesson done (kept in this browser)
            page.wait_for_function(f"() => document.querySelector('#game-{game_id} .learn.done') !== null")
            tab.check_clean()
