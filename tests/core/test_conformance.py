"""The conformance suite: the gate every registered game passes (OpenSpiel style).

Random actors are drawn from ``to_act`` (never the lowest seat first); every
reached position checks the contract: ``check`` agrees with the legal list,
also for malformed and wrongly typed actions; a refused action leaves the
digest unchanged; views carry the envelope, survive a real msgpack round trip
unchanged and render for every observer kind; a determinized world looks
the same to its seat; and no event handed to a seat tells it anything its
view hides.
"""

from __future__ import annotations

import dataclasses
import importlib

import msgpack
import pytest

from netarcade.core import DECISIONS, TABLE, IllegalAction, InvalidNotation, Match, RandomActor, digest, events_for
from netarcade.core.game import ENVELOPE_KEYS
from netarcade.core.prng import Rng
from netarcade.games import all_games
from netarcade.games.registry import page_packages
from support.playing import turns

GAMES = all_games()
#: values no action field should ever hold; ``check`` must refuse each one cleanly
GARBAGE = (True, False, None, 1.5, -1, 10**9, "", "x", (2.0, 0.0), (0, 0, 0), [], {}, (True, 1))


def observers(game, state):
    return [None, TABLE, *range(game.players(state))]


def packed(data):
    """``data`` after a real msgpack round trip (as a relay frame carries it)."""
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


def walk(game, seed, steps, options=None):
    """The matches reached by random actors: acting seat drawn at random,
    then a random legal action; yields the match before each action."""
    rng = Rng(seed)
    match = Match(game, options or {}, seed, actor=RandomActor(rng))
    for seat in turns(match, steps):
        yield match
        match.play(rng.choice(match.legal_actions(seat)))
    if not match.over:
        yield match


def garbled(action):
    """Copies of ``action`` with one field replaced by a wrong type or an
    out-of-range value (dataclass actions), and foreign objects."""
    yield None
    yield "p1 end"
    yield (action,)
    if dataclasses.is_dataclass(action):
        for field in dataclasses.fields(action):
            value = getattr(action, field.name)
            for bad in (*GARBAGE, *wrong_types(value)):
                yield dataclasses.replace(action, **{field.name: bad})


def wrong_types(value):
    """Look-alikes of a legal value: equal (and hashing equal) but of the
    wrong type, the kind of value that slips past ``in`` and ``==`` checks."""
    if type(value) is int:
        yield float(value)
        if value in (0, 1):
            yield bool(value)
    elif type(value) is tuple:
        yield list(value)
        if value and all(type(item) is int for item in value):
            yield tuple(float(item) for item in value)
            yield tuple(bool(item) if item in (0, 1) else item for item in value)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_declares_itself(game):
    assert game.id and game.title and 1 <= game.min_players <= game.max_players
    assert isinstance(game.hidden_information, bool) and isinstance(game.chance, bool)
    assert "players" in game.options.by_name
    assert game.validate_options({})["players"] >= game.min_players
    assert game.decisions and set(game.decisions) <= set(DECISIONS)
    assert all(isinstance(verb, str) and " " not in verb for verb in game.timeout_verbs)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_actors_play_to_the_end(game):
    # the default table, then the largest one the game seats
    for seed, options in ((0, {}), (1, {"players": game.max_players})):
        rng = Rng(seed)
        match = Match(game, options, seed, undo=False, actor=RandomActor(rng))
        seen_kinds = set()

        def choose(seat):
            kinds = match.to_act()
            assert kinds and set(kinds.values()) <= set(game.decisions) <= set(DECISIONS)
            seen_kinds.update(kinds.values())
            actions = match.legal_actions(seat)
            assert actions, "a seat to act always has a legal action"
            assert len(set(actions)) == len(actions), "legal actions are distinct"
            for action in actions:
                text = game.format_action(action)
                assert game.parse_action(text) == action, text
            assert match.legal(seat) == [game.format_action(a) for a in actions]
            return rng.choice(actions)

        match.play_out(choose, max_actions=50_000)
        assert match.winners(), "a finished game names its winners"
        assert match.to_act() == {}
        assert all(game.legal_actions(match.state, s) == [] for s in range(match.players))
        # the record replays to the same digest
        assert Match.from_record(game, match.record()).digest() == match.digest()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_check_agrees_with_the_legal_list_and_refusals_change_nothing(game):
    for match in walk(game, 11, 40):
        state = match.state
        before = digest(game, state)
        acting = match.to_act()
        for seat in range(match.players):
            legal = game.legal_actions(state, seat)
            assert (seat in acting) == bool(legal)
            for action in legal:
                game.check(state, action)
            # every other seat's legal action, claimed by this seat
            for other in acting:
                for action in game.legal_actions(state, other)[:8]:
                    if dataclasses.is_dataclass(action) and hasattr(action, "seat"):
                        claimed = dataclasses.replace(action, seat=seat)
                        assert game.is_legal(state, claimed) == (claimed in legal)
        for seat in acting:
            # by repr: (2.0, 0.0) == (2, 0), but only the ints are a listed action
            listed = {repr(action) for action in game.legal_actions(state, seat)}
            for action in game.legal_actions(state, seat)[:3]:
                for bad in garbled(action):
                    if repr(bad) in listed:
                        continue
                    trial = game.copy(state)
                    with pytest.raises(IllegalAction):
                        game.apply(trial, bad)
                    assert digest(game, trial) == before, f"refusing {bad!r} changed the state"
        assert digest(game, state) == before


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_malformed_notation_is_invalid_notation(game):
    match = Match(game, {}, 2)
    seat = match.pick_actor(Rng(2))
    text = match.legal(seat)[0]
    for bad in ("", "p1", "p0 end", "p99 end", "p1 " + "x" * 500, text + " extra", text.upper(),
                "p\u00b2 end", "p1\x00end", 42, None, b"p1 end"):
        with pytest.raises((InvalidNotation, IllegalAction)):
            match.submit(seat, bad)
    assert match.version == 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_seat_may_only_submit_its_own_actions(game):
    match = Match(game, {}, 4)
    acting = match.to_act()
    seat = match.pick_actor(Rng(4))
    idle = next(s for s in range(match.players) if s not in acting)
    text = match.legal(seat)[0]
    before = match.digest()
    with pytest.raises(IllegalAction) as caught:
        match.submit(idle, text)
    assert caught.value.code == "not-your-seat"
    stolen = text.replace(f"p{seat + 1} ", f"p{idle + 1} ", 1)
    with pytest.raises(IllegalAction) as caught:
        match.submit(idle, stolen)
    assert caught.value.code == "not-your-turn"
    assert match.digest() == before and match.version == 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_carry_the_envelope_and_survive_msgpack(game):
    for match in walk(game, 3, 80):
        for observer in observers(game, match.state):
            view = match.view(observer)
            assert set(ENVELOPE_KEYS) <= set(view)
            assert view["game"] == game.id and view["observer"] == observer
            assert view["acting"] == [{"seat": s, "kind": k} for s, k in sorted(match.to_act().items())]
            assert view["over"] == match.over and view["scores"] == match.scores()
            assert packed(view) == view
            events = match.events_since(-1, observer)
            assert packed(events) == events
    with pytest.raises(IllegalAction):
        match.view(99)
    with pytest.raises(IllegalAction):
        match.view(True)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_observer_kind_renders(game):
    render = importlib.import_module(page_packages()[game.id] + ".render")  # the page draws the board
    for match in walk(game, 5, 60):
        pass
    for observer in observers(game, match.state):
        svg = render.render_board(match.view(observer))
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_determinized_world_looks_the_same_to_its_seat(game):
    rng = Rng(99)
    for match in walk(game, 6, 120):
        for seat in range(match.players):
            world = game.determinize(match.state, seat, rng)
            assert game.view(world, seat) == game.view(match.state, seat)
            assert sorted(game.to_act(world).items()) == sorted(match.to_act().items())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_events_tell_a_seat_nothing_its_view_hides(game):
    """Two worlds a seat cannot tell apart (the real one and one determinized
    for it), the same action taken in both: wherever the seat's views after
    the action are still equal, the events it is handed must be equal too;
    otherwise an event carried something the view hides. The actions tried
    are the random actors' own (so draws, hacks and discards come up as the
    game goes) and the first two of every acting seat."""
    rng = Rng(7)
    compared = 0
    match = Match(game, {}, 1, undo=False, actor=RandomActor(rng))
    for actor in turns(match, 400 if game.hidden_information else 40):
        state = match.state
        chosen = rng.choice(match.legal_actions(actor))
        tries = [chosen, *(a for seat in match.to_act() for a in game.legal_actions(state, seat)[:2])]
        for seat in range(match.players):
            world = game.determinize(state, seat, rng)
            for action in tries:
                if not game.is_legal(world, action):
                    continue
                real, twin = game.copy(state), game.copy(world)
                real_events = events_for(game.apply(real, action), seat)
                twin_events = events_for(game.apply(twin, action), seat)
                if game.view(real, seat) == game.view(twin, seat):
                    compared += 1
                    assert [e.to_data() for e in real_events] == [e.to_data() for e in twin_events], \
                        f"{game.format_action(action)} tells P{seat + 1} more than its view"
        match.play(chosen)
    assert compared > (100 if game.hidden_information else 10)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_copy_is_independent(game):
    match = Match(game, {}, 5)
    twin = game.copy(match.state)
    seat = match.pick_actor(Rng(5))
    game.apply(twin, game.legal_actions(twin, seat)[0])
    assert digest(game, match.state) != digest(game, twin)
    assert match.digest() == Match(game, {}, 5).digest()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_setup_events_are_version_zero_and_undo_restores(game):
    match = Match(game, {}, 9)
    setup = match.events_since(-1, TABLE)
    assert all(event["v"] == 0 for event in setup)
    rng = Rng(9)
    match.actor = RandomActor(rng)
    digests = [match.digest()]
    for seat in turns(match, 12):
        match.play(rng.choice(match.legal_actions(seat)))
        digests.append(match.digest())
        assert match.events_since(match.version - 1, TABLE) == [
            e for e in match.events_since(-1, TABLE) if e["v"] == match.version]
    while match.can_undo():
        digests.pop()
        match.undo()
        assert match.digest() == digests[-1]
    assert match.version == 0 and match.events_since(-1, TABLE) == setup
