"""The embed as a guest in another site's page (issue 39), in Chromium.

- An embed never moves the focus unless the person is in it: a reader
  typing in the page around a frame keeps every key when the frame's bot
  game ends (its game-over card used to pull the focus into the frame).
- ``?embed#play=<game>`` is a person's game, as on the full page; the bare
  ``?embed`` is the bots' loop.
- A playable embed at 640x440 and at 400x300 keeps its status line, its
  tools (with their costs) and its game-over card readable and whole:
  boxes measured, not looked at.
- The full page's Share dialog offers the link and a ready ``<iframe>``
  snippet of the game, each copied with one click; the snippet, put in
  another site's page, opens the same game there, playable.

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

from support.browsing import BOOT_TIMEOUT_MS, BOT_TIMEOUT_MS, another_site, browsing, data, settle, wait_ready

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


#: what a player of the frame sees, measured in one call (the bots may redraw meanwhile)
MEASURE = """(() => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; };
  const clipped = (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const status = document.getElementById('status');
  return {
    vw: innerWidth, vh: innerHeight,
    status: {...box(status), clipped: clipped(status), text: status.textContent,
             font: parseFloat(getComputedStyle(status).fontSize)},
    tools: [...document.querySelectorAll('#tools .tool')].map((tool) => {
      const cost = tool.querySelector('.tool-cost');
      return {...box(tool), clipped: clipped(tool), name: tool.dataset.tool,
              cost: cost && shown(cost) ? {...box(cost), text: getComputedStyle(cost, '::after').content + cost.textContent} : null};
    }),
    buttons: [...document.querySelectorAll('#tools .end-turn, .gamebar > *')].filter(shown)
      .map((b) => ({...box(b), clipped: clipped(b), text: b.textContent})),
    board: box(document.querySelector('#board svg')),
    scroll: document.documentElement.scrollHeight,
  };
})()"""

#: the game-over card, measured the same way
MEASURE_CARD = """(() => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; };
  const overlay = document.getElementById('overlay');
  const card = overlay.querySelector('.over-card');
  const shown = (e) => e.getClientRects().length > 0;
  return {
    vw: innerWidth, vh: innerHeight, card: box(card),
    scrolls: overlay.scrollHeight > overlay.clientHeight + 1 || card.scrollHeight > card.clientHeight + 1,
    parts: [...card.querySelectorAll('h2, .detail, figure, .actions > *')].filter(shown)
      .map((e) => ({...box(e), text: e.textContent.slice(0, 40)})),
  };
})()"""


def inside(box: dict, width: float, height: float) -> bool:
    return box["left"] >= -1 and box["top"] >= -1 and box["right"] <= width + 1 and box["bottom"] <= height + 1


SIZES = ({"width": 640, "height": 440}, {"width": 400, "height": 300})


def test_a_playable_embed_keeps_its_status_tools_and_game_over_card_whole(chromium, server):
    """At 640x440 the status line was squeezed to a few pixels ("Y"), the
    tools were icons without costs and the game-over card ran out of the
    frame; at 400x300 too."""
    live = "play=backbone&seats=human,greedy&seed=4"
    with browsing(chromium, "embed-sizes", [server], viewport=SIZES[0]) as tab:
        page = tab.page()
        page.goto(f"{server}?embed#{live}")
        wait_ready(page)
        for size in SIZES:
            page.set_viewport_size(size)
            seen = page.evaluate(MEASURE)
            width, height = seen["vw"], seen["vh"]
            status = seen["status"]
            assert status["text"].startswith("Your move"), seen
            assert not status["clipped"] and inside(status, width, height), (size, status)
            assert status["w"] >= width * 0.3 and status["h"] >= status["font"], (size, status)
            assert len(seen["tools"]) == 8, seen
            for tool in seen["tools"]:
                assert inside(tool, width, height) and not tool["clipped"], (size, tool)
                cost = tool["cost"]
                assert cost is not None and cost["w"] > 4 and inside(cost, width, height), (size, tool)
                assert cost["left"] >= tool["left"] - 1 and cost["right"] <= tool["right"] + 1, (size, tool)
            texts = [button["text"] for button in seen["buttons"]]
            assert any("End turn" in text for text in texts) and any("Open in arcade" in text for text in texts)
            for button in seen["buttons"]:
                assert inside(button, width, height) and not button["clipped"], (size, button)
            assert seen["board"]["h"] >= height * 0.45 and seen["scroll"] <= height, (size, seen["board"])
        # the same frame, the game over (a new link in the frame's address: no new start of Python)
        page.goto(f"{server}?embed#{greedy_backbone(('human', 'greedy'))}")
        page.wait_for_function("() => document.documentElement.dataset.state === 'over'", timeout=BOT_TIMEOUT_MS)
        for size in reversed(SIZES):
            page.set_viewport_size(size)
            seen = page.evaluate(MEASURE_CARD)
            assert inside(seen["card"], seen["vw"], seen["vh"]) and not seen["scrolls"], (size, seen)
            for part in seen["parts"]:
                assert inside(part, seen["vw"], seen["vh"]) and part["h"] > 0, (size, part)
            assert any(part["text"] == "Play again" for part in seen["parts"]), seen
        tab.check_clean()


def test_share_offers_the_link_and_an_iframe_of_this_game_copied_with_one_click(chromium, server, tmp_path):
    with browsing(chromium, "share", [server], viewport={"width": 1280, "height": 800}) as tab:
        tab.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
        page = tab.page()
        page.goto(server + "#play=backbone&seats=human,greedy&seed=42&target=12&map=seeded")
        wait_ready(page)
        page.click("#hex-b2")
        page.click("#share")
        dialog = page.locator("#overlay [role=dialog]")
        assert dialog.is_visible() and "Share" in dialog.locator("h2").inner_text()
        link = page.input_value("#share-link")
        assert link == page.url and "&r=" in link
        snippet = page.input_value("#share-embed")
        src = server + "?embed#" + link.partition("#")[2]
        assert snippet.startswith(f'<iframe src="{html.escape(src)}"') and snippet.endswith("</iframe>")
        assert 'title="netarcade: Backbone"' in snippet
        page.click('#overlay [data-cmd="share-copy"][data-value="embed"]')
        page.wait_for_function("() => document.documentElement.dataset.copied")
        assert page.evaluate("navigator.clipboard.readText()") == snippet
        assert page.text_content("#share-said") == "Embed code copied: paste it into your page's HTML."
        page.evaluate("delete document.documentElement.dataset.copied")
        page.click('#overlay [data-cmd="share-copy"][data-value="link"]')
        page.wait_for_function("() => document.documentElement.dataset.copied")
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert page.text_content("#share-said") == "Link copied: opening it shows this exact position."
        page.keyboard.press("Escape")
        assert page.is_hidden("#overlay") and data(page, "actions") == "1"
        tab.check_clean()
    # the snippet in another site's page: the same game, the person's move to make
    (tmp_path / "host.html").write_text(f"<!doctype html><title>a page</title><link rel=icon href='data:,'>{snippet}",
                                        encoding="utf-8")
    with another_site(tmp_path) as host:
        with browsing(chromium, "share-embed", [server, host], fresh=True,
                      viewport={"width": 800, "height": 600}) as tab:
            page = tab.page()
            page.goto(host + "host.html")
            inner = frame_of(page, server)
            frame_ready(inner)
            assert inner.evaluate("document.documentElement.dataset.actions") == "1"
            assert inner.evaluate("document.documentElement.dataset.state") == "human"
            assert page.locator("iframe").bounding_box()["width"] == 640
            tab.check_clean()
