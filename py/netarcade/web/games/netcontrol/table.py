"""Net Control's table in the page: tools, picks, board hints and status text.

What it is for: the page's Net Control controls as a small state machine,
without a DOM. The engine's ``legal_actions`` say what the seat to act may
do; the table turns the player's choices into actions in notation
(``p1 node v12``) and the current choice into hints for
``games/netcontrol/render.py`` (highlighted, focusable vertices, edges or
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
renderer and ``netcontrol_views``) or DOM code (``app``).

Keys (``key_command``): R roll; L link, N node, S super, F fortify, C clear;
D draw; T trade; H hack, V virus, B link building, G resource (get),
M monopoly, X +1 XP; 1-5 pick co ba fi sc me in a chooser; E end turn;
U undo; Escape cancels.
"""

from __future__ import annotations

from typing import Any

from netarcade.core.game import format_seat
from netarcade.games.netcontrol.board import RESOURCE_CODES, RESOURCES
from netarcade.games.netcontrol.render import hints_from_actions
from netarcade.games.netcontrol.rules import COSTS
from netarcade.web.session import Session
from netarcade.web.table import COMMON_KEYS, Table

__all__ = [
    "BOARD_TOOLS",
    "CARD_INFO",
    "CHOOSER_TOOLS",
    "NetControlTable",
    "TOOLS",
    "TOOL_INFO",
    "cost_text",
]

#: tools whose targets are on the board
BOARD_TOOLS = ("link", "node", "super", "fortify", "clear")
#: card tools (``xp`` has no target: it plays at once)
CARD_TOOLS = ("hack", "virus", "linkbuild", "resource", "monopoly", "xp")
#: tools that pick resources in a chooser instead of the board
CHOOSER_TOOLS = ("trade", "resource", "monopoly")
TOOLS = (*BOARD_TOOLS, "trade", *CARD_TOOLS)

#: tool -> (label, key, what it does)
TOOL_INFO: dict[str, tuple[str, str, str]] = {
    "link": ("Link", "L", "extends your network"),
    "node": ("Node", "N", "needs a link to reach it"),
    "super": ("Super", "S", "upgrades a node to a Super Node: 2 XP, doubles production"),
    "fortify": ("Fortify", "F", "one more hack level to chew through"),
    "clear": ("Clear", "C", "lifts a virus off a tile you have a building on"),
    "trade": ("Trade", "T", "the bank: 4:1, better on an exchange"),
}
#: the build-costs table's rows (verb, label, what it does)
COST_ROWS = (
    ("link", "link", "extends your network"),
    ("node", "node", "needs a link to reach it"),
    ("super", "super node", "upgrades a node: 2 XP, doubles production"),
    ("fortify", "fortify", "one more hack level to chew through"),
    ("draw", "draw card", "one special card, face down"),
    ("clear", "clear virus", "lifts a virus off one of your buildings"),
)
#: card -> (label, key, count in the deck, what it does / its target)
CARD_INFO: dict[str, tuple[str, str, int, str]] = {
    "hack": ("Hack", "H", 20, "an enemy building: strips a fortification, demotes a Super Node or destroys a node"),
    "virus": ("Virus", "V", 14, "a tile: it produces nothing until someone clears it"),
    "xp": ("+1 XP", "X", 5, "one XP, kept for the game"),
    "linkbuild": ("Link Building", "B", 2, "two free links; the second may chain off the first"),
    "resource": ("Resource", "G", 2, "take any two resources from the bank"),
    "monopoly": ("Monopoly", "M", 2, "name a resource: every rival hands you up to 2"),
}
_KEYS = {info[1].lower(): tool for tool, info in TOOL_INFO.items()}
_KEYS.update({info[1].lower(): card for card, info in CARD_INFO.items()})
_PICK_KEYS = {str(index + 1): code for index, code in enumerate(RESOURCE_CODES)}


def cost_text(verb: str) -> str:
    """A cost in the print's notation.

    >>> cost_text("node"), cost_text("super")
    ('1co 1ba 1fi 1sc', '2fi 3me')
    """
    return " ".join(f"{count}{RESOURCE_CODES[r]}" for r, count in enumerate(COSTS[verb]) if count)


def _verb(text: str) -> str:
    words = text.split()
    return words[1] if len(words) > 1 else ""


def action_targets(text: str) -> list[str]:
    """The board ids an action in notation names.

    >>> action_targets("p2 linkbuild e3 e4"), action_targets("p1 trade co fi")
    (['e3', 'e4'], [])
    """
    return [word for word in text.split()[2:] if word[:1] in ("v", "e", "t") and word[1:].isdigit()]


def _resource_code(value: str) -> str | None:
    value = (value or "").strip().lower()
    if value in RESOURCE_CODES:
        return value
    if value in RESOURCES:
        return RESOURCE_CODES[RESOURCES.index(value)]
    return None


class NetControlTable(Table):
    """The controls of one Net Control session: the selected tool, what has
    been picked so far (a trade's give, Link Building's first edge,
    Resource's first pick), and the last message for the player."""

    game = "netcontrol"
    tools = TOOLS

    def __init__(self, session: Session):
        super().__init__(session)
        self.picked: list[str] = []
        self._view_key: tuple | None = None
        self._view: dict[str, Any] | None = None
        self._moment: tuple | None = None
        self.sync()

    # --- what the screen shows --------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The open view (cached until the position changes)."""
        session = self.session
        key = (id(session.state), len(session.actions))
        if self._view is None or self._view_key != key:
            self._view = session.view()
            self._view_key = key
        return self._view

    @property
    def phase(self) -> str:
        return self.view()["phase"]

    @property
    def names(self) -> list[str]:
        return self.session.names

    def hand_seat(self) -> int:
        """Whose hand the page shows: the human to act, else the only human,
        else the seat to act (a bots-only game)."""
        session = self.session
        current = session.current
        if current is not None and not session.setup.is_bot(current):
            return current
        humans = session.setup.humans
        if len(humans) == 1:
            return humans[0]
        if current is not None:
            return current
        return humans[0] if humans else 0

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
        """Pick a tool (or a card); picking the selected one again puts it
        down. ``xp`` plays at once: returns the action's notation, if played."""
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
            self.tool, self.picked = None, []
            return None
        if not self.actions_of(tool):
            self.message = self._why_unavailable(tool)
            return None
        if tool == "xp":
            return self.play(self.actions_of("xp")[0])
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

    def _me(self, body: str) -> str:
        return format_seat(self.session.current, body)

    def click(self, name: str) -> str | None:
        """A click (or Enter) on a board element (``v12``, ``e30``, ``t5``).
        Returns the notation of the action it played, or None."""
        self.message = None
        kind = name[:1]
        if kind not in ("v", "e", "t") or not name[1:].isdigit():
            self.message = f"{name!r} is not a corner, edge or tile of this island"
            return None
        self.message = self._cannot_click()
        if self.message:
            return None
        phase = self.phase
        if phase == "setup-node":
            if kind != "v":
                self.message = "Place your node on a corner: pick one of the highlighted circles."
                return None
            return self.play(self._me(f"node {name}"))
        if phase == "setup-link":
            if kind != "e":
                self.message = f"Place your link on an edge beside your new node v{self.view()['last_node']}."
                return None
            return self.play(self._me(f"link {name}"))
        if phase != "main":
            self.message = self._phase_first()
            return None
        tool = self.tool
        if tool is None:
            self.message = "Pick what to do first: Link (L), Node (N), Super (S), Fortify (F), Clear (C) or a card."
            return None
        if tool in CHOOSER_TOOLS or tool == "xp":
            self.message = f"{self._label(tool)}: choose in the panel beside the board (Esc cancels)."
            return None
        wanted = {"link": "e", "node": "v", "super": "v", "fortify": "v", "clear": "t", "hack": "v",
                  "virus": "t", "linkbuild": "e"}[tool]
        if kind != wanted:
            what = {"v": "corner (vertex)", "e": "edge", "t": "tile"}[wanted]
            self.message = f"{self._label(tool)}: pick a highlighted {what}."
            return None
        if tool == "linkbuild":
            if not self.picked:
                if name in self.linkbuild_firsts():
                    self.picked = [name]
                    return None
                return self.play(self._me(f"linkbuild {name} {name}"))  # the engine explains
            if name == self.picked[0]:
                self.picked = []
                return None
            return self.play(self._me(f"linkbuild {self.picked[0]} {name}"))
        return self.play(self._me(f"{tool} {name}"))

    def choose(self, value: str) -> str | None:
        """A resource picked in a chooser (discard, trade, resource, monopoly)."""
        self.message = None
        code = _resource_code(value)
        if code is None:
            self.message = f"{value!r} is not a resource ({' '.join(RESOURCE_CODES)})"
            return None
        if not self.session.is_human_turn():
            self.message = self._not_your_turn()
            return None
        if self.phase == "discard":
            return self.play(self._me(f"discard {code}"))
        if self.phase != "main":
            self.message = self._phase_first()
            return None
        if self.tool == "trade":
            if not self.picked:
                if not any(text.split()[2] == code for text in self.actions_of("trade")):
                    self.message = self._why_not_give(code)
                    return None
                self.picked = [code]
                return None
            if code == self.picked[0]:
                self.picked = []
                return None
            return self.play(self._me(f"trade {self.picked[0]} {code}"))
        if self.tool == "resource":
            if not self.picked:
                self.picked = [code]
                return None
            first, second = sorted((self.picked[0], code), key=RESOURCE_CODES.index)
            return self.play(self._me(f"resource {first} {second}"))
        if self.tool == "monopoly":
            return self.play(self._me(f"monopoly {code}"))
        self.message = "Pick Trade (T) or a Resource or Monopoly card first."
        return None

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
        return self.play(self._me(name))

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

    # --- the choosers ------------------------------------------------------------------
    def linkbuild_firsts(self) -> list[str]:
        return sorted({text.split()[2] for text in self.actions_of("linkbuild")}, key=lambda e: int(e[1:]))

    def chooser(self) -> dict[str, Any] | None:
        """The resource chooser the page shows now, or None: ``{"mode":
        "discard" | "trade-give" | "trade-take" | "resource" | "monopoly",
        "title": ..., "options": [{"code", "name", "enabled", "note"}]}``."""
        if not self.session.is_human_turn():
            return None
        view = self.view()
        seat = self.session.current
        player = view["players"][seat]
        hand = player["hand"] or [0] * 5
        rates = player["rates"]
        options = []
        if self.phase == "discard":
            owed = view["owed"].get(str(seat), 0)
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": hand[r] > 0,
                                "note": f"of {hand[r]}"})
            return {"mode": "discard", "title": f"Discard {owed} more", "options": options}
        if self.phase != "main" or self.tool not in CHOOSER_TOOLS:
            return None
        if self.tool == "trade" and not self.picked:
            gives = {text.split()[2] for text in self.actions_of("trade")}
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": code in gives,
                                "note": f"{rates[r]}:1"})
            return {"mode": "trade-give", "title": "Trade: give which?", "options": options}
        if self.tool == "trade":
            give = self.picked[0]
            rate = rates[RESOURCE_CODES.index(give)]
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": code != give,
                                "note": "give" if code == give else "+1"})
            return {"mode": "trade-take", "title": f"Give {rate} {give}, take which?", "options": options}
        if self.tool == "resource":
            first = self.picked[0] if self.picked else None
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": True,
                                "note": "+1"})
            title = f"Resource: {first} and which?" if first else "Resource: take which two?"
            return {"mode": "resource", "title": title, "options": options}
        rivals = [p for p in view["players"] if p["seat"] != seat]
        for r, code in enumerate(RESOURCE_CODES):
            gain = sum(min(2, (p["hand"] or [0] * 5)[r]) for p in rivals)
            options.append({"code": code, "name": RESOURCES[r], "enabled": True, "note": f"+{gain}"})
        return {"mode": "monopoly", "title": "Monopoly: name a resource", "options": options}

    # --- explanations ----------------------------------------------------------------------
    def _label(self, tool: str) -> str:
        if tool in TOOL_INFO:
            return TOOL_INFO[tool][0]
        return CARD_INFO[tool][0] if tool in CARD_INFO else tool

    def _not_your_turn(self) -> str:
        session = self.session
        if not session.over and self.phase == "discard":
            waiting = [session.names[seat] for seat in session.waiting()]
            return f"Wait: {' and '.join(waiting)} must discard first."
        return super()._not_your_turn()

    def _phase_first(self) -> str:
        phase = self.phase
        if phase == "roll":
            return "Roll the dice first (R)."
        if phase == "discard":
            return "Discard first: pick the resources to give up."
        if phase == "setup-node":
            return "Place your node first: pick a highlighted corner."
        if phase == "setup-link":
            return "Place your link first: pick a highlighted edge."
        return "Not now."

    def _describe(self, text: str) -> str:
        words = text.split()
        verb, args = words[1], words[2:]
        if verb in ("node", "link"):
            return f"place a {verb} on {args[0]}"
        if verb == "super":
            return f"upgrade {args[0]} to a Super Node"
        if verb == "fortify":
            return f"fortify {args[0]}"
        if verb == "clear":
            return f"clear the virus off {args[0]}"
        if verb == "trade":
            return f"trade {args[0]} for {args[1]}"
        if verb == "hack":
            return f"hack {args[0]}"
        if verb == "virus":
            return f"infect {args[0]}"
        if verb == "linkbuild":
            return f"build links on {args[0]} and {args[1]}"
        if verb == "resource":
            return f"take {args[0]} and {args[1]}"
        if verb == "monopoly":
            return f"claim {args[0]}"
        if verb == "discard":
            return f"discard {args[0]}"
        if verb == "draw":
            return "draw a card"
        if verb == "end":
            return "end the turn"
        return verb

    def _hand(self) -> list[int]:
        player = self.view()["players"][self.session.current]
        return player["hand"] or [0] * 5

    def _short(self, verb: str) -> str | None:
        """What the hand lacks for ``verb`` ("1fi 2me"), or None if it covers it."""
        hand = self._hand()
        missing = [f"{need - have}{RESOURCE_CODES[r]}" for r, (need, have) in
                   enumerate(zip(COSTS[verb], hand)) if need > have]
        return " ".join(missing) or None

    def _why_unavailable(self, tool: str) -> str:
        view = self.view()
        seat = self.session.current
        if tool in COSTS:
            short = self._short(tool)
            label = {"draw": "Draw card", "super": "A Super Node", "clear": "Clearing a virus"}.get(
                tool, self._label(tool))
            if short:
                return f"{label} costs {cost_text(tool)}; you are short {short}."
            if tool == "link":
                return "No free edge touches your network, or your 15 links are all out."
            if tool == "node":
                return ("No free corner at the end of your links is 2 edges from every building "
                        "(or your 5 nodes are all out).")
            if tool == "super":
                return "You have no node left to upgrade (or all 4 Super Nodes are out)."
            if tool == "clear":
                return "No tile under one of your buildings carries a virus."
            if tool == "draw":
                return "No special card is left to draw."
            return f"There is nothing to {label.lower()} now."
        if tool == "trade":
            rates = view["players"][seat]["rates"]
            best = min(rates)
            return f"A trade needs {best} of one resource at your best rate ({best}:1); you have fewer."
        player = view["players"][seat]
        cards = player["cards"] or {}
        fresh = player["fresh"] or {}
        label = CARD_INFO[tool][0]
        if not cards.get(tool):
            return f"You hold no {label} card."
        if view["played_card"]:
            return "You already played a special card this turn (one per turn)."
        if cards.get(tool, 0) - fresh.get(tool, 0) <= 0:
            return f"A {label} card cannot be played on the turn you drew it."
        if tool == "hack":
            return "There is no enemy building to hack."
        if tool == "linkbuild":
            return "Link Building needs two free edges in reach and two links left in your supply."
        return f"{label} cannot be played now."

    def _why_not_give(self, code: str) -> str:
        r = RESOURCE_CODES.index(code)
        player = self.view()["players"][self.session.current]
        rate, have = player["rates"][r], (player["hand"] or [0] * 5)[r]
        return f"Trading {RESOURCES[r]} takes {rate} ({rate}:1 for you); you have {have}."

    # --- what the page shows ----------------------------------------------------------------
    def last_targets(self) -> list[str]:
        """Board ids touched since the shown seat last acted (everyone else's
        moves since then), plus that seat's own moves this turn."""
        me = self.hand_seat()
        found: list[str] = []
        others = False
        for entry in reversed(self.session.log):
            if entry.seat == me and others:
                break
            if entry.seat != me:
                others = True
            for target in action_targets(entry.text):
                if target not in found:
                    found.append(target)
        return found

    def hints(self) -> dict[str, Any]:
        """Hints for ``render_board``: names, the last moves, and the legal
        targets of the current choice as buttons."""
        hints: dict[str, Any] = {"names": self.names, "last": self.last_targets()}
        if not self.session.is_human_turn():
            return hints
        phase = self.phase
        if phase in ("setup-node", "setup-link"):
            found = hints_from_actions(self.texts())
            if phase == "setup-link":
                node = f"v{self.view()['last_node']}"
                found["highlight"][node] = "selected"
            hints.update(found)
            return hints
        if phase != "main" or self.tool is None or self.tool in CHOOSER_TOOLS or self.tool == "xp":
            return hints
        if self.tool == "linkbuild":
            if not self.picked:
                firsts = self.linkbuild_firsts()
                hints["actions"] = {e: f"select {e}" for e in firsts}
                hints["highlight"] = dict.fromkeys(firsts, "build")
                hints["labels"] = {e: f"{e}: first free link here" for e in firsts}
                return hints
            first = self.picked[0]
            seconds = [text for text in self.actions_of("linkbuild") if text.split()[2] == first]
            found = hints_from_actions(seconds, selected=[first])
            found["actions"][first] = f"cancel {first}"
            found["labels"] = {first: f"{first}: take this first link back"}
            hints.update(found)
            return hints
        hints.update(hints_from_actions(self.actions_of(self.tool)))
        return hints

    def _who(self, seat: int) -> str:
        return self.names[seat]

    def status(self) -> str:
        """The status line: whose move and what to do; or the result."""
        session = self.session
        view = self.view()
        if view["phase"] == "over":
            return self.result()[0]
        seat = session.current
        name = self._who(seat)
        you = name == "You"
        phase = view["phase"]
        if session.setup.is_bot(seat):
            if phase == "discard":
                return f"{name} is discarding\u2026"
            return f"{name} is thinking\u2026"
        subject = "You" if you else name
        if phase == "setup-node":
            return f"{subject} place{'' if you else 's'} a node"
        if phase == "setup-link":
            return f"{subject} place{'' if you else 's'} a link"
        whose = "Your turn" if you else f"{name}'s turn"
        if phase == "roll":
            return f"{whose} {view['turn']}: roll the dice"
        if phase == "discard":
            owed = view["owed"].get(str(seat), 0)
            reason = "network purge" if self._last_roll_kind() == "purge" else "a 7"
            who = "you" if you else name
            return f"Discard {owed} card{'s' if owed != 1 else ''}: {reason}, and {who} hold{'' if you else 's'} too many"
        return f"{whose} {view['turn']}: build, trade or play a card"

    def _last_roll_kind(self) -> str | None:
        for entry in reversed(self.session.log):
            if _verb(entry.text) == "roll":
                kinds = {event.get("kind") for event in entry.events}
                return "purge" if "purge" in kinds else "seven" if "seven" in kinds else None
        return None

    def prompt(self) -> str:
        """The line under the status: the answer to the last click, or what
        the current choice does next."""
        if self.message:
            return self.message
        session = self.session
        view = self.view()
        if session.over:
            if session.setup.humans:
                return "Undo goes back to your last move; Play again starts another game."
            return "New game starts another."
        if not session.is_human_turn():
            return "Bots move with a short pause so you can follow."
        phase = view["phase"]
        seat = session.current
        if phase == "setup-node":
            second = view["setup_step"] >= len(view["players"])
            extra = (" This second node also collects one resource from each tile around it."
                     if second else " Two corners apart from every building; you place two nodes in all.")
            return f"Pick a highlighted corner.{extra}"
        if phase == "setup-link":
            return f"Pick a highlighted edge beside your new node v{view['last_node']}."
        if phase == "roll":
            return "Press Roll (R): the sum produces; a red 6 moves the threat track."
        if phase == "discard":
            owed = view["owed"].get(str(seat), 0)
            return f"Pick a resource in the chooser to discard it ({owed} to go; keys 1-5)."
        tool = self.tool
        if tool is None:
            return "Choose an action beside the board, or End turn (E); a greyed one says what it needs."
        if tool == "trade":
            if not self.picked:
                return "Trade: pick what to give (your rate is shown), then what to take. Esc cancels."
            return f"Trade {self.picked[0]}: pick what to take. Esc goes back."
        if tool == "resource":
            return "Resource card: pick two resources (the same one twice is fine). Esc goes back."
        if tool == "monopoly":
            return "Monopoly: name a resource; every rival hands you up to 2 of it."
        if tool == "linkbuild":
            if not self.picked:
                return "Link Building: pick the first free link (highlighted edges). Esc cancels."
            return f"Link Building: pick the second link; it may chain off {self.picked[0]}. Esc goes back."
        count = len(self.actions_of(tool))
        if tool == "hack":
            return f"Hack: pick an enemy building (crosshairs, {count} possible). A fortification absorbs it first."
        if tool == "virus":
            return f"Virus: pick a tile to infect ({count} possible). It produces nothing until cleared."
        label = {"super": "Super Node", "clear": "Clear virus"}.get(tool, self._label(tool))
        where = {"link": "edge", "node": "corner", "super": "node of yours", "fortify": "building of yours",
                 "clear": "infected tile"}[tool]
        return f"{label} ({cost_text(tool)}): pick a highlighted {where} ({count} possible). Esc cancels."

    def result(self) -> tuple[str, str]:
        """Headline and detail of a finished game."""
        view = self.view()
        names = self.names
        xp = [player["xp"] for player in view["players"]]
        winner = view["winner"]
        target = view["options"]["target"]
        if winner is None:
            headline = "Game over"
        elif names[winner] == "You":
            headline = f"You win with {xp[winner]} XP"
        else:
            headline = f"{names[winner]} wins with {xp[winner]} XP"
        bonuses = []
        for key, label in (("longest", "Longest Network"), ("fortified", "Most Fortified")):
            holder = view[key]
            bonuses.append(f"{label}: {names[holder] if holder is not None else 'nobody'}")
        detail = (f"XP {' : '.join(str(value) for value in xp)} after {view['turn']} turns "
                  f"(target {target}). {'; '.join(bonuses)}.")
        return headline, detail

    def event_notes(self, events) -> list[str]:
        """Short words the activity log adds after an action."""
        names = self.names
        notes = []

        def seat_name(seat) -> str:
            return f"P{int(seat) + 1}"

        for event in events:
            kind = event.get("kind")
            if kind == "roll":
                notes.append(f"red {event['red']} + white {event['white']} = {event['sum']}")
            elif kind == "produce":
                gained = " ".join(f"+{n}{RESOURCE_CODES[r]}" for r, n in enumerate(event["gained"]) if n)
                notes.append(f"{seat_name(event['seat'])} {gained}")
            elif kind == "starting-resources":
                gained = " ".join(f"+{n}{RESOURCE_CODES[r]}" for r, n in enumerate(event["gained"]) if n)
                if gained:
                    notes.append(gained)
            elif kind == "threat":
                notes.append(f"threat {event['level']}/3")
            elif kind == "purge":
                owed = ", ".join(f"{seat_name(s)} -{k}" for s, k in event["owed"].items())
                notes.append("network purge" + (f": {owed}" if owed else ""))
            elif kind == "seven":
                owed = ", ".join(f"{seat_name(s)} -{k}" for s, k in event["owed"].items())
                notes.append(f"seven: {owed}")
            elif kind == "trade":
                notes.append(f"{event['rate']}{event['give']} \u2192 1{event['take']}")
            elif kind == "drew":
                notes.append(f"drew {CARD_INFO[event['card']][0]}")
            elif kind == "reshuffle":
                notes.append(f"deck reshuffled ({event['xp_removed']} +1 XP removed)")
            elif kind == "hack":
                notes.append({"stripped": "a fortification absorbed it", "demoted": "Super Node demoted",
                              "destroyed": "node destroyed"}[event["result"]])
            elif kind == "resources":
                notes.append(" ".join(f"+1{code}" for code in event["take"]))
            elif kind == "monopoly":
                taken = ", ".join(f"{k} from {seat_name(s)}" for s, k in event["taken"].items())
                notes.append(f"took {taken}" if taken else "nobody had any")
            elif kind == "play" and event["card"] == "xp":
                notes.append("+1 XP")
            elif kind == "bonus":
                label = "Longest Network" if event["bonus"] == "longest-network" else "Most Fortified"
                holder = event["seat"]
                notes.append(f"{label} \u2192 {seat_name(holder) if holder is not None else 'nobody'}")
            elif kind == "turn-limit":
                notes.append("turn limit: game over")
            elif kind == "game-over":
                notes.append(f"game over: {names[event['winner']]} wins" if event.get("winner") is not None
                             else "game over")
        return notes
