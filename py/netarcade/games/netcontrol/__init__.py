"""Net Control: 2-6 players build networks on a hex island (hidden hands, dice, a special deck).

Registers the game; the rules live in ``rules.py``, the island in
``board.py``, the notation in ``actions.py``.
"""

from __future__ import annotations

from ...core.errors import InvalidOption
from ...core.game import DISCARD, SETUP, TABLE, TURN, Game
from ...core.options import Option, OptionSchema
from ..registry import register
from . import actions, evaluation, ranking, rules
from .actions import SIGNATURES
from .evaluation import BOT_SETTINGS


#: the kind of decision each phase asks for (others: the seat's turn)
_DECISIONS = {"setup-node": SETUP, "setup-link": SETUP, "discard": DISCARD}


class NetControl(Game):
    id = "netcontrol"
    title = "Net Control"
    min_players = 2
    max_players = 6
    options = OptionSchema(
        Option("players", "int", 3, minimum=2, maximum=6, help="runners at the table"),
        Option("radius", "int", 2, minimum=1, maximum=4, help="island size: 2 = 19 tiles"),
        Option("target", "int", 10, minimum=3, maximum=20, help="XP that wins at once"),
        Option("rules", "int", 2, minimum=1, maximum=2, legacy=1,
               help="rules edition: 2 re-seats a runner left without a building (N32); "
                    "links made before it replay as 1"),
    )
    bot_settings = BOT_SETTINGS
    decisions = (SETUP, TURN, DISCARD)
    timeout_verbs = ("end",)
    bench_options = {"players": 4}  # benchmarked like catanatron's Catan: four players
    #: legality, actions, the end, the canonical form and determinizing; the
    #: notation; the evaluation; the one-ply ranking every bot uses
    #: (``ranking.rank_steps``) (``Game.modules``). Every action of a playout
    #: calls ``rules.legal_actions``, ``rules.check`` and ``rules.perform``
    #: directly (the contract's ``apply`` calls them through this game)
    modules = (rules, actions, evaluation, ranking)

    hidden_information = True
    chance = True
    #: N31: every move is public as written: discards, trades, builds and
    #: played cards with their targets; ``draw`` names no card (the drawn
    #: card is in an event for the drawer alone). Every seat's log reads
    #: every move whole.
    public_verbs = frozenset(SIGNATURES)

    def check_options(self, options):
        most = rules.MAX_PLAYERS_BY_RADIUS.get(options["radius"], self.max_players)
        if options["players"] > most:
            raise InvalidOption("players", f"an island of radius {options['radius']} seats at most "
                                f"{most} runners, not {options['players']}")

    def setup(self, options, seed):
        return rules.new_state(options, seed)

    def to_act(self, state):
        if state.phase == "main" or state.phase == "roll":
            return {state.current: TURN}  # most decisions: one runner's turn
        kind = _DECISIONS.get(state.phase, TURN)
        return {seat: kind for seat in rules.to_act(state)}

    def body(self, state, observer):
        """A seat sees its own hand and cards; ``TABLE`` (the local all-open
        game) every hand; the deck order and PRNG never."""
        if observer == TABLE:
            return rules.view(state, None, open_hands=True)
        return rules.view(state, observer)

    def is_over(self, state):
        return state.phase == "over"

    def scores(self, state):
        return [rules.xp(state, s) for s in range(state.n)]

    def players(self, state):
        return state.n  # not len(scores): that computes every runner's XP (the relay asks per frame)










NETCONTROL = register(NetControl())
