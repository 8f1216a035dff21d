"""Net Control's rules: the public face of the game's rules, and ``check``.

Every name other code uses as ``rules.X`` resolves here. The rules are split
by topic, dependencies pointing one way (each imports only those above it):

- ``state.py``: the numbers of the game, ``NCState``, ``new_state``;
- ``scoring.py``: figures read off the state (XP, hand limit, protection,
  exchange rates, the longest network) and the two bonuses;
- ``legal.py``: who acts, where things may go, ``legal_actions``;
- ``effects.py``: ``perform``, what an accepted action does;
- ``views.py``: ``view``, ``canonical``, ``determinize``;
- this module: ``check`` (why an action is refused, by code) and ``apply``,
  which is ``check`` then ``perform``, so an illegal action changes nothing.
  ``check`` stays here, beside the contract's other entry points; the
  illegal-action tests read every refusal code from this file's source.

What it is not: it draws nothing, chooses no moves, and knows the board only
through ``board.py``'s topology ids. Every decision the original page leaves
open is written in docs/rules/netcontrol.md.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.events import Event
from .actions import SIGNATURES, Act
from .board import DEAD, RESOURCE_CODES, RESOURCES
from .effects import perform
from .legal import (
    acting, drawable, legal_actions, link_spots, node_spots, setup_node_spots, spaced, to_act, touches_network,
)
from .scoring import (
    _settle_bonus, exchange_rate, fortifications, hand_limit, hand_size, longest_run, pieces_left, protection,
    winners, xp,
)
from .state import (
    BA, BONUS_XP, CARDS, CO, COSTS, DECK, DECK_SIZE, FI, FORTIFIED_MIN, HACK, HAND_LIMIT, LIMIT_PER_GUARDED_SUPER,
    LINKBUILD, LONGEST_MIN, MAX_PLAYERS_BY_RADIUS, MAX_TURNS, ME, MONOPOLY, MONOPOLY_TAKE, NODE_BASE, RESOURCE, SC,
    SUPER_BASE, SUPPLY, THREAT_TO_PURGE, VIRUS, XP, NCState, new_state,
)
from .views import canonical, determinize, view

__all__ = [
    # the state and its numbers (state.py)
    "BA", "BONUS_XP", "CARDS", "CO", "COSTS", "DECK", "DECK_SIZE", "FI", "FORTIFIED_MIN", "HACK", "HAND_LIMIT",
    "LIMIT_PER_GUARDED_SUPER", "LINKBUILD", "LONGEST_MIN", "MAX_PLAYERS_BY_RADIUS", "MAX_TURNS", "ME", "MONOPOLY",
    "MONOPOLY_TAKE", "NODE_BASE", "RESOURCE", "SC", "SUPER_BASE", "SUPPLY", "THREAT_TO_PURGE", "VIRUS", "XP",
    "NCState", "new_state",
    # figures (scoring.py); _settle_bonus: tests rebuild a position's bonuses with it
    "_settle_bonus", "exchange_rate", "fortifications", "hand_limit", "hand_size", "longest_run", "pieces_left",
    "protection", "winners", "xp",
    # where things may go, legal actions (legal.py)
    "drawable", "legal_actions", "link_spots", "node_spots", "setup_node_spots", "spaced", "to_act",
    # effects (effects.py), views (views.py)
    "perform", "canonical", "determinize", "view",
    # here
    "Act", "apply", "check",
]


# --- checking ---------------------------------------------------------------------


def _afford(hand: list[int], cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


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


#: per radius, per verb: ``(kind, bound)`` of each argument (ids below the bound)
_LIMITS: dict[int, dict[str, tuple[tuple[str, int], ...]]] = {}


def _limits(topo) -> dict[str, tuple[tuple[str, int], ...]]:
    limits = _LIMITS.get(topo.radius)
    if limits is None:
        bounds = {"v": topo.vertex_count, "e": topo.edge_count, "t": len(topo.tiles), "r": 5}
        limits = _LIMITS[topo.radius] = {verb: tuple((kind, bounds[kind]) for kind in kinds)
                                         for verb, kinds in SIGNATURES.items()}
    return limits


#: the one verb (or two) each forced phase allows, and what it asks for
_ALLOWED = {
    "setup-node": ("node",), "setup-link": ("link",), "roll": ("roll",), "discard": ("discard",),
    "rebuild": ("node",),
}
_WANTED = {"setup-node": "place a node", "setup-link": "place a link from your new node",
           "roll": "roll the dice", "discard": "discard",
           "rebuild": "place your free node (you have no building left)"}


def check(state: NCState, action: Act) -> None:
    """Raise ``IllegalAction`` with a specific code unless ``action`` is legal now.

    Every random playout checks every action, so an action of the list
    ``legal_actions`` handed out for this very position (``state.offered``,
    the same object) is accepted at once, and the roll and the turn's own
    phase are answered first, with as few steps as the codes allow."""
    offered = state.offered
    if offered is not None:
        for listed in offered:
            if listed is action:
                return
    if type(action) is not Act and not isinstance(action, Act):
        raise IllegalAction("unknown-action", f"{action!r} is not a Net Control action")
    phase = state.phase
    if phase == "over":
        raise IllegalAction("game-over", "the game is over")
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.n:
        raise IllegalAction("bad-seat", f"there is no seat {seat!r} in this game")
    verb, args = action.verb, action.args
    limits = (_LIMITS.get(state.topo.radius) or _limits(state.topo)).get(verb) if type(verb) is str else None
    if limits is None or not isinstance(args, tuple) or len(args) != len(limits):
        raise IllegalAction("unknown-action", f"{action!r} is not a Net Control action")
    if args:
        for (kind, bound), value in zip(limits, args):
            if type(value) is not int or not 0 <= value < bound:
                raise IllegalAction("off-board", f"{kind}{value!r} does not exist on this board")
    if state.out and seat in state.out:
        raise IllegalAction("resigned", f"P{seat + 1} has resigned and takes no further part")
    if verb == "resign":
        return  # any seat still playing, at any moment (N33)
    if phase == "roll" or phase == "main":  # the current runner's turn
        if seat != state.current:
            raise IllegalAction("not-your-turn", f"it is P{state.current + 1}'s move")
        if phase == "roll":
            if verb != "roll":
                raise IllegalAction("wrong-phase", f"now you must {_WANTED[phase]}, not {verb}")
            return
        if verb == "end":
            return  # nothing more to check in a turn
        if verb == "roll" or verb == "discard":
            raise IllegalAction("wrong-phase", f"you cannot {verb} now")
    else:
        if not acting(state, seat):
            who = ", ".join(f"P{s + 1}" for s in sorted(to_act(state)))
            raise IllegalAction("not-your-turn", f"it is {who}'s move")
        allowed = _ALLOWED.get(phase)
        if allowed is not None:
            if verb not in allowed:
                raise IllegalAction("wrong-phase", f"now you must {_WANTED[phase]}, not {verb}")
        elif verb == "end":
            return
        elif verb in ("roll", "discard"):
            raise IllegalAction("wrong-phase", f"you cannot {verb} now")
    topo, owner, links = state.topo, state.owner, state.links
    if phase in ("setup-node", "rebuild"):
        if not spaced(state, args[0]):
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
    hand = state.hands[seat]
    if verb in SUPPLY and pieces_left(state, seat, verb) < 1:
        raise IllegalAction("no-pieces", f"your supply has no {verb} left ({SUPPLY[verb]} in all)")
    if verb == "link":
        _need(state, seat, "link")
        _check_link(state, seat, args[0], links)
    elif verb == "node":
        _need(state, seat, "node")
        v = args[0]
        if not spaced(state, v):
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
        if not drawable(state):
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
    if not touches_network(state, seat, edge, links):
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
