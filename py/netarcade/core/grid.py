"""Hex and square grid helpers, and polyomino utilities.

Hex grids follow Red Blob Games' guide (https://www.redblobgames.com/grids/hexagons/):

* A hex is an **axial** coordinate, a plain tuple ``(q, r)`` of ints.  Plain
  tuples are fast, hashable and serialise to msgpack/JSON as-is.  The third
  **cube** coordinate is implied: ``s = -q - r`` (see :func:`cube`).
* Direction ``d`` (0..5) is ``HEX_DIRECTIONS[d]``; in the pointy-top layout
  with screen ``y`` pointing down these are E, NE, NW, W, SW, SE.
* Pixel conversion is done by :class:`HexLayout` with the standard
  orientation matrices.

Square grids use ``(x, y)`` tuples with ``y`` growing downwards (screen
convention).  Polyominoes are collections of ``(x, y)`` cells.

Everything is deterministic: functions returning several cells return them
in a documented order, never in set-iteration order.

>>> hex_distance((0, 0), (3, -1))
3
>>> hex_neighbors((0, 0))
[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "HEX_DIRECTIONS",
    "HexLayout",
    "SQUARE_DIRECTIONS4",
    "SQUARE_DIRECTIONS8",
    "chebyshev",
    "cube",
    "hex_add",
    "hex_distance",
    "hex_line_step",
    "hex_neighbor",
    "hex_neighbors",
    "hex_ring",
    "hex_rotate60",
    "hex_scale",
    "hex_sub",
    "hexagon",
    "is_connected",
    "manhattan",
    "normalize",
    "orientations",
    "rhombus",
    "rotate180",
    "rotations",
    "square_neighbors",
]

Hex = tuple[int, int]
Cell = tuple[int, int]
Point = tuple[float, float]

# --------------------------------------------------------------------------
# Hex coordinates
# --------------------------------------------------------------------------

#: The six axial directions, in Red Blob order (index = direction number).
HEX_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_add(a: Hex, b: Hex) -> Hex:
    """Return ``a + b``.

    >>> hex_add((1, 2), (3, -4))
    (4, -2)
    """
    return (a[0] + b[0], a[1] + b[1])


def hex_sub(a: Hex, b: Hex) -> Hex:
    """Return ``a - b``.

    >>> hex_sub((1, 2), (3, -4))
    (-2, 6)
    """
    return (a[0] - b[0], a[1] - b[1])


def hex_scale(h: Hex, k: int) -> Hex:
    """Return ``k * h``.

    >>> hex_scale((1, -1), 3)
    (3, -3)
    """
    return (h[0] * k, h[1] * k)


def cube(h: Hex) -> tuple[int, int, int]:
    """Return the cube coordinate ``(q, r, s)`` with ``s = -q - r``.

    >>> cube((2, -3))
    (2, -3, 1)
    """
    q, r = h
    return (q, r, -q - r)


def hex_neighbor(h: Hex, d: int) -> Hex:
    """Return the neighbour of ``h`` in direction ``d`` (taken modulo 6).

    >>> hex_neighbor((0, 0), 1)
    (1, -1)
    >>> hex_neighbor((0, 0), 7) == hex_neighbor((0, 0), 1)
    True
    """
    dq, dr = HEX_DIRECTIONS[d % 6]
    return (h[0] + dq, h[1] + dr)


def hex_neighbors(h: Hex) -> list[Hex]:
    """Return the 6 neighbours of ``h`` in direction order 0..5.

    >>> hex_neighbors((2, 3))
    [(3, 3), (3, 2), (2, 2), (1, 3), (1, 4), (2, 4)]
    """
    q, r = h
    return [(q + dq, r + dr) for dq, dr in HEX_DIRECTIONS]


def hex_distance(a: Hex, b: Hex) -> int:
    """Return the hex (cube / Manhattan-on-cube) distance between ``a`` and ``b``.

    >>> hex_distance((8, 0), (0, 8))
    8
    """
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_line_step(h: Hex, d: int, k: int) -> Hex:
    """Return ``h + k * HEX_DIRECTIONS[d]``: ``k`` steps in direction ``d`` (mod 6).

    >>> hex_line_step((0, 0), 5, 3)
    (0, 3)
    """
    dq, dr = HEX_DIRECTIONS[d % 6]
    return (h[0] + k * dq, h[1] + k * dr)


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """Return the hexes at exactly ``radius`` from ``center``, in Red Blob ring order.

    Starts at ``center + radius * HEX_DIRECTIONS[4]`` and walks ``radius``
    steps in each direction 0..5 in turn, giving ``6 * radius`` hexes
    (``[center]`` for radius 0).  Negative radius raises :class:`ValueError`.

    >>> hex_ring((0, 0), 1)
    [(-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)]
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    q = center[0] - radius
    r = center[1] + radius
    out = []
    for dq, dr in HEX_DIRECTIONS:
        for _ in range(radius):
            out.append((q, r))
            q += dq
            r += dr
    return out


def hexagon(radius: int) -> list[Hex]:
    """Return every hex within ``radius`` of ``(0, 0)``, sorted by ``r`` then ``q``.

    There are ``3 * radius * (radius + 1) + 1`` of them.

    >>> hexagon(1)
    [(0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1)]
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    out = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            out.append((q, r))
    return out


def rhombus(width: int, height: int) -> list[Hex]:
    """Return all ``(q, r)`` with ``0 <= q < width`` and ``0 <= r < height``, in ``(r, q)`` order.

    This is the board shape of Hex-like games (e.g. 9x9 gives 81 cells).

    >>> rhombus(2, 2)
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    if width < 0 or height < 0:
        raise ValueError(f"width and height must be >= 0, got {width}x{height}")
    return [(q, r) for r in range(height) for q in range(width)]


def rotate180(h: Hex, width: int, height: int) -> Hex:
    """Rotate ``h`` by 180 degrees about the centre of a ``width`` x ``height`` rhombus.

    Returns ``(width - 1 - q, height - 1 - r)``; it is an involution.

    >>> rotate180((0, 0), 9, 9)
    (8, 8)
    """
    return (width - 1 - h[0], height - 1 - h[1])


def hex_rotate60(h: Hex) -> Hex:
    """Rotate ``h`` by 60 degrees clockwise about the origin.

    In cube coordinates ``(q, r, s) -> (-r, -s, -q)``; in axial
    ``(q, r) -> (-r, q + r)``.  "Clockwise" is as seen on screen with ``y``
    pointing down.  Six applications give the identity.

    >>> hex_rotate60((1, 0))
    (0, 1)
    """
    q, r = h
    return (-r, q + r)


# --------------------------------------------------------------------------
# Hex layout (pixels)
# --------------------------------------------------------------------------

_SQRT3 = math.sqrt(3.0)

# (f0, f1, f2, f3, b0, b1, b2, b3, start_angle) -- Red Blob's Orientation.
_ORIENTATIONS: dict[str, tuple[float, float, float, float, float, float, float, float, float]] = {
    "pointy": (_SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5),
    "flat": (3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0),
}


def _round_half_up(x: float) -> int:
    # Like JavaScript's Math.round (Red Blob's reference code), so a JS port
    # of from_pixel agrees on exact ties.
    return math.floor(x + 0.5)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Maps hexes to pixels and back (Red Blob's ``Layout``).

    ``orientation`` is ``"pointy"`` (pointy-topped hexes, rows of hexes) or
    ``"flat"`` (flat-topped hexes, columns); ``size`` is the distance from a
    hex centre to a corner; ``origin`` is the pixel position of hex
    ``(0, 0)``.  Screen ``y`` grows downwards.

    >>> lay = HexLayout("pointy", 10.0, (100.0, 50.0))
    >>> lay.to_pixel((0, 0))
    (100.0, 50.0)
    >>> lay.from_pixel(*lay.to_pixel((3, -2)))
    (3, -2)
    """

    orientation: str = "pointy"
    size: float = 1.0
    origin: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in _ORIENTATIONS:
            raise ValueError(f'orientation must be "pointy" or "flat", got {self.orientation!r}')
        if not self.size > 0:
            raise ValueError(f"size must be > 0, got {self.size!r}")

    def to_pixel(self, h: Hex) -> Point:
        """Return the pixel centre ``(x, y)`` of hex ``h``.

        >>> HexLayout("flat", 2.0).to_pixel((1, 0))
        (3.0, 1.7320508075688772)
        """
        f0, f1, f2, f3 = _ORIENTATIONS[self.orientation][:4]
        q, r = h
        size = self.size
        ox, oy = self.origin
        return ((f0 * q + f1 * r) * size + ox, (f2 * q + f3 * r) * size + oy)

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        """Return the fractional axial coordinate ``(q, r)`` of pixel ``(x, y)``."""
        _, _, _, _, b0, b1, b2, b3, _ = _ORIENTATIONS[self.orientation]
        ox, oy = self.origin
        px = (x - ox) / self.size
        py = (y - oy) / self.size
        return (b0 * px + b1 * py, b2 * px + b3 * py)

    def from_pixel(self, x: float, y: float) -> Hex:
        """Return the hex containing pixel ``(x, y)`` (cube rounding).

        Each cube component is rounded half-up; the component with the largest
        rounding error is then recomputed from the other two so that
        ``q + r + s == 0``.

        >>> HexLayout().from_pixel(1.7, 0.1)
        (1, 0)
        """
        fq, fr = self.fractional(x, y)
        fs = -fq - fr
        q = _round_half_up(fq)
        r = _round_half_up(fr)
        s = _round_half_up(fs)
        dq = abs(q - fq)
        dr = abs(r - fr)
        ds = abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        return (q, r)

    def corners(self, h: Hex) -> list[Point]:
        """Return the 6 corner pixels of hex ``h``.

        Corner ``i`` is at angle ``60 * (i + start_angle)`` degrees from the
        centre (``start_angle`` is 0.5 for pointy, 0 for flat), i.e. clockwise
        on screen starting from the right-hand side.

        >>> [(round(x, 6), round(y, 6)) for x, y in HexLayout("flat").corners((0, 0))][:2]
        [(1.0, 0.0), (0.5, 0.866025)]
        """
        cx, cy = self.to_pixel(h)
        start = _ORIENTATIONS[self.orientation][8]
        size = self.size
        out = []
        for i in range(6):
            angle = 2.0 * math.pi * (start + i) / 6.0
            out.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
        return out


# --------------------------------------------------------------------------
# Square grids
# --------------------------------------------------------------------------

#: Orthogonal directions, clockwise from east (y down): E, S, W, N.
SQUARE_DIRECTIONS4: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))

#: All 8 directions, clockwise from east (y down): E, SE, S, SW, W, NW, N, NE.
SQUARE_DIRECTIONS8: tuple[Cell, ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)


def square_neighbors(p: Cell, width: int, height: int, diagonal: bool = False) -> list[Cell]:
    """Return the in-bounds neighbours of ``p`` on a ``width`` x ``height`` board.

    Order follows :data:`SQUARE_DIRECTIONS4` (or :data:`SQUARE_DIRECTIONS8`
    when ``diagonal`` is true), skipping cells outside ``0 <= x < width``,
    ``0 <= y < height``.

    >>> square_neighbors((0, 0), 3, 3)
    [(1, 0), (0, 1)]
    >>> square_neighbors((0, 0), 3, 3, diagonal=True)
    [(1, 0), (1, 1), (0, 1)]
    """
    x, y = p
    dirs = SQUARE_DIRECTIONS8 if diagonal else SQUARE_DIRECTIONS4
    out = []
    for dx, dy in dirs:
        nx = x + dx
        ny = y + dy
        if 0 <= nx < width and 0 <= ny < height:
            out.append((nx, ny))
    return out


def manhattan(a: Cell, b: Cell) -> int:
    """Return the 4-connected (taxicab) distance.

    >>> manhattan((0, 0), (3, -4))
    7
    """
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """Return the 8-connected (king-move) distance.

    >>> chebyshev((0, 0), (3, -4))
    4
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# --------------------------------------------------------------------------
# Polyominoes
# --------------------------------------------------------------------------


def normalize(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Translate ``cells`` so min x and min y are 0; return them sorted as a tuple.

    Duplicates are dropped.  The result is a canonical, hashable key for a
    shape in a fixed orientation.

    >>> normalize([(5, 5), (3, 6), (4, 5)])
    ((0, 1), (1, 0), (2, 0))
    """
    pts = set(cells)
    if not pts:
        return ()
    mx = min(x for x, _ in pts)
    my = min(y for _, y in pts)
    return tuple(sorted((x - mx, y - my) for x, y in pts))


def _rot90(cells: Iterable[Cell]) -> list[Cell]:
    # (x, y) -> (-y, x): clockwise on screen with y down.
    return [(-y, x) for x, y in cells]


def rotations(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """Return the 4 rotations (0, 90, 180, 270 degrees clockwise), each normalized.

    Duplicates are kept (a square tetromino gives 4 equal entries); see
    :func:`orientations` for the distinct ones.

    >>> rotations([(0, 0), (1, 0)])
    [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 0), (0, 1))]
    """
    cur = list(normalize(cells))
    out = []
    for _ in range(4):
        out.append(normalize(cur))
        cur = _rot90(cur)
    return out


def orientations(cells: Iterable[Cell], reflect: bool = True) -> list[tuple[Cell, ...]]:
    """Return the distinct normalized orientations of a polyomino.

    Considers the 4 rotations of ``cells`` and, if ``reflect``, the 4
    rotations of its mirror image ``(x, y) -> (-x, y)``; keeps the first
    occurrence of each, in that order.

    >>> len(orientations([(0, 0), (0, 1), (0, 2), (1, 2)]))  # L tetromino
    8
    >>> len(orientations([(0, 0), (0, 1), (0, 2), (1, 2)], reflect=False))
    4
    """
    base = normalize(cells)
    candidates = rotations(base)
    if reflect:
        candidates += rotations([(-x, y) for x, y in base])
    seen: set[tuple[Cell, ...]] = set()
    out = []
    for c in candidates:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def is_connected(cells: Iterable[Cell]) -> bool:
    """Return whether ``cells`` form one 4-connected group.

    An empty collection is *not* connected (it is not a valid piece).

    >>> is_connected([(0, 0), (1, 0), (1, 1)])
    True
    >>> is_connected([(0, 0), (1, 1)])
    False
    """
    pts = set(cells)
    if not pts:
        return False
    start = next(iter(pts))
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in pts and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(pts)
