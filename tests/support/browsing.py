"""What the browser tests share: a browser context that reaches only the
local test servers (``Browsing``), pages whose inputs wait for the engine's
worker to answer (``Settling``), and small readers of the page's state.

Not a test module (no ``test_`` prefix); the fixtures (the built site, one
Chromium, the static server) are in ``conftest.py``. A context starts with
the page's own default bots' pace (normal) unless a test asks for another
(``pace="instant"``: no deliberate pause between bot moves, for the tests
that play whole games).

A context on the session's static server (and on the online tests' relay)
is a returning player's: a copy of
a browser profile that has visited the arcade once (its service worker has
stored the site and Python's memory snapshot, our modules imported in it;
its storage emptied), started as its own Chromium, so Python starts warm
(a third of a start from scratch). ``fresh=True`` gives a first visit (a new
context of the session's Chromium): the tests of the first visit, of
Python's start from scratch, of the offline site and of the policy.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from pathlib import Path

from support.webstack import CHROMIUM, CHROMIUM_ARGS, ROOT

#: how long a page may take to start Python (a safety net: tests wait on the page's ready flag)
BOOT_TIMEOUT_MS = 90_000
#: how long the service worker may take to store the site (a safety net)
STORED_TIMEOUT_MS = 120_000

LONG_TASK_LIMIT_MS = 200
#: no main-thread task while Python starts may be longer (it starts in a worker)
BOOT_TASK_LIMIT_MS = 200
#: a portrait phone: what the phone tests open their pages as
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
BOT_TIMEOUT_MS = 30_000

OBSERVE_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push({start: entry.startTime, duration: entry.duration});
  }
}).observe({type: "longtask", buffered: true});
"""


#: resolves once the page applied the worker's answers to every input sent so far
SETTLED = "window.NA_PAGE ? window.NA_PAGE.settled() : null"
#: what a player does: after each of these the page's worker answers a message later
_INPUTS = {"click", "tap", "press", "fill", "type", "select_option", "check", "uncheck",
           "dispatch_event", "evaluate", "eval_on_selector", "go_back", "focus"}


def settle(page) -> None:
    """Wait until the engine's worker has answered every input the page sent
    (Python runs in a worker: a click's redraw arrives a message later)."""
    try:
        page.evaluate(SETTLED)
    except Exception:  # the page navigated or closed meanwhile: nothing to wait for
        pass


class Settling:
    """A page (or its locator, keyboard, mouse, touchscreen) whose inputs
    wait for the worker's answer, so the next line reads what the player sees."""

    def __init__(self, target, page):
        self._target, self._page = target, page

    @property
    def raw(self):
        """The Playwright object itself (for calls that check its type)."""
        return self._target

    def __eq__(self, other):
        return self._target is (other._target if isinstance(other, Settling) else other)

    def __hash__(self):
        return id(self._target)

    def __getattr__(self, name):
        value = getattr(self._target, name)
        if name in ("keyboard", "mouse", "touchscreen"):
            return Settling(value, self._page)
        if type(value).__name__ == "Locator":  # .first, .last
            return Settling(value, self._page)
        if name in ("locator", "get_by_role", "get_by_text", "nth", "filter") and callable(value):
            return lambda *args, **kwargs: Settling(value(*args, **kwargs), self._page)
        if name in _INPUTS or self._target is not self._page and name in ("down", "up", "insert_text"):
            def run(*args, **kwargs):
                result = value(*args, **kwargs)
                settle(self._page)
                return result
            return run
        return value


#: every refusal by the site's Content-Security-Policy in a page or frame, reported to the test
#: (the engine's worker reports its own on the page's console: static/worker/engine.py)
OBSERVE_POLICY = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.__naPolicyViolation(`${event.effectiveDirective} refused ${event.blockedURI} `
                             + `at ${event.sourceFile}:${event.lineNumber}`);
});
"""


class Browsing:
    """A browser context that only reaches the allowed local origins and
    records what else was asked for, page errors, console errors, requests
    of its pages (and their frames) that failed, and every refusal by the
    Content-Security-Policy the servers send (the tests run with it on:
    Playwright's ``wait_for_function`` gets functions, which it compiles
    once, not expressions, which it would ``eval`` at each poll)."""

    def __init__(self, browser, allowed: list[str], pace: str | None = None, fresh: bool = False,
                 **context_args):
        self.allowed = allowed
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.violations: list[str] = []
        self.failed: list[str] = []  # requests to the allowed origins that failed (net::ERR_ABORTED, ...)
        self.profile: Path | None = None
        warm = None if fresh or not allowed else returning_profile(browser, allowed[0])
        if warm is None:
            self.context = browser.new_context(**context_args)
        else:
            self.profile = Path(tempfile.mkdtemp(prefix="netarcade-profile-")) / "profile"
            shutil.copytree(warm, self.profile, symlinks=True)
            self.context = browser.browser_type.launch_persistent_context(
                str(self.profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, **context_args)
            for blank in self.context.pages:  # a persistent context opens with one
                blank.close()
        self.context.route("**/*", self._route)
        self.context.expose_binding("__naPolicyViolation", lambda source, text: self.violations.append(text))
        self.context.add_init_script(OBSERVE_LONG_TASKS)
        self.context.add_init_script(OBSERVE_POLICY)
        if pace is not None:  # the page's remembered bots' pace (normal, fast, instant)
            self.context.add_init_script(f"localStorage.setItem('netarcade.pace', {pace!r})")
        self.pages = []

    def _route(self, route):
        url = route.request.url
        if url.startswith(("data:", "blob:")) or any(url.startswith(base) for base in self.allowed):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def page(self):
        page = self.context.new_page()
        page.on("pageerror", lambda err: self.errors.append(f"pageerror: {err}"))
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)
        page.on("requestfailed", self._request_failed)
        self.pages.append(page)
        return Settling(page, page)

    def _request_failed(self, request):
        if request.url not in self.outside:  # not one this context aborted itself
            self.failed.append(f"{request.method} {request.url}: {request.failure}")

    def check_clean(self, failed_requests: bool = False):
        """Nothing left the local servers, no page or console error, no refusal
        by the policy; with ``failed_requests``, no request of the page failed
        either (a test of a load that must be clean in the network panel too)."""
        assert not self.outside, f"requests left the local servers: {self.outside}"
        assert not self.errors, "\n".join(self.errors)
        assert not self.violations, "refused by the Content-Security-Policy:\n" + "\n".join(self.violations)
        if failed_requests:
            assert not self.failed, "requests failed:\n" + "\n".join(self.failed)

    def close(self):
        self.context.close()
        if self.profile is not None:
            shutil.rmtree(self.profile.parent, ignore_errors=True)


#: the origins whose contexts start as a returning player's (conftest's ``server``, the
#: online tests' relay), each with its profile once made (None until then)
RETURNING: dict[str, Path | None] = {}


def welcome(origin: str) -> None:
    """Contexts on ``origin`` start as a returning player's from now on."""
    RETURNING[origin] = None


def forget(origin: str) -> None:
    """``origin``'s contexts start fresh again; its profile is deleted."""
    profile = RETURNING.pop(origin, None)
    if profile is not None:
        shutil.rmtree(profile.parent, ignore_errors=True)


def returning_profile(browser, origin: str) -> Path | None:
    """A browser profile that has visited ``origin`` once, made on first use
    (a new Chromium on an empty profile opens the arcade, waits until its
    service worker has stored everything and the page has made Python's
    memory snapshot, then empties the page's storage),
    or None if ``origin`` was not welcomed (``welcome``)."""
    if origin not in RETURNING:
        return None
    if RETURNING[origin] is None:
        profile = Path(tempfile.mkdtemp(prefix="netarcade-returning-")) / "profile"
        context = browser.browser_type.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(origin)
            wait_ready(page)
            wait_stored(page, timeout=BOOT_TIMEOUT_MS)
            wait_warm(page, timeout=BOOT_TIMEOUT_MS)
            page.evaluate("localStorage.clear(); sessionStorage.clear()")
        finally:
            context.close()
        RETURNING[origin] = profile
    return RETURNING[origin]


@contextlib.contextmanager
def browsing(browser, name: str, allowed: list[str], pace: str | None = None, fresh: bool = False,
             **context_args):
    """A ``Browsing`` context for one test (a returning player's on the
    session's server unless ``fresh``); on failure a screenshot of each of
    its pages goes to ``artifacts/``."""
    session = Browsing(browser, allowed, pace, fresh, **context_args)
    try:
        yield session
    except BaseException:
        artifacts = ROOT / "artifacts"
        artifacts.mkdir(exist_ok=True)
        for index, page in enumerate(session.pages):
            with contextlib.suppress(Exception):
                page.screenshot(path=str(artifacts / f"app-{name}-{index}.png"), full_page=True)
        raise
    finally:
        session.close()


#: how often the waits for a state that stays once reached (ready, stored) read the page:
#: Playwright's default reads on every animation frame, which keeps an idle page drawing 60
#: frames a second, on the cores Python is starting on, while it waits
STEADY_POLL_MS = 50


def wait_ready(page):
    page.wait_for_function("() => document.documentElement.dataset.ready === 'play'", timeout=BOOT_TIMEOUT_MS,
                           polling=STEADY_POLL_MS)


def wait_stored(page, timeout: int = STORED_TIMEOUT_MS) -> None:
    """The service worker has stored this version (static/main/offline.py)."""
    page.wait_for_function("() => document.documentElement.dataset.offline === 'stored'", timeout=timeout,
                           polling=STEADY_POLL_MS)


def wait_warm(page, timeout: int = STORED_TIMEOUT_MS) -> str:
    """The page has made the memory snapshot in the browser and heard the service
    worker's answer, or found one kept (static/main/offline.py); returns ``data-warm``."""
    page.wait_for_function("() => /^(stored|not stored|kept)/.test(document.documentElement.dataset.warm || '')",
                           timeout=timeout, polling=STEADY_POLL_MS)
    return page.evaluate("document.documentElement.dataset.warm")


def open_setup(page, game_id: str) -> None:
    """Unfold a game's new-game form on the home screen (folded under "Set up a game")."""
    if page.get_attribute(f"#setup-{game_id}", "open") is None:
        page.click(f"#setup-{game_id} > summary")
    assert page.is_visible(f"#setup-{game_id} form.newgame")


def data(page, name: str) -> str | None:
    return page.evaluate(f"document.documentElement.dataset.{name}")


def wait_state(page, state: str, timeout: int = BOT_TIMEOUT_MS):
    page.wait_for_function(f"() => document.documentElement.dataset.state === {state!r}", timeout=timeout)


def long_tasks_since(page, since_ms: float) -> list[dict]:
    return page.evaluate(f"window.__longTasks.filter(t => t.start >= {since_ms})")


def tasks_while_bots_think(page, tasks: list[dict]) -> list[dict]:
    """Long tasks (over the limit) that overlap a window in which a bot was
    thinking, as the page records them in ``data-bot-windows``."""
    import json

    windows = json.loads(data(page, "botWindows") or "[]")
    assert windows, "the page recorded no bot thinking"
    return [
        t for t in tasks
        if t["duration"] > LONG_TASK_LIMIT_MS
        and any(t["start"] < end and t["start"] + t["duration"] > start for start, end in windows)
    ]


def report_slow_tasks(slow: list[dict]) -> None:
    """Print, never assert: wall-clock limits belong to ``make bench``, not to
    tests on a shared, noisy machine (a loaded CI box stretches every task)."""
    if slow:
        print(f"long tasks over {LONG_TASK_LIMIT_MS} ms while a bot thought "
              f"(a figure for make bench, not a failure): {slow}")


@contextlib.contextmanager
def another_site(folder):
    """``folder`` served on another origin (another port) by the standard
    library's server: a plain site with none of our headers."""
    import functools
    import http.server
    import threading

    class Plain(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - quiet
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Plain, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
