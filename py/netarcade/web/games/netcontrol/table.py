"""Net Control's table in the page: tools, picks, board hints and status text.

What it is for: the page's Net Control controls as a small state machine,
without a DOM. The tools are declared in ``tools.py`` (verb, label, key,
what each word after the verb is); the shared picks machine
(``web.table.Table.advance``) asks the engine which words may come next and
plays the legal notation a pick completes; this table says which tool a
click or a chooser pick is for, and turns the current choice into hints for
``render.py`` (highlighted, focusable vertices, edges or
tiles). What the player does depends on the phase:

- **setup**: the legal corners light up ("You place a node"), then the
  edges beside the new node; a click places it. No tool to pick.
- **roll**: the Roll button (or ``R``).
- **discard** (after a 7 or a purge): each human seat that owes cards picks
  them one at a time from its hand; bots discard on their own.
- **main**: a *tool* picks what a board click means: ``link``, ``node``,
  ``super``, ``fortify``, ``clear`` (their legal targets light up). ``trade``
  opens a chooser: what to give (each resource at your best rate), then what
  to take. Cards: ``hack`` (an enemy building), ``virus`` (a tile),
  ``linkbuild`` (two edges in sequence, the second may chain off the
  first), ``resource`` (two resources), ``monopoly`` (a resource); ``xp``
  plays at once. Buttons: draw a card, end the turn.

An illegal choice is answered with the engine's own ``IllegalAction``
message and changes nothing.

What it is not: rules (the engine decides legality), drawing (the board
renderer and ``views.py``), words (``words.py``) or DOM code (``app``).

Keys (``key_command``): R roll; L link, N node, S super, F fortify, C clear;
D draw; T trade; H hack, V virus, B link building, G resource (get),
M monopoly, X +1 XP; 1-5 pick co ba fi sc me in a chooser; E end turn;
U undo; Escape cancels.
"""

from __future__ import annotations

from typing import Any

from netarcade.games.netcontrol.board import RESOURCE_CODES
from netarcade.web.games.netcontrol.render import hints_from_actions
from netarcade.web.session import Session
from netarcade.web.table import COMMON_KEYS, Table

from .tools import (
    BOARD_TOOLS,
    CARD_INFO,
    CHOOSER_TOOLS,
    COST_ROWS,
    PHASE_TOOLS,
    TOOL_INFO,
    TOOL_SPECS,
    TOOLS,
    action_targets,
    cost_text,
    element_kind,
    resource_code,
)
from .words import NetControlWords, _verb

__all__ = [
    "BOARD_TOOLS",
    "CARD_INFO",
    "CHOOSER_TOOLS",
    "COST_ROWS",
    "NetControlTable",
    "TOOLS",
    "TOOL_INFO",
    "action_targets",
    "cost_text",
]

_KEYS = {tool.key.lower(): verb for verb, tool in TOOL_SPECS.items()}
_PICK_KEYS = {str(index + 1): code for index, code in enumerate(RESOURCE_CODES)}


class NetControlTable(NetControlWords, Table):
    """The controls of one Net Control session: the selected tool, what has
    been picked so far (a trade's give, Link Building's first edge,
    Resource's first pick), and the last message for the player."""

    game = "netcontrol"
    tools = TOOLS

    def __init__(self, session: Session):
        super().__init__(session)
        self._moment: tuple | None = None
        self.sync()

    # --- what the screen shows --------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view()["phase"]

    def human_seat(self) -> int | None:
        """The seat whose decision the page is asking for, or None."""
        return self.session.current if self.session.is_human_turn() else None

    def texts(self) -> list[str]:
        """Legal actions (notation) of the human to act; none on a bot's turn."""
        return self.session.legal_texts() if self.session.is_human_turn() else []

    def actions_of(self, verb: str) -> list[str]:
        return [text for text in self.texts() if _verb(text) == verb]

    def available(self) -> dict[str, int]:
        """How many legal actions each tool, card and command has now."""
        counts = dict.fromkeys((*TOOLS, "roll", "draw", "end", "discard"), 0)
        for text in self.texts():
            verb = _verb(text)
            if verb in counts:
                counts[verb] += 1
        return counts

    def is_main(self) -> bool:
        return self.phase == "main" and self.session.is_human_turn()

    # --- changes -----------------------------------------------------------------------
    def default_tool(self) -> str | None:
        """At the start of a build phase: Node, else Super node, else Link,
        when one is possible, so the board shows where to build at once."""
        counts = self.available()
        for tool in ("node", "super", "link"):
            if counts[tool]:
                return tool
        return None

    def sync(self) -> None:
        """Bring the selection in line with the session after any change.
        An answer to an old click goes once someone else is to act."""
        moment = (self.session.current, self.phase)
        if moment != self._moment:
            self._moment = moment
            if moment[0] is None or self.session.setup.is_bot(moment[0]) or self.message and "Wait" in self.message:
                self.message = None
        if not self.is_main():
            self.tool, self.picked = None, []
            return
        if self.tool is not None and not self.actions_of(self.tool):
            self.tool, self.picked = None, []
        if self.tool is None:
            self.tool = self.default_tool()
            self.picked = []
        if self.tool == "linkbuild" and self.picked and self.picked[0] not in self.linkbuild_firsts():
            self.picked = []

    def select_tool(self, tool: str) -> str | None:
        """Pick a tool (or a card); picking the selected one again keeps it
        and its picks (Esc goes back). ``xp`` plays at once: returns the
        action's notation, if played."""
        if tool not in TOOLS:
            raise ValueError(f"unknown tool {tool!r}")
        self.message = None
        if not self.session.is_human_turn():
            self.message = self._not_your_turn()
            return None
        if self.phase != "main":
            self.message = self._phase_first()
            return None
        if self.tool == tool:
            return None
        if not self.actions_of(tool):
            self.message = self._why_unavailable(tool)
            return None
        if tool == "xp":
            return self.advance(TOOL_SPECS["xp"])
        self.tool, self.picked = tool, []
        return None

    def cancel(self) -> None:
        """Escape: drop the last pick first, then the tool."""
        self.message = None
        if self.picked:
            self.picked.pop()
        else:
            self.tool = None

    def drop_picks(self) -> None:
        self.picked = []

    def click(self, name: str) -> str | None:
        """A click (or Enter) on a board element (``v12``, ``e30``, ``t5``).
        Returns the notation of the action it played, or None."""
        self.message = None
        kind = element_kind(name)
        if kind is None:
            self.message = f"{name!r} is not a corner, edge or tile of this island"
            return None
        self.message = self._cannot_click()
        if self.message:
            return None
        phase = self.phase
        if phase in ("setup-node", "setup-link", "rebuild"):
            tool = PHASE_TOOLS[phase]
            if kind != tool.parts[0]:
                self.message = ("Place your node on a corner: pick one of the highlighted circles."
                                if phase != "setup-link" else
                                f"Place your link on an edge beside your new node v{self.view()['last_node']}.")
                return None
            return self.advance(tool, name)
        if phase != "main":
            self.message = self._phase_first()
            return None
        if self.tool is None:
            self.message = "Pick what to do first: Link (L), Node (N), Super (S), Fortify (F), Clear (C) or a card."
            return None
        tool = TOOL_SPECS[self.tool]
        if not tool.parts or tool.parts[0] == "resource":
            self.message = f"{tool.label}: choose in the panel beside the board (Esc cancels)."
            return None
        if kind != tool.parts[0]:
            what = {"vertex": "corner (vertex)", "edge": "edge", "tile": "tile"}[tool.parts[0]]
            self.message = f"{tool.label}: pick a highlighted {what}."
            return None
        return self.advance(tool, name)

    def choose(self, value: str) -> str | None:
        """A resource picked in a chooser (discard, trade, resource, monopoly)."""
        self.message = None
        code = resource_code(value)
        if code is None:
            self.message = f"{value!r} is not a resource ({' '.join(RESOURCE_CODES)})"
            return None
        if not self.session.is_human_turn():
            self.message = self._not_your_turn()
            return None
        if self.phase == "discard":
            return self.advance(PHASE_TOOLS["discard"], code)
        if self.phase != "main":
            self.message = self._phase_first()
            return None
        if self.tool not in CHOOSER_TOOLS:
            self.message = "Pick Trade (T) or a Resource or Monopoly card first."
            return None
        return self.advance(TOOL_SPECS[self.tool], code)

    def why_not_pick(self, tool, picks, word):
        if tool.verb == "trade":
            return self._why_not_give(word)
        return super().why_not_pick(tool, picks, word)

    def command(self, name: str, value: str | None = None) -> str | None:
        """A button: ``roll``, ``draw``, ``end``, ``pick`` (with a resource)
        or ``card`` (with a card: same as its tool). Returns what it played."""
        self.message = None
        if name == "pick":
            return self.choose(value or "")
        if name == "card":
            return self.select_tool(value or "")
        if name not in ("roll", "draw", "end"):
            self.message = f"unknown command {name!r}"
            return None
        session = self.session
        if session.over:
            self.message = "The game is over."
            return None
        if not session.is_human_turn():
            self.message = self._not_your_turn()
            return None
        phase = self.phase
        if name == "roll" and phase != "roll":
            self.message = "You rolled already this turn." if phase == "main" else self._phase_first()
            return None
        if name in ("draw", "end") and phase != "main":
            self.message = self._phase_first()
            return None
        if name == "draw" and not self.actions_of("draw"):
            self.message = self._why_unavailable("draw")
            return None
        return self.advance(PHASE_TOOLS[name])

    def end_turn(self) -> str | None:
        return self.command("end")

    def key_command(self, key: str) -> str | None:
        """What a key press means: a tool or card name, ``roll``, ``draw``,
        ``end``, ``undo``, ``cancel``, ``pick:co`` .. ``pick:me``, or None."""
        key = key.lower()
        if key in _PICK_KEYS and self.chooser() is not None:
            return f"pick:{_PICK_KEYS[key]}"
        if key in _KEYS:
            return _KEYS[key]
        return {"r": "roll", "d": "draw", **COMMON_KEYS}.get(key)

    # --- the choosers (their words: ``words.py``) ----------------------------------------
    def linkbuild_firsts(self) -> list[str]:
        return sorted(self.next_words(TOOL_SPECS["linkbuild"]), key=lambda e: int(e[1:]))

    # --- what the page shows ----------------------------------------------------------------
    def entry_targets(self, entry) -> list[str]:
        """The board ids an entry's action names (``tools.action_targets``)."""
        return action_targets(entry.text)

    def hints(self) -> dict[str, Any]:
        """Hints for ``render_board``: names, the last moves, and the legal
        targets of the current choice as buttons."""
        hints: dict[str, Any] = {"names": self.names, "last": self.last_targets()}
        if not self.session.is_human_turn():
            return hints
        phase = self.phase
        if phase in ("setup-node", "setup-link", "rebuild"):
            found = hints_from_actions(self.texts())
            if phase == "setup-link":
                node = f"v{self.view()['last_node']}"
                found["highlight"][node] = "selected"
            hints.update(found)
            return hints
        if phase != "main" or self.tool is None or self.tool in CHOOSER_TOOLS or self.tool == "xp":
            return hints
        hints.update(self.pick_hints(
            TOOL_SPECS[self.tool], lambda texts, picked: hints_from_actions(texts, [picked] if picked else ()),
            "build", "{}: first free link here", "{}: take this first link back"))
        return hints

