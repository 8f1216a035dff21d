"""The page's online session on CPython: a fake socket, frames made the way
the relay makes them (``Match`` views per observer), the controller with a
recording screen. The browser test plays the same through a real relay."""

from __future__ import annotations

import json
import re
import random
from pathlib import Path

import pytest

from netarcade.core import LowestSeat, Match
from netarcade.core.record import digest, encode_record
from netarcade.games import declared, get_game
from netarcade.web.online import lobby
from netarcade.web import pages
from netarcade.web.controller import Controller
from netarcade.web.online.fairdice import commitment_of, verify_reveal
from netarcade.web.online.online import backoff, online_code
from support.online_wire import ROOM, Recording, Wire, finished_game, state_frame
from support.playing import turns


def test_codes_and_backoff():
    assert online_code("k7q2mx") == "K7Q2MX"
    assert online_code("K7Q0MX") is None and online_code("") is None
    assert [backoff(n) for n in (1, 2, 3, 9)] == [0.5, 1.0, 2.0, 8.0]
    assert lobby.parse_fragment("online=k7q2mx&name=Bo%20b") == ("K7Q2MX", "Bo b")


def test_a_code_is_read_as_the_relay_reads_it():
    """docs/relay.md, "Room codes": a typed or linked code has its ASCII
    letters upper-cased (and, typed, its spaces trimmed); no other letter
    becomes one of the alphabet (``"ſ".upper()`` is ``"S"``)."""
    assert online_code(" k7Q2mx\t") == "K7Q2MX"
    assert lobby.join_values({"code": "k7q2mx ", "name": " Ann "}) == ("K7Q2MX", "Ann")
    for text in ("k7q2mſ", "K7Q2Mſ", "ﬀ7Q2M", "k7q2m\u0131"):
        assert online_code(text) is None, text
        assert lobby.parse_fragment(f"online={text}") == (None, None)


def test_verify_reveal_accepts_the_truth_and_nothing_else():
    game, match = finished_game()
    salt = "ab" * 16
    reveal = {"seed": str(match.seed), "salt": salt, "record": encode_record(match.record()),
              "digest": digest(game, match.state)}
    commitment = commitment_of("netcontrol", match.seed, salt)
    verdict = verify_reveal("netcontrol", commitment, reveal, match.version)
    assert verdict.ok and verdict.actions == tuple(match.actions)
    assert not verify_reveal("netcontrol", commitment, {**reveal, "salt": "cd" * 16}).ok
    assert not verify_reveal("netcontrol", commitment, {**reveal, "digest": "0" * 64}).ok
    assert not verify_reveal("netcontrol", commitment, reveal, match.version + 1).ok
    assert not verify_reveal("netcontrol", commitment, {**reveal, "record": "@@"}).ok


def test_create_join_play_refuse_and_reconnect():
    wire = Wire()
    session = wire.session()
    kinds = ["human", "human", "greedy"]
    session.create("netcontrol", kinds, {"players": 3}, "Ann")
    socket = wire.sockets[0]
    session.on_open()
    assert socket.sent[0]["kind"] == "create" and socket.sent[0]["name"] == "Ann"
    wire.deliver(session, {"kind": "created", "id": 1, "room": ROOM, "game": "netcontrol",
                           "options": {"players": 3, "radius": 2, "target": 10}, "seats": kinds,
                           "clock": 90.0, "commitment": "c0"})
    wire.deliver(session, {"kind": "joined", "id": 1, "room": ROOM, "seat": 0, "token": "tok", "name": "Ann"})
    assert json.loads(wire.storage[f"netarcade:seat:{ROOM}"]) == {"seat": 0, "token": "tok", "name": "Ann"}
    match = Match(get_game("netcontrol"), {"players": 3}, 5)
    wire.deliver(session, state_frame(match, 0, kinds, started=False))
    assert session.ready and not session.is_human_turn() and session.free_seats() == [1]
    assert session.names == ["You", "Player 2", "Greedy bot"]
    wire.deliver(session, state_frame(match, 0, kinds, kind="update", since=0))
    assert session.is_human_turn() and session.current == 0 and session.legal_texts("p1 node")
    assert session.link() == f"online={ROOM}"
    text = session.legal_texts()[0]
    session.play(text)
    act = socket.sent[-1]
    assert act == {"kind": "act", "room": ROOM, "seat": 0, "token": "tok", "action": text, "base": 0,
                   "v": 1, "id": act["id"]}
    assert session.pending and not session.is_human_turn()
    wire.deliver(session, {"kind": "error", "id": act["id"], "code": "bad-node",
                           "message": "v3 is too close to another node"})
    assert wire.heard[-1] == "refused" and session.refused.message == "v3 is too close to another node"
    assert session.is_human_turn()
    session.play(text)
    wire.deliver(session, {"kind": "ack", "id": socket.sent[-1]["id"], "room": ROOM, "version": 1})
    match.submit(0, text)
    wire.deliver(session, state_frame(match, 0, kinds, kind="update", since=0))
    assert session.version == 1 and len(session.log) == 1 and session.log[0].seat == 0
    # a dropped connection: back off, then resume with the last version seen
    wire.time += 30
    assert 59 < session.clock_left(0) < 61
    session.on_close(1006, "")
    assert session.conn.state == "reconnecting" and wire.timers[-1][0] == 0.5
    wire.timers[-1][1]()
    assert len(wire.sockets) == 2
    session.on_open()
    assert wire.sockets[1].sent[0] == {"kind": "resume", "room": ROOM, "seat": 0, "token": "tok",
                                       "since": 1, "v": 1, "id": wire.sockets[1].sent[0]["id"]}
    # another tab took the seat: say so, never retry by itself
    timers = len(wire.timers)
    session.on_close(4001, "seat opened elsewhere")
    assert session.conn.state == "elsewhere" and len(wire.timers) == timers


def test_open_resumes_a_stored_seat_and_watches_when_it_is_gone():
    wire = Wire()
    session, sent = wire.resuming(1, "old")
    assert sent[0]["kind"] == "resume" and sent[0]["seat"] == 1 and sent[0]["since"] == -1
    wire.deliver(session, {"kind": "error", "id": sent[0]["id"], "code": "bad-token", "message": "bad token"})
    assert f"netarcade:seat:{ROOM}" not in wire.storage and session.seat is None
    assert sent[-1]["kind"] == "watch"
    # a spectator's view, then joining by name takes the free seat
    match = Match(get_game("netcontrol"), {"players": 2}, 3)
    kinds = ["human", "human"]
    wire.deliver(session, state_frame(match, None, kinds))
    assert session.ready and session.seat is None and not session.is_human_turn()
    session.join("Bob")
    assert sent[-1] == {"kind": "join", "room": ROOM, "name": "Bob", "v": 1, "id": sent[-1]["id"]}
    wire.deliver(session, {"kind": "joined", "id": sent[-1]["id"], "room": ROOM, "seat": 1, "token": "new"})
    assert not session.ready  # the seat's own view comes next
    wire.deliver(session, state_frame(match, None, kinds, kind="update"))  # the old subscription: ignored
    assert not session.ready
    wire.deliver(session, state_frame(match, 1, kinds))
    assert session.ready and session.names[1] == "You"


def test_a_room_the_relay_removed_says_so():
    """docs/relay.md, "Room lifecycle": a waiting room expires while its
    creator waits (the relay pushes ``expired`` with the room), and a
    stored seat of a removed room is resumed: both show "This game is
    gone" with the relay's sentence, forget the seat and watch nothing."""
    wire = Wire()
    session = wire.session()
    kinds = ["human", "human"]
    session.create("backbone", kinds, {"players": 2}, "Ann")
    session.on_open()
    wire.deliver(session, {"kind": "created", "id": 1, "room": ROOM, "game": "backbone", "options": {"players": 2},
                           "seats": kinds, "clock": 90.0, "commitment": "c0"})
    wire.deliver(session, {"kind": "joined", "id": 1, "room": ROOM, "seat": 0, "token": "tok", "name": "Ann"})
    wire.deliver(session, state_frame(Match(get_game("backbone"), {"players": 2}, 5), 0, kinds, started=False))
    assert session.ready and f"netarcade:seat:{ROOM}" in wire.storage
    sentence = f"room {ROOM} expired: its game did not start within 10 min of its creation"
    wire.deliver(session, {"kind": "error", "code": "expired", "room": ROOM, "message": sentence})
    assert not session.ready and session.seat is None and f"netarcade:seat:{ROOM}" not in wire.storage
    card = lobby.card_html(session, "http://relay.example/")
    assert "This game is gone" in card and sentence in card
    # a seat kept from a room removed since: the resume is answered "expired", nothing is watched
    later, sent = wire.resuming()
    assert sent[-1]["kind"] == "resume"
    wire.deliver(later, {"kind": "error", "id": sent[-1]["id"], "code": "expired", "message": sentence})
    assert sent[-1]["kind"] == "resume" and later.seat is None and f"netarcade:seat:{ROOM}" not in wire.storage
    assert "This game is gone" in lobby.card_html(later, "http://relay.example/")


@pytest.mark.parametrize("game", declared())
def test_another_person_deciding_is_not_called_a_bot(game):
    """Issue 26: online, while Ann (a person) decided, the other player read
    "Ann is thinking… | Bots move with a short pause so you can follow"."""
    wire = Wire()
    session = wire.session()
    match = Match(get_game(game), {}, 5)
    ann = sorted(match.to_act())[0]
    kinds = ["human"] * match.options["players"]
    mine = (ann + 1) % len(kinds)
    session.create(game, kinds, {}, "Bo")
    session.on_open()
    wire.deliver(session, {"kind": "created", "id": 1, "room": ROOM, "game": game, "options": match.options,
                           "seats": kinds, "clock": 90.0, "commitment": "c0"})
    wire.deliver(session, {"kind": "joined", "id": 1, "room": ROOM, "seat": mine, "token": "tok", "name": "Bo"})
    frame = state_frame(match, mine, kinds)
    frame["seats"][ann]["name"], frame["seats"][mine]["name"] = "Ann", "Bo"
    wire.deliver(session, frame)
    table = pages.page_for(game).table(session)
    assert session.names[ann] == "Ann" and session.current == ann and not session.is_human_turn()
    assert table.status().endswith("Ann is thinking\u2026")
    assert table.prompt() == "Ann plays on their own screen; the move shows here when it is made."
    # a bot standing in for a player who left is a bot again
    frame["seats"][ann]["bot_now"] = True
    wire.deliver(session, frame)
    assert "own screen" not in pages.page_for(game).table(session).prompt()


def test_controller_puts_the_room_on_screen_with_the_games_table():
    wire = Wire()
    screen = Recording(wire)
    control = Controller(screen)
    control.route("#online=k7q2mx")
    session = control.remote
    assert session is not None and session.room == ROOM and control.table is None
    session.on_open()
    assert wire.sockets[0].sent[0]["kind"] == "watch"
    game, match = finished_game(3)
    kinds = ["human", "greedy"]
    salt = "ef" * 16
    commitment = commitment_of("netcontrol", match.seed, salt)
    early = Match(game, match.options, match.seed)
    wire.deliver(session, state_frame(early, None, kinds, commitment=commitment))
    assert type(control.table).__name__ == "NetControlTable" and screen.links[-1] == f"online={ROOM}"
    assert "is thinking" in control.table.status() or "place" in control.table.status()
    assert control.mode == "bot"  # the page never runs an online room's bots
    reveal = {"seed": str(match.seed), "salt": salt, "record": encode_record(match.record()),
              "digest": digest(game, match.state)}
    wire.deliver(session, state_frame(match, None, kinds, kind="update", since=0, commitment=commitment, reveal=reveal))
    assert session.over and session.verdict.ok
    assert screen.links[-1].startswith("play=netcontrol&seats=human,greedy&r=")
    assert [entry.text for entry in session.log] == match.actions
    assert "dice verified" in lobby.bar_html(session)
    control.command("undo")
    assert "no undo" in control.table.message
    # leaving for a local game closes the room for good
    control.route("#play=netcontrol&seats=human,greedy,greedy")
    assert control.remote is None and wire.sockets[0].closed


def test_the_log_shows_other_seats_moves_as_notation_before_the_reveal():
    """Each frame's ``moves``: a seat's log reads every move as the relay
    lets it (all public in Breach, D17); a resume keeps the moves before
    ``since``; a redacted move shows seat and verb; a frame without moves
    (an older relay) falls back to a summary of the events."""
    wire = Wire()
    control = Controller(Recording(wire))
    control.route(f"#online={ROOM}")
    session = control.remote
    session.on_open()
    game = get_game("breach")
    kinds = ["human", "human", "greedy"]
    match = Match(game, {"players": 3, "rounds": 8}, 4, actor=LowestSeat())
    rng = random.Random(4)
    wire.deliver(session, state_frame(match, None, kinds))
    seen = 0
    while match.version < 40 and not match.over:
        for seat in turns(match, 3):
            match.submit(seat, rng.choice(match.legal(seat)))
        wire.deliver(session, state_frame(match, None, kinds, kind="update", since=seen))
        seen = match.version
    assert [entry.text for entry in session.log] == match.actions
    assert [entry.seat for entry in session.log] == [game.parse_action(t).seat for t in match.actions]
    assert any(len(text.split()) > 2 for text in match.actions)  # moves with arguments, not bare verbs
    # the table's log panel prints them
    from netarcade.web.games.breach.views import log_panel
    assert type(control.table).__name__ == "BreachTable"
    html = log_panel(control.table)
    last = match.actions[-1].split(" ", 1)[1]
    assert last in html
    # a move the relay redacts for this observer shows as seat and verb
    match.submit(sorted(match.to_act())[0], rng.choice(match.legal(sorted(match.to_act())[0])))
    frame = state_frame(match, None, kinds, kind="update", since=seen)
    frame["moves"] = [{"v": match.version, "text": match.actions[-1].split()[0] + " discard"}]
    wire.deliver(session, frame)
    assert session.log[-1].text.endswith(" discard") and session.log[-1].seat == game.parse_action(match.actions[-1]).seat
    # a full resync starts the moves over; a relay that sends none gets event summaries
    frame = state_frame(match, None, kinds, kind="update")
    del frame["moves"]
    wire.deliver(session, frame)
    assert session.moves == {} and len(session.log) == match.version
    assert [entry.text for entry in session.log] != match.actions


def local_game(control, fragment: str, moves: int):
    """A local game on the controller, ``moves`` moves in (played by hand)."""
    control.route(fragment)
    session = control.table.session
    rng = random.Random(moves)
    for seat in turns(session.match, moves - session.version):  # the session's own policy: humans first
        legal = session.match.legal(seat)
        session.match.submit(seat, rng.choice([t for t in legal if not t.endswith(" end")] or legal))
    return session


def test_take_it_online_carries_a_backbone_game_on_and_deals_other_games_afresh():
    wire = Wire()
    screen = Recording(wire)
    control = Controller(screen)
    wire.storage["netarcade:name"] = "Ann"
    # Backbone (no hidden information, no chance): the seed and the moves go along
    local = local_game(control, "#play=backbone&seats=human,search&seed=31&map=seeded", 5)
    link = local.link()
    control.command("online-take")
    session = control.remote
    assert session is not None and session.carried == "position" and session.local_link == link
    session.on_open()
    create = wire.sockets[-1].sent[0]
    assert create["kind"] == "create" and create["game"] == "backbone"
    assert create["seats"] == ["human", "human"]  # the bot's seat is for the person you send the link to
    assert create["seed"] == "31" and create["actions"] == local.actions and create["name"] == "Ann"
    assert create["options"]["map"] == "seeded"
    wire.deliver(session, {"kind": "created", "id": create["id"], "room": ROOM, "game": "backbone",
                           "options": create["options"], "seats": create["seats"], "clock": 90.0, "commitment": "c0"})
    wire.deliver(session, {"kind": "joined", "id": create["id"], "room": ROOM, "seat": 0, "token": "t", "name": "Ann"})
    match = Match(get_game("backbone"), create["options"], 31, local.actions)
    wire.deliver(session, state_frame(match, 0, create["seats"], started=False))
    card = lobby.card_html(session, "http://x/#online=" + ROOM)
    assert 'data-carried="position"' in card and "from move 5" in card
    assert f'href="#{link}"'.replace("&", "&amp;") in card
    assert [entry.text for entry in session.log] == local.actions

    # Net Control (hidden cards): a fresh deal, same options, you keep your seat (P2 here)
    local = local_game(control, "#play=netcontrol&seats=greedy,human,greedy&seed=8&target=5", 3)
    assert control.remote is None  # the room above was left for the local game
    control.command("online-take")
    session = control.remote
    session.on_open()
    create = wire.sockets[-1].sent[0]
    assert "seed" not in create and "actions" not in create and session.carried == "fresh"
    assert create["seats"] == ["human", "human", "greedy"] and create["options"]["target"] == 5
    assert "name" not in create  # the creator's seat is not the first human one: joined after the first view
    wire.deliver(session, {"kind": "created", "id": create["id"], "room": ROOM, "game": "netcontrol",
                           "options": create["options"], "seats": create["seats"], "clock": 90.0, "commitment": "c0"})
    fresh = Match(get_game("netcontrol"), create["options"], 99)
    frame = state_frame(fresh, None, create["seats"], started=False)
    frame["seats"] = [{**seat, "joined": False, "connected": False, "name": None} for seat in frame["seats"]]
    wire.deliver(session, frame)
    join = wire.sockets[-1].sent[-1]
    assert join["kind"] == "join" and join["seat"] == 1 and join["name"] == "Ann"
    wire.deliver(session, {"kind": "joined", "id": join["id"], "room": ROOM, "seat": 1, "token": "t2", "name": "Ann"})
    wire.deliver(session, state_frame(fresh, 1, create["seats"], started=False))
    card = lobby.card_html(session, "http://x/#online=" + ROOM)
    assert 'data-carried="fresh"' in card and "fresh deal" in card

    # a finished local game is not taken online: the table says so and nothing is sent
    control.route("#play=backbone&seats=human,human&seed=2")
    local = control.table.session
    local.match.play_out(lambda seat: local.game.parse_action(f"p{seat + 1} end"))
    sockets = len(wire.sockets)
    control.command("online-take")
    assert control.remote is None and len(wire.sockets) == sockets
    assert "over" in control.table.message
    assert lobby.take_html(local) == ""


def test_the_offer_in_the_bar_says_what_taking_a_game_online_does():
    assert "carries on from this move" in lobby.take_html(_local("backbone"))
    assert "fresh deal" in lobby.take_html(_local("breach"))
    assert 'data-cmd="online-take"' in lobby.take_html(_local("overwrite"))


def _local(game_id):
    from netarcade.web.session import Session, new_setup
    return Session(new_setup(game_id, seed=1))


def test_the_join_form_offers_the_name_used_before():
    """A visitor's join form is filled with the name this browser used
    before (cleaned, escaped), and empty for a first visit."""
    wire = Wire()
    session = wire.session()
    session.open(ROOM)
    session.on_open()
    kinds = ["human", "human"]
    match = Match(get_game("backbone"), {}, 3)
    frame = state_frame(match, None, kinds, started=False)
    frame["seats"] = [{**seat, "joined": seat["seat"] == 0, "connected": seat["seat"] == 0} for seat in frame["seats"]]
    wire.deliver(session, frame)
    url = "http://x/#online=" + ROOM

    def name_box(card):
        return re.search(r'<input id="online-name"[^>]*>', card).group()

    assert 'class="joinseat"' in lobby.card_html(session, url)
    assert "value=" not in name_box(lobby.card_html(session, url))  # a first visit: empty
    assert 'value="Bo &quot;b&quot; &lt;3"' in name_box(lobby.card_html(session, url, name='Bo "b" <3'))
    assert 'value="Ann Lee"' in name_box(lobby.card_html(session, url, name="Ann\u202e\r\nLee"))


def test_a_late_frame_of_an_older_version_does_not_take_the_room_back():
    """docs/relay.md, "Frames across a failover": a late answer of a room's
    former owner may come after the new owner's frames. It answers its
    request; the page keeps the newer position."""
    wire = Wire()
    session, sent = wire.resuming()
    kinds = ["human", "human"]
    match = Match(get_game("netcontrol"), {"players": 2}, 3)
    old = state_frame(match, 0, kinds, since=-1)
    wire.deliver(session, state_frame(match, 0, kinds, id=sent[-1]["id"]))
    match.play(match.legal_actions(0)[0])
    newer = state_frame(match, 0, kinds, kind="update", since=match.version - 1)
    wire.deliver(session, newer)
    assert session.version == match.version == 1
    wire.deliver(session, old)  # version 0, after version 1
    assert session.version == 1 and session.frame["version"] == 1 and session.moves.get(1)
    wire.deliver(session, {**old, "resync": True})  # the relay says the room itself went back: follow it
    assert session.version == 0


def test_unavailable_makes_the_page_resume_by_itself():
    """docs/relay.md, "When a process dies": ``unavailable`` is the relay's
    "try again" (the room changed process, Redis was away). The page resumes
    on the open connection after a pause, for a refused resume as for a
    refused action, and says it is reconnecting until a frame comes."""
    wire = Wire()
    session, sent = wire.resuming()
    kinds = ["human", "human"]
    match = Match(get_game("netcontrol"), {"players": 2}, 3)
    wire.deliver(session, {"kind": "error", "id": sent[-1]["id"], "code": "unavailable",
                           "message": "room K7Q2MX moved to another relay process; try again"})
    assert session.seat == 0 and session.conn.state == "reconnecting" and wire.timers[-1][0] == backoff(1)
    assert session.error is None  # not a refusal to show: the page goes on by itself
    wire.timers[-1][1]()
    assert sent[-1] == {"kind": "resume", "room": ROOM, "seat": 0, "token": "tok", "since": -1, "v": 1,
                        "id": sent[-1]["id"]}
    wire.deliver(session, {"kind": "error", "id": sent[-1]["id"], "code": "unavailable", "message": "again"})
    assert wire.timers[-1][0] == backoff(2)  # the pause grows
    wire.timers[-1][1]()
    wire.deliver(session, state_frame(match, 0, kinds, id=sent[-1]["id"]))
    assert session.ready and session.conn.state == "open"
    # an action refused as unavailable: the refusal is shown, then the page resumes from what it saw
    text = session.legal_texts()[0]
    session.play(text)
    wire.deliver(session, {"kind": "error", "id": sent[-1]["id"], "code": "unavailable", "message": "moved"})
    assert wire.heard[-2:] == ["refused", "conn"] and session.refused.code == "unavailable"
    wire.timers[-1][1]()
    assert sent[-1]["kind"] == "resume" and sent[-1]["since"] == match.version
    # a join refused as unavailable is the player's to send again (the relay may have seated it)
    timers = len(wire.timers)
    session.seat = session.token = None
    session.join("Bob")
    wire.deliver(session, {"kind": "error", "id": sent[-1]["id"], "code": "unavailable", "message": "moved"})
    assert len(wire.timers) == timers and session.error.code == "unavailable"


def test_the_rooms_game_is_kept_for_the_first_paint_of_a_reload():
    """Issue 39, item 9: a reloaded Net Control room painted a Backbone board until Python was
    up; the page keeps each room's game (static/main/boot.js reads it before the first paint)."""
    wire = Wire()
    session, sent = wire.resuming(1, "tok")
    assert f"netarcade:room:{ROOM}" not in wire.storage
    match = Match(get_game("netcontrol"), {"players": 2}, 3)
    wire.deliver(session, state_frame(match, 1, ["human", "human"]))
    assert session.ready and wire.storage[f"netarcade:room:{ROOM}"] == "netcontrol"
    boot = (Path(__file__).resolve().parents[2] / "static" / "main" / "boot.js").read_text(encoding="utf-8")
    assert '"netarcade:room:" + room[2].toUpperCase()' in boot  # the key the boot script reads


def test_the_dice_verdict_in_the_online_bar_is_escaped_once():
    from types import SimpleNamespace

    message = "seat 2's reveal & commitment differ"
    session = SimpleNamespace(conn=SimpleNamespace(state="open", attempt=1), room=None, names=[], seats=[],
                              seat=None, ready=False, over=True,
                              verdict=SimpleNamespace(ok=False, message=message))
    html = lobby.bar_html(session)
    said = "seat 2&#39;s reveal &amp; commitment differ"
    assert f'title="{said}"' in html and f"dice NOT verified: {said}</span>" in html
