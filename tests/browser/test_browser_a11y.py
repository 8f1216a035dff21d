"""A screen reader's game in Chromium (issue 14): the axe-core audit (from
node_modules, injected into the page: no request leaves the local server)
finds no serious or critical violation on the home screen, on each game's
table, on a confirmation and on the game-over card; a player who asked for
less motion sees nothing blink; a move is announced in
words in the live region; a card that opens takes the focus; the
accessibility tree of a Backbone turn reads as docs/web.md says.

One browser context and one page visit every screen (a hash change each),
so the whole test costs one page load. Same Chromium, flags, fixtures
(``conftest.py``) and request filter (``browsing.py``) as every browser test.
"""

from __future__ import annotations

import pytest

from support.browsing import BOT_TIMEOUT_MS, browsing, wait_ready, wait_state
from support.browser_a11y import audit, axe_script  # noqa: F401 - axe_script is a fixture

pytestmark = pytest.mark.browser

#: each game's table, a human to move against a greedy bot
TABLES = {
    "backbone": "#play=backbone&seats=human,greedy&seed=5&map=seeded",
    "netcontrol": "#play=netcontrol&seats=human,greedy&seed=4",
    "overwrite": "#play=overwrite&seats=human,greedy&seed=4",
    "breach": "#play=breach&seats=human,greedy&seed=4",
}


def test_axe_finds_nothing_serious_and_a_turn_is_heard(chromium, server, axe_script):
    with browsing(chromium, "a11y", [server], viewport={"width": 1280, "height": 800}) as tab:
        tab.context.add_init_script("localStorage.setItem('netarcade.pace', 'instant')")  # bots reply at once
        page = tab.page()
        page.goto(server + "#home")
        wait_ready(page)
        # axe as a script file of the site's origin: the site's policy runs no inline script
        page.route(server + "axe.min.js", lambda route: route.fulfill(path=axe_script, content_type="text/javascript"))
        page.add_script_tag(url=server + "axe.min.js")
        audit(page, "home screen")
        # a player who asked for less motion: the blinking cursor stands still (app.css stills the thinking dot alike)
        cursor = "getComputedStyle(document.querySelector('.brand .cursor')).animationName"
        assert page.evaluate(cursor) == "blink"
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(cursor) == "none"
        page.emulate_media(reduced_motion="no-preference")
        for game, link in TABLES.items():
            page.evaluate(f"location.hash = {link!r}")
            page.wait_for_function(f"() => document.documentElement.dataset.game === {game!r}")
            wait_state(page, "human")
            audit(page, f"{game}'s table")
        # Backbone: a move by keyboard is heard as a sentence, the bot's reply too
        page.evaluate(f"location.hash = {TABLES['backbone']!r}")
        wait_state(page, "human")
        spot = page.get_attribute("#board [data-action]", "data-name")
        page.focus("#board [data-action]")
        page.keyboard.press("Enter")
        assert page.text_content("#announce") == f"You build a Router on {spot}."
        tree = page.locator("#view-game").aria_snapshot()
        assert f'paragraph: You build a Router on {spot}.' in tree
        assert "status: \"Your move: 1 action left" in tree
        assert 'button "Router 2 BW" [pressed]' in tree  # the visible text is the name
        assert "img \"" in tree and "your router" in tree  # pieces are named with their owner
        page.keyboard.press("e")  # end the turn: the bot replies
        page.wait_for_function("() => document.getElementById('announce').textContent.startsWith('Greedy bot ')",
                               timeout=BOT_TIMEOUT_MS)
        wait_state(page, "human")
        # a confirmation takes the focus (on its safe answer), and so does the game-over card
        page.click("#resign")
        assert page.evaluate("document.activeElement.dataset.cmd") == "resign-no"
        audit(page, "the resign confirmation")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.dataset.cmd") == "resign-yes"
        page.keyboard.press("Enter")
        page.wait_for_selector("#overlay .over-card")
        assert page.evaluate("document.activeElement.dataset.cmd") == "rematch"
        assert "You resign." in page.text_content("#announce")
        audit(page, "the game-over card")
        tab.check_clean()
