"""The greedy bot: tries every legal action on a copy and keeps the one the
game's evaluation likes best for its seat (ties broken by its own PRNG)."""

from __future__ import annotations

from .base import Bot, finish


def rank_steps(game, state, seat, actions=None):
    """The one-ply value of each action, as a generator that yields after
    every action it evaluates and returns ``[(value, index, action)]`` best
    first (ties in listing order): the game's ``rank_steps`` (by default
    each action applied on a copy and evaluated, ``core.game.Game``;
    Overwrite scores placements from bit masks instead)."""
    return (yield from game.rank_steps(state, seat, actions))


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
