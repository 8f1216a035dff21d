"""A full online game through real relays, every frame checked against a
replay of the revealed record (tests/relay/test_relay_games.py, and
tests/relay/test_relay_redis.py over two processes sharing Redis)."""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from bisect import bisect_right

from netarcade.core import Match, TABLE
from netarcade.core.record import decode_record, digest
from netarcade.games import replay
from support.relay_harness import Client, pack, play_seat, roundtrip


def check_frames(room: str, reveal: dict, observed: list[tuple[object, list[dict]]], tokens: dict[int, str]):
    """Every state/update frame of ``room`` equals what ``Match`` hands that observer at that version."""
    record = decode_record(reveal["record"])
    game, state = replay(record)
    assert digest(game, state) == reveal["digest"]
    seed, salt = int(reveal["seed"]), reveal["salt"]
    want = hashlib.sha256(f"netarcade-seed:v1:{record.game}:{seed}:{salt}".encode()).hexdigest()
    final = Match.from_record(game, record)
    match = Match(game, record.options, record.seed)
    expected = {}  # (version, observer) -> (view, legal)
    observers = {obs for obs, _ in observed}
    for version in range(len(record.actions) + 1):
        if version:
            match.submit(game.parse_action(record.actions[version - 1]).seat, record.actions[version - 1])
        for obs in observers:
            expected[version, obs] = (roundtrip(match.view(obs)),
                                      match.legal(obs) if obs is not None else [])
        assert match.view(TABLE)  # the table view exists at every version (what hidden parts are measured against)
    # every event and move each observer may see, once (a frame's are the slice after its ``since``)
    seen_events = {obs: roundtrip(final.events_since(-1, obs)) for obs in observers}
    seen_moves = {obs: roundtrip(final.moves_since(-1, obs)) for obs in observers}
    for obs, moves in seen_moves.items():
        for move in moves:
            whole = record.actions[move["v"] - 1]
            assert move["text"] == game.notation_for(whole, obs)
            assert move["text"] == whole or whole.startswith(move["text"] + " ")

    def between(items, since, version):
        return items[bisect_right(items, since, key=lambda e: e["v"]):bisect_right(items, version,
                                                                                  key=lambda e: e["v"])]
    checked = 0
    for obs, frames in observed:
        others = [t for seat, t in tokens.items() if seat != obs]
        for frame in frames:
            raw = pack(frame)
            if frame.get("kind") == "joined":
                assert frame["seat"] == obs
                continue
            for token in others:
                assert token.encode() not in raw, "another seat's token reached an observer"
            if frame.get("kind") not in ("state", "update") or frame.get("room") != room:
                continue
            assert frame["commitment"] == want
            version = frame["version"]
            if "reveal" not in frame:
                assert str(seed).encode() not in raw and salt.encode() not in raw
            view, legal = expected[version, obs]
            assert frame["view"] == view, f"view for {obs} at {version} differs from Match.view"
            if frame["started"]:
                assert frame["legal"] == legal
            assert frame["events"] == between(seen_events[obs], frame["since"], version)
            # other seats' moves as this observer may read them (whole or redacted), never more
            assert frame["moves"] == between(seen_moves[obs], frame["since"], version)
            checked += 1
    return checked


async def full_game(url, game_id: str, seats: list[str], options: dict, seed: int, seconds: float = 60):
    """``url``: one relay, or a list of relays sharing one store (clients take
    them in turn); the seats play for at most ``seconds``."""
    urls = [url] if isinstance(url, str) else list(url)
    rng = random.Random(seed)
    clients = {}
    creator = await Client.open(urls[0])
    created = await creator.request({"kind": "create", "game": game_id, "options": options, "seats": seats})
    assert created["kind"] == "created", created
    room = created["room"]
    tokens = {}
    for seat, kind in enumerate(seats):
        if kind == "human":
            client = await Client.open(urls[(seat + 1) % len(urls)])
            joined = await client.request({"kind": "join", "room": room, "name": f"player {seat}"})
            assert joined["kind"] == "joined" and joined["seat"] == seat
            clients[seat], tokens[seat] = client, joined["token"]
    watcher = await Client.open(urls[-1])
    assert (await watcher.request({"kind": "watch", "room": room}))["kind"] == "state"
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(play_seat(clients[s], room, s, tokens[s], random.Random(rng.random()), deadline)
                           for s in clients))
    await watcher.wait_for(lambda f: f.get("kind") == "update" and f["view"]["over"], 15)
    await creator.wait_for(lambda f: f.get("kind") in ("update", "state") and f["view"]["over"], 15)
    reveal = clients[min(clients)].latest(room)["reveal"]
    observed = [(s, c.frames) for s, c in clients.items()] + [(None, watcher.frames), (None, creator.frames)]
    checked = check_frames(room, reveal, observed, tokens)
    for client in [*clients.values(), watcher, creator]:
        await client.close()
    return checked, len(decode_record(reveal["record"]).actions)

