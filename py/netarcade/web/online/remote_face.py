"""An online room's session as every game's table reads a local one.

What it is for: :class:`SessionFace`, a part of ``online.RemoteSession``:
the local ``session.Session``'s interface (``view()``, ``names``,
``current``, ``legal_texts``, ``play``, ``log``, ``link()``...) answered
from the relay's last frame (``self.frame``) and the room's seats. What it
is not: the connection, the frames' handling or storage (``online``).
"""

from __future__ import annotations

from typing import Any, Hashable

from ...core.errors import IllegalAction, NetarcadeError
from ...core.game import format_seat, split_seat
from ...core.record import decode_record
from .remote_log import remote_log
from ..session import HUMAN, SEAT_KINDS, LogEntry, Setup, encode_link

__all__ = ["SessionFace"]


class SessionFace:
    """The local session's interface of ``RemoteSession``, from its last frame."""

    @property
    def state(self) -> Any:
        """The last frame: a new object per frame (tables key their caches on it)."""
        return self.frame

    def view(self) -> dict[str, Any]:
        return self.frame["view"]

    @property
    def over(self) -> bool:
        return bool(self.frame and self.frame["view"].get("over"))

    @property
    def names(self) -> list[str]:
        names = []
        for seat in self.seats:
            index, kind = seat["seat"], seat["kind"]
            if index == self.seat:
                names.append("You")
            elif kind != HUMAN:
                name = f"{kind.capitalize()} bot"
                if self.kinds.count(kind) > 1:
                    name += f" {index + 1}"
                names.append(name)
            else:
                names.append(str(seat.get("name") or f"Player {index + 1}")[:40])
        return names

    def waiting(self) -> list[int]:
        if not self.frame:
            return []
        return sorted(int(entry["seat"]) for entry in self.frame["view"].get("acting") or ())

    @property
    def current(self) -> int | None:
        """This page's seat when it must decide, else the first seat to act."""
        if self.over:
            return None
        acting = self.waiting()
        if self.seat is not None and self.seat in acting:
            return self.seat
        return acting[0] if acting else None

    def is_human_turn(self) -> bool:
        """Does this page's player decide now (and no action is on its way)?"""
        return (self.frame is not None and self.started and not self.over and not self.pending
                and self.seat is not None and bool(self.frame.get("legal")))

    def is_bot_turn(self) -> bool:
        return False  # the relay plays its bots; the page never does

    def legal(self) -> list[Hashable]:
        return [self.game.parse_action(text) for text in self.legal_texts()]

    def legal_texts(self, prefix: str = "") -> list[str]:
        if not self.is_human_turn():
            return []
        return [text for text in self.frame["legal"] if text.startswith(prefix)]

    def seat_of(self, text: str) -> int:
        return split_seat(text, self.game.max_players)[0]


    def play(self, action: Hashable | str) -> list:
        """Send an action to the relay (its answer comes later: an ``ack``
        and an update, or a refusal the table shows with the relay's words)."""
        text = action if isinstance(action, str) else self.game.format_action(action)
        if self.transport is None or self.token is None:
            raise IllegalAction("offline", "not connected to the relay: wait for it to reconnect")
        self.refused = None
        self._send(self._seat_frame("act", action=text, base=self.version), "act", text)
        return []

    def why_not_resign(self, seat: int) -> tuple[str, str] | None:
        """Why this page cannot resign ``seat`` now, as (code, sentence), or
        None: only its own seat, once the game has started and while it
        plays (``out`` in Net Control's view, ``resigned`` in Backbone's
        and Overwrite's), never while a move is on its way. ``no-resign``
        for a game whose notation has none yet, as in a local game. The
        relay checks it again (``resigned``, ``not-your-seat``)."""
        game = self.game
        try:
            game.parse_action(format_seat(seat, "resign"))
        except NetarcadeError:
            return "no-resign", f"Resign: {game.title}'s rules have no resignation yet."
        if self.seat is None or seat != self.seat or self.token is None:
            return "not-your-seat", "Resign: you can only resign your own seat."
        if not self.started or self.over:
            return "game-over" if self.over else "not-started", "Resign: the game is not in play."
        view = self.view()
        left = view.get("out", view.get("resigned"))
        if seat in (left if isinstance(left, list) else [] if left is None else [left]):
            return "resigned", "Resign: you have resigned already."
        if self.pending:
            return "pending", "Resign: wait for the relay's answer to your move."
        return None

    def can_undo(self) -> bool:
        return False  # online, a move is final

    def undo(self) -> int:
        return 0

    @property
    def actions(self) -> list[str]:
        return [entry.text for entry in self.log]

    @property
    def log(self) -> list[LogEntry]:
        """Each version as a log line: its notation as the relay sends it to
        this observer (whole, or seat and verb where the game keeps a move's
        arguments hidden), the whole record's once the reveal is verified;
        a summary of its events if a relay sends no notation."""
        version, entries = self._log
        key = self.version + (10**9 if self._record_actions else 0)
        if version != key:
            entries = remote_log(self.version, self.events, self.moves, self._record_actions, self.game.max_players)
            self._log = (key, entries)
        return entries

    def record_setup(self) -> Setup | None:
        """The finished game as a local :class:`Setup` (for its seed link)."""
        if not (self.over and self.verdict and self.verdict.ok):
            return None
        record = decode_record(self.frame["reveal"]["record"])
        seats = tuple(kind if kind in SEAT_KINDS else "greedy" for kind in self.kinds)
        return Setup(record.game, dict(record.options), record.seed, seats)

    def share_link(self) -> str:
        """The fragment that opens this room: ``online=CODE``."""
        return f"online={self.room}" if self.room else "home"

    def link(self) -> str:
        """The address bar's fragment: the room, then (verified) the seed link."""
        setup = self.record_setup()
        if setup is not None:
            return encode_link(setup, self._record_actions)
        return self.share_link()
