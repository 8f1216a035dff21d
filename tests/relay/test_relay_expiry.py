"""The room lifecycle with real relay processes (docs/relay.md, "Room
lifecycle"): a client fills ``--max-rooms`` with waiting rooms and finished
games, the relay is killed and restarted on the same journal, and after the
expiry a new room can be created; expired rooms are gone from the journal
(SQLite rows, Redis keys) and are not reloaded; a finished room is watched
with its reveal while kept and answers ``expired`` once removed; the
creation limits per connection and per address hold over real sockets; a
game in play whose players both left is finished by the stand-in bots
after ``--room-abandon``.

Nothing waits for wall-clock minutes: the times are relay options, set
long while the test needs a room to stay and short (0.5 s) when it needs
it gone; the test then waits for the event (a ``create`` accepted, a key
gone), polling with a bounded safety timeout."""

from __future__ import annotations

import time


from netarcade.relay.store import journal
from support.relay_expiry import CREATE, LONG, SHORT, WITHIN, finished, until
from support.relay_harness import NO_QUOTA, Client, RelayProcess, run


def restart(process: RelayProcess, wait: str, keep: str) -> None:
    """Kill the relay and start it on the same journal with other times (its first four arguments)."""
    assert process.args[0:3:2] == ["--room-wait", "--room-keep"]
    process.args[1], process.args[3] = wait, keep
    process.restart()


def test_the_limit_frees_up_across_restarts_sqlite(tmp_path):
    data = tmp_path / "data"
    process = RelayProcess(data, "--room-wait", LONG, "--room-keep", LONG, "--max-rooms", "3", *NO_QUOTA)
    try:
        async def fill():
            done, token = await finished(process.url)  # a finished game does not hold a place
            client = await Client.open(process.url)
            rooms = [(await client.request(CREATE))["room"] for _ in range(2)]
            rooms.append((await client.request({**CREATE, "name": "solo"}))["room"])  # joined, never started
            assert all(rooms), rooms
            full = await client.request(CREATE)
            assert (full["kind"], full["code"]) == ("error", "too-many-rooms"), full
            await client.close()
            return done, token, rooms
        done, token, waiting = run(fill(), 60)
        filled = time.time()

        # killed and restarted on the same journal: the waiting rooms still hold their places,
        # the finished one is not reloaded but is still watched (and resumed) with its reveal
        process.restart()
        assert "3 rooms reloaded" in process.serving

        async def kept():
            client = await Client.open(process.url)
            assert (await client.request(CREATE))["code"] == "too-many-rooms"
            state = await client.request({"kind": "watch", "room": done})
            assert state["kind"] == "state" and state["view"]["over"] and "reveal" in state, state
            resumed = await client.request({"kind": "resume", "room": done, "seat": 0, "token": token})
            assert resumed["kind"] == "state" and resumed["view"]["winners"] == [0]
            await client.close()
        run(kept(), 30)

        # restarted with short times: what expired while it was down is removed as it starts
        # (the rooms must be older than SHORT by then: on a fast machine they might not be yet)
        time.sleep(max(0.0, filled + 2 * float(SHORT) - time.time()))
        restart(process, SHORT, SHORT)
        book = journal(data / "relay.sqlite3")
        assert not set(book) & {done, *waiting}, sorted(book)
        assert "0 rooms reloaded" in process.serving

        async def freed():
            client = await Client.open(process.url)
            for room in (done, *waiting):
                answer = await client.request({"kind": "watch", "room": room})
                assert (answer["kind"], answer["code"]) == ("error", "expired"), answer
            # filled again while it runs: the sweep frees the places, and tells the rooms' subscribers
            creators = [await Client.open(process.url) for _ in range(3)]
            codes = [(await c.request(CREATE))["room"] for c in creators]
            extra = await Client.open(process.url)

            async def created():
                answer = await extra.request(CREATE)
                return answer if answer["kind"] == "created" else None
            await until(created, "a new room after the waiting rooms expired")
            for creator, code in zip(creators, codes):
                told = await creator.wait_for(lambda f: f.get("code") == "expired", WITHIN)
                assert told["room"] == code
                await creator.close()
            again, _token = await finished(process.url)  # kept 0.5 s, then removed while the relay runs

            async def gone():
                answer = await extra.request({"kind": "watch", "room": again})
                return answer if answer.get("code") == "expired" else None
            await until(gone, "the finished room removed")
            await extra.close()
            return codes, again
        codes, again = run(freed(), 90)
        process.kill()
        book = journal(data / "relay.sqlite3")
        assert not set(book) & {*codes, again}

        # one more restart: nothing expired comes back, and its code still says why
        process.restart()
        assert "rooms reloaded" in process.serving

        async def still_gone():
            client = await Client.open(process.url)
            for room in (done, waiting[0], codes[0], again):
                assert (await client.request({"kind": "watch", "room": room}))["code"] == "expired"
            await client.close()
        run(still_gone(), 30)
    finally:
        process.kill()


async def play_out(url: str, room: str) -> None:
    """Two players take the seats of a waiting two-seat room; the second resigns."""
    ann, bob = await Client.open(url), await Client.open(url)
    assert (await ann.request({"kind": "join", "room": room, "name": "ann"}))["kind"] == "joined"
    token = (await bob.request({"kind": "join", "room": room, "name": "bob"}))["token"]
    frame = await bob.wait_for(lambda f: f.get("kind") in ("state", "update") and f["started"])
    assert (await bob.request({"kind": "act", "room": room, "seat": 1, "token": token, "action": "p2 resign",
                               "base": frame["version"]}))["kind"] == "ack"
    await ann.close()
    await bob.close()


def test_creation_limits_over_real_sockets(tmp_path):
    process = RelayProcess(tmp_path / "data", "--rooms-per-connection", "2", "--rooms-per-address", "3",
                           "--creates-per-hour", "4")

    async def scenario():
        first, second = await Client.open(process.url), await Client.open(process.url)
        mine = [(await first.request(CREATE))["room"] for _ in range(2)]
        assert all(mine)
        answer = await first.request(CREATE)
        assert answer["code"] == "creation-limit" and "this connection" in answer["message"], answer
        assert (await second.request(CREATE))["kind"] == "created"
        answer = await second.request(CREATE)
        assert answer["code"] == "creation-limit" and "your address" in answer["message"], answer
        # a closed connection's rooms still count for its address
        await first.close()
        third = await Client.open(process.url)
        answer = await third.request(CREATE)
        assert answer["code"] == "creation-limit" and "your address" in answer["message"], answer
        # a finished game frees its place: a fourth creation, then the hourly bound (4)
        await play_out(process.url, mine[0])
        assert (await third.request(CREATE))["kind"] == "created"
        await play_out(process.url, mine[1])
        answer = await third.request(CREATE)
        assert answer["code"] == "creation-limit" and "4 rooms in the last hour" in answer["message"], answer
        for client in (second, third):
            await client.close()

    try:
        run(scenario(), 60)
    finally:
        process.kill()


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(tmp_path):
    """Behind a reverse proxy every connection comes from the proxy's address:
    with ``--trusted-proxy`` the per-address limit counts the client the proxy
    names in X-Forwarded-For; without it (or from an untrusted peer) the header
    counts for nothing."""
    def behind(client_ip):
        return {"additional_headers": {"X-Forwarded-For": f"198.51.100.9, {client_ip}"}}

    async def scenario(url, trusted):
        ann = await Client.open(url, **behind("203.0.113.1"))
        assert (await ann.request(CREATE))["kind"] == "created"
        answer = await ann.request(CREATE)
        assert answer["code"] == "creation-limit" and "your address" in answer["message"], answer
        bob = await Client.open(url, **behind("203.0.113.2"))
        answer = await bob.request(CREATE)
        await ann.close()
        await bob.close()
        return answer["kind"] == "created"

    for trusted in (True, False):
        process = RelayProcess(tmp_path / f"data-{trusted}", "--rooms-per-address", "1",
                               *(("--trusted-proxy", "127.0.0.1") if trusted else ()))
        try:
            assert run(scenario(process.url, trusted), 60) is trusted
        finally:
            process.kill()


def test_a_game_both_players_left_is_finished_by_the_stand_ins(tmp_path):
    """A day-long clock, both players gone: after ``--room-abandon`` the
    stand-in bots take both seats and play to the end; a spectator sees it
    end and the room's place is free (``--max-rooms 1``)."""
    process = RelayProcess(tmp_path / "data", "--room-abandon", SHORT, "--clock", "86400", "--bot-delay", "0",
                           "--max-rooms", "1", *NO_QUOTA)

    async def scenario():
        ann, bob, eve = [await Client.open(process.url) for _ in range(3)]
        room = (await ann.request({**CREATE, "name": "ann"}))["room"]
        await bob.request({"kind": "join", "room": room, "name": "bob"})
        await bob.wait_for(lambda f: f.get("kind") in ("state", "update") and f["started"])
        await eve.request({"kind": "watch", "room": room})
        full = await eve.request(CREATE)
        assert full["code"] == "too-many-rooms", full
        await ann.close()
        await bob.close()
        over = await eve.wait_for(lambda f: f.get("kind") == "update" and f["view"]["over"], timeout=WITHIN)
        assert all(seat["bot_now"] for seat in over["seats"]), over["seats"]
        assert (await eve.request(CREATE))["kind"] == "created"  # its place is free
        await eve.close()

    try:
        run(scenario(), 90)
    finally:
        process.kill()
