"""The command line: output shapes and one-line errors with a non-zero exit."""

import json
import subprocess
import sys

import pytest

from support.cli_run import run


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


def test_replay_reads_at_most_its_limit_from_stdin():
    # an endless pipe: reading it all first would never end (the timeout only guards the test)
    with open("/dev/zero", "rb") as endless:
        done = subprocess.run([sys.executable, "-m", "netarcade", "replay", "-"], stdin=endless,
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "standard input holds more than a record can" in done.stderr


def test_replay_reads_at_most_its_limit_from_a_stream():
    from netarcade.cli import main as cli
    from netarcade.core.record import MAX_RECORD_CHARS

    class Counting:
        given = 0

        def read(self, size=-1):
            assert size >= 0, "the whole stream was asked for"
            self.given += size
            return "A" * size

    stream = Counting()
    with pytest.raises(cli.UsageError):
        cli._read_bounded(stream, "standard input")
    assert stream.given <= MAX_RECORD_CHARS + 1025


@pytest.mark.parametrize("name", ["game.txt", "h", "gAme", "sub/record"])
def test_replay_reads_a_file_whatever_its_name_starts_with(tmp_path, name):
    done = run("simulate", "backbone", "--seed", "4", "--json", "--bots", "random")
    game = json.loads(done.stdout)
    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(game["record"] + "\n")
    replayed = subprocess.run([sys.executable, "-m", "netarcade", "replay", name], capture_output=True,
                              text=True, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.strip() == game["digest"]


def test_replay_of_a_missing_file_names_it(tmp_path):
    done = subprocess.run([sys.executable, "-m", "netarcade", "replay", "game.txt"], capture_output=True,
                          text=True, cwd=tmp_path)
    assert done.returncode == 2 and "no such file 'game.txt'" in done.stderr


def test_replay_help_states_the_file_rule():
    assert "existing file" in " ".join(run("replay", "--help").stdout.split())


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-1", "0"])
def test_bench_refuses_durations_that_are_not_finite_and_positive(seconds):
    done = subprocess.run([sys.executable, "-m", "netarcade", "bench", "backbone", f"--seconds={seconds}"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("netarcade: error: --seconds") and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("value", ["+5", "05", " 5", "5 ", "5.0", "true", "\u0665"])
def test_option_text_has_one_strict_form_on_the_command_line(value):
    done = run("simulate", "netcontrol", "--option", f"target={value}")
    assert done.returncode == 2 and done.stdout == ""
    assert "option 'target': must be an integer" in done.stderr


def test_option_text_has_one_strict_form_in_links():
    from netarcade.web.session import LinkError, decode_link

    assert decode_link("play=netcontrol&seats=human,greedy,greedy&seed=3&target=5")[0].options["target"] == 5
    for value in ("05", "%2B5", "5.0", "true"):
        with pytest.raises(LinkError, match="bad setting, 'target': "):
            decode_link(f"play=netcontrol&seats=human,greedy,greedy&seed=3&target={value}")


def test_a_refusal_quotes_a_huge_action_cut():
    from netarcade.core import Record, encode_record

    huge = "p1 node v" + "1" * 140_000
    record = encode_record(Record("netcontrol", {"players": 3, "radius": 2, "target": 10}, 1, (huge,)))
    done = run("replay", "-", stdin=record)
    assert done.returncode == 2
    assert len(done.stderr) < 400 and "\u2026" in done.stderr
