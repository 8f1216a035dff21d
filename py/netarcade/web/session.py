"""A local game in the page: setup, seats and bots, undo, the record, seed links.

What it is for: everything the page needs to know about "the game on this
screen" that is not drawing and not the DOM. A :class:`Setup` says which
game, options, seed and who sits in each seat (a human or a bot level); a
:class:`Session` plays actions on it, keeps the action list (the game
record), undoes back to the last human decision, and turns itself into a
seed link and back. The new-game form is validated by ``newgame.parse_form``.

What it is not: rules (it asks the engine), bot thinking (``thinking``) or
DOM code (``app``). It imports nothing from the browser, so it runs and is
tested on CPython.

Seed links
----------
The page keeps the game in the URL fragment, as ``key=value`` pairs joined
by ``&``::

    #play=<game id>&seats=human,search&r=<record>

``r`` is the engine's game record (``encode_record``: game id, options, seed
and every action so far, msgpack + base64url); ``play`` repeats the game id
so a link is readable; ``seats`` says who plays each seat (``human`` or a
bot level: ``random``, ``greedy``, ``search``). A hand-written link may leave
``r`` out and give ``seed`` and options instead
(``#play=<game id>&seats=human,greedy&seed=42&target=12``): that starts a new
game. Anything malformed raises :class:`LinkError` with a sentence a player
can read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Hashable, Mapping

from ..core.actors import HumansFirst
from ..core.errors import CodedError, InvalidOption, InvalidRecord, NetarcadeError, UnknownGame, quoted
from ..core.game import TABLE, Game, split_seat
from ..core.match import Match
from ..core.options import validate_seed
from ..core.record import MAX_RECORD_CHARS, Record, decode_record, encode_record
from ..games import get_game
from .pages import is_playable

__all__ = [
    "BOT_LEVELS",
    "HUMAN",
    "LinkError",
    "LogEntry",
    "SEAT_KINDS",
    "Session",
    "Setup",
    "decode_link",
    "encode_link",
    "is_game_link",
    "linked_game",
    "new_setup",
    "random_seed",
    "seat_names",
]

HUMAN = "human"
#: bot levels offered in the page, weakest first (names of ``netarcade.bots``)
BOT_LEVELS = ("random", "learner", "greedy", "search")
SEAT_KINDS = (HUMAN, *BOT_LEVELS)
#: the seats of a new game when nobody said otherwise: you against the search bot
DEFAULT_SEATS = (HUMAN, "search")
#: random seeds stay short enough to read aloud; any 64-bit seed is accepted
RANDOM_SEED_BOUND = 2**32

LINK_KEYS = ("play", "seats", "r", "seed")


class LinkError(CodedError, ValueError):
    """A seed link that cannot be opened; the message says why, for a player."""

    code = "bad-link"


def random_seed() -> int:
    """A fresh seed below 2**32 (os.urandom: crypto.getRandomValues under Pyodide)."""
    return int.from_bytes(os.urandom(4), "big") % RANDOM_SEED_BOUND


@dataclass(frozen=True)
class Setup:
    """Who plays what: a validated game id, options, seed and seats."""

    game: str
    options: Mapping[str, Any]
    seed: int
    seats: tuple[str, ...]

    def record(self, actions=()) -> Record:
        return Record(self.game, dict(self.options), self.seed, tuple(actions))

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat] != HUMAN

    def plays_elsewhere(self, seat: int) -> bool:
        """Is ``seat`` a person deciding on another screen? Never in a game
        on this page: every human seat plays here (``RemoteSetup`` differs)."""
        return False

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == HUMAN)


def _players_of(game: Game, options: Mapping[str, Any]) -> int:
    return int(options.get("players", game.min_players))


def new_setup(game_id: str, options: Mapping[str, Any] | None = None, seed: Any = None,
              seats: Any = None) -> Setup:
    """A validated :class:`Setup`; ``seed=None`` draws a random seed and
    ``seats=None`` seats a human against search bots.

    Raises ``UnknownGame`` or ``InvalidOption`` (seats are reported as the
    option ``seats``) (``tests/web/test_web_session.py`` has examples).
    """
    game = get_game(game_id)
    if seats is not None:
        if isinstance(seats, str):
            seats = tuple(seats.split(","))
        seats = tuple(str(kind).strip() for kind in seats)
        for kind in seats:
            if kind not in SEAT_KINDS:
                raise InvalidOption("seats", f"{quoted(kind, 24)} is no kind of player (a seat is one of "
                                    f"{', '.join(SEAT_KINDS)})")
        given = dict(options or {})
        if "players" not in given and "players" in game.options.by_name:
            # a hand-written link that lists the seats need not also count them
            if not game.min_players <= len(seats) <= game.max_players:
                seated = (f"{game.min_players}" if game.min_players == game.max_players
                          else f"{game.min_players}-{game.max_players}")
                raise InvalidOption("seats", f"{game.title} seats {seated} players; this names {len(seats)}")
            options = {**given, "players": len(seats)}
    checked = game.validate_options(options)
    seed = random_seed() if seed is None else validate_seed(seed)
    players = _players_of(game, checked)
    if seats is None:
        seats = (HUMAN,) + ("search",) * (players - 1)
    if len(seats) != players:
        raise InvalidOption("seats", f"this game has {players} seats, got {len(seats)}")
    return Setup(game.id, checked, seed, seats)


def seat_names(seats: tuple[str, ...]) -> list[str]:
    """Display names: "You" when one human plays, "Player N" for several;
    bots by level ("Search bot"), numbered when two share a level.

    >>> seat_names(("human", "search"))
    ['You', 'Search bot']
    >>> seat_names(("search", "search"))
    ['Search bot 1', 'Search bot 2']
    """
    humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
    names = []
    for seat, kind in enumerate(seats):
        if kind == HUMAN:
            names.append("You" if len(humans) == 1 else f"Player {seat + 1}")
        else:
            name = f"{kind.capitalize()} bot"
            if seats.count(kind) > 1:
                name += f" {seat + 1}"
            names.append(name)
    return names


# --- seed links ---------------------------------------------------------------


def encode_link(setup: Setup, actions=()) -> str:
    """The URL fragment (without ``#``) of a game and its moves so far:
    ``play=<game id>&seats=human,greedy&r=<record>``."""
    return (f"play={setup.game}&seats={','.join(setup.seats)}"
            f"&r={encode_record(setup.record(actions))}")


def _split_fragment(fragment: str) -> dict[str, str]:
    if not isinstance(fragment, str):
        raise LinkError("a link must be text")
    fragment = fragment.strip()
    if fragment.startswith("#"):
        fragment = fragment[1:]
    if len(fragment) > MAX_RECORD_CHARS + 1000:
        raise LinkError("this link is far too long to be a game link")
    pairs: dict[str, str] = {}
    for part in fragment.split("&"):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise LinkError(f"this link is damaged: {quoted(part, 40)} is not key=value")
        key = _unquote(key)  # a re-encoded link's names read as written ("r%C3%A8gles" is "règles")
        if key in pairs:
            raise LinkError(f"this link is damaged: {quoted(key)} appears twice")
        pairs[key] = _unquote(value)
    return pairs


def _unquote(value: str) -> str:
    # Fragments may arrive percent-encoded (some chat apps re-encode links);
    # a record is base64url and a seat list is plain words, so this is enough.
    # Without a percent sign there is nothing to decode: urllib.parse (and the
    # ipaddress it imports) is not compiled at a page's start (issue 40).
    if "%" not in value:
        return value
    from urllib.parse import unquote

    return unquote(value)


def is_game_link(fragment: str) -> bool:
    """Does the fragment ask for a game (rather than, say, the home screen)?"""
    text = (fragment or "").lstrip("#")
    return text.startswith("play=") or "&r=" in text or text.startswith("r=")


def linked_game(fragment: str) -> str | None:
    """The playable game a link names in ``play=``, even when the rest of
    the link is broken (the page then titles its error card with that game),
    or None (``tests/web/test_web_newcomer.py`` has examples)."""
    try:
        game_id = _split_fragment(fragment).get("play")
    except LinkError:
        game_id = None
        for part in (fragment or "").lstrip("#").split("&"):
            if part.startswith("play="):
                game_id = part[len("play="):]
    return game_id if game_id is not None and is_playable(game_id) else None


def decode_link(fragment: str) -> tuple[Setup, tuple[str, ...]]:
    """Parse a seed link into its setup and its actions (not yet replayed:
    :meth:`Session.from_link` does that and reports a move that does not
    replay). A link that names no seats seats a human against search bots,
    in an embed as on the full page. Every problem raises :class:`LinkError`."""
    pairs = _split_fragment(fragment)
    game_id = pairs.get("play")
    encoded = pairs.get("r")
    if encoded is not None:
        try:
            record = decode_record(encoded)
        except InvalidRecord as err:
            raise LinkError(f"the game record in this link is damaged: {err}") from None
        if game_id is not None and game_id != record.game:
            raise LinkError(f"this link says {quoted(game_id)} but its record is a game of {quoted(record.game)}")
        game_id, options, seed, actions = record.game, record.options, record.seed, record.actions
    else:
        if game_id is None:
            raise LinkError("this link names no game")
        options = {key: value for key, value in pairs.items() if key not in LINK_KEYS}
        seed, actions = pairs.get("seed"), ()
        if seed is not None and not seed.strip():
            seed = None
    try:
        game = get_game(game_id)
    except UnknownGame:
        raise LinkError(f"this link is for a game this arcade does not have ({quoted(game_id)})") from None
    if encoded is not None:
        options = game.record_options(options)  # a record older than a rules edition keeps its rules
    if not is_playable(game.id):
        raise LinkError(f"{game.title} cannot be played in the page yet (coming soon)")
    known = [option.name for option in game.options.options]
    for name in options:
        if encoded is None and name not in known:
            raise LinkError(f"this link has a setting {game.title} does not have: {quoted(name)} "
                            f"({game.title}'s settings are {', '.join(known)}, with seed and seats)")
    try:
        setup = new_setup(game_id, options, seed, pairs.get("seats"))
    except InvalidOption as err:
        detail = str(err).split(": ", 1)[-1] if err.name is not None else str(err)
        what = f"{quoted(err.name)}: " if err.name is not None else ""
        raise LinkError(f"this link has a bad setting, {what}{detail}") from None
    return setup, tuple(actions)


# --- the session ---------------------------------------------------------------------


@dataclass(frozen=True)
class LogEntry:
    """One action as the activity log shows it."""

    index: int  # 0-based position in the record
    turn: int  # the game's turn number when it was taken
    seat: int
    text: str  # action notation, e.g. "p1 router e5"
    events: tuple[dict[str, Any], ...] = field(default_factory=tuple)


class Session:
    """A game being played on this screen: a :class:`~netarcade.core.match.Match`
    (the engine's state, the record, undo points, events) plus who sits in
    each seat, so undo goes back to the last human decision and the seat to
    act favours a human."""

    #: seats that asked for hints (a replay's position, which has none, keeps this)
    hints: dict[int, int] = {}

    def __init__(self, setup: Setup, actions=()):
        self.setup = setup
        self.game = get_game(setup.game)
        # who acts when several seats may: a human first (``current``)
        self.match = Match(self.game, dict(setup.options), setup.seed, actor=HumansFirst(setup.humans, setup.seed))
        # caches keyed on Match.changes (one per play and per undo)
        self._log: tuple[int, list[LogEntry]] = (-1, [])
        self._view: tuple[int, dict[str, Any]] = (-1, {})
        self._current: tuple[int, int | None] = (-1, None)
        self._bot_rngs: dict[int, Any] = {}
        #: seat -> hints it asked for in this game (``web/replay/hint.py``; the game-over card says so)
        self.hints: dict[int, int] = {}
        for index, text in enumerate(actions):
            try:
                self.play(text)
            except NetarcadeError as err:
                raise InvalidRecord(f"move {index + 1} ({quoted(text)}) cannot be replayed: {err}") from None

    @classmethod
    def from_link(cls, fragment: str) -> "Session":
        setup, actions = decode_link(fragment)
        try:
            return cls(setup, actions)
        except InvalidRecord as err:
            raise LinkError(f"this link's moves do not replay: {err}") from None

    # --- the match's parts the page reads ---------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def actions(self) -> list[str]:
        """Every action so far, in notation (the record's actions)."""
        return self.match.actions

    @property
    def version(self) -> int:
        """One per action played; undo steps it back."""
        return self.match.version

    @property
    def log(self) -> list[LogEntry]:
        """The actions as the activity log shows them (rebuilt once per version)."""
        changes, entries = self._log
        if changes != self.match.changes:
            match = self.match
            events: dict[int, list[dict[str, Any]]] = {}
            for v, event in match.events:
                if v:
                    events.setdefault(v, []).append(event.to_data())
            entries = [LogEntry(index, match.turns[index], self.seat_of(text), text,
                                tuple(events.get(index + 1, ())))
                       for index, text in enumerate(match.actions)]
            self._log = (match.changes, entries)
        return entries

    # --- who is to move -------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return seat_names(self.setup.seats)

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def current(self) -> int | None:
        """The seat the page asks (or lets a bot) decide now; None when over.

        When several seats may act (Net Control's discards after a 7, a
        response window), the match's policy is humans first
        (``core.actors.HumansFirst``): a human seat comes first, so the
        player is never kept waiting for bots; among several humans, or
        several bots, one is drawn from the game seed and the version: every
        acting seat is an equal, none goes first for its number, and a link
        replays the same."""
        changes, seat = self._current
        if changes != self.match.changes:
            seat = self.match.next_actor()
            self._current = (self.match.changes, seat)
        return seat

    def waiting(self) -> list[int]:
        """Every seat that may act now (several during a response window)."""
        return sorted(self.match.to_act())

    def is_human_turn(self) -> bool:
        seat = self.current
        return seat is not None and not self.setup.is_bot(seat)

    def is_bot_turn(self) -> bool:
        seat = self.current
        return seat is not None and self.setup.is_bot(seat)

    def legal(self) -> list[Hashable]:
        """Legal actions of the seat to act (cached by the match until it changes)."""
        seat = self.current
        return [] if seat is None else self.match.legal_actions(seat)

    def legal_texts(self, prefix: str = "") -> list[str]:
        """Notation of the legal actions of the seat to act that start with ``prefix``."""
        seat = self.current
        return [] if seat is None else self.match.legal(seat, prefix)

    def view(self) -> dict[str, Any]:
        """What the screen shows: the local table's view, every hand open
        (built once per position: panels, board and words all read it)."""
        changes, view = self._view
        if changes != self.match.changes:
            view = self.match.view(TABLE)
            self._view = (self.match.changes, view)
        return view

    # --- acting ---------------------------------------------------------------------------
    def seat_of(self, text: str) -> int:
        return split_seat(text, self.game.max_players)[0]

    def play(self, action: Hashable | str) -> list:
        """Apply an action (an action value or its notation). An illegal one
        raises ``IllegalAction`` (or ``InvalidNotation``) and changes nothing."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return self.match.play(action)

    def can_undo(self) -> bool:
        """Undo needs a human action to go back to."""
        return any(not self.setup.is_bot(self.seat_of(text)) for text in self.actions)

    def undo(self) -> int:
        """Go back to the last human decision: drop the bots' actions since
        the last human action, then that action. Returns how many actions
        were undone (0 when there is no human action to undo)."""
        if not self.can_undo():
            return 0
        count = 1
        while self.setup.is_bot(self.seat_of(self.actions[-count])):
            count += 1
        return self.match.undo(count)

    # --- the record --------------------------------------------------------------------
    def record(self) -> Record:
        return self.setup.record(self.actions)

    def link(self) -> str:
        return encode_link(self.setup, self.actions)

    def bot_rng(self, seat: int):
        """The seat's bot randomness, seeded from the game seed (kept across moves)."""
        rng = self._bot_rngs.get(seat)
        if rng is None:
            from ..bots import bot_seed  # deferred: the page loads bots only when one plays
            from ..core.prng import Rng

            rng = Rng(bot_seed(self.setup.seed, seat, self.setup.seats[seat]))
            self._bot_rngs[seat] = rng
        return rng
