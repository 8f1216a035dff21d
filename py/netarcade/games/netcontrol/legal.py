"""Where Net Control's pieces may go, and the legal actions in a deterministic order.

What it is for: who must act now (``to_act``), the spots a link or node may
take (``link_spots``, ``node_spots``, ``setup_node_spots``, the spacing rule
``spaced``), whether a card may be played or drawn, and ``legal_actions``,
which touches only the few ids around a player's network.

What it is not: it says nothing about *why* an action is refused (that is
``rules.check``, with its codes) and changes no state (``effects.py``).
"""

from __future__ import annotations

from .actions import Act
from .board import DEAD
from .scoring import exchange_rate, pieces_left
from .state import BA, CO, FI, HACK, LINKBUILD, ME, MONOPOLY, RESOURCE, SC, VIRUS, XP, NCState


# --- where things may go ----------------------------------------------------------


def spaced(state: NCState, vertex: int) -> bool:
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
                if spaced(state, v):
                    spots.add(v)
    return sorted(spots)


def setup_node_spots(state: NCState) -> list[int]:
    return [v for v in range(state.topo.vertex_count) if spaced(state, v)]


def _playable(state: NCState, seat: int, kind: int) -> bool:
    return not state.played_card and state.cards[seat][kind] - state.fresh[seat][kind] > 0


def drawable(state: NCState) -> bool:
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
    if phase in ("setup-node", "rebuild"):
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
    if hand[FI] and hand[SC] and hand[ME] and drawable(state):
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
