"""Full online games through a real relay: Net Control (three players and a
spectator) and Breach (two players, a seated bot, a spectator), then every
frame checked against a replay of the revealed record: each seat got exactly
its own view, events, legal actions and moves as it may read them
(``Game.notation_for``), spectators the spectator view, and
no frame before the end held the seed, the salt or another seat's token.
Also: reconnection with the last version seen, two tabs on one seat."""

from __future__ import annotations

import asyncio

from support.relay_games import full_game
from support.relay_harness import Client, relay, run  # noqa: F401  (relay is a fixture)


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
