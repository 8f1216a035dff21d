"""Overwrite's lesson (web/games/overwrite/lesson.py): every rule it teaches
happens in its record (the pass, stacking unlocked, the Anti-virus, the
Defrag, the System Fail ending the game), Turn and Flip are each pressed,
and its ``clicks`` make every step through the page's own controls
(CPython, the controller with a recording screen; the browser test follows
the same clicks in Chromium)."""

from __future__ import annotations

import re

from netarcade.core.match import Match
from netarcade.games import get_game
from netarcade.web.games.overwrite.lesson import LESSON, clicks

from support.page import controller


def lesson_events() -> tuple[Match, list[dict]]:
    match = Match(get_game("overwrite"), LESSON.options, LESSON.seed, LESSON.record_actions())
    return match, match.events_since(-1)


def test_the_lesson_shows_every_rule_happening():
    match, events = lesson_events()
    mine = [event for event in events if event.get("seat") == LESSON.seat]
    kinds = [event["kind"] for event in mine]
    for kind in ("place", "reserve", "draw", "pass", "defrag"):
        assert kind in kinds
    passed = next(event for event in mine if event["kind"] == "pass")
    assert passed["discarded"]  # the drawn piece left the game (O28)
    unlocked = [index for index, event in enumerate(events) if event["kind"] == "unlock"]
    from_own_bank = [index for index, event in enumerate(events)
                     if event["kind"] == "place" and event.get("from") == "personal" and event["seat"] == LESSON.seat]
    assert unlocked and from_own_bank and from_own_bank[0] < unlocked[0]  # your own bank's piece joined the sides
    anti_virus = next(event for event in mine if event["kind"] == "place" and event["piece"].startswith("av"))
    assert anti_virus["removed"] and all(piece.startswith("2") for piece in anti_virus["removed"])
    over = events[-1]
    assert over["kind"] == "over" and over["reason"] == "system-fail"
    assert match.winners() == [LESSON.seat] and match.scores() == [30, 2]


def test_turn_and_flip_are_each_pressed():
    presses = [name for _, step in LESSON.steps() for how, name in clicks(step.play) if how == "cmd"]
    assert "rotate" in presses and "flip" in presses
    assert {"draw", "pass", "reserve"} <= set(presses)


def test_the_lesson_by_the_page_controls():
    """Each step made as its ``clicks`` say, through the controller: the bank
    piece picked, Turn and Flip, the Defrag tool and the cell under the
    piece's handle (a phone's aiming tap changes nothing here)."""
    control, _ = controller()
    control.route("#learn=overwrite")
    for number, (_, step) in enumerate(LESSON.steps()):
        before = len(control.session.actions)
        for how, name in clicks(step.play):
            if how == "cmd":
                control.command(name)
            elif how == "tool":
                control.select_tool(name)
            elif how == "name":
                control.click(name)
            elif how == "press":
                picked = re.search(r'data-cmd="pick"\]\[data-value="([^"]+)"', name)
                cell = re.search(r'data-name="([^"]+)"\] \.hit', name)
                assert picked or cell, name
                control.command("pick", picked.group(1)) if picked else control.click(cell.group(1))
            assert not control.table.message, (number, how, name, control.table.message)
        assert len(control.session.actions) == before + 1 + len(step.replies), (number, step.play)
    assert control.session.over and "Lesson done" in control.prompt()


def test_another_piece_or_cell_is_refused_with_the_step_sentence():
    """At the first step, 1I4 laid on the bottom side is a legal first piece
    but not the step's: the table says so with the step's sentence, and the
    position does not change; 1I4 touching no side is the engine's refusal."""
    control, _ = controller()
    control.route("#learn=overwrite")
    first = LESSON.steps()[0][1]
    control.command("pick", "1I4")
    control.click("c8")
    assert "legal, but" in control.table.message and first.say in control.table.message
    assert not control.table.message.endswith("..")  # the step's sentence ends the message once
    control.command("pick", "1I4")
    control.click("d5")
    assert control.table.message.startswith("Can't") and "legal, but" not in control.table.message
    assert control.session.actions == [] and control.session.step is first
