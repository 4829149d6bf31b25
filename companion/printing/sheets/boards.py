"""Boards: drawn once in board millimetres, then tiled across sheets with overlap, alignment
crosses and an assembly map, and also placed whole on one large-format page (A2 or A1)."""
from __future__ import annotations

import math

from typing import Any

from .. import grid, icons
from ..assets import profiles
from ..context import Ctx
from ..fonts import PT, width_mm
from ..grid import Paper, Tile, frame_marks, label_spot, mark_cfg, tile_window, tiles
from ..pdfdoc import Page
from ..source import BoardItem
from ..surface import Surface
from ..textfit import Fit, fit


Rect = grid.Rect
#: what a region shows: (kind: name | icon | text, value, box, fitted text or None for an icon)
Part = tuple[str, str, Rect, "Fit | None"]


def _cfg() -> dict[str, Any]:
    return profiles()["board"]


def min_pt(b: BoardItem) -> float:
    """The smallest size a text of this board may be drawn at, in board pt: the profile's
    min_pt as printed on every page, so on a page that scales the board down (A2) it is
    min_pt / scale, rounded up to 0.01 pt. A board printed only at full size gets min_pt."""
    scale = min([1.0] + [k for sheet in profiles()["sheet_papers"] for _, k in large_papers(b, sheet)])
    return math.ceil(float(_cfg()["min_pt"]) / scale * 100 - 1e-9) / 100


class Shapes:
    """A surface that draws a board's shapes and icons but not its words, for thumbnails (the
    assembly map, the read-me): there the words would be specks under 7 pt, the tiles and the
    large-format pages carry them."""

    def __init__(self, surface: Surface, scale: float = 0.0):
        self._s = surface
        self._scale = scale     # how much the board is shrunk: a text printing at 6 pt or more stays

    def text(self, x: float, y: float, s: str, face: str, size: float, *args: Any, **kw: Any) -> None:
        if size * self._scale >= 6.0:
            self._s.text(x, y, s, face, size, *args, **kw)

    def fitted(self, *args: Any, **kw: Any) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._s, name)


def title_size(b: BoardItem) -> float:
    return max(float(_cfg()["title_pt"]), min_pt(b))


def title_box(b: BoardItem) -> Rect:
    """Where the board's name stands, top left (ascent to descent): no space may cover it."""
    size = title_size(b)
    return (9.0, 13 - size * PT * 0.8, width_mm(b.name, "display", size), size * PT)


def draw_board(ctx: Ctx, s: Surface, b: BoardItem) -> None:
    """The board as the game shows it: the art under the spaces (sea, land), the spaces' shapes,
    the art over their fills (terrain, islands), the spaces' names, icons and texts, the edge
    features, the links (a harbour's dashed line to its landing place, above the fields it
    crosses, as the rules refer to it) and the art above everything (zones, key, compass,
    coordinates, hourglasses). The app's board widget draws the same art."""
    t = ctx.theme
    cfg = _cfg()
    low = min_pt(b)
    s.rect(0, 0, b.w, b.h, fill=t.fill("paper"), stroke=t.ink, width=0.4)
    draw_art(ctx, s, b.art.get("under", []), low)
    s.rect(4, 4, b.w - 8, b.h - 8, stroke=t.accent, width=1.0, r=3)
    s.text(9, 13, b.name, "display", title_size(b), t.accent if not t.ink_saver else t.ink)
    s.text(b.w - 9, b.h - 8, ctx.game, "text", max(float(cfg["mark_pt"]), low), t.soft, "end")
    for r in b.regions:
        fill = None if t.ink_saver else (r["fill"] or t.accent_light)
        if r["shape"] == "polygon":
            s.poly(r["points"], fill=fill, stroke=t.ink, width=0.5)
        elif r["shape"] == "ellipse":
            s.ellipse(r["x"], r["y"], r["w"], r["h"], fill=fill, stroke=t.ink, width=0.5)
        elif r.get("disc"):
            # a sea chart's square: the water shows, a fine grid line, the colour in a disc
            s.rect(r["x"], r["y"], r["w"], r["h"], stroke=t.soft, width=0.25)
        else:
            s.rect(r["x"], r["y"], r["w"], r["h"], fill=fill, stroke=t.ink, width=0.5, r=2)
    draw_art(ctx, s, b.art.get("middle", []), low)
    for r in b.regions:
        if r["shape"] == "polygon":
            _cell(ctx, s, r, low)
            continue
        for kind, value, (x, y, w, h), f in region_parts(r, inner(r, b.regions), low):
            if f is None:
                if r.get("disc"):
                    s.circle(x + w / 2, y + h / 2, w * 0.68, fill=None if t.ink_saver else r["fill"],
                             stroke=t.ink, width=0.35)
                s.icon(value, x, y, w, t.ink)
            else:
                s.fitted(f, x, y, w, h, "display" if kind == "name" else "text", t.ink)
        if r["number"] is not None:
            _number(ctx, s, r, low)
    for e in b.edges:
        for feature in e.features:
            _stroke(ctx, s, cfg["features"][feature], e.p, e.q)
    for lk in b.links:
        _stroke(ctx, s, cfg["link"], lk.p, lk.q)
    draw_art(ctx, s, b.art.get("over", []), low)


def draw_art(ctx: Ctx, s: Surface, ops: list[dict[str, Any]], low: float) -> None:
    """Drawing operations of companion.board.art (sizes in mm; a text at `low` pt or more). The
    ink saver leaves big areas unfilled and the scattered marks (waves, terrain) out: with the
    spaces unfilled they would show through them."""
    t = ctx.theme
    for op in ops:
        if t.ink_saver and op.get("mark"):
            continue
        kind = op["op"]
        if kind == "poly":
            fill = None if t.ink_saver and op.get("ground") else op["fill"]
            s.poly([tuple(p) for p in op["points"]], fill=fill, stroke=op["stroke"], width=op["width"],
                   closed=op["closed"], dash=op["dash"])
        elif kind == "circle":
            s.circle(op["c"][0], op["c"][1], op["r"], fill=op["fill"], stroke=op["stroke"], width=op["width"])
        elif kind == "text":
            size = max(op["size"] / PT, low)
            x, y = op["at"]
            s.text(x, y + op["size"] * 0.36, op["text"], "display" if op["bold"] else "text", size, op["color"],
                   op.get("anchor", "middle"))


def _colour(ctx: Ctx, name: str) -> str:
    """A profile colour: a #rrggbb value, or the theme's ink / soft / accent."""
    t = ctx.theme
    return {"ink": t.ink, "soft": t.soft, "accent": t.accent}.get(name, t.ink if t.ink_saver else name)


def _stroke(ctx: Ctx, s: Surface, style: dict[str, Any], p: tuple[float, float], q: tuple[float, float]) -> None:
    dash = tuple(style["dash"]) if style.get("dash") else None
    s.line(p[0], p[1], q[0], q[1], _colour(ctx, str(style["color"])), float(style["width"]), dash)


def _number(ctx: Ctx, s: Surface, r: dict[str, Any], low: float) -> None:
    x, y = r["number_at"]
    size = max(float(_cfg()["cell_number_pt"]), low)
    s.text(x, y + size * PT * 0.35, str(r["number"]), "display", size, ctx.theme.ink, "middle")


def _cell(ctx: Ctx, s: Surface, r: dict[str, Any], low: float) -> None:
    """A hex or polygon space: its kind's icon in the middle, the name above, the number below."""
    t = ctx.theme
    cx, cy = r["x"] + r["w"] / 2, r["y"] + r["h"] / 2
    if r["icon"]:
        isz = min(r["w"], r["h"]) * 0.32
        s.icon(r["icon"], cx - isz / 2, cy - isz / 2, isz, t.ink)
    lx, ly = r["label_at"]
    f = fit(r["name"], "text", r["w"] * 0.7, max(float(_cfg()["cell_name_pt"]), low) * PT * 1.3,
            max(float(_cfg()["cell_name_pt"]), low), low, icons.names())
    s.fitted(f, lx - r["w"] * 0.35, ly - f.size * PT * 0.65, r["w"] * 0.7, f.size * PT * 1.3, "text", t.ink)
    if r["number"] is not None:
        _number(ctx, s, r, low)


def inner(r: dict[str, Any], regions: list[dict[str, Any]]) -> list[Rect]:
    """The regions drawn inside r (landmark slots, volcano marks, curse spaces)."""
    out = []
    for o in regions:
        if o is r:
            continue
        if (o["x"] >= r["x"] and o["y"] >= r["y"] and o["x"] + o["w"] <= r["x"] + r["w"]
                and o["y"] + o["h"] <= r["y"] + r["h"]):
            out.append((o["x"], o["y"], o["w"], o["h"]))
    return out


def _hit(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _grow(kind: str, h: float) -> float:
    """A region's name or text grows with the region, so the board reads from across the table
    (tiled on A4 or whole on A1): from its size for a small space up to its largest for an area."""
    c = _cfg()[kind]
    return max(float(c["pt"]), min(float(c["max_pt"]), h * float(c["per_mm"]) / PT))


def name_pt(h: float) -> float:
    return _grow("name", h)


def text_pt(h: float) -> float:
    return _grow("text", h)


def region_parts(r: dict[str, Any], kids: list[Rect], low: float | None = None) -> list[Part]:
    """What a region shows and where: (kind, value, rect, fit) for its name, icon and text, no
    text under `low` pt (default: the profile's min_pt).

    Normally a column: the name on top, the icon in the middle, the text below. When that would
    run under a region drawn inside it, everything goes into the largest free strip at its top,
    the icon beside the name."""
    low = float(_cfg()["min_pt"]) if low is None else low
    parts = _column(r, low)
    drawn = [_extent(p) for p in parts]
    if kids and any(_hit(d, k) for d in drawn for k in kids):
        parts = _header(r, kids, low) or parts
    return parts


def _label(text: str, face: str, w: float, h: float, size: float, low: float, room: float) -> tuple[float, Fit]:
    """A name and the height it takes. In a small region a name that does not fit its share `h`
    at `low` pt gets the height its lines need at that size, up to `room` (the icon under or
    the text beside it gives way): it wraps rather than print under the minimum."""
    f = fit(text, face, w, h, size, low, icons.names())
    if f.fits or room <= h:
        return h, f
    at_low = fit(text, face, w, room, low, low, icons.names())
    h = min(room, at_low.line_height * (len(at_low.lines) - 1) + low * PT)
    return h, fit(text, face, w, h, size, low, icons.names())


def _column(r: dict[str, Any], low: float) -> list[Part]:
    cfg = _cfg()
    inset = 0.15 if r["shape"] == "ellipse" else 0.05
    ix, iy = r["x"] + r["w"] * inset, r["y"] + r["h"] * inset
    iw, ih = r["w"] * (1 - 2 * inset), r["h"] * (1 - 2 * inset)
    big = ih >= float(cfg["big_mm"])
    name_h = min(ih * 0.3, max(8.0, ih * 0.12) if big else 8.0)
    size = name_pt(ih) if big else float(cfg["name"]["pt"])
    name_h, nf = _label(r["name"], "display", iw, name_h, size, low, ih * 0.6)
    out: list[Part] = [("name", r["name"], (ix, iy, iw, name_h), nf)]
    rest = ih - name_h
    used = 0.0
    if r["icon"]:
        isz = min(iw, rest * (0.55 if r["text"] else 0.9))
        out.append(("icon", r["icon"], (ix + (iw - isz) / 2, iy + name_h + 1, isz, isz), None))
        used = isz + 2
    if r["text"] and rest - used > 4:
        tsize = text_pt(ih) if big else float(cfg["text"]["pt"])
        box = (ix, iy + name_h + used, iw, rest - used)
        out.append(("text", r["text"], box, fit(r["text"], "text", iw, rest - used, tsize, low, icons.names())))
    return out


def _header(r: dict[str, Any], kids: list[Rect], low: float) -> list[Part] | None:
    """Name (with the icon at its left) and text in the largest free strip along the top."""
    strip = _free_strip(r, kids)
    if strip is None:
        return None
    left, top, right, bottom = strip
    h = bottom - top
    name_h = min(h * 0.45, 12.0)
    isz = min(name_h * 1.6, h * 0.6) if r["icon"] else 0.0
    nx = left + (isz + 2 if isz else 0)
    name_h, nf = _label(r["name"], "display", right - nx, name_h, name_pt(name_h * 5), low, h * 0.6)
    out: list[Part] = [("name", r["name"], (nx, top, right - nx, name_h), nf)]
    if isz:
        out.append(("icon", r["icon"], (left, top, isz, isz), None))
    if r["text"]:
        box = (nx, top + name_h + 0.5, right - nx, h - name_h - 0.5)
        out.append(("text", r["text"], box,
                    fit(r["text"], "text", box[2], box[3], float(_cfg()["header_text_pt"]), low, icons.names())))
    return out


def _free_strip(r: dict[str, Any], kids: list[Rect]) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of the largest strip along r's top clear of its inner regions,
    at least 20 mm wide; None when there is none."""
    x0, y0, x1 = r["x"] + 3, r["y"] + 2, r["x"] + r["w"] - 3
    best = None
    for bottom in sorted({k[1] for k in kids if k[1] > y0 + 6}):
        # free x-span at the left of the kids that reach into the strip
        blockers = [k for k in kids if k[1] < bottom - 0.01 and k[1] + k[3] > y0]
        right = min([k[0] for k in blockers if k[0] > x0] + [x1]) - 2
        left = max([k[0] + k[2] for k in blockers if k[0] <= x0] + [x0])
        area = (right - left) * (bottom - 1 - y0)
        if right - left > 20 and (best is None or area > best[0]):
            best = (area, left, right, bottom - 1)
    if best is None:
        return None
    _, left, right, bottom = best
    return (left, y0, right, bottom)


def _extent(part: Part) -> Rect:
    """The rectangle a part really covers (text: its lines, centred in the box)."""
    kind, _, (x, y, w, h), f = part
    if kind == "icon" or f is None:
        return (x, y, w, h)
    tw = max((ln.width for ln in f.lines), default=0.0)
    th = f.line_height * (len(f.lines) - 1) + f.size * PT
    return (x + (w - tw) / 2, y + (h - th) / 2, tw, th)


def orient(ctx: Ctx, b: BoardItem, overlap: float) -> tuple[Paper, list[Tile]]:
    """Portrait or landscape sheets, whichever needs fewer tiles."""
    best: tuple[Paper, list[Tile]] | None = None
    for landscape in (False, True):
        paper = Paper.named(ctx.paper.name, landscape)
        ww, wh = tile_window(paper)
        ts = tiles(b.w, b.h, ww, wh, overlap)
        if best is None or len(ts) < len(best[1]):
            best = (paper, ts)
    assert best is not None
    return best


def tile_pages(ctx: Ctx, b: BoardItem) -> list[Page]:
    overlap = float(profiles()["tiling"]["overlap"])
    paper, ts = orient(ctx, b, overlap)
    # the assembly map on the tiles' paper, so the file has one paper size and orientation
    out = [Page(paper, lambda s: _assembly(ctx, s, b, ts, overlap, paper), b.name, ctx.words("sheets.assembly"))]
    ww, wh = tile_window(paper)
    left = (paper.w - ww) / 2
    top = (paper.h - wh) / 2
    for tile in ts:
        def draw(s: Surface, tile: Tile = tile) -> None:
            s.push(0, 0)
            s.clip(left, top, tile.w, tile.h)
            s.push(left - tile.x, top - tile.y)
            draw_board(ctx, s, b)
            s.pop()
            s.pop()
            _tile_furniture(ctx, s, tile, ts, left, top, overlap)

        marks = frame_marks(left, top, tile.w, tile.h) if ctx.opts.marks else []
        out.append(Page(paper, draw, b.name, tile.code, marks, label_spot(paper, top + tile.h, left)))
    return out


def _tick(s: Surface, x1: float, y1: float, x2: float, y2: float, ink: str) -> None:
    s.line(x1, y1, x2, y2, ink, 0.35)


def _tile_furniture(ctx: Ctx, s: Surface, tile: Tile, ts: list[Tile], left: float, top: float,
                    overlap: float) -> None:
    """Tile code, the glue strips and their alignment ticks, all in the margins outside the
    artwork: every tile is trimmed on its cut marks; the strip a tile shares with its right
    (lower) neighbour is glue area, marked by ticks where that neighbour's edge goes and named
    "under B1" (the neighbour that covers it)."""
    t = ctx.theme
    w = ctx.words
    g = float(mark_cfg()["gap"])
    s.text(left + 2, top - 2, f"{tile.code}", "display", 9, t.ink)     # clear of the corner's cut mark
    codes = {(o.col, o.row): o.code for o in ts}
    right = codes.get((tile.col + 1, tile.row))
    below = codes.get((tile.col, tile.row + 1))
    tick = 4.0
    if right:
        x = left + tile.w - overlap
        for y1, y2 in ((top - g - tick, top - g), (top + tile.h + g, top + tile.h + g + tick)):
            _tick(s, x, y1, x, y2, t.ink)
        # above the ticks and the corner's cut mark, never across them
        s.text(x + overlap / 2, top - g - tick - 1.4, w("tiles.under", tile=right), "text", 6, t.ink, "middle")
    if below:
        y = top + tile.h - overlap
        for x1, x2 in ((left - g - tick, left - g), (left + tile.w + g, left + tile.w + g + tick)):
            _tick(s, x1, y, x2, y, t.ink)
        s.push(left + tile.w + g + tick + 2.2, y + overlap / 2, 90)
        s.text(0, 0, w("tiles.under", tile=below), "text", 6, t.ink, "middle")
        s.pop()
    # the trimming hint between the tile code and the first tick, where it fits whole
    hint = w("tiles.help", overlap=f"{overlap:g}")
    end = left + tile.w - (overlap if right else 0) - 2
    if end - width_mm(hint, "text", 6) >= left + 2 + width_mm(tile.code, "display", 9) + 3:
        s.text(end, top - 2, hint, "text", 6, t.soft, "end")


def _assembly(ctx: Ctx, s: Surface, b: BoardItem, ts: list[Tile], overlap: float, p: Paper) -> None:
    t = ctx.theme
    x0 = p.printable + 12
    w = p.w - 2 * x0
    s.text(x0, x0 + 6, f"{b.name}: {ctx.words('sheets.assembly')}", "display", 16, t.ink)
    hint = ctx.words("tiles.help", overlap=f"{overlap:g}")
    tf = fit(ctx.words("tiles.map", overlap=f"{overlap:g}") + " " + hint[:1].upper() + hint[1:] + ".",
             "text", w, 20, 10, 7, icons.names())
    s.fitted(tf, x0, x0 + 10, w, 20, "text", t.ink, "left", "top")
    scale = min(w / b.w, (p.h - x0 - 40 - 30) / b.h)
    top = x0 + 34
    s.push(x0 + (w - b.w * scale) / 2, top)
    # the board itself under the tile outlines, so each tile's piece of it is recognisable
    s.push(0, 0, scale=scale)
    draw_board(ctx, Shapes(s), b)
    s.pop()
    s.rect(0, 0, b.w * scale, b.h * scale, stroke=t.ink, width=0.4)
    for tile in ts:
        s.rect(tile.x * scale, tile.y * scale, tile.w * scale, tile.h * scale, fill=None, stroke=t.accent, width=0.5)
        cx, cy = (tile.x + tile.w / 2) * scale, (tile.y + tile.h / 2) * scale
        s.circle(cx, cy, 7, fill=t.fill("paper"), stroke=t.accent, width=0.5)
        s.text(cx, cy + 2.8, tile.code, "display", 16, t.accent, "middle")
    s.pop()
    s.text(x0, top + b.h * scale + 8, f"{b.w:.0f} x {b.h:.0f} mm", "text", 8, t.soft)


def large_scale(b: BoardItem, paper: Paper) -> float:
    """The board's scale on `paper`: 1 when it fits, else the largest whole percent that does
    (so the label can say it exactly and a ruler confirms it)."""
    room = 2 * (paper.printable + float(_cfg()["large_room"]))
    fit_ = min((paper.w - room) / b.w, (paper.h - room) / b.h)
    return 1.0 if fit_ >= 1 else math.floor(fit_ * 100 + 1e-9) / 100


def large_names(sheet: str = "a4") -> list[str]:
    """The large-format papers for a set on `sheet` paper: A2 and A1, or for Letter ANSI C and
    D (`large_format_by_paper` in the profile)."""
    return list((profiles().get("large_format_by_paper") or {}).get(sheet) or profiles()["large_format"])


def paper_title(paper: Paper) -> str:
    """A paper's name as printed: "A2", "ANSI C", "Letter"."""
    return "Letter" if paper.name == "letter" else paper.name.upper().replace("-", " ")


def large_papers(b: BoardItem, sheet: str = "a4") -> list[tuple[Paper, float]]:
    """One large-format page per large paper for the sheet paper (A2, A1; ANSI C, D for Letter),
    each in the orientation that shows the board biggest, scaled down only when it does not fit
    at full size; papers bigger than the first that holds it at full size are left out."""
    out = []
    for name in large_names(sheet):
        paper, scale = max(((p, large_scale(b, p)) for p in (Paper.named(name), Paper.named(name, True))),
                           key=lambda ps: ps[1])
        out.append((paper, scale))
        if scale >= 1:
            break
    return out


def large_rect(b: BoardItem, paper: Paper, scale: float) -> Rect:
    """Where the (scaled) board lands on a large-format page, centred."""
    w, h = b.w * scale, b.h * scale
    return ((paper.w - w) / 2, (paper.h - h) / 2, w, h)


def large_side(ctx: Ctx, paper: Paper, scale: float) -> str:
    """The label's side text: the paper, and the scale when it is not full size."""
    name = paper_title(paper)
    return name if scale >= 1 else f"{name}, {ctx.words('board.scaled', percent=f'{round(scale * 100):d}')}"


def large_pages(ctx: Ctx, b: BoardItem, paper: Paper, scale: float = 1.0) -> list[Page]:
    left, top, w, h = large_rect(b, paper, scale)

    def draw(s: Surface) -> None:
        s.push(left, top, scale=scale)
        draw_board(ctx, s, b)
        s.pop()

    marks = frame_marks(left, top, w, h) if ctx.opts.marks else []
    return [Page(paper, draw, b.name, large_side(ctx, paper, scale), marks, label_spot(paper, top + h, left))]
