"""Resigning online (B27, N33, O25): a seat resigns through the relay with its
own token, every subscriber hears it, and nobody resigns a seat that is not
theirs. In process (``Relay.handle`` and the frames it queues, msgpack
round-tripped), no sockets: the sockets are the other relay tests'."""

from __future__ import annotations

import asyncio

import pytest

from netarcade.relay.server import Relay
from support.relay_seat import Seat


def room_of(tmp_path, game: str, humans: int) -> tuple[Relay, str, list[Seat], list[str], Seat]:
    relay = Relay(data=str(tmp_path), bot_delay=0)
    seats = [Seat(relay, cid) for cid in range(1, humans + 1)]
    code = seats[0].send({"kind": "create", "game": game, "seats": ["human"] * humans})["room"]
    tokens = [seat.send({"kind": "join", "room": code, "name": f"p{i}", "seat": i})["token"]
              for i, seat in enumerate(seats)]
    # the relay's secret seed never deals a game that is over before the first
    # move: an Overwrite System Fail drawn first goes back (O26, the default edition)
    assert not seats[0].latest()["view"]["over"]
    watcher = Seat(relay, 99)
    watcher.send({"kind": "watch", "room": code})
    assert all(seat.latest()["started"] for seat in seats)
    return relay, code, seats, tokens, watcher


def act(seat: Seat, code: str, index: int, token: str, text: str) -> dict:
    return seat.send({"kind": "act", "room": code, "seat": index, "token": token, "action": text,
                      "base": seat.latest()["version"]})


def test_a_seat_resigns_online_and_nobody_resigns_for_it(tmp_path):
    async def body():
        relay, code, seats, tokens, watcher = room_of(tmp_path, "netcontrol", 3)
        match = relay.rooms[code].match
        version = match.version
        # another seat's action with one's own token, and one's own with another's token: refused, nothing changes
        refused = act(seats[0], code, 0, tokens[0], "p2 resign")
        assert (refused["kind"], refused["code"]) == ("error", "not-your-seat")
        refused = act(seats[0], code, 1, tokens[0], "p2 resign")
        assert (refused["kind"], refused["code"]) == ("error", "bad-token")
        assert match.version == version and not match.over and match.state.out == frozenset()
        # P2 resigns (not its turn: N33 lets any seat still playing leave at any moment)
        assert act(seats[1], code, 1, tokens[1], "p2 resign")["kind"] == "ack"
        for client in (*seats, watcher):
            frame = client.latest()
            assert frame["version"] == version + 1 and frame["view"]["out"] == [1] and not frame["view"]["over"]
            assert {"kind": "resign", "seat": 1} in [{k: e[k] for k in ("kind", "seat") if k in e}
                                                     for e in frame["events"]]
        again = act(seats[1], code, 1, tokens[1], "p2 resign")
        assert (again["kind"], again["code"]) == ("error", "resigned")
        # the last two: P1 resigns, P3 is the last runner left and wins; every frame says so, with the reveal
        assert act(seats[0], code, 0, tokens[0], "p1 resign")["kind"] == "ack"
        for client in (*seats, watcher):
            frame = client.latest()
            assert frame["view"]["over"] and frame["view"]["winners"] == [2] and "reveal" in frame
        late = act(seats[2], code, 2, tokens[2], "p3 resign")
        assert (late["kind"], late["code"]) == ("error", "game-over")
        relay.store.close()

    asyncio.run(body())


@pytest.mark.parametrize("game", ["backbone", "overwrite", "breach"])
def test_a_resignation_online_ends_a_two_seat_game_for_everyone(tmp_path, game):
    """B27, O25, D24: with two seats, the one left wins at once."""
    async def body():
        relay, code, seats, tokens, watcher = room_of(tmp_path, game, 2)
        assert act(seats[1], code, 1, tokens[1], "p2 resign")["kind"] == "ack"
        for client in (*seats, watcher):
            frame = client.latest()
            assert frame["view"]["over"] and frame["view"]["winners"] == [0] and "reveal" in frame
        relay.store.close()

    asyncio.run(body())
