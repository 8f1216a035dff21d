"""``Match``: the one game loop, shared by the page, the relay, the command
line, the bots' playouts and the tests.

A match holds a game's state, its record (options, seed, every action as
notation), a version number (one per applied action), undo points and the
events of every version with their audience. It answers, for any observer
(a seat, ``SPECTATOR`` or ``TABLE``): the view, the events since version N
and the legal actions as notation. Only its holder asks for ``record()``,
which carries the seed; nothing an observer is handed contains it.

Who acts when several seats may is the policy the match is given
(``actor``: random, humans first or lowest seat, ``core/actors.py``);
``next_actor()`` asks it and ``play_out`` plays a whole game with it.
``play`` is atomic in every mode; ``advance`` is the cheap path for a
throwaway match with no history (bots' playouts).

What it is not: rules (the ``Game`` decides), bots (they choose actions,
the match plays them) or I/O.

>>> from netarcade.games import get_game
>>> match = Match(get_game("backbone"), {"target": 12}, seed=7)
>>> match.to_act(), match.version
({0: 'turn'}, 0)
>>> match.submit(0, "p1 end")[0].kind
'pass'
>>> match.version, match.actions
(1, ['p1 end'])
>>> match.submit(0, "p1 end")
Traceback (most recent call last):
...
netarcade.core.errors.IllegalAction: it is P2's turn
>>> match.undo(), match.version
(1, 0)
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from typing import Any, Callable, Container, Hashable, Mapping

from .actors import ActorPolicy, RandomActor
from .errors import IllegalAction, InvalidRecord, NetarcadeError, quoted
from .events import Event, events_for
from .game import SPECTATOR, Game, check_observer
from .options import validate_seed
from .record import Record, digest


class Match:
    """One game in play.

    ``undo`` is how many undo points it keeps: ``True`` one per action (the
    page: undo, the replay viewer's ``position``), a number the last that
    many (the relay keeps 1: the action it could not journal), ``False`` or
    0 none. ``history=False`` keeps no notation, events or undo points
    (bots' playouts on throwaway copies, where only speed matters).
    ``actor`` is the policy that says who acts when several seats may
    (``core/actors.py``); without one, a seat is drawn at random with
    ``actor_rng(seed)``."""

    def __init__(self, game: Game, options: Mapping[str, Any] | None = None, seed: Any = 0,
                 actions=(), *, history: bool = True, undo: bool | int = True,
                 actor: ActorPolicy | None = None):
        self.game = game
        self.options = game.validate_options(options)
        self.seed = validate_seed(seed)
        self.state, setup_events = game.setup(self.options, self.seed)
        self.history = history
        #: undo points kept: None for one per action, else at most this many
        self.undo_depth = _undo_depth(undo) if history else 0
        self._actor = actor
        self.version = 0
        #: one per play and per undo: the key for anything cached about the
        #: position (the version alone repeats after an undo and a new action)
        self.changes = 0
        #: notation of every applied action, in order (the record's actions)
        self.actions: list[str] = []
        #: (version, event): setup events at version 0, then each action's
        self.events: list[tuple[int, Event]] = [(0, event) for event in setup_events] if history else []
        #: the turn number when each action was taken (the page's log groups by it)
        self.turns: list[int] = []
        self._before: list[Any] = []
        self._legal: dict[int, list[Hashable]] = {}
        for index, text in enumerate(actions):
            try:
                self.play(game.parse_action(text))
            except NetarcadeError as err:
                raise InvalidRecord(f"action {index + 1} ({quoted(text)}) cannot be replayed: {err}") from None

    @classmethod
    def around(cls, game: Game, state: Any, actor: ActorPolicy | None = None) -> "Match":
        """A history-free match on an existing state (which it changes in
        place): the loop for bots' playouts on copies, with ``advance`` as
        its cheap step. It has no seed, so ``next_actor`` needs ``actor``."""
        match = cls.__new__(cls)
        match.game, match.state, match.options, match.seed = game, state, None, None
        match.history, match.undo_depth, match._actor = False, 0, actor
        match.version, match.changes, match.actions, match.events, match.turns = 0, 0, [], [], []
        match._before, match._legal = [], {}
        return match

    @classmethod
    def from_record(cls, game: Game, record: Record, **kwargs) -> "Match":
        if record.game != game.id:
            raise InvalidRecord(f"a record of {record.game!r} is not a game of {game.id!r}")
        return cls(game, game.record_options(record.options), record.seed, record.actions, **kwargs)

    # --- where the game stands ------------------------------------------------
    def to_act(self) -> dict[int, str]:
        """Every seat that must decide now, with the kind of decision."""
        return self.game.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def winners(self) -> list[int]:
        return self.game.winners(self.state)

    def scores(self) -> list[int]:
        return self.game.scores(self.state)

    @property
    def turn(self) -> int:
        return self.game.turn_count(self.state)

    @property
    def players(self) -> int:
        return self.game.players(self.state)

    def digest(self) -> str:
        return digest(self.game, self.state)

    # --- what an observer is handed ---------------------------------------------
    def view(self, observer: int | str | None = SPECTATOR) -> dict[str, Any]:
        """The game's view for a seat, ``SPECTATOR`` or ``TABLE``, plus the version."""
        return {**self.game.view(self.state, observer), "version": self.version}

    def events_since(self, version: int = -1, observer: int | str | None = SPECTATOR) -> list[dict[str, Any]]:
        """Plain events after ``version`` that ``observer`` may see, each with
        its version ``v`` (setup events are version 0: ``-1`` gives them all)."""
        check_observer(self.game, self.state, observer)
        start = bisect_right(self.events, version, key=_version_of)  # events are in version order
        return [{**event.to_data(), "v": v} for v, event in self.events[start:] if event.is_visible_to(observer)]

    def moves_since(self, version: int = -1, observer: int | str | None = SPECTATOR) -> list[dict[str, Any]]:
        """The moves after ``version`` as ``observer`` may read them: each
        ``{"v": version, "text": notation}``, the notation whole or
        redacted by ``Game.notation_for`` (a log of other seats' moves)."""
        check_observer(self.game, self.state, observer)
        notation_for = self.game.notation_for
        return [{"v": v, "text": notation_for(text, observer)}
                for v, text in enumerate(self.actions[max(version, 0):], start=max(version, 0) + 1)]

    def legal_actions(self, seat: int) -> list[Hashable]:
        """Legal action values of ``seat`` (cached until the next change)."""
        cached = self._legal.get(seat)
        if cached is None:
            acting = seat in self.to_act()
            cached = self.game.legal_actions(self.state, seat) if acting else []
            self._legal[seat] = cached
        return cached

    def legal(self, seat: int, prefix: str = "") -> list[str]:
        """The notation of ``seat``'s legal actions that starts with ``prefix``."""
        if seat not in self.to_act():
            return []
        return self.game.legal_notation(self.state, seat, prefix)

    # --- acting ---------------------------------------------------------------------
    def submit(self, seat: int, text: str) -> list[Event]:
        """Play the action written ``text`` for ``seat``: the relay's and the
        page's entry point. A malformed text is ``InvalidNotation``; an action
        of another seat or against the rules is ``IllegalAction``; either way
        nothing changes."""
        action = self.game.parse_action(text)
        claimed = getattr(action, "seat", seat)
        if claimed != seat:
            raise IllegalAction("not-your-seat", f"you play P{seat + 1}; this action is P{claimed + 1}'s")
        return self.play(action)

    def play(self, action: Hashable) -> list[Event]:
        """Apply an action value. Atomic in every mode: an illegal action is
        refused by ``Game.check`` before anything changes, and whatever
        ``perform`` raises (a rules bug), the match is put back exactly as
        it was (its state is the copy taken before the action)."""
        game = self.game
        state = self.state
        game.check(state, action)
        before = game.copy(state)
        turn = game.turn_count(state) if self.history else 0
        try:
            events = game.perform(state, action)
        except BaseException:
            self.state = before  # a rules bug must not leave half a move behind
            raise
        depth = self.undo_depth
        if depth != 0:
            kept = self._before
            kept.append(before)
            if depth is not None and len(kept) > depth:
                del kept[0]
        self._legal = {}
        self.version += 1
        self.changes += 1
        if self.history:
            self.turns.append(turn)
            self._log(action, events)
        return events

    def advance(self, action: Hashable) -> list[Event]:
        """The cheap path, for a match with no history (``Match.around``,
        ``history=False``) whose state is thrown away if anything goes
        wrong: ``Game.apply`` with no copy. An illegal action is refused by
        ``check`` and changes nothing, but a ``perform`` that raises may
        leave half an action behind (``play`` is the atomic path). Bots'
        playouts and random-playout benchmarks step so."""
        if self.history:
            raise ValueError("advance is for matches without history (Match.around, history=False): use play")
        events = self.game.apply(self.state, action)
        if self._legal:
            self._legal = {}
        self.version += 1
        self.changes += 1
        return events

    def _log(self, action: Hashable, events: list[Event]) -> None:
        self.actions.append(self.game.format_action(action))
        self.events.extend((self.version, event) for event in events)

    # --- who acts --------------------------------------------------------------------
    @property
    def actor(self) -> ActorPolicy:
        """The policy that says who acts when several seats may (``core/actors.py``)."""
        if self._actor is None:
            self._actor = RandomActor.for_seed(self.seed)
        return self._actor

    @actor.setter
    def actor(self, policy: ActorPolicy) -> None:
        self._actor = policy

    def next_actor(self, among: Container[int] | None = None) -> int | None:
        """The seat to act now, chosen by the match's ``actor`` policy among
        the acting seats (only those in ``among``, when given: the relay
        asks about the seats its bots play); None when no such seat acts
        (the game is over, or only others may act)."""
        acting = self.game.to_act(self.state)
        if not acting:
            return None
        if among is None and len(acting) == 1:
            for seat in acting:
                return seat  # one seat acts: there is nothing for a policy to choose
        seats = sorted(acting)
        if among is not None:
            seats = [seat for seat in seats if seat in among]
            if not seats:
                return None
        return (self._actor or self.actor).pick(self, seats)

    def pick_actor(self, rng) -> int:
        """One of the seats to act drawn with ``rng``: the random policy
        (``RandomActor(rng)``) for a caller that holds its own ``rng``
        (tests, tools); every acting seat is an equal, never the lowest first."""
        return RandomActor(rng).pick(self, sorted(self.to_act()))

    def play_out(self, choose: Callable[[int], Hashable], max_actions: int = 100_000, *,
                 cheap: bool = False) -> None:
        """Play until the game ends: the seat ``next_actor`` names, its action
        from ``choose(seat)``, played with ``play`` (``advance`` when
        ``cheap``: a throwaway match). Raises ``RuntimeError`` past ``max_actions``."""
        step = self.advance if cheap else self.play
        for _ in range(max_actions):
            seat = self.next_actor()
            if seat is None:
                return
            step(choose(seat))
        if not self.over:
            raise RuntimeError(f"{self.game.id} did not finish in {max_actions} actions")

    def edited(self) -> None:
        """The state was changed by hand, outside ``play`` (tests build
        positions so): drop everything cached about the old position."""
        self._legal = {}
        self.changes += 1

    # --- undo ----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._before)

    def undo(self, count: int = 1) -> int:
        """Take back the last ``count`` actions (as many as there are);
        returns how many were taken back."""
        undone = 0
        while undone < count and self._before:
            self.state = self._before.pop()
            self.actions.pop()
            self.turns.pop()
            self.version -= 1
            undone += 1
        if undone:
            self.events = [(v, event) for v, event in self.events if v <= self.version]
            self._legal = {}
            self.changes += 1
        return undone

    # --- an earlier position (the page's replay viewer) ------------------------------
    def position(self, version: int) -> "Match":
        """A new match standing after the first ``version`` actions, from the
        undo snapshots (nothing is replayed): its state is a copy, its
        record, turns and events are cut at ``version``, and it has no undo
        points. Playing on it leaves this match as it is. ``version`` must
        be from 0 to :attr:`version` (``ValueError``)."""
        if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= self.version:
            raise ValueError(f"a position is a version from 0 to {self.version}, got {version!r}")
        if version < self.version and len(self._before) != self.version:
            raise ValueError("this match keeps no undo snapshots to step back through")
        match = Match.__new__(Match)
        match.game, match.options, match.seed = self.game, self.options, self.seed
        match.history, match.undo_depth, match._actor = self.history, self.undo_depth, self._actor
        match.state = self.game.copy(self.state if version == self.version else self._before[version])
        match.version = match.changes = version
        match.actions, match.turns = self.actions[:version], self.turns[:version]
        match.events = self.events[:bisect_right(self.events, version, key=_version_of)]
        match._before, match._legal = [], {}
        return match

    # --- the record (the holder's alone: it carries the seed) ------------------------
    def record(self) -> Record:
        return Record(self.game.id, dict(self.options), self.seed, tuple(self.actions))

    def seed_commitment(self) -> str:
        """sha256 of the seed, publishable before the game: revealing the seed
        at the end lets anyone check the dice were fixed from the start."""
        return hashlib.sha256(f"{self.game.id}:{self.seed}".encode()).hexdigest()


def _undo_depth(undo: Any) -> int | None:
    """``Match``'s ``undo``: True (None: one point per action), False (0) or a count."""
    if undo is True:
        return None
    if undo is False:
        return 0
    if isinstance(undo, int) and undo >= 0:
        return undo
    raise ValueError(f"undo is True, False or a number of undo points from 0, got {quoted(undo)}")


def _version_of(entry: tuple[int, Event]) -> int:
    return entry[0]


__all__ = ["Match", "events_for"]
