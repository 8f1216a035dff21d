"""Who acts next: the policies a :class:`~netarcade.core.match.Match` is given.

When several seats may act at once (Net Control's discards after a 7, a
response window), the game says only who may (``to_act``); which of them
the loop asks first is the loop's policy. ``Match(..., actor=policy)``
takes one, and ``Match.next_actor()`` asks it. Three are named here, one
per kind of table:

- :class:`RandomActor` (**random**): a seat drawn with an ``Rng``, so every
  acting seat is an equal and every seat's choice is exercised. The
  default: a match without a policy draws with ``actor_rng(seed)``
  (``simulate``, the ladder, ``bench``); the bots' playouts give their own
  ``Rng``.
- :class:`HumansFirst` (**humans first**): the page's local game. A human
  seat comes before any bot, so the player never waits for bots; among
  several humans, or several bots, one is drawn from the game seed and the
  version (no ``Rng`` is kept, so a link replays the same).
- :class:`LowestSeat` (**lowest seat**): the relay's bots. People in a room
  act when they like; of the seats the relay plays itself it takes the
  lowest first.

A policy is an object with ``pick(match, seats) -> seat``: ``seats`` are the
acting seats the caller may ask (sorted, never empty), and it returns one
of them. It only chooses; it never plays. Every policy names the only
seat when one acts (the random one draws nothing then), so ``Match`` does
not ask it.

>>> from netarcade.core.prng import Rng
>>> LowestSeat().pick(None, [1, 3])
1
>>> RandomActor(Rng(5)).pick(None, [2])  # one seat: nothing is drawn
2
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence

from .prng import Rng, derive_seed

__all__ = ["ActorPolicy", "HumansFirst", "LowestSeat", "RandomActor", "actor_rng"]


class ActorPolicy(Protocol):
    def pick(self, match: Any, seats: Sequence[int]) -> int:
        """One of ``seats`` (sorted, not empty) to act now in ``match``."""


def actor_rng(seed: int) -> Rng:
    """The randomness that picks who acts first when several seats may (a
    discard window) in a match with no policy of its own: drawn from the
    game seed, so every seat's choice is exercised and games replay."""
    return Rng(derive_seed(seed, "actors"))


class RandomActor:
    """Random: one acting seat drawn with ``rng`` (``rng.below`` once, and
    only when more than one seat may act), so acting seats are equals and
    never the lowest first."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng):
        self.rng = rng

    @classmethod
    def for_seed(cls, seed: int | None) -> "RandomActor":
        """The default policy of a match on ``seed`` (``actor_rng``)."""
        if seed is None:
            raise ValueError("a match around a bare state has no seed: give it an actor policy")
        return cls(actor_rng(seed))

    def pick(self, match: Any, seats: Sequence[int]) -> int:
        return seats[0] if len(seats) == 1 else seats[self.rng.below(len(seats))]


class HumansFirst:
    """Humans first: among the acting seats, the ``humans`` come before the
    rest; among several of them (or several bots, when no human acts), one
    is drawn from ``seed`` and the match's version, so every acting seat is
    an equal, none goes first for its number, and a replay draws the same."""

    __slots__ = ("humans", "seed")

    def __init__(self, humans: Iterable[int], seed: int):
        self.humans = frozenset(humans)
        self.seed = seed

    def pick(self, match: Any, seats: Sequence[int]) -> int:
        pool = [seat for seat in seats if seat in self.humans] or seats
        if len(pool) == 1:
            return pool[0]
        return pool[derive_seed(self.seed, f"actor:{match.version}") % len(pool)]


class LowestSeat:
    """Lowest seat: the acting seat with the lowest number."""

    __slots__ = ()

    def pick(self, match: Any, seats: Sequence[int]) -> int:
        return seats[0]
