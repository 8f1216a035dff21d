"""Net Control's state and its setup: the numbers of the game, ``NCState`` and ``new_state``.

What it is for: the constants every other module reads (costs, the special
deck, limits, the bonuses' thresholds, each runner's supply), the state's
shape and its copy, and the position before the first placement.

What it is not: no rule is decided here. Figures derived from the state are
in ``scoring.py``, where things may go and the legal actions in ``legal.py``,
what an action does in ``effects.py``, what a seat may see in ``views.py``;
``rules.py`` checks actions and is the package's public face.

Speed matters (random games are benchmarked against catanatron), so the state
is flat: lists of ints indexed by seat, dicts keyed by integer ids.
"""

from __future__ import annotations

from typing import Any

from ...core.events import Event
from ...core.prng import Rng, derive_seed
from .board import generate_board

CO, BA, FI, SC, ME = range(5)
COSTS = {
    "link": (1, 1, 0, 0, 0),
    "node": (1, 1, 1, 1, 0),
    "super": (0, 0, 2, 0, 3),
    "fortify": (1, 0, 2, 1, 0),
    "draw": (0, 0, 1, 1, 1),
    "clear": (1, 0, 1, 1, 0),
}
CARDS = ("hack", "virus", "xp", "linkbuild", "resource", "monopoly")
HACK, VIRUS, XP, LINKBUILD, RESOURCE, MONOPOLY = range(6)
DECK = (20, 14, 5, 2, 2, 2)  # 45 cards
DECK_SIZE = sum(DECK)
HAND_LIMIT = 7
LIMIT_PER_GUARDED_SUPER = 2
NODE_BASE, SUPER_BASE = 7, 9
THREAT_TO_PURGE = 3
LONGEST_MIN, FORTIFIED_MIN, BONUS_XP = 5, 3, 2
MONOPOLY_TAKE = 2
#: the smallest island runs out of spaced vertices with more runners
MAX_PLAYERS_BY_RADIUS = {1: 4}
#: each runner's supply of pieces (the page names none; these follow the
#: board game it descends from and bound the longest-run search)
SUPPLY = {"link": 15, "node": 5, "super": 4}
#: the first rules edition that re-seats a runner left without a building (N32)
REBUILD_EDITION = 2
#: a game that reaches this many turns ends (no XP race should ever get
#: here; it only guarantees that random playouts finish)
MAX_TURNS = 1000


class NCState:
    __slots__ = (
        "options", "seed", "n", "board", "topo", "rng", "phase", "setup_order", "setup_step",
        "last_node", "current", "turn", "hands", "cards", "fresh", "played_card", "xp_cards",
        "deck", "discard", "removed_xp", "owner", "level", "forts", "links", "infected",
        "threat", "dice", "owed", "longest", "fortified", "lengths", "winner", "history", "out",
    )

    def copy(self) -> "NCState":
        other = NCState.__new__(NCState)
        for name in ("options", "seed", "n", "board", "topo", "phase", "setup_order", "setup_step",
                     "last_node", "current", "turn", "played_card", "removed_xp", "threat", "dice",
                     "longest", "fortified", "winner", "out"):
            setattr(other, name, getattr(self, name))
        other.rng = self.rng.copy()
        other.hands = [list(h) for h in self.hands]
        other.cards = [list(c) for c in self.cards]
        other.fresh = [list(c) for c in self.fresh]
        other.xp_cards = list(self.xp_cards)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.owner = dict(self.owner)
        other.level = dict(self.level)
        other.forts = dict(self.forts)
        other.links = dict(self.links)
        other.infected = set(self.infected)
        other.owed = dict(self.owed)
        other.lengths = list(self.lengths)
        other.history = list(self.history)
        return other


def new_state(options: dict[str, Any], seed: int) -> tuple[NCState, list[Event]]:
    state = NCState()
    n = options["players"]
    state.options = options
    state.seed = seed
    state.n = n
    state.board = generate_board(options["radius"], seed)
    state.topo = state.board.topology
    state.rng = Rng(derive_seed(seed, "netcontrol-play"))
    state.phase = "setup-node"
    # Snake order: 1..n then n..1, so the last to place first places twice in a row.
    state.setup_order = tuple(range(n)) + tuple(reversed(range(n)))
    state.setup_step = 0
    state.last_node = None
    state.current = 0
    state.turn = 0  # turns start counting when the first roll comes
    state.hands = [[0] * 5 for _ in range(n)]
    state.cards = [[0] * 6 for _ in range(n)]
    state.fresh = [[0] * 6 for _ in range(n)]
    state.played_card = False
    state.xp_cards = [0] * n
    state.deck = [kind for kind, count in enumerate(DECK) for _ in range(count)]
    state.rng.shuffle(state.deck)
    state.discard = []
    state.removed_xp = 0
    state.owner, state.level, state.forts = {}, {}, {}
    state.links = {}
    state.infected = set()
    state.threat = 0
    state.dice = None
    state.owed = {}
    state.longest = None
    state.fortified = None
    state.lengths = [0] * n
    state.winner = None
    state.history = []
    #: seats that resigned (N33), as a frozenset: they hold nothing and never act again
    state.out = frozenset()
    return state, [Event("setup", {"players": n, "radius": options["radius"]})]
