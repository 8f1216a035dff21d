"""docs/rl.md and the script that prints its figures (``scripts/research/rl_example.py``):
the page holds exactly the layout tables the encoders print, and the
script's speed and learning parts run (at a tiny size)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("rl_example", ROOT / "scripts" / "research" / "rl_example.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_hold_the_layout_tables_the_encoders_print(example):
    doc = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    tables = example.layout_tables()
    assert tables.count("| total |") == 8  # an observation and an action table per game
    assert tables in doc


def test_the_example_script_runs(example, capsys):
    assert example.main(["--games", "1", "--episodes", "4", "--eval", "2"]) == 0
    out = capsys.readouterr().out
    for game in ("backbone", "netcontrol", "overwrite", "breach"):
        assert f"| {game} |" in out
    assert "uniform random agent: " in out and "the learner after 4 training games" in out


def test_the_learner_is_seeded(example):
    first, second = example.learn(3, 2).splitlines(), example.learn(3, 2).splitlines()
    # the same results, the same training curve, the same favourites; only the time differs
    assert len(first) == len(second) == 6
    assert [line.split(" (")[0] for line in first] == [line.split(" (")[0] for line in second]
    assert first[4:] == second[4:]
