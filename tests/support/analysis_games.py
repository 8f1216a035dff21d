"""Games with a deliberately bad move, and a small analysis budget: the move
analysis tests (tests/bots/test_analysis.py, test_analysis_shared.py), the
page's Hint and Analyse (tests/web) and the replay viewer's analysis in the
browser."""

from __future__ import annotations

from netarcade.bots import bot_seed, make_bot
from netarcade.bots.analysis import Settings
from netarcade.bots.greedy import rank_actions
from netarcade.core.match import Match
from netarcade.games import get_game
from support.playing import turns


#: a small search and few worlds: a decision takes tens of milliseconds
FAST = Settings(worlds=6, search={"iterations": 24})


#: game, players, seed, moves of greedy play before the bad move is looked for,
#: the least one-ply gap between the best and the worst move that makes it bad
BAD_MOVE_GAMES = [
    ("backbone", 2, 11, 10, 2.0),
    ("netcontrol", 3, 11, 40, 2.0),
    ("overwrite", 2, 12, 2, 2.0),
    ("breach", 2, 11, 10, 2.0),
]


def greedy_game_with_a_bad_move(game_id, players, seed, after, gap):
    """A greedy game in which one decision (the first after ``after``
    moves whose worst legal move is at least ``gap`` worse than the best by
    one-ply evaluation) is the worst legal move; played on for a few moves.
    Returns the match and the index of the bad move."""
    game = get_game(game_id)
    match = Match(game, {"players": players}, seed)
    bots = [make_bot("greedy", bot_seed(seed, seat, "greedy"), game) for seat in range(players)]
    bad = None
    for seat in turns(match):  # the match's own policy: the seat drawn with actor_rng(seed)
        if bad is not None and match.version >= bad + 4:
            break
        if bad is None and match.version >= after:
            ranked = rank_actions(game, match.state, seat)
            if len(ranked) >= 3 and ranked[0][0] - ranked[-1][0] >= gap:
                bad = match.version
                match.play(ranked[-1][2])
                continue
        match.play(bots[seat].choose(game, match.state, seat))
    assert bad is not None, "no decision with a bad enough worst move: pick another seed"
    return match, bad

