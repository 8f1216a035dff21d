"""Playing games in tests, through ``Match``: the one helper the tests'
game loops share.

Who acts is always the match's ``actor`` policy (``Match.next_actor``,
docs/engine.md "Who acts next"): a test that wants the acting seat drawn
with its own ``Rng`` gives the match ``actor=RandomActor(rng)`` (it draws
exactly as ``match.pick_actor(rng)`` did: nothing when one seat acts), the
relay's order is ``LowestSeat()``, and a bare state is played through
``Match.around(game, state, policy)``. What each seat plays is the test's
``choose(seat)``, or its own code inside a ``for seat in turns(...)`` loop
when it checks something around each action.

>>> from netarcade.core.match import Match
>>> from netarcade.core.prng import Rng
>>> from netarcade.games import get_game
>>> match = Match(get_game("backbone"), {"target": 12}, seed=3)
>>> play(match, random_moves(match, Rng(3)), limit=5).version
5
>>> list(turns(match))  # the caller must play each seat's action
Traceback (most recent call last):
...
RuntimeError: turns: P1 was named but nothing was played
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterator, Sequence

from netarcade.core.match import Match

__all__ = ["best_ranked", "bot_moves", "play", "random_moves", "turns"]


def turns(match: Match, limit: int | None = None) -> Iterator[int]:
    """The seat to act now, as the match's policy names it, once per action
    until the game ends or ``limit`` actions have been played from here.
    The caller plays one action (``play``, ``advance`` or ``submit``) for
    the seat it is handed before asking for the next; a caller that plays
    nothing is an error (``RuntimeError``), not an endless loop."""
    start = match.version
    while limit is None or match.version - start < limit:
        seat = match.next_actor()
        if seat is None:
            return
        version = match.version
        yield seat
        if match.version == version:
            raise RuntimeError(f"turns: P{seat + 1} was named but nothing was played")


def play(match: Match, choose: Callable[[int], Hashable], limit: int | None = None, *,
         cheap: bool = False) -> Match:
    """Play ``match`` on: the seat its policy names plays ``choose(seat)``
    (``Match.play``; ``advance`` when ``cheap``), until the game ends or
    ``limit`` actions were played (no error when the limit comes first, as
    ``Match.play_out`` raises). Returns the match."""
    step = match.advance if cheap else match.play
    for seat in turns(match, limit):
        step(choose(seat))
    return match


def random_moves(match: Match, rng) -> Callable[[int], Hashable]:
    """``choose`` for random play: one of the seat's legal actions drawn with ``rng``."""
    return lambda seat: rng.choice(match.legal_actions(seat))


def best_ranked(match: Match) -> Callable[[int], Hashable]:
    """``choose`` for one-ply greedy play: the first of ``rank_actions`` (no randomness)."""
    from netarcade.bots.greedy import rank_actions

    return lambda seat: rank_actions(match.game, match.state, seat)[0][2]


def bot_moves(match: Match, bots: Sequence) -> Callable[[int], Hashable]:
    """``choose`` for a table of bots: seat ``n`` asks ``bots[n]``."""
    return lambda seat: bots[seat].choose(match.game, match.state, seat)
