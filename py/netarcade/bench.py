"""Random-playout speed of a game on this interpreter (``python -m netarcade bench``)."""

from __future__ import annotations

import time
from statistics import median

from .bots import bot_seed, make_bot
from .core.game import Game
from .core.prng import Rng


def bench_game(game: Game, seconds: float = 3.0, first_seed: int = 1) -> dict:
    """Play random games for about ``seconds``; return games/actions/turns per second."""
    games = actions = turns = 0
    seed = first_seed
    start = time.perf_counter()
    while True:
        state = game.new_game({}, seed)
        rng = Rng(seed)
        while not game.is_over(state):
            seat = min(game.to_act(state))
            game.apply(state, rng.choice(game.legal_actions(state, seat)))
            actions += 1
        turns += game.turn_count(state)
        games += 1
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {
        "games": games,
        "actions": actions,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "turns_per_s": turns / elapsed,
    }


def bench_bots(game: Game, names=("greedy", "search"), seed: int = 1) -> dict:
    """Seconds per move of each bot, over one seeded game between them."""
    state = game.new_game({}, seed)
    players = [make_bot(name, bot_seed(seed, seat, name)) for seat, name in enumerate(names)]
    timings: dict[str, list[float]] = {name: [] for name in names}
    while not game.is_over(state):
        seat = min(game.to_act(state))
        start = time.perf_counter()
        action = players[seat].choose(game, state, seat)
        timings[names[seat]].append(time.perf_counter() - start)
        game.apply(state, action)
    return {
        name: {"moves": len(times), "median_s": median(times), "max_s": max(times)}
        for name, times in timings.items()
        if times
    }
