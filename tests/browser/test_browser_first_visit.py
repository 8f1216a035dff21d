"""A first visit and the seconds before Python is up (issue 13), in Chromium.

The bare address shows the home screen (every game's goal and "Play now");
until Python is up the board and the controls are inert and say why: a
click or a key there is refused visibly and never played later, also when
the page handles it only after Python is up; a new-game form sent meanwhile
is kept and sent once Python is up. A returning player gets "Back to your
game". On a phone, "Take it online" above a local game is one short line.
The home screen shows the progress line too and holds still when Python is
up; a game opened from low on the home screen opens at its top.

To hold the page before Python is up for as long as the test needs, the
test holds back the answer for our wheel (``netarcade-*.whl``) and lets it
go when done: the runtime is up by then, only our package is missing.
Same Chromium, flags, fixtures (``conftest.py``) and request filter (``browsing.py``) as every browser test.
"""

from __future__ import annotations

import pytest
from support.browsing import BOOT_TIMEOUT_MS, PHONE, browsing, data, open_setup, wait_ready


pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def hold_the_wheel(tab) -> list:
    """Hold back our wheel's answer; the routes to let go later. Until then
    the page may be busy starting the runtime (a long task on a loaded
    machine), which delays every click: the boot's time limit applies."""
    tab.context.set_default_timeout(BOOT_TIMEOUT_MS)
    held: list = []
    tab.context.route("**/netarcade-*.whl", lambda route: held.append(route))
    return held


def let_go(tab, page, held: list) -> None:
    """Let the wheel go (once the page has asked for it), and every later one."""
    for _ in range(BOOT_TIMEOUT_MS // 100):  # Pyodide asks for the wheel once the runtime is up
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the page never asked for the wheel"
    for route in held:
        route.continue_()
    tab.context.unroute("**/netarcade-*.whl")


def test_first_visit_is_the_home_screen_and_nothing_done_before_python_is_lost(chromium, server):
    with browsing(chromium, "first-visit", [server], fresh=True, **DESKTOP) as tab:
        held = hold_the_wheel(tab)
        page = tab.page()
        page.goto(server, wait_until="domcontentloaded")
        assert data(page, "view") == "home" and page.title() == "netarcade: choose a game"
        assert page.locator("#view-home .goal").count() == 4
        assert page.locator("#view-home a.play-now").count() == 4
        assert page.is_hidden("#resume")  # a first visit: no game to go back to

        # Play now works before Python: the game's layout at once, waiting for Python
        page.click("#game-backbone a.play-now")
        # the layout changes on the link's hashchange, a task after the click: wait for it
        page.wait_for_function("() => document.documentElement.dataset.view === 'game'")
        assert page.url.endswith("#play=backbone")
        assert page.title() == "netarcade: Backbone" and data(page, "ready") is None
        # the board and the controls look inert and say so
        assert page.get_attribute("#board", "aria-disabled") == "true"
        assert page.get_attribute("#controls", "aria-disabled") == "true"
        assert page.evaluate("getComputedStyle(document.querySelector('.board-wrap')).cursor") == "progress"
        # a click on the board and a tool key: refused, and the status says why
        box = page.locator("#board svg #hex-b2").bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert data(page, "bootRefused") == "1"
        assert "Python is still starting" in page.text_content("#status")
        page.keyboard.press("1")
        assert data(page, "bootRefused") == "2"
        page.click("#side [data-cmd=costs]")  # a button beside the board that needs Python: the same
        assert data(page, "bootRefused") == "3" and page.inner_text("#side [data-cmd=costs]") == "Hide"
        # an input made now that the page gets to only once Python is up (a busy page): refused too
        page.evaluate("window.early = new MouseEvent('click', {bubbles: true, cancelable: true})")

        let_go(tab, page, held)
        wait_ready(page)
        assert data(page, "actions") == "0" and "#play=backbone&seats=human,search&r=" in page.url
        assert "not played" in page.text_content("#prompt")
        assert page.get_attribute("#board", "aria-disabled") is None
        page.evaluate("document.getElementById('hex-b2').dispatchEvent(window.early)")
        assert data(page, "actions") == "0" and data(page, "bootRefused") == "4"
        page.click("#hex-b2")  # live now: the same click plays
        assert data(page, "actions") == "1"

        # a returning player (here: back to the bare address) is offered the game back
        page.goto(server)
        page.wait_for_function("() => document.documentElement.dataset.view === 'home'")
        assert page.inner_text("#resume") == "Back to your Backbone game"
        assert "&r=" in page.get_attribute("#resume", "href")
        # online play offered (a relay serves the page): the name card spans the whole row
        page.evaluate("document.documentElement.dataset.online = 'yes'")
        widths = page.evaluate("""[document.querySelector('.online-name'), document.querySelector('.games')]
            .map(e => e.getBoundingClientRect().width)""")
        assert widths[0] >= widths[1] - 1, widths
        page.reload(wait_until="domcontentloaded")  # a new visit: the same offer before Python is up
        assert data(page, "ready") is None and data(page, "view") == "home"
        assert page.is_visible("#resume") and page.inner_text("#resume") == "Back to your Backbone game"
        tab.check_clean()


def test_a_form_sent_before_python_is_up_starts_its_game_and_take_it_online_is_one_line(chromium, server):
    with browsing(chromium, "form-early", [server], fresh=True, **PHONE) as tab:
        held = hold_the_wheel(tab)
        page = tab.page()
        page.goto(server + "#home", wait_until="domcontentloaded")
        # on a phone the home screen is short: every form is folded ("Play now" first)
        assert page.evaluate("document.documentElement.scrollHeight") < 2000
        open_setup(page, "netcontrol")
        page.select_option("#f-netcontrol-seat2", "greedy")
        page.click("#game-netcontrol button[value=local]")
        assert data(page, "bootQueued") == "1" and data(page, "view") == "home"
        assert "Starting Python" in page.inner_text("#game-netcontrol .boot-wait")
        let_go(tab, page, held)
        wait_ready(page)
        page.wait_for_function("() => document.documentElement.dataset.view === 'game'")
        assert data(page, "game") == "netcontrol" and "seats=human,greedy,search" in page.url
        assert page.locator(".boot-wait").count() == 0

        # above a local game on a phone, "Take it online" is one short line
        page.evaluate("document.documentElement.dataset.online = 'yes'")
        bar = page.locator("#online")
        assert bar.is_visible() and bar.bounding_box()["height"] <= 48
        page.click("#online summary")  # the explanation, on demand
        assert "fresh deal" in page.inner_text("#take-why")
        tab.check_clean()


def card_top(page) -> float:
    return page.locator("#game-backbone").bounding_box()["y"]


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_home_screen_shows_how_far_python_is_and_holds_still(chromium, server, screen):
    """Issue 26, item 12 (the only sign of readiness was the name box
    appearing) and item 8 (the cards did not hold still)."""
    with browsing(chromium, f"home-boot-{screen}", [server], fresh=True, **(PHONE if screen == "phone" else DESKTOP)) as tab:
        held = hold_the_wheel(tab)
        page = tab.page()
        page.goto(server + "#home", wait_until="domcontentloaded")
        line = page.locator("#home-boot")
        assert line.is_visible() and "Python" in line.inner_text()
        # the relay probe answered (a static host: no online play, the name box gone)
        page.wait_for_function("() => !document.documentElement.hasAttribute('data-online')")
        top = card_top(page)
        let_go(tab, page, held)
        wait_ready(page)
        assert line.is_visible() and line.inner_text() == "Python is up: every game plays."
        assert card_top(page) == top
        # issue 39, item 13: Net Control's card names its five resources ("co ba fi sc me" had no
        # legend), each name shown whole on the screen
        names = page.evaluate("""[...document.querySelectorAll('#game-netcontrol .rname')].map(n => {
            const box = n.getBoundingClientRect();
            return {name: n.textContent, shown: box.width > 0 && box.left >= 0 && box.right <= innerWidth}; })""")
        assert [n["name"] for n in names] == ["compute", "bandwidth", "firewall", "scanner", "memory"], names
        assert all(n["shown"] for n in names), names
        tab.check_clean()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_game_opens_at_its_top(chromium, server, screen):
    """Issue 26, item 2: Home -> Breach -> Play now showed the page scrolled
    to where Breach's card was, the status line and the board's top off
    screen."""
    with browsing(chromium, f"open-top-{screen}", [server], fresh=True, **(PHONE if screen == "phone" else DESKTOP)) as tab:
        page = tab.page()
        page.goto(server + "#home")
        wait_ready(page)
        page.click("#game-breach .play-now")
        page.wait_for_function("() => document.documentElement.dataset.game === 'breach' && document.documentElement.dataset.state")
        assert page.evaluate("scrollY") == 0
        assert page.evaluate("document.getElementById('status').getBoundingClientRect().top") >= 0
        tab.check_clean()
