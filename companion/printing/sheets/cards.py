"""Card sheets: fronts in a grid that fills the page, each followed by its backs page laid out
for the chosen duplex mode, cut marks in the margins only."""
from __future__ import annotations

from ..assets import profiles
from ..context import Ctx
from ..grid import fit_grid
from ..pdfdoc import Page
from ..source import CardGroup, FaceSpec
from ..surface import Surface
from ..theme import luminance


def back_colours(ctx: Ctx, group: CardGroup) -> set[str]:
    """The ground colour of each distinct back of the deck, as printed."""
    out = set()
    for spec in (group.backs or [group.back]):
        lay = ctx.layout(spec)
        theme = ctx.theme.tinted(spec.fields.get("tint"))
        name = lay.tinted if lay.tinted and spec.fields.get("tint") else lay.background
        out.add((theme.fill(name) or "#ffffff").lower())
    return out


def shared(ctx: Ctx, group: CardGroup) -> bool:
    """Shared-gutter bleed: asked for, or by default for a deck whose backs are dark or differ
    in colour (a white nick there shows at once), unless --bleed MM asks for separate bleed or
    the ink saver leaves the backs white."""
    mode = ctx.opts.bleed_mode
    if mode != "auto":
        return mode == "shared"
    if ctx.opts.ink_saver or ctx.opts.bleed > 0:      # --bleed MM asks for separate bleed
        return False
        return False
    colours = back_colours(ctx, group)
    dark = float(profiles()["shared_bleed"]["dark"])
    return len(colours) > 1 or any(luminance(c) < dark for c in colours)


def bleed_and_gutter(ctx: Ctx, group: CardGroup) -> tuple[float, float]:
    """(bleed round each card, white gutter between the bleeds). Shared: the cards stand a gutter
    apart and each bleeds into it, to its middle when every back has one colour (the bands
    merge), short of it by half the colour gap when they differ (so two colours never touch).
    The gutter is the profile's, or the widest below it that still fits as many cards a page as
    no bleed at all (poker cards on Letter: 0.8 mm), so bleed never costs a card. Separate:
    --bleed MM round each card, the cards spaced apart by it."""
    if not shared(ctx, group):
        return ctx.opts.bleed, 0.0
    cfg = profiles()["shared_bleed"]
    white = float(cfg["colour_gap"]) if len(back_colours(ctx, group)) > 1 else 0.0
    lay = ctx.layout(group.faces[0])
    want = fit_grid(ctx.paper, lay.w, lay.h).per_page
    gutter = float(cfg["gutter"])
    while gutter > white + 0.2 and fit_grid(ctx.paper, lay.w, lay.h, (gutter - white) / 2, white).per_page < want:
        gutter = round(gutter - 0.1, 2)
    return (gutter - white) / 2, white


def pages(ctx: Ctx, group: CardGroup, sheet: str) -> list[Page]:
    lay = ctx.layout(group.faces[0])
    bleed, gutter = bleed_and_gutter(ctx, group)
    grid = fit_grid(ctx.paper, lay.w, lay.h, bleed, gutter)
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
                        marks, spot, back=True))
    return out

