"""The relay checks its own options when it starts: every number finite and in
its documented range, the stand-in a known bot level, the store and the data
folder usable. A bad one is one line on stderr and exit status 2 (a journal
it cannot open or an address it cannot listen on: one line, status 1), never
a traceback, and the relay never starts serving. Real processes throughout.
``serve --port`` shares the port's range."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from support.relay_harness import ROOT, RelayProcess

from netarcade.bots import LEVELS


def netarcade(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """``python -m netarcade ARGS`` to its end; one that starts serving
    instead (its first stdout line says so) is stopped at once, and its
    completed process says ``serving`` on stdout, which fails the test."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    with subprocess.Popen([sys.executable, "-m", "netarcade", *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env) as proc:
        first = proc.stdout.readline()  # a line, or "" at the end of a process that never served
        if "serving" in first:
            proc.kill()
        out, err = proc.communicate(timeout=timeout)
        return subprocess.CompletedProcess(proc.args, proc.returncode, first + out, err)


def relay(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """``relay`` with ``args`` on a free port of 127.0.0.1."""
    return netarcade("relay", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path / "data"), *args)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "serving" not in done.stdout, done.stdout
    return lines[0]


BAD = [
    # the list
    ("--rate", "nan"), ("--rate", "-1"), ("--max-connections", "0"), ("--burst", "-5"), ("--idle", "0"),
    ("--idle", "nan"), ("--max-rooms", "-1"), ("--standin", "evil"), ("--clock", "inf"), ("--clock", "nan"),
    ("--bot-delay", "nan"), ("--min-clock", "-1"), ("--port", "70000"), ("--port", "-1"),
    ("--store", "bogus://"),
    # around them: the other end of each range, the other infinities, not numbers at all
    ("--rate", "0"), ("--rate", "inf"), ("--burst", "0"), ("--burst", "1.5"), ("--idle", "-inf"),
    ("--clock", "0"), ("--clock", "86401"), ("--min-clock", "86401"), ("--min-clock", "nan"),
    ("--bot-delay", "-0.1"), ("--bot-delay", "inf"), ("--max-connections", "many"), ("--max-rooms", "0"),
    ("--store", "redis://host:port/0"), ("--standin", "human"), ("--standin", ""),
]


@pytest.mark.parametrize("option,value", BAD, ids=[f"{o}={v}" for o, v in BAD])
def test_a_bad_option_is_one_line_and_status_2(tmp_path, option, value):
    done = relay(tmp_path, f"{option}={value}")  # "=": argparse takes a bare "-inf" for an option
    assert done.returncode == 2, (done.returncode, done.stderr)
    line = one_line(done)
    assert line.startswith(f"netarcade: error: argument {option}: "), line
    assert repr(value) in line, line  # it says what it got
    assert not (tmp_path / "data").exists()  # nothing was touched


def test_the_message_says_the_range_and_the_known_bots(tmp_path):
    assert one_line(relay(tmp_path, "--rate", "nan")) == \
        "netarcade: error: argument --rate: must be a finite number > 0, got 'nan'"
    assert one_line(relay(tmp_path, "--port", "70000")) == \
        "netarcade: error: argument --port: must be an integer in [0, 65535], got '70000'"
    line = one_line(relay(tmp_path, "--standin", "evil"))
    assert all(repr(level) in line for level in LEVELS), line


def test_the_clock_must_be_at_least_the_shortest_clock(tmp_path):
    # else every ``create`` without a clock of its own would be refused
    done = relay(tmp_path, "--clock", "1", "--min-clock", "2")
    assert done.returncode == 2
    assert one_line(done) == "netarcade: error: argument --clock: must be at least --min-clock (2), got 1"


def test_data_naming_a_file_is_refused(tmp_path):
    (tmp_path / "afile").write_text("not a folder\n")
    done = netarcade("relay", "--port", "0", "--data", str(tmp_path / "afile"))
    assert done.returncode == 2
    assert one_line(done) == f"netarcade: error: argument --data: {str(tmp_path / 'afile')!r} is a file, not a folder"
    assert (tmp_path / "afile").read_text() == "not a folder\n"


def test_a_journal_that_cannot_be_opened_is_one_line(tmp_path):
    (tmp_path / "afile").write_text("")
    done = netarcade("relay", "--port", "0", "--data", str(tmp_path / "afile" / "data"))  # under a file
    assert done.returncode == 1
    assert one_line(done).startswith("netarcade: error: cannot open the journal: ")


def test_redis_not_answering_is_one_line(tmp_path):
    with socket.socket() as probe:  # a port nothing listens on (bound, never listening)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        done = relay(tmp_path, "--store", f"redis://127.0.0.1:{port}/0")
    assert done.returncode == 1
    assert one_line(done).startswith(f"netarcade: error: cannot open the journal: cannot reach Redis at "
                                     f"redis://127.0.0.1:{port}/0")


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = netarcade("relay", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path / "data"))
    assert done.returncode == 1
    line = one_line(done)
    assert line.startswith(f"netarcade: error: cannot listen on 127.0.0.1 port {port}: ") and "in use" in line, line


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_serve_checks_its_port_too(tmp_path, port):
    done = netarcade("serve", "--port", port, str(tmp_path))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"argument --port: must be an integer in [0, 65535], got {port!r}" in done.stderr


def test_the_ends_of_every_range_start(tmp_path):
    process = RelayProcess(tmp_path / "data", "--max-connections", "1", "--max-rooms", "1", "--burst", "1",
                           "--rate", "1e-9", "--idle", "1e-3", "--min-clock", "0", "--clock", "86400",
                           "--bot-delay", "0", "--standin", "search")
    try:
        assert process.alive()
    finally:
        process.kill()


def test_every_number_option_has_a_documented_range():
    """An option added later with a number default must be tabled in
    ``RANGES`` (so it is checked) and in docs/relay.md (so it is said)."""
    from netarcade.relay.command import RANGES, build_parser

    parser = build_parser()
    numbers = {action.dest for action in parser._actions
               if isinstance(action.default, (int, float)) and not isinstance(action.default, bool)}
    assert numbers == set(RANGES)
    docs = (ROOT / "docs" / "relay.md").read_text(encoding="utf-8")
    for dest, checked in RANGES.items():
        flag = "--" + dest.replace("_", "-")
        row = next(line for line in docs.splitlines() if line.startswith("|") and f"`{flag}`" in line.split(" | ")[0])
        assert checked.describe() in row, (flag, row)
        action = next(a for a in parser._actions if a.dest == dest)
        assert action.type is checked and checked.describe() in action.help
        assert checked.contains(action.default), dest  # the default is in its own range
    assert re.search(r"`--standin` \|[^|]*\|[^|]*" + r"[^|]*".join(f"`{level}`" for level in LEVELS), docs)
