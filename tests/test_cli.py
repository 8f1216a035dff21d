"""The command line: output shapes and one-line errors with a non-zero exit."""

import json
import subprocess
import sys

import pytest


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "netarcade", *args], capture_output=True, text=True,
                          input=stdin)


def test_simulate_json_has_every_field_and_replays():
    done = run("simulate", "backbone", "--games", "2", "--seed", "1", "--json", "--bots", "greedy,random")
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(games) == 2
    for game in games:
        assert {"game", "seed", "options", "winners", "scores", "turns", "actions", "digest", "record"} <= set(game)
        assert game["game"] == "backbone" and len(game["digest"]) == 64
    assert [g["seed"] for g in games] == [1, 2]
    replayed = run("replay", games[0]["record"])
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.strip() == games[0]["digest"]
    piped = run("replay", "-", stdin=games[1]["record"] + "\n")
    assert piped.stdout.strip() == games[1]["digest"]


def test_replay_from_a_file(tmp_path):
    done = run("simulate", "backbone", "--seed", "4", "--json", "--bots", "random")
    game = json.loads(done.stdout)
    path = tmp_path / "game.rec"
    path.write_text(game["record"])
    assert run("replay", str(path)).stdout.strip() == game["digest"]


def test_simulate_option_is_applied():
    done = run("simulate", "backbone", "--json", "--option", "target=3", "--bots", "greedy")
    game = json.loads(done.stdout)
    assert game["options"]["target"] == 3
    # Someone reached the target (a closing-turn hack may lower the final total).
    from netarcade.core import decode_record
    from netarcade.games import replay

    _, state = replay(decode_record(game["record"]))
    assert max(max(turn) for turn in state.history) >= 3
    assert state.closing is not None


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["simulate", "chess"], "unknown game"),
        (["simulate", "backbone", "--bots", "oracle"], "unknown bot"),
        (["simulate", "backbone", "--option", "target=99"], "target"),
        (["simulate", "backbone", "--option", "target"], "name=value"),
        (["simulate", "backbone", "--players", "3"], "players"),
        (["simulate", "backbone", "--seed", "-4"], "seed"),
        (["simulate", "backbone", "--games", "0"], "--games"),
        (["replay", "not-a-record!"], "record"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args, fragment):
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("netarcade: error:") and fragment in lines[0]


def test_bench_prints_figures():
    done = run("bench", "backbone", "--seconds", "0.2")
    assert done.returncode == 0
    assert "backbone:" in done.stdout and "actions/s" in done.stdout


def test_serve_takes_its_own_options_first():
    done = run("serve", "--port", "0", "/nonexistent-folder")
    assert done.returncode == 1
    assert "cannot serve" in done.stderr and "/nonexistent-folder" in done.stderr
    helped = run("serve", "--help")
    assert helped.returncode == 0 and "--port" in helped.stdout and "--isolate" in helped.stdout
