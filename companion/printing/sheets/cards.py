"""Card sheets: fronts in a grid that fills the page, each followed by its backs page laid out
for the chosen duplex mode, cut marks in the margins only."""
from __future__ import annotations

from ..context import Ctx
from ..grid import fit_grid
from ..pdfdoc import Page
from ..source import CardGroup, FaceSpec
from ..surface import Surface


def pages(ctx: Ctx, group: CardGroup, sheet: str) -> list[Page]:
    lay = ctx.layout(group.faces[0])
    bleed = ctx.opts.bleed
    grid = fit_grid(ctx.paper, lay.w, lay.h, bleed)
    spot = grid.label_spot()
    marks = grid.marks(spot) if ctx.opts.marks else []
    out: list[Page] = []
    per = grid.per_page
    duplex = ctx.opts.duplex
    for start in range(0, len(group.faces), per):
        chunk = group.faces[start:start + per]

        def fronts(s: Surface, chunk: list[FaceSpec] = chunk) -> None:
            for i, face in enumerate(chunk):
                x, y = grid.cell(i)
                ctx.face(s, face, x, y, bleed, outline=bleed == 0)

        def backs(s: Surface, n: int = len(chunk), start: int = start) -> None:
            for i in range(n):
                x, y, turned = grid.back_cell(i, duplex)
                ctx.face(s, group.back_of(start + i), x, y, bleed, turned, outline=bleed == 0)

        out.append(Page(ctx.paper, fronts, sheet, ctx.words("fronts"), marks, spot))
        out.append(Page(ctx.paper, backs, sheet, ctx.words("backs", duplex=ctx.words(f"duplex.{duplex}")),
                        marks, spot))
    return out

