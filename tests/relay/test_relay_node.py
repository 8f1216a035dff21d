"""A client that is not ours: ``scripts/relay_client.mjs`` (Node, the npm
``ws`` and ``@msgpack/msgpack`` packages, written from docs/relay.md alone)
plays full games against bots through a real relay; the revealed seed
matches the commitment (the script checks) and the revealed record replays
to the revealed digest (checked here)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from netarcade.core.record import decode_record, digest
from netarcade.games import replay
from support.relay_harness import ROOT, relay  # noqa: F401  (relay is a fixture)

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (the Node client test needs it)")


@pytest.mark.parametrize("game, seats, options", [
    ("netcontrol", "human,greedy,greedy", {"target": 4}),
    ("breach", "human,greedy", {"rounds": 5}),
])
def test_node_client_plays_a_full_game(relay, game, seats, options):
    for package in ("ws", "@msgpack/msgpack"):
        assert (ROOT / "node_modules" / package / "package.json").exists(), \
            f"npm package {package} is missing: run `npm ci` (make test does)"
    done = subprocess.run([NODE, str(ROOT / "scripts" / "relay_client.mjs"), "--url", relay.url, "--game", game,
                           "--seats", seats, "--options", json.dumps(options), "--seed", "7", "--timeout", "60"],
                          capture_output=True, text=True, timeout=90, cwd=ROOT)
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["verified"] is True and summary["actions"] > 0
    record = decode_record(summary["record"])
    assert record.game == game and len(record.actions) == summary["version"]
    replayed_game, state = replay(record)
    assert digest(replayed_game, state) == summary["digest"]
    mine = [text for text in record.actions if text.startswith("p1 ")]
    assert len(mine) >= summary["actions"]  # every acknowledged action of ours is in the record
