"""Hex and square coordinates: the maths every map shares."""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.board import hexes, squares
from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)

coord = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
PROPS = settings(max_examples=runs(200), deadline=None, derandomize=True)


@PROPS
@given(coord, coord, coord)
def test_hex_distance_is_a_metric(a, b, c):
    assert hexes.distance(a, b) == hexes.distance(b, a)
    assert hexes.distance(a, c) <= hexes.distance(a, b) + hexes.distance(b, c)
    assert (hexes.distance(a, b) == 0) == (a == b)


@PROPS
@given(coord, st.integers(0, 6))
def test_ring_holds_the_hexes_at_that_distance(c, k):
    ring = hexes.ring(c, k)
    assert len(ring) == (6 * k if k else 1) == len(set(ring))
    assert all(hexes.distance(c, h) == k for h in ring)
    assert len(list(hexes.disk(c, k))) == 3 * k * (k + 1) + 1


@PROPS
@given(coord, st.integers(0, 5))
def test_neighbours_are_one_step_and_share_a_side(h, side):
    n = hexes.neighbour(h, side)
    assert hexes.distance(h, n) == 1 and hexes.side_of(h, n) == side and hexes.side_of(n, h) == (side + 3) % 6
    assert hexes.edge_key(h, n) == hexes.edge_key(n, h)
    for orient in ("pointy", "flat"):
        p, q = hexes.shared_side(h, n, orient, 10.0)
        assert math.isclose(math.dist(p, q), 10.0, rel_tol=1e-9)


@PROPS
@given(coord, st.sampled_from(["pointy", "flat"]), st.floats(-0.45, 0.45), st.floats(-0.45, 0.45))
def test_the_hex_under_a_point_near_its_centre_is_that_hex(h, orient, dx, dy):
    x, y = hexes.centre(h, orient, 12.0, (5.0, 7.0))
    assert hexes.at_point(x + dx * 12.0, y + dy * 12.0, orient, 12.0, (5.0, 7.0)) == h


def test_compass_names_follow_the_layout():
    for orient in ("pointy", "flat"):
        for side, name in enumerate(hexes.COMPASS[orient]):
            x, y = hexes.centre(hexes.DIRECTIONS[side], orient, 1.0)
            bearing = math.degrees(math.atan2(x, -y)) % 360
            expect = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}[name]
            assert abs((bearing - expect + 180) % 360 - 180) <= 30, (orient, name, bearing)


@PROPS
@given(coord, coord, st.booleans())
def test_square_distance_is_a_metric_and_matches_steps(a, b, diagonal):
    assert squares.distance(a, b, diagonal) == squares.distance(b, a, diagonal)
    assert all(squares.distance(a, n, diagonal) == 1 for n in squares.neighbours(a, diagonal))
    assert len(squares.neighbours(a, diagonal)) == (8 if diagonal else 4)


def test_square_sides_and_points():
    assert squares.shared_side((0, 0), (1, 0), 10) == ((10, 0), (10, 10))
    assert squares.shared_side((2, 2), (2, 1), 10) == ((20, 20), (30, 20))
    assert squares.at_point(25.0, 5.0, 10) == (2, 0)
