#!/usr/bin/env python3
"""``make bench``'s closing table: every figure of the run, side by side.

What it is for: the last step of ``make bench``. It reads what the run's
steps saved in ``build/`` and prints one table:

- per game, random-playout actions/s on CPython (``bench-cpython.json``,
  ``python -m netarcade bench --save``) and under Pyodide in Node
  (``bench-pyodide.json``, scripts/bench/pyodide.mjs --save), each as a
  ratio to catanatron 3.2.1's four random players measured in the same run
  (``bench-catanatron.json``, scripts/bench/catanatron_figures.py), and how many
  times slower Pyodide is than CPython;
- the page's ready-to-play times (``bench-page.json``,
  scripts/bench/page.py --save): cold and warm (an offline reload from the
  service worker) beside the bare PyScript page's cold load and reload.

A file that is missing is said, not guessed. ``--markdown`` prints the
same table as Markdown (for README.md and docs/).

What it is not: a measurement (it reads saved figures) or a test.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load(folder: Path, name: str) -> dict | None:
    path = folder / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _times(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def engine_rows(cpython: dict | None, pyodide: dict | None, catanatron: dict | None) -> list[list[str]]:
    yard = catanatron["actions_per_s"] if catanatron else None
    by_game: dict[str, dict] = {}
    for source, report in (("cpython", cpython), ("pyodide", pyodide)):
        for entry in (report or {}).get("games", []):
            by_game.setdefault(entry["game"], {})[source] = entry["random"]
    rows = []
    for game, figures in sorted(by_game.items()):
        c = figures.get("cpython", {}).get("actions_per_s")
        p = figures.get("pyodide", {}).get("actions_per_s")
        rows.append([game, _rate(c), _times(c / yard if c and yard else None),
                     _rate(p), _times(p / yard if p and yard else None),
                     _times(c / p if c and p else None)])
    return rows


def page_rows(page: dict | None) -> list[list[str]]:
    if not page:
        return []

    def ms(value):
        return "-" if value is None else f"{value / 1000:.2f} s"

    def ratio(value, base):
        return "-" if value is None or not base else f"{value / base:.2f}x"

    return [
        ["cold load (fresh context)", ms(page.get("cold_ready")), ms(page.get("bare_cold")),
         ratio(page.get("cold_ready"), page.get("bare_cold"))],
        ["warm start (arcade: offline reload; bare: reload)", ms(page.get("warm_offline")),
         ms(page.get("bare_warm")), ratio(page.get("warm_offline"), page.get("bare_warm"))],
    ]


def render(rows: list[list[str]], head: list[str], markdown: bool) -> list[str]:
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return lines + ["| " + " | ".join(row) + " |" for row in rows]
    widths = [max(len(str(cell)) for cell in column) for column in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    return [fmt.format(*head), fmt.format(*("-" * w for w in widths))] + [fmt.format(*row) for row in rows]


def table(folder: Path, markdown: bool = False) -> list[str]:
    cpython = _load(folder, "bench-cpython.json")
    pyodide = _load(folder, "bench-pyodide.json")
    catanatron = _load(folder, "bench-catanatron.json")
    page = _load(folder, "bench-page.json")
    lines = []
    if catanatron:
        lines.append(f"yardstick: {catanatron['engine']}, {catanatron['players']} random players, "
                     f"{catanatron['runtime']}: {catanatron['actions_per_s']:,.0f} actions/s (this run)")
    else:
        lines.append("yardstick: bench-catanatron.json missing (make bench-cpython): no catanatron ratio")
    for name, report in (("CPython", cpython), ("Pyodide", pyodide)):
        if report:
            lines.append(f"{name}: {report['runtime']}" + (f", Node {report['node']}" if report.get("node") else ""))
        else:
            lines.append(f"{name}: no figures (bench-{name.lower()}.json missing)")
    head = ["game", "CPython actions/s", "vs catanatron", "Pyodide actions/s", "vs catanatron",
            "Pyodide slower by"]
    lines += [""] + render(engine_rows(cpython, pyodide, catanatron), head, markdown)
    rows = page_rows(page)
    if rows:
        lines += ["", f"page, ready to play (headless Chromium, medians of {page.get('rounds')}, "
                      f"{page.get('viewport')}):", ""]
        lines += render(rows, ["", "arcade", "bare PyScript page", "arcade / bare"], markdown)
        if page.get("starts"):
            lines.append("")
            lines.append("how the arcade's Python started (cold, then each reload): " + "; ".join(page["starts"]))
    else:
        lines.append("\npage: bench-page.json missing (make bench-page)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=str(ROOT / "build"), help="where the run saved its figures (build/)")
    parser.add_argument("--markdown", action="store_true", help="Markdown tables")
    args = parser.parse_args(argv)
    print("\n".join(table(Path(args.build), args.markdown)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
