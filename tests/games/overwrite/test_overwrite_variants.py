"""``scripts/research/overwrite_variants.py``, the four-player search variants of
docs/bots.md ("Four-player variants at the work clock", under
"Overwrite"): with no variant chosen its playout is the search's own, its
worlds keep the System Fail out of the draws before the bot's next turn,
its exact sum weighs those draws by their chances, and a name it does not
know is refused. Short positions only: the ladders are figures."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.bots.greedy import rank_actions
from netarcade.bots.mcts import SearchBot
from netarcade.core.actors import LowestSeat
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game
from support.playing import best_ranked, play, turns

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "research" / "overwrite_variants.py"
_spec = importlib.util.spec_from_file_location("overwrite_variants", SCRIPT)
variants = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(variants)

GAME = get_game("overwrite")


@pytest.fixture
def restored(monkeypatch):
    """Whatever a test installs is put back afterwards."""
    for name in ("_worlds", "playout", "_value", "_flat"):
        monkeypatch.setattr(SearchBot, name, getattr(SearchBot, name))
    monkeypatch.setattr(variants, "CHOSEN", dict(variants.CHOSEN))


def _midgame(players=4, seed=11, moves=6):
    match = Match(GAME, {"players": players}, seed, undo=False)
    return play(match, best_ranked(match), limit=moves).state


def _replies(world, me):
    """The one-ply best replies on ``world`` (changed in place) until ``me``
    is to act: each position after a reply, in order."""
    replies = Match.around(GAME, world, LowestSeat())  # one seat acts at a time
    for seat in turns(replies):
        if seat == me:
            return
        replies.advance(rank_actions(GAME, world, seat)[0][2])
        yield world
    raise AssertionError("the game ended before the bot's turn came round")


def test_with_no_variant_chosen_the_playout_is_the_searchs(restored):
    state = _midgame()
    me = (state.current - 1) % 4
    bot = make_bot("search", 1, GAME)
    wanted = finish(bot.playout(GAME, state.copy(), me))
    assert math.isclose(finish(variants.playout(bot, GAME, state.copy(), me)), wanted)


def test_spared_worlds_keep_the_system_fail_past_the_bots_next_turn(restored):
    state = _midgame()
    bot = make_bot("search", 1, GAME)
    bot.rng = Rng(3)
    worlds = list(variants.spared_worlds(bot, GAME, state, state.current))
    others = sorted(piece for piece in state.envelope if piece != "sf")
    assert sorted(world.envelope[-1] for world in worlds) == others  # each other piece next once
    for world in worlds:
        assert sorted(world.envelope) == sorted(state.envelope)
        assert "sf" not in world.envelope[-state.players:]  # the draws until the bot's own
    assert bot.envelope_size == len(state.envelope)


def test_the_exact_sum_weighs_each_draw_by_its_chance(restored):
    """A playout of ``exact`` is the results at each draw before the bot's
    turn, 1/n each, plus the path's mean for the rest of the chance."""
    variants.install("exact")
    state = _midgame()
    me = (state.current - 1) % 4  # the seat whose candidate has just been played
    bot = make_bot("search", 1, GAME)
    size = len(state.envelope) + 1  # the next seat's draw is already made
    bot.envelope_size = size
    world = state.copy()
    values, results = [bot._value(GAME, world, me)], [variants._result(world.tops, me)]
    for world in _replies(world, me):
        values.append(bot._value(GAME, world, me))
        results.append(variants._result(world.tops, me))
    wanted = sum(results) / size + (1 - len(results) / size) * sum(values) / len(values)
    assert math.isclose(finish(bot.playout(GAME, state.copy(), me)), wanted)


def test_cycles_count_a_blob_not_a_line():
    blob = sum(1 << (row * 10 + col) for row in range(3) for col in range(3))
    line = sum(1 << col for col in range(5))
    assert variants.cycles(blob) == 4 and variants.cycles(line) == 0
    assert variants.cycles(blob | (line << 50)) == 4  # the largest group's


def test_an_unknown_variant_is_refused(restored):
    with pytest.raises(SystemExit, match="unknown variant"):
        variants.install("exact+nonsense")
    with pytest.raises(SystemExit, match="usage"):
        variants.main(["--games", "2"])


def test_latent_chunk_joins_two_groups_with_a_waiting_piece():
    """``latent``: two lines of three with one cell between them, and the
    seat's own I2 waiting in the bank: laid across the gap and down, it
    joins both (3 + 3 + 2 cells); without the piece the largest is 3."""
    state = _midgame()
    state.unlocked, state.encrypted = True, 0  # anywhere inside the boundary
    corner = (state.inside & -state.inside).bit_length() - 1
    row = [1 << (corner + 10 + col) for col in range(7)]  # the boundary's second row
    state.tops = [0] * state.players
    state.tops[0] = sum(row[:3]) + sum(row[4:])
    state.personal = [[] for _ in range(state.players)]
    state.bank = ["2I2"]  # another colour's: not the seat's to join with
    assert variants.latent_chunk(state, 0) == 3
    state.bank = ["1I2", "2I2"]
    assert variants.latent_chunk(state, 0) == 8
    state.bank, state.personal[0] = ["2I2"], ["1I2"]  # in its personal bank, the same
    assert variants.latent_chunk(state, 0) == 8


def test_latent_with_no_weight_is_the_searchs_value(restored):
    state = _midgame()
    bot = make_bot("search", 1, GAME)
    wanted = [bot._value(GAME, state, me) for me in range(state.players)]
    variants.install("latent0")
    assert [bot._value(GAME, state, me) for me in range(state.players)] == pytest.approx(wanted)
    variants.install("latent")  # the waiting piece's geometry counted instead: another value
    assert [bot._value(GAME, state, me) for me in range(state.players)] != pytest.approx(wanted)


def test_next_adds_the_bots_next_placement_to_the_path(restored):
    """``next``: the path's mean as the search's, plus the latent value of
    the state where the bot's turn comes round, with weight W."""
    state = _midgame()
    me = (state.current - 1) % 4
    bot = make_bot("search", 1, GAME)
    world = state.copy()
    values = [bot._value(GAME, world, me)]
    values += [bot._value(GAME, world, me) for world in _replies(world, me)]
    assert not GAME.is_over(world)
    variants.install("next0.5")
    wanted = (sum(values) + 0.5 * variants.latent_value(bot, GAME, world, me, 1.0)) / (len(values) + 0.5)
    assert math.isclose(finish(bot.playout(GAME, state.copy(), me)), wanted)
