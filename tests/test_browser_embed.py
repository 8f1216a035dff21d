"""The embed as a guest in another site's page (issue 39), in Chromium.

- An embed never moves the focus unless the person is in it: a reader
  typing in the page around a frame keeps every key when the frame's bot
  game ends (its game-over card used to pull the focus into the frame).
- ``?embed#play=<game>`` is a person's game, as on the full page; the bare
  ``?embed`` is the bots' loop.

Same fixtures (``conftest.py``) and request filter (``browsing.py``) as
every browser test; the other site is a second loopback server.
"""

from __future__ import annotations

import html

import pytest

from netarcade.bots import make_bot
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game
from netarcade.web.session import encode_link, new_setup

from browsing import BOOT_TIMEOUT_MS, BOT_TIMEOUT_MS, another_site, browsing, data, settle, wait_ready

pytestmark = pytest.mark.browser


def greedy_backbone(seats: tuple[str, str], cut: int = 0) -> str:
    """A short Backbone game of two greedy bots, as a seed link with ``seats``,
    its last ``cut`` moves left out (the bots of the link then play them)."""
    game = get_game("backbone")
    match = Match(game, {"target": 4}, 11, actor=RandomActor(Rng(5)))
    bots = [make_bot("greedy", 10 + seat, game) for seat in range(2)]
    match.play_out(lambda seat: bots[seat].choose(game, match.state, seat))
    actions = match.actions[:len(match.actions) - cut]
    return encode_link(new_setup("backbone", dict(match.options), 11, seats), actions)


def frame_of(page, origin: str):
    """The page's frame served from ``origin`` (the embed)."""
    for _ in range(BOOT_TIMEOUT_MS // 100):
        for frame in page.frames:
            if frame.url.startswith(origin):
                return frame
        page.wait_for_timeout(100)
    raise AssertionError(f"no frame from {origin}")


def frame_ready(frame) -> None:
    frame.wait_for_function("() => document.documentElement.dataset.ready === 'play'", timeout=BOOT_TIMEOUT_MS)


READER = """<!doctype html>
<html><head><meta charset="utf-8"><title>a blog post with a game in it</title>
<link rel="icon" href="data:,"></head>
<body style="margin:0;background:#fff;font:16px sans-serif">
<p><label>Your comment <input id="comment" autocomplete="off" style="width:30em"></label></p>
<iframe id="arcade" src="{src}" title="netarcade: Backbone" style="width:640px;height:440px;border:0"></iframe>
</body></html>
"""


def test_an_embed_never_takes_the_focus_from_the_page_around_it(chromium, server, tmp_path):
    """Its bots play the last three moves of a game while the reader types in
    the host page: the game-over card opens in the frame, the keys stay in the
    reader's field."""
    src = server + "?embed#" + greedy_backbone(("greedy", "greedy"), cut=3)
    (tmp_path / "host.html").write_text(READER.format(src=html.escape(src)), encoding="utf-8")
    with another_site(tmp_path) as host:
        with browsing(chromium, "embed-focus", [server, host], fresh=True,
                      viewport={"width": 1000, "height": 700}) as tab:
            page = tab.page()
            page.goto(host + "host.html")
            page.click("#comment")  # long before the frame's Python is up
            page.keyboard.type("Nice ")
            inner = frame_of(page, server)
            frame_ready(inner)
            inner.wait_for_function("() => document.documentElement.dataset.state === 'over'",
                                    timeout=BOT_TIMEOUT_MS)
            settle(inner)
            assert inner.is_visible("#overlay .over-card")  # the card is up, in the frame
            assert page.evaluate("document.activeElement.id") == "comment"
            assert not inner.evaluate("document.hasFocus()")
            page.keyboard.type("game, e and u!")  # End turn's and Undo's keys too
            assert page.input_value("#comment") == "Nice game, e and u!"
            assert page.evaluate("document.activeElement.id") == "comment"
            tab.check_clean()


def test_a_play_link_in_an_embed_is_a_person_s_game(chromium, server):
    """``?embed#play=backbone`` seats a person against the search bot, as the
    same hash does on the full page (it was bot against bot)."""
    with browsing(chromium, "embed-play", [server], viewport={"width": 640, "height": 440}) as tab:
        page = tab.page()
        page.goto(server + "?embed#play=backbone")
        wait_ready(page)
        assert data(page, "humans") == "1" and data(page, "state") == "human"
        assert page.text_content("#status").startswith("Your move")
        assert page.is_visible("#tools .tool") and page.is_hidden("#pause")  # no demo to pause
        page.click("#board [data-action]")  # a lit hex: the Router the turn starts with
        assert data(page, "actions") == "1"
        assert "seats=human,search" in page.get_attribute("#open-full", "href")
        tab.check_clean()
