"""The replay viewer's part of the page's controller: open it, show a
position, leave it, play from here.

What it is for: :class:`ReplayControl`, a part of ``controller.Controller``
(it reads and sets the controller's table, page, screen, replay and
``live_table``: the game's own table while the viewer shows a position).
What it is not: the viewer's stepping and HTML (``replay``), its page
ops (``replay_page``) or its Analyse (``analysis_page``).
"""

from __future__ import annotations

from typing import Any

from .replay import Replay
from ..session import Session

__all__ = ["ReplayControl"]


class ReplayControl:
    """Opening, drawing and leaving the replay viewer, for ``Controller``."""

    @property
    def live_session(self) -> Any:
        """The game itself (in the replay viewer, not the position shown)."""
        table = self.live_table if self.replay is not None else self.table
        return None if table is None else table.session

    def can_replay(self) -> bool:
        """Is there a game with moves to step through (a local one, or a
        finished online one whose record is revealed and verified)?"""
        session = self.live_session
        if session is None or self.demo or self.embed:
            return False
        if getattr(session, "remote", False):
            return session.record_setup() is not None
        return bool(session.actions)

    def open_replay(self, at: int | None = None) -> None:
        """Open the viewer at the position after ``at`` moves (None: the last).
        A finished online game is replayed from its revealed record, as a local game."""
        if not self.can_replay() and at is None:
            return
        if getattr(self.live_session, "remote", False):
            session = Session.from_link(self.live_session.link())
            self.load(session, demo=False, keep_hash=True, at=len(session.actions) if at is None else at)
            return
        if self.replay is None:
            self.cancel_bots()
            self.live_table = self.table
            self.replay = Replay(self.live_table.session, at)
        else:
            self.replay.go(self.replay.total if at is None else at)
        self.resigning = None
        self.show_position()

    def show_position(self) -> None:
        """Draw the position the viewer is at (the link in the address bar follows)."""
        self.generation += 1
        self.table = self.page.table(self.replay.position())
        self.screen.render()
        self.screen.set_link(self.replay.link())

    def leave_replay(self) -> None:
        """Back to the game as it stands (its bots play on)."""
        if self.replay is None:
            return
        self.table, self.live_table, self.replay = self.live_table, None, None
        self.changed()

    def branch(self) -> None:
        """Play from here: a new local game cut at the position shown, with its own link."""
        replay = self.replay
        if not replay.can_branch():
            self.table.message = "The game is over at this move: step back to play from an earlier one."
            self.screen.render()
            return
        session = replay.branch()
        self.load(session, demo=False, keep_hash=True)
        self.screen.push_link(session.link())

    def replay_command(self, name: str, value: str | None = None) -> None:
        if name == "replay":
            self.open_replay()
        elif self.replay is None:
            return
        elif name == "replay-leave":
            self.leave_replay()
        elif name == "replay-branch":
            self.branch()
        elif self.replay.command(name, value):
            self.table.message = None
            self.show_position()
        # a step that moves nothing (a slider's repeated value, Back at the start) redraws nothing
