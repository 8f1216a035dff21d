"""A page in an online room, in Chromium: a room's link opened and its seat
taken, the page's dataset, the log's moves (tests/browser/test_browser_online.py,
test_browser_relay_failover.py)."""

from __future__ import annotations

from support.browsing import wait_ready

#: how long a room's page may take to show what the test waits for (a seat taken, a move, the game's
#: end): a bound on a wait for an event, which only a hang reaches. make test's last stretch runs the
#: browser tests of both its processes at once, and Analyse there keeps both cores busy (the engine's
#: worker and a helper): 15 s was once not enough for a resign button to show under that load.
ROOM_WAIT_MS = 60_000


def dataset(page, name):
    return page.evaluate(f"document.documentElement.dataset.{name}")


def join_by_link(page, link: str, name: str):
    """Open a room's link in ``page`` and take its open seat as ``name``."""
    page.goto(link, wait_until="domcontentloaded")
    wait_ready(page)
    page.wait_for_selector("form.joinseat", timeout=ROOM_WAIT_MS)
    page.fill("#online-name", name)
    page.click("form.joinseat button[type=submit]")
    return page


def log_texts(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('#log li code')].map(c => c.textContent)")

