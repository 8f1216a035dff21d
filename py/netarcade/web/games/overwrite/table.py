"""Overwrite's table in the page: pieces picked, turned and placed; board hints.

What it is for: the page's Overwrite controls as a small state machine,
without a DOM. The player picks a piece in a bank (``pick``), turns it
(``rotate``, ``flip``) and clicks a cell: the shared picks machine
(``web.table.Table.advance``) plays the legal notation the engine lists for
that piece, orientation and anchor (``legal_texts("p1 place 1L4 r1 ")``) or
lets the engine's ``check`` say why not. The block under the pointer is the
piece's *handle* (``tools.handle``): a click on cell X lays the piece so its
handle covers X. Defrag is the same with a piece on the board picked first;
Reserve keeps the picked piece; Draw and Pass are buttons. Board hints put a
target on every cell of the playing area, lit where the piece fits, each
with its ghost (``hints.py``). Its words are in ``words.py``.

What it is not: rules (the engine decides legality), drawing
(``render.py``) or DOM code (``app``).

Keys (``key_command``): 1-9 pick the Nth playable piece, R turn, F flip,
M Defrag, V reserve, D draw, P pass, arrows move the keyboard cursor and
K places at it; U undo; Escape puts the piece back.
"""

from __future__ import annotations

from typing import Any

from netarcade.games.overwrite.board import parse_cell, placement_table
from netarcade.games.overwrite.pieces import ALL_SHAPES, KIND, ORDER
from netarcade.web.session import Session
from netarcade.web.table import COMMON_KEYS, Table

from .hints import OverwriteHints
from .tools import (DEFRAG, DRAW, KEYS, PASS, PLACE, RESERVE, flipped, handle, handle_cell, play_name, shape_of,
                    shift, turned)
from .words import OverwriteWords, _verb

__all__ = ["OverwriteTable"]

_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def warm_placements(size: int) -> None:
    """Fill the engine's placement tables for this board size now, when the
    game opens, rather than inside a bot's thinking slice (a table is built
    the first time a shape is looked at: tens of ms under Pyodide)."""
    for shape in ALL_SHAPES:
        placement_table(shape, size)


class OverwriteTable(OverwriteHints, OverwriteWords, Table):
    """The controls of one Overwrite session: the tool (``place`` or
    ``defrag``), the picks so far (piece, orientation), the keyboard cursor
    and the last message for the player."""

    game = "overwrite"
    #: names ``data-tool`` buttons carry (and keys that select a tool)
    tools = ("defrag",)

    def __init__(self, session: Session):
        super().__init__(session)
        self.cursor: str | None = None
        #: the cursor was last moved by the arrow keys: the board shows no mouse-hover preview
        #: beside it, and a click first aims (``hints``: ``keys``)
        self.keyboard = False
        self.clicked: str | None = None  # the cell a click named, for the words of a refusal
        self._cache: dict[Any, Any] = {}
        self._cache_key: tuple | None = None
        warm_placements(session.view()["size"])
        self.sync()

    # --- the engine's answers, kept until the position changes -------------------------
    def _memo(self, key, compute):
        now = (id(self.session.state), self.session.version)
        if self._cache_key != now:
            self._cache_key, self._cache = now, {}
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def continuing(self, verb: str, picks=()) -> list[str]:
        """As the shared table's, kept per position; a bare verb is read from one
        listing of every legal action (the engine narrows a prefix by verb and
        piece only when it ends with a space: ``"p1 place 1L4 "``)."""
        if picks:
            return self._memo(("continuing", verb, tuple(picks)), lambda: Table.continuing(self, verb, picks))
        return self._memo(("continuing", verb), lambda: [
            text for text in self._memo("legal", self._legal) if text.split()[1:2] == [verb]])

    def _legal(self) -> list[str]:
        return self.session.legal_texts() if self.session.is_human_turn() else []

    # --- what may be picked now -------------------------------------------------------------
    def playable(self) -> list[str]:
        """Play names of the pieces that fit somewhere now (the engine's Place list)."""
        return self.next_words(PLACE)

    def reservable(self) -> list[str]:
        return self.next_words(RESERVE)

    def offered(self) -> list[str]:
        """The pieces the player may pick now, by id: the community bank after
        drawing, the personal bank before (one of each special kind)."""
        if not self.session.is_human_turn():
            return []
        view = self.view()
        seat = self.session.current
        pool = view["personal"][seat] if view["phase"] == "draw" else view["bank"]
        seen, found = set(), []
        for piece in sorted(pool, key=ORDER.__getitem__):  # the order the banks are drawn in
            name = play_name(piece)
            if name not in seen and KIND.get(piece) not in ("sf",):
                seen.add(name)
                found.append(piece)
        return found

    def defrag_pieces(self) -> list[str]:
        """Pieces on the board a Defrag in the bank may move now (none on a bot's turn)."""
        return self.next_words(DEFRAG) if self.session.is_human_turn() else []

    def defrag_ready(self) -> bool:
        """A Defrag in the bank after drawing: the button is lit without listing
        every move (a click lists them, and says so in the rare case of none)."""
        view = self.view()
        return (self.session.is_human_turn() and view["phase"] == "play"
                and any(KIND.get(piece) == "df" for piece in view["bank"]))

    def human_seat(self) -> int | None:
        """Whose own bank the controls show: the human to act, else the only human."""
        session = self.session
        if session.is_human_turn():
            return session.current
        humans = session.setup.humans
        return humans[0] if len(humans) == 1 else None

    def selected_piece(self) -> str | None:
        """The play name of the piece being placed or moved."""
        return self.picked[0] if self.tool in ("place", "defrag") and self.picked else None

    def shape(self) -> str | None:
        name = self.selected_piece()
        if name is None:
            return None
        if self.tool == "defrag":
            found = next((p for p in self.view()["pieces"] if p["id"] == name), None)
            return found["shape"] if found else None
        return shape_of(name)

    def orient(self) -> str | None:
        return self.picked[1] if len(self.picked) > 1 else None

    def tool_spec(self):
        return DEFRAG if self.tool == "defrag" else PLACE

    def fits(self, any_orient: bool = False) -> bool:
        """Does the picked piece fit somewhere in its orientation (or in any)?"""
        if not self.picked:
            return False
        spec = self.tool_spec()
        if any_orient:
            return bool(self.next_words(spec, self.picked[:1]))
        return bool(self.next_words(spec, self.picked[:2]))

    # --- changes ------------------------------------------------------------------------------
    def drop_picks(self) -> None:
        """After an action: nothing is picked (the next piece is a new choice)."""
        self.tool, self.picked, self.cursor, self.keyboard = None, [], None, False

    def sync(self) -> None:
        """Bring the selection in line with the session after any change."""
        if not self.session.is_human_turn():
            self.tool, self.picked, self.cursor, self.keyboard = None, [], None, False
            return
        if self.tool == "place" and self.picked:
            names = {play_name(piece) for piece in self.offered()}
            if self.picked[0] not in names:
                self.tool, self.picked = None, []
        elif self.tool == "defrag":
            if not self.next_words(DEFRAG):
                self.tool, self.picked = None, []
            elif self.picked and self.picked[0] not in self.next_words(DEFRAG):
                self.picked = []

    def select_tool(self, tool: str) -> str | None:
        """``defrag``: pick the Defrag (again: it stays picked; Esc puts it down)."""
        if tool != "defrag":
            raise ValueError(f"unknown tool {tool!r}")
        self.message = None
        if not self.session.is_human_turn():
            self.message = self._cannot_click()
            return None
        if self.tool == "defrag":
            return None
        if not self.next_words(DEFRAG):
            view = self.view()
            if not any(KIND.get(p) == "df" for p in view["bank"]):
                self.message = "There is no Defrag in the bank."
            elif view["phase"] == "draw":
                self.message = "Draw first (D): a Defrag in the bank is used after drawing."
            else:
                self.message = "The Defrag has nothing to move: no uncovered piece has another place."
            return None
        self.tool, self.picked = "defrag", []
        return None

    def pick(self, piece: str) -> str | None:
        """A bank piece was clicked: pick it (again: it stays picked, as it lies; Esc puts it
        down). A Defrag picks the Defrag tool."""
        self.message = None
        if self._cannot_click():
            self.message = self._cannot_click()
            return None
        if KIND.get(piece) == "df":
            return self.select_tool("defrag")
        name = play_name(piece)
        if name not in {play_name(p) for p in self.offered()}:
            self.message = self.why_not_piece(piece)
            return None
        if self.tool == "place" and self.picked and self.picked[0] == name:
            return None
        orients = self.next_words(PLACE, [name])  # the orientations that fit somewhere
        self.tool, self.picked = "place", [name, orients[0] if orients else "r0"]
        if not orients and name not in self.reservable():
            self.message = self.why_not_piece(piece)
        return None

    def take_hint(self, text: str) -> None:
        """A hint to place, move or keep a piece: pick it up as the hint lays
        it (its orientation) and aim at the cell under its handle, so the
        board's ghost there has the hinted shape and a click on that cell
        (a tap on a phone) plays exactly ``text``. Anything else (a draw, a
        pass) or a hint the engine no longer lists changes nothing."""
        words = text.split()
        verb = words[1] if len(words) > 1 else ""
        if not self.session.is_human_turn() or text not in self.continuing(verb):
            return
        self.message = None
        self.keyboard = False
        if verb == "reserve":
            name = words[2]
            orients = self.next_words(PLACE, [name])
            self.tool, self.picked, self.cursor = "place", [name, orients[0] if orients else "r0"], None
        elif verb in ("place", "defrag") and len(words) == 5:
            self.tool, self.picked = verb, words[2:4]
            shape = self.shape()
            self.cursor = None if shape is None else handle_cell(shape, words[3], words[4])

    def rotate(self, mirror: bool = False) -> None:
        self.message = None
        shape = self.shape()
        if shape is None or len(self.picked) < 2:
            self.message = "Pick a piece first: click one in the bank (1-9)."
            return
        self.picked[1] = (flipped if mirror else turned)(shape, self.picked[1])

    def cancel(self) -> None:
        """Escape: put the piece back (Defrag: the piece, then the Defrag)."""
        self.message = None
        self.cursor, self.keyboard = None, False
        if self.tool == "defrag" and self.picked:
            self.picked = []
        else:
            self.tool, self.picked = None, []

    def anchor_for(self, name: str) -> str | None:
        """The anchor (top-left of the bounding box) that puts the handle on ``name``."""
        shape, word = self.shape(), self.orient()
        if shape is None or word is None:
            return None
        row, col = handle(shape, word)
        return shift(name, -row, -col)

    def click(self, name: str) -> str | None:
        """A click (or Enter) on a cell. Returns the notation played, or None."""
        self.message = None
        self.keyboard = False
        if parse_cell(name) is None:
            self.message = f"{name!r} is not a cell of this board"
            return None
        self.message = self._cannot_click()
        if self.message:
            return None
        self.cursor = name
        if self.tool == "defrag" and not self.picked:
            top = self.view()["stacks"][parse_cell(name)]
            if not top:
                self.message = f"Defrag: {name} is empty; click a lit piece to move it."
                return None
            piece = top[-1]
            before = list(self.picked)
            self.advance(DEFRAG, piece)
            if self.picked != before:
                current = next((p["orient"] for p in self.view()["pieces"] if p["id"] == piece), "r0")
                orients = self.next_words(DEFRAG, [piece])
                self.picked = [piece, current if current in orients else orients[0]]
                # no cursor on the piece picked up: its ghost and the cursor's square covered it,
                # stack numbers and all (issue 39); it shows where it goes once pointed elsewhere
                self.cursor = None
            return None
        if not self.picked:
            top = self.view()["stacks"][parse_cell(name)]
            self.message = ("Pick a piece in the bank first (1-9), then click where it goes."
                            if not top else f"{name} shows {top[-1]} (height {len(top)}). "
                            "Pick a piece in the bank first (1-9).")
            return None
        anchor = self.anchor_for(name)
        if anchor is None:
            self.message = f"Can't place {self.selected_piece()} on {name}: the piece would stick out of the board."
            return None
        self.clicked = name
        try:
            return self.advance(self.tool_spec(), anchor)
        finally:
            self.clicked = None

    def reserve(self) -> str | None:
        self.message = self._cannot_click()
        if self.message:
            return None
        name = self.selected_piece() if self.tool == "place" else None
        if name is None or name not in self.reservable():
            why = self.why_not_reserve(name)
            if why:
                self.message = why
                return None
            if name is None:
                return None
        return self.play(self.complete(RESERVE, [name]))

    def move_cursor(self, direction: str) -> None:
        """Arrows: move the keyboard cursor over the playing area."""
        area = self.view()["area"]
        if self.cursor is None:
            side = int(len(area) ** 0.5)
            self.cursor = area[(side // 2) * side + (side - 1) // 2] if area else None
            return
        rows, cols = _STEPS[direction]
        moved = shift(self.cursor, rows, cols)
        if moved in area:
            self.cursor = moved

    def command(self, name: str, value: str | None = None) -> str | None:
        """A button or key: ``pick`` (with a piece), ``rotate``, ``flip``,
        ``reserve``, ``draw``, ``pass``, ``cursor`` (with a direction),
        ``place`` (at the cursor), ``aim`` (with a cell: a phone's first tap
        moves the cursor there). Returns what it played."""
        self.message = None
        if name == "pick":
            if value and value.isascii() and value.isdigit():
                offered = self.offered()
                index = int(value) - 1
                if not 0 <= index < len(offered):
                    self.message = f"There is no piece {value} to pick now."
                    return None
                value = offered[index]
            return self.pick(value or "")
        if name in ("rotate", "flip"):
            self.rotate(mirror=name == "flip")
            return None
        if name == "aim":  # a first tap on a phone (or a click after the arrow keys): show the piece there
            if value in self.view()["area"]:
                self.cursor, self.keyboard = value, False
            return None
        if name == "cursor":
            if value in _STEPS:
                self.move_cursor(value)
                self.keyboard = self.cursor is not None
            return None
        if name == "place":
            if self.cursor is None:
                self.message = "Move the cursor with the arrow keys first (or Tab to a lit cell and press Enter)."
                return None
            keyboard = self.keyboard
            played = self.click(self.cursor)
            self.keyboard = keyboard and played is None  # refused: the cursor stays the keyboard's
            return played
        if name == "reserve":
            return self.reserve()
        if name in ("draw", "pass"):
            self.message = self._cannot_click()
            if self.message:
                return None
            spec = DRAW if name == "draw" else PASS
            if not self.continuing(spec.verb):
                self.message = self._why_not_button(name)
                return None
            return self.advance(spec)
        if name == "defrag":
            return self.select_tool("defrag")
        self.message = f"unknown command {name!r}"
        return None

    def _why_not_button(self, name: str) -> str:
        if name == "draw":
            return "You drew already this turn." if self.view()["phase"] != "draw" else "You cannot draw now."
        return "Pass is only for when nothing in the bank can be played or reserved."

    def key_command(self, key: str) -> str | None:
        key = key.lower()
        if key.isascii() and key.isdigit() and key != "0":  # '²' (a key of its own on some keyboards) is no piece
            return f"pick:{key}"
        if key in KEYS:
            return KEYS[key]
        if key == "e":
            return None
        return COMMON_KEYS.get(key)

    def verb_of(self, text: str) -> str:
        return _verb(text)
