"""The page as a newcomer meets it (issue 13), DOM-free on CPython: what a
bad link leaves on screen, turn numbers, the pace control, Resign."""

from __future__ import annotations

from test_web_controller import controller

from netarcade.web import views
from netarcade.web.pages import page_for
from netarcade.web.session import linked_game


def test_a_bad_link_names_its_game_and_a_fresh_start_opens_that_game():
    control, screen = controller()
    control.route("#play=netcontrol&seats=human,search&seed=x")
    assert control.table is None and control.page is None
    assert control.broken_game == "netcontrol"
    assert screen.calls[-1][0] == "link-error"
    assert views.tab_title(control.page, control.broken_game) == "netarcade: Net Control"
    control.fresh()
    assert control.session.setup.game == "netcontrol" and control.broken_game is None
    assert control.session.setup.seats[0] == "human"


def test_a_bad_link_to_no_game_is_the_arcade_s():
    control, _ = controller()
    control.route("#play=chess&seed=1")
    assert control.broken_game is None
    assert views.tab_title(control.page, control.broken_game) == "netarcade"
    control.fresh()
    assert control.session.setup.game == "backbone"


def test_linked_game_reads_play_even_from_a_damaged_link():
    assert linked_game("play=breach&&seats=a&seats=b") == "breach"  # a key twice: damaged
    assert linked_game("play=overwrite&x") == "overwrite"
    assert linked_game("r=abc") is None and linked_game("play=") is None
    assert views.tab_title(page_for("backbone")) == "netarcade: Backbone"


# --- keyboard focus across redraws (web/focus.py) ---------------------------------------


class FakeNode:
    def __init__(self, doc, id="", **attributes):
        self.doc, self.id, self.attributes = doc, id, dict(attributes)

    def getAttribute(self, name):
        return self.attributes.get(name)

    def hasAttribute(self, name):
        return name in self.attributes

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def focus(self):
        self.doc.activeElement = self


class FakeDocument:
    """The board and tool row (kept by redraws) and the spots inside them (replaced)."""

    def __init__(self):
        self.body = FakeNode(self, "body")
        self.activeElement = self.body
        self.board, self.tools = FakeNode(self, "board"), FakeNode(self, "tools")
        self.spots: dict[str, FakeNode] = {}

    def redraw(self, buttons: dict[str, dict]):
        """Replace the spots; the focus falls to the body when its element goes."""
        self.spots = {selector: FakeNode(self, **attributes) for selector, attributes in buttons.items()}
        if self.activeElement not in (self.board, self.tools, self.body):
            self.activeElement = self.body

    def querySelector(self, selector):
        if selector == "#board [data-action]":
            return next((n for s, n in self.spots.items() if "data-action" in n.attributes), None)
        return self.spots.get(selector)

    def getElementById(self, name):
        return {"board": self.board, "tools": self.tools}.get(name)


def test_the_focus_waits_on_the_board_while_a_bot_moves_and_comes_back():
    from netarcade.web.focus import FocusKeeper

    doc = FakeDocument()
    keeper = FocusKeeper(doc)
    spot = '[data-name="b2"]'
    doc.redraw({spot: {"data-name": "b2", "tabindex": "0", "data-action": "p1 router b2"}})
    doc.spots[spot].focus()
    # the player's action: the bot's turn, no spot is a button
    before = keeper.remember()
    doc.redraw({spot: {"data-name": "b2"}})
    keeper.restore(before)
    assert doc.activeElement is doc.board and doc.board.getAttribute("tabindex") == "-1"
    # the bot's reply: the spot is a button again and gets the focus back
    before = keeper.remember()
    assert before is None  # the board itself has no data attribute
    doc.redraw({spot: {"data-name": "b2", "tabindex": "0", "data-action": "p1 router b2"}})
    keeper.restore(before)
    assert doc.activeElement is doc.spots[spot]


def test_a_disabled_button_holds_the_focus_on_the_tool_row_until_it_is_back():
    from netarcade.web.focus import FocusKeeper

    doc = FakeDocument()
    keeper = FocusKeeper(doc)
    end = '[data-cmd="end"]'
    doc.redraw({end: {"data-cmd": "end"}})
    doc.spots[end].focus()
    before = keeper.remember()
    doc.redraw({end: {"data-cmd": "end", "disabled": ""}})
    keeper.restore(before)
    assert doc.activeElement is doc.tools
    keeper.restore(keeper.remember())  # a redraw with End still off: still waiting
    assert doc.activeElement is doc.tools and keeper.held == end
    doc.redraw({end: {"data-cmd": "end"}})
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.spots[end]
    # a player who moved elsewhere is not pulled back
    doc.activeElement = doc.body
    keeper.held = end
    keeper.restore(keeper.remember())
    assert doc.activeElement is doc.body and keeper.held is None
