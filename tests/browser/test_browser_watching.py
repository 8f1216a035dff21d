"""An online room as a visitor's browser shows it (issue 39, items 9 and 14),
through a real relay serving the site (conftest's ``relay_site``).

- Before Python is up, a room's link paints the room's game (this browser
  saw the room: a reload) or a neutral screen (it never did), never the
  default game's board and title: an init script records what each frame
  shows (the board's drawing, the title bar's game, the window's title) in
  ``requestAnimationFrame``, which runs just before the frame is painted.
- A spectator is shown what a spectator can do: no New game, no bots' pace,
  no build rows or greyed buttons; the prompt says what watching means.

The room is a two-seat Net Control game opened on the relay by a WebSocket
client (Ann, then a greedy bot), played past the opening placements by Ann's
client so the page shows a turn with build costs, then left by Ann.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from support.browser_online import ROOM_WAIT_MS
from support.browsing import browsing, wait_ready
from support.relay_harness import Client, run

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}

#: what every frame shows until Python is up (a frame's callbacks run just before its paint): the
#: board's drawing and the title bar's game when they are seen, the window's title; one entry per change
RECORD_PAINTS = """
window.__painted = [];
(function frame() {
  const root = document.documentElement, svg = document.querySelector('#board svg');
  const topic = document.getElementById('topic');
  const seen = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility === 'visible';
  const entry = {board: seen(svg) ? svg.getAttribute('class') || '?' : '',
                 topic: seen(topic) ? topic.textContent.trim() : '', title: document.title,
                 ready: root ? root.dataset.ready || '' : ''};
  const last = window.__painted[window.__painted.length - 1];
  if (!last || JSON.stringify(last) !== JSON.stringify(entry)) window.__painted.push(entry);
  if (entry.ready !== 'play') requestAnimationFrame(frame);
})();
"""


def make_room(url: str) -> str:
    """A Net Control room, Ann against a greedy bot, played past the opening placements by Ann's
    WebSocket client (random legal actions), then left; its code. Run in a thread of its own:
    Playwright's synchronous API holds this one's event loop."""
    async def open_and_play() -> str:
        ann = await Client.open(url)
        await ann.request({"kind": "create", "game": "netcontrol", "seats": ["human", "greedy"],
                           "options": {"players": 2}, "name": "Ann"})
        joined = await ann.wait_for(lambda f: f.get("kind") == "joined")
        room, token, rng = joined["room"], joined["token"], random.Random(39)
        deadline, seen = time.monotonic() + 60, 0
        while time.monotonic() < deadline:
            frame = ann.latest(room)
            if frame is None or not frame["legal"] or frame["version"] < seen:  # the bot's turn, or no answer yet
                await ann.wait_for(lambda f: f.get("kind") in ("state", "update"), 30, len(ann.frames))
                continue
            if not frame["view"]["phase"].startswith("setup"):
                break  # Ann's first turn after the opening placements
            await ann.request({"kind": "act", "room": room, "seat": 0, "token": token,
                               "action": rng.choice(frame["legal"]), "base": frame["version"]})
            seen = frame["version"] + 1
        else:
            raise AssertionError("the room's opening placements did not end")
        await ann.close()
        return room

    made: dict = {}
    worker = threading.Thread(target=lambda: made.update(room=run(open_and_play(), 90)))
    worker.start()
    worker.join()
    assert "room" in made, "the room was not made (see the thread's error above)"
    return made["room"]


@pytest.fixture(scope="module")
def room_link(relay_site):
    return f"{relay_site.http}/#online={make_room(relay_site.url)}"


def painted_before_python(page) -> list[dict]:
    return [entry for entry in page.evaluate("window.__painted") if entry["ready"] != "play"]


def watching(page) -> None:
    """The relay's view of the room is on the page (a spectator's online bar)."""
    wait_ready(page)
    page.wait_for_function("() => document.documentElement.dataset.conn === 'open' && "
                           "document.getElementById('online').textContent.includes('watching') && "
                           "document.querySelector('#board svg.nc-board')", timeout=ROOM_WAIT_MS)


def test_a_room_s_link_paints_its_game_or_a_neutral_screen_never_another_game(chromium, relay_site, room_link):
    """Issue 39, item 9: reloading an online Net Control room painted a Backbone board and
    title for 1-2 s before Python was up."""
    base = relay_site.http + "/"
    with browsing(chromium, "room-first-paint", [base], **DESKTOP) as tab:
        tab.context.add_init_script(RECORD_PAINTS)
        page = tab.page()
        page.goto(room_link, wait_until="domcontentloaded")
        watching(page)
        # a room this browser never saw: no game's board or title until the relay says which
        first = painted_before_python(page)
        assert first, "Python was up before the first frame: nothing seen"
        assert all(entry["board"] == "" and entry["topic"] == "" for entry in first), first
        assert all("Backbone" not in entry["title"] for entry in first), first

        # a reload: the room's game (Net Control's island, dimmed, its title) from the first frame on
        page.reload(wait_until="domcontentloaded")
        watching(page)
        again = painted_before_python(page)
        boards = {entry["board"] for entry in again} - {""}
        assert boards and all("nc-board" in board for board in boards), again
        assert {entry["topic"] for entry in again} - {""} == {"Net Control"}, again
        assert all("Backbone" not in entry["title"] for entry in again), again
        tab.check_clean()


#: the page's controls a person sees: their text and whether they are greyed out
SHOWN_CONTROLS = """(() => [...document.querySelectorAll('#tools button, #tools select, .gamebar button, .gamebar a, '
    + '.gamebar select, #pace')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility === 'visible')
  .map(e => ({id: e.id, text: e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 30),
              greyed: e.disabled || e.getAttribute('aria-disabled') === 'true'})))()"""


def test_a_spectator_is_shown_what_a_spectator_can_do(chromium, relay_site, room_link):
    """Issue 39, item 14: a spectator of a room in play saw New game, "Bots: normal" and greyed
    build buttons; the page shows it what it can do (Copy link, Share, the panels) and says so,
    on a desktop's screen and a phone's."""
    base = relay_site.http + "/"
    with browsing(chromium, "spectator", [base], **DESKTOP) as tab:
        page = tab.page()
        page.goto(room_link, wait_until="domcontentloaded")
        watching(page)
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            shown = page.evaluate(SHOWN_CONTROLS)
            texts = [control["text"] for control in shown]
            assert not any(text.startswith(("New game", "Bots:", "Undo", "End turn")) for text in texts), shown
            assert [control for control in shown if control["greyed"]] == [], shown
            assert "Copy link" in texts or width < 900 and "Share" in texts, shown
            said = page.text_content("#prompt")
            assert said.startswith("You are watching") and "Copy link" in said, said
            assert page.is_visible("#prompt"), width
        assert page.get_attribute("html", "data-watching") == "yes"  # what the stylesheet reads
        tab.check_clean()
