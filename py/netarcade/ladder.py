"""Bot ladder: two bots over many seeded games with sides swapped, so seat
advantage cancels out. Used to set the default target and for the docs."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from statistics import mean

from .simulate import play


def _one(job):
    game_id, first, second, seed, options, swap = job
    bots = [second, first] if swap else [first, second]
    result = play(game_id, bots, seed, options)
    me = 1 if swap else 0
    if len(result.winners) != 1:
        outcome = 0.5
    else:
        outcome = 1.0 if result.winners[0] == me else 0.0
    seat_one = 0.5 if len(result.winners) != 1 else float(result.winners[0] == 0)
    return outcome, result.turns, result.actions, seat_one


def run_ladder(game_id: str, first: str, second: str, games: int, seed: int, options: dict,
               workers: int = 1) -> dict:
    """Seeds ``seed .. seed+games/2-1``, each played twice with sides swapped."""
    jobs = [(game_id, first, second, seed + i // 2, options, bool(i % 2)) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_one, jobs, chunksize=1))
    else:
        results = [_one(job) for job in jobs]
    outcomes = [r[0] for r in results]
    wins = sum(1 for o in outcomes if o == 1.0)
    draws = sum(1 for o in outcomes if o == 0.5)
    return {
        "game": game_id,
        "pair": [first, second],
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "score_rate": round(mean(outcomes), 4),
        "mean_turns": round(mean(r[1] for r in results), 2),
        "mean_actions": round(mean(r[2] for r in results), 2),
        "p1_score_rate": round(mean(r[3] for r in results), 4),
        "options": options,
    }
