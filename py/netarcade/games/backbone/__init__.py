"""Backbone: two rival network operators on a 9x9 hex map (perfect information).

Registers the game; the rules live in ``rules.py``, the map in ``board.py``,
the notation in ``actions.py``.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.options import Option, OptionSchema
from ..registry import register
from . import actions, evaluation, rules
from .evaluation import warm
from .actions import COSTS
from .board import START_ROUTER, START_SERVER, hex_name

DEFAULT_TARGET = 10


class Backbone(Game):
    id = "backbone"
    title = "Backbone"
    min_players = 2
    max_players = 2
    hidden_information = False
    chance = False  # a seeded map is drawn at setup; nothing is left to chance in play
    timeout_verbs = ("end",)
    #: legality, turns and scores; the notation; the evaluation and the one-ply
    #: ranking (``Game.modules``)
    modules = (rules, actions, evaluation)
    options = OptionSchema(
        Option("players", "int", 2, minimum=2, maximum=2, help="Backbone is a duel"),
        Option("target", "int", DEFAULT_TARGET, minimum=3, maximum=20,
               help="AI tokens that trigger the closing turn"),
        Option("map", "choice", "classic", choices=("classic", "seeded"),
               help="classic City layout, or one drawn from the seed"),
    )

    def setup(self, options, seed):
        return rules.new_state(options, seed)

    def copy(self, state):
        # bots copy a position once per candidate action: evaluate the part of
        # each side an action of the other leaves alone once, before copying
        warm(state)
        return state.copy()

    def body(self, state, observer) -> dict[str, Any]:
        """Backbone has no hidden information: every observer sees the same."""
        networks = [rules.network(state, s) for s in (0, 1)]
        online = set()
        for s in (0, 1):
            online.update(rules.online_servers(state, s))
            online.update(rules.online_datacenters(state, s))
        pieces = [
            {
                "hex": hex_name(h),
                "q": h[0],
                "r": h[1],
                "owner": owner,
                "kind": kind,
                "firewall": h in state.firewalls,
                "disabled": h in state.disabled,
                "in_network": h in networks[owner],
                "online": h in online,
                "start": h in (START_ROUTER[owner], START_SERVER[owner]),
            }
            for h, (owner, kind) in sorted(state.pieces.items())
        ]
        return {
            "options": dict(state.options),
            "current": None if state.over else state.current,
            "actions_left": 0 if state.over else rules.ACTIONS_PER_TURN - state.actions_taken,
            "hack_used": state.hacked,
            "bw": list(state.bw),
            "bw_limit": rules.BW_LIMIT,
            "costs": dict(COSTS),
            "cities": [{"hex": hex_name(c), "q": c[0], "r": c[1],
                        "connected": [s for s in (0, 1) if c in rules.connected_cities(state, s)]}
                       for c in sorted(state.cities)],
            "pieces": pieces,
            "connected_cities": [len(rules.connected_cities(state, s)) for s in (0, 1)],
            "passes": state.passes,
            "closing": state.closing,
            "resigned": state.resigned,
            "history": [list(t) for t in state.history],
        }

    def canonical(self, state):
        return {
            "options": dict(state.options),
            "seed": state.seed,
            "cities": sorted(list(c) for c in state.cities),
            "pieces": sorted([list(h), owner, kind] for h, (owner, kind) in state.pieces.items()),
            "firewalls": sorted(list(h) for h in state.firewalls),
            "disabled": sorted(list(h) for h in state.disabled),
            "bw": list(state.bw),
            "current": state.current,
            "turn": state.turn,
            "actions_taken": state.actions_taken,
            "hacked": state.hacked,
            "passes": state.passes,
            "closing": state.closing,
            "over": state.over,
            "history": [list(t) for t in state.history],
            # only when someone resigned: older games keep their digests
            **({"resigned": state.resigned} if state.resigned is not None else {}),
        }


BACKBONE = register(Backbone())
