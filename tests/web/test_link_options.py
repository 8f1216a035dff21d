"""The first paint reads a link's options before Python is up
(``shell.LINK_OPTIONS_JS``): a small msgpack reader in JavaScript that reads
the record as ``core.record.decode_record`` does (not a search for bytes), run
here in Node with the pickers the build writes into static/main/boot.js."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from netarcade.core.record import Record, encode_record
from netarcade.web import shell

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def run(hashes: list[str]) -> list:
    """For each address: the options ``linkOptions`` reads and Net Control's board."""
    script = (f"var NA_PAGES = {shell._prepaint_pages()};\n"
              f"var hashes = {json.dumps(hashes)};\n"
              "console.log(JSON.stringify(hashes.map(function (h) {\n"
              "  return NA_PAGES.netcontrol.board(h, false); })));\n")
    out = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def link(options: dict, actions=(), seed=7) -> str:
    return "#play=netcontrol&r=" + encode_record(Record("netcontrol", options, seed, tuple(actions)))


def test_a_record_s_radius_picks_the_island_whatever_else_it_holds():
    hashes = [link({"players": 3, "radius": n, "target": 10}) for n in (1, 2, 3, 4)]
    # the radius after other options, a 64-bit seed, actions whose text holds the word
    hashes.append(link({"target": 12, "players": 4, "rules": 2, "radius": 3},
                       ["p1 radius", "p2 \u00e9 radius 4"] * 40, seed=2**64 - 1))
    hashes.append(link({"players": 3}))  # no radius: the default island
    assert run(hashes) == ["island-1", "island-2", "island-3", "island-4", "island-3", "island-2"]


def test_a_hand_written_radius_wins_and_garbage_gives_the_default():
    hashes = ["#play=netcontrol&radius=4", link({"radius": 1}) + "&radius=3", "#play=netcontrol&r=!!!",
              "#play=netcontrol&r=" + encode_record(Record("netcontrol", {"radius": 3}, 1, ()))[:9],
              "#play=netcontrol&radius=9", "#play=netcontrol&radius=%E0"]
    assert run(hashes) == ["island-4", "island-3", "island-2", "island-2", "island-2", "island-2"]
