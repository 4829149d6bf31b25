"""Token sheets: tokens of every size and shape, and folding standees, packed together onto as
few pages as possible (deterministic skyline packing, largest first). Each token carries its own
cut guide (its outline); straight cuts a guillotine can make get cut marks in the margins. A page
with any two-sided token is followed by its backs page, mirrored for the duplex mode as card
backs are."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..assets import profiles
from ..context import Ctx
from ..grid import Spot, back_rect, guide_marks, label_spot, pack
from ..pdfdoc import Page
from ..source import StandeeItem, TokenItem, with_count
from ..surface import Surface
from . import standees as standee_sheet


@dataclass(frozen=True)
class Entry:
    """One physical piece to cut out."""

    id: str
    w: float
    h: float
    straight: bool                                       # straight edges: cut marks apply
    front: Callable[..., None]                           # (surface, x, y)
    back: Callable[..., None] | None = None              # (surface, x, y, turned)


@dataclass(frozen=True)
class SheetPage:
    entries: list[Entry]
    spots: list[Spot]

    @property
    def has_backs(self) -> bool:
        return any(e.back is not None for e in self.entries)


def entries(ctx: Ctx, items: list[TokenItem], figures: list[StandeeItem] = ()) -> list[Entry]:
    """Every piece in packing order: two-sided ones first (so fewer pages need a backs page),
    then the tallest, widest first; ties keep content order."""
    out: list[tuple[tuple[float, float, bool, int], Entry]] = []
    pieces = [_token_entry(ctx, tok, n, tok.copies) for tok in items for n in range(1, tok.copies + 1)]
    pieces += [_standee_entry(ctx, fig, n) for fig in figures for n in range(1, fig.copies + 1)]
    for e in pieces:
        out.append(((-e.h, -e.w, e.back is None, len(out)), e))
    return [e for _, e in sorted(out, key=lambda p: p[0])]


def _token_entry(ctx: Ctx, tok: TokenItem, n: int, total: int) -> Entry:
    """The n-th copy of a token: its front carries its count mark ("3/5"), unless it must not
    tell it apart from its look-alikes (a secret token)."""
    bleed = _bleed(ctx)
    face = tok.front if tok.secret else with_count(tok.front, n, total)

    def front(s: Surface, x: float, y: float) -> None:
        ctx.face(s, face, x, y, bleed)

    def back(s: Surface, x: float, y: float, turned: bool) -> None:
        assert tok.back is not None
        ctx.face(s, tok.back, x, y, bleed, turned)

    return Entry(tok.id, tok.size, tok.size, tok.shape != "round", front, back if tok.back is not None else None)


def _standee_entry(ctx: Ctx, fig: StandeeItem, n: int) -> Entry:
    """A standee strip is one-sided: its back panel is on the front, above the fold."""
    g = standee_sheet.shape(fig)
    copy = replace(fig, front=with_count(fig.front, n, fig.copies))

    def draw(s: Surface, x: float, y: float) -> None:
        standee_sheet.draw(ctx, s, copy, x, y)

    return Entry(fig.id, g.w, g.h, True, draw)


def _bleed(ctx: Ctx) -> float:
    return min(ctx.opts.bleed, float(profiles()["gutter"]["tokens"]) / 2)


def plan(ctx: Ctx, items: list[TokenItem], figures: list[StandeeItem] = ()) -> list[SheetPage]:
    es = entries(ctx, items, figures)
    gutter = float(profiles()["gutter"]["tokens"])
    packed = pack(ctx.paper, [(e.w, e.h) for e in es], _bleed(ctx), gutter)
    return [SheetPage([es[s.item] for s in spots], spots) for spots in packed]


def back_spots(ctx: Ctx, page: SheetPage) -> list[tuple[float, float, bool]]:
    """Where each piece's back goes on the backs page (the same order as page.spots)."""
    return [back_rect(ctx.paper, s.x, s.y, s.w, s.h, ctx.opts.duplex) for s in page.spots]


def pages(ctx: Ctx, items: list[TokenItem], sheet: str, figures: list[StandeeItem] = ()) -> list[Page]:
    bleed = _bleed(ctx)
    paper = ctx.paper
    out: list[Page] = []
    for page in plan(ctx, items, figures):
        rects = [(s.x, s.y, s.w, s.h) for s in page.spots]
        straight = [e.straight for e in page.entries]
        spot = label_spot(paper, max(y + h for _, y, _, h in rects) + bleed, min(x for x, _, _, _ in rects) - bleed)
        marks = guide_marks(paper, rects, straight, bleed, spot) if ctx.opts.marks else []

        def fronts(s: Surface, page: SheetPage = page) -> None:
            for e, sp in zip(page.entries, page.spots):
                e.front(s, sp.x, sp.y)

        out.append(Page(paper, fronts, sheet, ctx.words("fronts"), marks, spot))
        if not page.has_backs:
            continue
        backs_at = back_spots(ctx, page)
        brects = [(x, y, sp.w, sp.h) for (x, y, _), sp in zip(backs_at, page.spots)]
        bspot = label_spot(paper, max(y + h for _, y, _, h in brects) + bleed, min(x for x, _, _, _ in brects) - bleed)
        bmarks = guide_marks(paper, brects, straight, bleed, bspot) if ctx.opts.marks else []

        def backs(s: Surface, page: SheetPage = page, backs_at: list[tuple[float, float, bool]] = backs_at) -> None:
            # a one-sided piece leaves bare paper behind it
            for e, (x, y, turned) in zip(page.entries, backs_at):
                if e.back is not None:
                    e.back(s, x, y, turned)

        duplex = ctx.words(f"duplex.{ctx.opts.duplex}")
        out.append(Page(paper, backs, sheet, ctx.words("backs", duplex=duplex), bmarks, bspot, back=True))
    return out

