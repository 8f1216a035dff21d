"""The page resumes by itself after a failover (issue 28; docs/relay.md,
"What a player sees"), in Chromium against two real relay processes that
serve the built site and a real ``redis-server``.

Ann creates a Backbone room on one process (its owner), Bob joins by the
link through the other. On Ann's turn Redis is killed, Ann makes a move,
and Redis comes back on its AOF after longer than the lease: the owner
lost the room, so Ann's move is answered ``unavailable``; her page says it
is reconnecting, resumes by itself and shows her turn again; nobody
reloads anything. Then both play on and each page shows the other's moves
(Bob's process subscribes him again wherever the room went).
"""

from __future__ import annotations

import random
import time

import pytest
from support import soak

from support.browsing import browsing, open_setup, wait_ready
from support.browser_online import ROOM_WAIT_MS, dataset, join_by_link, log_texts
from support.browser_players import backbone_turn
from support.relay_harness import RelayProcess
from support.redis_server import REDIS_SERVER, RedisServer

#: a fault run (Redis killed under a live page): in `make soak` only; its fast twins in `make test`
#: are test_web_online's resume on ``unavailable`` and test_relay_failover's outage (docs/testing.md)
pytestmark = [pytest.mark.skipif(REDIS_SERVER is None, reason="redis-server is not installed"),
              pytest.mark.soak,
              pytest.mark.skipif(not soak.ENABLED, reason="a Chromium fault run: make soak runs it")]

#: longer than the lease (2 s): the owner loses the room while Redis is away
OUTAGE_S = 3.0
#: every conn state Ann's page shows, in order (each change's old value: a batch of changes
#: reaches the observer at once, after the last)
RECORD_CONN = """() => {
  window.conns = [];
  new MutationObserver((records) => records.forEach((r) => window.conns.push(r.oldValue)))
    .observe(document.documentElement, {attributes: true, attributeFilter: ['data-conn'], attributeOldValue: true});
}"""


def actions(page) -> int:
    return int(dataset(page, "actions") or 0)


def play_once(page, others, rng) -> None:
    """One decision on ``page`` (its turn), then every page shows it."""
    before = actions(page)
    backbone_turn(page, rng)
    for each in (page, *others):
        each.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > {before}",
                               timeout=30_000)


def test_the_page_resumes_by_itself_when_redis_comes_back(chromium, site, tmp_path):
    redis = RedisServer(tmp_path / "redis")
    owner, other = (RelayProcess(tmp_path / f"data{i}", "--store", redis.url, "--rate", "200", "--burst", "400",
                                 site=site) for i in range(2))
    rng = random.Random(28)
    try:
        with browsing(chromium, "failover-ann", [owner.http + "/"]) as ann_tab, \
                browsing(chromium, "failover-bob", [other.http + "/"]) as bob_tab:
            ann = ann_tab.page()
            ann.goto(owner.http + "/#home", wait_until="domcontentloaded")
            wait_ready(ann)
            ann.wait_for_function("() => document.documentElement.dataset.online === 'yes'", timeout=10_000)
            open_setup(ann, "backbone")
            ann.fill("#player-name", "Ann")
            form = ann.locator("form.newgame[data-game=backbone]")
            form.locator("select[name=seat2]").select_option("human")
            form.locator("button[value=online]").click()
            ann.wait_for_selector("#online-code", timeout=ROOM_WAIT_MS)
            link = ann.input_value("#online-link").replace(owner.http, other.http)
            bob = join_by_link(bob_tab.page(), link, "Bob")
            for page in (ann, bob):
                page.wait_for_function("() => document.getElementById('overlay').hidden", timeout=ROOM_WAIT_MS)
            play_once(ann, [bob], rng)
            ann.wait_for_function("() => document.documentElement.dataset.state === 'human'", timeout=ROOM_WAIT_MS)
            ann.evaluate(RECORD_CONN)
            before = actions(ann)

            redis.kill()
            killed = time.monotonic()
            backbone_turn(ann, rng)  # the owner cannot journal it while Redis is away
            time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - killed)))  # the outage itself
            redis.start()
            try:
                ann.wait_for_function("() => window.conns.includes('reconnecting') && "
                                      "document.documentElement.dataset.conn === 'open' && "
                                      "document.documentElement.dataset.state === 'human'", timeout=30_000)
            except Exception:
                raise AssertionError(f"Ann's page: conns {ann.evaluate('window.conns')}, state "
                                     f"{dataset(ann, 'state')}, actions {actions(ann)} (before {before}), "
                                     f"refused {dataset(ann, 'refused')}; relays: {owner.stderr()[-1500:]} "
                                     f"/ {other.stderr()[-1500:]}") from None
            resumed = time.monotonic() - killed
            assert actions(ann) == before  # the move was refused (unavailable), not lost or doubled
            print(f"Ann's page: {ann.evaluate('window.conns')} and her turn again {resumed:.1f} s after "
                  f"Redis was killed ({OUTAGE_S:g} s outage)")

            # both play on: every move reaches the other page
            while dataset(ann, "state") == "human":
                play_once(ann, [bob], rng)
            bob.wait_for_function("() => document.documentElement.dataset.state === 'human'", timeout=30_000)
            play_once(bob, [ann], rng)
            assert log_texts(ann) == log_texts(bob) and len(log_texts(ann)) == actions(bob) > before
            for tab in (ann_tab, bob_tab):
                tab.check_clean()
    finally:
        for process in (owner, other):
            process.kill()
        redis.kill()
