"""The site's Content-Security-Policy in Chromium: it is on (the servers'
header and the built pages' ``<meta>``), Python starts under it, it refuses
what it is there to refuse, in the page and in the engine's worker, and the
browser tests see every refusal (``test_browser_app.Browsing`` reports them:
here is the proof that it would). Framing: another site may frame the
embed, not the full arcade.

Debian's Chromium via Playwright (``test_browser_boot``'s fixtures); every
request not to a local server is refused and recorded.
"""

from __future__ import annotations

import pytest

from netarcade.site.rules import content_security_policy

from support.browsing import another_site, browsing, wait_ready

pytestmark = pytest.mark.browser

#: runs after the evaluation that called it, as an attacker's string would (Playwright's own
#: evaluation may eval synchronously: DevTools is allowed to)
LATER = "() => new Promise((done) => setTimeout(() => {{ try {{ {code}; done('ran'); }} catch (err) {{ done(err.name); }} }}))"


def test_the_policy_is_on_python_starts_under_it_and_refusals_are_reported(chromium, server):
    with browsing(chromium, "policy", [server], fresh=True, viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        answer = page.goto(server + "#play=backbone")
        assert answer.headers["content-security-policy"] == content_security_policy("index.html")
        meta = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
        assert meta == content_security_policy("index.html", meta=True)
        wait_ready(page)  # Pyodide compiled its WebAssembly in the worker under the same policy
        tab.check_clean()  # and nothing of ours was refused on the way

        # an injected inline script does not run, and the refusal reaches the test
        refused = page.evaluate("""() => new Promise((done) => {
            document.addEventListener("securitypolicyviolation", (e) => done(e.effectiveDirective), {once: true});
            const script = document.createElement("script");
            script.textContent = "window.__injected = true";
            document.body.append(script);
        })""")
        assert refused == "script-src-elem"
        assert page.evaluate("() => window.__injected") is None
        # PyScript compiles its hooks with Function(): the arcade's page allows eval (and only
        # the pages that run PyScript do: site.rules.EVAL_PAGES); a fetch elsewhere stays refused
        assert page.evaluate(LATER.format(code="eval('1')")) == "ran"
        elsewhere = page.evaluate("""() => new Promise((done) => {
            document.addEventListener("securitypolicyviolation", (e) => done(e.effectiveDirective), {once: true});
            fetch("http://localhost:9/elsewhere").catch(() => {});
        })""")
        assert elsewhere == "connect-src"
        page.evaluate("() => 0")  # one more round trip: the reports before it have arrived
        assert any(v.startswith("script-src-elem refused inline") for v in tab.violations), tab.violations
        assert any(v.startswith("connect-src refused") for v in tab.violations), tab.violations

        # the engine's worker (PyScript's, from a blob: URL) runs under the page's policy too,
        # and says so on the page's console
        worker = next(w for w in page.workers if w.url.startswith("blob:"))
        with page.expect_console_message(lambda m: "refused by the site's policy: connect-src" in m.text):
            worker.evaluate("() => fetch('http://localhost:9/elsewhere').catch(() => 'refused')")


FRAMES = """<!doctype html>
<html><head><meta charset="utf-8"><title>a site framing the arcade</title></head><body>
<iframe id="embed" src="{server}?embed" title="the embed"></iframe>
<iframe id="arcade" src="{server}" title="the whole arcade"></iframe>
</body></html>
"""


def test_another_site_may_frame_the_embed_but_not_the_arcade(chromium, server, tmp_path):
    (tmp_path / "frames.html").write_text(FRAMES.format(server=server), encoding="utf-8")
    with another_site(tmp_path) as host, browsing(chromium, "frames", [server, host], fresh=True) as tab:
        page = tab.page()
        with page.expect_console_message(lambda m: "frame-ancestors 'self'" in m.text):
            page.goto(host + "frames.html")
        embed = page.frame_locator("#embed")
        assert embed.locator("#board svg").count() == 1  # our page, with its pre-rendered board
        arcade = page.frame_locator("#arcade")
        assert arcade.locator("#board").count() == 0  # refused: the browser's error page instead
        assert not tab.outside
