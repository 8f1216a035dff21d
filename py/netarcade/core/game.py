"""The Game contract every game implements, and the registry of games.

A ``Game`` is a stateless rules object (OpenSpiel's "game" role); a state is a
plain object owned by the game module. Every method below is deterministic.
Hidden information is removed in exactly one place: ``view``.

Actions are small immutable values that carry the seat that takes them, so an
action means the same thing whoever submits it; their text notation starts
with that seat (``"p1 ..."``), see ``format_seat`` / ``split_seat``.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable

from .errors import InvalidNotation, UnknownGame
from .events import Event
from .options import OptionSchema


class Game:
    """Base class of a game's rules. Subclasses fill in every method."""

    #: short id used in links, records and the command line
    id: str = ""
    #: name shown to players
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    #: declared options; every game has a ``players`` option
    options: OptionSchema = OptionSchema()
    #: per-bot settings this game's bots use unless their caller sets them,
    #: e.g. ``{"search": {"iterations": 60}}`` (see ``netarcade.bots.mcts``)
    bot_settings: dict[str, dict[str, Any]] = {}

    # --- setup -----------------------------------------------------------
    def new_game(self, options: dict[str, Any] | None, seed: int) -> Any:
        """A fresh state for validated ``options`` and a 64-bit ``seed``."""
        raise NotImplementedError

    def copy(self, state: Any) -> Any:
        """An independent copy of ``state`` (bots explore on copies)."""
        raise NotImplementedError

    # --- whose move and which ---------------------------------------------
    def to_act(self, state: Any) -> set[int]:
        """Seats that may act now: usually one, several in response windows, none when over."""
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> list[Hashable]:
        """Every legal action of ``seat``, in a deterministic order."""
        raise NotImplementedError

    def apply(self, state: Any, action: Hashable) -> list[Event]:
        """Apply ``action`` or raise ``IllegalAction`` leaving ``state`` untouched."""
        raise NotImplementedError

    # --- what a seat may see -----------------------------------------------
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Plain, msgpack-able data that ``seat`` (None: a spectator) may see."""
        raise NotImplementedError

    # --- outcome ---------------------------------------------------------
    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def scores(self, state: Any) -> list[int]:
        raise NotImplementedError

    def winners(self, state: Any) -> list[int]:
        """Seats that won (several on a draw); empty while the game runs."""
        raise NotImplementedError

    def turn_count(self, state: Any) -> int:
        """Turns started so far (one per seat's turn)."""
        raise NotImplementedError

    # --- notation --------------------------------------------------------
    def format_action(self, action: Hashable) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> Hashable:
        """Inverse of ``format_action``; raises ``InvalidNotation``."""
        raise NotImplementedError

    # --- for bots (optional) ------------------------------------------------
    def evaluate(self, state: Any, seat: int) -> float:
        """A heuristic of how well ``seat`` stands, roughly in points, relative
        to its rivals (positive: ahead). It may only use what ``seat`` sees."""
        scores = self.scores(state)
        rivals = [v for s, v in enumerate(scores) if s != seat]
        return scores[seat] - (max(rivals) if rivals else 0)

    def evaluate_all(self, state: Any) -> list[float]:
        """``evaluate`` for every seat (games may compute it in one pass)."""
        return [self.evaluate(state, seat) for seat in range(len(self.scores(state)))]

    def determinize(self, state: Any, seat: int, rng: Any) -> Any:
        """A full state consistent with what ``seat`` sees, hidden parts
        sampled with ``rng``. With perfect information: a plain copy."""
        return self.copy(state)

    # --- identity ----------------------------------------------------------
    def canonical(self, state: Any) -> Any:
        """The full state as plain data (dicts, lists, ints, strings) for digests."""
        raise NotImplementedError


def format_seat(seat: int, body: str) -> str:
    """Prefix an action body with its seat, 1-based as players count.

    >>> format_seat(0, "router e5")
    'p1 router e5'
    """
    return f"p{seat + 1} {body}"


def split_seat(text: str, max_players: int = 6) -> tuple[int, str]:
    """Split ``"p2 hack d4"`` into ``(1, "hack d4")``.

    >>> split_seat("p2 hack d4")
    (1, 'hack d4')
    >>> split_seat("x2 hack")
    Traceback (most recent call last):
    ...
    netarcade.core.errors.InvalidNotation: action must start with a seat such as p1, got 'x2 hack'
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"action must be text, got {type(text).__name__}")
    head, _, body = text.strip().partition(" ")
    digits = head[1:]
    if len(head) < 2 or head[0] != "p" or not (digits.isascii() and digits.isdigit()):
        raise InvalidNotation(f"action must start with a seat such as p1, got {text!r}")
    seat = int(digits) - 1
    if not 0 <= seat < max_players:
        raise InvalidNotation(f"seat {head!r} does not exist (p1..p{max_players})")
    return seat, " ".join(body.split())


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (idempotent for the same id and class)."""
    existing = _REGISTRY.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two different games claim the id {game.id!r}")
    _REGISTRY[game.id] = game
    return game


def _load_builtin_games() -> None:
    # Importing the games package registers every built-in game.
    from .. import games  # noqa: F401


def get_game(game_id: str) -> Game:
    _load_builtin_games()
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})") from None


def all_games() -> list[Game]:
    _load_builtin_games()
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def play_actions(game: Game, state: Any, actions: Iterable[Hashable]) -> Any:
    """Apply ``actions`` in order; returns the state for chaining in tests."""
    for action in actions:
        game.apply(state, action)
    return state
