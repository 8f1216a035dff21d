"""Seed links made before engine contract v2 still open and replay to the same digest.

``vectors/links-v1.json`` was written by the arcade as it stood before the
contract changed (games of both titles, every map and island size, halfway
and finished); a link is a promise to the player who shared it.
"""

import json
import pathlib

import pytest

from netarcade.core import Match, decode_record, digest
from netarcade.games import get_game, replay
from netarcade.web.session import decode_link

LINKS = json.loads((pathlib.Path(__file__).resolve().parents[1] / "vectors" / "links-v1.json").read_text())


def test_the_kept_links_cover_both_games_halfway_and_finished():
    games = {entry["link"].split("&")[0] for entry in LINKS}
    assert games == {"play=backbone", "play=netcontrol"}
    assert len(LINKS) >= 16


@pytest.mark.parametrize("entry", LINKS, ids=lambda e: f"{e['link'][5:15]}-{e['actions']}")
def test_an_old_link_replays_to_its_old_digest(entry):
    setup, actions = decode_link(entry["link"])
    assert len(actions) == entry["actions"]
    match = Match(get_game(setup.game), setup.options, setup.seed, actions)
    assert match.digest() == entry["digest"]
    record = decode_record(entry["link"].split("&r=", 1)[1])
    game, state = replay(record)
    assert digest(game, state) == entry["digest"]
