"""Resign in an online room, on the page's side (CPython, a fake socket, frames
made as the relay makes them): the button is this page's seat's alone, the
card says there is no undo online, Yes sends the seat's ``pN resign`` with
its token, and a seat that left (or a spectator) is offered nothing. The
relay's side is ``test_relay_resign.py``."""

from __future__ import annotations

import json

from netarcade.core import Match
from netarcade.games import get_game
from netarcade.web import views
from netarcade.web.controller import Controller
from netarcade.web.pages import page_for

from support.online_wire import ROOM, Recording, Wire, state_frame


def seated_room(kinds, seat=0):
    wire = Wire()
    wire.storage[f"netarcade:seat:{ROOM}"] = json.dumps({"seat": seat, "token": "tok", "name": "Ann"})
    control = Controller(Recording(wire))
    control.route(f"#online={ROOM.lower()}")
    session = control.remote
    session.on_open()
    assert wire.sockets[0].sent[0]["kind"] == "resume"
    return wire, control, session


def test_resign_online_is_this_seats_own_and_final():
    kinds = ["human", "human", "human"]
    wire, control, session = seated_room(kinds)
    match = Match(get_game("netcontrol"), {"players": 3}, 5)
    wire.deliver(session, state_frame(match, 0, kinds, started=False))
    assert control.resign_seat() is None  # not before the game starts
    wire.deliver(session, state_frame(match, 0, kinds, kind="update", since=0))
    assert control.resign_seat() == 0
    control.resign("ask")
    assert control.resigning == 0
    card = views.resign_card(session.names[0], page_for("netcontrol"), online=True)
    assert "Online it is final: there is no undo." in card and "Undo takes it back" not in card
    assert "Undo takes it back" in views.resign_card("You", page_for("netcontrol"))  # a local game's card
    control.resign("yes")
    sent = wire.sockets[0].sent[-1]
    assert {k: sent[k] for k in ("kind", "room", "seat", "token", "action", "base")} == {
        "kind": "act", "room": ROOM, "seat": 0, "token": "tok", "action": "p1 resign", "base": 0}
    assert control.resigning is None and control.resign_seat() is None  # the move is on its way
    wire.deliver(session, {"kind": "ack", "id": sent["id"], "room": ROOM, "version": 1})
    match.submit(0, "p1 resign")
    wire.deliver(session, state_frame(match, 0, kinds, kind="update", since=0))
    assert not session.over and control.resign_seat() is None  # P1 is out: nothing more to resign
    assert session.why_not_resign(0)[0] == "resigned" and session.why_not_resign(1)[0] == "not-your-seat"


def test_a_spectator_is_offered_no_resign():
    kinds = ["human", "human"]
    wire = Wire()
    control = Controller(Recording(wire))
    control.route(f"#online={ROOM.lower()}")
    session = control.remote
    session.on_open()
    match = Match(get_game("backbone"), {}, 5)
    wire.deliver(session, state_frame(match, None, kinds))
    assert session.started and control.resign_seat() is None
