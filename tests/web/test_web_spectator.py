"""A spectator's panels on CPython (an online room watched, ``seat`` None):
they show what a spectator's view holds (hand sizes, card and Exploit
counts, public rates) in the third person, never a hidden hand as zeros
or words addressed to the player whose hand it is."""

from __future__ import annotations

import random
from pathlib import Path

from netarcade.core import LowestSeat, Match
from netarcade.games import get_game
from netarcade.web.controller import Controller
from netarcade.web.games.breach import views as bv
from netarcade.web.games.netcontrol import views as nv

from support.playing import turns
from support.online_wire import ROOM, Recording, Wire, state_frame


def watched(game_id: str, options: dict, kinds: list[str], until, seed: int = 5):
    """A room watched by this page, played on by random legal moves until
    ``until(match)`` holds; the controller with its table on the room."""
    game = get_game(game_id)
    match = Match(game, options, seed, actor=LowestSeat())
    rng = random.Random(seed)
    for seat in turns(match, 3000):
        if until(match):
            break
        match.submit(seat, rng.choice(match.legal(seat)))
    assert until(match), "the game never got there"
    wire = Wire()
    control = Controller(Recording(wire))
    control.route(f"#online={ROOM}")
    session = control.remote
    session.on_open()
    frame = state_frame(match, None, kinds)
    frame["seats"][0]["name"] = "Alice"
    wire.deliver(session, frame)
    assert session.seat is None
    return control, match


def test_a_spectators_net_control_panels_show_sizes_in_the_third_person():
    def rich(match):
        view = match.view(None)
        player = view["players"][view["current"]]
        return view["phase"] == "main" and view["current"] == 0 and player["hand_size"] >= 3 and player["card_count"]
    control, match = watched("netcontrol", {"players": 3}, ["human", "human", "greedy"], rich)
    table = control.table
    seat = table.hand_seat()
    assert seat == 0 and table.names[0] == "Alice"
    full = match.view(0)["players"][0]
    size = full["hand_size"]
    hand = nv.hand_panel(table)
    assert f"{size}/{full['hand_limit']} limit" in hand
    assert f"Hidden: Alice holds {size} resources" in hand
    assert 'class="rcount zero"' not in hand and ">0<" not in hand  # no made-up zeros
    assert "unless you hold" not in hand
    cards = nv.cards_panel(table)
    assert f"Hidden: Alice holds {full['card_count']} special card" in cards
    assert "None yet" not in cards and "your next turn" not in cards and "you drew" not in cards
    costs = nv.costs_panel(table)
    assert "Alice: highlighted rows" not in costs and "Build costs" in costs and 'class="afford"' not in costs


def test_a_spectators_breach_hand_counts_the_exploits_face_down():
    def holding(match):
        view = match.view(None)
        return view["seats"][0]["exploit_count"] >= 2 and 0 in match.to_act()
    control, match = watched("breach", {"players": 3}, ["human", "human", "greedy"], holding)
    table = control.table
    assert table.hand_seat() == 0
    count = match.view(0)["seats"][0]["exploit_count"]
    hand = bv.hand_panel(table)
    assert f"Hidden: Alice holds {count} Exploit" in hand
    assert "No Exploits in hand" not in hand
    assert hand.count('class="slot xp"') == count


def test_a_spectator_is_told_what_a_spectator_can_do_and_shown_no_player_controls():
    """Issue 39, item 14: spectators saw "New game", "Bots: normal" and greyed build buttons."""
    control, _ = watched("netcontrol", {"players": 3}, ["human", "human", "greedy"],
                         lambda m: m.version > 8)
    assert control.spectating
    assert control.prompt().startswith("You are watching") and "Copy link" in control.prompt()
    css = (Path(__file__).resolve().parents[2] / "static" / "online.css").read_text(encoding="utf-8")
    rule = css[css.index('html[data-watching="yes"]'):]
    rule = rule[:rule.index("}")]
    for hidden in ("#undo", "#pace", "#newgame", '#tools [role="toolbar"]', "#tools .end-turn"):
        assert f'html[data-watching="yes"] {hidden}' in rule, hidden
