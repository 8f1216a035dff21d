"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from .base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, game, state, seat):
        self.ready(game)
        return game.pick_legal(state, seat, self.rng)

    def steps(self, game, state, seat, clock):
        yield  # listing the legal actions is one quick unit of work
        return self.choose(game, state, seat)
