"""Spike: MicroPython on the main thread + a named Pyodide worker, from our origin only.

Copies the built site (dist/) with spike.html and spike_engine.py into a
temporary folder, serves it with netarcade.serve (no COOP/COEP), loads it in
Debian Chromium, and prints what happened: every request, any that left the
origin, crossOriginIsolated, the exported call's answer, the pushes made
through ``pyscript.sync`` and the long-poll answers.

    .venv/bin/python spike/run_spike.py
"""
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from netarcade import siterules
from netarcade.serve import serve_in_thread

# the policy of the pages that run PyScript: 'unsafe-eval' (PyScript compiles its hooks
# with Function()) and worker-src blob: (it starts its workers from blob: URLs)
siterules.EVAL_PAGES = siterules.EVAL_PAGES | {"spike.html"}

HERE = Path(__file__).resolve().parent
DIST = HERE.parent / "dist"

with tempfile.TemporaryDirectory() as tmp:
    site = Path(tmp) / "site"
    shutil.copytree(DIST, site)
    for name in ("spike.html", "spike_engine.py"):
        shutil.copy(HERE / name, site / name)
    # the spike page runs PyScript: the eval page policy (netarcade.siterules)
    server, base = serve_in_thread(site, port=0)
    outside, requests, console = [], [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        context = browser.new_context()

        def only_local(route):
            url = route.request.url
            requests.append(url)
            if url.startswith(base) or url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                outside.append(url)
                route.abort()

        context.route("**/*", only_local)
        page = context.new_page()
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        page.on("worker", lambda w: console.append(f"worker: {w.url}"))
        page.goto(base + "spike.html")
        try:
            page.wait_for_function("() => document.documentElement.dataset.done === '1'", timeout=60000)
        except Exception as err:
            print("FAILED:", err)
            print("\n".join(console))
            print("\n".join(requests))
            raise SystemExit(2)
        print("out:", page.text_content("#out"))
        print("pushes:", page.text_content("#pushes"))
        print("polls:", page.text_content("#polls"))
        print("crossOriginIsolated:", page.evaluate("() => crossOriginIsolated"),
              "SharedArrayBuffer:", page.evaluate("() => typeof SharedArrayBuffer"))
        print("mpy up ms:", page.evaluate("() => document.documentElement.dataset.mpy"),
              "engine ready ms:", page.evaluate("() => document.documentElement.dataset.engine"))
        browser.close()
    server.shutdown()
    print("requests:", len(requests))
    for url in requests:
        print("  ", url.replace(base, "/"))
    print("outside:", outside)
    print("console:")
    for line in console:
        print("  ", line[:300])
    sys.exit(1 if outside else 0)
