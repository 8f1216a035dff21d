"""Full online games through a real relay: Net Control (three players and a
spectator) and Breach (two players, a seated bot, a spectator), then every
frame checked against a replay of the revealed record: each seat got exactly
its own view, events, legal actions and moves as it may read them
(``Game.notation_for``), spectators the spectator view, and
no frame before the end held the seed, the salt or another seat's token.
Also: reconnection with the last version seen, two tabs on one seat."""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from bisect import bisect_right

from netarcade.core import Match, TABLE
from netarcade.core.record import decode_record, digest
from netarcade.games import replay
from support.relay_harness import Client, pack, play_seat, relay, roundtrip, run  # noqa: F401  (relay is a fixture)


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


def test_netcontrol_three_players_and_a_spectator(relay):
    checked, actions = run(full_game(relay.url, "netcontrol", ["human"] * 3, {"target": 4}, 1), 100)
    assert actions > 20 and checked > actions


def test_breach_two_players_a_bot_and_a_spectator(relay):
    checked, actions = run(full_game(relay.url, "breach", ["human", "greedy", "human"], {"rounds": 6}, 2), 100)
    assert actions > 20 and checked > actions


def test_reconnect_and_two_tabs(relay):
    async def scenario():
        first = await Client.open(relay.url)
        created = await first.request({"kind": "create", "game": "backbone", "seats": ["human", "random"],
                                       "name": "ada"})
        assert created["kind"] == "created"
        joined = await first.wait_for(lambda f: f.get("kind") == "joined")
        room, token = joined["room"], joined["token"]
        state = await first.wait_for(lambda f: f.get("kind") in ("state", "update") and f["legal"])
        for _ in range(3):  # three moves; the bot answers after "end"
            frame = first.latest(room)
            action = frame["legal"][0]
            assert (await first.request({"kind": "act", "room": room, "seat": 0, "token": token, "action": action,
                                         "base": frame["version"]}))["kind"] == "ack"
            await first.wait_for(lambda f: f.get("kind") == "update" and f["legal"] and f["version"] > frame["version"])
        seen = state["version"]
        # a second tab on the same seat: the newest wins, the first is told and closed
        second = await Client.open(relay.url)
        resumed = await second.request({"kind": "resume", "room": room, "seat": 0, "token": token, "since": seen})
        assert resumed["kind"] == "state" and resumed["since"] == seen and "resync" not in resumed
        assert [e["v"] for e in resumed["events"]] and all(e["v"] > seen for e in resumed["events"])
        await first.wait_for(lambda f: f.get("code") == "superseded")
        for _ in range(50):
            if first.closed:
                break
            await asyncio.sleep(0.1)
        assert first.closed and first.closed[0] == 4001
        # a gap the relay cannot fill (a version it never had): a full resync
        third = await Client.open(relay.url)
        full = await third.request({"kind": "resume", "room": room, "seat": 0, "token": token, "since": 10**6})
        assert full["resync"] is True and full["since"] == -1 and full["events"][0]["v"] == 0
        for client in (second, third):
            await client.close()
    run(scenario(), 60)


def test_sigterm_while_bots_play_stops_them_before_the_journal_closes(tmp_path):
    """A relay stopped (SIGTERM) while a bots-only room plays: its bots stop
    before the journal closes, so nothing is written to a closed store and
    the relay stops without a traceback ("bot failed ... closed database"
    before the fix, in every run)."""
    from support.relay_harness import RelayProcess

    async def watch_bots_play(url):
        client = await Client.open(url)
        room = (await client.request({"kind": "create", "game": "breach", "seats": ["random"] * 3}))["room"]
        await client.request({"kind": "watch", "room": room})
        await client.wait_for(lambda f: f.get("kind") == "update" and f.get("version", 0) > 20)
        await client.close()

    process = RelayProcess(tmp_path / "data", "--bot-delay", "0")
    try:
        run(watch_bots_play(process.url), 60)
        errors = process.stop()
    finally:
        process.kill()
    assert "Traceback" not in errors and "bot failed" not in errors, errors[-600:]
