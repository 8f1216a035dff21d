"""Keyboard focus across the page's redraws.

What it is for: ``app`` replaces the board and the tool row with
``innerHTML`` after every change, which drops the focused element and sends
a keyboard player back to the top of the page. :class:`FocusKeeper` notes
what had the focus before a redraw (a tool, a command button, a board spot)
and focuses its new twin after it. While that control is not a button (a bot
is moving, End turn is off), the focus waits on its container (the board or
the tool row, which the redraw keeps), and each later redraw tries again: a
keyboard player keeps their place across a bot's reply. A card that opens
over the board (the game-over card, a confirmation: ``role=dialog`` or
``alertdialog`` in ``#overlay``) takes the focus once, on its ``autofocus``
button or else its first one, so a screen reader reads it at once and
Enter answers it.

What it is not: key handling (``app.on_key``) or the game's controls. It
only needs a ``document`` with ``activeElement``, ``querySelector`` and
``getElementById``, so it runs on CPython against a stand-in
(``tests/test_web_newcomer.py``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["FocusKeeper", "real"]

#: the containers a redraw keeps (their content is replaced, not themselves)
BOARD, TOOLS = "board", "tools"
#: a card open over the board
DIALOG = "#overlay:not([hidden]) [role=dialog], #overlay:not([hidden]) [role=alertdialog]"


def real(value: Any) -> Any:
    """A DOM answer, or None (Pyodide hands JavaScript's null over as ``jsnull``)."""
    return None if value is None or type(value).__name__ == "JsNull" else value


class FocusKeeper:
    def __init__(self, document: Any):
        self.document = document
        #: a board spot (``data-name``) pressed by keyboard: focus it after the redraw
        self.keyboard: str | None = None
        #: a control to focus once it is a button again (the focus waits on its container)
        self.held: str | None = None
        #: the open card that took the focus (its heading), so a redraw does not take it again
        self.dialog: str | None = None

    def remember(self) -> str | None:
        """A selector for the focused tool, command or spot, to focus it
        again after a redraw replaced it."""
        active = real(self.document.activeElement)
        if active is None or not hasattr(active, "getAttribute"):
            return None
        for attribute in ("data-tool", "data-cmd", "data-name"):
            value = real(active.getAttribute(attribute))
            if value is not None:
                selector = f'[{attribute}="{value}"]'
                extra = real(active.getAttribute("data-value"))
                return selector + (f'[data-value="{extra}"]' if extra is not None else "")
        return None

    def restore(self, selector: str | None) -> None:
        """After a redraw: focus a card that just opened, else what ``selector``
        (from :meth:`remember`) names, or the spot pressed by keyboard, or
        what the focus waits for."""
        if not self.open_dialog():
            self.return_to(selector)

    def open_dialog(self) -> bool:
        """Focus a card that opened over the board since the last redraw;
        is one open (the focus stays in it)?"""
        card = real(self.document.querySelector(DIALOG))
        if card is None:
            self.dialog = None
            return False
        heading = real(card.querySelector("h2"))
        key = str(heading.textContent if heading is not None else card.getAttribute("class"))
        if key != self.dialog:
            self.dialog = key
            self.keyboard = self.held = None
            button = real(card.querySelector("[autofocus]")) or real(
                card.querySelector("button:not([disabled]), a[href]"))
            if button is not None:
                button.focus()
        return True

    def return_to(self, selector: str | None) -> None:
        """Focus what ``selector`` names, the spot pressed by keyboard, or what the focus waits for."""
        document = self.document
        if self.keyboard is not None:
            selector = f'[data-name="{self.keyboard}"]'
            self.keyboard = None
        if selector is None:
            active = real(document.activeElement)
            waiting = active is not None and getattr(active, "id", None) in (BOARD, TOOLS)
            selector = self.held if waiting else None  # the player moved on: forget it
        self.held = None
        if selector is None:
            return
        node = real(document.querySelector(selector))
        on_board = selector.startswith("[data-name")
        if on_board and (node is None or not node.hasAttribute("tabindex")):
            node = real(document.querySelector(f"#{BOARD} [data-action]"))  # that spot is no button now
        if node is None or node.hasAttribute("disabled"):
            node, self.held = real(document.getElementById(BOARD if on_board else TOOLS)), selector
            if node is not None:
                node.setAttribute("tabindex", "-1")  # focusable by script, not a Tab stop
        if node is not None:
            node.focus()
