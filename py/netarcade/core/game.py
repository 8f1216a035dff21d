"""The Game contract (v2) every game implements.

A ``Game`` is a stateless rules object (OpenSpiel's "game" role); a state is a
plain object owned by the game module. Every method below is deterministic.
Hidden information is removed in exactly one place: ``view`` (through the
game's ``body``). ``docs/engine.md`` is the guide for a game author.

What it is not: the registry of games (``netarcade.games`` holds it, so the
core imports no game) and the game loop (``core.match.Match``).

Actions are small immutable values that carry the seat that takes them, so an
action means the same thing whoever submits it; their text notation starts
with that seat (``"p1 ..."``), see ``format_seat`` / ``split_seat``.
"""

from __future__ import annotations

import inspect
from typing import Any, Hashable, Iterable, Iterator, Mapping

from .errors import IllegalAction, InvalidNotation, quoted
from .events import Event
from .options import OptionSchema, validate_seed

#: kinds of decision a seat may be asked for (``Game.to_act``)
TURN = "turn"  # its own turn
RESPONSE = "response"  # an answer to someone else's action (a block window)
DISCARD = "discard"  # cards it must give up
SETUP = "setup"  # a setup placement before the first turn
DECISIONS = (TURN, RESPONSE, DISCARD, SETUP)

#: observers of a view besides a seat number: a spectator sees what every
#: seat may see; the local table (everyone at one screen) sees every hand
SPECTATOR = None
TABLE = "table"

#: no game's notation comes near this; longer text is refused before parsing
MAX_ACTION_CHARS = 200

#: keys every view starts with; a game's ``body`` may not use them
ENVELOPE_KEYS = ("game", "observer", "turn", "acting", "over", "winners", "scores")


#: the contract's methods a game may take from the modules it names in
#: ``Game.modules`` instead of writing them (docs/engine.md, "Defaults")
FROM_MODULES = ("setup", "check_options", "copy", "to_act", "legal_actions", "iter_legal_actions",
                "pick_legal", "legal_notation", "check", "perform", "body", "players", "is_over",
                "scores", "winners", "turn_count", "format_action", "parse_action", "evaluate",
                "evaluate_all", "determinize", "rank_steps", "chance_worlds", "canonical")


class Game:
    """Base class of a game's rules. A game declares only what differs from
    the defaults: each method it does not write is, first, the function of
    that name in one of its ``modules`` (the first that has one), else the
    default here. The defaults that read the state expect ``state.copy()``,
    ``state.over``, ``state.turn`` and ``state.current`` (the seat whose turn
    it is); the methods that raise ``NotImplementedError`` have none.

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(winners=lambda state: [0])
    >>> class Tiny(Game):
    ...     modules = (rules,)
    >>> Tiny().winners(None), Tiny.winners is rules.winners
    ([0], True)
    >>> class Wrong(Game):
    ...     modules = (SimpleNamespace(winners=lambda game, state: [0]),)
    Traceback (most recent call last):
    ...
    TypeError: Wrong.winners: SimpleNamespace.winners takes 2 arguments, the contract's winners 1
    """

    #: short id used in links, records and the command line
    id: str = ""
    #: name shown to players
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    #: does any seat hold something another seat may not see?
    hidden_information: bool = False
    #: do dice, shuffles or draws decide anything?
    chance: bool = False
    #: declared options; every game has a ``players`` option
    options: OptionSchema = OptionSchema()
    #: verbs whose whole notation any observer may read (online, each seat's
    #: log shows the other seats' moves as notation). ``None``: every verb of
    #: a game without hidden information, none of a game with it. A move of
    #: an unlisted verb is read by other seats and spectators as its seat and
    #: verb alone (``"p2 discard"``); see ``notation_for``.
    public_verbs: frozenset[str] | None = None
    #: per-bot settings this game's bots use unless their caller sets them,
    #: e.g. ``{"search": {"iterations": 60}}`` (see ``netarcade.bots.mcts``)
    bot_settings: dict[str, dict[str, Any]] = {}
    #: the kinds of decision ``to_act`` may ask for (of ``DECISIONS``)
    decisions: tuple[str, ...] = (TURN,)
    #: what the relay's clock plays for a seat that runs out of time: the
    #: first legal action whose verb is listed (in this order), else the
    #: first legal action in the engine's order (docs/relay.md, "The clock")
    timeout_verbs: tuple[str, ...] = ()
    #: the options ``python -m netarcade bench`` plays it with (the rest are
    #: its defaults), e.g. ``{"players": 4}`` to compare with a 4-player yardstick
    bench_options: dict[str, Any] = {}
    #: the modules that do the work (``rules``, ``actions``, ``evaluation``...):
    #: each method of ``FROM_MODULES`` the game does not write is the function
    #: of that name in the first of them that has one, called with the
    #: method's arguments but ``self`` (``rules.legal_actions(state, seat)``),
    #: bound once when the class is made (no forwarding call at play time)
    modules: tuple[Any, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in FROM_MODULES:
            if _written(cls, name):
                continue
            for module in cls.modules:
                function = getattr(module, name, None)
                if callable(function):
                    _check_arity(cls, name, module, function)
                    setattr(cls, name, staticmethod(function))
                    break

    # --- options and setup -------------------------------------------------
    def validate_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Complete, checked options: each one by its schema, then the
        combinations (``check_options``). Raises ``InvalidOption`` naming
        the option."""
        options = self.options.validate(given)
        self.check_options(options)
        return options

    def record_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a stored record (a link, a file) means: options added
        since it was made take their ``legacy`` value (``Option.legacy``).
        Everything that replays a record calls this before validating."""
        return self.options.of_record(options)

    def check_options(self, options: dict[str, Any]) -> None:
        """Refuse option values that are valid one by one but not together
        (raise ``InvalidOption``). Most games have none."""

    def start(self, options: Mapping[str, Any] | None, seed: Any) -> tuple[Any, list[Event]]:
        """A fresh state and its setup events, for validated ``options`` and
        a seed 0..2**64-1. Subclasses implement ``setup``."""
        return self.setup(self.validate_options(options), validate_seed(seed))

    def setup(self, options: dict[str, Any], seed: int) -> tuple[Any, list[Event]]:
        """``start`` after validation: the state and its setup events."""
        raise NotImplementedError

    def new_game(self, options: Mapping[str, Any] | None, seed: Any) -> Any:
        """``start`` without its setup events: the shorthand tests and tools use."""
        return self.start(options, seed)[0]

    def copy(self, state: Any) -> Any:
        """An independent copy of ``state`` (bots explore on copies); by
        default ``state.copy()``."""
        return state.copy()

    # --- whose move and which ---------------------------------------------
    def to_act(self, state: Any) -> dict[int, str]:
        """Every seat that must decide now, with the kind of decision (one
        of ``DECISIONS``); usually one seat, several in a response or
        discard window, none when over. The order means nothing. By default
        the seat ``state.current`` takes its turn until ``is_over``."""
        return {} if self.is_over(state) else {state.current: TURN}

    def legal_actions(self, state: Any, seat: int) -> list[Hashable]:
        """Every legal action of ``seat``, in a deterministic order, except
        resigning (``pN resign``): open to a seat still playing at any moment
        (``check`` accepts it), it is never listed, so bots never resign
        (docs/engine.md, "Resigning")."""
        raise NotImplementedError

    def pick_legal(self, state: Any, seat: int, rng: Any) -> Hashable:
        """A uniformly random legal action of ``seat``: exactly
        ``rng.choice(self.legal_actions(state, seat))`` (the same action
        and the same draws from ``rng``, so every seeded game replays the
        same), which is what this default does. A game may override it to
        count its legal actions by kind and build only the one drawn
        (``rng.choice(range(count))``, the same single draw on the same
        length); random play (``RandomBot``, ``bench``) picks so. No legal
        action: ``IndexError``, as ``choice`` of an empty list."""
        return rng.choice(self.legal_actions(state, seat))

    def iter_legal_actions(self, state: Any, seat: int) -> Iterator[Hashable]:
        """The legal actions one at a time (same order), for games whose
        turns have thousands; a game may generate them lazily."""
        return iter(self.legal_actions(state, seat))

    def legal_notation(self, state: Any, seat: int, prefix: str = "") -> list[str]:
        """The notation of the legal actions of ``seat`` that starts with
        ``prefix`` (``"p1 router "``: every Router target). Games with many
        actions answer a prefix without listing the rest."""
        texts = (self.format_action(action) for action in self.iter_legal_actions(state, seat))
        return [text for text in texts if text.startswith(prefix)]

    def check(self, state: Any, action: Any) -> None:
        """Raise ``IllegalAction`` (a code and a sentence) unless ``action``
        is legal now. Any value may be passed: wrong types and out-of-range
        values are refused here, never by a ``TypeError`` later."""
        raise NotImplementedError

    def is_legal(self, state: Any, action: Any) -> bool:
        try:
            self.check(state, action)
        except IllegalAction:
            return False
        return True

    def apply(self, state: Any, action: Any) -> list[Event]:
        """``check``, then change: the events of a legal action, or
        ``IllegalAction`` with ``state`` exactly as it was."""
        self.check(state, action)
        return self.perform(state, action)

    def perform(self, state: Any, action: Any) -> list[Event]:
        """Change ``state`` by an action ``check`` accepted; its events."""
        raise NotImplementedError

    # --- what an observer may see -------------------------------------------
    def view(self, state: Any, observer: int | str | None = SPECTATOR) -> dict[str, Any]:
        """Plain, msgpack-able data an observer may see: the envelope every
        game shares (``ENVELOPE_KEYS``), then the game's own ``body``.
        ``observer`` is a seat, ``SPECTATOR`` or ``TABLE``."""
        check_observer(self, state, observer)
        over = self.is_over(state)
        envelope = {
            "game": self.id,
            "observer": observer,
            "turn": self.turn_count(state),
            "acting": [{"seat": seat, "kind": kind} for seat, kind in sorted(self.to_act(state).items())],
            "over": over,
            "winners": list(self.winners(state)) if over else [],
            "scores": list(self.scores(state)),
        }
        body = self.body(state, observer)
        clash = sorted(set(body) & set(ENVELOPE_KEYS) - {"game", "turn", "over", "winners", "scores"})
        if clash:
            raise AssertionError(f"{self.id} view body reuses envelope keys {clash}")
        return {**body, **envelope}

    def body(self, state: Any, observer: int | str | None) -> dict[str, Any]:
        """The game's own part of a view; the only place hidden information
        is removed (a seat sees its own hand, ``TABLE`` every hand)."""
        raise NotImplementedError

    def players(self, state: Any) -> int:
        """Seats in this game."""
        return len(self.scores(state))

    # --- outcome ---------------------------------------------------------
    def is_over(self, state: Any) -> bool:
        """Has the game ended? By default ``state.over``."""
        return state.over

    def scores(self, state: Any) -> list[int]:
        raise NotImplementedError

    def winners(self, state: Any) -> list[int]:
        """Seats that won (several on a draw); empty while the game runs."""
        raise NotImplementedError

    def turn_count(self, state: Any) -> int:
        """Turns started so far (one per seat's turn); by default ``state.turn``."""
        return state.turn

    # --- notation --------------------------------------------------------
    def format_action(self, action: Hashable) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> Hashable:
        """Inverse of ``format_action``; raises ``InvalidNotation``."""
        raise NotImplementedError

    def notation_for(self, text: str, observer: int | str | None) -> str:
        """A move's notation ``text`` as ``observer`` may read it in a log:
        whole for the seat that made it, the table, and a verb in
        ``public_verbs``; otherwise its seat and verb alone, so a hidden
        card or choice in its arguments stays hidden.

        >>> class Cards(Game):
        ...     hidden_information, public_verbs = True, frozenset({"play"})
        >>> [Cards().notation_for(text, 1) for text in ("p1 discard lag", "p1 play wipe", "p2 discard lag")]
        ['p1 discard', 'p1 play wipe', 'p2 discard lag']
        """
        seat, body = split_seat(text, self.max_players)
        public = self.public_verbs
        if public is None and not self.hidden_information:
            return text
        verb = body.partition(" ")[0]
        own = is_seat(observer) and observer == seat
        if own or observer == TABLE or (public is not None and verb in public):
            return text
        return format_seat(seat, verb)

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

    def rank_steps(self, state: Any, seat: int, actions: Iterable[Hashable] | None = None):
        """The one-ply value of each action (``actions``, or every legal
        one), as a generator that yields after every action it evaluates
        and returns ``[(value, index, action)]`` best first (ties in listing
        order): by default each action applied on a copy and the copy's
        ``evaluate`` for ``seat``; an action listed but refused (an engine
        inconsistency) is left out. A game may rank faster, to the same
        result (Overwrite scores placements from bit masks). Every bot ranks
        through it (``bots.greedy.rank_steps``)."""
        if actions is None:
            actions = self.iter_legal_actions(state, seat)  # lazily: a game may generate them
        ranked = []
        for index, action in enumerate(actions):
            trial = self.copy(state)
            try:
                self.apply(trial, action)
            except IllegalAction:
                yield
                continue
            ranked.append((self.evaluate(trial, seat), index, action))
            yield
        ranked.sort(key=lambda item: (-item[0], item[1]))
        return ranked

    def chance_worlds(self, state: Any, seat: int, rng: Any) -> Iterator[Any]:
        """The worlds a search sums over for ``seat`` (the search bot's
        ``chance="next"``): by default ``determinize`` again and again
        without end, each a fresh sample. A game whose next chance event has
        few outcomes yields one world per outcome instead, each once, and
        stops (Overwrite: one per piece the next draw can bring), so the
        search's sum over that event is exact."""
        while True:
            yield self.determinize(state, seat, rng)

    # --- identity ----------------------------------------------------------
    def canonical(self, state: Any) -> Any:
        """The full state as plain data (dicts, lists, ints, strings) for digests."""
        raise NotImplementedError


def _written(cls: type, name: str) -> bool:
    """Does ``cls`` or a class between it and ``Game`` write ``name`` itself?"""
    for klass in cls.__mro__:
        if klass is Game:
            return False
        if name in vars(klass):
            return True
    return False


def _check_arity(cls: type, name: str, module: Any, function: Any) -> None:
    """A module function taken for a method must take the method's
    arguments (a same-named helper of another shape is a mistake to see at
    once, not a ``TypeError`` mid-game)."""
    wanted = len(inspect.signature(getattr(Game, name)).parameters) - 1
    try:
        given = len(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return  # a builtin without a signature: taken on trust
    if given != wanted:
        where = getattr(module, "__name__", type(module).__name__)
        raise TypeError(f"{cls.__name__}.{name}: {where}.{name} takes {given} arguments, "
                        f"the contract's {name} {wanted}")


def check_observer(game: Game, state: Any, observer: Any) -> None:
    """Refuse an observer that is not a seat of this game, ``SPECTATOR`` or ``TABLE``."""
    if observer is SPECTATOR or observer == TABLE:
        return
    if not is_seat(observer) or not 0 <= observer < game.players(state):
        raise IllegalAction("bad-observer", f"{observer!r} is not a seat, the spectator or the table")


def is_seat(value: Any) -> bool:
    """A seat number is a plain int (``True`` is not seat 1).

    >>> is_seat(1), is_seat(True), is_seat(1.0)
    (True, False, False)
    """
    return type(value) is int


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
    if len(text) > MAX_ACTION_CHARS:
        raise InvalidNotation(f"an action is at most {MAX_ACTION_CHARS} characters; this one has "
                              f"{len(text):,}: {quoted(text)}")
    head, _, body = text.strip().partition(" ")
    digits = head[1:]
    if len(head) < 2 or head[0] != "p" or not (digits.isascii() and digits.isdigit()) or len(digits) > 2:
        raise InvalidNotation(f"action must start with a seat such as p1, got {quoted(text, 40)}")
    seat = int(digits) - 1
    if not 0 <= seat < max_players:
        raise InvalidNotation(f"seat {head!r} does not exist (p1..p{max_players})")
    return seat, " ".join(body.split())


def play_actions(game: Game, state: Any, actions: Iterable[Hashable]) -> Any:
    """Apply ``actions`` in order; returns the state for chaining in tests."""
    for action in actions:
        game.apply(state, action)
    return state
