"""A hostile world against a real relay: forged frames (wrong token, another
seat's, another room's, replayed frames, the wrong seat), bad frames
(oversized, not msgpack, deeply nested, wrong types, unknown kinds, text, a
flood over the rate limit) and a fuzz of malformed frames. Each gets an
error frame or a close with a reason; nothing changes; the relay stays up
and the other rooms see nothing."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest

from support.relay_harness import Client, RelayProcess, pack, run

FUZZ_FRAMES = int(os.environ.get("RELAY_FUZZ_FRAMES", "10000"))


async def two_player_room(url: str, game: str = "backbone"):
    creator = await Client.open(url)
    created = await creator.request({"kind": "create", "game": game, "seats": ["human", "human"]})
    room = created["room"]
    players = []
    for seat in (0, 1):
        client = await Client.open(url)
        joined = await client.request({"kind": "join", "room": room, "name": f"p{seat}"})
        players.append((client, joined["token"]))
    await players[0][0].wait_for(lambda f: f.get("kind") in ("state", "update") and f["started"] and f["legal"])
    await creator.close()
    return room, players


def updates(client: Client, room: str) -> int:
    return sum(1 for f in client.frames if f.get("kind") == "update" and f.get("room") == room)


async def version_of(url: str, room: str) -> tuple[int, dict]:
    watcher = await Client.open(url)
    state = await watcher.request({"kind": "watch", "room": room})
    await watcher.close()
    return state["version"], state["view"]


@pytest.fixture
def hostile(tmp_path):
    process = RelayProcess(tmp_path / "data")  # the default limits: 20 frames/s, bursts of 60
    yield process
    process.kill()


def test_forgery_is_refused_and_changes_nothing(hostile):
    async def scenario():
        url = hostile.url
        room, ((alice, a_token), (bob, b_token)) = await two_player_room(url)
        other, ((carol, c_token), _) = await two_player_room(url)
        version, view = await version_of(url, room)
        other_version, _ = await version_of(url, other)
        frame = alice.latest(room)
        action = frame["legal"][0]
        seen = (updates(alice, room), updates(bob, room), updates(carol, other))
        forged = [
            ({"seat": 0, "token": "not-a-token", "action": action}, "bad-token"),
            ({"seat": 0, "token": b_token, "action": action}, "bad-token"),  # another seat's token
            ({"seat": 0, "token": c_token, "action": action}, "bad-token"),  # another room's token
            ({"seat": 1, "token": b_token, "action": action}, "not-your-seat"),  # P1's action as P2
            ({"seat": 0, "token": a_token, "action": "p2 end"}, "not-your-seat"),  # the wrong seat in the text
            ({"seat": 7, "token": a_token, "action": action}, "bad-seat"),
            ({"seat": 0, "token": "", "action": action}, "bad-token"),
        ]
        for fields, code in forged:
            for sender in (alice, bob):
                answer = await sender.request({"kind": "act", "room": room, "base": version, **fields})
                assert answer["kind"] == "error" and answer["code"] == code, (fields, answer)
        for kind in ("start", "back", "legal", "resume"):
            answer = await bob.request({"kind": kind, "room": room, "seat": 0, "token": b_token})
            assert answer["code"] == "bad-token", answer
        # another room's seat token in its own room: refused in this one
        answer = await carol.request({"kind": "act", "room": room, "seat": 0, "token": c_token,
                                      "action": action, "base": version})
        assert answer["code"] == "bad-token"
        assert (await version_of(url, room)) == (version, view)
        assert (updates(alice, room), updates(bob, room), updates(carol, other)) == seen
        # a real move, then the very same bytes again: a replay is stale
        real = {"kind": "act", "v": 1, "room": room, "seat": 0, "token": a_token, "action": action,
                "base": version, "id": 999}
        await alice.send_raw(pack(real))
        ack = await alice.wait_for(lambda f: f.get("id") == 999)
        assert ack["kind"] == "ack" and ack["version"] == version + 1
        start = len(alice.frames)
        await alice.send_raw(pack(real))
        again = await alice.wait_for(lambda f: f.get("id") == 999, start=start)
        assert again["kind"] == "error" and again["code"] == "stale"
        assert (await version_of(url, room))[0] == version + 1
        assert (await version_of(url, other))[0] == other_version
        for client in (alice, bob, carol):
            await client.close()
    run(scenario(), 60)


def test_bad_frames_get_an_error_or_a_close(hostile):
    async def scenario():
        url = hostile.url
        room, ((alice, a_token), (bob, _)) = await two_player_room(url)
        version, view = await version_of(url, room)
        seen = updates(bob, room)
        probe = await Client.open(url)
        cases = [
            (b"\xc1\xc1", "not-msgpack"),
            (b"\x93\x01\x02", "not-msgpack"),  # valid msgpack, not a map
            (b"\x91" * 50_000 + b"\xc0", "not-msgpack"),  # deeper than msgpack's own stack
            (pack({"kind": "ping", "v": 1, "x": {"a": {"b": {"c": [1]}}}}), "too-deep"),
            (pack({"kind": "act", "v": 1, "room": room, "seat": "0", "token": a_token, "action": "p1 end",
                   "base": version}), "bad-field"),
            (pack({"kind": "act", "v": 1, "room": room, "seat": True, "token": a_token, "action": "p1 end",
                   "base": version}), "bad-field"),
            (pack({"kind": "act", "v": 1, "room": room, "seat": 0, "token": a_token, "action": "x" * 500,
                   "base": version}), "bad-field"),
            (pack({"kind": "act", "v": 1, "room": room, "seat": 0, "token": a_token, "action": "p1 fly",
                   "base": version}), "bad-notation"),
            (pack({"kind": "teleport", "v": 1}), "unknown-kind"),
            (pack({"kind": "ping", "v": 2}), "bad-version"),
            (pack({"kind": "ping"}), "bad-version"),
            (pack({1: 2}), "not-msgpack"),  # map keys are strings
            (pack({"kind": "join", "v": 1, "room": "NOPE", "name": "x"}), "no-room"),
            (pack({"kind": "create", "v": 1, "game": "chess", "seats": ["human"]}), "bad-game"),
            (pack({"kind": "create", "v": 1, "game": "backbone", "seats": ["human", "god"]}), "bad-seats"),
            (pack({"kind": "create", "v": 1, "game": "backbone", "seats": ["human"] * 2,
                   "options": {"target": "many"}}), "bad-options"),
            (pack({"kind": "create", "v": 1, "game": "backbone", "seats": ["human"] * 2, "clock": -1}), "bad-clock"),
            ("a text frame", "not-binary"),
        ]
        for data, code in cases:
            start = len(probe.frames)
            await probe.send_raw(data)
            answer = await probe.wait_for(lambda f: f.get("kind") == "error", 30, start)
            assert answer["code"] == code, (data[:40], answer)
        # oversized: the socket is closed with 1009 and a reason
        big = await Client.open(url)
        await big.send_raw(pack({"kind": "ping", "v": 1, "pad": "x" * 70_000}))
        for _ in range(600):  # waits for the close; the bound only matters on a failure
            if big.closed:
                break
            await asyncio.sleep(0.05)
        assert big.closed and big.closed[0] == 1009 and big.closed[1]
        # a flood: rate-limit errors, then a close with a reason
        flood = await Client.open(url)
        try:
            for index in range(400):
                await flood.send_raw(pack({"kind": "ping", "v": 1, "id": index}))
        except Exception:
            pass
        for _ in range(600):  # waits for the close; the bound only matters on a failure
            if flood.closed:
                break
            await asyncio.sleep(0.05)
        assert any(f.get("code") == "rate-limit" for f in flood.frames)
        assert flood.closed and flood.closed[0] == 1008 and flood.closed[1] == "rate limit"
        # nothing changed, the others saw nothing, the relay still plays
        assert (await version_of(url, room)) == (version, view)
        assert updates(bob, room) == seen
        frame = alice.latest(room)
        ack = await alice.request({"kind": "act", "room": room, "seat": 0, "token": a_token,
                                   "action": frame["legal"][0], "base": frame["version"]})
        assert ack["kind"] == "ack"
        assert hostile.alive()
        for client in (alice, bob, probe):
            await client.close()
    run(scenario(), 180)


def test_frame_errors_carry_the_frames_id(tmp_path):
    """docs/relay.md: an error carries the ``id`` of the frame it answers, also
    when the frame itself is refused (a client waiting on the id must hear).
    The relay refills a connection's bucket one frame in 100 s (``--rate
    0.01``, bursts of 60 as by default), so which of the flood's frames are
    refused does not depend on how fast a loaded machine sends them."""
    relay = RelayProcess(tmp_path / "data", "--rate", "0.01", "--burst", "60")

    async def scenario():
        probe = await Client.open(relay.url)
        cases = [
            ({"kind": "ping", "v": 1, "x": {"a": {"b": {"c": [1]}}}}, "too-deep"),
            ({"kind": "teleport", "v": 1}, "unknown-kind"),
            ({"v": 1}, "unknown-kind"),
            ({"kind": "ping", "v": 2}, "bad-version"),
            ({"kind": "ping"}, "bad-version"),
            ({"kind": "ping", "v": True}, "bad-version"),
            ({"kind": "ping", "v": 1, "admin": 1}, "bad-field"),  # unknown field
            ({"kind": "join", "v": 1, "room": "ABCDEF"}, "bad-field"),  # missing field
            ({"kind": "join", "v": 1, "room": 5, "name": "x"}, "bad-field"),  # wrong type
            ({"kind": "join", "v": 1, "room": "ABCDEF", "name": "x" * 201}, "bad-field"),  # too long
            ({"kind": "act", "v": 1, "room": "ABCDEF", "seat": 2**60, "token": "t", "action": "p1 end",
              "base": 0}, "bad-field"),  # out of range
        ]
        for index, (frame, code) in enumerate(cases):
            for request in (index, -index - 1, 2**53):
                start = len(probe.frames)
                await probe.send_raw(pack({**frame, "id": request}))
                answer = await probe.wait_for(lambda f: f.get("kind") == "error", 10, start)
                assert (answer["code"], answer.get("id")) == (code, request), (frame, answer)
        # an id that is itself the bad field, or a frame that is no map, has no id to carry
        for data in (pack({"kind": "ping", "v": 1, "id": "7"}), pack({"kind": "ping", "v": 1, "id": True}),
                     pack({"kind": "ping", "v": 1, "id": 2**53 + 1}), pack([{"id": 7}]), b"\xc1"):
            start = len(probe.frames)
            await probe.send_raw(data)
            answer = await probe.wait_for(lambda f: f.get("kind") == "error", 10, start)
            assert "id" not in answer, answer
        await probe.close()
        # past the rate limit a malformed frame's refusal carries its id too
        flood = await Client.open(relay.url)
        ids = list(range(10_000, 10_110))  # 110 frames: over the burst of 60, short of closing
        for request in ids:
            await flood.send_raw(pack({"kind": "teleport", "v": 1, "id": request}))
        await flood.wait_for(lambda f: f.get("id") == ids[-1], 10)
        errors = [f for f in flood.frames if f.get("kind") == "error"]
        assert [f["code"] for f in errors] == ["unknown-kind"] * 60 + ["rate-limit"] * 50
        assert [f.get("id") for f in errors] == ids
        await flood.close()
    try:
        run(scenario(), 60)
    finally:
        relay.kill()


def malformed(rng: random.Random, room: str, token: str) -> bytes | str:
    """One frame the relay must refuse without changing anything."""
    valid = {"kind": "act", "v": 1, "room": room, "seat": 0, "token": token + "x", "action": "p1 end", "base": 0}
    choice = rng.randrange(8)
    if choice == 0:
        return rng.randbytes(rng.randrange(1, 300))
    if choice == 1:  # a valid frame, truncated or with flipped bytes
        data = bytearray(pack(valid))
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data[:rng.randrange(1, len(data) + 1)])
    if choice == 2:  # fields of the wrong type
        frame = dict(valid)
        name = rng.choice(list(frame))
        frame[name] = rng.choice([None, True, 1.5, -1, 2**63, "", [], {}, b"\x00", "x" * 300, [[[[1]]]]])
        return pack(frame)
    if choice == 3:
        return pack({"kind": rng.choice(["", "ACT", "act ", "hello", "state", "update", "\x00"]), "v": 1})
    if choice == 4:  # nesting
        depth = rng.randrange(4, 2000)
        return b"\x81\xa1a" * depth + b"\xc0"
    if choice == 5:
        return "".join(chr(rng.randrange(32, 0x2000)) for _ in range(rng.randrange(1, 40)))
    if choice == 6:  # unknown fields, missing fields
        frame = dict(valid)
        frame.pop(rng.choice(list(frame)))
        frame[rng.choice(["x", "seed", "admin", "__class__"])] = 1
        return pack(frame)
    # msgpack that is not a map: ext types, huge claimed lengths
    return rng.choice([b"\xdd\xff\xff\xff\xff", b"\xdf\xff\xff\xff\xff", b"\xc7\x01\x01\x00", b"\xd4\xff\x00",
                       b"\xdb\xff\xff\xff\xff", pack([1, 2, 3]), pack("kind"), pack(None)])


def test_fuzz_of_malformed_frames(tmp_path):
    process = RelayProcess(tmp_path / "data", "--rate", "1000000", "--burst", "1000000")
    try:
        run(_fuzz(process), 150)
        assert process.alive()
    finally:
        process.kill()


async def _fuzz(process):
    url = process.url
    room, ((alice, a_token), (bob, _)) = await two_player_room(url)
    version, view = await version_of(url, room)
    seen = updates(bob, room)
    rng = random.Random(11)
    connections, per = 10, FUZZ_FRAMES // 10
    started = time.monotonic()

    async def one(index: int) -> int:
        client = await Client.open(url)
        answered = 0
        local = random.Random(rng.random())
        for batch in range(0, per, 100):
            for _ in range(100):
                await client.send_raw(malformed(local, room, a_token))
            marker = 10**6 + batch
            await client.send_raw(pack({"kind": "ping", "v": 1, "id": marker}))
            await client.wait_for(lambda f: f.get("id") == marker, 30)
            answered = sum(1 for f in client.frames if f.get("kind") == "error")
        await client.close()
        return answered

    answered = await asyncio.gather(*(one(i) for i in range(connections)))
    elapsed = time.monotonic() - started
    assert sum(answered) >= connections * per * 0.99, sum(answered)  # all refused (a rare mutation is a valid ping)
    assert elapsed < 120
    assert (await version_of(url, room)) == (version, view)
    assert updates(bob, room) == seen
    frame = alice.latest(room)
    ack = await alice.request({"kind": "act", "room": room, "seat": 0, "token": a_token,
                               "action": frame["legal"][0], "base": frame["version"]})
    assert ack["kind"] == "ack"
    await alice.close()
    await bob.close()
