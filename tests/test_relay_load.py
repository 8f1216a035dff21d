"""What the relay computes per frame, in process (no sockets): a seat's
view and legal actions are built once per position, however many frames
carry them (a seat connecting or leaving pushes every subscriber a frame),
and never outlive the position or the room's start.

The load figures themselves are ``scripts/bench_relay.py`` (``make bench``)."""

from __future__ import annotations

from collections import Counter

from netarcade.relay.room import Room
from netarcade.relay.store import Store


class Connection:
    """Stands for a client: what the room queued for it."""

    def __init__(self):
        self.frames: list[dict] = []


def test_views_are_built_once_per_position_and_follow_every_change(tmp_path):
    store = Store(tmp_path / "data")
    room = Room.create(store, lambda client, frame: client.frames.append(frame), "netcontrol", {},
                       ["human"] * 4, 90.0)
    built = Counter()
    view = room.match.view

    def counted_view(observer=None):
        built[observer, room.match.version] += 1
        return view(observer)

    room.match.view = counted_view
    tokens = [room.join(f"p{seat}", seat)[1] for seat in range(4)]
    assert room.started
    clients = [Connection() for _ in range(4)]
    for seat, client in enumerate(clients):
        room.subscribe(client, seat)
    spectator = Connection()
    room.subscribe(spectator, None)
    room.unsubscribe(clients[3])
    room.subscribe(clients[3], 3)
    # 4 + 1 subscribes and a leave pushed many frames, but each observer's view was built once
    assert built and all(count == 1 for count in built.values()), built
    assert sum(len(c.frames) for c in clients) > 8

    seat = sorted(room.match.to_act())[0]
    before = clients[seat].frames[-1]
    assert before["legal"] and before["version"] == 0
    room.act(seat, tokens[seat], before["legal"][0], 0)
    room.after_change()
    for index, client in enumerate(clients + [spectator]):
        frame = client.frames[-1]
        observer = index if index < 4 else None
        assert frame["version"] == 1 and frame["view"]["version"] == 1
        assert frame["view"] == room.match.view(observer)  # the new position's view, not the cached one
        assert frame["legal"] == (room.match.legal(observer) if observer is not None else [])
    assert clients[seat].frames[-1]["legal"] != before["legal"]
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
    for _ in range(12):
        seat = sorted(room.match.to_act())[0]
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
    assert room.match.undo(5) == 1

    reloaded = Room(store.load(room.code), store, lambda client, frame: None)
    assert reloaded.match.version == version and reloaded.match.undo(5) == 1
    store.close()
