"""Overwrite's bots: the game's fast one-ply ranking agrees with copying and
applying, and the greedy and search bots make the moves a player would in
hand-built positions (so a regression to something trivial fails here).
No timings: speed figures are in docs/bots.md with their commands."""

from __future__ import annotations

import math

from netarcade.bots import make_bot
from netarcade.bots.base import finish
from netarcade.bots.greedy import rank_actions
from netarcade.core import LowestSeat, Match, RandomActor, digest
from netarcade.core.game import Game
from netarcade.core.prng import Rng
from netarcade.games.overwrite import OVERWRITE as GAME
from netarcade.games.overwrite import evaluation as overwrite_bots
from netarcade.games.overwrite.actions import NAME_SHAPE, Defrag, Place
from netarcade.games.overwrite.board import cell_name, cells_of, largest_group, placement_table
from support.playing import best_ranked, play, turns
from support.overwrite_positions import position


def _applied_ranking(state, seat):
    """The general road: copy, apply, evaluate every legal action (the
    contract's default ``Game.rank_steps``, which Overwrite overrides)."""
    return finish(Game.rank_steps(GAME, state, seat))


def _rounded(ranked):
    return [(round(value, 9), index, action) for value, index, action in ranked]


def test_fast_ranking_equals_copying_and_applying_in_played_games():
    """Every position of seeded games (2 and 3 players, random play, so
    Anti-virus, Defrag, reserves, personal-bank plays and the System Fail
    drawn by the next seat all occur; the first 12 of a 6-player game)
    ranks the same both ways."""
    positions = 0
    for players, seed, limit in ((2, 1, 99), (2, 2, 99), (2, 3, 99), (3, 4, 40), (6, 5, 12)):
        rng = Rng(seed)
        match = Match(GAME, {"players": players}, seed, undo=False, actor=RandomActor(rng))
        for seat in turns(match, limit):
            fast = rank_actions(GAME, match.state, seat)
            assert _rounded(fast) == _rounded(_applied_ranking(match.state, seat)), (players, seed, match.turn)
            positions += 1
            match.play(rng.choice(GAME.legal_actions(match.state, seat)))
    assert positions > 40


def test_fast_ranking_scores_a_system_fail_drawn_by_the_next_seat_as_the_end():
    state = position(2, bank=["1I3", "2I2"], board=[("1L4", "r0", "c3")], current=0)
    state.envelope.remove("sf")
    state.envelope.append("sf")  # the next draw ends the game
    ranked = rank_actions(GAME, state, 0)
    best = ranked[0]
    assert best[0] > overwrite_bots.WIN / 2  # a win now, not a position
    assert _rounded(ranked) == _rounded(_applied_ranking(state, 0))


def test_fast_ranking_scores_defrag_moves_from_masks(monkeypatch):
    """A Defrag's every move is ranked without copying the state, and as the
    general road ranks it: lifting the piece shows the pieces below it (here
    P2's I2 under P1's I4), the Defrag leaves the bank, the next seat draws."""
    board = [("2I2", "r0", "c3"), ("1I4", "r0", "c3"), ("2O4", "r0", "c5"), ("1T4", "r0", "f5")]
    state = position(2, bank=["df1", "2I3"], board=board, unlocked=True, current=0)
    expected = _applied_ranking(state, 0)
    assert sum(isinstance(action, Defrag) for _, _, action in expected) > 100
    applied = []
    monkeypatch.setattr(GAME, "apply", lambda state, action: applied.append(action))
    ranked = rank_actions(GAME, state, 0)
    assert [value for value, _, _ in ranked] == [value for value, _, _ in expected]
    assert [action for _, _, action in ranked] == [action for _, _, action in expected]
    assert not any(isinstance(action, Defrag) for action in applied)


def _best(state, seat, bot="greedy", seed=3, **settings):
    return make_bot(bot, seed, GAME, **settings).choose(GAME, state, seat)


def _cells(state, action):
    mask = placement_table(NAME_SHAPE[action.piece], state.size)[(action.orient, action.cell)]
    return sorted(cell_name(cell) for cell in cells_of(mask))


def test_greedy_joins_its_two_groups_when_one_piece_can():
    # P1 has c3-c6 (an I4 down) and e3, e4, e5, f5 (an L4); its domino on
    # the d column joins them: the chunk grows from 4 to at least 9
    state = position(2, bank=["1I2", "2I2"], board=[("1I4", "r1", "c3"), ("1L4", "r0", "e3"), ("2O4", "r0", "g3")],
                     unlocked=True)
    before = state.copy()
    action = _best(state, 0)
    assert digest(GAME, state) == digest(GAME, before)  # choosing changes nothing
    assert isinstance(action, Place) and action.piece == "1I2"
    assert any(cell.startswith("d") for cell in _cells(state, action))
    GAME.apply(state, action)
    assert GAME.scores(state)[0] >= 9


def test_greedy_cuts_the_rivals_chunk_through_its_neck():
    # P2's chunk of 11: a 2x2 block (c4-d5) joined through the single cell
    # e5 to e5-g5 and a T below (f6-h6, g7); a domino over the neck cuts
    # it to 6 or less, while P1's own chunk (3) can grow by 2 at most
    state = position(2, bank=["1I2", "1I3"],
                     board=[("2O4", "r0", "c4"), ("2I3", "r0", "e5"), ("2T4", "r0", "f6"), ("1L3", "r0", "c7")],
                     unlocked=True)
    assert GAME.scores(state) == [3, 11]
    rival_before = GAME.scores(state)[1]
    action = _best(state, 0)
    GAME.apply(state, action)
    assert GAME.scores(state)[1] < rival_before - 2, (GAME.format_action(action), rival_before, GAME.scores(state))


def test_greedy_lays_a_rivals_piece_where_it_adds_nothing_to_the_rivals_chunk():
    # only P2's pieces to play: the best is to lay one where P2's chunk does
    # not grow (over its own cells or apart from it), not beside it
    state = position(2, bank=["2I3", "2T5"], board=[("2O4", "r0", "c3"), ("1O4", "r0", "g7"), ("1I4", "r1", "h3")],
                     unlocked=True)
    chunk = GAME.scores(state)[1]
    action = _best(state, 0)
    GAME.apply(state, action)
    assert GAME.scores(state)[1] <= chunk + 1, GAME.format_action(action)


def test_greedy_takes_its_own_big_piece_into_its_chunk():
    state = position(2, bank=["1I2", "1P5", "2I2"], board=[("1O4", "r0", "c3"), ("enc1", "r0", "g7")], unlocked=True)
    action = _best(state, 0)
    assert action.piece == "1P5"
    GAME.apply(state, action)
    assert GAME.scores(state)[0] == 9


def test_evaluation_counts_a_rivals_big_piece_left_in_the_bank():
    """Leaving the next player its 5-block costs more than leaving it a domino."""
    board = [("1O4", "r0", "c3"), ("2O4", "r0", "g7")]
    big = position(2, bank=["2T5"], board=board, unlocked=True, current=1)
    small = position(2, bank=["2I2"], board=board, unlocked=True, current=1)
    assert GAME.evaluate(big, 0) < GAME.evaluate(small, 0)
    assert largest_group(big.tops[1]) == largest_group(small.tops[1])


def _squashed(state, seat):
    """The search bot's score of a world: a share of the win once the game
    is over, else the evaluation squashed to a win chance."""
    if state.over:
        won = GAME.winners(state)
        return 1.0 / len(won) if seat in won else 0.0
    value = GAME.evaluate(state, seat) / 1.5
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, value))))


def _drawn_next(state, piece):
    world = state.copy()
    world.envelope.remove(piece)
    world.envelope.append(piece)
    return world


def _expected_path(state, seat, action):
    """Exactly, over every piece the rival may draw next: ``action``, then
    the rival's best one-ply reply, then every piece ``seat`` may draw; the
    mean of :func:`_squashed` after the action and after the reply (a game
    over after the action keeps its result): what a perfect search with the
    default settings (``path_value``, one reply with two players) computes."""
    envelope = state.envelope
    total = 0.0
    for piece in sorted(set(envelope)):
        world = _drawn_next(state, piece)
        GAME.apply(world, action)
        first = _squashed(world, seat)
        if world.over:
            total += first * envelope.count(piece)
            continue
        reply = rank_actions(GAME, world, world.current)[0][2]
        rest = world.envelope
        after = 0.0
        for mine in sorted(set(rest)):
            final = _drawn_next(world, mine)
            GAME.apply(final, reply)
            after += _squashed(final, seat) * rest.count(mine)
        total += (first + after / len(rest)) / 2 * envelope.count(piece)
    return total / len(envelope)


def test_search_sees_the_reply_that_greedy_misses():
    """A position from a seeded game of two greedy bots where the one-ply
    choice lets the rival answer well: the search bot (its default
    settings on 30 playouts: seven of the next draws) chooses another move,
    and that move is better by an exact count over every draw and the
    rival's best reply."""
    # an edition-2 game (stacking unlocked by c3-h3 across the first piece's axis, O12): the
    # position was chosen under it
    match = Match(GAME, {"players": 2, "rules": 2}, 3, ["p2 place 2U5 r1 g5", "p1 place 1S4 r1 e3"])
    state, seat = match.state, 1
    greedy = _best(state, seat)
    search = _best(state, seat, "search", iterations=30)
    assert search != greedy
    assert _expected_path(state, seat, search) > _expected_path(state, seat, greedy) + 0.05


def test_search_path_value_is_the_mean_over_the_states_until_its_next_turn():
    """``path_value``: a playout scores the mean of the squashed value after
    the candidate and after each rival action until the bot's turn comes
    round (three replies with 4 players); without it, the last state only."""
    match = Match(GAME, {"players": 4}, 11, undo=False)
    play(match, best_ranked(match), limit=6)
    state = match.state
    me = (state.current - 1) % 4  # the seat whose candidate has just been played
    world = state.copy()
    values = [_squashed(world, me)]
    replies = Match.around(GAME, world, LowestSeat())  # one seat acts at a time
    for seat in turns(replies):
        if seat == me:
            break
        replies.advance(rank_actions(GAME, world, seat)[0][2])
        values.append(_squashed(world, me))
    assert len(values) >= 4 and len(set(values)) > 1  # three replies that change the value
    for path, wanted in ((True, sum(values) / len(values)), (False, values[-1])):
        bot = make_bot("search", 1, GAME, path_value=path)
        assert math.isclose(finish(bot.playout(GAME, state.copy(), me)), wanted)


def test_chance_worlds_bring_every_piece_next_once():
    """The search's worlds for the next draw: one per piece left, each with
    that piece on top and the same pieces below (order resampled)."""
    match = Match(GAME, {"players": 2}, 5, undo=False)
    state = match.state
    worlds = list(GAME.chance_worlds(state, 0, Rng(1)))
    assert sorted(world.envelope[-1] for world in worlds) == sorted(state.envelope)
    assert all(sorted(world.envelope) == sorted(state.envelope) for world in worlds)
    assert all(world.bank == state.bank and world.tops == state.tops for world in worlds)
    state.envelope = []
    assert len(list(GAME.chance_worlds(state, 0, Rng(1)))) == 1


def test_search_over_the_next_draw_stops_when_every_piece_had_its_round():
    """chance="next": one round per piece left (each candidate tried once in
    each), however large the budget."""
    match = Match(GAME, {"players": 2, "rules": 2}, 3, ["p2 place 2U5 r1 g5", "p1 place 1S4 r1 e3"])
    rounds = []
    original = GAME.chance_worlds

    def counted(state, seat, rng):
        for world in original(state, seat, rng):
            rounds.append(world.envelope[-1])
            yield world

    bot = make_bot("search", 3, GAME, chance="next", iterations=10_000, root_width=2, playout_cap=1, playout_turns=1)
    GAME.chance_worlds = counted
    try:
        bot.choose(GAME, match.state, 1)
    finally:
        del GAME.chance_worlds
    assert sorted(rounds) == sorted(match.state.envelope)
