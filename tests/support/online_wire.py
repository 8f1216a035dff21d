"""The page's online session on CPython, without a relay: a fake socket and
network (``Wire``), frames made the way the relay makes them (``Match`` views
per observer), a recording screen for the online controller, and a finished
game to replay. Shared by tests/web/test_web_online.py and the web tests of
the online table (spectators, resign, Breach's blocks, Overwrite, replays)."""

from __future__ import annotations

import json
import random

from netarcade.core import LowestSeat, Match, wire
from netarcade.games import get_game
from netarcade.web.controller import Screen
from netarcade.web.online.online import RemoteSession
from support.playing import turns

ROOM = "K7Q2MX"


class FakeSocket:
    def __init__(self, session):
        self.session = session
        self.sent: list[dict] = []
        self.closed = False

    def send(self, data: bytes) -> None:
        self.sent.append(wire.unpack(data))

    def close(self) -> None:
        self.closed = True


class Wire:
    """The fake network: every transport opened, timers queued, not run."""

    def __init__(self):
        self.sockets: list[FakeSocket] = []
        self.timers: list[tuple[float, object]] = []
        self.storage: dict[str, str] = {}
        self.heard: list[str] = []
        self.time = 100.0

    def connect(self, session):
        socket = FakeSocket(session)
        self.sockets.append(socket)
        return socket

    def later(self, delay, callback):
        self.timers.append((delay, callback))

    def session(self) -> RemoteSession:
        return RemoteSession(self.connect, self.storage, self.later, now=lambda: self.time,
                             listener=self.heard.append)

    def deliver(self, session, frame: dict) -> None:
        session.on_message(wire.pack({"v": wire.VERSION, **frame}))

    def resuming(self, seat: int = 0, token: str = "tok") -> tuple[RemoteSession, list[dict]]:
        """A page that kept ``seat`` of ``ROOM`` opens it: the session and
        what it sent (its ``resume`` first)."""
        self.storage[f"netarcade:seat:{ROOM}"] = json.dumps({"seat": seat, "token": token})
        session = self.session()
        session.open(ROOM)
        session.on_open()
        return session, self.sockets[-1].sent


def seats_info(kinds, joined=(0,)):
    return [{"seat": i, "kind": k, "name": "Ann" if i == 0 else None, "joined": i in joined,
             "connected": i in joined, "bot_now": False, "misses": 0} for i, k in enumerate(kinds)]


def state_frame(match: Match, observer, kinds, kind="state", since=-1, started=True, **extra):
    view = match.view(observer)
    legal = match.legal(observer) if observer is not None and started and observer in match.to_act() else []
    return {"kind": kind, "room": ROOM, "seat": observer, "version": match.version, "since": since,
            "view": wire.unpack(wire.pack(view)),
            "events": match.events_since(since, observer), "moves": match.moves_since(since, observer),
            "legal": legal,
            "seats": seats_info(kinds), "started": started, "clocks": [{"seat": s, "left": 90.0} for s in match.to_act()],
            "clock": 90.0, "commitment": extra.pop("commitment", "c0"), **extra}


def finished_game(seed=7):
    game = get_game("netcontrol")
    match = Match(game, {"players": 2, "target": 4}, seed, actor=LowestSeat())
    rng = random.Random(seed)
    for seat in turns(match):
        match.submit(seat, rng.choice(match.legal(seat)))
    return game, match


class Recording(Screen):
    def __init__(self, wire):
        self.wire = wire
        self.calls: list[str] = []
        self.links: list[str] = []

    def connect(self, session):
        return self.wire.connect(session)

    def storage(self):
        return self.wire.storage

    def later(self, delay, callback):
        self.wire.later(delay, callback)

    def show(self, view):
        self.calls.append(f"show {view}")

    def render(self):
        self.calls.append("render")

    def set_link(self, fragment):
        self.links.append(fragment)

    def online(self, session):
        self.calls.append("online")

    def spawn(self, coroutine):
        coroutine.close()  # a local game's bots: not run here

