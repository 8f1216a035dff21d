"""Build Backbone positions directly, for the rule tests.

``position`` starts from ``new_game`` and overwrites fields; hexes are given by
name (``"c3"``). The start pieces (Router a1 / Server b1 for P1, Router i9 /
Server h9 for P2) are always there; ``pieces`` adds to them.

    state = position(pieces={"a2": (0, "router")}, cities=("c1",), bw=(5, 5))
    act(state, "p1 router b2")
"""

from __future__ import annotations

from netarcade.games import get_game
from netarcade.core.record import digest as _digest
from netarcade.games.backbone import board

GAME = get_game("backbone")


def h(name: str) -> tuple[int, int]:
    """``"e5"`` -> ``(4, 4)``."""
    return board.parse_hex(name)


def hexes(names) -> set:
    """``"a1 b2"`` (or an iterable of names) -> a set of hexes."""
    if isinstance(names, str):
        names = names.split()
    return {h(n) for n in names}


def names(hex_set) -> list[str]:
    """A set of hexes -> sorted names, for readable assertions."""
    return sorted(board.hex_name(x) for x in hex_set)


def mirror(name: str) -> str:
    """The hex the 180-degree rotation maps ``name`` to (``a1`` <-> ``i9``)."""
    q, r = h(name)
    return board.hex_name((8 - q, 8 - r))


def routers(seat: int, path: str) -> dict:
    """``routers(1, "i8 i7")`` -> ``{"i8": (1, "router"), "i7": (1, "router")}``."""
    return {n: (seat, "router") for n in path.split()}


def position(
    pieces=None,
    firewalls=(),
    disabled=(),
    bw=(5, 5),
    current=0,
    cities=None,
    options=None,
    seed=0,
    **fields,
):
    """A state of ``new_game(options, seed)`` with the given fields overwritten.

    ``cities=None`` keeps the layout of the options; otherwise the City hexes.
    ``fields`` sets any other attribute (turn, actions_taken, hacked, passes,
    closing, over).
    """
    state = GAME.new_game(options or {}, seed)
    for name, piece in (pieces or {}).items():
        state.pieces[h(name)] = piece
    state.firewalls = hexes(firewalls)
    state.disabled = hexes(disabled)
    state.bw = list(bw)
    state.current = current
    if cities is not None:
        state.cities = frozenset(hexes(cities))
    for key, value in fields.items():
        setattr(state, key, value)
    state._cache = {}
    return state


def act(state, text: str):
    """Parse ``text`` and apply it; returns the events."""
    return GAME.apply(state, GAME.parse_action(text))


def digest(state) -> str:
    return _digest(GAME, state)
