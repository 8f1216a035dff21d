"""Breach: 2-5 infiltrators race Edge -> Root -> Edge through 14 layers of
Mainframe / Undernet Node cards, rolling for Bandwidth, managing Exposure and
playing Exploits that others may block by discarding pairs. Hidden hands,
dice, a deck.

Registers the game; the components are in ``cards.py``, the state and setup
in ``state.py``, legality in ``legal.py``, applying actions in ``rules.py``,
views and determinization in ``views.py``, the notation in ``actions.py``,
the evaluation in ``evaluation.py``, the bots' one-ply ranking in
``rank.py``; the board is drawn by the page
(``web/games/breach/render.py``). The rules as implemented:
docs/rules/breach.md.
"""

from __future__ import annotations

from ...core.errors import InvalidOption
from ...core.game import DISCARD, RESPONSE, TURN, Game
from ...core.options import Option, OptionSchema
from ..registry import register
from . import actions, evaluation, legal, rank, rules, state as states, views
from .evaluation import BOT_SETTINGS
from .state import OVER, new_state


class Breach(Game):
    id = "breach"
    title = "Breach"
    min_players = 2
    max_players = 5
    hidden_information = True
    chance = True
    #: D17: every move is public as written: plays with their targets, blocks,
    #: counters and rerolls with the cards spent, a hand-limit discard (the
    #: pile is face up), rolls, moves. Lay Low and crashes name no card; draws
    #: are no one's move. So every seat's log reads every move whole.
    public_verbs = frozenset({"run", "laylow", "play", "move", "block", "counter", "pass", "safe", "sprint",
                              "reroll", "keep", "enter", "stop", "discard", "crash"})
    options = OptionSchema(
        Option("players", "int", 4, minimum=2, maximum=5, help="infiltrators at the table"),
        Option("rounds", "int", 40, minimum=0, maximum=200,
               help="lockdown: after this many rounds (5-200) the player farthest along wins (D19); "
                    "0: no lockdown, as printed (D33)"),
        Option("rules", "int", 3, minimum=1, maximum=3, legacy=1,
               help="rules edition: 2 keeps the printed once-per-turn Node rule, resolves the layer-1 "
                    "EXIT on entering the Edge, reads crashes and the Exploit deck as "
                    "docs/rules/breach.md says, and takes no tied player as a Pressure target; 3 is 2 with "
                    "tied players as targets again (D26, D35); links made before the option replay as 1"),
    )
    bot_settings = BOT_SETTINGS
    decisions = (TURN, RESPONSE, DISCARD)
    timeout_verbs = ("pass", "stop")
    #: who acts and legality; applying actions; views and determinizing; the
    #: canonical form; the notation; the evaluation; the bots' one-ply
    #: ranking (``Game.modules``)
    modules = (legal, rules, views, states, actions, evaluation, rank)

    def check_options(self, options):
        if 0 < options["rounds"] < 5:
            raise InvalidOption("rounds", f"must be 0 (no lockdown) or between 5 and 200, got {options['rounds']}")

    def setup(self, options, seed):
        state, events = new_state(options, seed)
        events.extend(rules.start_turn(state, state.first))
        return state, events

    def is_over(self, state):
        return state.phase == OVER

    def scores(self, state):
        return [state.progress(s) for s in range(state.n)]

    def winners(self, state):
        return list(state.winners)









BREACH = register(Breach())

__all__ = ["BREACH", "Breach"]
