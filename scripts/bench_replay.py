"""The replay viewer's stepping time, per game (issue 14): how long one step takes.

For each game, greedy bots play a few seeded games and the longest is
kept (Net Control's run to 300-600 moves). Then every position is stepped
through, forward from the start, as the page does it: the viewer's logic
(``Replay.go``, the position from the match's undo snapshots, its table,
the status and the log), and the whole redraw (plus the game's board and
panels). With ``--page DIST`` the same links are opened in Chromium and a
step is timed in the page (one ``ArrowRight`` keydown, handled
synchronously: Python under Pyodide, the DOM updates included), over the
first ``--steps`` moves. Figures only: nothing is asserted.

    .venv/bin/python scripts/bench_replay.py [--seeds 3] [--page dist] [--steps 80]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from netarcade.bots import make_bot
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import declared, get_game
from netarcade.web.pages import page_for
from netarcade.web.replay import Replay
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


def bench_page(dist: Path, links: dict[str, str], link_moves: dict[str, list], steps: int) -> None:
    from playwright.sync_api import sync_playwright

    from netarcade.serve import serve_in_thread

    httpd, base = serve_in_thread(dist, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            for game_id, link in links.items():
                page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                page.goto(f"{base}#{link}&at=0")
                page.wait_for_function("() => document.documentElement.dataset.ready === 'play'", timeout=120_000)
                page.evaluate(STEP_JS, "ArrowRight")  # the first step imports what stepping needs
                count = min(steps, len(link_moves[game_id]) - 1)
                times = [page.evaluate(STEP_JS, "ArrowRight") / 1000 for _ in range(count)]
                print(f"{game_id:10} in the page, {count} steps: {ms(times)}")
                page.context.close()
            browser.close()
    finally:
        httpd.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="greedy games per game; the longest is stepped")
    parser.add_argument("--page", type=Path, help="a built site (make site): time steps in Chromium too")
    parser.add_argument("--steps", type=int, default=80, help="steps timed in the page per game")
    args = parser.parse_args()
    links, moves = {}, {}
    for game_id in GAMES:
        session = longest_game(game_id, args.seeds)
        bench_python(session)
        links[game_id] = encode_link(session.setup, session.actions)
        moves[game_id] = session.actions
    if args.page:
        bench_page(args.page, links, moves, args.steps)


if __name__ == "__main__":
    main()
