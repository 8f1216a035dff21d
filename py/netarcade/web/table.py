"""What every game's table (the page's controls for one session) shares.

What it is for: ``BackboneTable`` and ``NetControlTable`` keep a selected
tool, the picks made so far with it, and the answer to the player's last
click; they play actions through the session the same way. This base holds
those parts once: playing an action in notation (an illegal one becomes a
message and changes nothing), the "not your turn" answer, and the keys every
game shares.

What it is not: a game's own controls (tools, picks, hints, words): those
stay in ``web/<game>.py``. No DOM here.
"""

from __future__ import annotations

from ..core.errors import IllegalAction, NetarcadeError
from .session import Session

__all__ = ["COMMON_KEYS", "Table"]

#: keys that mean the same in every game
COMMON_KEYS = {"e": "end", "u": "undo", "escape": "cancel", "esc": "cancel"}


class Table:
    """The session, the selected tool and the last message for the player."""

    #: the game this table plays (``Setup.game``)
    game = ""

    def __init__(self, session: Session):
        if session.setup.game != self.game:
            raise ValueError(f"{type(self).__name__} plays {self.game} sessions only")
        self.session = session
        self.tool: str | None = None
        self.message: str | None = None  # the answer to the last click, if any

    def play(self, text: str) -> str | None:
        """Play an action in notation; an illegal one only sets :attr:`message`."""
        self.message = None
        try:
            self.session.play(text)
        except IllegalAction as err:
            self.message = f"Can't {self._describe(text)}: {err.message}."
            return None
        except NetarcadeError as err:
            self.message = str(err)
            return None
        self.drop_picks()
        self.sync()
        return text

    def drop_picks(self) -> None:
        """Forget what was picked with the tool (after an action is played)."""

    def sync(self) -> None:
        """Bring the selection in line with the session after any change."""

    def _describe(self, text: str) -> str:
        """The action in words, for "Can't ...": the game's own."""
        return text

    def _cannot_click(self) -> str | None:
        """Why a click on the board plays nothing now (the game is over, or it
        is not a human's turn), or None."""
        if self.session.over:
            return "The game is over: start a new game or undo."
        if not self.session.is_human_turn():
            return self._not_your_turn()
        return None

    def _not_your_turn(self) -> str:
        session = self.session
        if session.over:
            return "The game is over."
        return f"Wait: it is {session.names[session.current]}'s turn."
