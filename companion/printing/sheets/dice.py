"""Dice: a foldable cube net with glue tabs for each custom die, and a sticker sheet with the
faces at sticker size for putting on plain d6s."""
from __future__ import annotations

from .. import icons
from ..assets import profiles
from ..context import Ctx
from ..grid import fit_grid
from ..pdfdoc import Page
from ..source import DieItem, FaceSpec
from ..surface import Surface
from ..textfit import fit
from ..theme import Theme

NET_FACE = 22.0   # mm: an easy cube to fold
TAB = 6.0
#: cells of the cross-shaped net (column, row); faces go in this order
CELLS = [(1, 1), (1, 0), (0, 1), (2, 1), (1, 2), (1, 3)]
#: glue tabs: (cell index, edge) on one side of each of the seven seams
TABS = [(1, "top"), (2, "top"), (2, "bottom"), (3, "top"), (3, "bottom"), (5, "left"), (5, "right")]


def net_size() -> tuple[float, float]:
    return (3 * NET_FACE + 2 * TAB, 4 * NET_FACE + 2 * TAB)


def net_pages(ctx: Ctx, items: list[DieItem], sheet: str) -> list[Page]:
    w, h = net_size()
    gutter = float(profiles()["gutter"]["nets"])
    grid = fit_grid(ctx.paper, w, h, 0, gutter)
    spot = grid.label_spot()
    flat = [die for die in items for _ in range(die.copies)]
    out = []
    for start in range(0, len(flat), grid.per_page):
        chunk = flat[start:start + grid.per_page]

        def draw(s: Surface, chunk: list[DieItem] = chunk) -> None:
            for i, die in enumerate(chunk):
                x, y = grid.cell(i)
                draw_net(ctx, s, die, x, y)

        out.append(Page(ctx.paper, draw, sheet, "", [], spot))
    return out


def draw_net(ctx: Ctx, s: Surface, die: DieItem, x: float, y: float) -> None:
    t = ctx.theme
    f = NET_FACE
    ox, oy = x + TAB, y + TAB
    faces = (die.faces * 6)[:6]
    for (c, r), face in zip(CELLS, faces):
        spec = FaceSpec(face.layout, face.fields, (f, f))
        ctx.face(s, spec, ox + c * f, oy + r * f, outline=False)
    for i, edge in TABS:
        c, r = CELLS[i]
        _tab(s, ox + c * f, oy + r * f, f, edge, t, ctx.words("nets.glue"))
    # fold lines between joined faces
    for (c, r) in CELLS:
        for dc, dr in ((1, 0), (0, 1)):
            if (c + dc, r + dr) in CELLS:
                if dc:
                    s.line(ox + (c + 1) * f, oy + r * f, ox + (c + 1) * f, oy + (r + 1) * f, t.soft, 0.25, (1.2, 1.2))
                else:
                    s.line(ox + c * f, oy + (r + 1) * f, ox + (c + 1) * f, oy + (r + 1) * f, t.soft, 0.25, (1.2, 1.2))
    # cut outline: every face edge not shared with another face and not carrying a tab
    tabbed = {(CELLS[i], e) for i, e in TABS}
    for (c, r) in CELLS:
        x0, y0 = ox + c * f, oy + r * f
        edges = {"top": ((x0, y0, x0 + f, y0), (c, r - 1)), "bottom": ((x0, y0 + f, x0 + f, y0 + f), (c, r + 1)),
                 "left": ((x0, y0, x0, y0 + f), (c - 1, r)), "right": ((x0 + f, y0, x0 + f, y0 + f), (c + 1, r))}
        for edge, (seg, nb) in edges.items():
            if nb not in CELLS and ((c, r), edge) not in tabbed:
                s.line(*seg, stroke=t.ink, width=0.3)
    nf = fit(die.name, "display", f * 0.95, 6, 7, 5, icons.names())
    s.fitted(nf, ox + 2 * f + 0.8, oy + 2 * f + TAB + 1, f * 0.95, 6, "display", t.ink, "left", "top")
    hf = fit(ctx.words("nets.fold"), "text", f * 0.95, f * 1.3, 5.5, 4.5, icons.names())
    s.fitted(hf, ox + 2 * f + 0.8, oy + 2 * f + TAB + 8, f * 0.95, f * 1.3, "text", t.soft, "left", "top")


def _tab(s: Surface, x0: float, y0: float, f: float, edge: str, t: Theme, word: str) -> None:
    """A glue tab on one edge of a net face: a trapezoid, dashed where it folds, with its word."""
    d, k = TAB, TAB * 0.8
    if edge == "top":
        pts = [(x0, y0), (x0 + k, y0 - d), (x0 + f - k, y0 - d), (x0 + f, y0)]
        cx, cy, rot = x0 + f / 2, y0 - d / 2, 0
    elif edge == "bottom":
        pts = [(x0, y0 + f), (x0 + k, y0 + f + d), (x0 + f - k, y0 + f + d), (x0 + f, y0 + f)]
        cx, cy, rot = x0 + f / 2, y0 + f + d / 2, 0
    elif edge == "left":
        pts = [(x0, y0), (x0 - d, y0 + k), (x0 - d, y0 + f - k), (x0, y0 + f)]
        cx, cy, rot = x0 - d / 2, y0 + f / 2, -90
    else:
        pts = [(x0 + f, y0), (x0 + f + d, y0 + k), (x0 + f + d, y0 + f - k), (x0 + f, y0 + f)]
        cx, cy, rot = x0 + f + d / 2, y0 + f / 2, 90
    s.poly(pts, fill=t.glue, stroke=t.ink, width=0.3, closed=False)
    s.line(*pts[0], *pts[-1], stroke=t.soft, width=0.25, dash=(1.2, 1.2))
    s.push(cx, cy, rot)
    s.text(0, 0.8, word, "text", 5, t.soft, "middle")
    s.pop()


def sticker_size(die_size: float) -> float:
    """A sticker's side in mm for a plain die of `die_size` mm: the flat part of its face, inside
    the rounded edges (16 mm dice: 13 mm stickers)."""
    return round(die_size - float(profiles()["sticker_inset"]), 2)


def sticker_pages(ctx: Ctx, items: list[DieItem], sheet: str) -> list[Page]:
    """One row per physical die, six stickers each, with rounded cut guides, each the size of the
    flat part of the die's face."""
    die_size = items[0].size if items else ctx.opts.sticker_mm
    size = sticker_size(die_size)
    gutter = float(profiles()["gutter"]["stickers"])
    grid = fit_grid(ctx.paper, size, size, 0, gutter)
    label_w = 24.0
    rows = [die for die in items for _ in range(die.copies)]
    per_row = 6
    pitch = size + gutter
    rows_per_page = max(1, int((ctx.paper.h - 2 * (ctx.paper.printable + 12)) // pitch))
    spot = grid.label_spot()
    out = []
    width = label_w + per_row * pitch - gutter
    left = (ctx.paper.w - width) / 2
    for start in range(0, len(rows), rows_per_page):
        chunk = rows[start:start + rows_per_page]
        top = (ctx.paper.h - (len(chunk) * pitch - gutter)) / 2

        def draw(s: Surface, chunk: list[DieItem] = chunk, top: float = top) -> None:
            t = ctx.theme
            s.text(left, top - 4, ctx.words("stickers.help", die=f"{die_size:g}", size=f"{size:g}"), "text", 7, t.ink)
            for r, die in enumerate(chunk):
                y = top + r * pitch
                nf = fit(die.name, "display", label_w - 2, size, 7, 4.5, icons.names())
                s.fitted(nf, left, y, label_w - 2, size, "display", t.ink, "left", "middle")
                faces = (die.faces * 6)[:6]
                for c, face in enumerate(faces):
                    x = left + label_w + c * pitch
                    spec = FaceSpec("sticker", face.fields, (size, size))
                    ctx.face(s, spec, x, y, 0)

        out.append(Page(ctx.paper, draw, sheet, "", [], spot))
    return out
