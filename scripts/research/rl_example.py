"""The figures of docs/rl.md: random agents in every game's environment
beside the engine's own random play (steps per second), then a tiny
learner that beats the random bot in small Backbone games.

    python scripts/research/rl_example.py                      # both parts, the sizes of docs/rl.md
    python scripts/research/rl_example.py --part speed --games 20
    python scripts/research/rl_example.py --part learn --episodes 500 --eval 200
    python scripts/research/rl_example.py --part layout        # the layout tables of docs/rl.md

The learner is a softmax preference per action index (one weight for each
of Backbone's 7,129 indices, a policy that reads no observation: tabular
with a single state), trained with REINFORCE on the final result against
the random bot (``gymnasium.make("netarcade/Backbone-v0", opponent="random",
target=3)``), then compared with a uniform random agent on the same held-out
seeds. Seeded: the same command prints the same results (the speeds aside).
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

import netarcade.rl as rl
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game

#: the tables the speeds are measured on: each game's defaults, Net Control with
#: four players as ``python -m netarcade bench`` plays it
SPEED_TABLES = {"backbone": {}, "netcontrol": {"players": 4}, "overwrite": {}, "breach": {}}
LEARN_GAME, LEARN_OPTIONS = "backbone", {"target": 3}
#: the tables docs/rl.md lays out each game's spaces for (the size of both depends on them)
LAYOUT_TABLES = {"backbone": {}, "netcontrol": {"players": 3}, "overwrite": {"players": 2}, "breach": {"players": 4}}
#: held-out seeds for the comparison; training uses 0, 1, 2, ...
EVAL_SEEDS = 1_000_000


def engine_speed(game_id: str, options: dict, games: int) -> tuple[int, float]:
    """Actions and seconds of ``games`` random games played by the engine
    alone (``pick_legal`` on a match without history, as ``bench`` does)."""
    game = get_game(game_id)
    actions, started = 0, time.perf_counter()
    for seed in range(games):
        match = Match(game, options, seed, history=False, undo=False)
        rng = Rng(seed)
        while (seat := match.next_actor()) is not None:
            match.advance(game.pick_legal(match.state, seat, rng))
            actions += 1
    return actions, time.perf_counter() - started


def env_speed(game_id: str, options: dict, games: int) -> tuple[int, float]:
    """Steps and seconds of ``games`` games of random agents through the
    PettingZoo environment: every step observes (view, encoding, mask)."""
    env = rl.env(game_id, **options)
    rng = np.random.default_rng(0)
    steps, started = 0, time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    env.close()
    return steps, time.perf_counter() - started


def speed_table(games: int) -> str:
    rows = ["| game | table | engine, actions/s | environment, steps/s | ratio |", "|---|---|---|---|---|"]
    for game_id, options in SPEED_TABLES.items():
        engine = engine_speed(game_id, options, games)
        env = env_speed(game_id, options, games)
        fast, slow = engine[0] / engine[1], env[0] / env[1]
        table = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        rows.append(f"| {game_id} | {table} | {fast:,.0f} | {slow:,.0f} | {slow / fast:.2f} |")
    return "\n".join(rows)


class Preferences:
    """A softmax over the legal indices of one weight per action index."""

    def __init__(self, size: int, rng: np.random.Generator):
        self.weights = np.zeros(size)
        self.rng = rng

    def probabilities(self, legal: np.ndarray) -> np.ndarray:
        z = self.weights[legal]
        p = np.exp(z - z.max())
        return p / p.sum()

    def choose(self, legal: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(legal)
        return int(self.rng.choice(len(legal), p=p)), p


def episode(env, seed: int, policy: Preferences | None, rng: np.random.Generator):
    """One game; the learner's choices (legal indices, probabilities, pick) and its result."""
    obs, _ = env.reset(seed=seed)
    trail, total = [], 0.0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        if policy is None:
            action = int(rng.choice(legal))
        else:
            pick, p = policy.choose(legal)
            trail.append((legal, p, pick))
            action = int(legal[pick])
        obs, reward, terminated, truncated, _ = env.step(action)
        total += reward
        if terminated or truncated:
            return trail, total


def record(results: list[float]) -> str:
    results = np.asarray(results)
    won, drawn, lost = (results > 0).sum(), (results == 0).sum(), (results < 0).sum()
    return f"{won} won, {drawn} drawn, {lost} lost (mean result {results.mean():+.2f})"


def learn(episodes: int, evaluation: int, rate: float = 0.1, seed: int = 0) -> str:
    env = gymnasium.make(rl.GYM_IDS[LEARN_GAME], opponent="random", **LEARN_OPTIONS).unwrapped
    rng = np.random.default_rng(seed)
    policy = Preferences(env.action_space.n, rng)
    lines = [f"`{rl.GYM_IDS[LEARN_GAME]}`, {LEARN_OPTIONS}, against the random bot, "
             f"{evaluation} held-out seeds from {EVAL_SEEDS}:", ""]
    before = [episode(env, EVAL_SEEDS + i, None, rng)[1] for i in range(evaluation)]
    lines.append(f"- uniform random agent: {record(before)}")
    started, curve = time.perf_counter(), []
    block = max(1, episodes // 5)
    for i in range(episodes):
        trail, result = episode(env, i, policy, rng)
        curve.append(result)
        for legal, p, pick in trail:  # REINFORCE: the gradient of log p(pick) is onehot(pick) - p
            step = -p
            step[pick] += 1.0
            policy.weights[legal] += rate * result * step
    seconds = time.perf_counter() - started
    after = [episode(env, EVAL_SEEDS + i, policy, rng)[1] for i in range(evaluation)]
    lines.append(f"- the learner after {episodes} training games ({seconds:.0f} s): {record(after)}")
    means = [f"{np.mean(np.asarray(curve[k:k + block]) > 0):.0%}" for k in range(0, episodes, block)]
    lines.append(f"- games won while training, by blocks of {block}: {', '.join(means)}")
    top = np.argsort(policy.weights)[::-1][:5]
    names = [env.game.format_action(env.encoding.action(int(i), 0)).removeprefix("p1 ") for i in top]
    lines.append(f"- its five favourite actions: {', '.join(names)}")
    env.close()
    return "\n".join(lines)


def layout_tables() -> str:
    """Each game's observation layout and action blocks, as docs/rl.md shows them."""
    parts = []
    for game_id, options in LAYOUT_TABLES.items():
        encoding = rl.encoding_for(game_id, get_game(game_id).validate_options(options))
        table = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        parts += [f"### {game_id} ({table}): observation", "", encoding.layout.markdown(), "",
                  f"### {game_id} ({table}): actions", "", encoding.actions.markdown(), ""]
    return "\n".join(parts).rstrip("\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("speed", "learn", "both", "layout"), default="both")
    parser.add_argument("--games", type=int, default=20, help="games per game for the speeds")
    parser.add_argument("--episodes", type=int, default=500, help="the learner's training games")
    parser.add_argument("--eval", type=int, default=200, help="held-out games for each comparison")
    args = parser.parse_args(argv)
    if args.part == "layout":
        print(layout_tables())
        return 0
    if args.part in ("speed", "both"):
        print(speed_table(args.games))
        print()
    if args.part in ("learn", "both"):
        print(learn(args.episodes, args.eval))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
