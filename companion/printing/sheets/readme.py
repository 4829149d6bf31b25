"""The read-me page, first in every set: what each file is and how to print it (single- or
double-sided, which edge), the 100 % check (a 50 mm test square), paper and cardstock, what
else the table needs, the component checklist with counts, and how to put each board together
with a small picture of the assembled board."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.content.models import say

from .. import flow
from ..assets import profiles
from ..context import Ctx
from ..flow import Block, heading, item, p, picture, step, table, title
from ..pdfdoc import Page
from ..source import BoardItem, PrintSet
from ..surface import Surface
from . import boards
from .booklet import checklist

SQUARE = 50.0        # mm: the test square


@dataclass(frozen=True)
class FileNote:
    """One file of the set as the read-me lists it."""

    name: str
    what: str
    pages: int
    how: str


def blocks(ctx: Ctx, ps: PrintSet, content: Any, files: list[FileNote],
           shop: list[tuple[str, str, str]] = ()) -> list[Block]:
    w = ctx.words
    out: list[Block] = [title(w("readme.title", game=ps.game)), p(w("readme.intro"))]
    out.append(heading(w("readme.files")))
    rows = [(w("readme.file"), w("readme.pages"), w("readme.how"))]
    rows += [(f.name, str(f.pages), f.how) for f in files]
    out.append(table(rows, (0.47, 0.11, 0.42)))
    if shop:
        # which file to send where: one file per paper and orientation, each back behind its front
        out.append(heading(w("readme.shop_title")))
        out.append(p(w("readme.shop")))
        out.append(table([(w("readme.file"), w("readme.paper"), w("readme.how"))] + list(shop), (0.42, 0.2, 0.38)))
    out.append(heading(w("readme.scale_title")))
    out.append(picture(SQUARE + 4, _square(ctx)))
    out.append(heading(w("readme.paper_title")))
    out += [item(w("readme.paper_cards")), item(w("readme.paper_plain"))]
    if ps.boards:
        out.append(item(w("readme.paper_board")))
    out.append(heading(w("readme.needs_title")))
    out.append(item(w("readme.tools")))
    if ps.dice:
        n = sum(d.copies for d in ps.dice)
        out.append(item(w("readme.dice", n=n, size=f"{ps.dice[0].size:g}")))
    out += [item(say(need, ctx.opts.lang)) for need in content.info.needs]
    out.append(heading(w("readme.checklist")))
    items = checklist(ps, w)
    half = -(-len(items) // 2)
    pairs = [left + right for left, right in zip(items[:half], items[half:] + [("", "")])]
    head = (w("booklet.count"), w("booklet.component"))
    out.append(table([head + head] + pairs, (0.07, 0.43, 0.07, 0.43)))
    for b in ps.boards:
        out += _board(ctx, b)
    return out


def _square(ctx: Ctx):
    def draw(s: Surface, x: float, y: float, w: float) -> None:
        t = ctx.theme
        s.rect(x, y + 2, SQUARE, SQUARE, stroke=t.ink, width=0.3)
        s.line(x, y + 2 + SQUARE / 2, x + 4, y + 2 + SQUARE / 2, t.ink, 0.3)
        s.text(x + SQUARE / 2, y + 2 + SQUARE / 2 + 1.5, "50 mm", "display", 10, t.ink, "middle")
        f = flow._text(ctx.words("readme.scale", size=f"{SQUARE:g}"), "text", w - SQUARE - 8, flow.STYLE["body"])
        s.fitted(f, x + SQUARE + 6, y + 2, w - SQUARE - 8, SQUARE, "text", t.ink, "left", "top")
    return draw


def _board(ctx: Ctx, b: BoardItem) -> list[Block]:
    """A thumbnail of the assembled board with its tiles, and the assembly steps."""
    w = ctx.words
    overlap = float(profiles()["tiling"]["overlap"])
    _, ts = boards.orient(ctx, b, overlap)
    cols = max(t.col for t in ts) + 1
    rows = max(t.row for t in ts) + 1
    steps = [w("readme.board_1", cols=cols, rows=rows), w("readme.board_2", overlap=f"{overlap:g}"),
             w("readme.board_3", overlap=f"{overlap:g}"), w("readme.board_4")]

    def draw(s: Surface, x: float, y: float, width: float) -> None:
        scale = min(width * 0.7 / b.w, 60 / b.h)
        left = x + (width - b.w * scale) / 2
        s.push(left, y, scale=scale)
        boards.draw_board(ctx, boards.Shapes(s), b)
        s.pop()
        for tile in ts:
            s.rect(left + tile.x * scale, y + tile.y * scale, tile.w * scale, tile.h * scale,
                   stroke=ctx.theme.accent, width=0.4, dash=(1.5, 1))
            s.text(left + (tile.x + 4) * scale + 1, y + (tile.y + 4) * scale + 3, tile.code, "display", 8,
                   ctx.theme.accent)

    # the picture first, under the heading: step 1 says "as the picture shows"; the heading keeps the
    # picture and every step on one page (steps split over two pages were read as two sets of steps)
    out: list[Block] = [heading(w("readme.board_title", board=b.name, n=len(ts)), keep=1 + len(steps))]
    out.append(picture(min(60, b.h * min(180 * 0.7 / b.w, 60 / b.h)) + 2, draw))
    out += [step(i, s) for i, s in enumerate(steps, 1)]
    return out


def pages(ctx: Ctx, ps: PrintSet, content: Any, files: list[FileNote],
          combined: Callable[[int], list[FileNote]] | None = None,
          shop: list[tuple[str, str, str]] | None = None) -> list[Page]:
    """The read-me's pages; `combined(n)` gives the combined files (one per paper and
    orientation), listed last with their page counts when the read-me has n pages; `shop` says
    which file goes where: (file, paper, how)."""
    paper = ctx.paper
    x0 = paper.printable + 8
    top = paper.printable + 8
    fw, fh = paper.w - 2 * x0, paper.h - top - paper.printable - 12
    laid: list = []
    n = 1
    for _ in range(4):   # the counts are part of the page: lay out again until they hold (a digit more may move a row)
        rows = [FileNote(ctx.words("readme.this"), "", n, ctx.words("how.readme"))] + files if files else []
        if rows and combined:
            rows += combined(n)
        laid = flow.layout(blocks(ctx, ps, content, rows, shop or []), fw, fh)
        if len(laid) == n:
            break
        n = len(laid)
    out = []
    for i, page in enumerate(laid):
        def draw(s: Surface, page=page) -> None:
            flow.draw_page(s, page, x0, top, fw, ctx.theme)

        out.append(Page(paper, draw, ctx.words("readme.sheet"), back=i % 2 == 1))   # a plain document
    return out
