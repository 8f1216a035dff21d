"""Does the search bot pass up useful builds when it ends its turn in Net Control?

Plays three-player games of the search bot against two greedy bots (seeds
1..N, the search bot's seat rotating with the seed) and stops at every
decision where the search bot ends its turn while a build, a Fortify or a
card is affordable. There it compares End with each affordable build in the
way the search itself judges moves, but with far more samples: the same
``--worlds`` sampled worlds (rivals' hidden cards and the dice drawn from
the bot's view) for every candidate, each played out by the search bot's
own greedy playout to its next turn and scored by the squashed evaluation
(``SearchBot.playout``). It prints, per position, End's mean value, the best
build's, their paired difference with its standard error, and whether that
build was among the search's root candidates (the one-ply best
``root_width``); then the totals.

    .venv/bin/python scripts/research/netcontrol_end_turn.py --games 6 --worlds 48
"""

from __future__ import annotations

import argparse
import math
import statistics

from netarcade.bots import bot_seed, make_bot
from netarcade.bots.greedy import rank_actions
from netarcade.core.errors import IllegalAction
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game

#: the verbs that spend resources on the island or the deck
BUILDS = ("link", "node", "super", "fortify", "draw", "clear")


def finish(steps):
    """Run a bot generator to its return value."""
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


def judge(game, state, seat, actions, worlds: int, seed: int) -> list[list[float]]:
    """Each action's playout values over the same ``worlds`` sampled worlds."""
    bot = make_bot("search", seed, game)
    rng = Rng(seed)
    values = [[] for _ in actions]
    for _ in range(worlds):
        world = game.determinize(state, seat, rng)
        for index, action in enumerate(actions):
            trial = game.copy(world)
            try:
                game.apply(trial, action)
            except IllegalAction:
                values[index].append(0.0)
                continue
            values[index].append(finish(bot.playout(game, trial, seat)))
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=48)
    args = parser.parse_args()
    game = get_game("netcontrol")
    rows = []
    decisions = 0
    for seed in range(1, args.games + 1):
        hero = (seed - 1) % args.players
        names = ["greedy"] * args.players
        names[hero] = "search"
        match = Match(game, {"players": args.players}, seed, undo=False)
        bots = [make_bot(name, bot_seed(seed, seat, name), game) for seat, name in enumerate(names)]

        def choose(seat):
            nonlocal decisions
            state = match.state
            action = bots[seat].choose(game, state, seat)
            if seat != hero:
                return action
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                decisions += 1
            text = game.format_action(action)
            builds = [a for a in legal if game.format_action(a).split()[1] in BUILDS]
            if text.split()[1] == "end" and builds:
                ranked = [a for _, _, a in rank_actions(game, game.copy(state), seat)]
                roots = ranked[:bots[seat].root_width]
                values = judge(game, game.copy(state), seat, [action, *builds], args.worlds, seed * 1000 + match.version)
                means = [statistics.fmean(v) for v in values]
                best = max(range(1, len(means)), key=means.__getitem__)
                diffs = [b - e for b, e in zip(values[best], values[0])]
                se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
                rows.append((seed, match.version, means[0], game.format_action(builds[best - 1]), means[best],
                             statistics.fmean(diffs), se, builds[best - 1] in roots, len(builds)))
                print(f"seed {seed} move {match.version}: end {means[0]:.3f}; best of {len(builds)} builds "
                      f"{game.format_action(builds[best - 1])} {means[best]:.3f}; build - end "
                      f"{statistics.fmean(diffs):+.3f} (se {se:.3f}); among the search's candidates: "
                      f"{builds[best - 1] in roots}", flush=True)
            return action

        match.play_out(choose, 100_000)
    better = [r for r in rows if r[5] > 2 * r[6]]
    worse = [r for r in rows if r[5] < -2 * r[6]]
    print(f"\n{len(rows)} of {decisions} search decisions ended the turn with a build affordable")
    print(f"best build better than End by more than 2 standard errors: {len(better)}; worse: {len(worse)}; "
          f"within the noise: {len(rows) - len(better) - len(worse)}")
    if rows:
        print(f"mean (best build - End): {statistics.fmean(r[5] for r in rows):+.4f}; "
              f"the best build among the search's candidates in {sum(r[7] for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
