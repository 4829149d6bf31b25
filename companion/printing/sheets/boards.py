"""Boards: drawn once in board millimetres, then tiled across sheets with overlap, alignment
crosses and an assembly map, and also placed whole on one large-format page (A2 or A1)."""
from __future__ import annotations

import math

from .. import icons
from ..assets import profiles
from ..context import Ctx
from ..fonts import PT
from ..grid import Paper, label_spot, mark_cfg, tile_window, tiles
from ..pdfdoc import Page
from ..source import BoardItem
from ..textfit import fit


def draw_board(ctx: Ctx, s, b: BoardItem) -> None:
    t = ctx.theme
    s.rect(0, 0, b.w, b.h, fill=t.fill("paper"), stroke=t.ink, width=0.4)
    s.rect(4, 4, b.w - 8, b.h - 8, stroke=t.accent, width=1.0, r=3)
    s.text(9, 13, b.name, "display", 16, t.accent if not t.ink_saver else t.ink)
    s.text(b.w - 9, b.h - 8, ctx.game, "text", 7, t.soft, "end")
    for r in b.regions:
        fill = None if t.ink_saver else (r["fill"] or t.accent_light)
        if r["shape"] == "ellipse":
            s.ellipse(r["x"], r["y"], r["w"], r["h"], fill=fill, stroke=t.ink, width=0.5)
        else:
            s.rect(r["x"], r["y"], r["w"], r["h"], fill=fill, stroke=t.ink, width=0.5, r=2)
        for kind, value, (x, y, w, h), f in region_parts(r, inner(r, b.regions)):
            if kind == "icon":
                s.icon(value, x, y, w, t.ink)
            else:
                s.fitted(f, x, y, w, h, "display" if kind == "name" else "text", t.ink)


Rect = tuple[float, float, float, float]


def inner(r: dict, regions: list[dict]) -> list[Rect]:
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


def name_pt(h: float) -> float:
    """A region's name grows with the region, so the board reads from across the table (tiled
    on A4 or whole on A1): 11 pt for a small space up to 30 pt for a big area."""
    return max(11.0, min(30.0, h * 0.2 / PT))


def text_pt(h: float) -> float:
    return max(9.0, min(16.0, h * 0.1 / PT))


def region_parts(r: dict, kids: list[Rect]):
    """What a region shows and where: (kind, value, rect, fit) for its name, icon and text.

    Normally a column: the name on top, the icon in the middle, the text below. When that would
    run under a region drawn inside it, everything goes into the largest free strip at its top,
    the icon beside the name."""
    parts = _column(r)
    drawn = [_extent(p) for p in parts]
    if kids and any(_hit(d, k) for d in drawn for k in kids):
        parts = _header(r, kids) or parts
    return parts


def _column(r: dict):
    inset = 0.15 if r["shape"] == "ellipse" else 0.05
    ix, iy = r["x"] + r["w"] * inset, r["y"] + r["h"] * inset
    iw, ih = r["w"] * (1 - 2 * inset), r["h"] * (1 - 2 * inset)
    big = ih >= 60
    name_h = min(ih * 0.3, max(8.0, ih * 0.12) if big else 8.0)
    size = name_pt(ih) if big else 11.0
    out = [("name", r["name"], (ix, iy, iw, name_h), fit(r["name"], "display", iw, name_h, size, 6, icons.names()))]
    rest = ih - name_h
    used = 0.0
    if r["icon"]:
        isz = min(iw, rest * (0.55 if r["text"] else 0.9))
        out.append(("icon", r["icon"], (ix + (iw - isz) / 2, iy + name_h + 1, isz, isz), None))
        used = isz + 2
    if r["text"] and rest - used > 4:
        box = (ix, iy + name_h + used, iw, rest - used)
        out.append(("text", r["text"], box, fit(r["text"], "text", iw, rest - used, text_pt(ih) if big else 9, 7,
                                               icons.names())))
    return out


def _header(r: dict, kids: list[Rect]):
    """Name (with the icon at its left) and text in the largest free strip along the top."""
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
    h = bottom - y0
    w = right - left
    name_h = min(h * 0.45, 12.0)
    isz = min(name_h * 1.6, h * 0.6) if r["icon"] else 0.0
    nx = left + (isz + 2 if isz else 0)
    out = [("name", r["name"], (nx, y0, right - nx, name_h),
            fit(r["name"], "display", right - nx, name_h, name_pt(name_h * 5), 6, icons.names()))]
    if isz:
        out.append(("icon", r["icon"], (left, y0, isz, isz), None))
    if r["text"]:
        tx = nx
        box = (tx, y0 + name_h + 0.5, right - tx, h - name_h - 0.5)
        out.append(("text", r["text"], box, fit(r["text"], "text", box[2], box[3], 12, 7, icons.names())))
    return out


def _extent(part) -> Rect:
    """The rectangle a part really covers (text: its lines, centred in the box)."""
    kind, _, (x, y, w, h), f = part
    if kind == "icon" or f is None:
        return (x, y, w, h)
    tw = max((ln.width for ln in f.lines), default=0.0)
    th = f.line_height * (len(f.lines) - 1) + f.size * PT
    return (x + (w - tw) / 2, y + (h - th) / 2, tw, th)


def _orient(ctx: Ctx, b: BoardItem, overlap: float):
    """Portrait or landscape sheets, whichever needs fewer tiles."""
    best = None
    for landscape in (False, True):
        paper = Paper.named(ctx.paper.name, landscape)
        ww, wh = tile_window(paper)
        ts = tiles(b.w, b.h, ww, wh, overlap)
        if best is None or len(ts) < len(best[1]):
            best = (paper, ts)
    return best


def tile_pages(ctx: Ctx, b: BoardItem) -> list[Page]:
    overlap = float(profiles()["tiling"]["overlap"])
    paper, ts = _orient(ctx, b, overlap)
    out = [Page(ctx.paper, lambda s: _assembly(ctx, s, b, ts, overlap), b.name, ctx.words("sheets.assembly"))]
    cfg = mark_cfg()
    ww, wh = tile_window(paper)
    for tile in ts:
        left = (paper.w - ww) / 2
        top = (paper.h - wh) / 2
        spot = label_spot(paper, top + tile.h, left)

        def draw(s, tile=tile, left=left, top=top):
            s.push(0, 0)
            s.clip(left, top, tile.w, tile.h)
            s.push(left - tile.x, top - tile.y)
            draw_board(ctx, s, b)
            s.pop()
            s.pop()
            _tile_furniture(ctx, s, tile, ts, left, top, overlap)

        marks = []
        if ctx.opts.marks:
            g, L = cfg["gap"], cfg["length"]
            for x in (left, left + tile.w):
                marks += [(x, top - g - L, x, top - g), (x, top + tile.h + g, x, top + tile.h + g + L)]
            for y in (top, top + tile.h):
                marks += [(left - g - L, y, left - g, y), (left + tile.w + g, y, left + tile.w + g + L, y)]
        out.append(Page(paper, draw, b.name, tile.code, marks, spot))
    return out


def _tile_furniture(ctx: Ctx, s, tile, ts, left: float, top: float, overlap: float) -> None:
    """Tile code, alignment crosses in the shared strips, and which edges to trim."""
    t = ctx.theme
    s.text(left + 2, top - 2, f"{tile.code}", "display", 9, t.ink)     # clear of the corner's cut mark
    codes = {(o.col, o.row): o.code for o in ts}
    cross = lambda x, y: (s.line(x - 3, y, x + 3, y, t.ink, 0.25), s.line(x, y - 3, x, y + 3, t.ink, 0.25),  # noqa: E731
                          s.circle(x, y, 1.5, stroke=t.ink, width=0.25))
    # strips this tile shares with neighbours, in board coordinates -> crosses at the same spots
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nb = codes.get((tile.col + dc, tile.row + dr))
        if not nb:
            continue
        if dc:
            sx = (tile.w - overlap / 2) if dc > 0 else overlap / 2
            for fy in (0.25, 0.75):
                cross(left + sx, top + tile.h * fy)
        else:
            sy = (tile.h - overlap / 2) if dr > 0 else overlap / 2
            for fx in (0.25, 0.75):
                cross(left + tile.w * fx, top + sy)
    # this tile goes on top of its left and upper neighbours: trim those edges, show the strip
    if tile.col > 0:
        s.line(left + overlap, top, left + overlap, top + tile.h, t.soft, 0.2, (2, 1.5))
    if tile.row > 0:
        s.line(left, top + overlap, left + tile.w, top + overlap, t.soft, 0.2, (2, 1.5))
    help_ = ctx.words("tiles.help", overlap=f"{overlap:g}")
    s.text(left + tile.w, top - 2, help_, "text", 6, t.soft, "end")


def _assembly(ctx: Ctx, s, b: BoardItem, ts, overlap: float) -> None:
    p = ctx.paper
    t = ctx.theme
    x0 = p.printable + 12
    w = p.w - 2 * x0
    s.text(x0, x0 + 6, f"{b.name}: {ctx.words('sheets.assembly')}", "display", 16, t.ink)
    tf = fit(ctx.words("tiles.map", overlap=f"{overlap:g}") + " " + ctx.words("tiles.help", overlap=f"{overlap:g}"),
             "text", w, 20, 10, 7, icons.names())
    s.fitted(tf, x0, x0 + 10, w, 20, "text", t.ink, "left", "top")
    scale = min(w / b.w, (p.h - x0 - 40 - 30) / b.h)
    top = x0 + 34
    s.push(x0 + (w - b.w * scale) / 2, top)
    s.rect(0, 0, b.w * scale, b.h * scale, stroke=t.ink, width=0.4)
    for tile in ts:
        s.rect(tile.x * scale, tile.y * scale, tile.w * scale, tile.h * scale, fill=None, stroke=t.accent, width=0.5)
        s.text((tile.x + tile.w / 2) * scale, (tile.y + tile.h / 2) * scale + 3, tile.code, "display", 16, t.accent,
               "middle")
    s.pop()
    s.text(x0, top + b.h * scale + 8, f"{b.w:g} x {b.h:g} mm", "text", 8, t.soft)


#: room kept round a board on a large-format page, beyond the printable margin: cut marks
#: (gap + length) and the page label
LARGE_ROOM = 8.0


def large_scale(b: BoardItem, paper: Paper) -> float:
    """The board's scale on `paper`: 1 when it fits, else the largest whole percent that does
    (so the label can say it exactly and a ruler confirms it)."""
    room = 2 * (paper.printable + LARGE_ROOM)
    fit_ = min((paper.w - room) / b.w, (paper.h - room) / b.h)
    return 1.0 if fit_ >= 1 else math.floor(fit_ * 100 + 1e-9) / 100


def large_papers(b: BoardItem) -> list[tuple[Paper, float]]:
    """One large-format page per paper of profiles' `large_format` (A2, A1), each in the
    orientation that shows the board biggest, scaled down only when it does not fit at full size;
    papers bigger than the first that holds it at full size are left out."""
    out = []
    for name in profiles()["large_format"]:
        paper, scale = max(((p, large_scale(b, p)) for p in (Paper.named(name), Paper.named(name, True))),
                           key=lambda ps: ps[1])
        out.append((paper, scale))
        if scale >= 1:
            break
    return out


def large_rect(b: BoardItem, paper: Paper, scale: float) -> tuple[float, float, float, float]:
    """Where the (scaled) board lands on a large-format page, centred."""
    w, h = b.w * scale, b.h * scale
    return ((paper.w - w) / 2, (paper.h - h) / 2, w, h)


def large_side(ctx: Ctx, paper: Paper, scale: float) -> str:
    """The label's side text: the paper, and the scale when it is not full size."""
    name = paper.name.upper()
    return name if scale >= 1 else f"{name}, {ctx.words('board.scaled', percent=f'{round(scale * 100):d}')}"


def large_pages(ctx: Ctx, b: BoardItem, paper: Paper, scale: float = 1.0) -> list[Page]:
    left, top, w, h = large_rect(b, paper, scale)

    def draw(s):
        s.push(left, top, scale=scale)
        draw_board(ctx, s, b)
        s.pop()

    cfg = mark_cfg()
    g, L = cfg["gap"], cfg["length"]
    marks = []
    if ctx.opts.marks:
        for x in (left, left + w):
            marks += [(x, top - g - L, x, top - g), (x, top + h + g, x, top + h + g + L)]
        for y in (top, top + h):
            marks += [(left - g - L, y, left - g, y), (left + w + g, y, left + w + g + L, y)]
    return [Page(paper, draw, b.name, large_side(ctx, paper, scale), marks, label_spot(paper, top + h, left))]
