"""The replay viewer in Chromium: a seed link of a finished Backbone game
(the cheapest game to load) opens on its game-over card; Replay, step back
and forward by key, jump with Home/End, drag the slider, click a move in
the log, Play from here (a new game with its own link), and Back to the
replay of the original link. The logic is tested on CPython
(test_web_replay.py); this checks the page's wiring, in one page load."""

from __future__ import annotations

import pytest

from netarcade.bots import make_bot
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game
from netarcade.web.session import encode_link, new_setup
from support.browsing import browsing, data, wait_ready


pytestmark = pytest.mark.browser


def finished_backbone() -> tuple[str, list[str]]:
    """A short finished Backbone game between two greedy bots, as a seed link seating a human as P1."""
    game = get_game("backbone")
    match = Match(game, {"target": 4}, 11, actor=RandomActor(Rng(5)))
    bots = [make_bot("greedy", 10 + seat, game) for seat in range(2)]
    match.play_out(lambda seat: bots[seat].choose(game, match.state, seat))
    setup = new_setup("backbone", dict(match.options), 11, ("human", "greedy"))
    return encode_link(setup, match.actions), list(match.actions)


def replay_at(page) -> str:
    return data(page, "replay")


def test_step_through_a_finished_game_and_play_from_a_move(chromium, server):
    link, actions = finished_backbone()
    total = len(actions)
    with browsing(chromium, "replay", [server], viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(f"{server}#{link}")
        wait_ready(page)
        assert data(page, "state") == "over" and page.is_visible("#overlay")
        end_board = page.inner_html("#board")

        # the game-over card's Replay opens the viewer at the last move
        page.click('#overlay [data-cmd="replay"]')
        assert data(page, "state") == "replay" and replay_at(page) == str(total)
        assert page.is_hidden("#overlay") and page.is_visible("#replay")
        assert page.url.endswith(f"&at={total}")
        assert page.text_content("#status").startswith(f"Replay, move {total} of {total}: ")
        assert page.locator("#log .logstep").count() == total + 1  # the start and every move

        # keys: back, forward, Home, End
        page.keyboard.press("ArrowLeft")
        assert replay_at(page) == str(total - 1) and data(page, "actions") == str(total - 1)
        page.keyboard.press("ArrowRight")
        assert replay_at(page) == str(total) and page.inner_html("#board") == end_board
        page.keyboard.press("Home")
        assert replay_at(page) == "0" and page.is_disabled("#replay .rp-back")
        start_board = page.inner_html("#board")
        assert start_board != end_board
        page.keyboard.press("End")
        assert replay_at(page) == str(total) and page.is_disabled("#replay-branch")  # over: nothing to play

        # the slider
        page.eval_on_selector("#replay-slider", "(s) => { s.value = '5'; s.dispatchEvent(new Event('input', {bubbles: true})); }")
        assert replay_at(page) == "5" and page.url.endswith("&at=5")
        assert page.text_content("#replay-at") == f"5 / {total}"

        # a move in the log: the position after it, marked in the log
        page.click('#log .logstep[data-value="3"]')
        assert replay_at(page) == "3" and data(page, "actions") == "3"
        assert page.get_attribute('#log .logstep[data-value="3"]', "aria-current") == "step"
        assert page.get_attribute('#log .logstep[data-value="5"]', "aria-current") is None
        at_three = page.inner_html("#board")
        assert at_three not in (start_board, end_board)

        # a click on the board plays nothing in the viewer
        page.click("#board [data-name]", force=True)
        assert replay_at(page) == "3" and "replay" in page.text_content("#prompt").lower()

        # Play from here: a new game from move 3, with its own link
        original = page.url
        page.click("#replay-branch")
        page.wait_for_function("() => document.documentElement.dataset.state !== 'replay'")
        assert data(page, "replay") == "" and page.is_hidden("#replay")
        assert "&at=" not in page.url and page.url.split("&r=")[1] != link.split("&r=")[1]
        assert int(data(page, "actions")) >= 3
        assert page.evaluate("document.querySelector('#log .replay-log')") is None

        # Back: the original link's replay, at the move it was at
        page.go_back()
        page.wait_for_function("() => document.documentElement.dataset.replay === '3'")
        assert page.url == original and page.inner_html("#board") == at_three
        tab.check_clean()
