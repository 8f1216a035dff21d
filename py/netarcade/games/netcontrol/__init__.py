"""Net Control: 2-6 players build networks on a hex island (hidden hands, dice, a special deck).

Registers the game; the rules live in ``rules.py``, the island in
``board.py``, the notation in ``actions.py``.
"""

from __future__ import annotations

from ...core.errors import InvalidOption
from ...core.game import Game, register
from ...core.options import Option, OptionSchema, validate_seed
from . import rules
from .actions import format_action, parse_action
from .bots import BOT_SETTINGS, evaluate, evaluate_all


class NetControl(Game):
    id = "netcontrol"
    title = "Net Control"
    min_players = 2
    max_players = 6
    options = OptionSchema(
        Option("players", "int", 3, minimum=2, maximum=6, help="runners at the table"),
        Option("radius", "int", 2, minimum=1, maximum=4, help="island size: 2 = 19 tiles"),
        Option("target", "int", 10, minimum=3, maximum=20, help="XP that wins at once"),
    )
    bot_settings = BOT_SETTINGS

    def new_game(self, options, seed):
        options = self.options.validate(options)
        if options["players"] > rules.MAX_PLAYERS_BY_RADIUS.get(options["radius"], 6):
            raise InvalidOption("players", f"radius {options['radius']} seats at most "
                                f"{rules.MAX_PLAYERS_BY_RADIUS[options['radius']]} runners")
        state, _ = rules.new_state(options, validate_seed(seed))
        return state

    def copy(self, state):
        return state.copy()

    def to_act(self, state):
        return rules.to_act(state)

    def legal_actions(self, state, seat):
        return rules.legal_actions(state, seat)

    def apply(self, state, action):
        return rules.apply(state, action)

    def view(self, state, seat=None):
        return rules.view(state, seat)

    def open_view(self, state):
        """The local all-open game: every hand shown (deck order and PRNG still hidden)."""
        return rules.view(state, None, open_hands=True)

    def is_over(self, state):
        return state.phase == "over"

    def scores(self, state):
        return [rules.xp(state, s) for s in range(state.n)]

    def winners(self, state):
        return rules.winners(state)

    def turn_count(self, state):
        return state.turn

    def format_action(self, action):
        return format_action(action)

    def parse_action(self, text):
        return parse_action(text)

    def canonical(self, state):
        return rules.canonical(state)

    def evaluate(self, state, seat):
        return evaluate(state, seat)

    def evaluate_all(self, state):
        return evaluate_all(state)

    def determinize(self, state, seat, rng):
        return rules.determinize(state, seat, rng)


NETCONTROL = register(NetControl())
