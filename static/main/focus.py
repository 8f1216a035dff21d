"""Keyboard focus across the page's redraws (MicroPython, on the page's main thread).

What it is for: the engine's ops replace the board and the tool row with
innerHTML after every change, which drops the focused element and sends a
keyboard player back to the top of the page. ``Focus(document)`` is a
keeper: ``remember()`` notes what had the focus before a redraw (a tool, a
command button, a board spot) as a selector, ``restore(selector)`` focuses
its new twin after it. While that control is not a button (a bot is moving,
End turn is off), the focus waits on its container (#board or #tools, which
redraws keep), and each later redraw tries again: a keyboard player keeps
their place across a bot's reply. A card that opens over the board (the
game-over card, a confirmation: role=dialog or alertdialog in #overlay)
takes the focus once, on its autofocus button or else its first one, so a
screen reader reads it at once and Enter answers it.

A page in another page's frame (an embed: ``<html data-framed>``, set by
static/boot.js) moves the focus only while it has it, that is once the
person clicked or tabbed into the frame: a reader typing in the page around
it keeps every key when the frame's bot game ends or its board is redrawn.

What it is not: key handling (``static/page.py``) or the game's controls.
It needs only a document with activeElement, querySelector and
getElementById, and plain Python that MicroPython and CPython both run, so
``tests/web/test_web_newcomer.py`` runs it on CPython against a stand-in.
"""

DIALOG = "#overlay:not([hidden]) [role=dialog], #overlay:not([hidden]) [role=alertdialog]"
ATTRIBUTES = ("data-tool", "data-cmd", "data-name")


class Focus:
    def __init__(self, document):
        self.document = document
        self.keyboard = None  # a board spot pressed by keyboard: focus it after the redraw
        self.held = None      # a control to focus once it is a button again
        self.dialog = None    # the open card that took the focus (its heading)

    def remember(self):
        active = self.document.activeElement
        if active is None or not hasattr(active, "getAttribute"):
            return None
        for attribute in ATTRIBUTES:
            value = active.getAttribute(attribute)
            if value is not None:
                extra = active.getAttribute("data-value")
                selector = '[%s="%s"]' % (attribute, value)
                return selector + ('[data-value="%s"]' % extra if extra is not None else "")
        return None

    def may_move(self):
        """Not in a frame, or the frame has the focus (the person is in it)."""
        root = getattr(self.document, "documentElement", None)
        if root is None or not root.hasAttribute("data-framed"):
            return True
        return bool(self.document.hasFocus())

    def restore(self, selector):
        if not self.open_dialog():
            self.return_to(selector)

    def open_dialog(self):
        card = self.document.querySelector(DIALOG)
        if card is None:
            self.dialog = None
            return False
        heading = card.querySelector("h2")
        key = str(heading.textContent if heading is not None else card.getAttribute("class"))
        if key != self.dialog:
            self.dialog = key
            self.keyboard = self.held = None
            button = card.querySelector("[autofocus]")
            if button is None:
                button = card.querySelector("button:not([disabled]), a[href]")
            if button is not None and self.may_move():
                button.focus()
        return True

    def return_to(self, selector):
        if self.keyboard is not None:
            selector = '[data-name="%s"]' % self.keyboard
            self.keyboard = None
        if selector is None:
            active = self.document.activeElement
            waiting = active is not None and str(active.id) in ("board", "tools")
            selector = self.held if waiting else None  # the player moved on: forget it
        self.held = None
        if selector is None or not self.may_move():
            return
        node = self.document.querySelector(selector)
        on_board = selector.startswith("[data-name")
        if on_board and (node is None or not node.hasAttribute("tabindex")):
            node = self.document.querySelector("#board [data-action]")
        if node is None or node.hasAttribute("disabled"):
            node = self.document.getElementById("board" if on_board else "tools")
            self.held = selector
            if node is not None:
                node.setAttribute("tabindex", "-1")  # focusable by script, not a Tab stop
        if node is not None:
            node.focus()
