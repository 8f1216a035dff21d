"""Net Control's rules: state, legality, effects, hidden information.

What this module is not: it draws nothing, chooses no moves, and knows the
board only through ``board.py``'s topology ids. Every decision the original
page leaves open is written in docs/rules/netcontrol.md.

Speed matters (random games are benchmarked against catanatron), so the state
is flat: lists of ints indexed by seat, dicts keyed by integer ids, and the
legal-action generator touches only the few ids around a player's network.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.prng import Rng, derive_seed
from .actions import Act
from .board import DEAD, RESOURCE_CODES, RESOURCES, generate_board

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
#: a game that reaches this many turns ends (no XP race should ever get
#: here; it only guarantees that random playouts finish)
MAX_TURNS = 1000


class NCState:
    __slots__ = (
        "options", "seed", "n", "board", "topo", "rng", "phase", "setup_order", "setup_step",
        "last_node", "current", "turn", "hands", "cards", "fresh", "played_card", "xp_cards",
        "deck", "discard", "removed_xp", "owner", "level", "forts", "links", "infected",
        "threat", "dice", "owed", "longest", "fortified", "lengths", "winner", "history",
    )

    def copy(self) -> "NCState":
        other = NCState.__new__(NCState)
        for name in ("options", "seed", "n", "board", "topo", "phase", "setup_order", "setup_step",
                     "last_node", "current", "turn", "played_card", "removed_xp", "threat", "dice",
                     "longest", "fortified", "winner"):
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
    return state, [Event("setup", {"players": n, "radius": options["radius"]})]


# --- derived figures ------------------------------------------------------------


def hand_size(state: NCState, seat: int) -> int:
    return sum(state.hands[seat])


def pieces_left(state: NCState, seat: int, piece: str) -> int:
    """Pieces of a kind still in the seat's supply (a Super Node frees its Node)."""
    if piece == "link":
        used = sum(1 for who in state.links.values() if who == seat)
    else:
        level = 1 if piece == "node" else 2
        used = sum(1 for v, who in state.owner.items() if who == seat and state.level[v] == level)
    return SUPPLY[piece] - used


def hand_limit(state: NCState, seat: int) -> int:
    """7, plus 2 for every Super Node of the seat carrying a fortification."""
    guarded = sum(
        1 for v, who in state.owner.items() if who == seat and state.level[v] == 2 and state.forts[v] > 0
    )
    return HAND_LIMIT + LIMIT_PER_GUARDED_SUPER * guarded


def fortifications(state: NCState, seat: int) -> int:
    return sum(state.forts[v] for v, who in state.owner.items() if who == seat)


def protection(state: NCState, vertex: int) -> int:
    """The hit-point pool shown to players: base 7 (Node) or 9 (Super Node) plus levels."""
    return (SUPER_BASE if state.level[vertex] == 2 else NODE_BASE) + state.forts[vertex]


def xp(state: NCState, seat: int) -> int:
    """Node 1, Super Node 2, each bonus held 2, each +1 XP card played 1."""
    total = state.xp_cards[seat]
    for v, who in state.owner.items():
        if who == seat:
            total += state.level[v]
    if state.longest == seat:
        total += BONUS_XP
    if state.fortified == seat:
        total += BONUS_XP
    return total


def exchange_rate(state: NCState, seat: int, resource: int) -> int:
    """4:1, 3:1 with a building on a generic exchange, 2:1 on that resource's."""
    rate = 4
    name = RESOURCES[resource]
    exchange_at = state.board.exchange_at
    for v, who in state.owner.items():
        if who == seat and v in exchange_at:
            kind = exchange_at[v]
            if kind == name:
                return 2
            if kind is None:
                rate = 3
    return rate


def longest_run(state: NCState, seat: int) -> int:
    """Links in the seat's longest unbroken run: a trail using each link once,
    which cannot pass through a vertex holding another player's building."""
    topo = state.topo
    mine = [e for e, who in state.links.items() if who == seat]
    if len(mine) < 1:
        return 0
    at: dict[int, list[int]] = {}
    for e in mine:
        a, b = topo.edge_vertices[e]
        at.setdefault(a, []).append(e)
        at.setdefault(b, []).append(e)
    owner = state.owner
    best = 0

    def walk(vertex: int, used: set, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and owner.get(vertex, seat) != seat:
            return  # a rival's building breaks the run here
        for e in at.get(vertex, ()):
            if e not in used:
                a, b = topo.edge_vertices[e]
                used.add(e)
                walk(b if a == vertex else a, used, length + 1)
                used.discard(e)

    for vertex in at:
        walk(vertex, set(), 0)
    return best


def _leaders(values: list[int]) -> set[int]:
    best = max(values)
    return {s for s, value in enumerate(values) if value == best}


def _settle_bonus(holder, before: list[int], values: list[int], minimum: int, actor: int):
    """Who holds a bonus after a change from ``before`` to ``values``. It
    needs ``minimum``; the highest value holds it. On a tie, the runner whose
    action made the tie (the leaders changed and it is among them) takes it;
    otherwise the holder keeps it; otherwise the earliest seat of the tie."""
    if max(values) < minimum:
        return None
    leaders = _leaders(values)
    if len(leaders) == 1:
        return next(iter(leaders))
    if actor in leaders and leaders != _leaders(before):
        return actor
    if holder in leaders:
        return holder
    return min(leaders)


def _update_bonuses(state: NCState, actor: int, recount=(), fort_change=None) -> list[Event]:
    """Re-settle both bonuses; ``recount`` lists the seats whose longest run
    may have changed (their links, or a building on a vertex they pass);
    ``fort_change`` is ``(seat, delta)`` when a fortification count changed."""
    events = []
    if recount:
        before = list(state.lengths)
        for s in recount:
            state.lengths[s] = longest_run(state, s)
        holder = _settle_bonus(state.longest, before, state.lengths, LONGEST_MIN, actor)
        if holder != state.longest:
            state.longest = holder
            events.append(Event("bonus", {"bonus": "longest-network", "seat": holder}))
    forts = [fortifications(state, s) for s in range(state.n)]
    before = list(forts)
    if fort_change is not None:
        before[fort_change[0]] -= fort_change[1]
    holder = _settle_bonus(state.fortified, before, forts, FORTIFIED_MIN, actor)
    if holder != state.fortified:
        state.fortified = holder
        events.append(Event("bonus", {"bonus": "most-fortified", "seat": holder}))
    return events


def _runs_through(state: NCState, vertex: int) -> tuple:
    """Seats with a link at ``vertex`` (a building there can break their run)."""
    links = state.links
    return tuple(sorted({links[e] for e in state.topo.vertex_edges[vertex] if e in links}))


# --- where things may go ----------------------------------------------------------


def _spaced(state: NCState, vertex: int) -> bool:
    """A building needs its vertex and every adjacent vertex empty."""
    owner = state.owner
    return vertex not in owner and not any(n in owner for n in state.topo.vertex_neighbors[vertex])


def link_spots(state: NCState, seat: int, links=None) -> list[int]:
    """Empty edges touching the seat's network: at one of its buildings, or at
    the end of one of its links where no rival building stands."""
    links = state.links if links is None else links
    topo, owner = state.topo, state.owner
    spots = set()
    vertices = {v for v, who in owner.items() if who == seat}
    for e, who in links.items():
        if who == seat:
            for v in topo.edge_vertices[e]:
                if owner.get(v, seat) == seat:
                    vertices.add(v)
    for v in vertices:
        for e in topo.vertex_edges[v]:
            if e not in links:
                spots.add(e)
    return sorted(spots)


def node_spots(state: NCState, seat: int) -> list[int]:
    """Spaced, empty vertices at the end of one of the seat's links."""
    topo = state.topo
    spots = set()
    for e, who in state.links.items():
        if who == seat:
            for v in topo.edge_vertices[e]:
                if _spaced(state, v):
                    spots.add(v)
    return sorted(spots)


def setup_node_spots(state: NCState) -> list[int]:
    return [v for v in range(state.topo.vertex_count) if _spaced(state, v)]


def _afford(hand: list[int], cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


def _playable(state: NCState, seat: int, kind: int) -> bool:
    return not state.played_card and state.cards[seat][kind] - state.fresh[seat][kind] > 0


def _drawable(state: NCState) -> bool:
    return bool(state.deck) or any(kind != XP for kind in state.discard)


# --- legal actions ----------------------------------------------------------------


def to_act(state: NCState) -> set[int]:
    if state.phase == "over":
        return set()
    if state.phase == "discard":
        return set(state.owed)
    if state.phase.startswith("setup"):
        return {state.setup_order[state.setup_step]}
    return {state.current}


def legal_actions(state: NCState, seat: int) -> list[Act]:
    phase = state.phase
    if seat not in to_act(state):
        return []
    if phase == "setup-node":
        return [Act(seat, "node", (v,)) for v in setup_node_spots(state)]
    if phase == "setup-link":
        links = state.links
        return [Act(seat, "link", (e,)) for e in state.topo.vertex_edges[state.last_node] if e not in links]
    if phase == "roll":
        return [Act(seat, "roll")]
    if phase == "discard":
        return [Act(seat, "discard", (r,)) for r in range(5) if state.hands[seat][r]]
    hand = state.hands[seat]
    actions = []
    if hand[CO] and hand[BA]:
        if pieces_left(state, seat, "link") > 0:
            actions.extend(Act(seat, "link", (e,)) for e in link_spots(state, seat))
        if hand[FI] and hand[SC] and pieces_left(state, seat, "node") > 0:
            actions.extend(Act(seat, "node", (v,)) for v in node_spots(state, seat))
    mine = sorted(v for v, who in state.owner.items() if who == seat)
    if hand[FI] >= 2 and hand[ME] >= 3 and pieces_left(state, seat, "super") > 0:
        actions.extend(Act(seat, "super", (v,)) for v in mine if state.level[v] == 1)
    if hand[FI] >= 2 and hand[SC] and hand[CO]:
        actions.extend(Act(seat, "fortify", (v,)) for v in mine)
    if hand[FI] and hand[SC] and hand[ME] and _drawable(state):
        actions.append(Act(seat, "draw"))
    if hand[SC] and hand[CO] and hand[FI] and state.infected:
        tiles = sorted({t for v in mine for t in state.topo.vertex_tiles[v] if t in state.infected})
        actions.extend(Act(seat, "clear", (t,)) for t in tiles)
    for give in range(5):
        if hand[give] >= 2 and hand[give] >= exchange_rate(state, seat, give):
            actions.extend(Act(seat, "trade", (give, take)) for take in range(5) if take != give)
    if not state.played_card:
        actions.extend(_card_actions(state, seat))
    actions.append(Act(seat, "end"))
    return actions


def _card_actions(state: NCState, seat: int) -> list[Act]:
    actions = []
    if _playable(state, seat, HACK):
        actions.extend(Act(seat, "hack", (v,)) for v in sorted(state.owner) if state.owner[v] != seat)
    if _playable(state, seat, VIRUS):
        terrain = state.board.terrain
        actions.extend(Act(seat, "virus", (t,)) for t in range(len(terrain))
                       if terrain[t] != DEAD and t not in state.infected)
    if _playable(state, seat, XP):
        actions.append(Act(seat, "xp"))
    if _playable(state, seat, LINKBUILD) and pieces_left(state, seat, "link") >= 2:
        for first in link_spots(state, seat):
            trial = dict(state.links)
            trial[first] = seat
            actions.extend(Act(seat, "linkbuild", (first, second))
                           for second in link_spots(state, seat, trial))
    if _playable(state, seat, RESOURCE):
        actions.extend(Act(seat, "resource", (a, b)) for a in range(5) for b in range(a, 5))
    if _playable(state, seat, MONOPOLY):
        actions.extend(Act(seat, "monopoly", (r,)) for r in range(5))
    return actions


# --- checking ---------------------------------------------------------------------


def _need(state: NCState, seat: int, verb: str) -> None:
    cost = COSTS[verb]
    if not _afford(state.hands[seat], cost):
        price = " ".join(f"{c}{RESOURCE_CODES[r]}" for r, c in enumerate(cost) if c)
        raise IllegalAction("cannot-afford", f"a {verb} costs {price}; your hand does not cover it")


def _card(state: NCState, seat: int, kind: int) -> None:
    name = CARDS[kind]
    if state.played_card:
        raise IllegalAction("card-played", "you already played a special card this turn (one per turn)")
    if state.cards[seat][kind] == 0:
        raise IllegalAction("no-card", f"you hold no {name} card")
    if state.cards[seat][kind] - state.fresh[seat][kind] <= 0:
        raise IllegalAction("card-fresh", f"a {name} card cannot be played on the turn it was drawn")


def _check_ids(state: NCState, action: Act) -> None:
    from .actions import SIGNATURES

    kinds = SIGNATURES.get(action.verb) if type(action.verb) is str else None
    if kinds is None or not isinstance(action.args, tuple) or len(action.args) != len(kinds):
        raise IllegalAction("unknown-action", f"{action!r} is not a Net Control action")
    bounds = {"v": state.topo.vertex_count, "e": state.topo.edge_count, "t": len(state.topo.tiles), "r": 5}
    for kind, value in zip(kinds, action.args):
        if type(value) is not int or not 0 <= value < bounds[kind]:
            raise IllegalAction("off-board", f"{kind}{value!r} does not exist on this board")


def check(state: NCState, action: Act) -> None:
    """Raise ``IllegalAction`` with a specific code unless ``action`` is legal now."""
    if not isinstance(action, Act):
        raise IllegalAction("unknown-action", f"{action!r} is not a Net Control action")
    if state.phase == "over":
        raise IllegalAction("game-over", "the game is over")
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.n:
        raise IllegalAction("bad-seat", f"there is no seat {seat!r} in this game")
    _check_ids(state, action)
    acting = to_act(state)
    if seat not in acting:
        who = ", ".join(f"P{s + 1}" for s in sorted(acting))
        raise IllegalAction("not-your-turn", f"it is {who}'s move")
    verb, args, phase = action.verb, action.args, state.phase
    allowed = {
        "setup-node": ("node",), "setup-link": ("link",), "roll": ("roll",), "discard": ("discard",),
    }.get(phase)
    if allowed is not None and verb not in allowed:
        wanted = {"setup-node": "place a node", "setup-link": "place a link from your new node",
                  "roll": "roll the dice", "discard": "discard"}[phase]
        raise IllegalAction("wrong-phase", f"now you must {wanted}, not {verb}")
    if allowed is None and verb in ("roll", "discard"):
        raise IllegalAction("wrong-phase", f"you cannot {verb} now")
    topo, owner, links = state.topo, state.owner, state.links
    if phase == "setup-node":
        if not _spaced(state, args[0]):
            raise IllegalAction("spacing", "a node needs an empty vertex with no building next to it")
        return
    if phase == "setup-link":
        if args[0] in links:
            raise IllegalAction("occupied", f"e{args[0]} already holds a link")
        if state.last_node not in topo.edge_vertices[args[0]]:
            raise IllegalAction("not-connected", f"the link must start at your new node v{state.last_node}")
        return
    if phase == "discard":
        if state.hands[seat][args[0]] == 0:
            raise IllegalAction("no-resource", f"you hold no {RESOURCES[args[0]]}")
        return
    if phase == "roll":
        return
    hand = state.hands[seat]
    if verb in SUPPLY and pieces_left(state, seat, verb) < 1:
        raise IllegalAction("no-pieces", f"your supply has no {verb} left ({SUPPLY[verb]} in all)")
    if verb == "link":
        _need(state, seat, "link")
        _check_link(state, seat, args[0], links)
    elif verb == "node":
        _need(state, seat, "node")
        v = args[0]
        if not _spaced(state, v):
            raise IllegalAction("spacing", f"v{v} is taken or next to a building (spacing rule)")
        if not any(links.get(e) == seat for e in topo.vertex_edges[v]):
            raise IllegalAction("not-connected", f"v{v} is not reached by one of your links")
    elif verb in ("super", "fortify"):
        _need(state, seat, verb)
        v = args[0]
        if owner.get(v) != seat:
            raise IllegalAction("not-your-building", f"you have no building at v{v}")
        if verb == "super" and state.level[v] != 1:
            raise IllegalAction("already-super", f"v{v} is already a Super Node")
    elif verb == "draw":
        _need(state, seat, "draw")
        if not _drawable(state):
            raise IllegalAction("deck-empty", "no special card is left to draw")
    elif verb == "clear":
        _need(state, seat, "clear")
        t = args[0]
        if t not in state.infected:
            raise IllegalAction("not-infected", f"t{t} carries no virus")
        if not any(owner.get(v) == seat for v in topo.tile_vertices[t]):
            raise IllegalAction("not-your-tile", f"you have no building on t{t}")
    elif verb == "trade":
        give, take = args
        if give == take:
            raise IllegalAction("same-resource", "a trade must take a different resource")
        rate = exchange_rate(state, seat, give)
        if hand[give] < rate:
            raise IllegalAction("cannot-afford", f"trading {RESOURCES[give]} takes {rate}; you have {hand[give]}")
    elif verb == "end":
        return
    else:
        _check_card(state, seat, verb, args)


def _check_link(state: NCState, seat: int, edge: int, links) -> None:
    if edge in links:
        raise IllegalAction("occupied", f"e{edge} already holds a link")
    if edge not in link_spots(state, seat, links):
        raise IllegalAction("not-connected", f"e{edge} does not touch your network")


def _check_card(state: NCState, seat: int, verb: str, args: tuple) -> None:
    kind = CARDS.index(verb)
    _card(state, seat, kind)
    if kind == HACK:
        if state.owner.get(args[0]) in (None, seat):
            raise IllegalAction("not-enemy", f"there is no enemy building at v{args[0]}")
    elif kind == VIRUS:
        t = args[0]
        if state.board.terrain[t] == DEAD:
            raise IllegalAction("dead-zone", f"t{t} is a dead zone; it cannot be infected")
        if t in state.infected:
            raise IllegalAction("already-infected", f"t{t} is already infected")
    elif kind == RESOURCE and args[0] > args[1]:
        raise IllegalAction("bad-order", "name the two resources in the order co ba fi sc me")
    elif kind == LINKBUILD:
        first, second = args
        if pieces_left(state, seat, "link") < 2:
            raise IllegalAction("no-pieces", "Link Building needs two links left in your supply")
        _check_link(state, seat, first, state.links)
        trial = dict(state.links)
        trial[first] = seat
        try:
            _check_link(state, seat, second, trial)
        except IllegalAction as err:
            raise IllegalAction("second-link", f"the second link is illegal, so neither is placed: {err}") from None


# --- applying ---------------------------------------------------------------------


def apply(state: NCState, action: Act) -> list[Event]:
    """``check``, then ``perform``: an illegal action raises and changes nothing."""
    check(state, action)
    return perform(state, action)


def perform(state: NCState, action: Act) -> list[Event]:
    """Apply an action ``check`` accepted."""
    seat, verb, args = action.seat, action.verb, action.args
    phase = state.phase
    if phase == "setup-node":
        return _setup_node(state, seat, args[0])
    if phase == "setup-link":
        return _setup_link(state, seat, args[0])
    if verb == "roll":
        return _roll(state, seat)
    if verb == "discard":
        return _discard(state, seat, args[0])
    if verb == "end":
        return _end_turn(state, seat)
    events = _act(state, seat, verb, args)
    events.extend(_check_win(state, seat))
    return events


def _pay(state: NCState, seat: int, verb: str) -> None:
    hand = state.hands[seat]
    for r, c in enumerate(COSTS[verb]):
        hand[r] -= c


def _setup_node(state: NCState, seat: int, v: int) -> list[Event]:
    state.owner[v], state.level[v], state.forts[v] = seat, 1, 0
    state.last_node = v
    state.phase = "setup-link"
    events = [Event("node", {"seat": seat, "vertex": v, "setup": True})]
    if state.setup_step >= state.n:
        # The second placement round: one resource per producing tile at the node.
        gained = [0] * 5
        for t in state.topo.vertex_tiles[v]:
            kind = state.board.terrain[t]
            if kind != DEAD:
                gained[RESOURCES.index(kind)] += 1
        for r in range(5):
            state.hands[seat][r] += gained[r]
        events.append(Event("starting-resources", {"seat": seat, "gained": gained}))
    return events


def _setup_link(state: NCState, seat: int, e: int) -> list[Event]:
    state.links[e] = seat
    state.setup_step += 1
    events = [Event("link", {"seat": seat, "edge": e, "setup": True})]
    events.extend(_update_bonuses(state, seat, (seat,)))
    state.phase = "setup-node"
    # A crowded island can leave a runner no spaced vertex: it places nothing.
    while state.setup_step < len(state.setup_order) and not setup_node_spots(state):
        events.append(Event("no-room", {"seat": state.setup_order[state.setup_step]}))
        state.setup_step += 1
    if state.setup_step == len(state.setup_order):
        state.phase = "roll"
        state.current = 0
        state.turn = 1
        events.append(Event("turn", {"seat": 0, "turn": 1}))
    events.extend(_check_win(state, seat))
    return events


def _roll(state: NCState, seat: int) -> list[Event]:
    red, white = state.rng.roll(), state.rng.roll()
    state.dice = (red, white)
    total = red + white
    events = [Event("roll", {"seat": seat, "red": red, "white": white, "sum": total})]
    if total != 7:
        events.extend(_produce(state, total))
    purge = False
    if red == 6:
        state.threat += 1
        events.append(Event("threat", {"level": state.threat}))
        if state.threat >= THREAT_TO_PURGE:
            purge = True
            state.threat = 0
    owed = {}
    for s in range(state.n):
        size, limit = hand_size(state, s), hand_limit(state, s)
        if size > limit:
            if purge:
                owed[s] = size - limit  # down to the limit: the harsher rule
            elif total == 7:
                owed[s] = size // 2
    if purge:
        events.append(Event("purge", {"owed": {str(s): k for s, k in owed.items()}}))
    elif owed:
        events.append(Event("seven", {"owed": {str(s): k for s, k in owed.items()}}))
    state.owed = owed
    state.phase = "discard" if owed else "main"
    return events


def _produce(state: NCState, total: int) -> list[Event]:
    gains = [[0] * 5 for _ in range(state.n)]
    board, topo, owner, level = state.board, state.topo, state.owner, state.level
    for t in board.number_tiles[total]:
        if t in state.infected:
            continue
        r = RESOURCES.index(board.terrain[t])
        for v in topo.tile_vertices[t]:
            who = owner.get(v)
            if who is not None:
                gains[who][r] += level[v]
    events = []
    for s in range(state.n):
        if any(gains[s]):
            for r in range(5):
                state.hands[s][r] += gains[s][r]
            events.append(Event("produce", {"seat": s, "gained": gains[s]}))
    return events


def _discard(state: NCState, seat: int, r: int) -> list[Event]:
    state.hands[seat][r] -= 1
    state.owed[seat] -= 1
    if state.owed[seat] == 0:
        del state.owed[seat]
    if not state.owed:
        state.phase = "main"
    return [Event("discard", {"seat": seat, "resource": RESOURCE_CODES[r]})]


def _act(state: NCState, seat: int, verb: str, args: tuple) -> list[Event]:
    hand = state.hands[seat]
    if verb == "link":
        _pay(state, seat, verb)
        state.links[args[0]] = seat
        return [Event("link", {"seat": seat, "edge": args[0]}), *_update_bonuses(state, seat, (seat,))]
    if verb == "node":
        _pay(state, seat, verb)
        v = args[0]
        state.owner[v], state.level[v], state.forts[v] = seat, 1, 0
        # A new building can break a rival's run.
        return [Event("node", {"seat": seat, "vertex": v}), *_update_bonuses(state, seat, _runs_through(state, v))]
    if verb == "super":
        _pay(state, seat, verb)
        state.level[args[0]] = 2
        return [Event("super", {"seat": seat, "vertex": args[0]})]
    if verb == "fortify":
        _pay(state, seat, verb)
        state.forts[args[0]] += 1
        return [Event("fortify", {"seat": seat, "vertex": args[0], "protection": protection(state, args[0])}),
                *_update_bonuses(state, seat, fort_change=(seat, 1))]
    if verb == "draw":
        _pay(state, seat, verb)
        events = []
        if not state.deck:
            events.append(_reshuffle(state))
        kind = state.deck.pop()
        state.cards[seat][kind] += 1
        state.fresh[seat][kind] += 1
        events.append(Event("draw", {"seat": seat}))
        events.append(Event("drew", {"seat": seat, "card": CARDS[kind]}, frozenset({seat})))
        return events
    if verb == "clear":
        _pay(state, seat, verb)
        state.infected.discard(args[0])
        return [Event("clear", {"seat": seat, "tile": args[0]})]
    if verb == "trade":
        give, take = args
        rate = exchange_rate(state, seat, give)
        hand[give] -= rate
        hand[take] += 1
        return [Event("trade", {"seat": seat, "give": RESOURCE_CODES[give], "rate": rate,
                                "take": RESOURCE_CODES[take]})]
    return _play_card(state, seat, verb, args)


def _reshuffle(state: NCState) -> Event:
    """The discard pile becomes the deck; +1 XP cards leave the game for good."""
    removed = sum(1 for kind in state.discard if kind == XP)
    state.removed_xp += removed
    state.deck = [kind for kind in state.discard if kind != XP]
    state.discard = []
    state.rng.shuffle(state.deck)
    return Event("reshuffle", {"cards": len(state.deck), "xp_removed": removed})


def _play_card(state: NCState, seat: int, verb: str, args: tuple) -> list[Event]:
    kind = CARDS.index(verb)
    state.cards[seat][kind] -= 1
    state.discard.append(kind)
    state.played_card = True
    events = [Event("play", {"seat": seat, "card": verb})]
    if kind == HACK:
        events.extend(_hack(state, seat, args[0]))
    elif kind == VIRUS:
        state.infected.add(args[0])
        events.append(Event("virus", {"seat": seat, "tile": args[0]}))
    elif kind == XP:
        state.xp_cards[seat] += 1
    elif kind == LINKBUILD:
        for e in args:
            state.links[e] = seat
        events.append(Event("links", {"seat": seat, "edges": list(args)}))
        events.extend(_update_bonuses(state, seat, (seat,)))
    elif kind == RESOURCE:
        for r in args:
            state.hands[seat][r] += 1
        events.append(Event("resources", {"seat": seat, "take": [RESOURCE_CODES[r] for r in args]}))
    elif kind == MONOPOLY:
        r = args[0]
        taken = {}
        for s in range(state.n):
            if s != seat:
                k = min(MONOPOLY_TAKE, state.hands[s][r])
                if k:
                    state.hands[s][r] -= k
                    state.hands[seat][r] += k
                    taken[str(s)] = k
        events.append(Event("monopoly", {"seat": seat, "resource": RESOURCE_CODES[r], "taken": taken}))
    return events


def _hack(state: NCState, seat: int, v: int) -> list[Event]:
    victim = state.owner[v]
    if state.forts[v] > 0:
        state.forts[v] -= 1
        result = "stripped"
    elif state.level[v] == 2:
        state.level[v] = 1
        result = "demoted"
    else:
        del state.owner[v], state.level[v], state.forts[v]
        result = "destroyed"
    events = [Event("hack", {"seat": seat, "victim": victim, "vertex": v, "result": result})]
    events.extend(_update_bonuses(state, seat, _runs_through(state, v) if result == "destroyed" else (),
                                  (victim, -1) if result == "stripped" else None))
    return events


def _end_turn(state: NCState, seat: int) -> list[Event]:
    state.history.append([xp(state, s) for s in range(state.n)])
    state.fresh[seat] = [0] * 6
    state.played_card = False
    state.dice = None
    if state.turn >= MAX_TURNS:
        state.phase = "over"
        state.winner = max(range(state.n), key=lambda s: (xp(state, s), -s))
        return [Event("turn-limit", {"turns": state.turn}), _game_over(state)]
    state.current = (seat + 1) % state.n
    state.turn += 1
    state.phase = "roll"
    return [Event("turn", {"seat": state.current, "turn": state.turn})]


def _check_win(state: NCState, actor: int) -> list[Event]:
    """The game ends the moment anyone reaches the target (the actor first)."""
    target = state.options["target"]
    order = [actor] + [s for s in range(state.n) if s != actor]
    for s in order:
        if xp(state, s) >= target:
            state.winner = s
            state.phase = "over"
            state.history.append([xp(state, t) for t in range(state.n)])
            return [_game_over(state)]
    return []


def _game_over(state: NCState) -> Event:
    return Event("game-over", {"winner": state.winner, "xp": [xp(state, s) for s in range(state.n)]})


def winners(state: NCState) -> list[int]:
    return [] if state.winner is None else [state.winner]


# --- what a seat may see ------------------------------------------------------------


def view(state: NCState, seat: int | None, open_hands: bool = False) -> dict[str, Any]:
    """What ``seat`` may see: its own hand and cards, counts of everyone
    else's. ``open_hands`` (the local all-open game) shows every hand. The
    deck order and the PRNG state are never in a view."""
    players = []
    for s in range(state.n):
        visible = open_hands or s == seat
        players.append({
            "seat": s,
            "xp": xp(state, s),
            "hand_size": hand_size(state, s),
            "hand": list(state.hands[s]) if visible else None,
            "hand_limit": hand_limit(state, s),
            "card_count": sum(state.cards[s]),
            "cards": {CARDS[k]: state.cards[s][k] for k in range(6)} if visible else None,
            "fresh": {CARDS[k]: state.fresh[s][k] for k in range(6)} if visible else None,
            "fresh_count": sum(state.fresh[s]),
            "xp_cards": state.xp_cards[s],
            "network": state.lengths[s],
            "fortifications": fortifications(state, s),
            "rates": [exchange_rate(state, s, r) for r in range(5)],
        })
    board = state.board
    return {
        "seat": seat,
        "open": open_hands,
        "options": dict(state.options),
        "phase": state.phase,
        "current": state.current,
        "to_act": sorted(to_act(state)),
        "setup_step": state.setup_step,
        "last_node": state.last_node,
        "board": {
            "radius": board.radius,
            "terrain": list(board.terrain),
            "numbers": list(board.numbers),
            "exchanges": [[e, r] for e, r in board.exchanges],
            "infected": sorted(state.infected),
        },
        "buildings": [
            {"vertex": v, "owner": state.owner[v], "level": state.level[v], "forts": state.forts[v],
             "protection": protection(state, v)}
            for v in sorted(state.owner)
        ],
        "links": [[e, who] for e, who in sorted(state.links.items())],
        "dice": list(state.dice) if state.dice else None,
        "threat": state.threat,
        "owed": {str(s): k for s, k in sorted(state.owed.items())},
        "players": players,
        "longest": state.longest,
        "fortified": state.fortified,
        "deck_size": len(state.deck),
        "discard": [CARDS[k] for k in state.discard],
        "removed_xp": state.removed_xp,
        "played_card": state.played_card,
        "winner": state.winner,
        "history": [list(t) for t in state.history],
    }


def canonical(state: NCState) -> dict[str, Any]:
    """The full state as plain data, hidden parts included (for digests)."""
    return {
        "options": dict(state.options), "seed": state.seed, "rng": list(state.rng.state),
        "phase": state.phase, "setup_step": state.setup_step, "last_node": state.last_node,
        "current": state.current, "turn": state.turn, "hands": state.hands, "cards": state.cards,
        "fresh": state.fresh, "played_card": state.played_card, "xp_cards": state.xp_cards,
        "deck": state.deck, "discard": state.discard, "removed_xp": state.removed_xp,
        "buildings": sorted([v, state.owner[v], state.level[v], state.forts[v]] for v in state.owner),
        "links": sorted([e, who] for e, who in state.links.items()),
        "infected": sorted(state.infected), "threat": state.threat,
        "dice": list(state.dice) if state.dice else None,
        "owed": sorted([s, k] for s, k in state.owed.items()),
        "longest": state.longest, "fortified": state.fortified, "winner": state.winner,
        "history": state.history,
    }


def determinize(state: NCState, seat: int, rng: Rng) -> NCState:
    """A full state that ``seat`` cannot tell from the real one: every part it
    cannot see is replaced by a sample drawn with ``rng`` from what it can
    see (rivals' hand sizes, card counts, the public discard pile). The result
    depends on hidden information only through those public counts."""
    sample = state.copy()
    for s in range(state.n):
        if s == seat:
            continue
        size = hand_size(state, s)
        hand = [0] * 5
        for _ in range(size):
            hand[rng.below(5)] += 1
        sample.hands[s] = hand
    # Cards nobody but their holder has seen: the deck and rivals' hands.
    pool = list(state.deck)
    for s in range(state.n):
        if s != seat:
            for kind in range(6):
                pool.extend([kind] * state.cards[s][kind])
    pool.sort()
    rng.shuffle(pool)
    for s in range(state.n):
        if s == seat:
            continue
        count, fresh = sum(state.cards[s]), sum(state.fresh[s])
        dealt, pool = pool[:count], pool[count:]
        sample.cards[s] = [dealt.count(kind) for kind in range(6)]
        sample.fresh[s] = [0] * 6
        for kind in dealt[:fresh]:
            sample.fresh[s][kind] += 1
    sample.deck = pool
    sample.rng = Rng(rng.next_u64())
    return sample
