"""A fresh load is clean in the browser's console and network panel (issue 39).

A first visit to the bare address, then a game from its Play now, and the
embed opened on its own: no request of the page fails (before this, every
load logged a failed request for the site's root: the boot script's HEAD
asking whether the relay serves the page was left unread, and Chromium
cancelled it, ``net::ERR_ABORTED``), no console or page error, nothing
refused by the policy, no request leaves the local server. The service
worker's storing of the site counts too: the test waits until it is done.
"""

from __future__ import annotations

import pytest

from support.browsing import browsing, data, wait_ready, wait_state, wait_stored

pytestmark = pytest.mark.browser


def test_a_fresh_load_fails_no_request_and_logs_no_error(chromium, server):
    with browsing(chromium, "clean-load", [server], fresh=True, viewport={"width": 1280, "height": 800}) as tab:
        page = tab.page()
        page.goto(server)
        wait_ready(page)
        assert data(page, "view") == "home"
        wait_stored(page)  # the service worker has fetched and stored the whole site
        page.click("#game-backbone a.play-now")
        wait_state(page, "human")
        embed = tab.page()
        embed.goto(server + "?embed")
        wait_ready(embed)
        tab.check_clean(failed_requests=True)
