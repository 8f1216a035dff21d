"""Protocol edges against a real relay: names are cleaned before anyone sees
them (and when an old journal is reloaded), ``create`` refuses an
``options.players`` that is not the number of seats, ``join`` of a seat the
room does not have is ``bad-seat``, a room journaled with an unknown
stand-in bot still gets one, ``start`` is answered, a room code is read in
any case but only by its ASCII letters, a trusted proxy's
``X-Forwarded-For`` is read with ports and garbage, and a connection
follows the room it entered last."""

from __future__ import annotations

import sqlite3

import pytest

from support.relay_harness import NO_QUOTA, Client, RelayProcess, run

#: (sent, what every seat and spectator reads)
NAMES = [
    ("Ann\x00", "Ann"),
    ("\x1b[31mRed\x1b[0m\x07", "[31mRed[0m"),  # the escape and the bell go; the rest is plain text
    ("Bob\r\nCarol", "Bob Carol"),
    ("  \tDan \u00a0 Lee\u2028", "Dan Lee"),
    ("abc\u202edcba", "abcdcba"),  # right-to-left override
    ("\u2066Eve\u2069\u200e\u061c", "Eve"),  # isolates and marks
    ("Zo\u200be\ufeff\u00ad", "Zoe"),  # zero-width space, byte-order mark, soft hyphen
    ("\x85\x9bC1", "C1"),  # C1 controls (NEL, CSI)
    ("Cafe\u0301", "Caf\u00e9"),  # NFC
    ("x" * 200, "x" * 40),  # core.names.NAME_LIMIT
    ("\u200b\x00 \u202e", "P1"),  # nothing left: the seat's default
]


@pytest.fixture
def relay(tmp_path):
    process = RelayProcess(tmp_path / "data", "--rate", "1000", "--burst", "1000")
    yield process
    process.kill()


def test_the_rule_is_the_one_the_relay_documents():
    from netarcade.core.names import NAME_LIMIT, clean_name

    assert NAME_LIMIT == 40
    for sent, seen in NAMES[:-1]:
        assert clean_name(sent) == seen
    assert clean_name(NAMES[-1][0]) == ""


def test_names_are_cleaned_before_anyone_sees_them(relay, tmp_path):
    async def rooms():
        made = {}
        for sent, seen in NAMES:
            creator = await Client.open(relay.url)
            created = await creator.request({"kind": "create", "game": "backbone", "seats": ["human", "human"],
                                             "name": sent})
            joined = await creator.wait_for(lambda f: f.get("kind") == "joined")
            assert joined["name"] == seen, (sent, joined)
            watcher = await Client.open(relay.url)
            state = await watcher.request({"kind": "watch", "room": created["room"]})
            assert state["seats"][0]["name"] == seen, (sent, state["seats"])
            for client in (creator, watcher):
                await client.close()
            made[created["room"]] = seen
        return made

    made = run(rooms(), 60)
    db = sqlite3.connect(tmp_path / "data" / "relay.sqlite3")
    with db:
        held = dict(db.execute("SELECT code, name FROM seats WHERE seat = 0"))
    db.close()
    assert held == made  # the journal holds the cleaned name


async def ann_in_a_room(url: str, seats: list[str]) -> str:
    """A Backbone room with Ann in seat 0; its code."""
    client = await Client.open(url)
    created = await client.request({"kind": "create", "game": "backbone", "seats": seats, "name": "Ann"})
    await client.wait_for(lambda f: f.get("kind") == "joined")
    await client.close()
    return created["room"]


def edit_journal(relay: RelayProcess, sql: str, *args) -> None:
    """Change the stopped relay's journal with ``sql``, then start it again."""
    relay.kill()
    db = sqlite3.connect(relay.data / "relay.sqlite3")
    with db:
        db.execute(sql, args)
    db.close()
    relay.start()


def test_a_name_journaled_before_the_rule_is_cleaned_on_reload(relay):
    room = run(ann_in_a_room(relay.url, ["human", "human"]), 30)
    # as an older relay wrote it
    edit_journal(relay, "UPDATE seats SET name = ? WHERE code = ? AND seat = 0", "\x1b]0;pwned\x07Ann\u202e\n", room)

    async def watch():
        watcher = await Client.open(relay.url)
        state = await watcher.request({"kind": "watch", "room": room})
        await watcher.close()
        return state

    assert run(watch(), 30)["seats"][0]["name"] == "]0;pwnedAnn"


def test_players_must_be_the_number_of_seats(relay):
    async def scenario():
        client = await Client.open(relay.url)
        for players in (3, 1, "2", 2.0, True, None):
            answer = await client.request({"kind": "create", "game": "netcontrol", "seats": ["human", "human"],
                                           "options": {"players": players}})
            assert answer["kind"] == "error" and answer["code"] == "bad-options", (players, answer)
            assert "players" in answer["message"]
        created = await client.request({"kind": "create", "game": "netcontrol", "seats": ["human", "human"],
                                        "options": {"players": 2}})
        assert created["kind"] == "created" and created["options"]["players"] == 2
        await client.close()
    run(scenario(), 30)


def test_joining_a_seat_the_room_has_not_is_bad_seat(relay):
    async def scenario():
        creator = await Client.open(relay.url)
        created = await creator.request({"kind": "create", "game": "netcontrol", "seats": ["human", "greedy", "human"],
                                         "name": "Ann"})
        room = created["room"]
        await creator.wait_for(lambda f: f.get("kind") == "joined")
        bob = await Client.open(relay.url)
        for seat, code in ((7, "bad-seat"), (3, "bad-seat"), (-1, "bad-seat"), (1, "seat-taken"), (0, "seat-taken")):
            answer = await bob.request({"kind": "join", "room": room, "name": "Bob", "seat": seat})
            assert (answer["kind"], answer["code"]) == ("error", code), (seat, answer)
        state = await bob.request({"kind": "watch", "room": room})
        assert [s["name"] for s in state["seats"]] == ["Ann", None, None]  # nothing changed
        joined = await bob.request({"kind": "join", "room": room, "name": "Bob", "seat": 2})
        assert joined["kind"] == "joined" and joined["seat"] == 2
        for client in (creator, bob):
            await client.close()
    run(scenario(), 30)


def test_a_room_journaled_with_an_unknown_standin_gets_the_default(relay):
    """A relay that took ``--standin evil`` journaled it with each room; the
    stand-in must still play when such a room's seat misses three times."""
    room = run(ann_in_a_room(relay.url, ["human", "greedy"]), 30)
    # and a clock short enough for three misses at once
    edit_journal(relay, "UPDATE rooms SET standin = 'evil', clock = 0.05 WHERE code = ?", room)

    async def watch():
        watcher = await Client.open(relay.url)
        await watcher.request({"kind": "watch", "room": room})
        taken = await watcher.wait_for(lambda f: f.get("kind") == "update" and f["seats"][0]["bot_now"], 30)
        # the stand-in plays seat 0 on: the game moves past the clock's three turns
        await watcher.wait_for(lambda f: f.get("kind") == "update" and f["version"] >= taken["version"] + 10, 30)
        await watcher.close()

    run(watch(), 60)
    assert "bot failed" not in relay.stderr()


def test_start_is_answered_with_its_id(relay):
    """docs/relay.md: every frame that names a room gets an answer carrying
    its ``id``; ``start``'s is an ``ack`` with the room and its version,
    before the updates that show the game started (it had none)."""
    async def scenario():
        ann = await Client.open(relay.url)
        created = await ann.request({"kind": "create", "game": "backbone", "seats": ["human", "human"], "name": "Ann"})
        room = created["room"]
        joined = await ann.wait_for(lambda f: f.get("kind") == "joined")
        watcher = await Client.open(relay.url)
        assert not (await watcher.request({"kind": "watch", "room": room}))["started"]
        mark = len(ann.frames)
        answer = await ann.request({"kind": "start", "room": room, "seat": 0, "token": joined["token"]})
        assert (answer["kind"], answer["room"]) == ("ack", room), answer
        started = await ann.wait_for(lambda f: f.get("kind") == "update" and f["started"], start=mark)
        assert ann.frames.index(answer) < ann.frames.index(started)
        assert answer["version"] == started["version"]
        await watcher.wait_for(lambda f: f.get("kind") == "update" and f["started"])
        # a second start changes nothing and is answered too
        again = await ann.request({"kind": "start", "room": room, "seat": 0, "token": joined["token"]})
        assert (again["kind"], again["version"]) == ("ack", started["version"]), again
        # ``back`` is acknowledged with the room's version like ``start``
        back = await ann.request({"kind": "back", "room": room, "seat": 0, "token": joined["token"]})
        assert (back["kind"], back["room"], back["version"]) == ("ack", room, started["version"]), back
        for client in (ann, watcher):
            await client.close()
    run(scenario(), 30)


def test_a_room_code_is_read_in_any_case(tmp_path):
    """docs/relay.md, "Room codes": every frame that names a room reads its
    code with the ASCII letters upper-cased and answers with the code as
    dealt; a character that only Unicode upper-cases to a letter of the
    alphabet (``"ſ".upper()`` is ``"S"``) names no room."""
    relay = RelayProcess(tmp_path / "data", "--rate", "1000", "--burst", "1000", *NO_QUOTA)

    async def scenario():
        ann = await Client.open(relay.url)
        for _ in range(200):  # a room whose code holds an S (each does with odds of about 1 in 5)
            created = await ann.request({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
            if "S" in created["room"]:
                break
        room = created["room"]
        assert "S" in room, room
        typed = room.lower()
        joined = await ann.request({"kind": "join", "room": typed, "name": "Ann", "seat": 0})
        assert (joined["kind"], joined["room"]) == ("joined", room), joined
        token = joined["token"]
        seat = {"seat": 0, "token": token}
        answers = [await ann.request({"kind": "start", "room": typed, **seat}),
                   await ann.request({"kind": "resume", "room": room.capitalize(), **seat})]
        state = answers[-1]
        answers += [await ann.request({"kind": "legal", "room": typed, **seat}),
                    await ann.request({"kind": "act", "room": typed, **seat, "action": state["legal"][0],
                                       "base": state["version"]}),
                    await ann.request({"kind": "back", "room": typed, **seat})]
        watcher = await Client.open(relay.url)
        answers.append(await watcher.request({"kind": "watch", "room": typed}))
        assert [a["kind"] for a in answers] == ["ack", "state", "legal", "ack", "ack", "state"], answers
        assert all(a["room"] == room for a in answers), answers
        # the updates name the room as dealt too
        assert {f["room"] for f in ann.frames + watcher.frames if f.get("kind") == "update"} == {room}
        for other in (room.replace("S", "\u017f"), typed.replace("s", "\u017f")):
            for frame in ({"kind": "watch", "room": other}, {"kind": "join", "room": other, "name": "Eve"}):
                answer = await watcher.request(frame)
                assert (answer["kind"], answer["code"]) == ("error", "no-room"), (frame, answer)
        for client in (ann, watcher):
            await client.close()

    try:
        run(scenario(), 60)
    finally:
        relay.kill()


def test_a_forwarded_address_with_a_port_or_garbage(tmp_path):
    """docs/relay.md, "Room lifecycle": behind a trusted proxy a connection
    counts as the address ``X-Forwarded-For`` ends with, also when the
    proxy writes it with its port; an entry that is no address counts as
    the proxy itself, never as what the client wrote left of it."""
    relay = RelayProcess(tmp_path / "data", "--trusted-proxy", "127.0.0.1", "--rooms-per-address", "1",
                         "--rooms-per-connection", "0", "--creates-per-hour", "0")

    async def create(forwarded: str) -> str:
        client = await Client.open(relay.url, additional_headers={"X-Forwarded-For": forwarded})
        answer = await client.request({"kind": "create", "game": "backbone", "seats": ["human", "human"]})
        await client.close()
        return answer["kind"] if answer["kind"] == "created" else answer["code"]

    async def scenario():
        steps = [
            ("203.0.113.9:5123", "created"),
            ("203.0.113.9:6000", "creation-limit"),  # the same client, another port
            ("198.51.100.7, 203.0.113.9", "creation-limit"),  # what the client wrote left of it is not read
            ("[2001:db8::1]:443", "created"),
            ("2001:db8::2", "creation-limit"),  # the same /64
            ("garbage", "created"),  # no address: the proxy's own count
            ("198.51.100.7, garbage", "creation-limit"),  # the proxy again, not the address the client wrote
            ("203.0.113.9:99999999", "creation-limit"),  # no port: garbage
            ("unknown", "creation-limit"),
            ("198.51.100.7", "created"),  # never counted above
        ]
        got = [(forwarded, await create(forwarded)) for forwarded, _ in steps]
        assert got == steps

    try:
        run(scenario(), 60)
    finally:
        errors = relay.stop()
    assert "Traceback" not in errors, errors


def test_a_connection_follows_the_room_it_entered_last(relay):
    """docs/relay.md, "One room per connection": create, join, watch and
    resume move a connection's subscription to their room; a refused one
    leaves it; acting in another room with its seat's token is answered
    but brings none of that room's updates, and the seat shows
    disconnected until a resume."""
    async def scenario():
        ann, bob, carol = [await Client.open(relay.url) for _ in range(3)]
        first = (await ann.request({"kind": "create", "game": "backbone", "seats": ["human", "human"],
                                    "name": "Ann"}))["room"]
        token = (await ann.wait_for(lambda f: f.get("kind") == "joined"))["token"]
        await bob.request({"kind": "join", "room": first, "name": "Bob"})
        await bob.wait_for(lambda f: f.get("kind") == "update" and f["started"])
        # Ann creates a second room: she follows it, and no longer the first
        mark = len(bob.frames)
        second = (await ann.request({"kind": "create", "game": "backbone", "seats": ["human", "human"]}))["room"]
        await bob.wait_for(lambda f: f.get("kind") == "update" and not f["seats"][0]["connected"], start=mark)
        state = bob.latest(first)
        assert state["seats"][0]["joined"]  # the token still holds the seat
        # her move in the first room is answered; its updates go to Bob, not to her
        action = (await ann.request({"kind": "legal", "room": first, "seat": 0, "token": token}))["actions"][0]
        mark = len(ann.frames)
        ack = await ann.request({"kind": "act", "room": first, "seat": 0, "token": token, "action": action,
                                 "base": state["version"]})
        assert ack["kind"] == "ack", ack
        await bob.wait_for(lambda f: f.get("kind") == "update" and f["version"] == ack["version"])
        await ann.request({"kind": "ping"})  # anything queued for her before it has come
        assert not [f for f in ann.frames[mark:] if f.get("room") == first and f["kind"] == "update"]
        # a refused watch moves nothing: she still hears the second room
        assert (await ann.request({"kind": "watch", "room": "ZZZZZZ"}))["code"] == "no-room"
        mark = len(ann.frames)
        await carol.request({"kind": "join", "room": second, "name": "Carol"})
        await ann.wait_for(lambda f: f.get("kind") == "update" and f["room"] == second, start=mark)
        # resuming the first room moves her back: her seat is connected again
        mark = len(bob.frames)
        assert (await ann.request({"kind": "resume", "room": first, "seat": 0, "token": token}))["kind"] == "state"
        await bob.wait_for(lambda f: f.get("kind") == "update" and f["seats"][0]["connected"], start=mark)
        for client in (ann, bob, carol):
            await client.close()
    run(scenario(), 30)
