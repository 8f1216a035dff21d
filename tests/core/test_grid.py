"""Tests for netarcade.core.grid.

Expected values are worked out by hand from Red Blob Games' formulas, not by
running the code.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from netarcade.core.grid import (
    HEX_DIRECTIONS,
    SQUARE_DIRECTIONS4,
    SQUARE_DIRECTIONS8,
    HexLayout,
    chebyshev,
    cube,
    hex_add,
    hex_distance,
    hex_line_step,
    hex_neighbor,
    hex_neighbors,
    hex_ring,
    hex_rotate60,
    hex_scale,
    hex_sub,
    hexagon,
    is_connected,
    manhattan,
    normalize,
    orientations,
    rhombus,
    rotate180,
    rotations,
    square_neighbors,
)

SQRT3 = math.sqrt(3)
hexes = st.tuples(st.integers(-50, 50), st.integers(-50, 50))

# --- hex arithmetic ------------------------------------------------------------


def test_directions():
    assert HEX_DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    for d in HEX_DIRECTIONS:
        assert hex_distance((0, 0), d) == 1


def test_add_sub_scale_cube():
    assert hex_add((1, -2), (3, 4)) == (4, 2)
    assert hex_sub((1, -2), (3, 4)) == (-2, -6)
    assert hex_scale((2, -1), -3) == (-6, 3)
    assert cube((3, -1)) == (3, -1, -2)
    assert cube((0, 0)) == (0, 0, 0)
    assert type(hex_add((0, 0), (1, 1))) is tuple


@pytest.mark.parametrize(
    "a, b, d",
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (3, -1), 3),
        ((0, 0), (8, 8), 16),
        ((8, 0), (0, 8), 8),
        ((0, 0), (-2, -2), 4),
        ((1, 1), (-1, 2), 2),  # dq=-2, dr=1, ds=1 -> (2+1+1)/2
        ((0, 0), (0, 8), 8),
    ],
)
def test_distance(a, b, d):
    assert hex_distance(a, b) == d
    assert hex_distance(b, a) == d


@given(hexes, hexes, hexes)
def test_distance_is_metric(a, b, c):
    assert hex_distance(a, b) >= 0
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


def test_neighbors_of_origin():
    assert hex_neighbors((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert hex_neighbors((3, 4)) == [(4, 4), (4, 3), (3, 3), (2, 4), (2, 5), (3, 5)]
    assert [hex_neighbor((3, 4), d) for d in range(6)] == hex_neighbors((3, 4))
    assert hex_neighbor((0, 0), 6) == (1, 0)
    assert hex_neighbor((0, 0), -1) == (0, 1)


def test_line_step():
    assert hex_line_step((2, 2), 0, 3) == (5, 2)
    assert hex_line_step((2, 2), 1, 2) == (4, 0)
    assert hex_line_step((2, 2), 4, 0) == (2, 2)
    assert hex_line_step((0, 0), 3, -1) == (1, 0)


# --- shapes --------------------------------------------------------------


def test_ring_radius_1_order():
    # Start at center + 1 * direction 4 = (-1, 1), then one step in directions 0..5.
    assert hex_ring((0, 0), 1) == [(-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)]
    assert hex_ring((5, 5), 1) == [(4, 6), (5, 6), (6, 5), (6, 4), (5, 4), (4, 5)]


def test_ring_radius_2_and_0():
    # Start (-2, 2); two steps per direction.
    assert hex_ring((0, 0), 2) == [
        (-2, 2), (-1, 2),  # direction 0 (+1, 0)
        (0, 2), (1, 1),  # direction 1 (+1, -1)
        (2, 0), (2, -1),  # direction 2 (0, -1)
        (2, -2), (1, -2),  # direction 3 (-1, 0)
        (0, -2), (-1, -1),  # direction 4 (-1, +1)
        (-2, 0), (-2, 1),  # direction 5 (0, +1)
    ]  # fmt: skip
    assert hex_ring((3, -1), 0) == [(3, -1)]
    with pytest.raises(ValueError):
        hex_ring((0, 0), -1)


@given(hexes, st.integers(1, 6))
def test_ring_properties(center, radius):
    ring = hex_ring(center, radius)
    assert len(ring) == 6 * radius == len(set(ring))
    assert all(hex_distance(center, h) == radius for h in ring)
    # Consecutive ring hexes (cyclically) are adjacent.
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert hex_distance(a, b) == 1


@pytest.mark.parametrize("r", range(5))
def test_hexagon_size(r):
    cells = hexagon(r)
    assert len(cells) == 3 * r * (r + 1) + 1
    assert len(set(cells)) == len(cells)
    assert all(hex_distance((0, 0), h) <= r for h in cells)
    assert cells == sorted(cells, key=lambda h: (h[1], h[0]))


def test_hexagon_small():
    assert hexagon(0) == [(0, 0)]
    assert hexagon(1) == [(0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1)]
    assert set(hexagon(2)) == {(0, 0)} | set(hex_ring((0, 0), 1)) | set(hex_ring((0, 0), 2))


def test_rhombus():
    cells = rhombus(9, 9)
    assert len(cells) == 81 == len(set(cells))
    assert cells[0] == (0, 0)
    assert cells[1] == (1, 0)
    assert cells[9] == (0, 1)
    assert cells[-1] == (8, 8)
    assert rhombus(3, 2) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert rhombus(0, 5) == []


def test_rotate180():
    assert rotate180((0, 0), 9, 9) == (8, 8)
    assert rotate180((8, 0), 9, 9) == (0, 8)
    assert rotate180((4, 4), 9, 9) == (4, 4)
    assert rotate180((1, 0), 3, 2) == (1, 1)
    for h in rhombus(9, 9):
        assert rotate180(rotate180(h, 9, 9), 9, 9) == h
    assert sorted(rotate180(h, 7, 5) for h in rhombus(7, 5)) == sorted(rhombus(7, 5))


def test_rotate60():
    # (q, r, s) -> (-r, -s, -q): (1, 0, -1) -> (0, 1, -1).
    assert hex_rotate60((1, 0)) == (0, 1)
    # Each direction rotates to the previous one in the list (d -> d - 1 mod 6),
    # i.e. E -> SE -> SW -> W -> NW -> NE -> E with y down.
    for d in range(6):
        assert hex_rotate60(HEX_DIRECTIONS[d]) == HEX_DIRECTIONS[(d - 1) % 6]
    assert hex_rotate60((2, -1)) == (1, 1)  # cube (2,-1,-1) -> (1,1,-2)


@given(hexes)
def test_rotate60_properties(h):
    seen = h
    for _ in range(6):
        nxt = hex_rotate60(seen)
        assert hex_distance((0, 0), nxt) == hex_distance((0, 0), h)
        seen = nxt
    assert seen == h


# --- layout ----------------------------------------------------------------


def test_pointy_to_pixel_hand_values():
    lay = HexLayout("pointy", 1.0, (0.0, 0.0))
    assert lay.to_pixel((0, 0)) == (0.0, 0.0)
    x, y = lay.to_pixel((1, 0))
    assert x == pytest.approx(SQRT3) and y == pytest.approx(0.0)
    x, y = lay.to_pixel((0, 1))
    assert x == pytest.approx(SQRT3 / 2) and y == pytest.approx(1.5)


def test_flat_to_pixel_and_origin_and_size():
    lay = HexLayout("flat", 2.0, (10.0, 20.0))
    # flat: x = 3/2 q * size, y = (sqrt3/2 q + sqrt3 r) * size
    x, y = lay.to_pixel((1, 0))
    assert x == pytest.approx(13.0) and y == pytest.approx(20.0 + SQRT3)
    x, y = lay.to_pixel((0, 1))
    assert x == pytest.approx(10.0) and y == pytest.approx(20.0 + 2 * SQRT3)


@given(
    hexes,
    st.sampled_from(["pointy", "flat"]),
    st.floats(0.5, 100.0),
    st.floats(-1000.0, 1000.0),
    st.floats(-1000.0, 1000.0),
)
def test_pixel_round_trip(h, orientation, size, ox, oy):
    lay = HexLayout(orientation, size, (ox, oy))
    assert lay.from_pixel(*lay.to_pixel(h)) == h


@given(hexes, st.sampled_from(["pointy", "flat"]), st.floats(0.0, 0.85), st.integers(0, 5))
def test_from_pixel_inside_hex(h, orientation, frac, corner):
    # Points strictly inside the hex (towards a corner) map back to the hex.
    lay = HexLayout(orientation, 1.0)
    cx, cy = lay.to_pixel(h)
    kx, ky = lay.corners(h)[corner]
    assert lay.from_pixel(cx + frac * (kx - cx), cy + frac * (ky - cy)) == h


def test_from_pixel_near_boundary():
    lay = HexLayout("pointy", 1.0)
    # The edge between (0,0) and (1,0) is the vertical line x = sqrt3/2.
    edge = SQRT3 / 2
    assert lay.from_pixel(edge - 1e-9, 0.0) == (0, 0)
    assert lay.from_pixel(edge + 1e-9, 0.0) == (1, 0)
    # The edge between (0,0) and (0,1) passes through the midpoint of their
    # centres, (sqrt3/4, 0.75), perpendicular to the vector between them.
    mx, my = SQRT3 / 4, 0.75
    ux, uy = (SQRT3 / 2) / SQRT3, 1.5 / SQRT3  # unit vector (0,0)->(0,1)
    assert lay.from_pixel(mx - 1e-9 * ux, my - 1e-9 * uy) == (0, 0)
    assert lay.from_pixel(mx + 1e-9 * ux, my + 1e-9 * uy) == (0, 1)
    # Just inside the bottom corner of (0,0), at (0, 1): still (0, 0).
    assert lay.from_pixel(0.0, 1.0 - 1e-9) == (0, 0)


def test_corners():
    lay = HexLayout("pointy", 2.0, (1.0, 1.0))
    cs = lay.corners((0, 0))
    assert len(cs) == 6
    # pointy: corner 0 at 30 degrees: (size*cos30, size*sin30) = (sqrt3, 1).
    assert cs[0] == pytest.approx((1.0 + SQRT3, 2.0))
    # corner 1 at 90 degrees: straight down (y down) -> (0, 2).
    assert cs[1] == pytest.approx((1.0, 3.0))
    for x, y in cs:
        assert math.hypot(x - 1.0, y - 1.0) == pytest.approx(2.0)
    flat = HexLayout("flat", 1.0).corners((0, 0))
    assert flat[0] == pytest.approx((1.0, 0.0))
    assert flat[3] == pytest.approx((-1.0, 0.0))


def test_layout_validation_and_frozen():
    with pytest.raises(ValueError):
        HexLayout("sideways")
    with pytest.raises(ValueError):
        HexLayout("pointy", 0.0)
    lay = HexLayout()
    assert lay.orientation == "pointy" and lay.size == 1.0 and lay.origin == (0.0, 0.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lay.size = 2.0  # type: ignore[misc]
    assert HexLayout("flat", 2.0) == HexLayout("flat", 2.0)
    assert hash(HexLayout("flat", 2.0)) == hash(HexLayout("flat", 2.0))


# --- square grids ------------------------------------------------------------


def test_square_directions():
    assert len(SQUARE_DIRECTIONS4) == 4 and len(set(SQUARE_DIRECTIONS4)) == 4
    assert len(SQUARE_DIRECTIONS8) == 8 and len(set(SQUARE_DIRECTIONS8)) == 8
    assert set(SQUARE_DIRECTIONS4) <= set(SQUARE_DIRECTIONS8)
    assert set(SQUARE_DIRECTIONS4) == {(1, 0), (-1, 0), (0, 1), (0, -1)}


def test_square_neighbors():
    assert sorted(square_neighbors((1, 1), 3, 3)) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(square_neighbors((1, 1), 3, 3, diagonal=True)) == 8
    assert sorted(square_neighbors((0, 0), 3, 3)) == [(0, 1), (1, 0)]
    assert sorted(square_neighbors((0, 0), 3, 3, diagonal=True)) == [(0, 1), (1, 0), (1, 1)]
    assert sorted(square_neighbors((2, 2), 3, 3, diagonal=True)) == [(1, 1), (1, 2), (2, 1)]
    assert square_neighbors((0, 0), 1, 1, diagonal=True) == []
    # Deterministic order = direction order.
    assert square_neighbors((1, 1), 3, 3) == [(1 + dx, 1 + dy) for dx, dy in SQUARE_DIRECTIONS4]


def test_manhattan_chebyshev():
    assert manhattan((0, 0), (3, 4)) == 7
    assert manhattan((2, -1), (-1, 1)) == 5
    assert chebyshev((0, 0), (3, 4)) == 4
    assert chebyshev((2, -1), (-1, 1)) == 3
    assert manhattan((5, 5), (5, 5)) == chebyshev((5, 5), (5, 5)) == 0


# --- polyominoes --------------------------------------------------------------

L_TET = [(0, 0), (0, 1), (0, 2), (1, 2)]
O_TET = [(0, 0), (1, 0), (0, 1), (1, 1)]
T_TET = [(0, 0), (1, 0), (2, 0), (1, 1)]
S_TET = [(1, 0), (2, 0), (0, 1), (1, 1)]
Z_TET = [(0, 0), (1, 0), (1, 1), (2, 1)]
I_TET = [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_normalize():
    assert normalize([(5, 7), (6, 7), (5, 8)]) == ((0, 0), (0, 1), (1, 0))
    assert normalize([(-3, -3), (-2, -3)]) == ((0, 0), (1, 0))
    assert normalize([(1, 1), (1, 1)]) == ((0, 0),)
    assert normalize([]) == ()
    assert normalize(iter([(2, 2)])) == ((0, 0),)


def test_rotations():
    rs = rotations(L_TET)
    assert len(rs) == 4
    # L rotated 90 degrees clockwise (y down): (x, y) -> (-y, x), then normalized.
    # L cells (0,0),(0,1),(0,2),(1,2) -> (0,0),(-1,0),(-2,0),(-2,1) -> (2,0),(1,0),(0,0),(0,1)
    assert rs[0] == ((0, 0), (0, 1), (0, 2), (1, 2))
    assert rs[1] == ((0, 0), (0, 1), (1, 0), (2, 0))
    assert len(set(rs)) == 4
    assert rotations(O_TET) == [((0, 0), (0, 1), (1, 0), (1, 1))] * 4


def test_orientation_counts():
    assert len(orientations(L_TET)) == 8
    assert len(orientations(L_TET, reflect=False)) == 4
    assert len(orientations(O_TET)) == 1
    assert len(orientations(T_TET)) == 4
    assert len(orientations(T_TET, reflect=False)) == 4
    assert len(orientations(S_TET)) == 4
    assert len(orientations(Z_TET)) == 4
    assert len(orientations(S_TET, reflect=False)) == 2
    assert len(orientations(I_TET)) == 2
    # S and Z are mirror images: the same set of 4 once reflection is allowed.
    assert set(orientations(S_TET)) == set(orientations(Z_TET))
    assert not set(orientations(S_TET, reflect=False)) & set(orientations(Z_TET, reflect=False))
    # The first orientation is the normalized input.
    assert orientations(L_TET)[0] == normalize(L_TET)
    assert orientations(L_TET) == orientations(list(reversed(L_TET)))


def test_is_connected():
    for piece in (L_TET, O_TET, T_TET, S_TET, Z_TET, I_TET):
        assert is_connected(piece)
    assert is_connected([(3, 3)])
    assert not is_connected([(0, 0), (1, 1)])  # diagonal only
    assert not is_connected([(0, 0), (2, 0)])
    assert not is_connected([(0, 0), (1, 0), (5, 5), (5, 6)])
    assert not is_connected([])
    # A ring with a hole is connected.
    ring = [(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    assert is_connected(ring)
