"""Taking a local game online through a real relay (docs/relay.md, "Take it
online"): ``create`` with the local game's ``seed`` and ``actions``.

A Backbone game in progress carries on in the room at the same position
(view and digest equal a local replay), its moves are journaled (a killed
and restarted relay has them), and the next move is the players'. A game
with hidden cards or chance (Net Control, Breach, Overwrite) is refused
with ``bad-record`` and nothing is created: the page that dealt it knows its
seed, so such a game goes online as a fresh deal. A record that does not
replay, a finished game and a seed without moves' game are refused too.
"""

from __future__ import annotations

import random


from netarcade.core import LowestSeat, Match, wire
from netarcade.games import get_game
from support.playing import turns
from support.relay_harness import Client, relay, run  # noqa: F401  (relay is a fixture)


def local_backbone(moves: int, seed: int = 5) -> Match:
    """A local Backbone game (seeded map) some moves in, played at random."""
    match = Match(get_game("backbone"), {"map": "seeded", "target": 12}, seed, actor=LowestSeat())
    rng = random.Random(seed)
    for seat in turns(match, moves):
        legal = [text for text in match.legal(seat) if not text.endswith(" end")] or match.legal(seat)
        match.submit(seat, rng.choice(legal))
    assert match.version == moves
    return match


def plain(data):
    return wire.unpack(wire.pack(data))


def test_a_backbone_game_in_progress_carries_on_in_a_room(relay):
    local = local_backbone(9)

    async def scenario():
        ann = await Client.open(relay.url)
        created = await ann.request({"kind": "create", "game": "backbone", "seats": ["human", "human"],
                                     "options": dict(local.options), "name": "Ann", "seed": str(local.seed),
                                     "actions": list(local.actions)})
        assert created["kind"] == "created", created
        room = created["room"]
        joined = await ann.wait_for(lambda f: f.get("kind") == "joined")
        state = await ann.wait_for(lambda f: f.get("kind") == "state")
        assert state["version"] == local.version == 9
        assert state["view"] == plain(local.view(0))
        assert [m["text"] for m in state["moves"]] == local.actions  # the log carries on too
        bob = await Client.open(relay.url)
        bob_joined = await bob.request({"kind": "join", "room": room, "name": "Bob"})
        assert bob_joined["kind"] == "joined" and bob_joined["seat"] == 1
        # every human seat is taken: the game starts where the local one stood
        seat = sorted(local.to_act())[0]
        player, token = (ann, joined["token"]) if seat == 0 else (bob, bob_joined["token"])
        frame = await player.wait_for(lambda f: f.get("kind") == "update" and f["started"] and f["legal"])
        assert frame["legal"] == local.legal(seat)
        move = frame["legal"][0]
        ack = await player.request({"kind": "act", "room": room, "seat": seat, "token": token, "action": move,
                                    "base": frame["version"]})
        assert ack["kind"] == "ack" and ack["version"] == 10
        local.submit(seat, move)
        for client in (ann, bob):
            await client.close()
        return room, joined["token"]

    room, token = run(scenario(), 60)
    relay.restart()  # the adopted moves are in the journal like any other

    async def after_restart():
        ann = await Client.open(relay.url)
        state = await ann.request({"kind": "resume", "room": room, "seat": 0, "token": token, "since": -1})
        assert state["kind"] == "state" and state["version"] == 10
        assert state["view"] == plain(local.view(0))
        assert [m["text"] for m in state["moves"]] == local.actions
        await ann.close()

    run(after_restart(), 60)


def test_games_with_hidden_cards_or_chance_and_bad_records_are_refused(relay):
    netcontrol = Match(get_game("netcontrol"), {"players": 2}, 3)
    netcontrol.submit(0, netcontrol.legal(0)[0])
    finished = Match(get_game("backbone"), {"target": 12}, 1, actor=LowestSeat())
    finished.play_out(lambda seat: finished.game.parse_action(f"p{seat + 1} end"))
    good = local_backbone(4)

    async def scenario():
        client = await Client.open(relay.url)
        base = {"kind": "create", "seats": ["human", "human"], "name": "Ann"}
        refusals = [
            ({"game": "netcontrol", "options": {"players": 2}, "seed": "3", "actions": list(netcontrol.actions)},
             "hidden cards or chance"),
            ({"game": "breach", "options": {"players": 2}, "seed": "3", "actions": []}, "hidden cards or chance"),
            ({"game": "overwrite", "options": {"players": 2}, "seed": "3"}, "hidden cards or chance"),
            ({"game": "backbone", "actions": list(good.actions)}, "needs its seed"),
            ({"game": "backbone", "options": dict(good.options), "seed": str(good.seed),
              "actions": [*good.actions[:-1], "p1 router a1", good.actions[-1]]}, "cannot be replayed"),
            ({"game": "backbone", "options": dict(good.options), "seed": "x1", "actions": []}, "seed"),
            ({"game": "backbone", "options": dict(good.options), "seed": str(good.seed), "actions": [7]}, "notation"),
            ({"game": "backbone", "options": {"target": 12}, "seed": "1", "actions": list(finished.actions)},
             "over"),
        ]
        for fields, words in refusals:
            answer = await client.request({**base, **fields})
            assert answer["kind"] == "error" and answer["code"] == "bad-record", (fields, answer)
            assert words in answer["message"], answer
        # nothing was created: no frame but the errors, and the relay still creates rooms
        assert not [f for f in client.frames if f.get("kind") in ("created", "joined", "state")]
        fresh = await client.request({**base, "game": "netcontrol", "options": {"players": 2}})
        assert fresh["kind"] == "created"
        state = await client.wait_for(lambda f: f.get("kind") == "state")
        assert state["version"] == 0
        await client.close()

    run(scenario(), 60)
