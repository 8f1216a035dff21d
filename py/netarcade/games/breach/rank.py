"""Breach's one-ply ranking for the bots (``Game.rank_steps``).

What it is for: the search bot's root, its playouts, the greedy bot and
the move analysis rank every action of a position by applying it to a copy
and evaluating the copy for the mover. This is the contract's default
(``core.game.Game.rank_steps``: the same values, the same order, ties in
listing order), with the work the default repeats between the sibling
actions of one ranking done once:

- an action of the list ``legal.legal_actions`` handed out for this very
  position (every action when none are given, or ``actions`` that are
  ``state.offered``) is performed on its copy without checking it again;
  any other action is checked in full on its copy, and one refused is left
  out, as by the default;
- the evaluation is the mover's alone (``evaluation.evaluate``), not every
  seat's;
- offered actions that differ only in which cards of the hand they spend
  (the pairs of a block, of a counter, of a reroll of one die; the card a
  hand-limit discard drops) are valued once: the rules never branch on
  which cards were spent, and the evaluation counts a hand's Exploits,
  never reads them (``evaluation.strength``), so every such sibling gets
  the first one's value, exactly.

Not here: the evaluation itself (``evaluation.py``).
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from .evaluation import evaluate
from .actions import Block, Counter, Discard, Reroll
from .legal import check, legal_actions
from .rules import perform
from .state import BreachState


def _spending(action):
    """What an action that spends cards does, the cards aside (its kind, and
    the die of a reroll); None for any other action."""
    kind = type(action)
    if kind is Block or kind is Counter or kind is Discard:
        return kind
    if kind is Reroll:
        return kind, action.die
    return None


def rank_steps(state: BreachState, seat: int, actions=None):
    """``[(value, index, action)]`` best first (ties in listing order), as a
    generator that yields after every action it evaluates: what
    ``Game.rank_steps`` returns, with less repeated work (the module's
    docstring)."""
    if actions is None:
        actions = legal_actions(state, seat)
    offered = actions is state.offered
    ranked = []
    spent: dict = {}  # the value of the first offered action of each ``_spending`` kind
    for index, action in enumerate(actions):
        alike = _spending(action) if offered else None
        value = spent.get(alike) if alike is not None else None
        if value is None:
            trial = state.copy()
            if not offered:
                try:
                    check(trial, action)
                except IllegalAction:
                    yield
                    continue
            perform(trial, action)
            value = evaluate(trial, seat)
            if alike is not None:
                spent[alike] = value
        ranked.append((value, index, action))
        yield
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return ranked
