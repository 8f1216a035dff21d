"""Rules at a glance (web/glance.py) on CPython: every game's card is a real
position that replays through Match, every callout names something the
picture shows there, the card says the goal and a turn and keeps the long
rules one click away, the home screen and the rules panel lead to it, the
controller and the app open it without touching the game in progress, a
bad id is refused with a sentence, and opening one card imports no other
game's page."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from netarcade.core import Match
from netarcade.games import get_game
from netarcade.games.registry import page_packages
from netarcade.web.render.svg import escape
from netarcade.web import glance, views
from netarcade.web.pages import page_for
from support.page import ops, start
from support.page import Recorder, controller

GAMES = [game_id for game_id in page_packages() if glance.glance_for(game_id) is not None]
ROOT = Path(__file__).resolve().parents[2]


class GlanceRecorder(Recorder):
    def glance(self, game_id, message=""):
        self.calls.append(("glance", game_id, message))


def element_names(svg: str, name: str) -> str:
    """The accessible name (aria-label, else title) of the element ``data-name=name``."""
    tag = re.search(r'<[^>]*\bdata-name="%s"[^>]*>' % re.escape(name), svg)
    assert tag is not None, f"{name} is not in the picture"
    label = re.search(r'aria-label="([^"]*)"', tag.group(0))
    return html.unescape(label.group(1)) if label else ""


def test_every_game_of_the_arcade_has_a_card():
    assert GAMES == list(page_packages()) and len(GAMES) == 4


@pytest.mark.parametrize("game_id", GAMES)
def test_each_card_is_a_position_that_replays_through_match(game_id):
    card = glance.glance_for(game_id)
    game = get_game(game_id)
    match = Match(game, card.options, card.seed)
    for text in card.actions:  # every move checked by the engine, from the seat that makes it
        match.submit(game.parse_action(text).seat, text)
    assert not match.over, "a card shows a game in play"
    again = Match.from_record(game, match.record())
    assert again.actions == list(card.actions) and again.digest() == match.digest()
    assert glance.position(card).match.digest() == match.digest()  # the picture's position is that one


@pytest.mark.parametrize("game_id", GAMES)
def test_every_label_names_something_present_in_the_picture(game_id):
    card = glance.glance_for(game_id)
    drawn = page_for(game_id).picture(glance.position(card))
    assert 3 <= len(card.labels) <= 8 and card.goal and card.turn and card.caption
    for label in card.labels:
        said = element_names(drawn, label.name)
        assert label.piece.lower() in said.lower(), (label, said)
    # every label has its numbered mark in the picture, each at its own place
    with_marks = glance.picture(card)
    marks = re.findall(r'<g class="gl-mark" data-callout="(\d+)"><circle cx="([\d.]+)" cy="([\d.]+)"', with_marks)
    assert [int(number) for number, _, _ in marks] == list(range(1, len(card.labels) + 1))
    assert len({(x, y) for _, x, y in marks}) == len(marks)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_says_goal_turn_and_legend_and_keeps_the_full_rules_one_click_away(game_id):
    card, page = glance.glance_for(game_id), page_for(game_id)
    text = glance.card(game_id)
    assert f'<h2 id="glance-title" tabindex="-1">{html.escape(page.title)} at a glance</h2>' in text
    assert escape(card.goal) in text and escape(card.turn) in text
    # the picture is one image for a screen reader, named by the caption; the legend is text
    assert f'role="img" aria-label="{escape(card.caption)}"' in text
    legend = re.findall(r'<li data-callout="(\d+)">.*?<b>([^<]*)</b>', text)
    assert [(int(n), html.unescape(piece)) for n, piece in legend] == [
        (number, label.piece) for number, label in enumerate(card.labels, start=1)]
    # the long rules: folded in the card, the same text as the game's rules panel
    assert '<details class="glance-rules" id="glance-rules">' in text and page.rules() in text
    assert page.rules() in page.side()
    assert f'href="#play={game_id}"' in text and 'href="#home"' in text


def test_a_tall_picture_for_a_portrait_screen_and_the_way_back_to_a_game():
    wide, tall = glance.card("backbone"), glance.card("backbone", "tall", ("play=backbone&r=x", "Back to it"))
    assert wide != tall and 'href="#play=backbone&amp;r=x">Back to it</a>' in tall
    assert 'class="button primary" href="#play=backbone&amp;r=x"' in tall  # going back comes first
    assert 'class="glance-figure wide"' in glance.card("breach")  # a long track: the legend below it


@pytest.mark.parametrize("game_id", GAMES)
def test_the_home_card_and_the_rules_panel_lead_to_the_card(game_id):
    home = views.home()
    card = home[home.index(f'id="game-{game_id}"'):]
    card = card[:card.index("</article>")]
    assert f'href="#glance={game_id}"' in card and "Rules at a glance" in card
    rules = page_for(game_id).side()
    rules = rules[rules.index('id="rules"'):]
    assert f'href="#glance={game_id}"' in rules


def test_the_controller_opens_a_card_and_leaves_the_game_on_screen_as_it_was():
    control, _ = controller()
    screen = GlanceRecorder()
    control.screen = screen
    control.route("play=backbone&seats=human,greedy&seed=3")
    control.click("c1")
    session, actions, links = control.session, list(control.session.actions), list(screen.links)
    screen.calls.clear()
    control.route("glance=netcontrol")
    assert screen.calls == [("glance", "netcontrol", "")]
    assert control.session is session and control.session.actions == actions and screen.links == links


def test_a_bad_card_id_is_refused_with_a_sentence_and_changes_nothing():
    control, _ = controller()
    screen = GlanceRecorder()
    control.screen = screen
    control.route("play=backbone&seats=human,greedy&seed=3")
    session = control.session
    screen.calls.clear()
    control.route("glance=" + "chess" * 30)
    [(kind, game_id, message)] = screen.calls
    assert (kind, game_id) == ("glance", None) and message.startswith("There is no rules card for 'chess")
    assert "\u2026" in message and len(message) < 150 and control.session is session  # cut short; game untouched
    card = glance.missing_card("<b>")
    assert "No such rules card" in card and "&lt;b&gt;" in card and 'href="#home"' in card


def test_the_app_draws_the_card_in_its_view_and_turns_it_with_the_screen():
    app, posted = start("#glance=breach")
    [drawn] = ops(posted, "html", id="glance")
    assert "Breach at a glance" in drawn["html"] and 'class="breach-board wide"' in drawn["html"]
    assert ops(posted, "data", name="view")[-1]["value"] == "glance"
    assert ops(posted, "title")[-1]["text"] == "netarcade: Breach at a glance"
    posted.clear()
    app.handle({"kind": "portrait", "on": True, "seq": 2})
    assert 'class="breach-board tall"' in ops(posted, "html", id="glance")[0]["html"]
    posted.clear()
    app.handle({"kind": "hash", "hash": "#glance=nope", "seq": 3})
    assert "There is no rules card for &#39;nope&#39;" in ops(posted, "html", id="glance")[0]["html"]
    posted.clear()
    app.handle({"kind": "hash", "hash": "#home", "seq": 4})
    app.handle({"kind": "portrait", "on": False, "seq": 5})
    assert not ops(posted, "html", id="glance") and app.glance_game is None  # the card is gone with its view


def test_a_card_opened_over_a_game_offers_the_way_back_to_it():
    app, posted = start("#play=backbone&seats=human,search&seed=7")
    posted.clear()
    app.handle({"kind": "hash", "hash": "#glance=backbone", "seq": 2})
    assert "Back to your Backbone game" in ops(posted, "html", id="glance")[0]["html"]


@pytest.mark.parametrize("game_id", GAMES)
def test_opening_a_card_imports_only_that_game_s_page(game_id):
    code = ("import sys; from netarcade.web import glance; glance.card(%r); "
            "print(sorted({m.split('.')[3] for m in sys.modules if m.startswith('netarcade.web.games.')}));"
            "print(any(m.startswith('netarcade.bots') for m in sys.modules))" % game_id)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}).stdout.split("\n")
    assert out[0] == repr([game_id]) and out[1] == "False"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_number_sits_at_its_own_piece_and_off_the_other_labelled_ones(game_id):
    card = glance.glance_for(game_id)
    boxes = glance.label_boxes(page_for(game_id).picture(glance.position(card)), card.labels)
    marks = re.findall(r'data-callout="\d+"><circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', glance.picture(card))
    for index, (x, y, r) in enumerate(marks):
        x, y, r = float(x), float(y), float(r)
        x0, y0, x1, y1 = boxes[index]
        near_x, near_y = min(max(x, x0), x1), min(max(y, y0), y1)
        assert (x - near_x) ** 2 + (y - near_y) ** 2 <= (1.2 * r) ** 2, (game_id, index + 1)  # beside its own
        for other, (a0, b0, a1, b1) in enumerate(boxes):
            if other != index:  # never over the middle of another labelled piece
                assert not (a0 + r < x < a1 - r and b0 + r < y < b1 - r), (game_id, index + 1, other + 1)


def test_a_link_is_ringed_along_its_line():
    card = glance.glance_for("netcontrol")
    [link] = [label for label in card.labels if label.name.startswith("e")]
    x0, y0, x1, y1 = glance.label_boxes(page_for("netcontrol").picture(glance.position(card)), (link,))[0]
    assert x1 - x0 > 25 and y1 - y0 > 10  # the line's span, not the dot at its middle
