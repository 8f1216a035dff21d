"""``scripts/research/overwrite_ladders.py``, the page-time ladders of docs/bots.md
("Overwrite", "Ladders"): without a limit its games are the ladder's, its
work clock cuts the search the same way every time, and a bad
``--setting`` is refused before any game. Two short games each: the
ladders themselves are figures, not tests (docs/testing.md)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from netarcade.cli.ladder import _one, ladder_jobs

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "research" / "overwrite_ladders.py"
_spec = importlib.util.spec_from_file_location("overwrite_ladders", SCRIPT)
ladders = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ladders)

OPTIONS = {"rules": 3, "fail": "first-piece"}
JOBS = ladder_jobs("overwrite", "search", "greedy", 2, 8001, OPTIONS, 2)


def test_without_a_limit_the_games_are_the_ladders():
    for job in JOBS:
        share, turns, moves, cut, _cpu, work, last = ladders.one_game((job, 0, 0, {}))
        assert (share, turns) == _one(job)[:2]
        assert moves > 0 and cut == 0 and work > 0 and last in (0, 1)


def test_the_work_clock_cuts_the_search_the_same_way_every_time():
    # 300 units of 1 ms: 0.3 s, cut after the first round on most moves
    job = (JOBS[0], 0.3, 0.001, {})
    first = ladders.one_game(job)
    again = ladders.one_game(job)
    assert first[:4] == again[:4] and first[5] == again[5]
    assert first[3] > 0  # the limit cut some moves
    assert first[5] < ladders.one_game((JOBS[0], 0, 0, {}))[5]  # and read less


def test_a_setting_the_search_does_not_take_is_refused(capsys):
    for bad in ("nonsense=1", "iterations", "iterations=x"):
        with pytest.raises(SystemExit):
            ladders.main(["--games", "2", "--setting", bad])
        assert "--setting" in capsys.readouterr().err


def test_a_setting_is_given_to_the_search_and_printed(capsys):
    ladders.main(["--games", "2", "--seed", "8001", "--cpu-limit", "0", "--setting", "iterations=4"])
    printed = json.loads(capsys.readouterr().out)
    assert printed["settings"] == {"iterations": 4} and printed["games"] == 2


def test_per_game_results_are_written_and_compared_game_by_game(tmp_path, capsys):
    """``--per-game`` writes each game's share and who placed last (the
    summary's ``placed_last`` counts the same); ``--paired`` counts, game by
    game, where a later run on the same seeds scored higher or lower."""
    games = tmp_path / "games.jsonl"
    base = ["--games", "2", "--seed", "8001", "--cpu-limit", "0", "--setting", "iterations=4"]
    ladders.main([*base, "--per-game", str(games)])
    first = json.loads(capsys.readouterr().out)
    rows = [json.loads(line) for line in games.read_text().splitlines()]
    assert [(row["seed"], row["seat"]) for row in rows] == [(8001, 0), (8001, 1)]
    assert sum(row["share"] for row in rows) / 2 == first["score_rate"]
    hero = [row["share"] for row in rows if row["last"] == row["seat"]]
    assert first["placed_last"]["hero"][0] == len(hero)
    assert first["placed_last"]["hero"][0] + first["placed_last"]["rival"][0] == 2
    ladders.main([*base, "--paired", str(games)])
    again = json.loads(capsys.readouterr().out)["paired"]
    assert (again["games"], again["same"], again["higher"], again["lower"]) == (2, 2, 0, 0)
    rows[0]["share"] = 1.0 - rows[0]["share"]  # an earlier run that scored the first game otherwise
    games.write_text("".join(json.dumps(row) + "\n" for row in rows))
    ladders.main([*base, "--paired", str(games)])
    changed = json.loads(capsys.readouterr().out)["paired"]
    assert changed["same"] == 1 and changed["higher"] + changed["lower"] == 1
    with pytest.raises(SystemExit):
        ladders.main([*base, "--paired", str(tmp_path / "missing.jsonl")])
    assert "--paired" in capsys.readouterr().err
