"""The benchmark and ladder plumbing: what is measured, and how it is printed.

Figures are not asserted (benchmarks print, tests do not time): these tests
check that Net Control is benchmarked with 4 players like catanatron, that
every game's line carries its ratio to the catanatron figures measured in the
same run (and none without them), that ``--save`` writes what
scripts/bench/pyodide.mjs reads, and that the N-player ladder rotates the
hero over every seat while the 2-player ladder keeps its old schedule.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from netarcade.cli import main as cli
from netarcade.cli.bench import (
    bench_bots,
    bench_game,
    bench_options,
    format_bots,
    format_game,
)
from netarcade.games import get_game
from netarcade.cli.ladder import ladder_jobs, run_ladder, wilson

from support.webstack import ROOT

NETCONTROL = get_game("netcontrol")
BACKBONE = get_game("backbone")


def test_netcontrol_is_benchmarked_with_four_players():
    assert bench_options(NETCONTROL)["players"] == 4
    assert bench_options(NETCONTROL, 3)["players"] == 3
    assert bench_options(BACKBONE) == BACKBONE.options.validate({})


#: what scripts/bench/catanatron_figures.py saves (the figures read back)
CATANATRON = {"engine": "catanatron 3.2.1", "players": 4, "actions_per_s": 9000.0, "turns_per_s": 3000.0}


def test_bench_game_figures_and_line():
    figures = bench_game(NETCONTROL, seconds=0.05, catanatron=CATANATRON)
    assert figures["players"] == 4 and figures["games"] >= 1
    assert figures["actions"] > figures["turns"] > 0
    assert figures["actions_per_s"] == pytest.approx(figures["actions"] / figures["seconds"])
    assert figures["warmup_s"] == 0.05  # as long as the measurement when that is under WARMUP_SECONDS
    assert figures["vs_catanatron_actions"] == pytest.approx(figures["actions_per_s"] / 9000.0)
    line = format_game(figures)
    assert line.startswith("netcontrol: ") and "actions/s" in line and "turns/s" in line
    assert "catanatron 3.2.1 in this run (9,000 actions/s" in line and "4 random players" in line
    backbone = bench_game(BACKBONE, seconds=0.01, warmup=0, catanatron=CATANATRON)
    assert backbone["warmup_s"] == 0 and "catanatron" in format_game(backbone)
    assert "catanatron" not in format_game(bench_game(BACKBONE, seconds=0.01))
    with pytest.raises(ValueError, match="warmup"):
        bench_game(BACKBONE, seconds=0.01, warmup=-1)


def test_bench_bots_times_decisions_per_bot():
    figures = bench_bots(NETCONTROL, names=("random", "greedy"), options={"players": 3, "target": 4})
    assert set(figures) == {"random", "greedy"}
    for moves in figures.values():
        assert moves["moves"] > 0 and 0 <= moves["median_s"] <= moves["p90_s"] <= moves["max_s"]
    lines = format_bots("netcontrol", figures, "CPython")
    assert len(lines) == 2 and all("ms per move median" in line for line in lines)


def test_cli_bench_saves_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert cli.main(["bench", "netcontrol", "--seconds", "0.05", "--save", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("netcontrol: ") and "catanatron" not in printed
    saved = json.loads(out.read_text())
    assert saved["games"][0]["game"] == "netcontrol"
    assert saved["games"][0]["random"]["players"] == 4
    assert cli.main(["bench", "netcontrol", "--seconds", "0"]) == 2
    yardstick = tmp_path / "catanatron.json"
    yardstick.write_text(json.dumps(CATANATRON))
    assert cli.main(["bench", "backbone", "--seconds", "0.02", "--catanatron", str(yardstick),
                     "--save", str(out)]) == 0
    assert "vs catanatron 3.2.1 in this run" in capsys.readouterr().out
    assert json.loads(out.read_text())["catanatron"]["actions_per_s"] == 9000.0
    yardstick.write_text("{}")
    assert cli.main(["bench", "backbone", "--seconds", "0.02", "--catanatron", str(yardstick)]) == 2
    assert "scripts/bench/catanatron_figures.py" in capsys.readouterr().err


def test_two_player_ladder_keeps_its_schedule():
    # seed + i // 2, sides swapped on odd games (the hero in seat 1)
    jobs = ladder_jobs("backbone", "greedy", "random", 6, 10, {})
    assert [(job[3], job[5]) for job in jobs] == [(10, 0), (10, 1), (11, 0), (11, 1), (12, 0), (12, 1)]


def test_four_player_ladder_rotates_the_hero():
    jobs = ladder_jobs("netcontrol", "greedy", "random", 8, 1, {}, players=4)
    assert [(job[3], job[5]) for job in jobs] == [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)]
    summary = run_ladder("netcontrol", "greedy", "random", 4, 1, {"target": 5}, players=4)
    assert summary["players"] == 4 and summary["chance"] == 0.25
    assert summary["wins"] + summary["draws"] + summary["losses"] == 4
    assert len(summary["hero_score_rate_by_seat"]) == 4
    low, high = summary["win_rate_95"]
    assert 0 <= low <= summary["win_rate"] <= high <= 1


def test_two_player_summary_has_the_old_keys():
    summary = run_ladder("backbone", "greedy", "random", 2, 1, {})
    assert set(summary) == {"game", "pair", "games", "wins", "draws", "losses", "score_rate", "mean_turns",
                            "mean_actions", "p1_score_rate", "options"}


def test_wilson_interval():
    low, high = wilson(120, 200)
    assert low == pytest.approx(0.531, abs=0.002) and high == pytest.approx(0.665, abs=0.002)
    assert wilson(0, 0) == (0.0, 1.0)


def test_cli_ladder_players(capsys):
    assert cli.main(["ladder", "netcontrol", "--pair", "greedy,random", "--players", "4", "--games", "4",
                     "--option", "target=5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == 4 and summary["options"]["players"] == 4
    assert cli.main(["ladder", "netcontrol", "--players", "9", "--games", "4"]) == 2
    assert cli.main(["ladder", "netcontrol", "--pair", "greedy", "--games", "4"]) == 2


def test_pyodide_bench_script_help():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = ROOT / "scripts" / "bench" / "pyodide.mjs"
    result = subprocess.run([node, str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Pyodide" in result.stdout
    bad = subprocess.run([node, str(script), "--nonsense"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2


def test_bench_bots_takes_a_clock():
    """``scripts/bench/bot_cpu.py`` times moves in CPU time: the clock given is the one read."""
    ticks = iter(range(1_000_000))
    figures = bench_bots(get_game("backbone"), names=("greedy",), seed=3, clock=lambda: float(next(ticks)))
    assert figures["greedy"]["median_s"] == 1.0 and figures["greedy"]["max_s"] == 1.0  # one tick per move


def test_bench_table_reads_the_runs_figures(tmp_path):
    """``make bench``'s closing table (scripts/bench/table.py): ratios to catanatron
    and between runtimes per game, the page's cold and warm starts beside the bare page."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_table", ROOT / "scripts" / "bench" / "table.py")
    bench_table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_table)
    assert "bench-catanatron.json missing" in "\n".join(bench_table.table(tmp_path))

    def report(rate):
        return {"runtime": "R", "games": [{"game": "breach", "random": {"actions_per_s": rate}}]}

    (tmp_path / "bench-catanatron.json").write_text(json.dumps(CATANATRON | {"runtime": "CPython 3.11"}))
    (tmp_path / "bench-cpython.json").write_text(json.dumps(report(18000.0)))
    (tmp_path / "bench-pyodide.json").write_text(json.dumps(report(12000.0)))
    (tmp_path / "bench-page.json").write_text(json.dumps({
        "rounds": 3, "viewport": "1280x800", "cold_ready": 3000.0, "bare_cold": 3000.0,
        "warm_offline": 1200.0, "bare_warm": 1500.0, "starts": ["scratch: not stored", "snapshot"]}))
    lines = bench_table.table(tmp_path, markdown=True)
    row = next(line for line in lines if line.startswith("| breach"))
    assert row.split(" | ")[1:] == ["18,000", "2.00x", "12,000", "1.33x", "1.50x |"]
    warm = next(line for line in lines if line.startswith("| warm start"))
    assert "1.20 s" in warm and "1.50 s" in warm and "0.80x" in warm


def test_catanatron_script_says_when_catanatron_is_missing():
    """The yardstick runs in make bench's own venv; elsewhere it says so and stops."""
    import importlib.util

    if importlib.util.find_spec("catanatron") is not None:
        pytest.skip("catanatron is installed here")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench" / "catanatron_figures.py"), "--seconds", "0.1"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "build/bench-venv" in done.stderr


def test_cpu_bench_plays_the_same_games_in_a_fresh_interpreter():
    """scripts/bench/cpu.py: fixed seeded games (the same actions each run) timed in CPU seconds
    in a process of their own; bad arguments stop it before any work."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_cpu", ROOT / "scripts" / "bench" / "cpu.py")
    bench_cpu = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_cpu)
    first, again = bench_cpu.cpython({"overwrite": 3}), bench_cpu.cpython({"overwrite": 3})
    assert first["overwrite"]["games"] == 3 and first["overwrite"]["actions"] > 3
    assert first["overwrite"]["actions"] == again["overwrite"]["actions"] and first["overwrite"]["cpu_s"] > 0
    with pytest.raises(SystemExit) as stopped:
        bench_cpu.main(["--rounds", "0", "--no-pyodide"])
    assert stopped.value.code == 2
