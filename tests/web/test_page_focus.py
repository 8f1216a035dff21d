"""The page's MicroPython on CPython: every file parses, and the focus keeper
(static/main/focus.py) works.

static/main/focus.py is plain Python that MicroPython and CPython both run; here it
works on a stand-in document: the focus waits on the board while a bot moves
and comes back, a disabled button holds it on the tool row, a spot pressed
by keyboard gets it again, and a card over the board takes it once; in
another page's frame none of that moves the focus unless the frame has it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "static" / "main" / "focus.py"
_spec = importlib.util.spec_from_file_location("page_focus", SOURCE)
focus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(focus)


class FakeNode:
    def __init__(self, doc, id="", attributes=None, text=""):
        self.doc, self.id, self.attributes, self.textContent = doc, id, dict(attributes or {}), text
        self.inside: dict[str, "FakeNode"] = {}

    def getAttribute(self, name):
        return self.attributes.get(name)

    def hasAttribute(self, name):
        return name in self.attributes

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def querySelector(self, selector):
        return self.inside.get(selector)

    def focus(self):
        self.doc.activeElement = self


class FakeDocument:
    """The board and tool row (kept by redraws) and the spots inside them (replaced)."""

    def __init__(self):
        self.body = FakeNode(self, "body")
        self.activeElement = self.body
        self.board = FakeNode(self, "board")
        self.tools = FakeNode(self, "tools")
        self.spots: dict[str, FakeNode] = {}
        self.card = None
        self.documentElement = FakeNode(self, "root")
        self.focused = True  # does this document (its frame) have the focus?

    def hasFocus(self):
        return self.focused

    def redraw(self, buttons):  # replace the spots; the focus falls to the body when its element goes
        self.spots = {sel: FakeNode(self, "", attrs) for sel, attrs in buttons.items()}
        if self.activeElement not in (self.board, self.tools, self.body):
            self.activeElement = self.body

    def querySelector(self, selector):
        if selector == focus.DIALOG:
            return self.card
        if selector == "#board [data-action]":
            return next((n for n in self.spots.values() if "data-action" in n.attributes), None)
        return self.spots.get(selector)

    def getElementById(self, name):
        return {"board": self.board, "tools": self.tools}.get(name)


def test_the_focus_waits_on_the_board_while_a_bot_moves_and_comes_back():
    doc = FakeDocument()
    keeper, spot = focus.Focus(doc), '[data-name="b2"]'
    doc.redraw({spot: {"data-name": "b2", "tabindex": "0", "data-action": "p1 router b2"}})
    doc.spots[spot].focus()
    before = keeper.remember()  # the player's action: the bot's turn, no spot is a button
    doc.redraw({spot: {"data-name": "b2"}})
    keeper.restore(before)
    assert doc.activeElement is doc.board
    assert doc.board.getAttribute("tabindex") == "-1"
    before = keeper.remember()  # the bot's reply: the spot is a button again and gets the focus back
    assert before is None  # the board itself has no data attribute
    doc.redraw({spot: {"data-name": "b2", "tabindex": "0", "data-action": "p1 router b2"}})
    keeper.restore(before)
    assert doc.activeElement is doc.spots[spot]


def test_a_disabled_button_holds_the_focus_on_the_tool_row_until_it_is_back():
    doc = FakeDocument()
    keeper, end = focus.Focus(doc), '[data-cmd="end"]'
    doc.redraw({end: {"data-cmd": "end"}})
    doc.spots[end].focus()
    before = keeper.remember()
    doc.redraw({end: {"data-cmd": "end", "disabled": ""}})
    keeper.restore(before)
    assert doc.activeElement is doc.tools
    keeper.restore(keeper.remember())  # a redraw with End still off: still waiting
    assert doc.activeElement is doc.tools
    assert keeper.held == end
    doc.redraw({end: {"data-cmd": "end"}})
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.spots[end]
    doc.activeElement = doc.body  # a player who moved elsewhere is not pulled back
    keeper.held = end
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.body
    assert keeper.held is None


def test_a_spot_pressed_by_keyboard_gets_the_focus_after_the_redraw():
    doc = FakeDocument()
    keeper, spot = focus.Focus(doc), '[data-name="c3"]'
    keeper.keyboard = "c3"
    doc.redraw({spot: {"data-name": "c3", "tabindex": "0"}})
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.spots[spot]
    assert keeper.keyboard is None


def test_a_card_over_the_board_takes_the_focus_once_on_its_autofocus_button():
    doc = FakeDocument()
    keeper = focus.Focus(doc)
    card = FakeNode(doc, "", {"class": "card"})
    card.inside["h2"] = FakeNode(doc, "", {}, text="Game over")
    card.inside["[autofocus]"] = again = FakeNode(doc, "", {"data-cmd": "fresh"})
    doc.card = card
    keeper.restore(keeper.remember())
    assert doc.activeElement is again
    doc.activeElement = doc.body  # the player moved on: the same card does not pull it back
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.body
    assert keeper.dialog == "Game over"


def test_in_another_page_s_frame_the_focus_moves_only_while_the_frame_has_it():
    """An embed whose bots end the game while the reader types in the page
    around it: the card opens without the focus; a person in the frame gets it."""
    doc = FakeDocument()
    doc.documentElement.setAttribute("data-framed", "")
    doc.focused = False
    keeper = focus.Focus(doc)
    card = FakeNode(doc, "", {"class": "card"})
    card.inside["h2"] = FakeNode(doc, "", {}, text="Draw, 4 to 4")
    card.inside["button:not([disabled]), a[href]"] = again = FakeNode(doc, "", {"data-cmd": "rematch"})
    doc.card = card
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.body
    doc.card = None  # a redraw with a control that had the focus once, before the reader left the frame
    end = '[data-cmd="end"]'
    doc.redraw({end: {"data-cmd": "end"}})
    keeper.restore(end)
    assert doc.activeElement is doc.body and keeper.held is None
    doc.focused = True  # the person clicked into the frame: its cards and redraws keep the focus again
    card.inside["h2"].textContent = "Search bot 1 wins"
    doc.card = card
    keeper.restore(keeper.remember())
    assert doc.activeElement is again


def test_every_micropython_file_of_the_page_parses():
    """A syntax error in static/main/*.py or static/worker/*.py shows only in a browser
    (the page never becomes ready): CPython's parser catches it here first."""
    files = sorted(SOURCE.parent.glob("*.py")) + sorted((SOURCE.parent.parent / "worker").glob("*.py"))
    assert {f.name for f in files} >= {"page.py", "dom.py", "ops.py", "inputs.py", "focus.py", "offline.py", "engine.py"}
    for path in files:
        compile(path.read_text(encoding="utf-8"), str(path), "exec", flags=0x2000)  # PyCF_ALLOW_TOP_LEVEL_AWAIT
