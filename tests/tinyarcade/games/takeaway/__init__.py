"""Take-away (docs/engine.md, "Worked example"): declares the game and
registers it; the rules are in ``rules.py``, the notation in ``actions.py``."""

from __future__ import annotations

from netarcade.core.events import Event
from netarcade.core.game import Game
from netarcade.core.options import Option, OptionSchema
from netarcade.games.registry import register

from . import rules
from .actions import format_action, parse_action


class TakeAway(Game):
    id, title = "takeaway", "Take-away"
    min_players, max_players = 2, 2
    options = OptionSchema(
        Option("players", "int", 2, minimum=2, maximum=2),
        Option("pile", "int", 10, minimum=1, maximum=50, help="counters at the start"))
    timeout_verbs = ("take",)

    def setup(self, options, seed):
        return rules.Pile(options["pile"]), [Event("pile", {"counters": options["pile"]})]

    def copy(self, pile):
        return pile.copy()

    def to_act(self, pile):
        return rules.to_act(pile)

    def legal_actions(self, pile, seat):
        return rules.legal_actions(pile, seat)

    def check(self, pile, action):
        rules.check(pile, action)

    def perform(self, pile, action):
        return rules.perform(pile, action)

    def body(self, pile, observer):
        return {"counters": pile.counters, "current": None if pile.over else pile.current, "history": []}

    def is_over(self, pile):
        return pile.over

    def scores(self, pile):
        return [int(s in rules.winners(pile)) for s in (0, 1)]

    def winners(self, pile):
        return rules.winners(pile)

    def turn_count(self, pile):
        return pile.turn

    def format_action(self, action):
        return format_action(action)

    def parse_action(self, text):
        return parse_action(text)

    def canonical(self, pile):
        return [pile.counters, pile.current, pile.last, pile.turn, pile.resigned]


TAKEAWAY = register(TakeAway())
