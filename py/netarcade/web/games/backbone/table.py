"""Backbone's table in the page: tools, clicks, board hints and status text.

What it is for: the page's Backbone controls as a small state machine,
without a DOM. The player picks a *tool* (a piece to build, Hack or
Reroute); the table asks the engine which actions that tool allows and turns
them into hints for ``render_board`` (highlighted, focusable hexes). A click
on a hex becomes an action in notation (``p1 router e5``) that the session
plays; an illegal click is answered with the engine's own ``IllegalAction``
message. Reroute takes two clicks: the piece, then where it goes.

What it is not: rules (the engine decides legality), drawing
(``games/backbone/render.py``) or DOM code (``app``).

Keys (``key_command``): 1-6 pick Router, Switch, AP, Server, Datacenter,
Firewall; H (or 7) Hack; M (or 8) Reroute ("move"); E ends the turn;
U undoes; Escape cancels the selection.
"""

from __future__ import annotations

from typing import Any

from netarcade.core.errors import InvalidNotation
from netarcade.core.game import format_seat
from netarcade.games.backbone.actions import COSTS, MOVABLE
from netarcade.games.backbone.board import parse_hex
from netarcade.games.backbone.render import hints_from_actions
from netarcade.web.session import Session
from netarcade.web.table import COMMON_KEYS, Table

__all__ = ["BackboneTable", "TOOLS", "TOOL_KEYS", "TOOL_INFO"]

BUILD_TOOLS = ("router", "switch", "ap", "server", "datacenter", "firewall")
TOOLS = (*BUILD_TOOLS, "hack", "reroute")
HACK_COST = 1

#: tool -> (label, cost in BW, key, what it does)
TOOL_INFO: dict[str, tuple[str, int, str, str]] = {
    "router": ("Router", COSTS["router"], "1", "expands your network one hex"),
    "switch": ("Switch", COSTS["switch"], "2", "glue: needs 2+ of your pieces beside it"),
    "ap": ("Wireless AP", COSTS["ap"], "3", "also reaches 2 hexes away in a line"),
    "server": ("Server", COSTS["server"], "4", "online with 2 Routers; connects a City beside it"),
    "datacenter": ("Datacenter", COSTS["datacenter"], "5", "1 AI token while online (2 Routers + a Server)"),
    "firewall": ("Firewall", COSTS["firewall"], "6", "goes on your piece; absorbs one Hack"),
    "hack": ("Hack", HACK_COST, "H", "disable an enemy piece beside your network (once a turn)"),
    "reroute": ("Reroute", 0, "M", "move your Switch or AP; the network must stay whole"),
}
TOOL_KEYS = {info[2].lower(): tool for tool, info in TOOL_INFO.items()}
TOOL_KEYS.update({"7": "hack", "8": "reroute"})

_KIND_NAMES = {"router": "Router", "switch": "Switch", "ap": "Wireless AP", "server": "Server",
               "datacenter": "Datacenter"}


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


class BackboneTable(Table):
    """The controls of one Backbone session: the selected tool, the Reroute
    source, and the last message for the player."""

    game = "backbone"
    tools = TOOLS

    def __init__(self, session: Session):
        super().__init__(session)
        self.source: str | None = None  # Reroute: the hex of the piece being moved
        self.sync()

    # --- what the tools offer now ---------------------------------------------------
    def tool_actions(self, tool: str) -> list[str]:
        """Legal actions (notation) of the seat to act that ``tool`` makes."""
        if not self.session.is_human_turn():
            return []
        return [text for text in self.session.legal_texts() if _tool_of(text) == tool]

    def available(self) -> dict[str, int]:
        """How many legal actions each tool has now (0: the tool is greyed out)."""
        counts = dict.fromkeys(TOOLS, 0)
        if self.session.is_human_turn():
            for text in self.session.legal_texts():
                tool = _tool_of(text)
                if tool is not None:
                    counts[tool] += 1
        return counts

    def reroute_sources(self) -> list[str]:
        return sorted({text.split()[2] for text in self.tool_actions("reroute")})

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
        """Pick a tool; picking the selected one again puts it down."""
        if tool not in TOOLS:
            raise ValueError(f"unknown tool {tool!r}")
        self.message = None
        if not self.session.is_human_turn():
            self.message = self._not_your_turn()
            return
        if self.tool == tool:
            self.tool, self.source = None, None
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
        session = self.session
        try:
            parse_hex(hex_name)
        except InvalidNotation:
            self.message = f"{hex_name!r} is not a hex of this board"
            return None
        self.message = self._cannot_click()
        if self.message:
            return None
        seat = session.current
        if self.tool is None:
            self.message = "Pick what to do first: a piece (keys 1-6), Hack (H) or Reroute (M)."
            return None
        if self.tool == "reroute":
            sources = self.reroute_sources()
            if self.source is None or (hex_name in sources and hex_name != self.source):
                if hex_name in sources:
                    self.source = hex_name
                else:
                    self.message = self._why_not_movable(hex_name)
                return None
            if hex_name == self.source:
                self.source = None
                return None
            text = format_seat(seat, f"reroute {self.source} {hex_name}")
        else:
            text = format_seat(seat, f"{self.tool} {hex_name}")
        return self.play(text)

    def drop_picks(self) -> None:
        self.source = None

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
        return self.play(format_seat(self.session.current, "end"))

    def key_command(self, key: str) -> str | None:
        """What a key press means: a tool name, ``end``, ``undo``, ``cancel``, or None."""
        key = key.lower()
        if key in TOOL_KEYS:
            return TOOL_KEYS[key]
        return COMMON_KEYS.get(key)

    # --- explanations -------------------------------------------------------------------
    def _describe(self, text: str) -> str:
        words = text.split()
        verb = words[1]
        if verb == "reroute":
            return f"reroute {words[2]} to {words[3]}"
        if verb == "hack":
            return f"hack {words[2]}"
        if verb == "firewall":
            return f"put a Firewall on {words[2]}"
        if verb == "end":
            return "end the turn"
        return f"build a {TOOL_INFO[verb][0]} on {words[2]}"

    def _why_unavailable(self, tool: str) -> str:
        label, cost, _, _ = TOOL_INFO[tool]
        view = self.session.view()
        bw = view["bw"][self.session.current]
        if tool == "hack" and view.get("hack_used"):
            return "You already hacked this turn (one Hack per turn)."
        if cost > bw:
            return f"{label} costs {cost} BW and you have {bw}."
        if tool == "reroute":
            return "None of your Switches or APs can move without cutting your network."
        if tool == "hack":
            return "No enemy piece is beside your network (or all of them are Disabled)."
        if tool == "switch":
            return "A Switch needs 2+ of your network's pieces beside it; no empty hex has that."
        return f"There is no legal place for a {label} now."

    def _why_not_movable(self, hex_name: str) -> str:
        piece = next((p for p in self.session.view()["pieces"] if p["hex"] == hex_name), None)
        seat = self.session.current
        if piece is None:
            return f"Reroute: pick one of your Switches or APs first ({hex_name} is empty)."
        if piece["owner"] != seat:
            return f"Reroute moves your own pieces; {hex_name} is your opponent's."
        if piece["kind"] not in MOVABLE:
            return f"Only Switches and APs reroute; {hex_name} is a {_KIND_NAMES[piece['kind']]}."
        if piece["disabled"] or not piece["in_network"]:
            return f"The piece at {hex_name} is not in your network right now."
        return f"The piece at {hex_name} cannot move without cutting your network."

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
        if self.tool == "reroute" and self.source is None:
            sources = self.reroute_sources()
            hints["highlight"] = dict.fromkeys(sources, "move-from")
            hints["actions"] = {name: f"select {name}" for name in sources}
            hints["labels"] = {name: f"{name}: move this piece" for name in sources}
            return hints
        if self.tool == "reroute":
            moves = [text for text in self.tool_actions("reroute") if text.split()[2] == self.source]
            found = hints_from_actions(moves, selected=self.source)
            found["actions"][self.source] = f"cancel {self.source}"
            found["labels"] = {self.source: f"{self.source}: keep this piece here (cancel)"}
        else:
            found = hints_from_actions(self.tool_actions(self.tool))
        hints.update(found)
        return hints

    def status(self) -> str:
        """The status line: whose move, actions left, BW; or the result."""
        session = self.session
        view = session.view()
        if view["over"]:
            return self.result()[0]
        seat = session.current
        name = session.names[seat]
        left = view["actions_left"]
        closing = "Closing turn! " if view.get("closing") is not None else ""
        if session.setup.is_bot(seat):
            return f"{closing}{name} is thinking\u2026"
        whose = "Your move" if name == "You" else f"{name} to move"
        actions = f"{left} action{'s' if left != 1 else ''} left"
        return f"{closing}{whose}: {actions}, {view['bw'][seat]} BW"

    def prompt(self) -> str:
        """The line under the status: the answer to the last click, or what
        the selected tool does next."""
        if self.message:
            return self.message
        session = self.session
        if session.over:
            if session.setup.humans:
                return "Undo goes back to your last move; New game starts another."
            return "New game starts another."
        if not session.is_human_turn():
            return "Bots move with a short pause so you can follow."
        if self.tool is None:
            return "Pick what to do: a piece (1-6), Hack (H), Reroute (M), or End turn (E)."
        label, cost, _, _ = TOOL_INFO[self.tool]
        if self.tool == "reroute":
            if self.source is None:
                return "Reroute: pick one of your highlighted Switches or APs to move."
            return f"Reroute {self.source}: pick where it goes (Esc cancels)."
        count = len(self.tool_actions(self.tool))
        where = "enemy piece" if self.tool == "hack" else "piece of yours" if self.tool == "firewall" else "hex"
        return f"{label} ({cost} BW): pick a highlighted {where} ({count} possible). Esc cancels."

    def result(self) -> tuple[str, str]:
        """Headline and detail of a finished game."""
        view = self.session.view()
        names = self.session.names
        scores = view["scores"]
        winners = view["winners"]
        score = f"{max(scores)} to {min(scores)}"
        if len(winners) != 1:
            headline = f"Draw, {scores[0]} to {scores[1]}"
        elif names[winners[0]] == "You":
            headline = f"You win, {score}"
        else:
            headline = f"{names[winners[0]]} wins, {score}"
        cities = view["connected_cities"]
        detail = (f"AI tokens {scores[0]} : {scores[1]} after {view['turn']} turns; "
                  f"connected Cities {cities[0]} : {cities[1]}.")
        if len(winners) == 1 and scores[0] == scores[1]:
            detail += " Tied on tokens: more connected Cities wins."
        return headline, detail

    def event_notes(self, events) -> list[str]:
        """Short words the activity log adds after an action."""
        notes = []
        for event in events:
            kind = event.get("kind")
            if kind == "disabled":
                notes.append("disabled")
            elif kind == "firewall-spent":
                notes.append("firewall absorbed it")
            elif kind == "pass":
                notes.append("pass")
            elif kind == "recover":
                notes.append(f"P{event['seat'] + 1} recovers {' '.join(event['hexes'])}")
            elif kind == "closing-turn":
                notes.append(f"closing turn for P{event['seat'] + 1}")
            elif kind == "stuck":
                notes.append("four passes: game over")
            elif kind == "turn-limit":
                notes.append("turn limit: game over")
            elif kind == "game-over":
                notes.append("game over")
        return notes
