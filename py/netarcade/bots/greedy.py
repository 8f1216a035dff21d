"""The greedy bot: tries every legal action on a copy and keeps the one the
game's evaluation likes best for its seat (ties broken by its own PRNG)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .base import Bot, finish


def rank_steps(game, state, seat, actions=None):
    """The one-ply value of each action, as a generator that yields after
    every action it evaluates and returns ``[(value, index, action)]`` best
    first (ties in listing order). A game may rank faster itself, with the
    same contract (``game.rank_steps(state, seat, actions)``: Overwrite
    scores placements from bit masks instead of copying the state)."""
    own = getattr(game, "rank_steps", None)
    if own is not None:
        return (yield from own(state, seat, actions))
    if actions is None:
        actions = game.iter_legal_actions(state, seat)  # lazily: a game may generate them
    ranked = []
    for index, action in enumerate(actions):
        trial = game.copy(state)
        try:
            game.apply(trial, action)
        except IllegalAction:
            yield
            continue  # listed but refused (an engine inconsistency): never choose it
        ranked.append((game.evaluate(trial, seat), index, action))
        yield
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return ranked


def rank_actions(game, state, seat, actions=None):
    """``[(value, index, action)]`` best first: :func:`rank_steps` in one go."""
    return finish(rank_steps(game, state, seat, actions))


def pick_best(ranked, rng):
    """The best action of a ranking (``rank_steps``), ties broken by ``rng``
    (no draw when one action is best)."""
    best = ranked[0][0]
    ties = [action for value, _, action in ranked if value >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


class GreedyBot(Bot):
    name = "greedy"

    def steps(self, game, state, seat, clock):
        self.ready(game)
        ranked = yield from rank_steps(game, game.determinize(state, seat, self.rng), seat)
        return pick_best(ranked, self.rng)
