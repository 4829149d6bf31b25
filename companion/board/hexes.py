"""Axial hex coordinates (q, r): neighbours, distance, rings, edge keys and centres in mm.

Pointy-top and flat-top layouts share the axial maths; only the conversion to millimetres and
the compass names of the six directions differ. See redblobgames.com/grids/hexagons."""
from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Literal

Hex = tuple[int, int]
Orient = Literal["pointy", "flat"]
Point = tuple[float, float]

#: the six axial directions, in this fixed order (the index is a hex "side")
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: compass name of each direction, per layout (y grows downwards on paper and screen)
COMPASS: dict[str, tuple[str, ...]] = {
    "pointy": ("E", "NE", "NW", "W", "SW", "SE"),
    "flat": ("SE", "NE", "N", "NW", "SW", "S"),
}
SQRT3 = math.sqrt(3.0)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, side: int) -> Hex:
    return add(h, DIRECTIONS[side % 6])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(add(h, d) for d in DIRECTIONS)


def side_of(a: Hex, b: Hex) -> int | None:
    """The direction index from a to its neighbour b; None when they are not neighbours."""
    d = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` steps from centre, walking round from the W-SW corner."""
    if radius == 0:
        return [centre]
    out = []
    h = (centre[0] + DIRECTIONS[4][0] * radius, centre[1] + DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def disk(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within `radius` steps, ring by ring."""
    for k in range(radius + 1):
        yield from ring(centre, k)


def edge_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """The one name of the side two neighbouring hexes share, whichever way round."""
    return (a, b) if a <= b else (b, a)


def centre(h: Hex, orient: Orient, size: float, origin: Point = (0.0, 0.0)) -> Point:
    """The hex's centre in mm; `size` is the centre-to-corner radius."""
    q, r = h
    if orient == "pointy":
        x, y = size * SQRT3 * (q + r / 2), size * 1.5 * r
    else:
        x, y = size * 1.5 * q, size * SQRT3 * (r + q / 2)
    return (origin[0] + x, origin[1] + y)


def corners(h: Hex, orient: Orient, size: float, origin: Point = (0.0, 0.0)) -> list[Point]:
    """The six corners in mm, clockwise on paper (y down)."""
    cx, cy = centre(h, orient, size, origin)
    start = 30.0 if orient == "pointy" else 0.0
    return [(cx + size * math.cos(math.radians(start + 60 * i)), cy + size * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


def shared_side(a: Hex, b: Hex, orient: Orient, size: float, origin: Point = (0.0, 0.0)) -> tuple[Point, Point]:
    """The two end points of the side between neighbours a and b (for rivers, walls, reefs)."""
    if side_of(a, b) is None:
        raise ValueError(f"hexes {a} and {b} are not neighbours")
    ca = corners(a, orient, size, origin)
    cb = corners(b, orient, size, origin)
    common = [p for p in ca if any(math.isclose(p[0], o[0], abs_tol=1e-6) and math.isclose(p[1], o[1], abs_tol=1e-6)
                                   for o in cb)]
    assert len(common) == 2
    p, q = sorted(common)
    return p, q


def at_point(x: float, y: float, orient: Orient, size: float, origin: Point = (0.0, 0.0)) -> Hex:
    """The hex under a point in mm (cube rounding)."""
    px, py = x - origin[0], y - origin[1]
    if orient == "pointy":
        qf, rf = (SQRT3 / 3 * px - py / 3) / size, (2 / 3 * py) / size
    else:
        qf, rf = (2 / 3 * px) / size, (-px / 3 + SQRT3 / 3 * py) / size
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))
