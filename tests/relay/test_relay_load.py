"""What the relay computes and keeps per frame, in process (no sockets):
a round of frames builds each observer's view once (spectators share one)
and keeps none after it; views never outlive the position or the room's
start; a room keeps one undo point.

The load figures themselves are ``scripts/bench/relay.py`` (``make bench``)."""

from __future__ import annotations

from collections import Counter

from netarcade.relay.room import Room
from netarcade.relay.store import Store
from support.playing import turns


class Connection:
    """Stands for a client: what the room queued for it."""

    def __init__(self):
        self.frames: list[dict] = []


def test_a_push_builds_each_observers_view_once_and_keeps_none(tmp_path):
    store = Store(tmp_path / "data")
    room = Room.create(store, lambda client, frame: client.frames.append(frame), "netcontrol", {},
                       ["human"] * 4, 90.0)
    built = Counter()
    view = room.match.view

    def counted_view(observer=None):
        built[observer] += 1
        return view(observer)

    room.match.view = counted_view
    tokens = [room.join(f"p{seat}", seat)[1] for seat in range(4)]
    assert room.started
    clients = [Connection() for _ in range(4)]
    for seat, client in enumerate(clients):
        room.subscribe(client, seat)
    spectators = [Connection() for _ in range(5)]
    for spectator in spectators:
        room.subscribe(spectator, None)
    built.clear()
    room.subscribe(Connection(), 2)  # a second tab on seat 2: its state, then everyone's update
    # one view per observer for the whole round (its state frame's view is reused by the push;
    # five spectators share one), and nothing is kept after it
    assert built == Counter({0: 1, 1: 1, 2: 1, 3: 1, None: 1}), built
    assert room._seen == {}
    assert all(s.frames[-1]["view"] is spectators[0].frames[-1]["view"] for s in spectators)

    seat = sorted(room.match.to_act())[0]
    before = clients[seat].frames[-1]
    assert before["legal"] and before["version"] == 0
    room.act(seat, tokens[seat], before["legal"][0], 0)
    room.after_change()
    for index, client in enumerate(clients[:2] + clients[3:] + spectators[:1]):
        frame = client.frames[-1]
        observer = [0, 1, 3, None][index]
        assert frame["version"] == 1 and frame["view"]["version"] == 1
        assert frame["view"] == view(observer)  # the new position's view
        assert frame["legal"] == (room.match.legal(observer) if observer is not None else [])
    store.close()


def test_legal_actions_appear_when_the_room_starts(tmp_path):
    store = Store(tmp_path / "data")
    room = Room.create(store, lambda client, frame: client.frames.append(frame), "backbone", {},
                       ["human", "human"], 90.0)
    first = Connection()
    room.join("p0", 0)
    room.subscribe(first, 0)
    assert not room.started and first.frames[-1]["legal"] == []
    room.join("p1", 1)  # the last seat taken starts the room at the same version
    assert room.started and room.match.version == 0
    assert first.frames[-1]["legal"] == room.match.legal(0) != []
    store.close()


def test_a_room_keeps_one_undo_point_and_still_undoes_a_refused_write(tmp_path):
    store = Store(tmp_path / "data")
    room = Room.create(store, lambda client, frame: None, "netcontrol", {}, ["human"] * 4, 90.0)
    tokens = [room.join(f"p{seat}", seat)[1] for seat in range(4)]
    for seat in turns(room.match, 12):  # the room's own policy: the lowest seat
        room.act(seat, tokens[seat], room.match.legal(seat)[0], room.match.version)
    digest, version = room.match.digest(), room.match.version

    def refuse(*args):
        raise OSError("disk full")

    room.store.append = refuse  # the journal refuses the next action: it is undone exactly
    seat = sorted(room.match.to_act())[0]
    try:
        room.act(seat, tokens[seat], room.match.legal(seat)[0], version)
    except OSError:
        pass
    else:
        raise AssertionError("the refused write was not reported")
    assert (room.match.digest(), room.match.version) == (digest, version)
    # one undo point, not one per action (each is a whole state copy)
    assert room.match.undo(5) <= 1  # the refused write used the one point (undo=1)

    reloaded = Room(store.load(room.code), store, lambda client, frame: None)
    assert reloaded.match.version == version and reloaded.match.undo(5) == 1
    store.close()
