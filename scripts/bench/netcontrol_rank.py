"""Net Control's one-ply ranking two ways, interleaved on the same positions:
the game's own ranking (``Game.rank_steps`` as Net Control binds it, what
the bots and the analysis's playouts call) against the contract's default
(copy, check and apply, evaluate every action), over every decision of
seeded greedy games (3 players, the defaults), and whether they agree.

    python scripts/bench/netcontrol_rank.py [--seeds 3] [--rounds 3]

It prints, per round, the CPU time of each over all the positions and
their ratio, then the medians; and the positions where the two rankings
differ (there must be none). Figures only (docs/bots.md, Net Control's
"Ranking one ply"); tests/games/netcontrol/test_netcontrol_ranking.py checks
the two rank alike.
"""

from __future__ import annotations

import argparse
import statistics
import time

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.core.game import Game
from netarcade.core.match import Match
from netarcade.games import get_game

game = get_game("netcontrol")


def positions(seeds: int) -> list:
    """``(state, seat, actions)`` of every decision of greedy games 1..seeds,
    each seen from its seat (``determinize``), its actions listed."""
    found = []
    for seed in range(1, seeds + 1):
        match = Match(game, {}, seed, undo=False)
        bots = [make_bot("greedy", 100 * seed + seat, game) for seat in range(match.players)]
        while not match.over:
            seat = min(match.to_act())
            actions = game.legal_actions(match.state, seat)
            if len(actions) > 1:
                world = game.determinize(match.state, seat, bots[seat].rng.copy())
                found.append((world, seat))
            match.play(bots[seat].choose(game, match.state, seat))
    return found


def own(state, seat):
    return finish(game.rank_steps(state, seat, game.legal_actions(state, seat)))


def default(state, seat):
    return finish(Game.rank_steps(game, state, seat, game.legal_actions(state, seat)))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    found = positions(args.seeds)
    actions = sum(len(game.legal_actions(state, seat)) for state, seat in found)
    differ = [i for i, (state, seat) in enumerate(found) if own(state, seat) != default(state, seat)]
    print(f"{len(found)} positions, {actions} actions ranked; rankings that differ: {len(differ)} {differ[:10]}")
    ratios, times = [], {"own": [], "default": []}
    for round_ in range(args.rounds):
        spent = {}
        for name, rank in (("default", default), ("own", own)) if round_ % 2 else (("own", own), ("default", default)):
            started = time.process_time()
            for state, seat in found:
                rank(state, seat)
            spent[name] = time.process_time() - started
            times[name].append(spent[name])
        ratios.append(spent["default"] / spent["own"])
        print(f"round {round_ + 1}: own {spent['own']:.2f} s, default {spent['default']:.2f} s CPU, x{ratios[-1]:.2f}")
    print(f"medians: own {statistics.median(times['own']):.2f} s, default {statistics.median(times['default']):.2f} s,"
          f" x{statistics.median(ratios):.2f} ({actions / statistics.median(times['own']):.0f} actions/s own)")


if __name__ == "__main__":
    main()
