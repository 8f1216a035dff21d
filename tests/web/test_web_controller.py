"""The page's lifecycle and bot loop (web/controller.py) on CPython, with a
recording screen instead of the DOM and a sleep that does not wait."""

from __future__ import annotations

from netarcade.web.controller import DEMO_SEATS
from netarcade.web.session import Session, new_setup
from support.page import controller, drop_tasks, run_next


def test_a_link_naming_only_the_game_opens_it_against_the_search_bot():
    control, screen = controller()
    control.route("play=backbone")  # the home screen's "Play now" (the bare address is home)
    assert control.page.id == "backbone" and control.session.setup.seats == ("human", "search")
    assert ("mount", "backbone") in screen.calls and ("show", "game") in screen.calls
    assert screen.links == [control.session.link()] and control.mode == "human"
    assert screen.tasks == []  # nobody's bot is to move


def test_home_and_a_link_to_the_game_on_screen():
    control, screen = controller()
    control.route("home")
    assert screen.calls == [("show", "home")] and control.table is None
    control.route("play=backbone")
    screen.calls.clear()
    control.route("#" + control.session.link())
    assert screen.calls == [("show", "game")]  # the same game: nothing reloads


def test_a_broken_link_says_why_and_drops_the_game():
    control, screen = controller()
    control.route("play=backbone")
    control.route("play=backbone&r=AAAA")
    assert control.table is None
    assert any(call[0] == "link-error" and "damaged" in call[1] for call in screen.calls)


def test_bots_play_one_action_per_task_and_schedule_the_next():
    control, screen = controller()
    setup = new_setup("backbone", {}, 4, ("greedy", "greedy"))
    control.load(Session(setup), demo=False)
    assert control.mode == "bot" and len(screen.tasks) == 1
    for count in range(1, 4):
        assert run_next(screen) is True
        assert len(control.session.actions) == count
        assert screen.links[-1] == control.session.link()
        assert len(screen.tasks) == 1  # the next bot action is on its way
    assert ("thought", 3) in screen.calls and control.longest_slice > 0
    drop_tasks(screen)


def test_a_change_while_a_bot_thinks_stops_it():
    control, screen = controller()
    session = Session(new_setup("backbone", {}, 4, ("human", "greedy")))
    control.load(session, demo=False)
    control.key("e")  # End turn: the bot is to move
    assert session.actions == ["p1 end"] and len(screen.tasks) == 1
    control.undo()  # back to the human: the bot's task is stale
    assert session.actions == [] and control.mode == "human"
    assert run_next(screen) is False and session.actions == []


def test_pause_stops_the_demo_and_resume_goes_on():
    control, screen = controller(embed=True)
    control.route("")
    assert control.demo and control.session.setup.seats == DEMO_SEATS
    assert screen.links == []  # the demo keeps the embed's address
    control.command("pause")
    assert control.paused and run_next(screen) is False
    control.command("pause")
    assert not control.paused and len(screen.tasks) == 1
    assert run_next(screen) is True and len(control.session.actions) == 1
    drop_tasks(screen)


def test_an_embedded_play_link_is_a_person_s_game_and_the_bare_embed_the_bots_demo():
    """One rule (issue 39): a ``play=`` link seats a person against search bots in a
    frame as on the full page; only the bare ``?embed`` is the bots' loop."""
    for game_id, players in (("backbone", 2), ("breach", 4), ("overwrite", 2), ("netcontrol", 3)):
        for embed in (True, False):
            control, screen = controller(embed=embed)
            options = "" if game_id == "backbone" else f"&players={players}"
            control.route(f"play={game_id}&seed=7{options}")
            assert control.session.setup.seats == ("human",) + ("search",) * (players - 1), (game_id, embed)
            assert not control.demo and control.session.setup.humans == (0,)
            drop_tasks(screen)
    # seats the link names are kept, in an embed as on the page
    control, screen = controller(embed=True)
    control.route("play=breach&seed=7&seats=greedy,greedy")
    assert control.session.setup.seats == ("greedy", "greedy") and not control.demo
    drop_tasks(screen)
    control, screen = controller(embed=True)
    control.route("")
    assert control.demo and control.session.setup.seats == DEMO_SEATS
    drop_tasks(screen)


def test_keys_and_commands_reach_the_table():
    control, screen = controller()
    control.load(Session(new_setup("backbone", {}, 4, ("human", "human"))), demo=False)
    assert control.wants_key("2") and control.wants_key("z", ctrl=True) and not control.wants_key("q")
    control.key("2")
    assert control.table.tool == "switch"
    control.key("Escape")
    assert control.table.tool is None
    control.command("end")
    assert control.session.actions == ["p1 end"]
    control.key("z", ctrl=True)
    assert control.session.actions == []
    control.undo()
    assert control.table.message == "Nothing to undo: no move of yours yet."
    assert screen.tasks == []


def test_rematch_keeps_game_and_seats_with_a_new_seed():
    control, screen = controller()
    control.load(Session(new_setup("netcontrol", {"players": 3}, 4, ("human", "greedy", "greedy"))), demo=False)
    first = control.session
    control.command("rematch")
    assert control.session is not first
    assert control.session.setup.game == "netcontrol" and control.session.setup.seats == first.setup.seats
    assert control.session.setup.options == first.setup.options
