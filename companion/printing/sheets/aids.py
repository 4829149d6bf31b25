"""Player aids and rules summaries: one page per side, a title band and the sections flowed
into two balanced columns at the largest text size that fits the page: the text grows up to
the profile's max_pt to fill the page, and shrinks down to min_pt (7 pt) when it is long.

An aid is printed once per seat (the game's most players) unless its content gives `copies`;
a two-sided aid puts each copy's second side on the following page, placed for the duplex mode
as card backs are (turned 180 degrees for short-edge duplex; the frame is centred, so it lines
up either way)."""
from __future__ import annotations

from typing import Iterator

from .. import icons
from ..assets import profiles
from ..context import Ctx
from ..fonts import PT
from ..grid import Paper
from ..pdfdoc import Page
from ..source import AidItem
from ..surface import Surface
from ..textfit import Fit, fit

MARGIN = 14.0
GAP = 7.0


def sizes() -> tuple[float, float, float]:
    """(largest, smallest, step) body size of aid text, in pt (print/profiles.yaml)."""
    cfg = profiles()["aid"]
    return float(cfg["max_pt"]), float(cfg["min_pt"]), float(cfg["step_pt"])


Placed = list[tuple[int, float, Fit, Fit]]      # (column, y, heading, body)


def layout_side(sections: list[tuple[str, str]], col_w: float, col_h: float,
                cols: int) -> tuple[float, Placed, bool]:
    """The largest body size (max_pt down to min_pt) at which the sections fit; columns balanced.

    Returns (size, placed, fits) with placed = [(column, y, heading fit, body fit)]."""
    top, low, step = sizes()
    size = top
    while True:
        placed, ok = _place(sections, col_w, col_h, cols, size)
        if ok or size <= low:
            return size, placed, ok
        size = max(low, round(size - step, 2))


def _place(sections: list[tuple[str, str]], col_w: float, col_h: float, cols: int,
           size: float) -> tuple[Placed, bool]:
    """The sections at one size, split into `cols` columns in order, the tallest as short as can be."""
    blocks = []
    space = size * PT * 1.4
    for heading, text in sections:
        hf = fit(heading, "display", col_w, 100, size * 1.2, size * 1.2, icons.names())
        bf = fit(text, "text", col_w, 1000, size, size, icons.names())
        blocks.append((hf, bf, hf.height + 1.5 + bf.height + space))
    # split points that keep section order and minimise the tallest column
    best = None
    for cut in _cuts(len(blocks), cols):
        # the space after a column's last section is not needed
        heights = [sum(b[2] for b in blocks[a:z]) - (space if z > a else 0)
                   for a, z in zip((0,) + cut, cut + (len(blocks),))]
        # the shortest tallest column; on a tie, fill the left columns first
        key = (max(heights), tuple(-h for h in heights))
        if best is None or key < best[0]:
            best = (key, cut)
    assert best is not None
    (tallest, _), cut = best
    placed = []
    for col, (a, z) in enumerate(zip((0,) + cut, cut + (len(blocks),))):
        y = 0.0
        for hf, bf, need in blocks[a:z]:
            placed.append((col, y, hf, bf))
            y += need
    # a word wider than a column (never split) makes the size too big
    whole = all(hf.fits and bf.fits for hf, bf, _ in blocks)
    return placed, tallest <= col_h and whole


def _cuts(n: int, cols: int) -> Iterator[tuple[int, ...]]:
    """Every way to cut n sections into `cols` runs in order: the indices where columns 2.. start."""
    if cols == 1 or n == 0:
        yield ()
        return
    for k in range(0, n + 1):
        for rest in _cuts(n - k, cols - 1):
            yield (k,) + tuple(k + r for r in rest)


def body(p: Paper) -> tuple[float, float, float, float, float]:
    """(x0, y0, top, column width, column height) of an aid page's text area."""
    x0 = y0 = p.printable + MARGIN - 4
    w = p.w - 2 * x0
    top = y0 + 24
    return x0, y0, top, (w - 12 - GAP) / 2, p.h - y0 - top - 10


def pages(ctx: Ctx, aid: AidItem) -> list[Page]:
    p = ctx.paper
    x0, y0, top, col_w, col_h = body(p)
    w = p.w - 2 * x0
    turn = ctx.opts.duplex == "short"
    sides = len(aid.sides)
    faces = []
    for n, side in enumerate(aid.sides):
        _, placed, _ = layout_side(side, col_w, col_h, 2)

        def draw(s: Surface, placed: Placed = placed, turned: bool = turn and n > 0) -> None:
            t = ctx.theme
            # the frame is centred on the page, so a back turned in place covers its front
            if turned:
                s.push(p.w, p.h, 180)
            else:
                s.push(0, 0)
            s.rect(x0, y0, w, p.h - 2 * y0, fill=t.fill("paper"), stroke=t.accent, width=0.6, r=3)
            s.rect(x0, y0, w, 16, fill=t.fill("accent"), r=3)
            s.text(x0 + 6, y0 + 11, aid.name, "display", 18, t.on("accent", "paper") or t.ink)
            s.icon("compass", x0 + w - 14, y0 + 2.5, 11, t.on("accent", "paper") or t.ink)
            for col, y, hf, bf in placed:
                cx = x0 + 6 + col * (col_w + GAP)
                s.fitted(hf, cx, top + y, col_w, hf.height, "display", t.accent if not t.ink_saver else t.ink,
                         "left", "top")
                s.line(cx, top + y + hf.height + 0.6, cx + col_w, top + y + hf.height + 0.6, t.guide, 0.25)
                s.fitted(bf, cx, top + y + hf.height + 1.5, col_w, bf.height, "text", t.ink, "left", "top")
            s.text(x0 + w - 4, p.h - y0 - 4, f"{ctx.game}", "text", 6, t.soft, "end")
            s.pop()

        faces.append(draw)
    out = []
    for copy in range(aid.copies):
        for n, draw in enumerate(faces):
            parts = []
            if sides > 1:
                parts.append(ctx.words("aid.side", n=n + 1, total=sides))
            if aid.copies > 1:
                parts.append(ctx.words("aid.copy", n=copy + 1, total=aid.copies))
            out.append(Page(p, draw, aid.name, ", ".join(parts), back=n % 2 == 1))
    return out
