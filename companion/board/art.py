"""How a board looks beyond its spaces, as plain drawing operations in millimetres: the sea,
land with a rough coastline, terrain marks inside spaces, islands over their squares, zones
(sectors) outlined and numbered, a key of the kinds, a compass rose, coordinates along a grid,
and the marks a game draws from its rules data (an hourglass per search hour).

The printer (companion.printing.sheets.boards) and the app's board widget draw the same list,
so paper and screen show one picture. Each operation is a dict:

    {"op": "poly", "points": [[x, y], ...], "fill": c | None, "stroke": c | None, "width": mm,
     "dash": [mm, ...] | None, "closed": bool}
    {"op": "circle", "c": [x, y], "r": mm, "fill": c | None, "stroke": c | None, "width": mm}
    {"op": "text", "at": [x, y], "text": s, "size": mm, "color": c, "bold": bool}  (centred on at)

A scattered decorative mark (a wave, a terrain mark) carries "mark": true, so a small screen may
leave it out. The operations come in three layers: `under` (before any space), `middle` (over the spaces' fills, under their
names and icons) and `over` (above everything). Deterministic: no randomness, the same board
gives the same picture."""
from __future__ import annotations

import math
from typing import Any

from . import hexes
from .geometry import Geometry, geometry, origin_of
from .maps import grid_neighbours, text_in

Op = dict[str, Any]
INK = "#2a2118"
PAPER = "#f7eedb"
SAND = "#e6c77a"


def art(board: Any, lang: str = "en") -> dict[str, list[Op]]:
    """The board's picture beyond its spaces, in layers (see the module's docstring)."""
    out: dict[str, list[Op]] = {"under": [], "middle": [], "over": []}
    a = getattr(board, "art", None)
    geo = geometry(board)
    marks = getattr(board, "art_marks", lambda: [])()
    if a is None and not marks:
        return out
    if a is not None:
        if a.sea:
            out["under"].append({**_rect(0, 0, geo.width, geo.height, a.sea, None), "ground": True})
            out["under"] += _waves(geo, a.sea)
        for land in a.land:
            coast = coastline([tuple(p) for p in land.points])
            out["under"].append(_poly(coast, None, shade(a.sea or PAPER, 0.25, "#ffffff"), 7.0))
            out["under"].append({**_poly(coast, land.fill, shade(land.fill, 0.45), 0.6), "ground": True})
        out["middle"] += _terrain(board, geo, a.terrain)
        out["middle"] += _islands(board, geo, set(a.land_kinds), a.land_fill, a.sea)
        if a.zones:
            out["over"] += _zones(board, geo)
        if a.coordinates:
            out["over"] += _coordinates(board, geo)
        if a.compass is not None:
            out["over"] += compass_rose(a.compass.x, a.compass.y, a.compass.r, text_in(a.compass.north, lang))
        if a.key is not None:
            out["over"] += _key(board, geo, a.key, lang)
    for sid, glyph, count in marks:
        shape = geo.spaces.get(sid)
        if shape is not None and glyph == "hourglass" and count > 0:
            out["over"] += _hourglasses(shape.box, count)
    return out


def disc_kinds(board: Any) -> set[str]:
    """The kinds whose spaces show their colour as a disc behind the icon rather than filling
    the space (a sea chart's water squares; `art.discs`)."""
    a = getattr(board, "art", None)
    if a is None or not a.discs:
        return set()
    return {k.id for k in board.kinds} - set(a.land_kinds)


# --- primitives ------------------------------------------------------------------------------
def _r(v: float) -> float:
    return round(v, 2)


def _poly(points: list[tuple[float, float]], fill: str | None, stroke: str | None, width: float = 0.4,
          dash: list[float] | None = None, closed: bool = True) -> Op:
    return {"op": "poly", "points": [[_r(x), _r(y)] for x, y in points], "fill": fill, "stroke": stroke,
            "width": width, "dash": dash, "closed": closed}


def _rect(x: float, y: float, w: float, h: float, fill: str | None, stroke: str | None, width: float = 0.4) -> Op:
    return _poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, stroke, width)


def _line(points: list[tuple[float, float]], stroke: str, width: float, dash: list[float] | None = None) -> Op:
    return _poly(points, None, stroke, width, dash, closed=False)


def _circle(x: float, y: float, r: float, fill: str | None, stroke: str | None, width: float = 0.4) -> Op:
    return {"op": "circle", "c": [_r(x), _r(y)], "r": _r(r), "fill": fill, "stroke": stroke, "width": width}


def _text(x: float, y: float, text: str, size: float, color: str = INK, bold: bool = True) -> Op:
    return {"op": "text", "at": [_r(x), _r(y)], "text": text, "size": size, "color": color, "bold": bold}


def shade(colour: str, amount: float, toward: str = INK) -> str:
    """`colour` moved `amount` (0-1) toward another colour (ink: darker)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(toward[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def _noise(x: float, y: float) -> float:
    """A smooth deterministic wobble in -1..1 (sums of sines), for coastlines and scatter."""
    return (math.sin(x * 0.21 + y * 0.07) * 0.5 + math.sin(x * 0.05 - y * 0.19 + 1.3) * 0.35
            + math.sin(x * 0.6 + y * 0.45) * 0.15)


def coastline(points: list[tuple[float, float]], step: float = 7.0, amp: float = 3.5) -> list[tuple[float, float]]:
    """A rough coast through a polygon's corners: each side cut into steps of about `step` mm,
    the points between moved along the side's normal by a smooth wobble of up to `amp` mm."""
    out: list[tuple[float, float]] = []
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        k = max(1, int(length // step))
        nx, ny = (y2 - y1) / (length or 1), -(x2 - x1) / (length or 1)
        for j in range(k):
            t = j / k
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            d = 0.0 if j == 0 else amp * _noise(x, y)
            out.append((x + nx * d, y + ny * d))
    return out


# --- sea and terrain -------------------------------------------------------------------------
def _waves(geo: Geometry, sea: str) -> list[Op]:
    """Small wave marks scattered over the sea (under everything: spaces cover them)."""
    out = []
    colour = shade(sea, 0.22)
    step = 30.0
    for j in range(int(geo.height // step) + 1):
        for i in range(int(geo.width // step) + 1):
            x = i * step + (step / 2 if j % 2 else 0) + 4 * _noise(i * 7.0, j * 3.0)
            y = j * step + 12 + 3 * _noise(j * 5.0, i * 2.0)
            if 6 <= x <= geo.width - 15 and 6 <= y <= geo.height - 6:
                out.append({**_line(_wave(x, y, 9.0), colour, 0.45), "mark": True})
    return out


def _wave(x: float, y: float, w: float) -> list[tuple[float, float]]:
    return [(x + w * t / 8, y - 1.2 * math.sin(t / 8 * 2 * math.pi)) for t in range(9)]


GLYPHS = {
    "peaks": lambda x, y: [[(x - 4, y + 2.5), (x - 1, y - 2.5), (x + 1, y), (x + 2.5, y - 1.5), (x + 5, y + 2.5)]],
    "reeds": lambda x, y: [[(x - 2, y + 2), (x - 2.5, y - 2)], [(x, y + 2), (x, y - 3)], [(x + 2, y + 2), (x + 2.5, y - 2)],
                           [(x - 4, y + 2.2), (x + 4, y + 2.2)]],
    "grass": lambda x, y: [[(x - 2, y - 1.5), (x - 0.8, y + 1.2), (x, y - 2), (x + 0.8, y + 1.2), (x + 2, y - 1.5)]],
    "dots": lambda x, y: [],
    "palms": lambda x, y: [[(x, y + 3), (x + 0.4, y - 2)], [(x - 3, y - 0.5), (x + 0.4, y - 2), (x + 3.4, y - 0.5)],
                           [(x - 2, y - 3.5), (x + 0.4, y - 2), (x + 2.6, y - 3.8)]],
    "waves": lambda x, y: [_wave(x - 4, y, 8.0)],
}


def _terrain(board: Any, geo: Geometry, terrain: dict[str, str]) -> list[Op]:
    """Terrain marks inside each space whose id, zone or kind has a pattern, on a staggered
    lattice, leaving out the spaces drawn inside it (landmark slots) and its top band (the name)."""
    if not terrain:
        return []
    out: list[Op] = []
    for sp in board.spaces:
        pattern = terrain.get(sp.id) or terrain.get(sp.kind)
        shape = geo.spaces.get(sp.id)
        if not pattern or shape is None:
            continue
        x0, y0, w, h = shape.box
        fill = sp.fill or next((k.fill for k in board.kinds if k.id == sp.kind), None) or PAPER
        colour = shade(fill, 0.25)
        kids = [o.box for oid, o in geo.spaces.items() if oid != sp.id and _inside(o.box, shape.box)]
        step = 15.0 if min(w, h) > 40 else max(6.0, min(w, h) / 2.5)
        j = 0
        y = y0 + step * 0.9
        while y < y0 + h - 4:
            x = x0 + (step / 2 if j % 2 else step / 4) + 2
            while x < x0 + w - 5:
                px, py = x + 2.5 * _noise(x, y), y + 2.0 * _noise(y, x)
                free = all(not (kx - 6 <= px <= kx + kw + 6 and ky - 6 <= py <= ky + kh + 6) for kx, ky, kw, kh in kids)
                # clear of the name along the top and of the icon and text down the middle
                middle = abs(px - (x0 + w / 2)) < w * 0.2 and w > 60
                if free and not middle and py > y0 + h * 0.16 and shape.contains(px, py):
                    if pattern == "dots":
                        out += [{**_circle(px + dx, py + dy, 0.45, colour, None), "mark": True}
                                for dx, dy in ((0, 0), (2.2, 1.1), (-1.6, 1.6))]
                    else:
                        out += [{**_line(seg, colour, 0.5), "mark": True} for seg in GLYPHS[pattern](px, py)]
                x += step
            y += step * 0.8
            j += 1
    return out


def _inside(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[0] + a[2] <= b[0] + b[2] and a[1] + a[3] <= b[1] + b[3]


def _islands(board: Any, geo: Geometry, kinds: set[str], fill: str, sea: str | None) -> list[Op]:
    """Land over the squares of island kinds: a rough blob on each, a shore band under all of
    them first, so neighbouring squares of one island read as one land."""
    if not kinds:
        return []
    blobs = []
    at = {tuple(s.cell): s.kind for s in board.spaces if s.cell is not None}
    for sp in board.spaces:
        shape = geo.spaces.get(sp.id)
        if sp.kind in kinds and shape is not None:
            x, y, w, h = shape.box
            land = set(kinds)
            near = {(dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if sp.cell is not None and at.get((sp.cell[0] + dx, sp.cell[1] + dy)) in land}
            # reach into a land neighbour (one land), stay 4 mm off the sea
            l, r = (x - 1 if (-1, 0) in near else x + 4), (x + w + 1 if (1, 0) in near else x + w - 4)
            t, b = (y - 1 if (0, -1) in near else y + 4), (y + h + 1 if (0, 1) in near else y + h - 4)
            blobs.append(coastline([(l, t), (r, t), (r, b), (l, b)], step=5.0, amp=1.6))
    shore = shade(sea or "#bfe0ef", 0.35, "#ffffff")
    return ([{**_poly(b, shore, shore, 3.0), "ground": True} for b in blobs]
            + [{**_poly(b, fill, None), "ground": True} for b in blobs])


# --- zones, key, compass, coordinates, marks ---------------------------------------------------
def _zones(board: Any, geo: Geometry) -> list[Op]:
    """Each zone outlined where it meets another zone (a hex side between two sectors), and its
    number in a disc outside the island, on the line from the map's middle through the zone."""
    by_id = {s.id: s for s in board.spaces}
    layout = board.layout
    out: list[Op] = []
    colour = "#7b241c"
    for a, b in grid_neighbours(board):
        sa, sb = by_id[a], by_id[b]
        if sa.zone and sb.zone and sa.zone != sb.zone and sa.hex is not None and sb.hex is not None:
            p, q = hexes.shared_side(tuple(sa.hex), tuple(sb.hex), layout.orient, layout.size_mm, origin_of(board))
            out.append(_line([p, q], colour, 1.4))
    centres: dict[str, list[tuple[float, float]]] = {}
    for s in board.spaces:
        if s.zone and s.id in geo.spaces and not s.off_board:
            centres.setdefault(s.zone, []).append(geo.spaces[s.id].centre)
    every = [p for ps in centres.values() for p in ps]
    if not every:
        return out
    mx, my = sum(p[0] for p in every) / len(every), sum(p[1] for p in every) / len(every)
    reach = max(math.dist(p, (mx, my)) for p in every)
    numbers = {z.id: getattr(z, "number", None) for z in board.zones}
    for zone, ps in centres.items():
        number = numbers.get(zone)
        if number is None:
            continue
        zx, zy = sum(p[0] for p in ps) / len(ps), sum(p[1] for p in ps) / len(ps)
        d = math.dist((zx, zy), (mx, my)) or 1.0
        r = reach + 16
        x, y = mx + (zx - mx) / d * r, my + (zy - my) / d * r
        x, y = min(max(x, 12), geo.width - 12), min(max(y, 12), geo.height - 12)
        out += [_circle(x, y, 9.5, PAPER, colour, 1.0), _text(x, y, str(number), 11.0, colour)]
    return out


def _key(board: Any, geo: Geometry, at: tuple[float, float], lang: str) -> list[Op]:
    """The kinds the map uses, each a swatch in its fill and its name, two columns on a panel."""
    used = {s.kind for s in board.spaces if s.id in geo.spaces and not s.off_board}
    kinds = [k for k in board.kinds if k.id in used and k.fill]
    rows = -(-len(kinds) // 2)
    x0, y0 = at
    col, row, sw = 44.0, 10.0, 7.0
    out = [_rect(x0, y0, 2 * col + 6, rows * row + 6, PAPER, INK, 0.4)]
    for i, k in enumerate(kinds):
        x, y = x0 + 4 + (i // rows) * col, y0 + 4 + (i % rows) * row
        out.append(_rect(x, y, sw, sw, k.fill, INK, 0.3))
        name = text_in(k.name, lang)
        out.append({**_text(x + sw + 2, y + sw / 2, name, 3.6, INK, False), "anchor": "start"})
    return out


def compass_rose(cx: float, cy: float, r: float, north: str) -> list[Op]:
    """An eight-pointed rose, the north point dark, the north letter above it."""
    out = [_circle(cx, cy, r * 0.72, PAPER, INK, 0.35)]
    for i in range(8):
        a = math.radians(-90 + 45 * i)
        long = r if i % 2 == 0 else r * 0.55
        tip = (cx + long * math.cos(a), cy + long * math.sin(a))
        for side in (-1, 1):
            b = a + side * math.radians(90)
            base = (cx + r * 0.13 * math.cos(b), cy + r * 0.13 * math.sin(b))
            dark = (side == 1) if i % 2 == 0 else False
            fill = INK if (i == 0 or dark) else PAPER
            out.append(_poly([(cx, cy), base, tip], fill, INK, 0.3))
    out.append(_text(cx, cy - r - r * 0.32, north, r * 0.5, INK))
    return out


def _coordinates(board: Any, geo: Geometry) -> list[Op]:
    """Column letters above and below a square grid, row numbers left and right of it."""
    cells = [(tuple(s.cell), geo.spaces[s.id].box) for s in board.spaces if s.cell is not None and s.id in geo.spaces]
    if not cells:
        return []
    cols: dict[int, float] = {}
    rows: dict[int, float] = {}
    for (c, r), (x, y, w, h) in cells:
        cols[c] = x + w / 2
        rows[r] = y + h / 2
    top = min(b[1] for _, b in cells)
    bottom = max(b[1] + b[3] for _, b in cells)
    left = min(b[0] for _, b in cells)
    right = max(b[0] + b[2] for _, b in cells)
    size = 5.0
    out = []
    for c, x in sorted(cols.items()):
        letter = chr(ord("A") + c)
        out += [_text(x, top - 4.2, letter, size), _text(x, min(bottom + 4.6, geo.height - 3), letter, size)]
    for r, y in sorted(rows.items()):
        out += [_text(max(left - 6.5, 4), y, str(r + 1), size), _text(min(right + 6.5, geo.width - 4), y, str(r + 1), size)]
    return out


def _hourglasses(box: tuple[float, float, float, float], count: int) -> list[Op]:
    """`count` hourglasses in a row in the lower left corner of a space (a search's hours),
    clear of its name at the top and its text in the middle."""
    x0, y0, _, h = box
    gw, gh, gap = 5.5, 9.0, 1.6
    x = x0 + 5
    y = y0 + h - 4 - gh
    out = []
    for i in range(count):
        gx = x + i * (gw + gap)
        out += [_poly([(gx + 0.5, y + 0.8), (gx + gw - 0.5, y + 0.8), (gx + gw / 2, y + gh / 2)], SAND, INK, 0.35),
                _poly([(gx + gw / 2, y + gh / 2), (gx + 0.5, y + gh - 0.8), (gx + gw - 0.5, y + gh - 0.8)], SAND, INK, 0.35),
                _line([(gx, y + 0.4), (gx + gw, y + 0.4)], INK, 0.7), _line([(gx, y + gh - 0.4), (gx + gw, y + gh - 0.4)], INK, 0.7)]
    return out
