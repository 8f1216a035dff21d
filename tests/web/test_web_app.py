"""The page's app as the engine's worker runs it, on CPython: the page's
messages in, the ops it applies out (web/app.py; the vocabulary is in
docs/web-runtime.md). No DOM and no js: ``post`` records the messages."""

from __future__ import annotations

import asyncio
import json
import re


from netarcade.core import wire
from netarcade.web.app import App
from support.page import ops, start


def test_start_draws_the_linked_game_says_ready_and_reads_the_stored_pace():
    app, posted = start()
    assert posted[-1]["done"] == 1 and posted[-1]["kind"] == "ops"
    assert ops(posted, "ready") and ops(posted, "html", id="board")[0]["html"].startswith("<svg")
    assert ops(posted, "text", id="status")[0]["text"] == "Your move: 2 actions left, 6 BW"
    assert app.control.pace == "fast"  # the page's storage snapshot
    assert ops(posted, "link", how="replace")  # the link in the address bar follows the game
    # the side column of this game is in place already: not sent again
    assert not ops(posted, "html", id="side")
    # the keys this game takes now (the page keeps only those from the browser)
    keys = ops(posted, "keys")[-1]["keys"]
    assert "1" in keys and "escape" in keys and "ctrl+z" in keys and "q" not in keys
    # focus is remembered before the redraw and restored after it
    steps = [op["step"] for op in ops(posted, "focus")]
    assert steps[:2] == ["remember", "restore"]


def test_an_illegal_click_explains_itself_in_the_reply_to_that_message():
    app, posted = start()
    posted.clear()
    app.handle({"kind": "spot", "name": "e5", "seq": 2})
    assert len(posted) == 1 and posted[0]["done"] == 2
    assert "is a City" in ops(posted, "text", id="prompt")[0]["text"]
    assert ops(posted, "class", id="prompt", name="error")[0]["on"] is True
    assert ops(posted, "data", name="actions")[0]["value"] == "0"


def test_settings_are_written_through_and_a_bug_shows_in_the_prompt():
    app, posted = start()
    posted.clear()
    app.handle({"kind": "cmd", "name": "pace", "value": "instant", "seq": 2})
    assert ops(posted, "store", area="local", key="netarcade.pace", value="instant")
    assert app.stores["local"]["netarcade.pace"] == "instant"
    posted.clear()
    app.handle({"kind": "spot", "seq": 3})  # a malformed message: no name
    assert "Something went wrong" in ops(posted, "text", id="prompt")[0]["text"]
    assert ops(posted, "log", level="error") and posted[-1]["done"] == 3


def test_the_new_game_form_answers_with_errors_or_a_new_entry_in_history():
    app, posted = start("#home")
    assert ops(posted, "data", name="view")[-1]["value"] == "home"
    posted.clear()
    app.handle({"kind": "submit", "form": "newgame", "game": "netcontrol", "seq": 2,
                "values": {"players": "5", "radius": "1"}, "submitter": "local", "name": ""})
    errors = ops(posted, "errors")[0]
    assert errors["game"] == "netcontrol" and errors["focus"] is True and any(errors["errors"].values())
    assert not ops(posted, "link")
    posted.clear()
    app.handle({"kind": "submit", "form": "newgame", "game": "netcontrol", "seq": 3,
                "values": {"players": "3", "seat2": "greedy", "seat3": "search"}, "submitter": "local", "name": ""})
    link = ops(posted, "link", how="push")[0]["fragment"]
    assert link.startswith("play=netcontrol&") and app.control.session.setup.game == "netcontrol"
    assert ops(posted, "html", id="side")  # another game's side column is mounted


def test_copy_sends_the_link_and_the_replay_bar_is_drawn_once_then_updated():
    app, posted = start()
    # a lit spot of the board the page was sent, clicked (nothing to replay before a move)
    board = ops(posted, "html", id="board")[-1]["html"]
    spot = re.search(r'data-name="([a-z]\d)"[^>]*data-action=|data-action="[^"]*"[^>]*data-name="([a-z]\d)"', board)
    app.handle({"kind": "spot", "name": spot.group(1) or spot.group(2), "seq": 3})
    assert app.control.session.actions
    posted.clear()
    app.handle({"kind": "cmd", "name": "copy", "seq": 4})
    copy = ops(posted, "copy")[0]
    assert copy["url"] == "http://127.0.0.1:8000/#" + app.control.session.link()
    posted.clear()
    app.handle({"kind": "cmd", "name": "replay", "seq": 5})
    assert len(ops(posted, "html", id="replay")) == 1 and ops(posted, "mark")
    posted.clear()
    app.handle({"kind": "cmd", "name": "replay-first", "seq": 6})
    assert not ops(posted, "html", id="replay")  # updated in place: a dragged slider keeps its grip
    assert ops(posted, "prop", id="replay-slider", name="value")[0]["value"] == "0"
    assert ops(posted, "mark")[0]["at"] == 0


def test_a_room_that_does_not_exist_leaves_no_board_behind_its_card():
    """``#online=ABCDEF`` for a room the relay does not have: its card, and
    nothing of a game behind it (the page's first, pre-drawn board, tools
    and panels are cleared as for a link that does not open, the online bar
    hidden) and a status that says so, not the page's "Starting Python..."
    (which is no longer true while it connects either)."""
    sockets = []

    class Socket:
        def __init__(self, session):
            self.session = session

        def send(self, data):
            sockets.append(wire.unpack(data))

        def close(self):
            pass

    transports = []
    posted: list[dict] = []
    message = {"kind": "start", "seq": 1, "embed": False, "portrait": False, "side": "netcontrol",
               "location": {"origin": "http://127.0.0.1:8000", "pathname": "/", "search": "",
                            "protocol": "http:", "host": "127.0.0.1:8000", "hash": "#online=ABCDEF"},
               "storage": {"local": {}, "session": {}}}
    app = App(lambda text: posted.append(json.loads(text)), message,
              connect=lambda url, session: transports.append(Socket(session)) or transports[-1])
    app.spawn = lambda coroutine: coroutine.close()  # the clocks' ticker: not run here
    app.later = lambda delay, callback: None  # nor the pings
    app.start()
    app.ops.flush(done=1)
    session = transports[0].session
    assert ops(posted, "text", id="status")[-1]["text"] == "Connecting to the relay\u2026"
    session.on_open()
    watch = sockets[-1]
    assert watch["kind"] == "watch" and watch["room"] == "ABCDEF"
    posted.clear()
    session.on_message(wire.pack(wire.frame("error", id=watch["id"], code="no-room",
                                            message="no room 'ABCDEF'")))
    app.ops.flush()
    assert "No such game" in ops(posted, "html", id="overlay")[-1]["html"]
    assert ops(posted, "prop", id="overlay", name="hidden")[-1]["value"] is False
    for element in ("board", "tools", "side"):
        assert ops(posted, "html", id=element)[-1]["html"] == "", element
    assert ops(posted, "data", name="state")[-1]["value"] == "link-error"
    assert ops(posted, "text", id="status")[-1]["text"] == "This link does not open a game."
    assert ops(posted, "prop", id="online", name="hidden")[-1]["value"] is True  # no game, no game bar


def test_every_name_the_page_takes_is_cleaned_as_the_relay_cleans_it():
    """A name typed in either form or carried by a link reaches the relay,
    the page's memory and its own checks by the relay's rule (core/names.py):
    no escape, bidi override or line break, at most 40 characters."""
    from support.online_wire import FakeSocket

    from netarcade.core.names import clean_name
    from netarcade.web.online.lobby import NAME_KEY

    sockets = []

    def connect(url, session):
        sockets.append(FakeSocket(session))
        return sockets[-1]

    async def scenario():  # the page's clock ticks in the loop the worker runs
        dirty = "\x1b[31m Ann\u202e\r\nLee\u200b " + "x" * 60
        clean = clean_name(dirty)
        assert clean == "[31m Ann Lee " + "x" * 27
        app, _ = start("#online=k7q2mx&name=" + "%1B%5B31m%20Ann%E2%80%AE%0D%0ALee", connect=connect)
        session = app.control.remote
        assert session._join_name == "[31m Ann Lee"  # a link's name
        session.on_open()
        app.handle({"kind": "submit", "form": "joinseat", "seq": 2, "values": {"name": dirty}})
        assert sockets[-1].sent[-1]["kind"] == "join" and sockets[-1].sent[-1]["name"] == clean
        assert app.stores["local"][NAME_KEY] == clean  # what the page remembers
        app.handle({"kind": "submit", "form": "joinroom", "seq": 3, "values": {"code": "k7q2mx", "name": dirty}})
        assert app.control.remote._join_name == clean
        app.handle({"kind": "submit", "form": "newgame", "game": "backbone", "seq": 4, "values": {},
                    "submitter": "online", "name": dirty})
        assert app.control.remote._create["name"] == clean

    asyncio.run(scenario())


def test_a_phone_is_told_to_tap_and_no_key_is_cited():
    """Issue 39, item 11: the words speak to the input in use (the page's ``touch``: no hover)."""
    phone, posted = start("#play=overwrite&seats=human,human&seed=3", touch=True, side="overwrite")
    desk, desk_posted = start("#play=overwrite&seats=human,human&seed=3", side="overwrite")
    said = ops(posted, "text", id="prompt")[-1]["text"]
    assert "(1-9)" in ops(desk_posted, "text", id="prompt")[-1]["text"]
    assert "pick one in the bank and lay it" in said and "(1-9)" not in said, said
    # a piece picked: a tap shows it, a second tap places it, and the prompt says so
    for app, sent in ((phone, posted), (desk, desk_posted)):
        sent.clear()
        app.handle({"kind": "cmd", "name": "pick", "value": "1", "seq": 2})
    said = ops(posted, "text", id="prompt")[-1]["text"]
    assert "tap a lit cell to see it there, then tap it again to place it" in said, said
    assert not re.search(r"\bclick|\bEsc\b|\bR turns", said), said
    assert "click a lit cell" in ops(desk_posted, "text", id="prompt")[-1]["text"]
    assert "phone" not in ops(desk_posted, "text", id="prompt")[-1]["text"]  # a desk is not told of taps
    cell = next(iter(phone.table.hints()["targets"]))  # a lit cell: the first tap only aims there
    posted.clear()
    phone.handle({"kind": "cmd", "name": "aim", "value": cell, "seq": 3})
    said = ops(posted, "text", id="prompt")[-1]["text"]
    assert f"tap {cell} again to place it there" in said, said
    # Breach on a phone: no key cited in the status or prompt
    phone, posted = start("#play=breach&seats=human,human&seed=3", touch=True, side="breach")
    said = ops(posted, "text", id="prompt")[-1]["text"]
    assert "Run Exploits refills" in said and "(R)" not in said and "(L)" not in said, said
