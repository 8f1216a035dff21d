"""One decision of a human in a game's page in Chromium, taken by clicks as a
plain player would (Backbone, Overwrite, Breach): the local browser tests'
players, which the online browser tests reuse."""

from __future__ import annotations

import re

from support.browsing import data


def backbone_turn(page, rng) -> str:
    """A Router on a lit hex when there is one, else End turn (four Ends in
    a row would end the game)."""
    if page.get_attribute('[data-tool="router"]', "aria-pressed") != "true":
        page.click('[data-tool="router"]', force=True)  # a new turn picks Router by itself
    lit = page.locator("#board [data-action]")
    if lit.count():
        lit.nth(rng.randrange(lit.count())).click()
        return "router"
    page.keyboard.press("Escape")
    page.click("#tools .end-turn")
    return "end"


LIT = "#board .target[data-action]"
FREE_PIECE = "#ow-bank .bankpiece:not(.off)"


def my_turn(page, explained: list) -> str:
    """Take one decision as a simple player would; returns what was done."""
    draw = page.locator("#ow-bank [data-cmd=draw]:not([aria-disabled])")
    if draw.count():
        draw.click()
        return "draw"
    pieces = page.locator(FREE_PIECE)
    for index in range(pieces.count()):
        page.click(f"{FREE_PIECE} >> nth={index}")
        if page.locator("#ow-bank [data-tool=defrag][aria-pressed=true]").count():
            page.click("#board .cell.hl-move-from >> nth=0")  # Defrag: the piece first
        for turn in range(8):
            if page.locator(LIT).count():
                break
            page.keyboard.press("r" if turn % 2 == 0 else "f")
        if not page.locator(LIT).count():
            page.keyboard.press("Escape")
            continue
        if not explained and page.locator("#board .target.bad").count():
            # a cell where the piece does not fit: the engine says why, nothing changes
            actions = data(page, "actions")
            page.locator("#board .target.bad .hit").first.click()  # the cell itself (the box includes the ghost)
            assert page.text_content("#prompt").startswith("Can't "), page.text_content("#prompt")
            assert data(page, "refused") and data(page, "actions") == actions
            explained.append(data(page, "refused"))
        target = page.locator(LIT).first
        target.locator(".hit").hover()
        assert target.locator(".ghost").is_visible()  # the piece as it would lie, under the pointer
        target.locator(".hit").click()
        return "place"
    if page.locator("#ow-bank [data-cmd=pass]").count():
        page.click("#ow-bank [data-cmd=pass]")
        return "pass"
    page.click(f"{FREE_PIECE}.mine >> nth=0")
    page.keyboard.press("v")
    return "reserve"


PRESSURE = ("lag", "trace", "frame")


def _layer(name: str) -> tuple[int, str]:
    return int(name[:-1]), name


def decide(page) -> str:
    """One decision of the human, by clicks, as a plain player would take it."""
    phase = page.get_attribute("#br-turn", "data-phase")
    if phase == "modify":
        page.click("#br-turn [data-cmd=run]")
        return "run"
    if phase == "exploits":
        for button in page.locator("#br-hand .cplay[data-tool]:not(.off)").all():
            card = button.get_attribute("data-tool")
            if card in PRESSURE:
                button.click()
                assert "Play " in page.inner_text("#br-turn .chooser")
                page.click("#br-turn .target >> nth=0")
                return "play"
        page.click("#br-turn [data-cmd=move]")
        return "move"
    if phase == "window":
        assert "costs 2 Exploits" in page.inner_text("#br-turn .window")
        picks = page.locator("#br-hand .cplay.pick")
        if picks.count() >= 2:
            verb = "block" if "block it?" in page.text_content("#status") else "counter"
            picks.nth(0).click()
            assert page.locator("#br-hand .cplay.pick.on").count() == 1
            page.locator("#br-hand .cplay.pick").nth(1).click()
            return verb
        page.click("#br-turn [data-cmd=pass]")
        return "pass"
    if phase == "speed":
        sprint = page.locator("#br-turn [data-cmd=sprint]")
        (sprint if "off" not in sprint.get_attribute("class") else page.locator("#br-turn [data-cmd=safe]")).click()
        return "speed"
    if phase == "reroll":
        assert page.locator("#br-turn .die-btn").count() >= 1  # a die may be picked to reroll
        page.click("#br-turn [data-cmd=keep]")
        return "keep"
    if phase == "move":
        assert re.search(r"move: \d+ Bandwidth left", page.text_content("#status"))
        lit = [el.get_attribute("data-name") for el in page.locator("#board [data-action]").all()]
        assert lit, "a move with nothing lit"
        payload = "PAYLOAD" in page.inner_text("#players .player.p1")
        ends = [name for name in lit if name in ("root", "edge")]
        nodes = [name for name in lit if name not in ("root", "edge")]
        target = ends[0] if ends else (min if payload else max)(nodes, key=_layer)
        page.click(f'#board [data-name="{target}"]')
        return "enter"
    if phase == "discard":
        page.click("#br-hand .cplay.pick >> nth=0")
        return "discard"
    if phase == "crash":
        page.click("#board [data-action] >> nth=0")
        return "crash"
    raise AssertionError(f"unknown phase {phase!r}")

