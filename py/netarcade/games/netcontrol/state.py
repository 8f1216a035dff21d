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
from .board import RESOURCES, Board
from .deal import generate_board

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
        "threat", "dice", "owed", "longest", "fortified", "lengths", "winner", "history", "out", "yields",
        "offered",
    )

    def copy(self) -> "NCState":
        other = NCState.__new__(NCState)
        other.options, other.seed, other.n, other.board, other.topo, other.yields = (
            self.options, self.seed, self.n, self.board, self.topo, self.yields)
        other.phase, other.setup_order, other.setup_step, other.last_node = (
            self.phase, self.setup_order, self.setup_step, self.last_node)
        other.current, other.turn, other.played_card, other.removed_xp = (
            self.current, self.turn, self.played_card, self.removed_xp)
        other.threat, other.dice, other.longest, other.fortified, other.winner, other.out = (
            self.threat, self.dice, self.longest, self.fortified, self.winner, self.out)
        other.offered = None
        other.rng = self.rng.copy()
        other.hands = [h[:] for h in self.hands]
        other.cards = [c[:] for c in self.cards]
        other.fresh = [c[:] for c in self.fresh]
        other.xp_cards = self.xp_cards[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.owner = self.owner.copy()
        other.level = self.level.copy()
        other.forts = self.forts.copy()
        other.links = self.links.copy()
        other.infected = self.infected.copy()
        other.owed = self.owed.copy()
        other.lengths = self.lengths[:]
        other.history = self.history[:]
        return other


def yields(board: Board) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """``yields[n]``: ``(tile, resource index, the tile's vertices)`` of every
    tile showing the number ``n``, in id order (read on every roll; the
    board never changes during a game)."""
    vertices = board.topology.tile_vertices
    return tuple(tuple((t, RESOURCES.index(board.terrain[t]), vertices[t]) for t in tiles)
                 for tiles in board.number_tiles)


def new_state(options: dict[str, Any], seed: int) -> tuple[NCState, list[Event]]:
    state = NCState()
    n = options["players"]
    state.options = options
    state.seed = seed
    state.n = n
    state.board = generate_board(options["radius"], seed)
    state.topo = state.board.topology
    state.yields = yields(state.board)
    #: the list ``legal_actions`` last handed out for this very position,
    #: None once anything changed (``perform``) and in every copy:
    #: ``rules.check`` accepts an action of it, the same object, without
    #: checking it again (a state edited by hand must not be checked against
    #: a list handed out before the edit)
    state.offered = None
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
