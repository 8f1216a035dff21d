"""Rules at a glance in Chromium, at 1280x800 by clicks and at 390x844 by
taps: every game's card opened from its home-screen card shows its picture
with a numbered mark per label and the legend naming them, fits the screen's
width, takes the focus on its heading, opens the full rules from the
keyboard, and axe finds nothing serious on it; a game's rules panel leads to its card and the card back to the
game, unchanged. No request leaves the origin (``browsing.py``).
``NETARCADE_GLANCE_SHOTS=<folder>`` keeps a screenshot of each card."""

from __future__ import annotations

import os

import pytest

from netarcade.games.registry import page_packages
from netarcade.web.glance import glance_for
from netarcade.web.pages import page_for
from support.browsing import PHONE, browsing, data, wait_ready
from support.browser_a11y import audit, axe_script  # noqa: F401 - axe_script is a fixture

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
GAMES = [game_id for game_id in page_packages() if glance_for(game_id) is not None]
SHOTS = os.environ.get("NETARCADE_GLANCE_SHOTS")


def check_card(page, game_id: str, label: str) -> None:
    card, title = glance_for(game_id), page_for(game_id).title
    page.wait_for_function(f"() => document.documentElement.dataset.view === 'glance' && "
                           f"document.querySelector('#glance-title')?.textContent === {title + ' at a glance'!r}")
    assert page.evaluate("document.activeElement.id") == "glance-title"  # a keyboard starts at the card
    assert page.title() == f"netarcade: {title} at a glance"
    # the legend names every label, in order, each beside its number; the picture has the numbers
    legend = page.locator("#glance .glance-legend li")
    assert legend.count() == len(card.labels)
    for number, item in enumerate(card.labels, start=1):
        entry = legend.nth(number - 1)
        assert entry.is_visible() and entry.inner_text().split(maxsplit=1) == [str(number), f"{item.piece}: {item.text}"]
    marks = page.locator("#glance .glance-picture svg .gl-mark")
    assert marks.count() == len(card.labels) and marks.first.is_visible()
    assert page.locator("#glance .glance-goal").inner_text() == f"Goal: {card.goal}"
    assert page.locator("#glance .glance-turn").inner_text() == f"A turn: {card.turn}"
    # the picture is one image for a screen reader, named by its caption
    assert page.get_attribute("#glance .glance-picture", "aria-label") == card.caption
    # nothing wider than the screen, and the picture a readable size on it
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("#glance .glance-picture svg").bounding_box()
    assert box["width"] >= min(340, width * 0.5) and box["x"] >= 0 and box["x"] + box["width"] <= width
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{game_id}-{label}.png")
        page.screenshot(path=f"{SHOTS}/{game_id}-{label}-full.png", full_page=True)
    # the full rules, one key press away: Tab from the heading reaches its summary before the buttons
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#glance-rules > summary')"):
            break
    assert page.evaluate("document.activeElement.matches('#glance-rules > summary')")
    page.keyboard.press("Enter")
    body = page.locator("#glance-rules .rules-body")
    body.wait_for(state="visible")
    assert "Goal." in body.inner_text()


@pytest.mark.parametrize("label", ["desktop", "phone"])
def test_every_card_from_the_home_screen_and_from_a_game_s_rules_panel(chromium, server, axe_script, label):
    size, tap = (DESKTOP, False) if label == "desktop" else (PHONE, True)
    press = "tap" if tap else "click"
    with browsing(chromium, f"glance-{label}", [server], **size) as tab:
        page = tab.page()
        page.goto(server + "#home")
        wait_ready(page)
        # axe as a script file of the site's origin (test_browser_a11y.py: the site's policy runs no inline script)
        page.route(server + "axe.min.js", lambda route: route.fulfill(path=axe_script, content_type="text/javascript"))
        page.add_script_tag(url=server + "axe.min.js")
        for game_id in GAMES:
            getattr(page, press)(f'#game-{game_id} a.glance')
            check_card(page, game_id, label)
            audit(page, f"{game_id}'s rules card")
            getattr(page, press)('#glance a[href="#home"]')
            page.wait_for_function("() => document.documentElement.dataset.view === 'home'")
        # from a game: its rules panel leads to the card, and the card back to the same game
        game_id = GAMES[-1]
        page.goto(server + f"#play={game_id}&seed=5")  # you against search bots
        page.wait_for_function("() => document.documentElement.dataset.view === 'game' && "
                               "document.documentElement.dataset.state === 'human'")
        link = page.evaluate("location.hash")
        actions = data(page, "actions")
        getattr(page, press)("#rules > summary")
        getattr(page, press)(f'#rules a[href="#glance={game_id}"]')
        check_card(page, game_id, f"{label}-from-game")
        getattr(page, press)("#glance .actions a.primary")  # "Back to your ... game"
        page.wait_for_function("() => document.documentElement.dataset.view === 'game'")
        assert page.evaluate("location.hash") == link and data(page, "actions") == actions
        tab.check_clean()
