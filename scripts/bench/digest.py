"""The canonical form behind every digest (``core.record._canonicalize``)
against a walk that calls itself for every item, as it did before
2026-12-02, interleaved on the same states: every tenth position of three
seeded random games of each game (at most 150 actions). Checks that both
give the same bytes, then prints the time per state and the ratio.

    python scripts/bench/digest.py

Figures only (docs/engine.md, "Randomness and identity"); the digest
vectors in the tests pin the bytes.
"""

import time

import msgpack

from netarcade.core import record
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import all_games


def walk(data):
    """Every item through one call, as ``_canonicalize`` did before."""
    if isinstance(data, dict):
        return [[walk(key), walk(value)] for key, value in sorted(data.items(), key=lambda item: repr(item[0]))]
    if isinstance(data, (list, tuple)):
        return [walk(item) for item in data]
    if isinstance(data, (set, frozenset)):
        return sorted((walk(item) for item in data), key=repr)
    if data is None or isinstance(data, (bool, int, str, bytes, float)):
        return data
    raise TypeError(f"cannot canonicalize {type(data).__name__}")


def states(game) -> list:
    found = []
    for seed in range(3):
        match, policy = Match(game, {}, seed, undo=False), Rng(seed)
        while not match.over and match.version < 150:
            match.play(policy.choice(match.legal_actions(match.pick_actor(policy))))
            if match.version % 10 == 0:
                found.append(game.canonical(match.state))
    return found


def best_of(rounds: int, canonicalize, positions) -> float:
    best = float("inf")
    for _ in range(rounds):
        began = time.perf_counter()
        for state in positions:
            canonicalize(state)
        best = min(best, time.perf_counter() - began)
    return best / len(positions)


def main() -> None:
    for game in all_games():
        positions = states(game)
        for state in positions:
            assert msgpack.packb(walk(state), use_bin_type=True) == record.canonical_bytes(state), game.id
        before, now = best_of(5, walk, positions), best_of(5, record._canonicalize, positions)
        print(f"{game.id:10s} {len(positions):3d} states: every item a call {before * 1e3:.3f} ms, "
              f"as-is items kept {now * 1e3:.3f} ms a state: {before / now:.2f}x (the same bytes)")


if __name__ == "__main__":
    main()
