#!/usr/bin/env python3
"""The replay viewer's Analyse in headless Chromium: how long a whole game takes, and
whether stepping stays responsive meanwhile.

What it is for: docs/bots.md's "Move analysis" figures. For each record
(a file holding one, as ``python -m netarcade simulate --json`` prints in
``record``), it serves the built site (``make site``) on a free local port,
opens the game's replay at its first move (``#play=ID&seats=search,...&r=RECORD&at=1``),
presses Analyse and waits until every decision is judged (the panel's
``data-analysis-done`` reads ``N/N``), pressing the step keys now and then
meanwhile and timing how long each step takes to show (and four steps
before Analyse, for comparison). It prints, per
record: the wall time of the analysis, decisions judged and marked, the
longest slice of analysis in the worker (``data-analysis-longest-ms``),
the longest main-thread task while it ran (a ``longtask`` observer) and
the slowest step.

What it is not: a test (no pass/fail; the targets are in the issue: a
typical Backbone and Net Control game within 30 s, no main-thread task
over 200 ms).

Usage: ``python scripts/bench/analysis_page.py --dist DIST RECORD_FILE...``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from netarcade.core.record import decode_record  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.site.serve import serve_in_thread  # noqa: E402
from support.webstack import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from page import OBSERVE_LONG_TASKS, only_local  # noqa: E402  (scripts/bench/page.py, this script's folder)

TIMEOUT_MS = 120_000
DONE = "() => { const d = document.documentElement.dataset.analysisDone; return d && d.split('/')[0] === d.split('/')[1]; }"


def analyse_in_page(browser, base: str, text: str) -> dict:
    record = decode_record(text)
    players = get_game(record.game).validate_options(record.options)["players"]
    link = f"#play={record.game}&seats={','.join(['search'] * players)}&r={text}&at=1"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(OBSERVE_LONG_TASKS)
    outside: list[str] = []
    context.route("**/*", only_local(base, outside))
    try:
        page = context.new_page()
        page.goto(base + link)
        page.wait_for_function("() => document.documentElement.dataset.ready === 'play'", timeout=TIMEOUT_MS)
        page.wait_for_selector("#analyse", timeout=TIMEOUT_MS)
        quiet = []  # steps before the analysis, for comparison
        for at, key in ((2, "ArrowRight"), (3, "ArrowRight"), (0, "Home"), (1, "ArrowRight")):
            page.wait_for_timeout(500)
            before = time.perf_counter()
            page.keyboard.press(key)
            page.wait_for_function(f"() => document.documentElement.dataset.replay === '{at}'", timeout=TIMEOUT_MS)
            quiet.append((time.perf_counter() - before) * 1000)
        since = page.evaluate("performance.now()")
        started = time.perf_counter()
        page.click("#analyse")
        steps = []
        at = 1
        while not page.evaluate(DONE):
            page.wait_for_timeout(1500)
            key = "ArrowRight" if at < 6 else "Home"
            at = at + 1 if key == "ArrowRight" else 0
            before = time.perf_counter()
            page.keyboard.press(key)
            page.wait_for_function(f"() => document.documentElement.dataset.replay === '{at}'", timeout=TIMEOUT_MS)
            steps.append((time.perf_counter() - before) * 1000)
            if time.perf_counter() - started > TIMEOUT_MS / 1000:
                raise RuntimeError("the analysis did not finish")
        wall = time.perf_counter() - started
        figures = page.evaluate("""() => ({
            done: document.documentElement.dataset.analysisDone,
            longest: Number(document.documentElement.dataset.analysisLongestMs),
            marks: document.querySelectorAll('#replay-analysis .analysis-marks li').length,
            tasks: window.__longTasks})""")
        tasks = [duration for start, duration in figures["tasks"] if start >= since]
        return {"game": record.game, "players": players, "moves": len(record.actions), "wall": wall,
                "done": figures["done"], "marks": figures["marks"], "slice": figures["longest"],
                "task": max(tasks, default=0.0), "steps": steps, "quiet": quiet, "outside": len(outside)}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="built site (default dist/)")
    parser.add_argument("records", nargs="+", help="files each holding one record")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = serve_in_thread(args.dist, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                for path in args.records:
                    found = analyse_in_page(browser, base, Path(path).read_text().strip())
                    steps = found["steps"]
                    print(f"{found['game']} ({found['players']} players, {found['moves']} moves): analysed in "
                          f"{found['wall']:.1f} s, decisions {found['done']}, {found['marks']} marked; longest "
                          f"slice in the worker {found['slice']:.0f} ms, longest main-thread task "
                          f"{found['task']:.0f} ms; {len(steps)} steps meanwhile, slowest "
                          f"{max(steps, default=0):.0f} ms (all: {', '.join(f'{step:.0f}' for step in steps)}; before the "
                          f"analysis: {', '.join(f'{step:.0f}' for step in found['quiet'])}); outside "
                          f"requests {found['outside']}; load average {os.getloadavg()[0]:.1f}", flush=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
