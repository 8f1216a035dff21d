"""What every test session shares: the built site, one Chromium, the static
server, and the two sizes of the long runs.

- ``site``: ``dist/`` built once per session from the current source
  (``support.webstack.ensure_site``).
- ``chromium``: one Debian Chromium per session, driven by Playwright, never
  a downloaded browser; a test that needs isolation (storage, offline,
  service worker) opens its own context in it (``browsing.Browsing``). It is
  started again if a test left it disconnected (a crashed browser). The
  tests that use it run last: once Playwright's synchronous API has started,
  its event loop runs in the main thread and ``asyncio.run`` (the relay and
  page tests) can no longer be called there. ``make test`` runs the suite in
  two processes (pytest-xdist): each has its own Chromium, server and
  returning player's profile, and its schedule (``--dist loadgroup
  --no-loadscope-reorder``) hands each process its tests in the collected
  order, so there too they run last.
- ``server``: ``netarcade.site.serve`` over the built site on a free loopback port;
  a browser context on it starts as a returning player's unless the test asks
  for a fresh one (``browsing.returning_profile``).
- ``relay_site``: a relay process serving the built site (bots without delay, no creation
  quota), for the browser tests that need the page as the relay serves it (the online line,
  rooms); its contexts start as a returning player's too. The online tests run their own
  (``test_browser_online.py``: another rate limit, in their own process).
- ``--soak``: the long twins run at full size (``make soak``). A test that
  has a long twin takes its size from ``soak.soak_size(fast, full)`` and
  carries the ``soak`` mark; ``make test`` runs it at the fast size, which
  still fails on the same defects. Hypothesis runs its ``soak`` profile (many
  more examples) with ``--soak``, its ``fast`` profile otherwise.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from support import browsing
from support import soak
from support.webstack import CHROMIUM, CHROMIUM_ARGS, DIST, ensure_site, in_ci, skipped_for_a_missing_tool

settings.register_profile("fast", max_examples=100, deadline=None)
settings.register_profile("soak", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])

#: Take-away's folders (tests/core/test_new_game.py declares the game for its tests and withdraws
#: it after): never imported by the doctest collector, which would register it for the
#: whole run (and every test reading ``all_games()`` would meet a game the page lacks)
collect_ignore = ["tinyarcade"]


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true",
                     help="run the long twins at full size (make soak): more kills, games and examples")


def pytest_configure(config):
    soak.ENABLED = bool(config.getoption("--soak"))
    settings.load_profile("soak" if soak.ENABLED else "fast")


#: the ids of the tests whose xdist_group was lost at collection (see below)
_GROUP_LOST = pytest.StashKey[set]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    """The browser tests last, in their collected order (see ``chromium``),
    except that a group of them (``xdist_group``: the online tests, some
    three minutes in one process) comes first among them, so the other
    process spends that time on the short ones instead of waiting at the end.
    Under ``--dist loadgroup`` a test marked ``xdist_group`` must carry its
    group in its id by now (pytest-xdist writes it there when each process
    collects), else the group is ignored without a word: such a test fails."""
    def place(item):
        browser = "chromium" in getattr(item, "fixturenames", ())
        return browser, browser and item.get_closest_marker("xdist_group") is None

    items.sort(key=place)
    config.stash[_GROUP_LOST] = {
        item.nodeid for item in items
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rpartition("::")[2]
    } if getattr(config.option, "loadgroup", False) else set()


def pytest_runtest_setup(item):
    if item.nodeid in item.config.stash.get(_GROUP_LOST, ()):
        pytest.fail("--dist loadgroup ignored this test's xdist_group: this pytest and pytest-xdist "
                    "do not work together (the pin in pyproject.toml)", pytrace=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a test skipped for a missing tool (Node, redis-server, a package) fails: make test
    installs them, so a silent skip there would hide a missing install step."""
    outcome = yield
    report = outcome.get_result()
    if in_ci() and skipped_for_a_missing_tool(report):
        report.outcome = "failed"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """The same for a module skipped as a whole (``importorskip`` at its top)."""
    outcome = yield
    report = outcome.get_result()
    if in_ci() and skipped_for_a_missing_tool(report):
        report.outcome = "failed"


@pytest.fixture(scope="session")
def site():
    return ensure_site()


@pytest.fixture(scope="session")
def _playwright():
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: run `make chromium` (as root) to install Debian's chromium"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def _chromium_holder(_playwright):
    holder = {"browser": None}
    yield holder
    if holder["browser"] is not None and holder["browser"].is_connected():
        holder["browser"].close()


@pytest.fixture
def chromium(_playwright, _chromium_holder):
    """The session's Chromium (launched again if a test left it disconnected)."""
    browser = _chromium_holder["browser"]
    if browser is None or not browser.is_connected():
        browser = _playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        _chromium_holder["browser"] = browser
    return browser


@pytest.fixture(scope="session")
def server(site):
    """The built site served by ``netarcade.site.serve`` on a free loopback port; its base URL."""
    from netarcade.site.serve import serve_in_thread

    httpd, base = serve_in_thread(DIST, port=0)
    browsing.welcome(base)  # its contexts start as a returning player's
    yield base
    browsing.forget(base)
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def relay_site(site, tmp_path_factory):
    """A relay serving the built site (``support.relay_harness.RelayProcess``): a local game's page
    offers "Take it online" there, and rooms can be opened on it."""
    from support.relay_harness import NO_QUOTA, RelayProcess

    relay = RelayProcess(tmp_path_factory.mktemp("relay-site") / "data", "--bot-delay", "0", *NO_QUOTA, site=site)
    browsing.welcome(relay.http + "/")
    yield relay
    browsing.forget(relay.http + "/")
    relay.kill()
