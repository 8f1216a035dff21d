"""Online play in Chromium through a real relay serving the built site.

Net Control (a whole game under ``make soak``; in ``make test`` until Bob
has played again after reopening his page): Ann creates a room from the
home screen's form ("Take it online": Ann, a second human, a greedy bot);
Bob opens the shared link in another browser context, gives his name and
joins; Ann starts; both play by clicks on the lit targets (and the buttons
the table offers); Bob's page is closed mid-game and reopened from the link
and carries on; a third context watches and follows every move; at the end
(``make soak``) every page shows "dice verified". The relay runs with a
short clock so an idle moment falls to the clock.

On a phone: the home screen the relay serves holds the name box from the
first paint (the game cards do not move when Python is up), and a Breach
room taken online from the bottom of the home screen opens at its top on
both pages once the second player joins.

Backbone, Overwrite and Breach, one after the other in the same two pages:
Ann takes a two-seat game online, Bob joins by the link, each makes moves by
clicks (the local tests' players), and both pages' logs show both players'
moves in the game's notation; Bob resigns, Ann goes home for the next game
and Bob opens its link in the page of the room that ended. No request
leaves 127.0.0.1.
"""

from __future__ import annotations

import random
import time

import pytest

from support import browsing as browsing_
from support import soak
from support.browsing import PHONE, browsing, open_setup, wait_ready
from support.soak import soak_size
from support.browser_online import ROOM_WAIT_MS, dataset, join_by_link, log_texts
from support.browser_players import backbone_turn, decide as breach_decide, my_turn as overwrite_turn
from support.relay_harness import NO_QUOTA, RelayProcess

from netarcade.games import get_game

#: one process runs this file's tests (make test's two share no relay): the relay and its
#: returning player's profile are made once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("online")]

#: a safety bound for the game's loop (it is bounded in clicks too)
GAME_SECONDS = 420
#: Bob closes and reopens his page after this many clicks of the two players
REOPEN_AT = 12
#: make test: the clicks after the reopen (it stops once Bob has acted twice);
#: make soak: the whole game, to "dice verified" on every page
CLICKS_AFTER_REOPEN, FULL_GAME_CLICKS = 40, 2000


@pytest.fixture(scope="module")
def relay_site(site, tmp_path_factory):
    """One relay serving the site for this file's tests (each opens its own
    rooms; no creation quota, as every room comes from one address), and its
    origin welcomed: the pages start as a returning player's, the profile
    made by a first visit through this relay."""
    # bots move at once (--bot-delay 0): the pause is a player's comfort, not what these tests check
    relay = RelayProcess(tmp_path_factory.mktemp("online") / "data", "--rate", "200", "--burst", "400",
                         "--bot-delay", "0", *NO_QUOTA, site=site)
    browsing_.welcome(relay.http + "/")
    yield relay
    browsing_.forget(relay.http + "/")
    relay.kill()


def act_once(page, rng) -> bool:
    """One click for the human on this page when it must decide: a lit board
    target, else an enabled action button (roll, discard pick, end)."""
    return page.evaluate(
        """(seed) => {
          const board = [...document.querySelectorAll('#board [data-action]')];
          const pick = (xs) => xs[seed % xs.length];
          const fire = (el) => { el.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true; };
          const chooser = [...document.querySelectorAll('[data-cmd="pick"]:not([disabled]):not([aria-disabled])')];
          if (chooser.length) return fire(pick(chooser));
          if (board.length) return fire(pick(board));
          for (const cmd of ['roll', 'end']) {
            const b = document.querySelector(`[data-cmd="${cmd}"]:not([disabled]):not([aria-disabled])`);
            if (b) return fire(b);
          }
          return false;
        }""", rng.randrange(1 << 30))


@pytest.mark.soak
def test_online_net_control_two_players_a_bot_a_spectator(chromium, relay_site, tmp_path):
    base = relay_site.http + "/"
    rng = random.Random(11)
    with browsing(chromium, "online-ann", [base]) as ann_tab, \
            browsing(chromium, "online-bob", [base]) as bob_tab, \
            browsing(chromium, "online-eve", [base]) as eve_tab:
        ann = ann_tab.page()
        ann.goto(base + "#home", wait_until="domcontentloaded")
        wait_ready(ann)
        ann.wait_for_function("() => document.documentElement.dataset.online === 'yes'", timeout=10_000)
        form = ann.locator("form.newgame[data-game=netcontrol]")
        open_setup(ann, "netcontrol")
        ann.fill("#player-name", "Ann")
        form.locator("input[name=target]").fill("4")
        form.locator("select[name=seat2]").select_option("human")
        form.locator("select[name=seat3]").select_option("greedy")
        form.locator("button[value=online]").click()
        ann.wait_for_selector("#online-code", timeout=ROOM_WAIT_MS)
        code = ann.text_content("#online-code").strip()
        link = ann.input_value("#online-link")
        assert link.endswith("#online=" + code)
        ann.screenshot(path=str(tmp_path / "lobby.png"))

        bob = join_by_link(bob_tab.page(), link, "Bob")
        # every human seat is taken: the relay starts the game (else Start would)
        ann.wait_for_function("() => document.getElementById('online').textContent.includes('Bob')", timeout=ROOM_WAIT_MS)

        eve = eve_tab.page()
        eve.goto(link, wait_until="domcontentloaded")
        wait_ready(eve)
        eve.wait_for_function("() => document.documentElement.dataset.conn === 'open' && "
                              "document.getElementById('online').textContent.includes('watching')", timeout=ROOM_WAIT_MS)

        if ann.locator('[data-cmd="online-start"]:visible').count():
            ann.click('[data-cmd="online-start"]')
        for page in (ann, bob):
            page.wait_for_function("() => document.getElementById('overlay').hidden", timeout=ROOM_WAIT_MS)
        ann.screenshot(path=str(tmp_path / "started.png"))

        # the players click until the game ends (make soak) or, in make test, until Bob has
        # acted again after reopening his page (the end's "dice verified" is also checked on
        # CPython: tests/web/test_web_online.py); bounded in clicks and in time
        clicks_limit = soak_size(CLICKS_AFTER_REOPEN, FULL_GAME_CLICKS)
        deadline = time.monotonic() + GAME_SECONDS
        reopened = False
        clicks = bob_since_reopen = 0
        players = {"ann": ann, "bob": bob}
        while time.monotonic() < deadline and clicks < REOPEN_AT + clicks_limit:
            if dataset(ann, "verified") and dataset(players["bob"], "verified"):
                break
            if not soak.ENABLED and bob_since_reopen >= 2:
                break
            acted = False
            for name, page in list(players.items()):
                if dataset(page, "state") == "human" and act_once(page, rng):
                    acted = True
                    clicks += 1
                    bob_since_reopen += name == "bob" and reopened
                    page.wait_for_timeout(60)
            if clicks > REOPEN_AT and not reopened:
                # Bob closes his tab and opens the link again: his seat comes back
                bob_tab.pages.remove(players["bob"])
                players["bob"].close()
                bob = bob_tab.page()
                bob.goto(link, wait_until="domcontentloaded")
                wait_ready(bob)
                bob.wait_for_function("() => document.documentElement.dataset.conn === 'open'", timeout=ROOM_WAIT_MS)
                bob.wait_for_function("() => document.getElementById('board').querySelector('svg')", timeout=ROOM_WAIT_MS)
                # his seat, once the relay's view of the room has reached the page (a frame
                # reaches the worker, its redraw the page a message later)
                bob.wait_for_function("() => document.getElementById('online').textContent.includes('You')",
                                      timeout=ROOM_WAIT_MS)
                assert bob.locator("form.joinseat").count() == 0
                players["bob"] = bob
                reopened = True
            if not acted:
                ann.wait_for_timeout(150)
        assert reopened, f"the online game ended before Bob reopened his page ({clicks} clicks)"
        if not soak.ENABLED:
            assert bob_since_reopen >= 2, f"Bob's reopened page did not play ({clicks} clicks)"
            # the spectator's page follows the game: it reaches the players' number of moves
            moves = int(dataset(ann, "actions"))
            assert moves > REOPEN_AT
            eve.wait_for_function("(n) => Number(document.documentElement.dataset.actions) >= n", arg=moves,
                                  timeout=30_000)
            ann.screenshot(path=str(tmp_path / "mid-game.png"))
        else:
            if not (dataset(ann, "verified") and dataset(players["bob"], "verified")):
                ann.screenshot(path=str(tmp_path / "timeout.png"))
                raise AssertionError(f"the online game did not finish ({clicks} clicks)")
            for page in (ann, players["bob"], eve):
                page.wait_for_function("() => document.documentElement.dataset.verified === 'yes'", timeout=30_000)
                assert "dice verified" in page.text_content("#online")
            final = ann.evaluate("location.hash")
            assert final.startswith("#play=netcontrol&seats=human,human,greedy&r=")
            assert "dice verified" in ann.text_content("#overlay")
            ann.screenshot(path=str(tmp_path / "over.png"))
        for tab in (ann_tab, bob_tab, eve_tab):
            tab.check_clean()


# --- Backbone, Overwrite and Breach online: two people, some moves each ------------------

#: decisions each of the two players takes through its page (the test stops
#: there); Breach's first ones (run, move, speed, keep) name no argument
MOVES_EACH = {"backbone": 4, "overwrite": 4, "breach": 8}
TITLE_SECONDS = 240


TURNS = {
    "backbone": backbone_turn,
    "overwrite": lambda page, rng: overwrite_turn(page, ["skip the refused-cell check"]),
    "breach": lambda page, rng: breach_decide(page),
}


def test_two_people_play_online(chromium, relay_site):
    """For Backbone, Overwrite and Breach in turn, in the same two pages: Ann
    takes a two-seat game online from the home form, Bob joins by the link;
    each makes moves by clicks on his own page; both logs show both players'
    moves in the game's notation, the same on both pages. Then Bob resigns
    from his page (B27, O25, D24): both pages show the game over. Ann then
    goes back to the home screen for the next game, and Bob opens its link
    in the page of the room that just ended (one start of Python per page)."""
    base = relay_site.http + "/"
    with browsing(chromium, "online-ann", [base]) as ann_tab, browsing(chromium, "online-bob", [base]) as bob_tab:
        ann, bob = ann_tab.page(), bob_tab.page()
        for game_id in ("backbone", "overwrite", "breach"):
            play_a_room(ann, bob, base, game_id)
        for tab in (ann_tab, bob_tab):
            tab.check_clean()


def play_a_room(ann, bob, base: str, game_id: str) -> None:
    """One room of ``test_two_people_play_online``, from Ann's home screen to the game over."""
    rng = random.Random(game_id)
    ann.goto(base + "#home", wait_until="domcontentloaded")
    wait_ready(ann)
    ann.wait_for_function("() => document.documentElement.dataset.view === 'home'", timeout=ROOM_WAIT_MS)
    ann.wait_for_function("() => document.documentElement.dataset.online === 'yes'", timeout=10_000)
    form = ann.locator(f"form.newgame[data-game={game_id}]")
    open_setup(ann, game_id)
    ann.fill("#player-name", "Ann")
    if form.locator("input[name=players]").count():
        form.locator("input[name=players]").fill("2")
        form.locator("input[name=players]").dispatch_event("input")
    form.locator("select[name=seat2]").select_option("human")
    form.locator("button[value=online]").click()
    ann.wait_for_selector("#online-code", timeout=ROOM_WAIT_MS)
    link = ann.input_value("#online-link")

    join_by_link(bob, link, "Bob")
    # no deal is over before the first move: an Overwrite System Fail drawn
    # before any piece is on the board goes back (O26, the default rules edition)
    for page in (ann, bob):
        page.wait_for_function("() => document.getElementById('overlay').hidden", timeout=ROOM_WAIT_MS)
        assert dataset(page, "game") == game_id and dataset(page, "state") != "over"

    moves = {"ann": 0, "bob": 0}
    players = {"ann": ann, "bob": bob}
    deadline = time.monotonic() + TITLE_SECONDS
    wanted = MOVES_EACH[game_id]
    while min(moves.values()) < wanted and time.monotonic() < deadline:
        if dataset(ann, "state") == "over":
            break  # an Overwrite game may end early (the System Fail drawn once a piece is down, O19)
        acted = False
        for name, page in players.items():
            # every decision a page is asked for is taken (one left to the relay's
            # 90 s clock once held Breach for as long)
            if dataset(page, "state") == "human":
                before = int(dataset(page, "actions") or 0)
                TURNS[game_id](page, rng)
                moves[name] += 1
                acted = True
                # the relay's answer: this page's move is in its log
                page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > {before}"
                                       " || document.documentElement.dataset.refused", timeout=ROOM_WAIT_MS)
        if not acted:
            ann.wait_for_timeout(100)
    over = dataset(ann, "state") == "over"
    # an Overwrite game may end at its first draw after a placement (O19): then one
    # player may have had no decision of its own (the draw is automatic, O8)
    assert (sum(moves.values()) >= 1 if over else min(moves.values()) >= wanted), \
        f"{game_id}: only {moves} moves in {TITLE_SECONDS} s"

    # both pages show the same moves, each in the game's own notation, both seats' included
    game = get_game(game_id)
    done = max(int(dataset(page, "actions") or 0) for page in (ann, bob))
    assert done >= (1 if over else 2)
    for page in (ann, bob):
        page.wait_for_function(f"() => document.querySelectorAll('#log li code').length >= {done}", timeout=ROOM_WAIT_MS)
    texts = {name: log_texts(page) for name, page in players.items()}
    assert texts["ann"] == texts["bob"]
    for text in texts["ann"]:
        game.parse_action(text)  # notation (a summary of events would not parse)
    seats = {text.split()[0] for text in texts["ann"]}
    assert seats == {"p1", "p2"} or over and seats, seats
    assert any(len(text.split()) > 2 for text in texts["bob"] if text.startswith("p1 ")) or over, texts["bob"]
    if over:  # the game ended early (O19): both pages say so
        bob.wait_for_function("() => document.documentElement.dataset.state === 'over'", timeout=ROOM_WAIT_MS)
        assert ann.is_visible("#overlay") and bob.is_visible("#overlay")
    else:  # Bob resigns through his page: the card says it is final online, both pages end
        bob.wait_for_function("() => !document.getElementById('resign').hidden", timeout=ROOM_WAIT_MS)
        bob.click("#resign")
        assert "Online it is final" in bob.text_content("#overlay .resign-card")
        bob.click("#overlay [data-cmd=resign-yes]")
        for page in (ann, bob):
            page.wait_for_function("() => document.documentElement.dataset.state === 'over'", timeout=ROOM_WAIT_MS)
            page.wait_for_function("() => document.getElementById('overlay').textContent.includes('dice verified')",
                                   timeout=30_000)
        assert log_texts(ann)[-1] == "p2 resign"


def test_take_a_local_backbone_game_online(chromium, relay_site):
    """Ann plays a local Backbone game against the bot, one Router in, and
    takes it online from the bar above the board: the room carries on at the
    same position (the bot's seat is now Bob's); Bob joins by the link and
    sees Ann's Router in his log; Ann's next move reaches Bob's page."""
    base = relay_site.http + "/"
    with browsing(chromium, "take-ann", [base]) as ann_tab, browsing(chromium, "take-bob", [base]) as bob_tab:
        ann = ann_tab.page()
        ann.goto(base + "#play=backbone&seats=human,greedy&seed=31", wait_until="domcontentloaded")
        wait_ready(ann)
        ann.wait_for_function("() => document.documentElement.dataset.online === 'yes'", timeout=10_000)
        ann.click("#hex-b2")  # Router is the tool a turn starts with
        ann.wait_for_function("() => document.documentElement.dataset.actions === '1'", timeout=10_000)
        ann.wait_for_selector('#online [data-cmd="online-take"]', timeout=10_000)
        assert "carries on" in ann.text_content("#online")
        ann.click('#online [data-cmd="online-take"]')
        ann.wait_for_selector("#online-code", timeout=ROOM_WAIT_MS)
        assert "carries on here from move 1" in ann.text_content("#overlay")
        link = ann.input_value("#online-link")

        bob = join_by_link(bob_tab.page(), link, "Bob")
        for page in (ann, bob):
            page.wait_for_function("() => document.getElementById('overlay').hidden", timeout=ROOM_WAIT_MS)
            assert log_texts(page) == ["p1 router b2"]
        assert dataset(ann, "state") == "human" and dataset(bob, "state") != "human"
        ann.click("#hex-c2")
        bob.wait_for_function("() => document.querySelectorAll('#log li code').length === 2", timeout=ROOM_WAIT_MS)
        assert log_texts(bob) == ["p1 router b2", "p1 router c2"]
        bob.wait_for_function("() => document.documentElement.dataset.state === 'human'", timeout=ROOM_WAIT_MS)
        assert 'data-cmd="online-take"' not in bob.inner_html("#online")
        for tab in (ann_tab, bob_tab):
            tab.check_clean()


def in_view(page, selector: str) -> bool:
    """Whether ``selector`` is inside the viewport (not scrolled away)."""
    return page.evaluate(f"""(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }})()""")


def test_a_phone_s_home_screen_holds_still_and_a_room_opens_at_its_top(chromium, relay_site):
    """Issue 26, items 8 and 2: the name box is laid out from the first
    paint (it appeared above the cards seconds later and pushed them down);
    a Breach room taken online from its form (low on the home screen)
    shows both players its status line, not the page scrolled to where
    the form was."""
    base = relay_site.http + "/"
    with browsing(chromium, "still-ann", [base], **PHONE) as ann_tab, \
            browsing(chromium, "still-bob", [base], **PHONE) as bob_tab:
        ann = ann_tab.page()
        ann.goto(base + "#home", wait_until="domcontentloaded")
        first = ann.locator("#game-backbone").bounding_box()
        wait_ready(ann)
        ann.wait_for_function("() => document.documentElement.dataset.online === 'yes'", timeout=10_000)
        assert ann.is_visible("#player-name")
        assert ann.locator("#game-backbone").bounding_box() == first
        # issue 39, item 15: one name field on the home screen (Join had a second "Your name"):
        # the Join form asks the code alone and says whose name it uses
        names = ann.evaluate("""[...document.querySelectorAll('#view-home input')].filter(i => i.getClientRects().length
            && /name/i.test(i.labels[0] ? i.labels[0].textContent : i.name)).map(i => i.id)""")
        assert names == ["player-name"], names
        assert ann.evaluate("[...document.querySelectorAll('form.joinroom input')].map(i => i.id)") == ["join-code"]
        assert "your name for online games" in ann.inner_text("form.joinroom").lower()
        # the Join form's labels stand over their inputs (issue 26 item 10: they touched them)
        for field in ("join-code",):
            label = ann.locator(f"label[for={field}]").bounding_box()
            box = ann.locator(f"#{field}").bounding_box()
            assert label["y"] + label["height"] <= box["y"], (field, label, box)

        open_setup(ann, "breach")
        ann.fill("#player-name", "Ann")
        form = ann.locator("form.newgame[data-game=breach]")
        form.locator("input[name=players]").fill("2")
        form.locator("input[name=players]").dispatch_event("input")
        form.locator("select[name=seat2]").select_option("human")
        form.locator("button[value=online]").click()
        ann.wait_for_selector("#online-code", timeout=ROOM_WAIT_MS)
        bob = join_by_link(bob_tab.page(), ann.input_value("#online-link"), "Bob")
        for page in (ann, bob):
            page.wait_for_function("() => document.getElementById('overlay').hidden", timeout=ROOM_WAIT_MS)
            assert in_view(page, "#status"), page.evaluate("scrollY")
        for tab in (ann_tab, bob_tab):
            tab.check_clean()
