"""Move analysis: how much each decision of a finished (or unfinished) game
cost its player, judged by the search bot.

What it is for: ``python -m netarcade analyse RECORD`` and the replay
viewer's Analyse. For every decision of a seat (an action it took where it
had more than one legal action), :class:`Analyser` asks the search bot what
it would have played there, then estimates the mover's winning chances
after the move played and after the bot's choice, in the same sampled
worlds (common random numbers, so the luck of a world cancels out between
the two); the chance before the decision is the better of the two. A move
that lost much more than the best is marked (:data:`MARKS`).

How a chance is estimated: each world is a full state consistent with what
the mover could see at the time (``Game.determinize``: rivals' hidden cards
and the order of the deck, the envelope or the dice are sampled; "fair"
analysis, the default), or, in hindsight analysis (``fair=False``), the
real state itself, whose hidden cards and future dice are the ones that
came. In each world the move is applied, then every seat plays its best
one-ply move (the search bot's own playout, ``SearchBot.playout``, with the
game's settings) until the mover's turn comes round; the mover's
evaluation there is squashed to a chance in [0, 1] (a finished game counts
1 for a win, 1/n for a shared one, 0 for a loss). The estimate is the mean
over the worlds; docs/bots.md, "Move analysis", has its measured precision.

Determinism: every decision draws from its own generator, seeded from the
analysis seed, the record's seed and the move's number, and the budgets
are counts (search iterations, worlds), so a record analysed twice with
the same settings gives the same figures, whichever seats or moves are
analysed, sliced or in one go. A time limit (``time_limit``) makes the
search's choice depend on the machine.

A first look (:meth:`Analyser.first_look_steps`) is the same judgement
made cheaply, for the page to show every move's verdict within seconds
while the full one is worked out: the best move is the one-ply best (the
greedy bot's ranking, ties in listing order) instead of the search bot's
choice, and the chances come from one world instead of ``worlds``. The
search is some 85-95% of a decision's work (docs/bots.md, "Move
analysis"), so a first look costs a tenth of it or less. It is seeded
like the rest (its own purposes in the seed rule), and it never replaces
the full decision: the full one is the analysis.

What it is not: a bot that plays (``mcts``), the command line (``cli``) or
the page (``web/replay/analysis_page.py``); it prints nothing.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Generator, Iterable

from ..core.errors import IllegalAction
from ..core.game import Game, split_seat
from ..core.match import Match
from ..core.prng import Rng, derive_seed
from . import new_bot
from .base import finish
from .greedy import rank_steps

__all__ = ["MARKS", "WORLDS", "PAGE_SETTINGS", "Analyser", "Decision", "Settings", "mark_for", "summary"]

#: a move is marked when the mover's estimated chance after it is at least
#: this much below the chance after the best move found (largest first)
MARKS = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
#: sampled worlds (playouts) per move estimated, unless the caller says
WORLDS = 16
#: the shared rankings (``Analyser._rankings``) are dropped past this many
#: positions (a tuple of actions each; a whole Backbone game keeps some 3,400)
RANKINGS_KEPT = 20_000
#: the words of the two ways of analysing, for the output
FAIR_WORDS = ("fairly: each decision is judged from what its seat could see then "
              "(hidden cards and future chance sampled)")
HINDSIGHT_WORDS = "in hindsight: each decision is judged with the hidden cards and future chance that came"


def mark_for(loss: float) -> str | None:
    """The mark of a move that lost ``loss`` of the mover's winning chance.

    >>> mark_for(0.02), mark_for(0.06), mark_for(0.1), mark_for(0.5)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for threshold, mark in MARKS:
        if loss >= threshold - 1e-9:
            return mark
    return None


@dataclass(frozen=True)
class Settings:
    """How an analysis is made. Every budget is a count, so the result is
    the same on every machine; ``time_limit`` (seconds of search per
    decision, None: no limit) is the one exception."""

    #: playouts per move estimated (one world each); a game without hidden
    #: information or chance has one world only (every playout is the same)
    worlds: int = WORLDS
    #: the search bot's settings for its choice (its game's own otherwise)
    search: dict = field(default_factory=dict)
    #: the share of its game's search budget (``iterations``) the search
    #: bot gets, unless ``search`` sets the iterations (the page takes half)
    search_share: float = 1.0
    #: the analysis seed (with the record's seed and the move: each decision's own)
    seed: int = 1
    #: True: judged from the mover's view; False: in hindsight
    fair: bool = True
    time_limit: float | None = None

    def words(self) -> str:
        return FAIR_WORDS if self.fair else HINDSIGHT_WORDS

    def to_json(self) -> dict[str, Any]:
        return {"way": "fair" if self.fair else "hindsight", "worlds": self.worlds, "search": dict(self.search),
                "search_share": self.search_share, "seed": self.seed,
                "fair": self.fair, "time_limit": self.time_limit, "how": self.words()}


#: the page's analysis (the replay viewer's Analyse) and its Hint: 4 worlds
#: per move, the search bot at its game's whole budget with no time limit.
#: The Hint is Analyse's choice (``choice_steps``), so its budget is the
#: search bot's own: at half of it, a seat always playing the hint scored
#: 0.80 against greedy in Backbone where the search bot scores 0.99
#: (docs/bots.md, "Hints that teach"; "Move analysis" has the figures)
PAGE_SETTINGS = Settings(worlds=4)


@dataclass(frozen=True)
class Decision:
    """One decision: the action at ``index`` in the record (move number
    ``index + 1``), taken by ``seat`` in the position after ``index`` moves."""

    index: int
    seat: int
    played: str
    best: str  # the search bot's choice
    before: float  # the mover's chance before deciding: the better of the two moves
    after_played: float
    after_best: float
    choices: int  # how many legal actions the seat had

    @property
    def loss(self) -> float:
        """How much of its winning chance the move played gave away (never below 0)."""
        return max(0.0, self.after_best - self.after_played)

    @property
    def mark(self) -> str | None:
        return None if self.played == self.best else mark_for(self.loss)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(move=self.index + 1, loss=round(self.loss, 4), mark=self.mark,
                    **{key: round(data[key], 4) for key in ("before", "after_played", "after_best")})
        return data


class _Hindsight:
    """The game as seen in hindsight: every "sample" of a hidden or future
    part is the real one (``determinize`` is a copy, with the state's own
    dice; ``chance_worlds`` the real state, once)."""

    def __init__(self, game: Game):
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, state: Any, seat: int, rng: Any) -> Any:
        return self._game.copy(state)

    def chance_worlds(self, state: Any, seat: int, rng: Any):
        yield self._game.copy(state)


class Analyser:
    """The analysis of one game (a :class:`Match` that keeps its undo
    snapshots: ``Match.from_record`` or the page's session), a decision at
    a time: :meth:`steps` is a generator, like a bot's choice, that yields
    after every unit of work and returns the :class:`Decision` (None when the
    seat had no choice); :meth:`decide` runs it in one go."""

    def __init__(self, match: Match, settings: Settings = Settings(), seats: Iterable[int] | None = None):
        self.match = match
        self.game = match.game if settings.fair else _Hindsight(match.game)
        self.settings = settings
        self.seats = set(range(match.players) if seats is None else seats)
        self.worlds = settings.worlds if (match.game.hidden_information or match.game.chance) else 1
        #: the search bot's settings: the caller's, its share of the game's budget, the time limit
        self.search = dict(settings.search)
        if "iterations" not in self.search and settings.search_share != 1.0:
            own = new_bot("search", Rng(0), match.game).settings["iterations"]
            self.search["iterations"] = max(2, round(own * settings.search_share))
        if settings.time_limit is not None:
            self.search["time_limit"] = settings.time_limit
        #: the record's moves this analysis looks at, in order
        self.plan = [index for index, text in enumerate(match.actions)
                     if split_seat(text, match.game.max_players)[0] in self.seats]
        #: the search's one-ply rankings, shared between the decisions of this
        #: game (``SearchBot.share``: a game with neither hidden information
        #: nor chance), and the keys of the record's positions, by move
        self._rankings: dict = {}
        self._keys: list = [()]

    def seat_of(self, index: int) -> int:
        return split_seat(self.match.actions[index], self.match.game.max_players)[0]

    def _rng(self, index: int, purpose: str) -> Rng:
        return Rng(derive_seed(self.settings.seed, f"analyse:{self.match.seed}:{index}:{purpose}"))

    def decide(self, index: int) -> Decision | None:
        return finish(self.steps(index))

    def steps(self, index: int) -> Generator[None, None, Decision | None]:
        """The decision at move ``index`` (0-based), as a generator."""
        return (yield from self._judged(index, self.choice_steps, self._rng(index, "worlds")))

    def first_look_steps(self, index: int) -> Generator[None, None, Decision | None]:
        """A cheap first verdict on the decision at move ``index``, as a
        generator: the one-ply best move (the greedy ranking in the mover's
        view, ties in listing order) and one world's chances, seeded by the
        move like :meth:`steps`. The page shows it until :meth:`steps`
        (the analysis) has judged the move; same fields, same marks rule."""
        rng = self._rng(index, "first-look")
        real = self.match.game

        def one_ply_best(_index: int, state: Any, seat: int):
            ranked = yield from rank_steps(real, self.game.determinize(state, seat, rng), seat)
            return ranked[0][2] if ranked else None

        return (yield from self._judged(index, one_ply_best, rng, worlds=1))

    def _judged(self, index: int, choose, rng: Rng, worlds: int | None = None):
        """The decision at move ``index`` with the best move ``choose``
        names (a generator of ``(index, state, seat)``; None: the move
        played), its chances over ``worlds`` drawn from ``rng``: what
        :meth:`steps` and :meth:`first_look_steps` share. A forced move is
        no decision (None)."""
        real = self.match.game
        state = self.match.position(index).state
        seat = self.seat_of(index)
        played = real.parse_action(self.match.actions[index])
        legal = real.legal_actions(state, seat)
        if len(legal) <= 1 and played in legal:
            return None  # a forced move is no decision
        best = yield from choose(index, state, seat)
        if best is None:
            best = played
        moves = [played] if best == played else [played, best]
        values = yield from self._estimate(state, seat, moves, rng, worlds)
        after_played, after_best = values[0], values[-1]
        return Decision(index, seat, real.format_action(played), real.format_action(best),
                        max(after_played, after_best), after_played, after_best, len(legal))

    def choice_steps(self, index: int, state: Any, seat: int) -> Generator[None, None, Any]:
        """The search bot's choice for ``seat`` in ``state``, the position
        after ``index`` moves, as a generator: the one code path of the
        analysis's best move and of the page's Hint (``web/replay/hint.py``), with
        one seed rule (the analysis seed, the record's seed, the move's
        number) and one budget, so a hint is the move Analyse names there.
        The search's one-ply rankings are shared between the decisions of
        one analysis in a game with neither hidden information nor chance
        (``SearchBot.share``: the same choice with less work; 9% less CPU
        for a whole Backbone game), so a hint, made alone, is the same move."""
        real = self.match.game
        searcher = new_bot("search", self._rng(index, "search"), real, **self.search)
        if len(self._rankings) > RANKINGS_KEPT:
            self._rankings.clear()  # only a cost: the rankings are made again when needed
        searcher.share(self._rankings, self._key(index))
        started = time.perf_counter()
        return (yield from searcher.steps(self.game, real.copy(state), seat, lambda: time.perf_counter() - started))

    def _key(self, index: int) -> tuple:
        """The name of the position after ``index`` moves in the shared
        rankings: ``(the key of the one before, its move)``, from ``()``
        (the actions are the engine's, as the search's tree names them)."""
        keys, real = self._keys, self.match.game
        while len(keys) <= index:
            keys.append((keys[-1], real.parse_action(self.match.actions[len(keys) - 1])))
        return keys[index]

    def _estimate(self, state: Any, seat: int, moves: list, rng: Rng, worlds: int | None = None):
        """The mover's mean chance after each of ``moves``, over the same
        worlds (``worlds`` of them, the analysis's own unless given)."""
        game, real = self.game, self.match.game
        judge = new_bot("search", rng, real)  # its playout and squashing, with the game's settings
        totals, counts = [0.0] * len(moves), [0] * len(moves)
        for _ in range(self.worlds if worlds is None else min(worlds, self.worlds)):
            world = game.determinize(state, seat, rng)
            for which, move in enumerate(moves):
                trial = real.copy(world)
                try:
                    real.apply(trial, move)
                except IllegalAction:
                    continue  # impossible in this world (cannot happen for a seat's own move)
                totals[which] += yield from judge.playout(game, trial, seat)
                counts[which] += 1
        return [total / count if count else 0.0 for total, count in zip(totals, counts)]


def summary(decisions: Iterable[Decision], players: int) -> list[dict[str, Any]]:
    """Per seat: decisions analysed, marks of each kind, mean loss."""
    rows = [{"seat": seat, "decisions": 0, "loss": 0.0, **{mark: 0 for _, mark in MARKS}}
            for seat in range(players)]
    for decision in decisions:
        row = rows[decision.seat]
        row["decisions"] += 1
        row["loss"] += decision.loss
        if decision.mark:
            row[decision.mark] += 1
    for row in rows:
        row["loss"] = round(row["loss"] / row["decisions"], 4) if row["decisions"] else 0.0
    return rows
