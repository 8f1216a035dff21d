"""The page as a newcomer meets it (issue 13), DOM-free on CPython: what a
bad link leaves on screen, turn numbers, the pace control, Resign."""

from __future__ import annotations

from support.page import controller

from netarcade.core.errors import InvalidNotation
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


# --- keyboard focus across redraws: static/main/focus.py, tests/web/test_page_focus.py ---------------


# --- the bots' pace, the embed's Pause, Resign (web/controller.py) -----------------------

import asyncio  # noqa: E402

from support.page import Remembering, run_next  # noqa: E402

from netarcade.web.controller import PACES, Controller  # noqa: E402
from netarcade.web.session import Session, new_setup  # noqa: E402
from support.playing import turns  # noqa: E402


def test_the_pace_cycles_is_remembered_and_scales_every_bot_pause():
    store: dict = {}
    control = Controller(Remembering(store))
    control.load(Session(new_setup("netcontrol", {"players": 3}, 4, ("human", "greedy", "greedy"))), demo=False)
    normal = control.bot_pause("p2 roll")
    assert control.pace == "normal" and normal > 0
    control.command("pace")
    assert control.pace == "fast" and store["pace"] == "fast"
    assert control.bot_pause("p2 roll") == normal * PACES["fast"] < normal
    control.command("pace", "instant")
    assert control.bot_pause("p2 roll") == 0
    control.command("pace", "sluggish")  # not a pace: nothing changes
    assert control.pace == "instant"
    # a new page reads the remembered pace; a damaged stored value is normal
    assert Controller(Remembering(store)).pace == "instant"
    assert Controller(Remembering({"pace": "warp"})).pace == "normal"


def test_an_instant_bot_does_not_wait_out_its_pause():
    waits: list[float] = []

    async def sleep(seconds):
        waits.append(seconds)

    screen = Remembering({"pace": "instant"})
    control = Controller(screen, sleep=sleep)
    control.load(Session(new_setup("backbone", {}, 3, ("search", "human"))), demo=False)
    assert run_next(screen) is True
    assert all(seconds == 0 for seconds in waits)  # only the yields between thinking slices


def test_an_instant_bot_waits_for_the_page_to_show_the_last_move():
    """The bot's next move waits for the page's answer to the last message
    (``Screen.drawn``): at the instant pace moves never queue up behind the page."""

    class SlowPage(Remembering):
        def __init__(self):
            super().__init__({"pace": "instant"})
            self.shown = asyncio.Event()

        async def drawn(self):
            await self.shown.wait()

    screen = SlowPage()
    control = Controller(screen)
    control.load(Session(new_setup("backbone", {}, 3, ("search", "human"))), demo=False)

    async def scenario():
        bot = asyncio.ensure_future(screen.tasks.pop(0))
        for _ in range(50):  # the bot's task runs as far as it can
            await asyncio.sleep(0)
        waited = not bot.done() and control.session.actions == []
        screen.shown.set()
        return waited, await bot

    waited, played = asyncio.run(scenario())
    assert waited, "the bot moved before the page had shown the last move"
    assert played is True and len(control.session.actions) == 1


def test_the_page_s_answer_to_the_last_message_is_what_drawn_waits_for():
    from netarcade.web.outbox import Ops

    async def scenario():
        answers: list[asyncio.Future] = []
        sent: list[str] = []

        def post(text):
            sent.append(text)
            answers.append(asyncio.get_running_loop().create_future())
            return answers[-1]

        ops = Ops(post)
        ops.pending.append({"op": "text", "id": "status", "text": "p2 moved"})
        waiting = asyncio.ensure_future(ops.applied())
        await asyncio.sleep(0)
        assert len(sent) == 1 and "p2 moved" in sent[0]  # what was pending is posted first
        assert not waiting.done()  # the page has not answered yet
        answers[0].set_exception(RuntimeError("the page failed"))  # said on its console there
        await waiting
        await ops.applied()  # nothing posted since: returns at once
        return len(sent)

    assert asyncio.run(scenario()) == 1


def test_a_paused_demo_does_not_say_a_bot_is_thinking():
    control = Controller(Remembering(), embed=True)
    control.route("")
    assert control.mode == "bot" and "thinking" in control.status()
    control.command("pause")
    assert control.mode == "paused" and "thinking" not in control.status()
    assert "Paused" in control.status()
    control.command("pause")
    assert control.mode == "bot"


def test_resign_says_why_where_the_rules_have_none(monkeypatch):
    """Every game has a resignation today; a game added without one keeps
    the button, and a click says its rules have none and plays nothing."""
    control = Controller(Remembering())
    control.load(Session(new_setup("overwrite", {}, 3, ("human", "search"))), demo=False)
    game = control.session.game
    parse = game.parse_action

    def no_resign(text):
        if text.endswith(" resign"):
            raise InvalidNotation("no such verb: resign")
        return parse(text)

    monkeypatch.setattr(game, "parse_action", no_resign)
    assert control.resign_seat() == 0  # still on offer
    control.command("resign")
    assert control.resigning is None and "no resignation" in control.table.message
    assert control.session.actions == []


def test_resigning_a_backbone_duel_asks_first_and_the_other_player_wins():
    control = Controller(Remembering())
    control.load(Session(new_setup("backbone", {}, 3, ("human", "search"))), demo=False)
    control.command("resign")
    assert control.resigning == 0 and control.session.actions == []
    control.command("resign-yes")
    assert control.session.actions == ["p1 resign"] and control.session.over
    assert control.session.match.winners() == [1] and control.mode == "over"
    control.command("undo")  # a resignation is a move like any other
    assert control.session.actions == [] and not control.session.over


def test_resign_in_net_control_plays_the_engine_s_resign_after_the_confirmation():
    control = Controller(Remembering())
    control.load(Session(new_setup("netcontrol", {"players": 3}, 4, ("human", "greedy", "greedy"))), demo=False)
    control.command("resign")
    assert control.resigning == 0 and control.session.actions == []
    control.command("resign-no")
    assert control.resigning is None and control.session.actions == []
    control.command("resign")
    control.command("resign-yes")
    assert control.session.actions[-1] == "p1 resign" and control.resigning is None
    assert control.resign_seat() is None  # the human has left: nothing more to resign


def test_resign_in_breach_asks_first_the_others_play_on_and_the_last_left_wins():
    control = Controller(Remembering())
    control.load(Session(new_setup("breach", {"players": 3}, 4, ("human", "greedy", "greedy"))), demo=False)
    control.command("resign")
    assert control.resigning == 0 and control.session.actions == []
    assert "D24" in page_for("breach").resign_note
    control.command("resign-yes")
    assert control.session.actions[-1] == "p1 resign" and not control.session.over  # D24: two play on
    assert control.resign_seat() is None
    page = page_for("breach")
    assert "resigned" in page.panels(control.table)["players"] and "resigned" in page.board(control.table)
    control.load(Session(new_setup("breach", {"players": 2}, 4, ("human", "greedy"))), demo=False)
    control.command("resign")
    control.command("resign-yes")
    assert control.session.over and control.session.match.winners() == [1]
    assert "the last player left" in control.table.result()[0]


def test_resign_is_for_the_human_to_act_in_a_hot_seat_game():
    control = Controller(Remembering())
    control.load(Session(new_setup("backbone", {}, 3, ("human", "human"))), demo=False)
    assert control.resign_seat() == 0
    control.session.play("p1 end")
    assert control.resign_seat() == 1
    control.load(Session(new_setup("backbone", {}, 3, ("search", "search"))), demo=False)
    assert control.resign_seat() is None  # nobody to resign for


def test_two_embedded_demos_play_different_games_and_a_seed_link_replays_its_own():
    first, second = Controller(Remembering(), embed=True), Controller(Remembering(), embed=True)
    first.route("")
    second.route("")
    assert first.demo and second.demo
    assert first.session.setup.seed != second.session.setup.seed
    # the default game has no chance: its demo draws the map from the seed
    assert first.session.setup.options["map"] == "seeded"
    assert first.session.view() != second.session.view()
    # an embedded link with a seed opens the same game every time
    # (greedy bots: the search bot's time limit makes its choices depend on the machine's load)
    link = "#play=backbone&seats=greedy,greedy&seed=42&map=seeded"
    replays = []
    for _ in range(2):
        control = Controller(Remembering(), embed=True)
        control.route(link)
        assert not control.demo
        asyncio.run(control.run_bots(control.generation))
        replays.append((control.session.view(), list(control.session.actions)))
    assert replays[0] == replays[1] and replays[0][1]


# --- turn numbers: rounds in every game (web/table.py) ----------------------------------


def _random_game(game_id: str, players: int, until, seed: int = 3):
    """A game with a human in seat 1 and random moves for everyone until ``until(session)``."""
    import random

    options = {} if game_id == "backbone" else {"players": players}
    seats = ("human",) + ("greedy",) * (players - 1)
    session = Session(new_setup(game_id, options, seed, seats))
    table = page_for(game_id).table(session)
    rng = random.Random(seed)
    for seat in turns(session.match, 3000):  # the session's own policy: humans first
        if until(session, table):
            break
        session.play(rng.choice(session.match.legal(seat)))
    return session, table


def test_net_control_numbers_rounds_your_15th_turn_is_round_15():
    own_turns = []

    def fifteenth(session, table):
        turn = session.match.turn
        if session.current == 0 and session.view()["phase"] == "roll" and turn not in own_turns:
            own_turns.append(turn)
        return len(own_turns) == 15

    session, table = _random_game("netcontrol", 3, fifteenth)
    assert len(own_turns) == 15 and session.match.turn > 40  # the game's turn counts every runner's
    assert table.status() == "Your turn, round 15: roll the dice"
    labels = [item.split('"lt">R')[1].split("<")[0] for item in views.log_items(table, session.log)
              if '"lt">R' in item]
    assert labels == [str(number) for number in range(1, 15)]  # the log marks the same rounds


def test_every_game_numbers_rounds_the_same_way():
    for game_id, players in (("netcontrol", 4), ("overwrite", 3), ("breach", 3), ("backbone", 2)):
        session, table = _random_game(game_id, players, lambda s, t: s.match.turn >= 3 * players + 1)
        if session.over:
            continue
        assert table.round() == 4, game_id  # turns 1..3n are rounds 1..3
        assert table.whose_turn("You") == "Your turn, round 4"
        assert table.whose_turn("Greedy bot 2") == "Greedy bot 2's turn, round 4"
        labels = [item for item in views.log_items(table, session.log) if '"lt">R' in item]
        assert [int(item.split('"lt">R')[1].split("<")[0]) for item in labels] == [1, 2, 3], game_id


# --- Net Control names its resources and explains the protection pool -------------------


def test_net_control_names_its_resources_and_explains_hack_protection():
    from netarcade.web.games.netcontrol import views as nc_views

    session = Session(new_setup("netcontrol", {"players": 3}, 4, ("human", "greedy", "greedy")))
    hand = nc_views.hand_panel(page_for("netcontrol").table(session))
    for name in ("compute", "bandwidth", "firewall", "scanner", "memory"):
        assert f"</b> {name}</span>" in hand  # on screen, not only in a title
    rules = nc_views.RULES_HTML
    assert "node stands at 7" in rules and "Super Node at 9" in rules
    assert "falls to a single Hack" in rules and "takes two" in rules
