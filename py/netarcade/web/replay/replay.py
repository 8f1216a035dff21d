"""The replay viewer, without a DOM: step through a game move by move, branch from any move.

What it is for: any local game (a finished one, or any seed link) can be
looked at after each of its moves. :class:`Replay` holds the game being
reviewed (the *live* :class:`~netarcade.web.session.Session`, left as it
is) and a position ``at`` (how many of its moves have been played: 0 is the
setup, ``total`` the end). :class:`Position` is the game after ``at`` moves
as a read-only session, so every game's own table, board and panels draw it
unchanged; it is built from the match's undo snapshots
(``Match.position``), so a step replays nothing. :meth:`Replay.branch` is a
new local game cut at ``at`` (same seed, options and seats: its own link).
Links: ``#play=...&r=...&at=N`` opens the viewer at move N
(:func:`split_at`). The HTML of the bar and of the log as a list of
clickable moves is here too (strings; ``app`` puts them in the page).

What it is not: DOM code (``app``), rules (the engine) or a game's page.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from ...core.errors import IllegalAction, quoted
from ..render.svg import el, escape
from ..session import LinkError, Session, encode_link

__all__ = ["AT_KEY", "KEYS", "Position", "Replay", "split_at"]

#: the link parameter that opens the viewer: ``&at=N``, the position after N moves
AT_KEY = "at"
#: keys the viewer takes while it is open (a step count, or first/last)
KEYS = {"arrowleft": -1, "arrowright": 1, "pageup": -10, "pagedown": 10, "home": "first", "end": "last"}
_SERIAL = count(1)
REFUSED = "This is a replay: Play from here starts a game from this move; Leave replay goes back."


def split_at(fragment: str) -> tuple[str, int | None]:
    """A link without its replay position, and the position (None: no ``at``).
    The position is ASCII digits only (at most 6): look-alike digits such as
    ``²``, ``١`` or ``１`` are refused, not read as a number.

    >>> split_at("#play=backbone&r=abc&at=12")
    ('play=backbone&r=abc', 12)
    >>> split_at("play=backbone&r=abc")
    ('play=backbone&r=abc', None)
    """
    kept, at = [], None
    for part in (fragment or "").strip().lstrip("#").split("&"):
        key, sep, value = part.partition("=")
        if key != AT_KEY or not sep:
            kept.append(part)
            continue
        if at is not None:
            raise LinkError("this link is damaged: 'at' appears twice")
        value = value.strip()
        if not (value.isascii() and value.isdigit()) or len(value) > 6:
            raise LinkError(f"this link's replay position {quoted(value, 24)} is not a move number (at=0 is the start)")
        at = int(value)
    return "&".join(kept), at


#: the step buttons' pictures (a triangle, with a bar for first and last): SVG,
#: since the media-control characters are missing from many monospace fonts
_GLYPHS = {"first": "M3 2h2v12H3zM14 2v12L6 8z", "back": "M12 2v12L4 8z",
           "forward": "M4 2v12l8-6z", "last": "M11 2h2v12h-2zM2 2v12l8-6z"}


def _glyph(name: str) -> str:
    return el("svg", el("path", d=_GLYPHS[name], fill="currentColor"), viewBox="0 0 16 16", width=16, height=16,
              aria_hidden="true", focusable="false")


class Position(Session):
    """The live game after its first ``at`` moves, for the eye only: no
    seat is to act here (no targets light up, no bot thinks), nothing can
    be played or undone, and its link is the replay's."""

    replay = True

    def __init__(self, live: Session, at: int):  # noqa: super-init-not-called - nothing to replay
        self.setup, self.game = live.setup, live.game
        self.match = live.match.position(at)
        self._log = (-1, [])
        self._view = (-1, {})
        self._current = (-1, None)
        self._bot_rngs: dict[int, Any] = {}
        self.live, self.at = live, at

    def is_human_turn(self) -> bool:
        return False

    def is_bot_turn(self) -> bool:
        return False

    def legal(self) -> list:
        return []

    def legal_texts(self, prefix: str = "") -> list[str]:
        return []

    def can_undo(self) -> bool:
        return False

    def undo(self) -> int:
        return 0

    def play(self, action) -> list:
        raise IllegalAction("replay", REFUSED)

    def link(self) -> str:
        return f"{self.live.link()}&{AT_KEY}={self.at}"


class Replay:
    """A game under review: the live session, the position shown, the steps."""

    #: positions kept built (a step back and forth, or a slider's drag, finds them)
    CACHE = 64

    def __init__(self, live: Session, at: int | None = None):
        if getattr(live, "remote", False):
            raise ValueError("an online room is replayed from its revealed record (a local session)")
        self.live = live
        self.total = len(live.actions)
        if at is not None and not 0 <= at <= self.total:
            raise LinkError(f"this link asks for move {at} of a game of {self.total} moves")
        self.at = self.total if at is None else at
        self._positions: dict[int, Position] = {}
        self._log: str | None = None
        self.key = next(_SERIAL)  # tells this replay's log in the page from another's
        #: the Analyse of this game (``analysis_page.ReplayAnalysis``), once asked for
        self.analysis: Any = None

    # --- which position -----------------------------------------------------------
    def go(self, at: int) -> bool:
        """Show the position after ``at`` moves (kept within the game); did it move?"""
        at = max(0, min(self.total, int(at)))
        moved = at != self.at
        self.at = at
        return moved

    def step(self, how: int | str) -> bool:
        """``how``: a number of moves (negative: back), ``"first"`` or ``"last"``."""
        if how == "first":
            return self.go(0)
        if how == "last":
            return self.go(self.total)
        return self.go(self.at + int(how))

    def command(self, name: str, value: str | None = None) -> bool:
        """A bar's button (``replay-first``, ``-back``, ``-forward``, ``-last``,
        ``-to`` with ``value``); a bad value moves nothing."""
        how = {"replay-first": "first", "replay-back": -1, "replay-forward": 1, "replay-last": "last"}.get(name)
        if how is not None:
            return self.step(how)
        text = "" if value is None else str(value).strip()
        if name == "replay-to" and text.isascii() and text.isdigit() and len(text) <= 6:
            return self.go(int(text))
        return False

    def position(self) -> Position:
        """The game after ``at`` moves (built once, kept while stepping around)."""
        found = self._positions.get(self.at)
        if found is None:
            if len(self._positions) >= self.CACHE:
                self._positions.pop(next(iter(self._positions)))
            found = self._positions[self.at] = Position(self.live, self.at)
        return found

    # --- what the position says ---------------------------------------------------------
    def move(self) -> str | None:
        """The notation of the move that led here (None at the start)."""
        return self.live.actions[self.at - 1] if self.at else None

    def can_branch(self) -> bool:
        """Play from here: not from a finished position (nothing left to play)."""
        return not self.position().over

    def branch(self) -> Session:
        """A new local game cut at this move: same setup, the first ``at``
        moves replayed; the live game and its link stay as they are."""
        if not self.can_branch():
            raise ValueError("the game is over at this move: there is nothing to play from here")
        return Session(self.live.setup, self.live.actions[:self.at])

    def link(self) -> str:
        return self.position().link()

    def branch_link(self) -> str:
        return encode_link(self.live.setup, self.live.actions[:self.at])

    def status(self, speech: Any = None) -> str:
        """Where the viewer is and the move that led here: in words when the
        game's move reader (``GamePage.speech()``) is given, else in notation."""
        move = self.move()
        if move is None:
            return f"Replay: the start, before move 1 of {self.total}"
        if speech is not None:
            return f"Replay, move {self.at} of {self.total}: {speech.sentence(move, self.live.names)}"
        seat = self.live.log[self.at - 1].seat
        return f"Replay: move {self.at} of {self.total}, {self.live.names[seat]}: {move}"

    def prompt(self) -> str:
        return "Step with \u25c0 \u25b6 (keys \u2190 \u2192 Home End) or pick a move in the log."

    # --- HTML ---------------------------------------------------------------------------
    def bar_html(self) -> str:
        """The viewer's controls (drawn once when it opens; ``app`` then
        updates the slider, the counter and the buttons in place)."""
        def button(cmd: str, text: str, label: str, key: str, cls: str = "") -> str:
            return el("button", text, type="button", class_=cls, data_cmd=cmd, aria_label=label,
                      title=f"{label} ({key})", aria_keyshortcuts=key)

        return (
            el("div", [
                button("replay-first", _glyph("first"), "First position", "Home", "rp-first"),
                button("replay-back", _glyph("back"), "Back one move", "ArrowLeft", "rp-back"),
                el("input", type="range", id="replay-slider", min=0, max=self.total, value=self.at, step=1,
                   aria_label="Move", aria_valuetext=self.counter()),
                button("replay-forward", _glyph("forward"), "Forward one move", "ArrowRight", "rp-forward"),
                button("replay-last", _glyph("last"), "Last position", "End", "rp-last"),
                el("span", escape(self.counter()), id="replay-at", class_="replay-at"),
            ], class_="replay-steps", role="group", aria_label="Step through the moves")
            + el("style", "", id="replay-later")
            + el("div", [
                el("button", "Play from here", type="button", class_="primary", id="replay-branch",
                   data_cmd="replay-branch",
                   title="A new game from this move, with its own link; this game stays as it is"),
                el("button", "Leave replay", type="button", id="replay-leave", data_cmd="replay-leave",
                   aria_keyshortcuts="Escape", title="Back to the game (Esc)"),
            ], class_="replay-exits")
            + el("div", "", id="replay-analysis", class_="replay-analysis", role="group", aria_label="Analysis")
        )

    def counter(self) -> str:
        return f"{self.at} / {self.total}"

    def log_html(self, table: Any) -> str:
        """Every move of the game as a button that goes to the position after
        it (``table`` is the live game's: its rounds and notes label the
        moves), first "the start". Built once: ``replay_page`` marks the move
        shown and dims the later ones in place, so a step does not redraw
        a long game's log."""
        if self._log is None:
            from ..views import log_items

            def step(value: int, content: str) -> str:
                return el("button", content, type="button", class_="logstep", data_cmd="replay-to", data_value=value,
                          tabindex=-1)

            rows = [el("li", step(0, "the start"), class_="start")]
            for entry, item in zip(self.live.log, log_items(table, self.live.log)):
                head, _, rest = item.partition(">")  # the log's <li>, its content now a step to the move
                rows.append(f'{head}>{step(entry.index + 1, rest[:-len("</li>")])}</li>')
            self._log = el("ol", rows, class_="log replay-log", data_replay=self.key,
                           aria_label="Moves: pick one to see the game after it")
        return self._log
