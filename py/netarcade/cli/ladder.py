"""Bot ladder: one bot (the hero) against copies of another over many seeded
games, the hero's seat rotating over every seat, so seat advantage cancels
out. Used to set default targets and for the figures in docs/bots.md.

Two players: each seed is played twice with the sides swapped. ``players``
= N: each seed is played N times, the hero in seat 0, 1, ..., N-1 and the
other N-1 seats held by the rival bot. Not here: printing (``main.py``).
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ProcessPoolExecutor
from statistics import mean

from ..core.options import validate_seeds
from .simulate import play


def _share(winners: list[int], seat: int, players: int) -> float:
    """The seat's share of one game: 1 for a sole win, 1/k of a k-way shared
    win, 1/N when nobody wins, 0 for a loss."""
    if not winners:
        return 1.0 / players
    return 1.0 / len(winners) if seat in winners else 0.0


def _one(job):
    game_id, hero, rival, seed, options, seat, players = job
    bots = [rival] * players
    bots[seat] = hero
    try:
        result = play(game_id, bots, seed, options)
    except Exception as err:
        # a plain message: some engine errors do not survive the trip back from a worker
        raise RuntimeError(f"{game_id} seed {seed} bots {bots}: {type(err).__name__}: {err}") from None
    outcome = _share(result.winners, seat, players)
    seat_one = _share(result.winners, 0, players)
    return outcome, result.turns, result.actions, seat_one, seat


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - spread) / scale, (centre + spread) / scale


def cpu_count() -> int:
    """The CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this platform
        return max(1, os.cpu_count() or 1)


def worker_count(requested: int, games: int, cpus: int | None = None) -> int:
    """The worker processes a ladder starts: what was asked for, but no more
    than one per game and one per CPU (more would only wait).

    >>> worker_count(64, 3, cpus=8), worker_count(64, 200, cpus=8), worker_count(2, 200, cpus=8)
    (3, 8, 2)
    """
    return max(1, min(requested, games, cpu_count() if cpus is None else cpus))


def ladder_jobs(game_id: str, hero: str, rival: str, games: int, seed: int, options: dict,
                players: int = 2) -> list[tuple]:
    """Game ``i`` uses seed ``seed + i // players`` with the hero in seat ``i % players``."""
    return [(game_id, hero, rival, seed + i // players, options, i % players, players) for i in range(games)]



def play_jobs(one, jobs: list, workers: int) -> list:
    """``one(job)`` for every job, in order, over at most
    ``worker_count(workers, len(jobs))`` processes (in this one when that
    is 1); ``one`` is a module-level function (pickled to the workers)."""
    workers = worker_count(workers, len(jobs))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(one, jobs, chunksize=1))
    return [one(job) for job in jobs]

def run_ladder(game_id: str, first: str, second: str, games: int, seed: int, options: dict,
               workers: int = 1, players: int = 2) -> dict:
    """``first`` (the hero) against ``players - 1`` copies of ``second``.

    Seeds ``seed .. seed + games/players - 1``, each played ``players`` times
    with the hero's seat rotating (two players: sides swapped); every one of
    them must be a seed (``validate_seeds``), checked before any game. At
    most ``worker_count(workers, games)`` processes play them.
    """
    if players < 2:
        raise ValueError("a ladder needs at least 2 players")
    validate_seeds(seed, (games - 1) // players + 1)
    jobs = ladder_jobs(game_id, first, second, games, seed, options, players)
    results = play_jobs(_one, jobs, workers)
    outcomes = [r[0] for r in results]
    wins = sum(1 for o in outcomes if o == 1.0)
    draws = sum(1 for o in outcomes if 0.0 < o < 1.0)
    summary = {
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
    if players > 2:
        low, high = wilson(wins, games)
        by_seat = [[r[0] for r in results if r[4] == s] for s in range(players)]
        summary.update({
            "players": players,
            "chance": round(1.0 / players, 4),
            "win_rate": round(wins / games, 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
            "hero_score_rate_by_seat": [round(mean(rates), 4) if rates else None for rates in by_seat],
        })
    return summary
