"""The page as a newcomer meets it (issue 13), DOM-free on CPython: what a
bad link leaves on screen, turn numbers, the pace control, Resign."""

from __future__ import annotations

from test_web_controller import controller

from netarcade.web import views
from netarcade.web.pages import page_for
from netarcade.web.session import linked_game


def test_a_bad_link_names_its_game_and_a_fresh_start_opens_that_game():
    control, screen = controller()
    control.route("#play=netcontrol&seats=human,search&seed=x")
    assert control.table is None and control.page is None
    assert control.broken_game == "netcontrol"
    assert screen.calls[-1][0] == "link-error"
    assert views.tab_title(control.page, control.broken_game) == "netarcade: Net Control"
    control.fresh()
    assert control.session.setup.game == "netcontrol" and control.broken_game is None
    assert control.session.setup.seats[0] == "human"


def test_a_bad_link_to_no_game_is_the_arcade_s():
    control, _ = controller()
    control.route("#play=chess&seed=1")
    assert control.broken_game is None
    assert views.tab_title(control.page, control.broken_game) == "netarcade"
    control.fresh()
    assert control.session.setup.game == "backbone"


def test_linked_game_reads_play_even_from_a_damaged_link():
    assert linked_game("play=breach&&seats=a&seats=b") == "breach"  # a key twice: damaged
    assert linked_game("play=overwrite&x") == "overwrite"
    assert linked_game("r=abc") is None and linked_game("play=") is None
    assert views.tab_title(page_for("backbone")) == "netarcade: Backbone"
