"""Hint in Chromium in all four games (issue 38, "Hints that teach"): the
hint's sentence is on screen in the prompt line, not only in the live
region; the board outlines what it names, and says "outlined" only then
(Breach's Run Exploits is a button); Net Control writes the names the hint
says beside the points; Overwrite picks the hinted piece up, its ghost on
the hinted cell, and a click there (a tap on a phone) plays exactly the
hinted move. The words themselves are tested on CPython
(test_web_hint_words.py); this checks what a player sees and clicks."""

from __future__ import annotations

import re

import pytest

from support.browsing import PHONE, browsing, data, wait_ready, wait_state

pytestmark = pytest.mark.browser

HINTED = "() => document.getElementById('announce').textContent.startsWith('Hint')"


def ask(page) -> str:
    """Press Hint and wait for the words; the prompt line's text, checked on screen."""
    wait_state(page, "human")
    page.click("#hint")
    page.wait_for_function(HINTED, timeout=120_000)
    said = page.text_content("#announce").removeprefix("Hint: ").removesuffix(".")
    prompt = page.locator("#prompt")
    assert prompt.is_visible() and prompt.bounding_box()["y"] >= 0
    shown = prompt.inner_text()
    assert shown.startswith("Hint: ")
    return shown, said


def test_hint_words_outline_and_labels_in_every_game(chromium, server):
    with browsing(chromium, "hints", [server], pace="instant", viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(server + "#play=backbone&seats=human,greedy&seed=5")
        wait_ready(page)
        shown, said = ask(page)
        assert said in shown and shown.endswith("(the search bot's suggestion, outlined on the board).")
        hex_ = re.search(r" on ([a-i][1-9])\b", said).group(1)
        assert page.locator(f'#board [data-ghost][data-name="{hex_}"]').count() == 1

        page = tab.page()  # a page of its own: the last game's hint is still in the live region
        page.goto(server + "#play=netcontrol&seats=human,greedy&seed=5")
        wait_ready(page)
        assert page.locator("#board .name-tag").count() == 0
        shown, said = ask(page)
        named = re.findall(r"\b[vet]\d+\b", said)
        assert named and said in shown and "outlined on the board" in shown
        for name in named:  # outlined, and its name written beside it
            assert page.locator(f'#board [data-ghost][data-name="{name}"]').count() == 1
            assert page.locator(f'#board .name-tag[data-tag="{name}"]').is_visible()
            assert page.locator(f'#board .name-tag[data-tag="{name}"]').text_content() == name

        page = tab.page()  # a page of its own: the last game's hint is still in the live region
        page.goto(server + "#play=breach&seats=human,greedy&seed=5")
        wait_ready(page)
        shown, said = ask(page)
        assert said == "run Exploits" and shown == "Hint: run Exploits (the search bot's suggestion)."
        assert page.locator("#board [data-ghost]").count() == 0

        page = tab.page()  # a page of its own: the last game's hint is still in the live region
        page.goto(server + "#play=overwrite&seats=human,human&seed=5")
        wait_ready(page)
        shown, said = ask(page)
        cell = re.search(r"click ([a-j]\d+)", shown).group(1)
        covered = re.search(r"covering ([a-j0-9, and]+):", said).group(1)
        # picked up as the hint lays it: the cursor's ghost on the hinted cell, the piece's button pressed
        assert page.get_attribute("#board .target.cursor", "data-name") == cell
        assert page.locator("#board .target.cursor .ghost").is_visible()
        assert page.locator("#ow-bank .bankpiece.on").count() == 1
        page.locator(f'#board .target[data-name="{cell}"] .hit').click()
        assert data(page, "actions") == "1"
        assert f" on {covered}." in page.text_content("#announce")  # the move said: its cells
        piece = re.search(r"place (\S+) from", said).group(1)
        assert f"place {piece} " in page.inner_text("#log")  # the log's notation: that piece
        tab.check_clean()


def test_on_a_phone_the_hinted_overwrite_cell_plays_the_hint_with_one_tap(chromium, server):
    with browsing(chromium, "hints-phone", [server], **PHONE) as tab:
        page = tab.page()
        page.goto(server + "#play=overwrite&seats=human,human&seed=5")
        wait_ready(page)
        shown, said = ask(page)
        cell = re.search(r"tap ([a-j]\d+)", shown).group(1)  # the phone's words
        covered = re.search(r"covering ([a-j0-9, and]+):", said).group(1)
        box = page.locator(f'#board .target[data-name="{cell}"] .hit').bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert data(page, "actions") == "1"
        assert f" on {covered}." in page.text_content("#announce")  # the move said: its cells
        tab.check_clean()
