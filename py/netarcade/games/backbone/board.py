"""Backbone's map: a 9x9 hex rhombus, its start corners, its City layouts and
the adjacency tables the rules use.

Coordinates are axial ``(q, r)`` with ``0 <= q, r <= 8``; a hex is named by
its column letter and row number, ``a1`` = (0, 0) .. ``i9`` = (8, 8). The two
start corners are the rhombus's acute corners a1 and i9 (the pair furthest
apart, 16 steps); the 180-degree rotation ``(q, r) -> (8 - q, 8 - r)`` swaps
the two sides, and every City layout is invariant under it.
"""

from __future__ import annotations

from ...core.errors import InvalidNotation
from ...core.grid import HEX_DIRECTIONS, hex_distance, rhombus, rotate180
from ...core.prng import Rng, derive_seed

SIZE = 9
COLUMNS = "abcdefghi"
HEXES: tuple[tuple[int, int], ...] = tuple(rhombus(SIZE, SIZE))
ON_BOARD = frozenset(HEXES)

#: start pieces of each seat: (Router hex, Server hex); P2's are P1's rotated
START_ROUTER = ((0, 0), (8, 8))
START_SERVER = ((1, 0), (7, 8))
START_HEXES = frozenset(START_ROUTER + START_SERVER)

#: the six touching hexes on the board
NEIGHBORS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    h: tuple(n for n in ((h[0] + dq, h[1] + dr) for dq, dr in HEX_DIRECTIONS) if n in ON_BOARD)
    for h in HEXES
}
#: the hexes exactly two steps away in a straight line (a Wireless AP's reach)
JUMPS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    h: tuple(n for n in ((h[0] + 2 * dq, h[1] + 2 * dr) for dq, dr in HEX_DIRECTIONS) if n in ON_BOARD)
    for h in HEXES
}

CENTER = (4, 4)
#: the classic layout: the centre plus three rotation pairs. b5/e2 sit on
#: P1's half, h5/e8 on P2's, and c7, e5, g3 lie on the contested diagonal.
CLASSIC_CITIES = frozenset({(4, 4), (4, 1), (4, 7), (1, 4), (7, 4), (6, 2), (2, 6)})
CITY_COUNT = 7
#: a seeded City keeps at least this distance from every start hex
MIN_CITY_START_DISTANCE = 3


def hex_name(h: tuple[int, int]) -> str:
    """``(4, 4)`` -> ``'e5'``."""
    return f"{COLUMNS[h[0]]}{h[1] + 1}"


#: ``NAMES[q][r]`` is ``hex_name((q, r))`` for every hex of the board, read by
#: ``turns.perform``'s events; a hex of floats, which ``check`` refuses, breaks
#: the look-up as it breaks ``hex_name`` (a float indexes no tuple)
NAMES: tuple[tuple[str, ...], ...] = tuple(tuple(f"{COLUMNS[q]}{r + 1}" for r in range(SIZE)) for q in range(SIZE))


def parse_hex(text: str) -> tuple[int, int]:
    """``'e5'`` -> ``(4, 4)``; raises ``InvalidNotation`` off the board."""
    if (
        not isinstance(text, str)
        or len(text) != 2
        or text[0] not in COLUMNS
        or text[1] not in "123456789"
    ):
        raise InvalidNotation(f"{text!r} is not a hex of the 9x9 board (a1..i9)")
    return (COLUMNS.index(text[0]), int(text[1]) - 1)


def is_fair_city_layout(cities: frozenset) -> bool:
    """The constraints every layout meets (checked by the tests on many seeds)."""
    return (
        len(cities) == CITY_COUNT
        and all(c in ON_BOARD for c in cities)
        and all(rotate180(c, SIZE, SIZE) in cities for c in cities)
        and all(hex_distance(c, s) >= 2 for c in cities for s in START_HEXES)
        and all(hex_distance(a, b) >= 2 for a in cities for b in cities if a != b)
    )


def seeded_cities(seed: int) -> frozenset:
    """A layout drawn from the seed: the centre (the only hex the rotation
    fixes, so an odd count always includes it) plus three rotation pairs,
    each City at least 3 steps from every start hex, no two Cities touching.
    """
    rng = Rng(derive_seed(seed, "backbone-cities"))
    # One representative of each rotation pair: the hexes on P1's side of the
    # short diagonal, plus the upper half of the diagonal itself.
    candidates = [
        h
        for h in HEXES
        if (h[0] + h[1] < 8 or (h[0] + h[1] == 8 and h[0] > 4))
        and min(hex_distance(h, s) for s in START_HEXES) >= MIN_CITY_START_DISTANCE
    ]
    cities = {CENTER}
    while len(cities) < CITY_COUNT:
        pick = rng.choice(candidates)
        pair = (pick, rotate180(pick, SIZE, SIZE))
        if all(hex_distance(p, c) >= 2 for p in pair for c in cities) and hex_distance(*pair) >= 2:
            cities.update(pair)
    return frozenset(cities)
