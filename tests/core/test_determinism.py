"""Same seed, same game: within one run, across processes, and through records."""

import json
import subprocess
import sys

from netarcade.core import decode_record, digest

from netarcade.games import replay
from netarcade.cli.simulate import play


def test_same_seed_same_digest_within_a_run():
    first = play("backbone", ["greedy", "random"], 11)
    second = play("backbone", ["greedy", "random"], 11)
    assert first.digest == second.digest and first.record == second.record
    assert play("backbone", ["greedy", "random"], 12).digest != first.digest


def test_seeded_map_depends_on_seed():
    a = play("backbone", ["random", "random"], 1, {"map": "seeded"})
    b = play("backbone", ["random", "random"], 2, {"map": "seeded"})
    assert a.digest != b.digest


def test_record_replays_to_the_same_digest():
    result = play("backbone", ["greedy", "greedy"], 3)
    game, state = replay(decode_record(result.record))
    assert game.is_over(state)
    assert digest(game, state) == result.digest
    assert game.winners(state) == result.winners


def test_same_digests_across_processes():
    command = [sys.executable, "-m", "netarcade", "simulate", "backbone", "--games", "3",
               "--seed", "21", "--bots", "greedy,random", "--json"]
    runs = [subprocess.run(command, capture_output=True, text=True, check=True).stdout for _ in range(2)]
    lines = [[json.loads(line) for line in run.splitlines()] for run in runs]
    assert [g["digest"] for g in lines[0]] == [g["digest"] for g in lines[1]]
    here = [play("backbone", ["greedy", "random"], 21 + i).digest for i in range(3)]
    assert [g["digest"] for g in lines[0]] == here
