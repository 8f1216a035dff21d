"""Net Control's one-ply ranking: the game's ``rank_steps``, what every bot
ranks with (``netarcade.bots.greedy.rank_steps``; the search bot's greedy
playouts and the move analysis call it for every seat at every step).

What it is for: the contract's default ranking (``core.game.Game.rank_steps``:
each action applied to a copy, then evaluated) with the same values in the
same order, cheaper where sibling actions repeat work:

- each action is checked on the position itself, not on its copy: an action
  of the list ``legal_actions`` just handed out for it is accepted at once
  (``state.offered``; a copy starts without the list and would check every
  action in full), any other action is checked in full, as on the copy;
- every action is evaluated with the ranking's :class:`evaluation.Siblings`:
  what the evaluation reads from the buildings, the links, the bonus races
  and the unseen cards is taken from the start's when the action left those
  parts equal, which most actions of a turn do (trades, draws, the end).

What it is not: the evaluation (``evaluation.py``) or the rules; a value
here is the value ``evaluate`` gives the copy, to the last bit
(tests/games/netcontrol/test_netcontrol_ranking.py holds it to the default).
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from .evaluation import Siblings
from .rules import check, legal_actions, perform

__all__ = ["rank_steps"]


def rank_steps(state, seat, actions=None):
    """The one-ply value of each action (``actions``, or every legal one of
    ``seat``) for ``seat``, as a generator that yields after every action and
    returns ``[(value, index, action)]`` best first (ties in listing order);
    an action refused by ``check`` is left out, as by the default."""
    if actions is None:
        actions = legal_actions(state, seat)
    siblings = None
    ranked = []
    for index, action in enumerate(actions):
        try:
            check(state, action)  # the copy would be checked alike: it is the same position
        except IllegalAction:
            yield
            continue
        trial = state.copy()
        perform(trial, action)
        if siblings is None:
            siblings = Siblings(state, seat)
        ranked.append((siblings.evaluate(trial), index, action))
        yield
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return ranked
