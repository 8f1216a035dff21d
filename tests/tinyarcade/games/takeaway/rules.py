"""Take-away's state and rules: a pile of counters; players take 1, 2 or 3
in turn; whoever takes the last counter wins (a resignation gives the other
the game)."""

from __future__ import annotations

from netarcade.core.actions import Resign
from netarcade.core.errors import IllegalAction
from netarcade.core.events import Event
from netarcade.core.game import TURN, is_seat

from .actions import Take


class Pile:
    def __init__(self, counters, current=0, last=None, turn=1, resigned=None):
        self.counters, self.current, self.last, self.turn, self.resigned = counters, current, last, turn, resigned

    def copy(self):
        return Pile(self.counters, self.current, self.last, self.turn, self.resigned)

    @property
    def over(self):
        return self.counters == 0 or self.resigned is not None


def to_act(pile):
    return {} if pile.over else {pile.current: TURN}


def legal_actions(pile, seat):
    if seat not in to_act(pile):
        return []
    return [Take(seat, n) for n in (1, 2, 3) if n <= pile.counters]


def check(pile, action):
    if isinstance(action, Resign) and is_seat(action.seat) and action.seat in (0, 1):
        if pile.over:
            raise IllegalAction("game-over", "the game is over")
        return
    if not isinstance(action, Take) or not is_seat(action.seat) or type(action.count) is not int:
        raise IllegalAction("unknown-action", f"{action!r} is not a Take-away action")
    if action.seat not in to_act(pile):
        raise IllegalAction("not-your-turn", "the game is over" if pile.over else f"it is P{pile.current + 1}'s turn")
    if not 1 <= action.count <= min(3, pile.counters):
        raise IllegalAction("bad-count", f"take 1 to {min(3, pile.counters)} counters")


def perform(pile, action):
    if isinstance(action, Resign):
        pile.resigned = action.seat
        return [Event("resign", {"seat": action.seat})]
    pile.counters -= action.count
    pile.last, pile.current = action.seat, 1 - action.seat
    pile.turn += 0 if pile.over else 1
    return [Event("take", {"seat": action.seat, "count": action.count, "left": pile.counters})]


def winners(pile):
    if pile.resigned is not None:
        return [1 - pile.resigned]
    return [pile.last] if pile.counters == 0 else []
