"""Is following every hint a good strategy? One seat always plays the page's
hint (``web.hint.choice_work``: Analyse's choice, ``Analyser.choice_steps``
with ``PAGE_SETTINGS``), every other seat a greedy bot; then, on the same
seeds and seats, the search bot (its game's settings, no time limit) in that
seat instead. Prints one JSON line per game: both score rates (a k-way
shared win counts 1/k) with their 95% Wilson intervals. docs/bots.md, "Hints
that teach", has the figures.

    .venv/bin/python scripts/research/hint_ladder.py --games 100 --players 2 --workers 2

The hero's seat rotates as in ``netarcade.cli.ladder`` (each seed once per
seat); the rivals' bots and the actor draws are the ladder's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade.bots import bot_seed, make_bot  # noqa: E402
from netarcade.bots.analysis import PAGE_SETTINGS, Analyser  # noqa: E402
from netarcade.bots.base import finish  # noqa: E402
from netarcade.core import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.cli.ladder import _share, play_jobs, wilson  # noqa: E402

GAMES = ("backbone", "netcontrol", "overwrite", "breach")


def one_game(job) -> float:
    """The hero's share of one game: ``hero`` is "hint" or a bot level."""
    game_id, hero, seed, seat, players = job
    game = get_game(game_id)
    match = Match(game, {"players": players}, seed)  # undo points: the analysis reads positions
    rivals = {s: make_bot("greedy", bot_seed(seed, s, "greedy"), game) for s in range(players) if s != seat}
    bot = None if hero == "hint" else make_bot(hero, bot_seed(seed, seat, hero), game)

    def choose(who: int):
        if who != seat:
            return rivals[who].choose(game, match.state, who)
        if bot is not None:
            return bot.choose(game, match.state, who)
        analyser = Analyser(match, PAGE_SETTINGS, seats=[who])
        return finish(analyser.choice_steps(len(match.actions), match.state, who))

    match.play_out(choose)
    return _share(match.winners(), seat, players)


def ladder(game_id: str, hero: str, games: int, players: int, seed: int, workers: int) -> dict:
    jobs = [(game_id, hero, seed + index // players, index % players, players) for index in range(games)]
    shares = play_jobs(one_game, jobs, workers)
    wins = sum(1 for share in shares if share == 1.0)
    rate = sum(shares) / len(shares)
    low, high = wilson(sum(shares), len(shares))
    return {"hero": hero, "games": games, "wins": wins, "score_rate": round(rate, 4),
            "score_rate_95": [round(low, 4), round(high, 4)]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES, dest="games_played")
    args = parser.parse_args(argv)
    for game_id in args.games_played or GAMES:
        result = {"game": game_id, "players": args.players, "against": "greedy"}
        for hero in ("hint", "search"):
            result[hero] = ladder(game_id, hero, args.games, args.players, args.seed, args.workers)
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
