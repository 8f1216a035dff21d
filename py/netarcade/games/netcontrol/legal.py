"""Where Net Control's pieces may go, and the legal actions in a deterministic order.

What it is for: who must act now (``to_act``), the spots a link or node may
take (``link_spots``, ``node_spots``, ``setup_node_spots``, the spacing rule
``spaced``), whether a card may be played or drawn, and ``legal_actions``,
which touches only the few ids around a player's network.

What it is not: it says nothing about *why* an action is refused (that is
``rules.check``, with its codes) and changes no state (``effects.py``).

Speed: random playouts call ``legal_actions`` once per action, so it builds
no action value: every ``Act`` a seat can be offered on an island of one
radius is made once (``offers``) and handed out again, and one pass over
the seat's buildings serves every verb that reads them.
"""

from __future__ import annotations

from .actions import MAX_PLAYERS, Act
from .board import DEAD, RESOURCES, topology
from .state import HACK, LINKBUILD, MONOPOLY, RESOURCE, SUPPLY, VIRUS, XP, NCState


# --- where things may go ----------------------------------------------------------


def spaced(state: NCState, vertex: int) -> bool:
    """A building needs its vertex and every adjacent vertex empty."""
    owner = state.owner
    return vertex not in owner and not any(n in owner for n in state.topo.vertex_neighbors[vertex])


def link_spots(state: NCState, seat: int, links=None) -> list[int]:
    """Empty edges touching the seat's network: at one of its buildings, or at
    the end of one of its links where no rival building stands."""
    links = state.links if links is None else links
    return _link_spots(state, seat, links, [e for e, who in links.items() if who == seat])


def _link_spots(state: NCState, seat: int, links, mine: list[int]) -> list[int]:
    """``link_spots`` from the seat's links ``mine``, already listed."""
    topo, owner = state.topo, state.owner
    edge_vertices, vertex_edges = topo.edge_vertices, topo.vertex_edges
    vertices = {v for v, who in owner.items() if who == seat}
    for e in mine:
        for v in edge_vertices[e]:
            if owner.get(v, seat) == seat:
                vertices.add(v)
    return sorted({e for v in vertices for e in vertex_edges[v] if e not in links})


def touches_network(state: NCState, seat: int, edge: int, links) -> bool:
    """Whether ``edge`` is one of ``link_spots(state, seat, links)``, without listing them."""
    if edge in links:
        return False
    owner, vertex_edges = state.owner, state.topo.vertex_edges
    for v in state.topo.edge_vertices[edge]:
        who = owner.get(v, seat)
        if who == seat and (v in owner or any(links.get(e) == seat for e in vertex_edges[v])):
            return True
    return False


def node_spots(state: NCState, seat: int) -> list[int]:
    """Spaced, empty vertices at the end of one of the seat's links."""
    return _node_spots(state, [e for e, who in state.links.items() if who == seat])


def _node_spots(state: NCState, mine: list[int]) -> list[int]:
    """``node_spots`` from the seat's links ``mine``, already listed."""
    owner, topo = state.owner, state.topo
    neighbors = topo.vertex_neighbors
    spots = set()
    for e in mine:
        for v in topo.edge_vertices[e]:
            if v not in owner and not any(n in owner for n in neighbors[v]):
                spots.add(v)
    return sorted(spots)


def setup_node_spots(state: NCState) -> list[int]:
    owner = state.owner
    if not owner:
        return list(range(state.topo.vertex_count))
    neighbors = state.topo.vertex_neighbors
    blocked = set(owner)
    for v in owner:
        blocked.update(neighbors[v])
    return [v for v in range(state.topo.vertex_count) if v not in blocked]


def _playable(state: NCState, seat: int, kind: int) -> bool:
    return not state.played_card and state.cards[seat][kind] - state.fresh[seat][kind] > 0


def drawable(state: NCState) -> bool:
    return bool(state.deck) or any(kind != XP for kind in state.discard)


# --- every action a seat can be offered, made once per radius ---------------------


class Offers:
    """One seat's ``Act`` values on an island of one radius, indexed by id:
    ``node[v]``, ``link[e]``, ``trade[give]`` (the four takes, in order),
    ``resource`` (the 15 pairs ``a <= b``), and so on."""

    __slots__ = ("roll", "end", "draw", "xp", "node", "link", "super", "fortify", "hack", "clear", "virus",
                 "discard", "trade", "resource", "monopoly")

    def __init__(self, seat: int, vertices: int, edges: int, tiles: int):
        self.roll, self.end, self.draw, self.xp = (Act(seat, verb) for verb in ("roll", "end", "draw", "xp"))
        for verb, count in (("node", vertices), ("link", edges), ("super", vertices), ("fortify", vertices),
                            ("hack", vertices), ("clear", tiles), ("virus", tiles), ("discard", 5),
                            ("monopoly", 5)):
            setattr(self, verb, tuple(Act(seat, verb, (i,)) for i in range(count)))
        self.trade = tuple(tuple(Act(seat, "trade", (give, take)) for take in range(5) if take != give)
                           for give in range(5))
        self.resource = tuple(Act(seat, "resource", (a, b)) for a in range(5) for b in range(a, 5))


_OFFERS: dict[int, tuple[Offers, ...]] = {}


def offers(radius: int) -> tuple[Offers, ...]:
    """Every seat's ``Offers`` on an island of ``radius`` (made on first use)."""
    made = _OFFERS.get(radius)
    if made is None:
        topo = topology(radius)
        made = _OFFERS[radius] = tuple(Offers(seat, topo.vertex_count, topo.edge_count, len(topo.tiles))
                                       for seat in range(MAX_PLAYERS))
    return made


# --- legal actions ----------------------------------------------------------------


def to_act(state: NCState) -> set[int]:
    phase = state.phase
    if phase == "main" or phase == "roll":
        return {state.current}
    if phase == "over":
        return set()
    if phase == "discard":
        return set(state.owed)
    if phase.startswith("setup"):
        return {state.setup_order[state.setup_step]}
    return {state.current}


def acting(state: NCState, seat: int) -> bool:
    """``seat in to_act(state)``, without making the set."""
    phase = state.phase
    if phase == "main" or phase == "roll":
        return seat == state.current
    if phase == "over":
        return False
    if phase == "discard":
        return seat in state.owed
    if phase.startswith("setup"):
        return seat == state.setup_order[state.setup_step]
    return seat == state.current


def legal_actions(state: NCState, seat: int) -> list[Act]:
    """The seat's legal actions, in their fixed order; the list is also kept
    as ``state.offered`` (``rules.check`` accepts its actions at once)."""
    phase = state.phase
    if phase == "roll" or phase == "main":  # most calls: the current runner's turn
        if seat != state.current:
            return []
        offer = (_OFFERS.get(state.topo.radius) or offers(state.topo.radius))[seat]
        actions = [offer.roll] if phase == "roll" else _main_actions(state, seat, offer)
    elif not acting(state, seat):
        return []
    else:
        offer = (_OFFERS.get(state.topo.radius) or offers(state.topo.radius))[seat]
        if phase == "discard":
            hand = state.hands[seat]
            actions = [offer.discard[r] for r in range(5) if hand[r]]
        elif phase == "setup-node" or phase == "rebuild":
            node = offer.node
            actions = [node[v] for v in setup_node_spots(state)]
        elif phase == "setup-link":
            links, link = state.links, offer.link
            actions = [link[e] for e in state.topo.vertex_edges[state.last_node] if e not in links]
        else:
            actions = _main_actions(state, seat, offer)
    state.offered = actions
    return actions


def _main_actions(state: NCState, seat: int, offer: Offers) -> list[Act]:
    hand = state.hands[seat]
    co, ba, fi, sc, me = hand
    actions = []
    my_links = None
    owner = state.owner
    # the seat's buildings, ascending, when a verb below reads them
    if owner and ((co and ba and fi and sc) or (fi >= 2 and (me >= 3 or (sc and co)))
                  or (sc and co and fi and state.infected) or max(hand) >= 2):
        mine = sorted([v for v, who in owner.items() if who == seat])
    else:
        mine = []
    if co and ba:
        my_links = [e for e, who in state.links.items() if who == seat]
        if len(my_links) < SUPPLY["link"]:
            link = offer.link
            actions.extend(link[e] for e in _link_spots(state, seat, state.links, my_links))
        if fi and sc and SUPPLY["node"] - sum(1 for v in mine if state.level[v] == 1) > 0:
            node = offer.node
            actions.extend(node[v] for v in _node_spots(state, my_links))
    if fi >= 2 and mine:
        level = state.level
        if me >= 3 and SUPPLY["super"] - sum(1 for v in mine if level[v] == 2) > 0:
            upgrade = offer.super
            actions.extend(upgrade[v] for v in mine if level[v] == 1)
        if sc and co:
            fortify = offer.fortify
            actions.extend(fortify[v] for v in mine)
    if fi and sc and me and drawable(state):
        actions.append(offer.draw)
    if sc and co and fi and state.infected and mine:
        infected, vertex_tiles = state.infected, state.topo.vertex_tiles
        clear = offer.clear
        actions.extend(clear[t] for t in sorted({t for v in mine for t in vertex_tiles[v] if t in infected}))
    if co >= 2 or ba >= 2 or fi >= 2 or sc >= 2 or me >= 2:
        rates = _rates(state, mine)
        trade = offer.trade
        for give in range(5):
            if hand[give] >= 2 and hand[give] >= rates[give]:
                actions.extend(trade[give])
    if not state.played_card and any(state.cards[seat]):
        actions.extend(_card_actions(state, seat, offer, my_links))
    actions.append(offer.end)
    return actions


def _rates(state: NCState, mine: list[int]) -> list[int]:
    """``exchange_rate`` of every resource, for a seat with buildings ``mine``."""
    rates = [4] * 5
    exchange_at = state.board.exchange_at
    generic = False
    for v in mine:
        if v in exchange_at:
            kind = exchange_at[v]
            if kind is None:
                generic = True
            else:
                rates[RESOURCES.index(kind)] = 2
    if generic:
        rates = [min(rate, 3) for rate in rates]
    return rates


def _card_actions(state: NCState, seat: int, offer: Offers, my_links: list[int] | None) -> list[Act]:
    actions = []
    held, fresh = state.cards[seat], state.fresh[seat]
    if held[HACK] - fresh[HACK] > 0:
        owner, hack = state.owner, offer.hack
        actions.extend(hack[v] for v in sorted(owner) if owner[v] != seat)
    if held[VIRUS] - fresh[VIRUS] > 0:
        terrain, infected, virus = state.board.terrain, state.infected, offer.virus
        actions.extend(virus[t] for t in range(len(terrain)) if terrain[t] != DEAD and t not in infected)
    if held[XP] - fresh[XP] > 0:
        actions.append(offer.xp)
    if held[LINKBUILD] - fresh[LINKBUILD] > 0:
        links = state.links
        if my_links is None:
            my_links = [e for e, who in links.items() if who == seat]
        if SUPPLY["link"] - len(my_links) >= 2:
            for first in _link_spots(state, seat, links, my_links):
                trial = dict(links)
                trial[first] = seat
                actions.extend(Act(seat, "linkbuild", (first, second))
                               for second in _link_spots(state, seat, trial, my_links + [first]))
    if held[RESOURCE] - fresh[RESOURCE] > 0:
        actions.extend(offer.resource)
    if held[MONOPOLY] - fresh[MONOPOLY] > 0:
        actions.extend(offer.monopoly)
    return actions
