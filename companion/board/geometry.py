"""A map as shapes in millimetres: space outlines, the segments of edge features (rivers on hex
sides), link lines, label and piece anchor points and the bounding box.

One function, `geometry(board)`, serves the printer (PDF and SVG) and the app's board widget,
so paper and screen show the very same shapes. It reads a content Board (duck-typed: `layout`,
`spaces`, `edges`, `links`, `width_mm`, `height_mm`), so this package needs no pydantic."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Literal

from . import hexes, squares

Point = tuple[float, float]
Box = tuple[float, float, float, float]
ShapeKind = Literal["polygon", "rect", "ellipse"]
#: free space kept around a grid map when the board gives no size
MARGIN_MM = 10.0
#: room along the top of a grid map for the board's printed name
TOP_MM = 24.0


@dataclass(frozen=True)
class SpaceShape:
    """One space's outline: a polygon (its corners), a rect or an ellipse (its box)."""

    id: str
    shape: ShapeKind
    points: tuple[Point, ...]
    box: Box
    centre: Point
    #: where the name goes (centre of a hex; top of a box)
    label: Point
    #: where the printed number goes
    number: Point
    #: spots for up to six pieces, in order of use
    pieces: tuple[Point, ...]
    #: the largest box around the centre that lies inside the shape: a touch target that never
    #: overlaps a neighbour (the corners are left to a hit test with `Geometry.at`)
    tap: Box = (0.0, 0.0, 0.0, 0.0)

    def contains(self, x: float, y: float) -> bool:
        bx, by, bw, bh = self.box
        if self.shape == "rect":
            return bx <= x <= bx + bw and by <= y <= by + bh
        if self.shape == "ellipse":
            rx, ry = bw / 2, bh / 2
            return ((x - bx - rx) / rx) ** 2 + ((y - by - ry) / ry) ** 2 <= 1.0
        return _in_polygon(x, y, self.points)

    @property
    def area(self) -> float:
        return self.box[2] * self.box[3]


@dataclass(frozen=True)
class EdgeShape:
    """A side between two neighbouring spaces carrying features (drawn as a river, a wall)."""

    a: str
    b: str
    features: tuple[str, ...]
    p: Point
    q: Point


@dataclass(frozen=True)
class LinkShape:
    """An extra link between two spaces, drawn from centre to centre."""

    a: str
    b: str
    kind: str
    p: Point
    q: Point


@dataclass(frozen=True)
class Geometry:
    width: float
    height: float
    spaces: dict[str, SpaceShape]
    edges: tuple[EdgeShape, ...]
    links: tuple[LinkShape, ...]

    @property
    def bbox(self) -> Box:
        """The box around every drawn space."""
        return _bbox([s.box for s in self.spaces.values()])

    def at(self, x: float, y: float) -> str | None:
        """The space under a point: the smallest shape containing it (a landmark slot inside
        an area wins over the area), so a tap lands on what the finger is on."""
        hits = [s for s in self.spaces.values() if s.contains(x, y)]
        return min(hits, key=lambda s: s.area).id if hits else None

    def nearest(self, x: float, y: float) -> str | None:
        """The space whose centre is closest to a point (for a finger just off a small space)."""
        if not self.spaces:
            return None
        return min(self.spaces.values(), key=lambda s: math.dist(s.centre, (x, y))).id


def _bbox(boxes: list[Box]) -> Box:
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return (x0, y0, x1 - x0, y1 - y0)


def _in_polygon(x: float, y: float, pts: tuple[Point, ...]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _round(p: Point) -> Point:
    """Round to 0.001 mm: golden files and byte-identical output need stable digits."""
    return (round(p[0], 3) + 0.0, round(p[1], 3) + 0.0)


def _polygon_shape(sid: str, pts: list[Point], size: float) -> SpaceShape:
    pts = [_round(p) for p in pts]
    box = tuple(round(v, 3) + 0.0 for v in _bbox([(p[0], p[1], 0.0, 0.0) for p in pts]))
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    ring = tuple(_round((cx + size * 0.42 * math.cos(math.radians(a)), cy + size * 0.42 * math.sin(math.radians(a))))
                 for a in (210, 330, 90, 150, 30, 270))
    shape = SpaceShape(sid, "polygon", tuple(pts), box, _round((cx, cy)), _round((cx, cy - size * 0.45)),
                       _round((cx, cy + size * 0.55)), ring)
    return replace(shape, tap=_inner_box(shape))


def _box_shape(sid: str, shape: ShapeKind, box: Box) -> SpaceShape:
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    pts = ((x, y), (x + w, y), (x + w, y + h), (x, y + h)) if shape == "rect" else ()
    n = 6
    row = tuple(_round((x + w * (i + 1) / (n + 1), y + h * 0.78)) for i in range(n))
    k = 1.0 if shape == "rect" else 1 / math.sqrt(2)
    tap = tuple(round(v, 3) + 0.0 for v in (cx - w * k / 2, cy - h * k / 2, w * k, h * k))
    return SpaceShape(sid, shape, pts, box, _round((cx, cy)), _round((cx, y + h * 0.15)),
                      _round((x + w * 0.85, y + h * 0.85)), row, tap)


def _inner_box(shape: SpaceShape) -> Box:
    """The box of the polygon's proportions, centred on it, as large as fits inside (a
    regular hex: its full width by half its height, or the other way round when flat)."""
    cx, cy = shape.centre
    _, _, w, h = shape.box
    best = (0.0, 0.0)
    for dw, dh in ((w, h / 2), (w / 2, h), (w * 0.7, h * 0.7)):
        lo, hi = 0.0, 1.0
        for _ in range(30):
            t = (lo + hi) / 2
            hw, hh = dw * t / 2 * 0.999, dh * t / 2 * 0.999
            corners = ((cx - hw, cy - hh), (cx + hw, cy - hh), (cx + hw, cy + hh), (cx - hw, cy + hh))
            lo, hi = (t, hi) if all(_in_polygon(x, y, shape.points) for x, y in corners) else (lo, t)
        if dw * lo * dh * lo > best[0] * best[1]:
            best = (dw * lo, dh * lo)
    bw, bh = best
    return tuple(round(v, 3) + 0.0 for v in (cx - bw / 2, cy - bh / 2, bw, bh))


def _place(layout: Any, space: Any, origin: Point) -> SpaceShape | None:
    if space.hex is not None:
        return _polygon_shape(space.id, hexes.corners(tuple(space.hex), layout.orient, layout.size_mm, origin),
                              layout.size_mm)
    if space.cell is not None:
        return _box_shape(space.id, "rect", squares.box(tuple(space.cell), layout.size_mm, origin))
    if space.rect is not None:
        return _box_shape(space.id, "rect", tuple(float(v) for v in space.rect))
    if space.ellipse is not None:
        return _box_shape(space.id, "ellipse", tuple(float(v) for v in space.ellipse))
    if space.polygon:
        return _polygon_shape(space.id, [tuple(map(float, p)) for p in space.polygon],
                              min(_bbox([(p[0], p[1], 0, 0) for p in space.polygon])[2:]))
    return None


def origin_of(board: Any) -> Point:
    """Where hex (0, 0)'s centre or cell (0, 0)'s corner lies: the layout's origin, or, when
    none is given, so that the grid starts MARGIN_MM from the board's top left corner."""
    layout = board.layout
    if layout.origin_mm is not None:
        return (float(layout.origin_mm[0]), float(layout.origin_mm[1]))
    boxes = []
    for s in board.spaces:
        if s.hex is not None:
            boxes.append(_bbox([(p[0], p[1], 0, 0) for p in hexes.corners(tuple(s.hex), layout.orient, layout.size_mm)]))
        elif s.cell is not None:
            boxes.append(squares.box(tuple(s.cell), layout.size_mm))
    if not boxes:
        return (0.0, 0.0)
    x0, y0, _, _ = _bbox(boxes)
    return (MARGIN_MM - x0, TOP_MM - y0)


def geometry(board: Any) -> Geometry:
    """The shapes of a content Board's map in mm, from its top left corner."""
    layout = board.layout
    origin = origin_of(board)
    shapes: dict[str, SpaceShape] = {}
    for s in board.spaces:
        shape = _place(layout, s, origin)
        if shape is not None:
            shapes[s.id] = shape
    by_id = {s.id: s for s in board.spaces}
    edges = []
    for e in board.edges:
        a, b = by_id[e.between[0]], by_id[e.between[1]]
        if not e.features:
            continue
        if a.hex is not None and b.hex is not None:
            p, q = hexes.shared_side(tuple(a.hex), tuple(b.hex), layout.orient, layout.size_mm, origin)
        elif a.cell is not None and b.cell is not None:
            p, q = squares.shared_side(tuple(a.cell), tuple(b.cell), layout.size_mm, origin)
        elif a.id in shapes and b.id in shapes:
            p, q = shapes[a.id].centre, shapes[b.id].centre
        else:
            continue
        edges.append(EdgeShape(a.id, b.id, tuple(e.features), _round(p), _round(q)))
    links = tuple(LinkShape(lk.between[0], lk.between[1], lk.kind, shapes[lk.between[0]].centre,
                            shapes[lk.between[1]].centre)
                  for lk in board.links if lk.between[0] in shapes and lk.between[1] in shapes)
    bx, by, bw, bh = _bbox([s.box for s in shapes.values()])
    width = float(board.width_mm) if board.width_mm else round(bx + bw + MARGIN_MM, 3)
    height = float(board.height_mm) if board.height_mm else round(by + bh + MARGIN_MM, 3)
    return Geometry(width, height, shapes, tuple(edges), links)
