"""Command-line edges (issue 20, item 5), as real processes: bad input is
one line on stderr and exit status 2, with what the user typed quoted cut
(``core.errors.quoted``), before any game is played or printed; ``ladder
--workers`` starts no more processes than games or CPUs; ``bench
--seconds`` is bounded."""

from __future__ import annotations

import subprocess
import sys

import pytest

from support.cli_run import run

from netarcade.cli import bench, ladder
from netarcade.core.options import MAX_SEED
from netarcade.games import get_game


def refused(*args) -> str:
    """The one line a refused command prints (and checks it printed nothing else)."""
    done = run(*args)
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert done.stdout == ""  # no game printed before the refusal
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("netarcade: error: "), done.stderr[-2000:]
    return lines[0]


def test_a_ladder_pair_of_three_bots_is_refused():
    line = refused("ladder", "overwrite", "--pair", "greedy,random,search", "--games", "2")
    assert "--pair expects two bot names" in line and "'greedy,random,search'" in line


@pytest.mark.parametrize("command", [["simulate", "overwrite", "--games", "2"],
                                     ["ladder", "overwrite", "--games", "4"],
                                     ["ladder", "overwrite", "--games", "7", "--players", "3"]])
def test_a_seed_too_large_for_its_games_names_the_seed_typed_before_any_game(command):
    line = refused(*command, "--seed", str(MAX_SEED))
    assert f"option 'seed': {MAX_SEED} leaves no room" in line
    assert str(MAX_SEED + 1) not in line  # never a seed the user did not type


def test_the_last_seed_still_plays_when_it_is_the_only_one():
    done = run("simulate", "overwrite", "--seed", str(MAX_SEED), "--bots", "random")
    assert done.returncode == 0 and f"seed {MAX_SEED}:" in done.stdout
    done = run("ladder", "overwrite", "--games", "2", "--seed", str(MAX_SEED), "--pair", "random,random")
    assert done.returncode == 0 and '"games": 2' in done.stdout


@pytest.mark.parametrize("args, echoed", [
    (["simulate", "g" * 5000], "g"),
    (["simulate", "overwrite", "--bots", "b" * 5000], "b"),
    (["simulate", "overwrite", "--option", "o" * 10_000 + "=1"], "o"),
    (["simulate", "overwrite", "--option", "o" * 10_000], "o"),
    (["simulate", "overwrite", "--option", "players=" + "9" * 5000], "9"),
    (["simulate", "overwrite", "--players", "9" * 5000], "9"),
    (["simulate", "overwrite", "--seed", "7" * 5000], "7"),
    (["ladder", "overwrite", "--pair", "p" * 5000], "p"),
    (["bench", "overwrite", "--seconds", "s" * 5000], "s"),
    (["simulate", "overwrite", "--json", "u" * 5000], "u"),
    (["c" * 5000], "c"),
])
def test_what_a_refusal_echoes_is_cut_to_80_characters(args, echoed):
    line = refused(*args)
    assert echoed * 20 in line and echoed * 81 not in line, line[:300]
    assert len(line) < 300


@pytest.mark.parametrize("args", [["simulate", "overwrite", "--games", "\u0661\u0662"],
                                  ["simulate", "overwrite", "--games", "\uff12"],
                                  ["simulate", "overwrite", "--games", "+2"],
                                  ["ladder", "overwrite", "--workers", "\u00b2"],
                                  ["bench", "overwrite", "--seconds", "\u0661"]])
def test_numbers_on_the_command_line_are_ascii_digits(args):
    assert "must be" in refused(*args)


def test_worker_count_is_capped_at_the_games_and_the_cpus():
    assert ladder.worker_count(64, 3, cpus=8) == 3
    assert ladder.worker_count(64, 200, cpus=8) == 8
    assert ladder.worker_count(2, 200, cpus=8) == 2
    assert ladder.worker_count(1, 1, cpus=1) == 1
    assert 1 <= ladder.cpu_count()


def test_a_ladder_starts_no_more_processes_than_it_has_games(monkeypatch):
    started = []

    class Pool:  # the worker pool, in this process: records how many workers it was asked for
        def __init__(self, workers):
            started.append(workers)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, function, jobs, chunksize=1):
            return map(function, jobs)

    monkeypatch.setattr(ladder, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(ladder, "cpu_count", lambda: 8)
    options = get_game("overwrite").validate_options({})
    summary = ladder.run_ladder("overwrite", "random", "random", 3, 1, options, workers=64)
    assert started == [3] and summary["games"] == 3
    ladder.run_ladder("overwrite", "random", "random", 1, 1, options, workers=64)
    assert started == [3]  # one game: no pool at all


def test_the_ladder_says_when_it_starts_fewer_workers_than_asked():
    done = run("ladder", "overwrite", "--games", "1", "--workers", "64", "--pair", "random,random")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == ("netarcade: note: 1 worker process, not 64 "
                                   "(at most one per game and one per CPU)")
    assert "capped at the number of games and of CPUs" in " ".join(run("ladder", "--help").stdout.split())


@pytest.mark.parametrize("seconds", ["1e308", "600.5", "1e9"])
def test_bench_refuses_a_duration_past_its_bound(seconds):
    bound = 600  # docs/cli.md
    try:  # before the bound this ran until killed: the timeout is only a safety net
        done = subprocess.run([sys.executable, "-m", "netarcade", "bench", "backbone", f"--seconds={seconds}"],
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"bench --seconds {seconds} was not refused")
    assert done.returncode == 2 and done.stdout == ""
    assert f"at most {bound}" in done.stderr and len(done.stderr.splitlines()) == 1
    assert f"at most {bound}" in " ".join(run("bench", "--help").stdout.split())
    with pytest.raises(ValueError, match=f"at most {bound}"):
        bench.bench_game(get_game("backbone"), seconds=float(seconds))


@pytest.mark.parametrize("args, words", [
    (["serve", "--port", "x"], "argument --port: must be an integer in [0, 65535], got 'x'"),
    (["serve", "--nope", "--other"], "unrecognized argument '--nope' (and 1 more)"),
    (["serve", "a", "b"], "unrecognized argument 'b'"),
    (["relay", "--rate", "nan"], "argument --rate: must be a finite number > 0, got 'nan'"),
    (["relay", "--bogus"], "unrecognized argument '--bogus'"),
])
def test_the_servers_refuse_a_bad_argument_in_one_line_as_every_command_does(args, words):
    """``serve`` and ``relay`` parse with the command line's one parser (``argcheck.OneLineParser``):
    a bad or unknown argument is the one error line, never argparse's usage block first."""
    assert words in refused(*args)
