"""The replay viewer's stepping time and its Analyse, per game (issues 14 and 40): how long one step takes.

For each game, greedy bots play a few seeded games and the longest is
kept (Net Control's run to 300-600 moves). Then every position is stepped
through, forward from the start, as the page does it: the viewer's logic
(``Replay.go``, the position from the match's undo snapshots, its table,
the status and the log), and the whole redraw (plus the game's board and
panels). With ``--page DIST`` the same links are opened in Chromium and a
step is timed in the page (one ``ArrowRight`` keydown, handled
synchronously: Python under Pyodide, the DOM updates included), over the
first ``--steps`` moves. Then Analyse is pressed in each game's replay
(at move 0) and timed against issue 40's targets, each printed beside its
figure: the first verdict on screen (target 1 s), every move with a
verdict (the first look) and every move analysed (target 5 s for the
whole game), and the longest main-thread task meanwhile (target 50 ms; a
``longtask`` observer, which reports only tasks over 50 ms: "none" meets
it), with how many analysis helpers the page started and how many moves
they analysed (``web/replay/helping.py``: one per core beyond the
engine's, up to two, fewer with little memory). Analyse is pressed once
the page's background snapshot has settled
(its hand-over to the service worker is main-thread work of its own).
``--no-analyse`` skips it. Figures only: nothing is asserted.

    .venv/bin/python scripts/bench/replay.py [--seeds 3] [--page dist] [--steps 80] [--no-analyse]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from netarcade.bots import make_bot
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import declared, get_game
from netarcade.web.pages import page_for
from netarcade.web.replay.replay import Replay
from netarcade.web.session import Session, encode_link, new_setup

GAMES = declared()


def longest_game(game_id: str, seeds: int) -> Session:
    game = get_game(game_id)
    best = None
    for seed in range(1, seeds + 1):
        match = Match(game, {}, seed, actor=RandomActor(Rng(seed)))
        bots = [make_bot("greedy", 100 * seed + seat, game) for seat in range(match.players)]
        match.play_out(lambda seat: bots[seat].choose(game, match.state, seat), max_actions=5000)
        if best is None or len(match.actions) > len(best.actions):
            seats = ("human",) + ("greedy",) * (match.players - 1)
            best = Session(new_setup(game_id, dict(match.options), seed, seats), match.actions)
    return best


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:6.2f} ms, max {max(values) * 1000:6.1f} ms"


def bench_python(session: Session) -> None:
    page = page_for(session.setup.game)
    live_table = page.table(session)
    started = time.perf_counter()
    replay = Replay(session, 0)
    replay.log_html(live_table)
    opened = time.perf_counter() - started
    logic, redraw = [], []
    for at in range(replay.total + 1):
        started = time.perf_counter()
        replay.go(at)
        table = page.table(replay.position())
        replay.status()
        replay.log_html(live_table)
        middle = time.perf_counter()
        page.board(table)
        page.panels(table)
        done = time.perf_counter()
        logic.append(middle - started)
        redraw.append(done - started)
    print(f"{session.setup.game:10} {replay.total:4} moves  open {opened * 1000:6.1f} ms   "
          f"step logic {ms(logic)}   step with board and panels {ms(redraw)}")


STEP_JS = """(key) => { const t = performance.now();
  document.body.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
  return performance.now() - t; }"""


#: the issue's targets for Analyse in the page (issue 40)
FIRST_MARK_S, WHOLE_GAME_S, MAIN_TASK_MS = 1.0, 5.0, 50.0
ANALYSIS_TIMEOUT_MS = 600_000
#: when the panel's progress changed: the first verdict, every move looked at, every move analysed
WATCH_ANALYSIS = """() => { const times = window.__analysis = {pressed: performance.now()};
  new MutationObserver(() => { const d = document.documentElement.dataset, now = performance.now();
    const [looked, total] = (d.analysisLooked || '0/1').split('/').map(Number);
    const done = Number((d.analysisDone || '0/1').split('/')[0]);
    if (looked >= 1 && times.first === undefined) times.first = now;
    if (looked === total && times.looked === undefined) times.looked = now;
    if (done === total && times.done === undefined) times.done = now;
  }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-analysis-done']}); }"""


def target(figure: float, goal: float, unit: str) -> str:
    return f"{figure:.2f} {unit} (target {goal:g} {unit}: {'met' if figure <= goal else 'not met'})"


#: the page's background work after a first visit (the memory snapshot made
#: in the browser, static/offline.py) has settled: made and stored, kept, or
#: not; or there is none (no service worker: ``data-offline="off"``)
WARM_SETTLED = """() => { const d = document.documentElement.dataset;
  return d.offline === 'off' || (!!d.warm && d.warm !== 'making'); }"""


def bench_analysis(page, game_id: str) -> None:
    """Analyse from move 0 in the replay the page shows: the issue's figures
    beside their targets. It waits for the page's background snapshot to
    settle first: handing the snapshot to the service worker is main-thread
    work of its own, not Analyse's."""
    page.wait_for_function(WARM_SETTLED, timeout=ANALYSIS_TIMEOUT_MS, polling=500)
    page.keyboard.press("Home")
    page.wait_for_function("() => document.documentElement.dataset.replay === '0'", timeout=120_000)
    page.evaluate(WATCH_ANALYSIS)
    since = page.evaluate("performance.now()")
    page.click("#analyse")
    page.wait_for_function("() => window.__analysis.done !== undefined", timeout=ANALYSIS_TIMEOUT_MS, polling=500)
    times = page.evaluate("window.__analysis")
    tasks = [duration for start, duration in page.evaluate("window.__longTasks") if start >= since]
    done = page.evaluate("document.documentElement.dataset.analysisDone")
    helpers = page.evaluate("document.documentElement.dataset.analysisHelpers")  # "N helped M[, stopped: why]"
    longest = f"{max(tasks):.0f} ms (target {MAIN_TASK_MS:g} ms: not met, {len(tasks)} tasks over it)" if tasks \
        else f"none over {MAIN_TASK_MS:g} ms (target {MAIN_TASK_MS:g} ms: met)"
    print(f"{game_id:10} Analyse in the page, {done} moves: first verdict "
          f"{target((times['first'] - times['pressed']) / 1000, FIRST_MARK_S, 's')}; every move looked at "
          f"{target((times['looked'] - times['pressed']) / 1000, WHOLE_GAME_S, 's')}; every move analysed "
          f"{target((times['done'] - times['pressed']) / 1000, WHOLE_GAME_S, 's')}; longest main-thread task "
          f"{longest}; helpers: {helpers} moves; load average {os.getloadavg()[0]:.1f}", flush=True)


def bench_page(dist: Path, links: dict[str, str], link_moves: dict[str, list], steps: int,
               analyse: bool = True) -> None:
    from playwright.sync_api import sync_playwright

    from netarcade.site.serve import serve_in_thread

    from page import OBSERVE_LONG_TASKS  # scripts/bench/page.py, this script's folder

    httpd, base = serve_in_thread(dist, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            for game_id, link in links.items():
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(OBSERVE_LONG_TASKS)
                page = context.new_page()
                page.goto(f"{base}#{link}&at=0")
                page.wait_for_function("() => document.documentElement.dataset.ready === 'play'", timeout=120_000)
                page.evaluate(STEP_JS, "ArrowRight")  # the first step imports what stepping needs
                count = min(steps, len(link_moves[game_id]) - 1)
                times = [page.evaluate(STEP_JS, "ArrowRight") / 1000 for _ in range(count)]
                print(f"{game_id:10} in the page, {count} steps: {ms(times)}", flush=True)
                if analyse:
                    bench_analysis(page, game_id)
                page.context.close()
            browser.close()
    finally:
        httpd.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="greedy games per game; the longest is stepped")
    parser.add_argument("--page", type=Path, help="a built site (make site): time steps in Chromium too")
    parser.add_argument("--steps", type=int, default=80, help="steps timed in the page per game")
    parser.add_argument("--no-analyse", dest="analyse", action="store_false",
                        help="skip timing Analyse in the page")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES, help="only these games")
    args = parser.parse_args()
    links, moves = {}, {}
    for game_id in args.games:
        session = longest_game(game_id, args.seeds)
        bench_python(session)
        links[game_id] = encode_link(session.setup, session.actions)
        moves[game_id] = session.actions
    if args.page:
        bench_page(args.page, links, moves, args.steps, args.analyse)


if __name__ == "__main__":
    main()
