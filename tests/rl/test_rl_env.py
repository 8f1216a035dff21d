"""The learning environments (``netarcade.rl``, docs/rl.md): the libraries'
own checkers on every game, the action spaces (every index names one
action, every legal action one index), observations that carry nothing a
seat may not see, seeds, rewards, the board.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import netarcade.rl as rl  # noqa: E402
from netarcade.core.match import Match  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from support.playing import turns  # noqa: E402

#: small games: the checkers play short episodes (a game also ends at ``max_steps``)
SMALL = {
    "backbone": {"target": 3},
    "netcontrol": {"players": 2, "radius": 1, "target": 3},
    "overwrite": {"players": 2},
    "breach": {"players": 2, "rounds": 5},
}
#: the checkers also run on each game's defaults and on its largest table
CHECKED = [(game, options) for game, options in SMALL.items()] + [(game, {}) for game in SMALL] + [
    ("netcontrol", {"players": 6, "radius": 4}), ("overwrite", {"players": 6}), ("breach", {"players": 5})]
CHECKED_IDS = [f"{game}-{'-'.join(f'{k}{v}' for k, v in options.items()) or 'defaults'}" for game, options in CHECKED]
#: what PettingZoo's api_test says of every environment whose observation is
#: a Dict with an action mask (its own board games are on a list it skips)
DICT_OBSERVATION_NOTES = ("Observation space for each agent probably should be",
                          "Observation is not a NumPy array")


def _caught(run):
    """What ``run`` returns, and the warnings it raised; a ResourceWarning is
    left out: the garbage collector raises it where it happens to run, here
    for a file another test in the same process left open."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run()
    return result, [str(w.message) for w in caught if not issubclass(w.category, ResourceWarning)]


@pytest.mark.parametrize(("game", "options"), CHECKED, ids=CHECKED_IDS)
def test_pettingzoo_api_test_passes(game, options):
    env = rl.env(game, seed=3, max_steps=300, render_mode="svg", **options)
    _, notes = _caught(lambda: api_test(env, num_cycles=300))
    unexpected = [note for note in notes if not note.startswith(DICT_OBSERVATION_NOTES)]
    assert unexpected == []
    assert env.unwrapped.steps > 0  # the test played actions
    assert env.render().startswith("<svg")


@pytest.mark.parametrize(("game", "options"), CHECKED, ids=CHECKED_IDS)
def test_pettingzoo_seed_test_passes(game, options):
    seed_test(lambda: rl.env(game, max_steps=300, **options), num_cycles=300)
    # a seed is the engine's game seed: one seed, one game; another seed, another game
    first, second, third = (rl.raw_env(game, **options) for _ in range(3))
    first.reset(seed=11)
    second.reset(seed=11)
    third.reset(seed=12)
    assert first.match.digest() == second.match.digest() == Match(get_game(game), options, 11).digest()
    assert third.match.digest() != first.match.digest()


@pytest.mark.parametrize(("game", "options"), CHECKED, ids=CHECKED_IDS)
def test_gymnasium_check_env_passes(game, options):
    env = gymnasium.make(rl.GYM_IDS[game], render_mode="svg", max_steps=200, **options)
    _, notes = _caught(lambda: check_env(env.unwrapped))
    assert notes == []  # not even a warning
    env.close()


@pytest.mark.parametrize("game", sorted(SMALL))
def test_every_index_names_one_action_and_every_legal_action_one_index(game):
    """``action(index(a)) == a`` for every legal action met in a random game,
    no two legal actions share an index, and every index of the space decodes
    to an action whose index it is."""
    engine = get_game(game)
    match = Match(engine, SMALL[game], seed=5, history=False, undo=False)
    encoding = rl.encoding_for(game, match.options)
    for seat in range(match.players):
        for index in range(encoding.actions.size):
            assert encoding.index(encoding.action(index, seat)) == index
    rng = random.Random(5)
    legal_seen = 0
    for seat in turns(match, 400):
        legal = match.legal_actions(seat)
        mask, chosen = encoding.mask(legal)  # raises if two share an index
        assert int(mask.sum()) == len(legal) == len(chosen)
        for index, action in chosen.items():
            assert encoding.action(index, seat) == action
        legal_seen += len(legal)
        match.advance(rng.choice(legal))
    assert legal_seen > 100


def _observation(env, seat):
    return env.observe(env.possible_agents[seat])


def _equal(a, b):
    return all(np.array_equal(a[key], b[key]) for key in ("observation", "action_mask"))


def _play_until(env, rng, ready):
    for _ in range(3000):
        if ready(env.match.state):
            return
        mask = _observation(env, env.possible_agents.index(env.agent_selection))["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    raise AssertionError("never reached the position the test needs")


def test_a_net_control_observation_carries_no_other_seats_cards():
    """Two states that differ only in seat 1's resource cards and special
    cards (as many of each) give seats 0 and 2 the same observation and
    mask; seat 1 sees the difference."""
    env = rl.raw_env("netcontrol", players=3, seed=8)
    env.reset(seed=8)

    def ready(s):
        return (s.phase == "main" and s.current == 0 and sum(s.hands[1]) >= 2 and s.hands[1][0] < sum(s.hands[1])
                and sum(s.cards[1]) >= 1 and s.cards[1][0] < sum(s.cards[1]))

    _play_until(env, np.random.default_rng(1), ready)
    before = {seat: _observation(env, seat) for seat in (0, 1, 2)}
    state = env.match.state
    state.hands[1] = [sum(state.hands[1]), 0, 0, 0, 0]  # as many cards, other resources
    state.cards[1] = [sum(state.cards[1]), 0, 0, 0, 0, 0]
    state.fresh[1] = [sum(state.fresh[1]), 0, 0, 0, 0, 0]
    state.offered = None
    env._legal = {}
    assert _equal(before[0], _observation(env, 0))
    assert _equal(before[2], _observation(env, 2))
    assert not _equal(before[1], _observation(env, 1))


def test_a_breach_observation_carries_no_other_seats_exploits():
    """Seat 1's Exploit swapped for another card of the deck: seats 0 and 2
    see the same observation and mask; seat 1 does not."""
    env = rl.raw_env("breach", players=3, seed=4)
    env.reset(seed=4)
    state = env.match.state

    def ready(s):
        return (len(s.hands[1]) >= 1 and any(card not in s.hands[1] for card in s.deck)
                and 0 in env.match.to_act())

    _play_until(env, np.random.default_rng(2), ready)
    before = {seat: _observation(env, seat) for seat in (0, 1, 2)}
    other = next(card for card in state.deck if card not in state.hands[1])
    gone = state.hands[1][0]
    state.hands[1][0] = other
    state.deck[state.deck.index(other)] = gone
    env._legal = {}
    assert _equal(before[0], _observation(env, 0))
    assert _equal(before[2], _observation(env, 2))
    assert not _equal(before[1], _observation(env, 1))


def test_an_overwrite_observation_carries_no_envelope_order():
    env = rl.raw_env("overwrite", players=3, seed=6)
    env.reset(seed=6)
    before = [_observation(env, seat) for seat in range(3)]
    envelope = env.match.state.envelope
    assert len(set(envelope)) > 1
    envelope.reverse()
    env._legal = {}
    assert all(_equal(before[seat], _observation(env, seat)) for seat in range(3))


def test_an_observation_is_a_seats_own_view_only():
    match = Match(get_game("netcontrol"), {"players": 3}, seed=1)
    encoding = rl.encoding_for("netcontrol", match.options)
    for observer in (None, "table"):
        with pytest.raises(ValueError, match="seat's own view"):
            encoding.observe(match.view(observer))


@pytest.mark.parametrize("game", sorted(SMALL))
def test_a_whole_game_ends_with_the_result_paid(game):
    """Random agents to the end of a game (no step limit): every agent is
    told it terminated, and the results are +1 for winners, -1 for the rest."""
    env = rl.env(game, seed=21, **SMALL[game])
    env.reset(seed=21)
    rng = np.random.default_rng(0)
    paid = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=50_000):
        obs, reward, terminated, truncated, _ = env.last()
        paid[agent] += reward
        assert not truncated
        env.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    match = env.unwrapped.match
    assert match.over and env.agents == []
    winners = set(match.winners())
    expected = {agent: 0.0 if len(winners) in (0, match.players) else 1.0 if seat in winners else -1.0
                for seat, agent in enumerate(env.possible_agents)}
    assert paid == expected


def test_score_rewards_add_up_to_the_score():
    env = rl.env("netcontrol", seed=2, reward="score", **SMALL["netcontrol"])
    env.reset(seed=2)
    rng = np.random.default_rng(3)
    paid = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=50_000):
        obs, reward, terminated, truncated, _ = env.last()
        paid[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = env.unwrapped.match.scores()
    assert [paid[agent] for agent in env.possible_agents] == [float(s) for s in scores]
    assert max(scores) >= SMALL["netcontrol"]["target"]


def test_the_single_agent_env_replays_a_seed_and_pays_an_illegal_action():
    env = gymnasium.make("netarcade/NetControl-v0", opponent="greedy", **SMALL["netcontrol"]).unwrapped
    first, info = env.reset(seed=9)
    assert info == {"game_seed": 9}
    assert 0 in env.match.to_act()
    illegal = int(np.flatnonzero(first["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, False, False, {"illegal_action": True})
    assert _equal(obs, first)
    rng = np.random.default_rng(4)
    trail = []
    for _ in range(30):
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        trail.append(obs["observation"])
        if terminated:
            break
    again, _ = env.reset(seed=9)
    assert _equal(again, first)
    rng = np.random.default_rng(4)
    obs = again
    for expected in trail:
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert np.array_equal(obs["observation"], expected)
    other, _ = env.reset(seed=10)
    assert not np.array_equal(other["observation"], first["observation"])  # another island


def test_the_single_agent_env_refuses_what_it_cannot_play():
    with pytest.raises(ValueError, match="unknown bot"):
        gymnasium.make("netarcade/Backbone-v0", opponent="champion")
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("netarcade/Backbone-v0", seat=2)
    with pytest.raises(ValueError, match="reward"):
        rl.env("breach", reward="points")
