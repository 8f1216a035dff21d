#!/usr/bin/env python3
"""Page figures in headless Chromium: first board paint and ready-to-play,
against the bare PyScript page.

What it is for: ``make bench`` runs this after the engine benchmark. It
serves the built site (``dist/``, from ``make site``) on a free local port,
starts Debian's Chromium (``/usr/bin/chromium``, the browser tests' flags),
and in one run loads, alternately and each in a fresh browser context (cold
cache), the arcade page ``/`` and the bare page ``/static/bare.html`` (the
same runtime files, a script that only prints "ready"). It prints, as
medians over the rounds:

- first board paint: the page's first contentful paint, and the
  ``na-board-painted`` mark (set just after the first frame that shows the
  pre-rendered board; an upper bound);
- ready to play: ``data-ready-ms`` on ``<html>``, set when the live board and
  its click listener are in place (the script then clicks a highlighted hex
  and checks the move was played). The arcade page is loaded as the home
  screen's "Play now" for Backbone (``#play=backbone``; the bare address is
  the home screen);
- the longest main-thread task during boot (a ``longtask``
  PerformanceObserver from the first script on; tasks that start before
  ready to play, or before the bare page's "ready"): while it runs the page
  cannot draw or answer a click, and the sum of the tasks over 50 ms;
- the bare page's boot: ``data-ms`` on its ``#ready``;
- both page figures as a ratio to the bare page's boot.

- Net Control search-bot moves in the page: a 4-player game of search bots
  (seed 5) runs for ``--bot-seconds``; the page records every bot decision's
  thinking window (``data-bot-windows``: wall time from the first slice to
  the chosen action, paint breaks included). Decisions with one legal action
  take under a millisecond and are left out of the median. ``--bot-link``
  names another game (e.g. ``#play=breach&seats=search,search,search,search&seed=5``).

- Bytes on the wire for a cold load of the arcade page (a fresh context,
  until it is ready to play), counted by the server: once with the build's
  compressed copies refused (``serve_in_thread(compress=False)``, as a server
  that sends files as they are) and once with them; then what the service
  worker's first-visit storing adds (revalidations of files the HTTP cache
  holds; since issue 40, also the wait for the memory snapshot the page
  makes in the browser and what the service worker fetches after it), and
  the first visit in all. ``--wire-before DIST`` also loads an older build, served as is
  (the site before precompression, for the "before" figure).
- Warm offline reload: in that context, with the server stopped and the
  browser offline, the page reloaded ``--rounds`` times from the service
  worker; ready to play, against the cold load's, and how Python started
  each time (``data-python-start``: from the memory snapshot or from
  scratch, and how long ``loadPyodide`` took).
- The bare page's warm start beside it: each bare cold load is followed by
  a reload in its context (HTTP cache and compiled code warm; the bare page
  has no service worker).
- ``--save FILE``: the ready-to-play figures as JSON, for
  scripts/bench/table.py (``make bench``'s closing table).

Targets (from the issues), each printed beside its figure with "met" or
"not met": first board paint under 0.5 s; ready to play cold no slower than
the bare page's boot measured in the same run (issue 40: ratio <= 1.0); a
warm start ready to play under 1.5 s; a search-bot move at most 1 s in the
browser; a cold load at most 45% of the 14.1 MB moved before precompression,
and a whole first visit (the page, the service worker's storing, the memory
snapshot made in the background) within that same 6.35 MB (issue 40).
It prints figures, it asserts nothing.

What it is not: a test (no pass/fail) and not a network benchmark: the
server is on loopback, so timings measure the browser and Python, not
transfer; bytes are what a real network would carry.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from netarcade.site.serve import serve_in_thread  # noqa: E402
from support.webstack import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
TIMEOUT_MS = 120_000
#: how often a wait reads the page: Playwright's default polls on every animation frame, which
#: makes an idle page draw 60 frames a second while Python starts in its worker (a cost the bare
#: page, busy on its main thread, hardly pays); the figures are the page's own clock either way
POLL_MS = 100

#: the engine worker's memory snapshot (read from the service worker's cache on a warm start only;
#: made in the browser since issue 40: a build that serves it is an older one)
SNAPSHOT = "static/python-snapshot.bin"
#: the worker that makes the snapshot in the browser (a build without it serves the snapshot)
SNAPSHOT_WORKER = "static/snapshot-worker.mjs"
#: issue 40's targets: a whole first visit (the page, the service worker's storing and the
#: snapshot made in the background) within 6.35 MB, a warm start under 1.5 s, and the cold
#: load no slower than the bare PyScript page measured in the same run
FIRST_VISIT_BUDGET = 6.35e6
WARM_TARGET_MS = 1500
COLD_RATIO_TARGET = 1.0
#: the arcade page as loaded for the figures: Backbone from the home screen's "Play now"
APP_LINK = "#play=backbone"

#: from the page's first script on: every main-thread task over 50 ms
OBSERVE_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
"""

PAGE_FIGURES = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return {
    fcp: paint ? paint.startTime : null,
    board: mark("na-board-painted"),
    python: mark("na-python-up"),
    ready: Number(document.documentElement.dataset.readyMs),
    tasks: window.__longTasks || [],
  };
}"""


def boot_tasks(figures: dict) -> None:
    """The longest main-thread task that started before ``ready``, and the sum of them."""
    boot = [duration for start, duration in figures.pop("tasks", []) if start < figures["ready"]]
    figures["longest_task"] = max(boot, default=0.0)
    figures["blocked"] = sum(boot)


def only_local(base: str, outside: list[str]):
    def route(route):
        url = route.request.url
        if url.startswith((base, "data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()
    return route


@contextmanager
def fresh_page(browser, base: str, viewport: dict):
    """A page in a new context (cold cache) that may only reach ``base``;
    yields ``(page, outside)``, the list of refused requests."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(OBSERVE_LONG_TASKS)
    outside: list[str] = []
    context.route("**/*", only_local(base, outside))
    try:
        yield context.new_page(), outside
    finally:
        context.close()


def load_app(browser, base: str, viewport: dict) -> dict:
    with fresh_page(browser, base, viewport) as (page, outside):
        page.goto(base + APP_LINK)
        page.wait_for_function("() => document.documentElement.dataset.ready === 'play'",
                               timeout=TIMEOUT_MS, polling=POLL_MS)
        figures = page.evaluate(PAGE_FIGURES)
        boot_tasks(figures)
        # the board accepts a click: a highlighted hex plays its action
        page.click("#board [data-action]")
        page.wait_for_function("() => document.documentElement.dataset.actions === '1'", timeout=10_000)
        figures["outside"] = len(outside)
        return figures


def _bare_ready(page) -> float:
    page.wait_for_function("() => document.getElementById('ready')?.textContent === 'ready'",
                           timeout=TIMEOUT_MS, polling=POLL_MS)
    return float(page.eval_on_selector("#ready", "el => el.dataset.ms"))


def load_bare(browser, base: str, viewport: dict) -> dict:
    """A cold load of the bare page, then a reload in the same context (its
    warm start: the HTTP cache and the browser's compiled-code cache hold
    the runtime; the bare page has no service worker)."""
    with fresh_page(browser, base, viewport) as (page, outside):
        page.goto(base + "static/bare.html")
        ready = _bare_ready(page)
        fcp = page.evaluate(
            "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
        figures = {"ready": ready, "fcp": fcp, "outside": len(outside), "tasks": page.evaluate("window.__longTasks")}
        boot_tasks(figures)
        page.reload()
        figures["warm"] = _bare_ready(page)
        return figures


#: the game the search bots play for the move figures (``--bot-link`` picks another)
BOT_LINK = "#play=netcontrol&seats=search,search,search,search&players=4&seed=5"


def search_moves(browser, base: str, viewport: dict, seconds: float, link: str = BOT_LINK) -> dict:
    """Thinking windows (ms) of search bots playing each other (Net Control unless ``link`` says)."""
    with fresh_page(browser, base, viewport) as (page, outside):
        page.goto(base + link)
        page.wait_for_function("() => document.documentElement.dataset.ready === 'play'",
                               timeout=TIMEOUT_MS, polling=POLL_MS)
        page.wait_for_timeout(seconds * 1000)
        windows = page.evaluate("JSON.parse(document.documentElement.dataset.botWindows || '[]')")
        longest_slice = float(page.evaluate("document.documentElement.dataset.botLongestMs || 'NaN'"))
        actions = int(page.evaluate("document.documentElement.dataset.actions || '0'"))
        return {"moves": sorted(end - start for start, end in windows), "slice": longest_slice,
                "actions": actions, "outside": len(outside)}


def _ready(page, starts: list | None = None) -> float:
    """Ready to play (ms); ``starts`` gets how Python started (``data-python-start``)."""
    page.wait_for_function("() => ['play', 'error'].includes(document.documentElement.dataset.ready)",
                           timeout=TIMEOUT_MS, polling=POLL_MS)
    if page.evaluate("document.documentElement.dataset.ready") != "play":
        raise RuntimeError("the page failed to start")
    if starts is not None:
        page.wait_for_function("() => document.documentElement.dataset.pythonStart",
                               timeout=TIMEOUT_MS, polling=POLL_MS)
        starts.append(page.evaluate("document.documentElement.dataset.pythonStart"))
    return float(page.evaluate("document.documentElement.dataset.readyMs"))


def cold_wire(browser, dist: str, viewport: dict, compress: bool, offline_rounds: int | None = None) -> dict:
    """One cold load of the arcade page; bytes the server sent until ready to
    play, then until the service worker has stored the site; then warm
    offline reloads (ready-to-play times) with the server gone.

    No Playwright routing here: routing turns Chromium's HTTP cache off,
    which would make the worker's storing download everything again."""
    server, base = serve_in_thread(dist, port=0, compress=compress)
    context = browser.new_context(viewport=viewport)
    outside: list[str] = []
    context.on("request", lambda request: outside.append(request.url)
               if not request.url.startswith((base, "data:", "blob:")) else None)
    figures = {"outside": outside}
    try:
        page = context.new_page()
        page.goto(base)
        figures["starts"] = []
        figures["ready"] = _ready(page, figures["starts"])
        # the memory snapshot: a cold start never asks for it (static/worker/pyodide-start.mjs reads
        # it from the Cache API only); the service worker fetches it to store it once the page
        # is ready, which may be before these lines run: counted with the storing, not here
        snapshot = server.bytes_by_path.get("/" + SNAPSHOT, 0)
        figures["snapshot_early"] = snapshot
        figures["page_bytes"] = server.bytes_sent - snapshot
        warm: list[float] = []
        figures["warm"] = warm
        if offline_rounds is None:  # the bytes of the page alone
            return figures
        page.wait_for_function("() => ['stored', 'off'].includes(document.documentElement.dataset.offline)",
                               timeout=TIMEOUT_MS, polling=POLL_MS)
        figures["offline"] = page.evaluate("document.documentElement.dataset.offline")
        if figures["offline"] == "stored" and (Path(dist) / SNAPSHOT_WORKER).is_file():
            # the snapshot made in the browser once the page is idle (static/main/offline.py), and
            # whatever the service worker fetches after it: the rest of a first visit
            page.wait_for_function("() => /^(stored|not stored|kept)/.test(document.documentElement.dataset.warm "
                                   "|| '')", timeout=TIMEOUT_MS, polling=POLL_MS)
            figures["warm_made"] = page.evaluate("document.documentElement.dataset.warm")
        figures["stored_bytes"] = server.bytes_sent
        if offline_rounds and figures["offline"] == "stored":
            server.shutdown()
            context.set_offline(True)
            for _ in range(offline_rounds):
                page.reload()
                warm.append(_ready(page, figures["starts"]))
        return figures
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def wire_figures(browser, dist: str, viewport: dict, rounds: int, before: str | None,
                 saved: dict | None = None) -> list[str]:
    lines = []
    plain = cold_wire(browser, dist, viewport, compress=False)
    packed = cold_wire(browser, dist, viewport, compress=True, offline_rounds=rounds)
    lines.append("  bytes on the wire, cold load of / until ready to play (counted by the server):")
    if before:
        old = cold_wire(browser, before, viewport, compress=False)
        lines.append(f"    older build {before}, as is   {old['page_bytes'] / 1e6:6.2f} MB")
    lines.append(f"    this build, copies refused      {plain['page_bytes'] / 1e6:6.2f} MB")
    ratio = f"{packed['page_bytes'] / plain['page_bytes']:.0%} of refused"
    if before:
        ratio += f", {packed['page_bytes'] / old['page_bytes']:.0%} of the older build"
    lines.append(f"    this build, compressed          {packed['page_bytes'] / 1e6:6.2f} MB   ({ratio})"
                 "   target <= 45% of 14.1 MB = 6.35 MB")
    stored = (packed["stored_bytes"] - packed["page_bytes"]) / 1e6
    how = (f"the memory snapshot made in the browser: {packed['warm_made']}" if "warm_made" in packed else
           f"the memory snapshot downloaded, {packed['snapshot_early'] / 1e6:.2f} MB of it before ready was read")
    lines.append(f"    + the service worker storing it {stored:6.2f} MB   (offline: {packed['offline']}; {how})")
    first = packed["stored_bytes"]
    verdict = "met" if first <= FIRST_VISIT_BUDGET else "not met"
    lines.append(f"    a first visit in all            {first / 1e6:6.2f} MB   "
                 f"target <= {FIRST_VISIT_BUDGET / 1e6:.2f} MB: {verdict}")
    if packed["warm"]:
        warm = median(packed["warm"])
        lines.append(f"  ready to play: cold (compressed) {packed['ready']:7.0f} ms; warm offline reload, "
                     f"server stopped, median of {len(packed['warm'])}: {warm:7.0f} ms   target < {WARM_TARGET_MS} ms: "
                     + ("met" if warm < WARM_TARGET_MS else "not met"))
        lines.append("    offline reload runs: " + ", ".join(f"{w:.0f}" for w in packed["warm"]) + " ms")
        lines.append("    how Python started (cold, then each reload): " + "; ".join(packed["starts"]))
    if saved is not None:
        saved.update(warm_offline=median(packed["warm"]), warm_offline_runs=packed["warm"],
                     cold_compressed=packed["ready"], starts=packed["starts"],
                     cold_bytes=packed["page_bytes"], stored_bytes=packed.get("stored_bytes"),
                     first_visit_bytes=packed.get("stored_bytes"))
    outside = len(plain["outside"]) + len(packed["outside"])
    if outside:
        lines.append(f"    requests to other origins during these loads: {outside}")
    return lines


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="loads of each page (default 5)")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="built site (default dist/)")
    parser.add_argument("--phone", action="store_true", help="a 390x844 viewport instead of 1280x800")
    parser.add_argument("--wire-before", default=None, metavar="DIST",
                        help="an older built site to load as is, for the bytes-on-the-wire 'before'")
    parser.add_argument("--no-wire", action="store_true", help="skip the bytes and offline figures")
    parser.add_argument("--bot-seconds", type=float, default=40.0,
                        help="how long Net Control search bots play for the move figures (0: skip)")
    parser.add_argument("--bot-link", default=BOT_LINK,
                        help="the game the search bots play, as a seed link fragment (default: Net Control, "
                             "4 search bots, seed 5)")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="also write the ready-to-play figures as JSON (scripts/bench/table.py reads it)")
    parser.add_argument("--versus", default=None, metavar="DIST",
                        help="another built site (say, before a change): its arcade page is loaded cold "
                             "in alternation with --dist's, and its ready and boot-task figures printed beside")
    args = parser.parse_args(argv)

    if not CHROMIUM.exists():
        print(f"scripts/bench/page.py: {CHROMIUM} is missing (run `make chromium` as root); skipped")
        return 0
    if not (Path(args.dist) / "index.html").is_file():
        print(f"scripts/bench/page.py: {args.dist} has no site; run `make site` first", file=sys.stderr)
        return 1
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("scripts/bench/page.py: playwright is not installed (make venv); skipped")
        return 0

    viewport = {"width": 390, "height": 844} if args.phone else {"width": 1280, "height": 800}
    server, base = serve_in_thread(args.dist, port=0)
    other = serve_in_thread(args.versus, port=0) if args.versus else None
    apps, bares, versus = [], [], []
    started = time.perf_counter()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                load_bare(browser, base, viewport)  # warm the OS file cache; not counted
                for _ in range(args.rounds):
                    bares.append(load_bare(browser, base, viewport))
                    apps.append(load_app(browser, base, viewport))
                    if other is not None:
                        versus.append(load_app(browser, other[1], viewport))
                bots = search_moves(browser, base, viewport, args.bot_seconds, args.bot_link) if args.bot_seconds > 0 else None
                saved: dict = {}
                wire = [] if args.no_wire else wire_figures(browser, args.dist, viewport, args.rounds,
                                                             args.wire_before, saved)
            finally:
                browser.close()
    finally:
        for httpd in (server, other[0] if other else None):
            if httpd is not None:
                httpd.shutdown()
                httpd.server_close()

    bare = median(b["ready"] for b in bares)
    fcp = median(a["fcp"] for a in apps)
    board = median(a["board"] for a in apps)
    ready = median(a["ready"] for a in apps)
    python = median(a["ready"] - a["python"] for a in apps if a["python"] is not None)
    outside = sum(a["outside"] for a in apps) + sum(b["outside"] for b in bares) + (bots or {}).get("outside", 0)
    size = f"{viewport['width']}x{viewport['height']}"
    print(f"page figures: headless Chromium, {args.rounds} cold loads of each page, {size}, medians "
          f"({time.perf_counter() - started:.0f}s in all)")
    print(f"  first board paint (FCP)       {fcp:7.0f} ms   {fcp / bare:5.2f} x bare boot   target < 500 ms")
    print(f"  first board paint (rAF mark)  {board:7.0f} ms   {board / bare:5.2f} x bare boot")
    verdict = "met" if ready <= COLD_RATIO_TARGET * bare else "not met"
    print(f"  ready to play (click works)   {ready:7.0f} ms   {ready / bare:5.2f} x bare boot   target <= "
          f"{COLD_RATIO_TARGET:.2f} x (this run's bare page): {verdict}")
    print(f"    of which our Python (import + first render) {python:5.0f} ms")
    print(f"  bare page boot (prints ready) {bare:7.0f} ms")
    bare_warm = median(b["warm"] for b in bares)
    print(f"  bare page reload (warm: HTTP and code caches) {bare_warm:7.0f} ms; runs: "
          + ", ".join(f"{b['warm']:.0f}" for b in bares) + " ms")
    print(f"  longest main-thread task during boot {median(a['longest_task'] for a in apps):7.0f} ms "
          f"(bare page {median(b['longest_task'] for b in bares):.0f} ms): the page draws nothing and "
          "answers no click meanwhile")
    print(f"    main-thread tasks over 50 ms during boot, in all {median(a['blocked'] for a in apps):7.0f} ms "
          f"(bare page {median(b['blocked'] for b in bares):.0f} ms)")
    print("    longest boot task runs: " + ", ".join(f"{a['longest_task']:.0f}" for a in apps) + " ms")
    print("  bare page runs: " + ", ".join(f"{b['ready']:.0f}" for b in bares) + " ms")
    print("  app ready runs: " + ", ".join(f"{a['ready']:.0f}" for a in apps) + " ms")
    if bots is not None:
        moves = bots["moves"]
        thought = [m for m in moves if m >= 1.0]
        p90 = moves[min(len(moves) - 1, int(len(moves) * 0.9))] if moves else float("nan")
        game = args.bot_link.split("play=", 1)[-1].split("&", 1)[0]
        print(f"  {game} search bots, {args.bot_seconds:.0f} s of play ({bots['actions']} actions, "
              f"{len(moves)} decisions recorded, {len(thought)} with a choice):")
        print(f"    search move: median {median(thought):5.0f} ms, p90 {p90:5.0f} ms, "
              f"max {max(moves, default=float('nan')):5.0f} ms   target <= 1000 ms")
        print(f"    longest slice between paints {bots['slice']:5.0f} ms")
    if versus:
        outside += sum(a["outside"] for a in versus)
        print(f"  versus {args.versus} (its arcade page, loaded in alternation with this one):")
        print(f"    ready to play {median(a['ready'] for a in versus):7.0f} ms (this site {ready:.0f} ms); runs: "
              + ", ".join(f"{a['ready']:.0f}" for a in versus) + " ms")
        print(f"    longest main-thread task during boot {median(a['longest_task'] for a in versus):7.0f} ms "
              f"(this site {median(a['longest_task'] for a in apps):.0f} ms); runs: "
              + ", ".join(f"{a['longest_task']:.0f}" for a in versus) + " ms")
    print(f"  requests to other origins: {outside}")
    for line in wire:
        print(line)
    if args.save:
        saved.update(date=time.strftime("%Y-%m-%d"), rounds=args.rounds, viewport=size, cold_ready=ready,
                     cold_ready_runs=[a["ready"] for a in apps], bare_cold=bare,
                     bare_cold_runs=[b["ready"] for b in bares], bare_warm=bare_warm,
                     bare_warm_runs=[b["warm"] for b in bares], fcp=fcp,
                     longest_task=median(a["longest_task"] for a in apps))
        Path(args.save).write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
