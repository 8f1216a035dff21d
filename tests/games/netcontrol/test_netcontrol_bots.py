"""Net Control bots play from their own view only.

At positions of 3- and 4-player games (setup, main phase, discards), the
random, greedy and search bots must choose exactly the same action, with the
same bot seed, when anything their seat cannot see is changed: a rival's
resource composition (same count), a rival's special cards (same count and
same fresh count), the deck order and the dice PRNG. The evaluation itself
must give the same number. Also: the search bot takes Net Control's own
settings (``Game.bot_settings``) unless told otherwise, seeded bot games
replay exactly, and the evaluation prefers what a player would.
"""

from __future__ import annotations

import re

import pytest

from netarcade.bots import UnknownBotSetting, make_bot
from netarcade.bots.mcts import DEFAULTS, SearchBot
from netarcade.games import get_game
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games.netcontrol import evaluation
from netarcade.games.netcontrol import rules
from netarcade.games.netcontrol.actions import Act
from netarcade.cli.simulate import play

from support.netcontrol_scripted import positions
from support.playing import turns
from support.soak import soak_size

GAME = get_game("netcontrol")
SEARCH = {"iterations": 12}

def hidden_variants(state, seat):
    """Copies of ``state`` that ``seat`` cannot tell from it."""
    variants = []
    for b in range(state.n):
        if b == seat:
            continue
        hand = state.hands[b]
        if sum(hand) and max(hand) < sum(hand):  # more than one kind: move them around
            other = state.copy()
            size = sum(hand)
            other.hands[b] = [size - 1 if r == 4 else (1 if r == 0 else 0) for r in range(5)]
            if other.hands[b] != hand:
                variants.append(("hand", other))
        elif sum(hand):
            other = state.copy()
            other.hands[b] = hand[1:] + hand[:1]
            variants.append(("hand", other))
        cards, fresh = state.cards[b], state.fresh[b]
        if sum(cards):
            # every unfresh card becomes a Virus, every fresh one a Resource card,
            # taking the kinds from the deck so the 45 cards stay 45
            other = state.copy()
            pool = list(state.deck) + [k for k in range(6) for _ in range(cards[k])]
            new_cards = [0] * 6
            new_fresh = [0] * 6
            wanted = [rules.RESOURCE] * sum(fresh) + [rules.VIRUS] * (sum(cards) - sum(fresh))
            for index, kind in enumerate(wanted):
                if kind in pool:
                    pool.remove(kind)
                else:
                    kind = pool.pop()
                new_cards[kind] += 1
                if index < sum(fresh):
                    new_fresh[kind] += 1
            other.cards[b], other.fresh[b], other.deck = new_cards, new_fresh, pool
            if new_cards != cards:
                variants.append(("cards", other))
    if len(set(state.deck)) > 1:
        other = state.copy()
        other.deck = list(reversed(state.deck))
        variants.append(("deck", other))
    other = state.copy()
    other.rng = Rng(987654321)
    variants.append(("prng", other))
    return variants


def sample_positions():
    return positions(4, 3) + positions(3, 11) + positions(4, 2024, every=13)


@pytest.fixture(scope="module")
def cases():
    found = [(state, seat, hidden_variants(state, seat)) for state, seat in sample_positions()]
    kinds = {kind for _, _, variants in found for kind, _ in variants}
    assert kinds == {"hand", "cards", "deck", "prng"}, kinds  # every kind of hidden change is exercised
    phases = {state.phase for state, _, _ in found}
    assert {"setup-node", "main"} <= phases, phases
    return found


def test_the_evaluation_reads_only_what_the_seat_sees(cases):
    for state, seat, variants in cases:
        base = GAME.evaluate(state, seat)
        for kind, other in variants:
            assert GAME.evaluate(other, seat) == base, (kind, state.phase)


@pytest.mark.parametrize("name, settings", [
    ("random", {}),
    ("greedy", {}),
    ("search", SEARCH),  # Net Control's own search (flat Monte Carlo, greedy playouts)
    ("search", {"iterations": 24, "algorithm": "uct"}),  # the tree search
])
def test_a_bot_choice_does_not_depend_on_hidden_cards(cases, name, settings):
    checked = 0
    for index, (state, seat, variants) in enumerate(cases):
        expected = make_bot(name, 1000 + index, **settings).choose(GAME, state.copy(), seat)
        for kind, other in variants:
            got = make_bot(name, 1000 + index, **settings).choose(GAME, other, seat)
            assert got == expected, (name, kind, state.phase, GAME.format_action(expected))
            checked += 1
    assert checked > 40


def test_determinize_keeps_what_the_seat_sees():
    for state, seat in positions(4, 5):
        sample = GAME.determinize(state, seat, Rng(3))
        assert GAME.view(sample, seat) == GAME.view(state, seat)
        assert sample.hands[seat] == state.hands[seat] and sample.cards[seat] == state.cards[seat]
        assert len(sample.deck) == len(state.deck)


def test_search_takes_the_games_settings_unless_told():
    own = GAME.bot_settings["search"]
    assert own["iterations"] and own["algorithm"] == "flat"
    bot = make_bot("search", 1, GAME)  # resolved here, once
    assert (bot.iterations, bot.algorithm, bot.game_id) == (own["iterations"], "flat", "netcontrol")
    assert bot.settings == {**DEFAULTS, **own}
    told = make_bot("search", 1, GAME, iterations=7, algorithm="uct")
    assert (told.iterations, told.algorithm) == (7, "uct")
    backbone = make_bot("search", 1, get_game("backbone"))
    assert {name: getattr(backbone, name) for name in DEFAULTS} == DEFAULTS == backbone.settings
    assert isinstance(bot, SearchBot)
    # a bot made without a game resolves against the first game it plays
    later = make_bot("search", 1, iterations=3)
    assert later.game_id is None and later.algorithm == DEFAULTS["algorithm"]
    state, seat = positions(3, 2, limit=1)[0]
    later.choose(GAME, state.copy(), seat)
    assert (later.game_id, later.iterations, later.algorithm) == ("netcontrol", 3, "flat")


def test_search_does_not_resolve_its_settings_at_every_choice(monkeypatch):
    bot = make_bot("search", 1, GAME, iterations=6)
    calls = []
    monkeypatch.setattr(SearchBot, "configure", lambda self, game: calls.append(game) or self)
    for state, seat in positions(3, 2, limit=2):
        bot.choose(GAME, state.copy(), seat)
    assert calls == []


@pytest.mark.parametrize("name, settings, named", [
    ("search", {"iteration": 5}, "'iteration'"),
    ("search", {"iterations": 5, "widht": 2}, "'widht'"),
    ("greedy", {"depth": 2}, "'depth'"),
    ("random", {"iterations": 2}, "'iterations'"),
])
def test_an_unknown_setting_from_the_caller_raises(name, settings, named):
    for game in (None, GAME):
        with pytest.raises(UnknownBotSetting, match=f"{named} from the caller"):
            make_bot(name, 1, game, **settings)
    with pytest.raises(UnknownBotSetting, match=named):
        play("netcontrol", [name, "greedy", "greedy"], 1, {}, bot_settings={name: settings})


class _Misconfigured(type(GAME)):
    """Net Control with a typo in its own bot settings."""

    def __init__(self, bot_settings):
        self.bot_settings = bot_settings


@pytest.mark.parametrize("own, named", [
    ({"search": {**GAME.bot_settings["search"], "halving_round": 2}}, "'halving_round' from netcontrol's bot_settings['search']"),
    ({"greedy": {"depth": 2}}, "'depth' from netcontrol's bot_settings['greedy']"),
    ({"serch": {"iterations": 2}}, "unknown bot 'serch'"),
])
def test_an_unknown_setting_from_the_games_defaults_raises(own, named):
    game = _Misconfigured(own)
    assert game.id == "netcontrol"
    for name in ("search", "greedy", "random"):
        with pytest.raises(UnknownBotSetting, match=re.escape(named)):
            make_bot(name, 1, game)  # made for the game: raises at once
    # made without a game, a bot resolves on its first choice: the same error
    state, seat = positions(3, 2, limit=1)[0]
    bot_name = next(iter(own))
    if bot_name in ("search", "greedy"):
        with pytest.raises(UnknownBotSetting, match=re.escape(named)):
            make_bot(bot_name, 1).choose(game, state.copy(), seat)


@pytest.mark.soak
def test_seeded_bot_games_replay_exactly():
    # the same seed and bots play the same game; its length is not what is checked, so make test
    # plays to 6 XP (a quarter of the time), make soak to the default 10
    options = {"target": soak_size(6, 10)}
    first = play("netcontrol", ["greedy", "random", "search", "greedy"], 7, options, bot_settings={"search": SEARCH})
    again = play("netcontrol", ["greedy", "random", "search", "greedy"], 7, options, bot_settings={"search": SEARCH})
    assert first.digest == again.digest and first.record == again.record
    assert first.winners


def test_greedy_beats_random_players():
    # a smoke check of strength; the real figures are the ladders in docs/bots.md
    wins = 0
    for seed in range(4):
        for hero in range(4):
            bots = ["random"] * 4
            bots[hero] = "greedy"
            wins += play("netcontrol", bots, seed, {}).winners == [hero]
    assert wins >= 12


def test_the_evaluation_likes_xp_production_and_safety():
    rng = Rng(4)
    match = Match(GAME, {"players": 3}, 4, history=False, actor=RandomActor(rng))
    for seat in turns(match):
        if match.state.phase == "main":
            break
        match.play(rng.choice(match.legal_actions(seat)))
    state = match.state
    seat = state.current
    base = evaluation.evaluate(state, seat)
    mine = [v for v, who in state.owner.items() if who == seat]
    # a Super Node is better than the resources it costs
    richer = state.copy()
    richer.hands[seat] = [0, 0, 2, 0, 3]
    upgraded = richer.copy()
    GAME.apply(upgraded, Act(seat, "super", (mine[0],)))
    assert evaluation.evaluate(upgraded, seat) > evaluation.evaluate(richer, seat)
    # a fortified building is safer against Hacks the rivals may hold
    cards = state.copy()
    cards.cards[(seat + 1) % 3] = [0, 0, 0, 0, 0, 0]
    for rival in range(3):
        if rival != seat:
            cards.cards[rival] = [2, 0, 0, 0, 0, 0]
            cards.deck = cards.deck[2:]
    fortified = cards.copy()
    fortified.forts[mine[0]] = 1
    fortified.forts[mine[1]] = 1
    assert evaluation.evaluate(fortified, seat) > evaluation.evaluate(cards, seat)
    # a rival's lost node is good news, and the evaluation is relative
    hacked = state.copy()
    victim = next(v for v, who in state.owner.items() if who != seat)
    del hacked.owner[victim], hacked.level[victim], hacked.forts[victim]
    assert evaluation.evaluate(hacked, seat) > base
    assert evaluation.evaluate_all(state) == [evaluation.evaluate(state, s) for s in range(3)]
