"""The clock with a short time limit: a missed turn is played with the
game's default, misses count in a row, the third brings a stand-in bot that
plays on, and the seat is its player's again the moment they act (or send
``back``). A Breach block window that runs out is declined (``pass``)."""

from __future__ import annotations

from netarcade.games import get_game
from support.playing import turns
from support.relay_harness import Client, RelayProcess, run


def seat_info(frame, seat):
    return frame["seats"][seat]


def test_three_misses_bring_a_bot_and_acting_takes_the_seat_back(tmp_path):
    process = RelayProcess(tmp_path / "data", "--bot-delay", "0.25", "--rate", "1000", "--burst", "1000")

    async def scenario():
        client = await Client.open(process.url)
        await client.request({"kind": "create", "game": "backbone", "seats": ["human", "random"],
                              "clock": 0.4, "name": "ada"})
        joined = await client.wait_for(lambda f: f.get("kind") == "joined")
        room, token = joined["room"], joined["token"]
        first = await client.wait_for(lambda f: f.get("kind") in ("state", "update") and f["legal"])
        assert first["clocks"] and first["clocks"][0]["seat"] == 0 and 0 < first["clocks"][0]["left"] <= 0.4
        # nobody plays seat 0: three misses in a row, each played with "end". Between two misses
        # the random bot plays its whole turn at 0.25 s an action, and a random turn can be long:
        # the waits allow for that rather than for the clock alone
        for miss in (1, 2, 3):
            frame = await client.wait_for(lambda f: f.get("kind") == "update" and seat_info(f, 0)["misses"] == miss,
                                          30)
            assert any(e.get("seat") == 0 and e["kind"] == "pass" for e in frame["events"]), frame["events"]
        assert seat_info(frame, 0)["bot_now"] is True
        # the stand-in plays seat 0 on: more actions of seat 0 arrive without its player
        start = len(client.frames)
        await client.wait_for(lambda f: f.get("kind") == "update" and any(
            e.get("seat") == 0 and e["kind"] == "build" for e in f["events"]) or (
            f.get("kind") == "update" and f["version"] >= frame["version"] + 4), 10, start)
        assert seat_info(client.latest(room), 0)["bot_now"] is True
        # the player acts while it is seat 0's turn (the stand-in waits its bot delay): the seat is theirs again
        for _ in range(40):
            latest = await client.wait_for(lambda f: f.get("kind") == "update" and f["legal"], 10, len(client.frames))
            mark = len(client.frames)
            answer = await client.request({"kind": "act", "room": room, "seat": 0, "token": token,
                                           "action": latest["legal"][-1], "base": latest["version"]})
            if answer["kind"] == "ack":
                break
        assert answer["kind"] == "ack", answer
        after = await client.wait_for(lambda f: f.get("kind") == "update" and f["version"] >= answer["version"])
        assert seat_info(after, 0)["bot_now"] is False and seat_info(after, 0)["misses"] == 0
        # missing again counts from zero; "back" also takes the seat back without a move
        frame = await client.wait_for(lambda f: f.get("kind") == "update" and seat_info(f, 0)["misses"] == 1, 30,
                                      mark)
        assert seat_info(frame, 0)["bot_now"] is False
        await client.wait_for(lambda f: f.get("kind") == "update" and seat_info(f, 0)["bot_now"], 60)
        mark = len(client.frames)
        assert (await client.request({"kind": "back", "room": room, "seat": 0, "token": token}))["kind"] == "ack"
        back = await client.wait_for(lambda f: f.get("kind") == "update" and not seat_info(f, 0)["bot_now"], 5, mark)
        assert seat_info(back, 0)["misses"] == 0
        await client.close()

    try:
        run(scenario(), 240)
    finally:
        process.kill()


def test_breach_block_window_times_out_to_pass(tmp_path):
    assert get_game("breach").timeout_verbs[0] == "pass"
    process = RelayProcess(tmp_path / "data", "--bot-delay", "0", "--rate", "1000", "--burst", "1000")

    async def scenario():
        client = await Client.open(process.url)
        # a seat that never plays, against three bots that do: the clock plays every decision it gets
        await client.request({"kind": "create", "game": "breach", "seats": ["human", "greedy", "greedy"],
                              "options": {"rounds": 5}, "clock": 0.1, "name": "idle"})
        joined = await client.wait_for(lambda f: f.get("kind") == "joined")
        await client.wait_for(lambda f: f.get("kind") == "update" and f["view"]["over"], 40)
        await client.close()
        return joined["room"]

    try:
        room = run(scenario(), 60)
        process.kill()
        import sqlite3
        db = sqlite3.connect(tmp_path / "data" / "relay.sqlite3")
        rows = list(db.execute("SELECT text, source FROM actions WHERE code = ? AND seat = 0 ORDER BY n", (room,)))
        clock = [text for text, source in rows if source == "clock"]
        assert clock, rows
        # seat 0 misses in a row, so after three the stand-in takes over; the clock's moves are the defaults
        assert any(source == "bot" for _text, source in rows)
        assert all(" block " not in text for text in clock)
    finally:
        process.kill()


def test_breach_block_window_times_out_to_pass_in_a_room(tmp_path):
    """Deterministic: a Breach position where seat 0 holds a block window
    (``response``, with ``block`` among its legal actions) is loaded into a
    room; its clock runs out; the relay plays exactly ``p1 pass`` for it, as
    docs/relay.md says, journals it as a clock move and counts one miss."""
    import random
    import time

    from netarcade.core import LowestSeat, Match
    from netarcade.games import get_game
    from netarcade.relay.room import Room
    from netarcade.relay.store import Store, StoredRoom

    game = get_game("breach")
    options = game.validate_options({"players": 3, "rounds": 6})
    for seed in range(1, 200):  # random play until seat 0 may block (seed 2 gets there at version 33)
        match, rng = Match(game, options, seed, actor=LowestSeat()), random.Random(seed)
        for seat in turns(match, 3000):
            if match.to_act().get(0) == "response" and any(" block " in t for t in match.legal(0)):
                break
            match.submit(seat, rng.choice(match.legal(seat)))
        if match.to_act().get(0) == "response":
            break
    assert match.to_act() == {0: "response"}, "no block window found"
    window = match.version
    store = Store(tmp_path / "data")
    stored = StoredRoom("BLOCK2", "breach", options, seed, "00" * 16, 0.1, "greedy", True, False,
                        [{"kind": "human", "name": "idle", "token_hash": "x"}, {"kind": "random"}, {"kind": "random"}])
    store.create_room(stored)
    for version, text in enumerate(match.actions, start=1):
        store.append("BLOCK2", version, game.parse_action(text).seat, text, "player", False)
    stored.actions = [(game.parse_action(t).seat, t, "player") for t in match.actions]
    room = Room(stored, store, lambda client, frame: None)
    assert room.match.version == window and 0 in room.deadlines  # the window's clock runs
    room.tick(time.monotonic() + 1)  # no event loop: the bots do not move, only the clock
    assert room.match.actions[window] == "p1 pass", room.match.actions[window:]
    assert room.seats[0].misses == 1 and not room.seats[0].bot_now
    rows = list(store.db.execute("SELECT n, text, source FROM actions WHERE code = 'BLOCK2' AND n > ?", (window,)))
    assert rows == [(window + 1, "p1 pass", "clock")]
    store.close()
