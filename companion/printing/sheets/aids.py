"""Player aids and rules summaries: one page per side, a title band and the sections flowed
into two columns at the largest text size (down to 7 pt) that fits the page."""
from __future__ import annotations

from .. import icons
from ..context import Ctx
from ..fonts import PT
from ..pdfdoc import Page
from ..source import AidItem
from ..textfit import fit

MARGIN = 14.0
GAP = 7.0


def layout_side(sections: list[tuple[str, str]], col_w: float, col_h: float, cols: int):
    """The largest body size (12 pt down to 7 pt) at which the sections fit; columns balanced.

    Returns (size, placed, fits) with placed = [(column, y, heading fit, body fit)]."""
    size = 12.0
    while True:
        placed, ok = _place(sections, col_w, col_h, cols, size)
        if ok or size <= 7:
            return size, placed, ok
        size -= 0.5


def _place(sections, col_w, col_h, cols, size):
    blocks = []
    for heading, text in sections:
        hf = fit(heading, "display", col_w, 100, size * 1.2, size * 1.2, icons.names())
        bf = fit(text, "text", col_w, 1000, size, size, icons.names())
        blocks.append((hf, bf, hf.height + 1.5 + bf.height + size * PT * 1.4))
    # split points that keep section order and minimise the tallest column
    best = None
    for cut in _cuts(len(blocks), cols):
        heights = [sum(b[2] for b in blocks[a:z]) for a, z in zip((0,) + cut, cut + (len(blocks),))]
        tallest = max(heights)
        if best is None or tallest < best[0]:
            best = (tallest, cut)
    assert best is not None
    tallest, cut = best
    placed = []
    for col, (a, z) in enumerate(zip((0,) + cut, cut + (len(blocks),))):
        y = 0.0
        for hf, bf, need in blocks[a:z]:
            placed.append((col, y, hf, bf))
            y += need
    return placed, tallest <= col_h


def _cuts(n: int, cols: int):
    if cols == 1 or n == 0:
        yield ()
        return
    for k in range(0, n + 1):
        for rest in _cuts(n - k, cols - 1):
            yield (k,) + tuple(k + r for r in rest)


def body(p) -> tuple[float, float, float, float, float]:
    """(x0, y0, top, column width, column height) of an aid page's text area."""
    x0 = y0 = p.printable + MARGIN - 4
    w = p.w - 2 * x0
    top = y0 + 24
    return x0, y0, top, (w - 12 - GAP) / 2, p.h - y0 - top - 10


def pages(ctx: Ctx, aid: AidItem) -> list[Page]:
    p = ctx.paper
    out = []
    for n, side in enumerate(aid.sides):
        def draw(s, side=side):
            t = ctx.theme
            x0, y0 = p.printable + MARGIN - 4, p.printable + MARGIN - 4
            w = p.w - 2 * x0
            s.rect(x0, y0, w, p.h - 2 * y0, fill=t.fill("paper"), stroke=t.accent, width=0.6, r=3)
            s.rect(x0, y0, w, 16, fill=t.fill("accent"), r=3)
            s.text(x0 + 6, y0 + 11, aid.name, "display", 18, t.on("accent", "paper") or t.ink)
            s.icon("compass", x0 + w - 14, y0 + 2.5, 11, t.on("accent", "paper") or t.ink)
            _, _, top, col_w, col_h = body(p)
            size, placed, _ = layout_side(side, col_w, col_h, 2)
            for col, y, hf, bf in placed:
                cx = x0 + 6 + col * (col_w + GAP)
                s.fitted(hf, cx, top + y, col_w, hf.height, "display", t.accent if not t.ink_saver else t.ink,
                         "left", "top")
                s.line(cx, top + y + hf.height + 0.6, cx + col_w, top + y + hf.height + 0.6, t.guide, 0.25)
                s.fitted(bf, cx, top + y + hf.height + 1.5, col_w, bf.height, "text", t.ink, "left", "top")
            s.text(x0 + w - 4, p.h - y0 - 4, f"{ctx.game}", "text", 6, t.soft, "end")

        side_no = f"{n + 1}/{len(aid.sides)}" if len(aid.sides) > 1 else ""
        out.append(Page(p, draw, aid.name, side_no))
    return out
