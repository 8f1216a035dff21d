"""The bare PyScript page boots our wheel in Chromium, offline, from our own server.

Debian's Chromium (``make chromium`` installs it) driven by Playwright; no
browser is ever downloaded. Every request that is not to the local server is
aborted and recorded, and the test asserts there were none. It runs with and
without cross-origin isolation headers, since static hosts send none.
On failure a screenshot goes to ``artifacts/``.
"""

from __future__ import annotations

import time

import pytest

from netarcade.site.serve import serve_in_thread

from support.browsing import BOOT_TIMEOUT_MS
from support.webstack import DIST, ROOT

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("isolate", [False, True], ids=["plain", "isolated"])
def test_bare_page_boots_offline(chromium, site, isolate):
    server, base = serve_in_thread(DIST, port=0, isolate=isolate)
    context = chromium.new_context()
    page = context.new_page()
    outside: list[str] = []
    errors: list[str] = []

    def only_local(route):
        url = route.request.url
        if url.startswith(base) or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_local)
    page.on("pageerror", lambda err: errors.append(f"pageerror: {err}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    try:
        started = time.perf_counter()
        page.goto(base + "static/bare.html")
        page.wait_for_function(
            "() => document.getElementById('ready')?.textContent === 'ready'", timeout=BOOT_TIMEOUT_MS
        )
        seconds = time.perf_counter() - started
        dataset = page.eval_on_selector("#ready", "el => ({...el.dataset})")
        isolated = page.evaluate("globalThis.crossOriginIsolated")
        print(f"bare page ready in {seconds:.2f}s (page clock {dataset.get('ms')} ms, isolate={isolate})")

        assert dataset.get("version"), dataset
        assert isolated is isolate
        assert not outside, f"requests left the local server: {outside}"
        assert not errors, "\n".join(errors)
    except BaseException:
        artifacts = ROOT / "artifacts"
        artifacts.mkdir(exist_ok=True)
        page.screenshot(path=str(artifacts / f"bare-boot-{'isolated' if isolate else 'plain'}.png"))
        raise
    finally:
        context.close()
        server.shutdown()
        server.server_close()
