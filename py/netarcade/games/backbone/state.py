"""Backbone's state and the numbers of its rules.

What this module is not: what the pieces make of the board (``network.py``),
which actions are legal (``rules.py``, ``reroute.py``) or what they do
(``turns.py``).
"""

from __future__ import annotations

START_BW = (3, 5)
INCOME = 3
BW_LIMIT = 10
ACTIONS_PER_TURN = 2
HACK_COST = 1
PASSES_TO_END = 4
#: a game that reaches this many turns (both seats together) ends as a stuck
#: round does; the printed rules have no limit, see the docs
MAX_TURNS = 200
LINKED_DATACENTER_BONUS = 2


class BackboneState:
    """The full state. Pieces are ``{hex: (owner, kind)}``; Firewalls and
    Disabled markers are sets of hexes layered on top of pieces.

    ``_cache`` holds figures derived from the pieces, keyed ``(name, seat)``
    for those that depend on one seat's pieces alone (``turns.forget`` drops
    them when they change; ``reroute.follow`` carries the network and its
    parts over the actions where that takes no walk), and under ``"offered"`` the action
    ``rules.pick_legal`` drew for this very position (``check`` accepts it
    at once; ``perform`` drops it); code that edits the state by hand
    empties it."""

    __slots__ = (
        "options", "seed", "cities", "pieces", "firewalls", "disabled", "bw", "current",
        "turn", "actions_taken", "hacked", "passes", "closing", "over", "history", "_cache", "resigned",
    )

    def copy(self) -> "BackboneState":
        other = BackboneState.__new__(BackboneState)
        other.options = self.options
        other.seed = self.seed
        other.cities = self.cities
        other.pieces = dict(self.pieces)
        other.firewalls = set(self.firewalls)
        other.disabled = set(self.disabled)
        other.bw = list(self.bw)
        other.current = self.current
        other.turn = self.turn
        other.actions_taken = self.actions_taken
        other.hacked = self.hacked
        other.passes = self.passes
        other.closing = self.closing
        other.over = self.over
        other.resigned = self.resigned
        other.history = list(self.history)
        other._cache = dict(self._cache)
        return other
