"""Overwrite's one-ply ranking two ways, interleaved on the same positions:
the game's mask ranking (``Game.rank_steps``, what the bots use) against
copy + apply + evaluate of every legal action (the general road), over the
positions of seeded greedy games 1-5 with 2 and 4 players.

    python scripts/bench/overwrite_rank.py

Figures only (docs/bots.md, "Overwrite"); tests/games/overwrite/test_overwrite_bots.py
checks the two rank alike.
"""

import time

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.bots.greedy import rank_actions
from netarcade.core.game import Game
from netarcade.core.match import Match
from netarcade.games import get_game

game = get_game("overwrite")


def applied(state, seat):
    """The general road: the contract's default rank_steps (copy, apply, evaluate each action)."""
    return finish(Game.rank_steps(game, state, seat))


def main():
    for players in (2, 4):
        masks = general = 0.0
        positions = 0
        for seed in range(1, 6):
            match = Match(game, {"players": players}, seed, undo=False)
            bots = [make_bot("greedy", seed * 10 + seat, game) for seat in range(players)]
            while not match.over:
                seat = next(iter(match.to_act()))
                start = time.perf_counter()
                rank_actions(game, match.state, seat)
                masks += time.perf_counter() - start
                start = time.perf_counter()
                applied(match.state, seat)
                general += time.perf_counter() - start
                positions += 1
                match.play(bots[seat].choose(game, match.state, seat))
        print(f"{players} players, {positions} positions: mask ranking {masks / positions * 1000:.1f} ms, "
              f"copy+apply {general / positions * 1000:.1f} ms per position, x{general / masks:.1f}")


if __name__ == "__main__":
    main()
