"""What the page's controller asks of the page, as an interface.

What it is for: :class:`Screen` lists every call ``controller.Controller``
makes on the page (show a view, mount a game, draw, put a link in the
address bar, run a coroutine, reach the relay, remember a setting), each
with a harmless default. ``app.App`` implements it with the DOM; the tests
use a recording one.

What it is not: the controller's logic (``controller``) or DOM code (``app``).
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from .gamepage import GamePage

__all__ = ["Screen"]


class Screen:
    """What the controller asks of the page (``app.App`` implements it with the DOM)."""

    def show(self, view: str) -> None:
        """Show the ``"game"`` or the ``"home"`` view (a rules card has its own call, ``glance``)."""

    def mount(self, page: GamePage) -> None:
        """A game's side column and title are about to be used."""

    def render(self) -> None:
        """Draw the current game (board, status, panels) from the controller."""

    def set_text(self, element_id: str, text: str) -> None:
        """Put ``text`` in a page element (``announce``: the polite live region a screen reader hears)."""

    def reveal(self, element_id: str) -> None:
        """Scroll the page element back into view if the page is scrolled past it."""

    def glance(self, game_id: str | None, message: str = "") -> None:
        """Show a game's rules card (``web/glance.py``) on its own view, the
        game in progress left as it is; ``game_id`` None: ``message`` says
        why there is no card to show."""

    def link_error(self, message: str) -> None:
        """A link that does not open: say why, offer a fresh start. No game is
        on screen; ``Controller.broken_game`` is the game the link names, if
        any (the title and the fresh start are that game's)."""

    def set_link(self, fragment: str) -> None:
        """Put the game's link in the address bar (no new history entry)."""

    def push_link(self, fragment: str) -> None:
        """Put a new game's link in the address bar as a new history entry
        (Back returns to the previous one)."""
        self.set_link(fragment)

    def spawn(self, coroutine: Awaitable[Any]) -> None:
        """Run a coroutine on the page's event loop."""

    async def drawn(self) -> None:
        """Return once the page has applied everything drawn so far (the
        bots wait for it: at the instant pace a bot's next move waits for the
        page to show the last one, so moves never queue up behind the page)."""

    def draw_analysis(self) -> None:
        """Draw the replay viewer's analysis panel again (``analysis_page``: a decision was judged)."""

    def analysis_helpers(self, most: int) -> list[Any]:
        """Up to ``most`` helpers for the replay viewer's analysis (``replay.helping``): each
        has ``async judge(text) -> text`` and ``close()``; none where the page has no core to spare."""
        return []

    def bot_thought(self, longest: float, windows: list[list[float]]) -> None:
        """After a bot's thinking: its longest slice and the recent thinking windows (for tests)."""

    # online play (``lobby``): a transport to the relay, the seat store, timers, the online bar
    def connect(self, session: Any) -> Any:
        raise RuntimeError("no relay on this page")

    def storage(self) -> Any:
        return {}

    def later(self, delay: float, callback: Callable[[], None]) -> Any:
        """Run ``callback`` after ``delay`` seconds."""

    def online(self, session: Any) -> None:
        """Draw the online bar and the lobby card of a relay room."""

    # the player's settings (``app``: localStorage), kept across visits
    def setting(self, name: str) -> str | None:
        return None

    def save_setting(self, name: str, value: str) -> None:
        """Remember a setting (a page that may not store it forgets it)."""
