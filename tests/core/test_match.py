"""Match, the one game loop, and the parts of contract v2 it stands on."""

import pytest

from netarcade.core import TABLE, InvalidOption, InvalidRecord, Match, RandomActor
from netarcade.core.options import Option, validate_seed
from netarcade.core.prng import Rng
from netarcade.games import get_game
from support.playing import turns

NETCONTROL = get_game("netcontrol")
BACKBONE = get_game("backbone")


def test_option_combinations_are_refused_before_a_state_exists():
    with pytest.raises(InvalidOption) as caught:
        NETCONTROL.validate_options({"players": 5, "radius": 1})
    assert caught.value.name == "players" and "radius 1" in str(caught.value)
    assert NETCONTROL.validate_options({"players": 4, "radius": 1})["players"] == 4
    with pytest.raises(InvalidOption):
        Match(NETCONTROL, {"players": 6, "radius": 1}, 3)


@pytest.mark.parametrize("text", ["\u00b2", "\u0663", "1" * 21, "9" * 5000, "-1", "1.0", " ", "0x10"])
def test_seeds_are_ascii_digits_of_64_bits(text):
    with pytest.raises(InvalidOption) as caught:
        validate_seed(text)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("text", ["\u0663", "\u00b2", "9" * 5000, "1e3", True])
def test_integer_options_take_only_ascii_digits(text):
    with pytest.raises(InvalidOption) as caught:
        Option("target", "int", 10, minimum=3, maximum=20).coerce(text)
    assert len(str(caught.value)) < 200


def test_to_act_names_the_kind_of_decision():
    match = Match(NETCONTROL, {"players": 3}, 5)
    assert match.to_act() == {0: "setup"}
    rng = Rng(5)
    match.actor = RandomActor(rng)
    kinds = set()
    for seat in turns(match, 600):
        kinds.update(match.to_act().values())
        match.play(rng.choice(match.legal_actions(seat)))
    assert {"setup", "turn", "discard"} <= kinds


def test_pick_actor_draws_every_acting_seat():
    match = Match(NETCONTROL, {"players": 3}, 5)
    match.state.phase, match.state.owed = "discard", {0: 1, 1: 1, 2: 1}
    rng = Rng(1)
    assert {match.pick_actor(rng) for _ in range(60)} == {0, 1, 2}


def test_a_rules_bug_midway_through_perform_leaves_nothing_behind(monkeypatch):
    match = Match(BACKBONE, {}, 3)
    before, actions = match.digest(), list(match.actions)

    def half_a_move(state, action):
        state.bw[0] = 99  # changed, then the bug strikes
        raise ZeroDivisionError("a rules bug")

    monkeypatch.setattr(BACKBONE, "perform", half_a_move)
    with pytest.raises(ZeroDivisionError):
        match.submit(0, match.legal(0)[0])
    monkeypatch.undo()
    assert match.digest() == before and match.actions == actions and match.version == 0


def test_events_since_a_version_for_each_observer():
    rng = Rng(8)
    match = Match(NETCONTROL, {"players": 2}, 8, actor=RandomActor(rng))
    for seat in turns(match, 3000):
        if match.state.phase == "main" and any(a.verb == "draw" for a in match.legal_actions(match.state.current)):
            break
        legal = match.legal_actions(seat)
        match.play(next((a for a in legal if a.verb == "draw"), rng.choice(legal)))
    else:
        pytest.fail("no draw offered in the main phase")
    seat = match.state.current
    version = match.version
    match.submit(seat, f"p{seat + 1} draw")
    mine = match.events_since(version, seat)
    theirs = match.events_since(version, 1 - seat)
    spectator = match.events_since(version, None)
    assert [e["kind"] for e in mine] == ["draw", "drew"] and mine[1]["to"] == [seat]
    assert [e["kind"] for e in theirs] == ["draw"] == [e["kind"] for e in spectator]
    assert [e["kind"] for e in match.events_since(version, TABLE)] == ["draw", "drew"]
    assert all(e["v"] == version + 1 for e in mine)


def test_nothing_an_observer_is_handed_holds_the_seed():
    seed = 0xDEADBEEFCAFE1234
    match = Match(NETCONTROL, {"players": 3}, seed)
    for observer in (None, TABLE, 0, 1, 2):
        assert str(seed) not in repr(match.view(observer))
        assert str(seed) not in repr(match.events_since(-1, observer))
    assert match.record().seed == seed
    assert len(match.seed_commitment()) == 64 and str(seed) not in match.seed_commitment()


def test_a_record_that_does_not_replay_says_which_action():
    with pytest.raises(InvalidRecord, match="action 2"):
        Match(BACKBONE, {}, 1, ["p1 end", "p1 end"])


def test_changes_counts_every_play_and_undo_even_where_the_version_repeats():
    match = Match(BACKBONE, {}, 2)
    seen = {match.changes}
    match.submit(0, match.legal(0)[0])
    seen.add(match.changes)
    match.undo()
    seen.add(match.changes)
    match.submit(0, match.legal(0)[-1])  # the same version as before, another position
    seen.add(match.changes)
    assert match.version == 1 and len(seen) == 4
