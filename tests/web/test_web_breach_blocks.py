"""Breach's block windows in the page, on CPython: the page answers a
window with the player's own pass when the player has chosen "pass on
blocks automatically" (remembered like the bots' pace), through the
ordinary play path (the record, undo and an online room see the pass);
a counter and the windows of a player who keeps the setting off are asked."""

from __future__ import annotations

import asyncio

from netarcade.core import Match
from netarcade.games import get_game
from netarcade.web.controller import Controller
from netarcade.web.games.breach import views as bv
from netarcade.web.session import Session, new_setup

from support.breach_page import find_window
from support.page import Recorder
from support.online_wire import ROOM, Recording, Wire, state_frame

#: the setting's name in the page's storage (``controller.AUTO_PASS_SETTING``)
AUTO_PASS_SETTING = "autopass"


class Remembering(Recorder):
    """A screen whose settings are a dict (the page's local storage)."""

    def __init__(self, settings=None):
        super().__init__()
        self.settings = dict(settings or {})

    def setting(self, name):
        return self.settings.get(name)

    def save_setting(self, name, value):
        self.settings[name] = value


async def _no_wait(seconds):
    return None


def human_windows(control: Controller, screen: Remembering, steps: int = 600) -> list[str]:
    """Play on (bots through their tasks, the human the first legal action
    that is not a block) and list the page's stops in a block window nobody
    has blocked yet, as each window's line."""
    stops = []
    for _ in range(steps):
        session = control.session
        if session.over:
            break
        if session.is_human_turn():
            table = control.table
            if table.phase == "window" and session.view()["window"]["blocker"] is None:
                stops.append(table.window_line())
            texts = session.legal_texts()
            text = next((t for t in texts if t.split()[1] in ("run", "safe", "enter", "pass", "move")), texts[0])
            control.after(table.play(text))
        else:
            assert screen.tasks, "a bot's turn with no task"
            asyncio.run(screen.tasks.pop(0))
    return stops


def breach_game(screen: Remembering, seed: int = 3) -> Controller:
    control = Controller(screen, sleep=_no_wait)
    control.load(Session(new_setup("breach", {"players": 3}, seed, ("human", "greedy", "greedy"))), demo=False)
    return control


def test_the_setting_passes_for_the_player_through_the_pass_button_s_action():
    session, _ = find_window()
    seed = session.setup.seed
    # off (the default): the page stops at the player's block windows
    asked = Remembering()
    control = breach_game(asked, seed)
    assert control.auto_pass is False
    assert human_windows(control, asked), "the game asks the player nothing"
    # the switch in the turn panel turns it on, remembered
    screen = Remembering()
    control = breach_game(screen, seed)
    panel = bv.turn_panel(control.table)
    assert 'data-cmd="autopass"' in panel and "Pass on blocks automatically: off" in panel
    control.command("autopass")
    assert screen.settings[AUTO_PASS_SETTING] == "on" and control.auto_pass
    assert "Pass on blocks automatically: on" in bv.turn_panel(control.table)
    assert human_windows(control, screen) == []
    me = control.session.setup.humans[0]
    passes = [t for t in control.session.actions if t == f"p{me + 1} pass"]
    assert passes, "no window came to the player"
    # a page opened later remembers it, and off is remembered too
    assert Controller(Remembering(screen.settings)).auto_pass is True
    control.command("autopass", "off")
    assert screen.settings[AUTO_PASS_SETTING] == "off" and not control.auto_pass


def test_turning_it_on_in_a_window_passes_at_once_and_undo_goes_past_the_pass():
    session, _ = find_window()
    screen = Remembering()
    control = Controller(screen, sleep=_no_wait)
    control.load(Session(session.setup), demo=False)
    for text in session.actions:  # to the window (the bots' moves replayed, no task run)
        control.session.play(text)
    for task in screen.tasks:
        task.close()
    screen.tasks.clear()
    control.changed()
    table = control.table
    me = control.session.current
    assert table.phase == "window" and control.mode == "human"
    before = len(control.session.actions)
    control.command("autopass", "on")
    assert control.session.actions[before] == f"p{me + 1} pass"
    assert not (control.session.is_human_turn() and control.table.phase == "window")
    # Undo does not land on the window again only to pass once more: it goes
    # back past the page's pass to the player's last own decision
    control.undo()
    assert len(control.session.actions) < before
    assert not (control.session.is_human_turn() and control.table.phase == "window")


def test_a_counter_is_always_asked():
    session, table = find_window()
    me = session.current
    block = next(t for t in session.legal_texts() if " block " in t)
    session.play(block)
    table.auto_pass = True
    table.sync()
    # the exploiter counters: the player is asked again, whatever the setting
    player = session.view()["window"]["player"]
    counters = [t for t in session.match.legal(player) if " counter " in t]
    assert counters, "the exploiter cannot counter in this game"
    session.play(counters[0])
    table.sync()
    assert session.current == me and table.phase == "window"
    assert table.auto_answer() is None


def test_online_the_page_sends_the_players_pass_once_and_a_spectator_never():
    session, _ = find_window()
    game = get_game("breach")
    match = Match(game, session.setup.options, session.setup.seed)
    for text in session.actions:
        action = game.parse_action(text)
        match.submit(action.seat, text)
    me = session.current
    kinds = ["human", "greedy", "greedy"]
    wire = Wire()
    page = Recording(wire)
    page.settings = {AUTO_PASS_SETTING: "on"}
    page.setting = page.settings.get
    page.save_setting = page.settings.__setitem__
    control = Controller(page)
    control.route(f"#online={ROOM}")
    remote = control.remote
    remote.on_open()
    # a spectator: nothing is sent for anyone
    wire.deliver(remote, state_frame(match, None, kinds))
    assert [f["kind"] for f in wire.sockets[0].sent] == ["watch"]
    # the player's seat (resumed): the page answers with the player's pass, once
    remote.seat, remote.token = me, "tok"
    remote._update_labels()
    wire.deliver(remote, state_frame(match, me, kinds))
    acts = [f for f in wire.sockets[0].sent if f["kind"] == "act"]
    assert [(f["action"], f["base"]) for f in acts] == [(f"p{me + 1} pass", match.version)]
    wire.deliver(remote, state_frame(match, me, kinds))  # the same version again, the pass on its way
    assert len([f for f in wire.sockets[0].sent if f["kind"] == "act"]) == 1
