"""The learner bot: the gentle opponent a newcomer can beat.

It ranks every legal action one ply deep, as the greedy bot does, then
plays the best one only now and then (``sharp``); otherwise a random action
from the better part of the ranking (the top ``pool`` share, at least two
actions). So its moves are plausible, never the worst the position offers
unless every move is alike, and it leaves chances a newcomer can take. Its
strength against greedy and random is measured in docs/bots.md ("The learner
bot"); a game may tune ``sharp`` and ``pool`` in its ``bot_settings``.

Not here: any game's knowledge (it reads ``evaluate`` through
``greedy.rank_steps`` like every bot).
"""

from __future__ import annotations

import math

from .base import Bot
from .greedy import pick_best, rank_steps


class LearnerBot(Bot):
    name = "learner"
    DEFAULTS = {
        #: the chance it plays the action the ranking likes best
        "sharp": 0.2,
        #: otherwise it picks at random among this share of the ranking, best first
        "pool": 0.6,
    }

    def steps(self, game, state, seat, clock):
        self.ready(game)
        ranked = yield from rank_steps(game, game.determinize(state, seat, self.rng), seat)
        if len(ranked) == 1 or self.rng.random() < self.sharp:
            return pick_best(ranked, self.rng)
        return self.rng.choice(ranked[:pool_size(len(ranked), self.pool)])[2]


def pool_size(count: int, share: float) -> int:
    """How many of ``count`` ranked actions the learner picks among when it
    does not play the best: the top ``share``, at least two (when there are two).

    >>> pool_size(1, 0.5), pool_size(2, 0.5), pool_size(3, 0.5), pool_size(100, 0.25)
    (1, 2, 2, 25)
    """
    return min(count, max(2, math.ceil(count * share)))
