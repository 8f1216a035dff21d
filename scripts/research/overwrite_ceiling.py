"""What limits Overwrite's search bot against greedy: the experiments of
docs/bots.md, "How far a bot can get against greedy" (under "Overwrite").

    .venv/bin/python scripts/research/overwrite_ceiling.py last-mover --pair greedy,greedy --games 500 --seed 30001
    .venv/bin/python scripts/research/overwrite_ceiling.py oracle --width 6 --games 200 --seed 8001 --workers 2
    .venv/bin/python scripts/research/overwrite_ceiling.py rollouts --width 4 --worlds 8 --games 100 --seed 8001 --workers 2
    .venv/bin/python scripts/research/overwrite_ceiling.py weights '{"second": 0.6}' --games 1000 --seed 20001

Each plays a hero bot against copies of greedy with the ladder's schedule
(``netarcade.cli.ladder``: each seed once per seat, the hero's seat rotating)
and prints one JSON line: the hero's score rate (a shared win counts 1/k),
its 95% Wilson interval and the CPU a game took.

The heroes are experiments, not players: they live here, never in the
arcade's bot list.

- ``oracle`` cheats: it sees the envelope's order. Each of its ``width``
  best one-ply moves is played out on the true state to the end of the
  game, every seat playing its best one-ply move, and the best result
  wins (ties to the better one-ply rank). What knowing the future is
  worth: an upper mark no fair bot can reach with the same width.
- ``rollouts`` is fair: each candidate is played out in ``worlds`` sampled
  worlds (the envelope reshuffled, one world per piece that can come
  next) with the System Fail taken out, every seat greedy, for ``depth``
  actions (to the end by default). The System Fail is as likely to be
  any of the ``n`` draws left, so the world's value is exact over its
  timing: the mean, over the draws, of the result the game would have if
  it came at that draw (1, 1/k shared, 0); draws past ``depth`` count the
  squashed evaluation where the playout stopped. ``--per-piece J`` takes
  the J best one-ply moves and then the best move of each other piece
  (so the candidates are not J translations of one tied placement).
- ``weights`` is greedy with other weights in the evaluation
  (``games/overwrite/evaluation.py``; the keys: first, second, cells, reserve,
  next, later).
- ``last-mover`` plays the pair given and counts who won: the seat whose
  placement was the last before the game ended, or the other.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade import bots as registry  # noqa: E402
from netarcade.bots.base import Bot  # noqa: E402
from netarcade.bots.greedy import rank_steps  # noqa: E402
from netarcade.bots.mcts import SearchBot  # noqa: E402
from netarcade.core.actors import RandomActor  # noqa: E402
from netarcade.core.errors import IllegalAction  # noqa: E402
from netarcade.core.match import Match  # noqa: E402
from netarcade.core.record import decode_record  # noqa: E402
from netarcade.games.overwrite import evaluation  # noqa: E402
from netarcade.games.overwrite.scoring import leaders, ranking  # noqa: E402
from netarcade.cli.ladder import _share, ladder_jobs, wilson  # noqa: E402
from netarcade.cli.simulate import play  # noqa: E402

FAIL = "sf"


def result(tops: list[int], seat: int) -> float:
    """``seat``'s share if the game ended with these top masks (O21, O22)."""
    won = leaders(ranking(tops), range(len(tops)))
    return 1.0 / len(won) if seat in won else 0.0


class Candidates(SearchBot):
    """A flat search that compares its candidates over the same worlds and
    keeps the best total; the subclasses say what a world and a playout
    are."""

    DEFAULTS = {**SearchBot.DEFAULTS, "worlds": 8, "depth": 10_000, "per_piece": 0}

    def _flat(self, game, state, seat, out_of_time):
        ranked = yield from rank_steps(game, self._ranked_on(game, state, seat), seat)
        candidates = [action for _, _, action in ranked[:self.per_piece or self.root_width]]
        if self.per_piece:
            seen = {getattr(action, "piece", type(action).__name__) for action in candidates}
            for _, _, action in ranked:
                key = getattr(action, "piece", type(action).__name__)
                if len(candidates) < self.root_width and key not in seen:
                    seen.add(key)
                    candidates.append(action)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        worlds = self._worlds(game, state, seat)
        for _ in range(self.worlds):
            world = next(worlds, None)
            if world is None:
                break
            for index, action in enumerate(candidates):
                trial = game.copy(world)
                try:
                    game.apply(trial, action)
                except IllegalAction:
                    totals[index] -= 1.0
                    continue
                totals[index] += yield from self.playout(game, trial, seat)
        return candidates[max(range(len(candidates)), key=lambda index: (totals[index], -index))]

    def _greedy_step(self, game, state):
        match = Match.around(game, state, RandomActor(self.rng))  # the search bot's playout step
        seat = match.next_actor()
        actions = game.legal_actions(state, seat)
        if len(actions) > 1:
            ranked = yield from rank_steps(game, state, seat, actions)
            actions = [ranked[0][2]]
        match.advance(actions[0])


class Oracle(Candidates):
    """Sees the envelope's order: one world, the true one."""

    name = "oracle"

    def _ranked_on(self, game, state, seat):
        return state

    def _worlds(self, game, state, seat):
        yield state.copy()

    def playout(self, game, state, me):
        for _ in range(self.depth):
            if game.is_over(state):
                return result(state.tops, me)
            yield from self._greedy_step(game, state)
        return self._value(game, state, me)


class Rollouts(Candidates):
    """Fair: worlds without the System Fail, its timing summed exactly."""

    name = "rollouts"

    def _ranked_on(self, game, state, seat):
        return game.determinize(state, seat, self.rng)  # the ranking counts the next draw: sample it

    def _worlds(self, game, state, seat):
        pieces = [piece for piece in state.envelope if piece != FAIL]
        self._draws = len(state.envelope)  # the System Fail may be any of them
        self._left = len(pieces)
        order = list(range(len(pieces))) or [None]
        self.rng.shuffle(order)
        while True:
            for index in order:
                world = state.copy()
                if index is not None:
                    rest = pieces[:index] + pieces[index + 1:]
                    self.rng.shuffle(rest)
                    world.envelope = rest + [pieces[index]]
                yield world

    def playout(self, game, state, me):
        total = 0.0
        passed = 0
        left = self._left

        def at_draws(state, left):
            # draws made by the last action (a placement includes the next
            # turn's draw); an empty envelope ends the game: its last draw
            drawn = 1 if game.is_over(state) else left - len(state.envelope)
            return drawn, drawn * result(state.tops, me)

        drawn, value = at_draws(state, left)
        passed, total = drawn, value
        for _ in range(self.depth):
            if game.is_over(state) or passed >= self._draws:
                break
            left = len(state.envelope)
            yield from self._greedy_step(game, state)
            drawn, value = at_draws(state, left)
            passed, total = passed + drawn, total + value
        if game.is_over(state) and passed != self._draws:
            raise AssertionError(f"a world played to the end passed {passed} draws, not {self._draws}")
        rest = self._draws - passed
        if rest:
            total += rest * (result(state.tops, me) if game.is_over(state) else self._value(game, state, me))
        return total / self._draws


#: the evaluation's weights as they are (``weights`` changes some of them)
WEIGHTS = {"first": 1.0, "second": 0.3, "cells": 0.1, "reserve": 0.5,
           "next": evaluation.NEXT_PIECE, "later": evaluation.LATER_PIECE}
_PLACES = {
    "first + 0.3 * second + 0.1 * mask.bit_count()":
        "W['first'] * first + W['second'] * second + W['cells'] * mask.bit_count()",
    "(0.5 * sum(reserve), waiting)": "(W['reserve'] * sum(reserve), waiting)",
    "waiting = NEXT_PIECE * max(": "waiting = W['next'] * max(",
    "waiting = LATER_PIECE * in_bank": "waiting = W['later'] * in_bank",
}
_VARIANTS: dict[str, types.ModuleType] = {}


def weighted(weights: dict[str, float]) -> types.ModuleType:
    """``games/overwrite/evaluation.py`` with other evaluation weights."""
    key = json.dumps(weights, sort_keys=True)
    if key not in _VARIANTS:
        source = Path(evaluation.__file__).read_text()
        for old, new in _PLACES.items():
            if source.count(old) != 1:
                raise SystemExit(f"the evaluation changed: {old!r} is not in games/overwrite/evaluation.py once")
            source = source.replace(old, new)
        module = types.ModuleType(f"netarcade.games.overwrite._weighted_{len(_VARIANTS)}")
        module.__package__ = "netarcade.games.overwrite"
        module.W = {**WEIGHTS, **weights}
        exec(compile(source, "weighted evaluation.py", "exec"), module.__dict__)
        _VARIANTS[key] = module
    return _VARIANTS[key]


class Weighted(Bot):
    """Greedy with the evaluation's weights given (ties to the first)."""

    name = "weighted"
    DEFAULTS = {"weights": {}}

    def steps(self, game, state, seat, clock):
        self.ready(game)
        actions = game.legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        ranked = yield from weighted(self.weights).rank_steps(game, state, seat, actions)
        return ranked[0][2]


for _bot in (Oracle, Rollouts, Weighted):
    registry.BOTS[_bot.name] = _bot


def _game(job):
    hero, rival, seed, seat, players, settings = job
    bots = [rival] * players
    bots[seat] = hero
    start = time.process_time()
    played = play("overwrite", bots, seed, {"players": players}, bot_settings={hero: settings})
    moves = [action for action in decode_record(played.record).actions if action.split()[1] != "draw"]
    last = int(moves[-1].split()[0][1:]) - 1 if moves else None
    return (_share(played.winners, seat, players), played.winners, last, time.process_time() - start, seat)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("experiment", choices=["oracle", "rollouts", "weights", "last-mover"])
    parser.add_argument("weights", nargs="?", default="{}", help="weights: a JSON object")
    parser.add_argument("--pair", default="search,greedy", help="last-mover: hero,rival")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=8001)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--width", type=int, default=4, help="candidates")
    parser.add_argument("--worlds", type=int, default=8, help="rollouts: worlds per candidate")
    parser.add_argument("--depth", type=int, default=10_000, help="actions a playout reads")
    parser.add_argument("--per-piece", type=int, default=0)
    args = parser.parse_args(argv)
    hero, rival = args.pair.split(",") if args.experiment == "last-mover" else (args.experiment, "greedy")
    settings = {}
    if args.experiment in ("oracle", "rollouts"):
        settings = {"algorithm": "flat", "root_width": args.width, "depth": args.depth, "per_piece": args.per_piece,
                    "worlds": 1 if args.experiment == "oracle" else args.worlds}
    elif args.experiment == "weights":
        hero = "weighted"
        given = json.loads(args.weights)
        unknown = sorted(set(given) - set(WEIGHTS))
        if unknown:
            parser.error(f"unknown weights {unknown} (known: {', '.join(WEIGHTS)})")
        settings = {"weights": given}
    jobs = [(hero, rival, seed, seat, args.players, settings)
            for _, _, _, seed, _, seat, _ in ladder_jobs("overwrite", hero, rival, args.games, args.seed, {},
                                                         args.players)]
    wall = time.time()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(_game, jobs))
    else:
        games = [_game(job) for job in jobs]
    score = sum(share for share, *_ in games)
    low, high = wilson(score, len(games))
    summary = {"experiment": args.experiment, "hero": hero, "rival": rival, "settings": settings,
               "players": args.players, "games": len(games), "seeds": [args.seed, jobs[-1][2]],
               "score_rate": round(score / len(games), 4), "score_rate_95": [round(low, 4), round(high, 4)],
               "cpu_s_per_game": round(sum(game[3] for game in games) / len(games), 2),
               "wall_s": round(time.time() - wall)}
    if args.experiment == "last-mover":
        sole = [(winners, last) for _, winners, last, _, _ in games if len(winners) == 1]
        hero_last = [share for share, _, last, _, seat in games if last == seat]
        rival_last = [share for share, _, last, _, seat in games if last != seat]
        summary.update({"won_by_last_mover": sum(winners[0] == last for winners, last in sole),
                        "won_by_another": sum(winners[0] != last for winners, last in sole),
                        "shared": len(games) - len(sole),
                        # the hero's score rate when its placement was the last, and when a rival's was
                        "hero_moved_last": [len(hero_last), round(sum(hero_last) / max(1, len(hero_last)), 4)],
                        "rival_moved_last": [len(rival_last), round(sum(rival_last) / max(1, len(rival_last)), 4)]})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
