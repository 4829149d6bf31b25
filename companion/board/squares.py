"""Square grid cells (col, row): neighbours with or without diagonals, distances, cell boxes in mm."""
from __future__ import annotations

Cell = tuple[int, int]
Point = tuple[float, float]

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (0, -1), (-1, 0), (0, 1))
DIAGONAL: tuple[Cell, ...] = ((1, -1), (-1, -1), (-1, 1), (1, 1))
COMPASS = {(1, 0): "E", (0, -1): "N", (-1, 0): "W", (0, 1): "S",
           (1, -1): "NE", (-1, -1): "NW", (-1, 1): "SW", (1, 1): "SE"}


def neighbours(c: Cell, diagonal: bool = False) -> tuple[Cell, ...]:
    steps = ORTHOGONAL + (DIAGONAL if diagonal else ())
    return tuple((c[0] + dx, c[1] + dy) for dx, dy in steps)


def distance(a: Cell, b: Cell, diagonal: bool = False) -> int:
    """Steps between cells: Manhattan without diagonal moves, Chebyshev with them."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) if diagonal else dx + dy


def edge_key(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


def box(c: Cell, size: float, origin: Point = (0.0, 0.0)) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the cell in mm."""
    return (origin[0] + c[0] * size, origin[1] + c[1] * size, size, size)


def shared_side(a: Cell, b: Cell, size: float, origin: Point = (0.0, 0.0)) -> tuple[Point, Point]:
    """The side two orthogonal neighbours share, as two end points in mm."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) not in ORTHOGONAL:
        raise ValueError(f"cells {a} and {b} share no side")
    x, y, _, _ = box(a, size, origin)
    if dx:
        sx = x + (size if dx > 0 else 0)
        return ((sx, y), (sx, y + size))
    sy = y + (size if dy > 0 else 0)
    return ((x, sy), (x + size, sy))


def at_point(x: float, y: float, size: float, origin: Point = (0.0, 0.0)) -> Cell:
    return (int((x - origin[0]) // size), int((y - origin[1]) // size))
