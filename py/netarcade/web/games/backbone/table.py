"""Backbone's table in the page: tools, clicks, board hints and status text.

What it is for: the page's Backbone controls as a small state machine,
without a DOM. The player picks a *tool* (a piece to build, Hack or
Reroute: declared in ``tools.py``); the shared picks machine
(``web.table.Table.advance``) asks the engine which hexes may come next and
plays the legal notation a click completes; the table turns the choices into
hints for ``render_board`` (highlighted, focusable hexes). An illegal click
is answered with the engine's own ``check`` (code and sentence). Reroute
takes two clicks: the piece, then where it goes. Its words are in
``words.py``.

What it is not: rules (the engine decides legality), drawing
(``render.py``) or DOM code (``app``).

Keys (``key_command``): 1-6 pick Router, Switch, AP, Server, Datacenter,
Firewall; H (or 7) Hack; M (or 8) Reroute ("move"); E ends the turn;
U undoes; Escape cancels the selection.
"""

from __future__ import annotations

from typing import Any

from netarcade.core.errors import InvalidNotation
from netarcade.games.backbone.board import parse_hex
from netarcade.web.games.backbone.render import hints_from_actions
from netarcade.web.session import Session
from netarcade.web.table import COMMON_KEYS, Table

from .tools import END, TOOL_INFO, TOOL_KEYS, TOOL_SPECS, TOOLS
from .words import BackboneWords

__all__ = ["BackboneTable", "TOOLS", "TOOL_KEYS", "TOOL_INFO"]


def action_hexes(text: str) -> list[str]:
    """The hexes an action in notation touches.

    >>> action_hexes("p2 reroute c3 d4"), action_hexes("p1 end")
    (['c3', 'd4'], [])
    """
    return text.split()[2:]


def _verb(text: str) -> str:
    words = text.split()
    return words[1] if len(words) > 1 else ""


def _tool_of(text: str) -> str | None:
    verb = _verb(text)
    return verb if verb in TOOLS else None


class BackboneTable(BackboneWords, Table):
    """The controls of one Backbone session: the selected tool, the Reroute
    source, and the last message for the player."""

    game = "backbone"
    tools = TOOLS

    def __init__(self, session: Session):
        super().__init__(session)
        self.sync()

    # --- what the tools offer now ---------------------------------------------------
    def tool_actions(self, tool: str) -> list[str]:
        """Legal actions (notation) of the seat to act that ``tool`` makes."""
        if not self.session.is_human_turn():
            return []
        return self.continuing(tool)

    def available(self) -> dict[str, int]:
        """How many legal actions each tool has now (0: the tool is greyed out)."""
        counts = dict.fromkeys(TOOLS, 0)
        if self.session.is_human_turn():
            for text in self.session.legal_texts():
                tool = _tool_of(text)
                if tool is not None:
                    counts[tool] += 1
        return counts

    @property
    def source(self) -> str | None:
        """Reroute: the hex of the piece being moved (its first pick)."""
        return self.picked[0] if self.picked else None

    @source.setter
    def source(self, hex_name: str | None) -> None:
        self.picked = [] if hex_name is None else [hex_name]

    def reroute_sources(self) -> list[str]:
        return sorted(self.next_words(TOOL_SPECS["reroute"]))

    def default_tool(self) -> str | None:
        """Router when one can be built, so a new turn shows where to build."""
        return "router" if self.tool_actions("router") else None

    # --- changes ----------------------------------------------------------------------
    def sync(self) -> None:
        """Bring the selection in line with the session after any change
        (an action, an undo, a bot's move)."""
        if not self.session.is_human_turn():
            self.tool, self.source = None, None
            return
        if self.tool is not None and not self.tool_actions(self.tool):
            self.tool, self.source = None, None
        if self.source is not None and self.source not in self.reroute_sources():
            self.source = None
        if self.tool is None:
            self.tool = self.default_tool()

    def select_tool(self, tool: str) -> None:
        """Pick a tool; picking the selected one again keeps it (Esc puts it down:
        a newcomer's first press of the preselected Router must not turn it off)."""
        if tool not in TOOLS:
            raise ValueError(f"unknown tool {tool!r}")
        self.message = None
        if not self.session.is_human_turn():
            self.message = self._not_your_turn()
            return
        if self.tool == tool:
            return
        if not self.tool_actions(tool):
            self.message = self._why_unavailable(tool)
            return
        self.tool, self.source = tool, None

    def cancel(self) -> None:
        """Escape: drop the Reroute source first, then the tool."""
        self.message = None
        if self.source is not None:
            self.source = None
        else:
            self.tool = None

    def click(self, hex_name: str) -> str | None:
        """A click (or Enter) on a hex. Returns the notation of the action it
        played, or None (then :attr:`message` or the selection changed)."""
        self.message = None
        try:
            parse_hex(hex_name)
        except InvalidNotation:
            self.message = f"{hex_name!r} is not a hex of this board"
            return None
        self.message = self._cannot_click()
        if self.message:
            return None
        if self.tool is None:
            self.message = "Pick what to do first: a piece (keys 1-6), Hack (H) or Reroute (M)."
            return None
        return self.advance(TOOL_SPECS[self.tool], hex_name)

    def why_not_pick(self, tool, picks, word):
        return self._why_not_movable(word)

    def command(self, name: str, value: str | None = None) -> str | None:
        """A game button (the page's other commands are its own): ``end``."""
        if name == "end":
            return self.end_turn()
        self.message = f"unknown command {name!r}"
        return None

    def end_turn(self) -> str | None:
        if not self.session.is_human_turn():
            self.message = self._not_your_turn() if not self.session.over else "The game is over."
            return None
        return self.advance(END)

    def key_command(self, key: str) -> str | None:
        """What a key press means: a tool name, ``end``, ``undo``, ``cancel``, or None."""
        key = key.lower()
        if key in TOOL_KEYS:
            return TOOL_KEYS[key]
        return COMMON_KEYS.get(key)

    # --- what the page shows ----------------------------------------------------------
    def last_hexes(self) -> list[str]:
        """Hexes touched in the previous turn and so far in this one."""
        log = self.session.log
        if not log:
            return []
        turn = self.session.game.turn_count(self.session.state)
        recent = [entry for entry in log if entry.turn >= turn - 1]
        hexes: list[str] = []
        for entry in recent:
            for name in action_hexes(entry.text):
                if name not in hexes:
                    hexes.append(name)
        return hexes

    def hints(self) -> dict[str, Any]:
        """Hints for ``render_board``: names, the last move, and the current
        tool's legal hexes as buttons."""
        hints: dict[str, Any] = {"names": self.session.names, "last": self.last_hexes()}
        if not self.session.is_human_turn() or self.tool is None:
            return hints
        found = self.pick_hints(TOOL_SPECS[self.tool], hints_from_actions,
                                "move-from", "{}: move this piece", "{}: keep this piece here (cancel)")
        hints.update(found)
        return hints
