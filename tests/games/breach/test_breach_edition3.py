"""Breach rules edition 3 (docs/rules/breach.md, D35): edition 2 with tied
players as Pressure targets again, and the edition-2 links that must keep
replaying, as edition 2, to their digests.

``vectors/breach-links-v2.json`` was written by the arcade before edition 3
existed: edition-2 seed links of 2-5 players, halfway and finished, greedy
and random seats; the finished games marked "tie" reached a Modify where the
player to act held a Pressure Exploit and stood tied with another player (a
target edition 3 adds), "pressure" ones played Pressure."""

from __future__ import annotations

import json
import pathlib

import pytest

from support.breach_helpers import GAME, act, at, fresh, give, refused
from netarcade.core import decode_record, digest
from netarcade.games import replay
from netarcade.web.session import Session, decode_link

LINKS = json.loads((pathlib.Path(__file__).resolve().parents[2] / "vectors" / "breach-links-v2.json").read_text())


def targets(state, card="trace"):
    return [t.split()[-1] for t in (GAME.format_action(a) for a in GAME.legal_actions(state, state.current))
            if t.startswith(f"p{state.current + 1} play {card} ")]


# --- D35: tied players are Pressure targets ---------------------------------------------------


def test_D35_at_the_start_the_first_player_may_press_everyone_tied_at_the_edge():
    new, two = fresh(rules=3), fresh(rules=2)
    for state in (new, two):
        act(state, "p1 run")
        give(state, 0, ["trace", "lag"])
    assert targets(new) == ["p2", "p3"] and targets(new, "lag") == ["p2", "p3"]
    act(new, "p1 play trace p2")
    assert targets(two) == []  # D31: nobody is ahead at the Edge
    refused(two, "p1 play trace p2", "sole-leader")


def test_D35_co_leaders_press_each_other_and_the_sole_leader_has_no_target():
    state = fresh(rules=3)
    act(state, "p1 run")
    give(state, 0, ["trace"])
    at(state, 0, "5t"), at(state, 1, "5b"), at(state, 2, "6t")
    assert targets(state) == ["p2", "p3"]  # P2 tied (D35), P3 farther along
    at(state, 2, "2t")
    assert targets(state) == ["p2"]  # P1 and P2 lead together
    at(state, 1, "4t")
    error = refused(state, "p1 play trace p2", "sole-leader")  # P1 leads alone
    assert "sole leader" in str(error)


# --- the edition-2 links ---------------------------------------------------------------------


def test_the_kept_edition_2_links_cover_2_to_5_players_and_tied_pressure():
    players = {decode_link(e["link"])[0].options["players"] for e in LINKS}
    assert players == {2, 3, 4, 5}
    assert {"tie", "pressure"} <= set().union(*(e["shows"] for e in LINKS))


@pytest.mark.parametrize("entry", LINKS, ids=lambda e: f"{e['actions']}-{e['digest'][:8]}")
def test_an_edition_2_link_replays_as_edition_2_to_its_digest(entry):
    setup, actions = decode_link(entry["link"])
    assert setup.options["rules"] == 2 and len(actions) == entry["actions"]
    record = decode_record(entry["link"].split("&r=", 1)[1])
    assert record.options["rules"] == 2
    game, state = replay(record)
    assert state.rules == 2 and digest(game, state) == entry["digest"]
    if entry["shows"]:  # the page's session keeps the edition through its own link
        again = Session.from_link(Session.from_link(entry["link"]).link())
        assert again.match.options["rules"] == 2 and again.match.digest() == entry["digest"]
