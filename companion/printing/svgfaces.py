"""Each unique component face as its own SVG (for laser cutters and editing): card fronts per
design, deck backs, token sides, folding standees (whole strips), die faces and whole boards."""
from __future__ import annotations

from pathlib import Path

from companion.files import atomic_write

from .context import Ctx
from .face import draw_face
from .names import slug
from .source import FaceSpec, PrintSet, StandeeItem
from .surface import SvgSurface


def face_svg(ctx: Ctx, spec: FaceSpec) -> str:
    """A face with the export's bleed round it (its background runs on past the trim line, as a
    print shop wants); the trim corner is at (bleed, bleed)."""
    lay = ctx.layout(spec)
    bleed = ctx.opts.export_bleed
    s = SvgSurface(lay.w + 2 * bleed, lay.h + 2 * bleed)
    s.push(bleed, bleed)
    draw_face(s, lay, spec.fields, ctx.theme, bleed, bleed == 0)
    s.pop()
    return s.tostring()


def standee_svg(ctx: Ctx, fig: StandeeItem) -> str:
    """The whole folding strip: cut outline solid, folds dashed (for cutting machines too)."""
    from .sheets import standees

    g = standees.shape(fig)
    s = SvgSurface(g.w, g.h)
    standees.draw(ctx, s, fig, 0, 0)
    return s.tostring()


def write_all(ctx: Ctx, ps: PrintSet, folder: Path) -> int:
    from .sheets.boards import draw_board

    files: dict[Path, str] = {}
    opts = ctx.opts
    for g in ps.cards:
        if g.optional and not opts.optional:
            continue
        for cid, spec in g.unique:
            files[folder / "cards" / g.id / f"{cid}.svg"] = face_svg(ctx, spec)
        if not g.backs or not g.unique_backs:
            files[folder / "cards" / g.id / "back.svg"] = face_svg(ctx, g.back)
        for bid, spec in g.unique_backs:
            files[folder / "cards" / g.id / f"{bid}.svg"] = face_svg(ctx, spec)
    for tok in ps.tokens:
        files[folder / "tokens" / f"{tok.id}.svg"] = face_svg(ctx, tok.front)
        if tok.back:
            files[folder / "tokens" / f"{tok.id}-back.svg"] = face_svg(ctx, tok.back)
    for fig in ps.standees:
        files[folder / "standees" / f"{fig.id}.svg"] = standee_svg(ctx, fig)
    for die in ps.dice:
        for i, face in enumerate(die.faces):
            spec = FaceSpec(face.layout, face.fields, (die.size, die.size))
            files[folder / "dice" / f"{die.id}-{i + 1}-{slug(str(face.fields.get('name') or i))}.svg"] = face_svg(ctx, spec)
    for b in ps.boards:
        s = SvgSurface(b.w, b.h)
        draw_board(ctx, s, b)
        files[folder / "boards" / f"{b.id}.svg"] = s.tostring()
    for path, text in files.items():
        atomic_write(path, text)
    return len(files)
