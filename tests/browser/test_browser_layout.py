"""The page at every size (issue 39), what only a browser shows: boxes on a
1280x800 screen served as players get it (by the relay, so "Take it online"
is offered), and keyboard focus.

- Every game at 1280x800: the status line, the board and the next thing to
  click (the tools or actions, the game bar) on one screen, nothing scrolled;
  Breach's hand and, after a Play that lights Nodes, those Nodes too.
- The "Take it online" line is kept from the first paint: the board does not
  move down when Python comes up and fills it.

The relay serving the site is conftest's ``relay_site`` (a returning player's
profile is made once through it, as for the online tests).
"""

from __future__ import annotations

import pytest

from support.browsing import browsing, wait_ready

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}

#: every element matched by the selectors that is rendered and lies (partly) off the screen
OFF_SCREEN = """(selectors) => selectors.flatMap(s => [...document.querySelectorAll(s)]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => { const b = e.getBoundingClientRect();
                return {s, text: (e.textContent || '').trim().slice(0, 30), top: Math.round(b.top),
                        bottom: Math.round(b.bottom), left: Math.round(b.left), right: Math.round(b.right)}; }))
    .filter(b => b.top < 0 || b.bottom > innerHeight + 0.5 || b.left < 0 || b.right > innerWidth + 0.5)"""

#: what each game's first decision needs on screen
IN_VIEW = {
    "backbone": ["#status", "#board svg", "#tools button", ".gamebar > button:not([hidden])"],
    "netcontrol": ["#status", "#board svg", "#tools .act", ".gamebar > button:not([hidden])"],
    "overwrite": ["#status", "#board svg", "#tools button", ".gamebar > button:not([hidden])"],
    "breach": ["#status", "#board svg", "#br-turn .act", ".gamebar > button:not([hidden])"],
}


def board_top(page) -> float:
    return page.evaluate("document.querySelector('#board').getBoundingClientRect().top")


def off_screen(page, selectors):
    return page.evaluate(OFF_SCREEN, selectors)


def test_every_game_fits_a_1280x800_screen_with_its_next_click(chromium, relay_site):
    base = relay_site.http + "/"
    with browsing(chromium, "layout-desktop", [base], pace="instant", **DESKTOP) as tab:
        painted = {}
        for game, selectors in IN_VIEW.items():
            page = tab.page()
            page.goto(base + f"#play={game}&seed=3", wait_until="domcontentloaded")
            page.wait_for_function("() => document.documentElement.dataset.online !== 'asking'")
            assert page.get_attribute("html", "data-online") == "yes"
            if page.get_attribute("html", "data-ready") is None:  # the board as first painted
                painted[game] = board_top(page)
            wait_ready(page)
            if game in painted:  # Python filled the online line: the board stayed put
                assert board_top(page) == painted[game], game
            page.wait_for_function("() => document.documentElement.dataset.state === 'human'")
            assert page.is_visible("#online [data-cmd=online-take]"), game  # served as players get it
            assert off_screen(page, selectors) == [], game
            assert page.evaluate("scrollY") == 0, game
            if game == "breach":
                # the Exploits' Play buttons with the track and the status
                page.click("#br-turn [data-cmd=run]")
                assert off_screen(page, ["#status", "#board svg", "#br-hand .cplay", "#br-turn .act"]) == []
                # a Play that lights Nodes: "Click a lit card on the board" with the board in view
                page.locator("#br-hand .xcard", has_text="BACKDOOR").locator(".cplay").click()
                assert "lit Node" in page.text_content("#prompt")
                lit = page.locator("#board [data-action]").count()
                assert lit >= 1
                assert off_screen(page, ["#status", "#prompt", "#board [data-action]"]) == []
                assert page.evaluate("scrollY") == 0
            page.close()
        assert painted, "Python was up before the first look: nothing measured"
        tab.check_clean()


#: WCAG's contrast ratio of two computed CSS colours ("rgb(r, g, b)")
CONTRAST = """(pair) => {
  const lum = (c) => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = pair.map(lum);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }"""


def contrast(page, one: str, other: str) -> float:
    return page.evaluate(CONTRAST, [one, other])


def test_keyboard_play_keeps_its_place_its_ring_and_the_status_line(chromium, relay_site):
    base = relay_site.http + "/"
    with browsing(chromium, "layout-keys", [base], pace="instant", **DESKTOP) as tab:
        page = tab.page()
        page.goto(base + "#home")
        wait_ready(page)
        # Play now by keyboard: the focus goes to the board, and the first Tab to a lit hex
        page.focus('#view-home a.play-now[href="#play=backbone"]')
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.documentElement.dataset.state === 'human'")
        assert page.evaluate("document.activeElement.id") == "board"
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.getAttribute('data-action')")
        assert focused and focused.startswith("p1 router "), focused
        # its focus ring: a light ring over the hex's dark fill, 3:1 at least against it and the board
        ring = page.evaluate("""(() => { const hex = document.activeElement;
            const ring = hex.querySelector('.kbd-ring');
            if (!ring || getComputedStyle(ring).display === 'none') return null;
            return {ring: getComputedStyle(ring).stroke, width: parseFloat(getComputedStyle(ring).strokeWidth),
                    cell: getComputedStyle(hex.querySelector('.cell')).fill,
                    board: getComputedStyle(document.querySelector('#board')).backgroundColor,
                    page: getComputedStyle(document.documentElement).backgroundColor}; })()""")
        assert ring is not None, "the focused hex has no focus ring"
        assert ring["width"] >= 2
        assert contrast(page, ring["ring"], ring["cell"]) >= 3, ring
        assert contrast(page, ring["ring"], ring["page"]) >= 3, ring
        # a lit hex without the focus shows no ring
        assert page.evaluate("[...document.querySelectorAll('#board [data-action]')].filter(h => h !== "
                             "document.activeElement && getComputedStyle(h.querySelector('.kbd-ring')).display "
                             "!== 'none').length") == 0

        # Breach: walking to the foot of the side column scrolls the page; the status line stays
        page.goto(base + "#play=breach&seed=3")  # the same document: the hash changes
        wait_ready(page)
        # Backbone's game was in the 'human' state already: wait for Breach's page itself (its rules)
        page.wait_for_function("() => (document.querySelector('#rules summary') || {}).textContent"
                               " === 'How to play Breach' && document.documentElement.dataset.state === 'human'")
        page.focus("#rules summary")
        assert page.evaluate("scrollY") > 0  # the page did scroll
        assert off_screen(page, ["#status"]) == []
        covered = page.evaluate("""(() => { const s = document.querySelector('.statusbar').getBoundingClientRect();
            const f = document.activeElement.getBoundingClientRect(); return f.top < s.bottom; })()""")
        assert not covered  # what has the focus is not under the status line
        tab.check_clean()
