"""Take-away (docs/engine.md, "Worked example"): declares the game and
registers it; the rules are in ``rules.py``, the notation in ``actions.py``,
and the game names both as its ``modules`` instead of forwarding to them."""

from __future__ import annotations

from netarcade.core.events import Event
from netarcade.core.game import Game
from netarcade.core.options import Option, OptionSchema
from netarcade.games.registry import register

from . import actions, rules


class TakeAway(Game):
    id, title = "takeaway", "Take-away"
    min_players, max_players = 2, 2
    options = OptionSchema(
        Option("players", "int", 2, minimum=2, maximum=2),
        Option("pile", "int", 10, minimum=1, maximum=50, help="counters at the start"))
    timeout_verbs = ("take",)
    #: who acts, legality, applying actions and the winners; the notation.
    #: ``copy``, ``is_over`` and ``turn_count`` are the defaults, which read
    #: the state's ``copy()``, ``over`` and ``turn`` (``Game.modules``)
    modules = (rules, actions)

    def setup(self, options, seed):
        return rules.Pile(options["pile"]), [Event("pile", {"counters": options["pile"]})]

    def body(self, pile, observer):
        return {"counters": pile.counters, "current": None if pile.over else pile.current, "history": []}

    def scores(self, pile):
        return [int(s in rules.winners(pile)) for s in (0, 1)]

    def canonical(self, pile):
        return [pile.counters, pile.current, pile.last, pile.turn, pile.resigned]


TAKEAWAY = register(TakeAway())
