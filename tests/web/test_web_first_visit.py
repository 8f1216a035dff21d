"""A first visit (issue 13), DOM-free on CPython: the bare address is the
home screen (every game with its goal and a "Play now" that opens it against
search bots), links and embeds still go straight to their game, and a
returning player finds "Back to your game" leading to the last unfinished
local game. Also the short "Take it online" line above a local game.

The same in Chromium, with what a player does before Python is up:
``tests/browser/test_browser_first_visit.py``.
"""

from __future__ import annotations

import re

from support.page import controller, drop_tasks
from support.page import Remembering

from netarcade.web.online import lobby
from netarcade.web import views
from netarcade.web.controller import LAST_SETTING, Controller
from netarcade.web.pages import all_pages, is_playable
from netarcade.web.session import Session, new_setup


def test_the_bare_address_is_the_home_screen_and_starts_nothing():
    control, screen = controller()
    control.route("")
    assert screen.calls == [("show", "home")]
    assert control.table is None and screen.links == [] and screen.tasks == []


def test_links_and_embeds_still_go_straight_to_their_game():
    control, screen = controller()
    control.route("play=netcontrol&seats=human,greedy&seed=3")
    assert control.page.id == "netcontrol" and ("show", "game") in screen.calls
    demo, demo_screen = controller(embed=True)
    demo.route("")
    drop_tasks(demo_screen)
    assert demo.demo and demo.page.id == "backbone"  # an embed plays the demo, it never shows home


def test_every_game_on_the_home_screen_has_its_goal_and_a_play_now_that_opens_it():
    html = views.home()
    playable = [page for page in all_pages() if is_playable(page.id)]
    assert len(playable) == 4
    for page in playable:
        card = html[html.index(f'id="game-{page.id}"'):]
        card = card[:card.index("</article>")]
        assert page.goal and f"<b>Goal:</b> {page.goal}".replace("'", "&#39;") in card
        assert len(page.goal) <= 110, page.id  # one line
        links = re.findall(r'<a href="#([^"]+)" class="button primary play-now"', card)
        assert links == [f"play={page.id}"]
        session = Session.from_link(links[0])  # what the link opens once Python is up
        assert session.setup.game == page.id
        assert session.setup.seats[0] == "human" and set(session.setup.seats[1:]) == {"search"}
        rivals = len(session.setup.seats) - 1
        assert ("the search bot" if rivals == 1 else f"{rivals} search bots") in card
        assert card.index("play-now") < card.index("<form")  # before the form's options


def test_a_returning_player_is_offered_the_last_unfinished_local_game():
    store: dict = {}
    control = Controller(Remembering(store))
    assert control.resume_link() is None  # a first visit: nothing to go back to
    control.route("play=backbone&seats=human,greedy&seed=4")
    control.click("b2")
    link = control.session.link()
    assert store[LAST_SETTING] == link and "r=" in link
    later = Controller(Remembering(store))  # another visit, same browser
    later.route("")
    assert later.table is None and later.resume_link() == link
    assert views.resume_label(link) == "Back to your Backbone game"
    assert views.resume_label("online=K7Q2MX") == "Back to your game"


def test_a_finished_game_an_embed_and_a_demo_are_not_kept():
    store: dict = {}
    control = Controller(Remembering(store))
    control.route("play=backbone&seats=human,greedy&seed=4")
    assert store[LAST_SETTING] == control.session.link()
    control.command("resign")
    control.command("resign-yes")  # a Backbone duel ends at once (B27)
    assert control.session.over and store[LAST_SETTING] == ""  # over: nothing to go back to
    assert Controller(Remembering(store)).resume_link() is None
    framed = Controller(Remembering(store), embed=True)
    framed.route("play=backbone&seats=human,greedy&seed=4")
    framed.click("b2")
    drop_tasks(framed.screen)
    assert store[LAST_SETTING] == "" and framed.resume_link() is not None  # its own game, not kept
    demo = Controller(Remembering(store), embed=True)
    demo.route("")
    drop_tasks(demo.screen)
    assert demo.resume_link() is None and store[LAST_SETTING] == ""


def test_take_it_online_is_one_short_line_with_the_explanation_behind_it():
    for game, how in (("backbone", "carries on from this move"), ("netcontrol", "fresh deal")):
        session = Session(new_setup(game, {}, 3, None))
        html = lobby.take_html(session)
        details = re.search(r"<details[^>]*>(.*)</details>", html).group(1)
        summary = re.search(r"<summary>(.*?)</summary>", details).group(1)
        on_the_line = html.replace(details, "")  # what shows before anyone opens the explanation
        text = re.sub(r"<[^>]+>", "", on_the_line) + summary
        assert len(text) <= 40, text
        assert how in details and 'aria-describedby="take-why"' in html and 'id="take-why"' in details


def test_no_jargon_reaches_the_home_screen_or_the_cards():
    """Issue 39, item 13: Net Control's home card showed "co ba fi sc me" with no legend,
    and Breach's Exploits said "(edition 1: or tied)"."""
    html = views.home()
    card = html[html.index('id="game-netcontrol"'):]
    card = card[:card.index("</article>")]
    for code, name in (("co", "compute"), ("ba", "bandwidth"), ("fi", "firewall"), ("sc", "scanner"),
                       ("me", "memory")):
        assert re.search(rf"<b>{code}</b> <span class=\"rname\">{name}</span>", card), code
    from netarcade.web.games.breach import views as breach_views
    from netarcade.web.games.breach.table import BreachTable

    for rules, words in ((3, "a player ahead of you"), (1, "a player at or ahead of you")):
        session = Session(new_setup("breach", {"rules": rules}, seed=3, seats=("human", "greedy")))
        panels = "".join(breach_views.panels(BreachTable(session)).values())  # the hand and the deck
        assert "edition" not in panels, rules
        assert f"target: {words};" in panels, rules


def test_the_home_screen_has_one_name_field_and_join_uses_it():
    """Issue 39, item 15: "Your name for online games" and Join's own "Your name" were two."""
    from support.page import start

    html = views.home()
    assert html.count('autocomplete="nickname"') == 1 and 'id="player-name"' in html
    join = html[html.index('id="join-online"'):]
    assert "<input" in join and 'name="name"' not in join[:join.index("</section>")]
    app, _ = start("#home")
    app.handle({"kind": "submit", "form": "joinroom", "seq": 2, "values": {"code": "k7q2mx"}, "name": " Bob "})
    assert app.control.remote is not None and app.control.remote._join_name == "Bob"
