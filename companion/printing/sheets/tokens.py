"""Token sheets: round and square tokens in a spaced grid with a cut guide around each, and a
backs page (laid out for duplex like cards) when any token has a back."""
from __future__ import annotations

from itertools import groupby

from ..assets import profiles
from ..context import Ctx
from ..grid import fit_grid
from ..pdfdoc import Page
from ..source import FaceSpec, TokenItem


def pages(ctx: Ctx, items: list[TokenItem], sheet: str) -> list[Page]:
    gutter = float(profiles()["gutter"]["tokens"])
    bleed = min(ctx.opts.bleed, gutter / 2)
    out: list[Page] = []
    key = lambda t: (t.shape, t.size)  # noqa: E731
    for (shape, size), group in groupby(sorted(items, key=key), key=key):
        flat: list[tuple[FaceSpec, FaceSpec | None]] = []
        for tok in group:
            flat += [(tok.front, tok.back)] * tok.copies
        grid = fit_grid(ctx.paper, size, size, bleed, gutter)
        spot = grid.label_spot()
        marks = grid.marks(spot) if ctx.opts.marks and shape != "round" else []
        has_back = any(b is not None for _, b in flat)
        for start in range(0, len(flat), grid.per_page):
            chunk = flat[start:start + grid.per_page]

            def fronts(s, chunk=chunk, grid=grid, bleed=bleed):
                for i, (front, _) in enumerate(chunk):
                    x, y = grid.cell(i)
                    ctx.face(s, front, x, y, bleed)

            out.append(Page(ctx.paper, fronts, sheet, ctx.words("fronts"), marks, spot))
            if has_back:
                def backs(s, chunk=chunk, grid=grid, bleed=bleed):
                    for i, (front, back) in enumerate(chunk):
                        x, y, turned = grid.back_cell(i, ctx.opts.duplex)
                        ctx.face(s, back or _blank(front), x, y, bleed, turned)

                duplex = ctx.words(f"duplex.{ctx.opts.duplex}")
                out.append(Page(ctx.paper, backs, sheet, ctx.words("backs", duplex=duplex), marks, spot))
    return out


def _blank(front: FaceSpec) -> FaceSpec:
    """A token without a back gets its front's shape in plain paper behind it."""
    return FaceSpec(front.layout, {}, front.size)
