"""Overwrite's hotseat session in the page, and the first position of a
random game where a predicate holds (tests/web/test_web_overwrite.py, and
the browser test that opens such a position)."""

from __future__ import annotations

from netarcade.core.prng import Rng
from netarcade.web.session import Session, new_setup
from support.playing import turns


def hotseat(seed=3, players=2) -> Session:
    return Session(new_setup("overwrite", {"players": players}, seed, ("human",) * players))


def find(predicate, players=2, seeds=range(1, 80), steps=60) -> Session:
    """A hotseat session, played at random, at the first position where ``predicate(session)`` holds."""
    for seed in seeds:
        session = hotseat(seed, players)
        rng = Rng(seed)
        for seat in turns(session.match, steps):  # the session's own policy: humans first
            if predicate(session):
                return session
            session.play(rng.choice(session.match.legal(seat)))
    raise AssertionError("no such position in the seeds tried")

