"""The PNG export, the form online card printers and Tabletop Simulator take: one PNG per card
face and back, token side and board tile, at 300 dpi with the bleed round it (3 mm unless
--bleed says otherwise), and `counts.csv` saying how many of each to make and their size.

Each picture is drawn once as a page of a PDF of its own size (the same drawing as the sheets),
and poppler's `pdftoppm` turns the pages into PNGs (it writes the resolution into each file)."""
from __future__ import annotations

import csv
import io
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from companion.files import atomic_write

from . import fonts
from .assets import profiles
from .context import Ctx
from .errors import PrintError
from .sheets.boards import draw_board, orient
from .source import FaceSpec, PrintSet
from .surface import PdfSurface, Surface

DPI = 300


@dataclass(frozen=True)
class Picture:
    """One PNG to make: its file (relative to the folder), trim size in mm, how many of it the
    set needs, and how to draw it with its trim corner at (bleed, bleed)."""

    name: str
    w: float
    h: float
    count: int
    draw: Callable[[Surface, float], None]


def _same(a: FaceSpec, b: FaceSpec) -> bool:
    """Two faces that print the same (a card's copies differ only in their count mark)."""
    strip = lambda f: {k: v for k, v in f.fields.items() if k != "count"}  # noqa: E731
    return a.layout == b.layout and a.size == b.size and strip(a) == strip(b)


def pictures(ctx: Ctx, ps: PrintSet) -> list[Picture]:
    """Every picture of the set that --only asks for, in print order."""
    opts = ctx.opts
    out: list[Picture] = []

    def face(name: str, spec: FaceSpec, count: int) -> None:
        lay = ctx.layout(spec)
        out.append(Picture(name, lay.w, lay.h, count,
                           lambda s, b, spec=spec: ctx.face(s, spec, b, b, b, outline=b == 0)))

    if opts.wants("cards"):
        for g in ps.cards:
            if g.optional and not opts.optional:
                continue
            for cid, spec in g.unique:
                face(f"cards/{g.id}/{cid}.png", spec, sum(1 for f in g.faces if _same(f, spec)) or 1)
            if not g.backs:
                face(f"cards/{g.id}/back.png", g.back, len(g.faces))
            else:
                for bid, spec in g.unique_backs:
                    face(f"cards/{g.id}/{bid}.png", spec, sum(1 for b in g.backs if _same(b, spec)))
    if opts.wants("tokens"):
        for tok in ps.tokens:
            face(f"tokens/{tok.id}.png", tok.front, tok.copies)
            if tok.back is not None:
                face(f"tokens/{tok.id}-back.png", tok.back, tok.copies)
    if opts.wants("boards"):
        overlap = float(profiles()["tiling"]["overlap"])
        for b in ps.boards:
            _, ts = orient(ctx, b, overlap)
            for tile in ts:
                def draw(s: Surface, bleed: float, b=b, tile=tile) -> None:
                    s.push(0, 0)
                    s.clip(0, 0, tile.w + 2 * bleed, tile.h + 2 * bleed)
                    s.push(bleed - tile.x, bleed - tile.y)
                    draw_board(ctx, s, b)
                    s.pop()
                    s.pop()

                out.append(Picture(f"boards/{b.id}-{tile.code}.png", tile.w, tile.h, 1, draw))
    return out


def write_all(ctx: Ctx, ps: PrintSet, folder: Path) -> int:
    """Write the PNGs and counts.csv into `folder`; returns the number of PNGs."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        raise PrintError("the PNG export needs pdftoppm (poppler-utils): install it, or use --format pdf,svg")
    bleed = ctx.opts.export_bleed
    pics = pictures(ctx, ps)
    if not pics:
        return 0
    fonts.register()
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, invariant=1, pageCompression=1, initialFontName=fonts.font_name("text"))
    surface = PdfSurface(c)
    for pic in pics:
        w, h = pic.w + 2 * bleed, pic.h + 2 * bleed
        c.setPageSize((w * mm, h * mm))
        c.saveState()
        c.translate(0, h * mm)
        c.scale(mm, -mm)
        surface.rect(0, 0, w, h, fill="#ffffff")
        pic.draw(surface, bleed)
        c.restoreState()
        c.showPage()
    c.save()
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "pictures.pdf"
        pdf.write_bytes(buf.getvalue())
        done = subprocess.run([tool, "-r", str(DPI), "-png", str(pdf), str(Path(tmp) / "p")],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise PrintError(f"pdftoppm could not draw the PNGs: {done.stderr.strip() or done.returncode}")
        made = sorted(Path(tmp).glob("p-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        if len(made) != len(pics):
            raise PrintError(f"pdftoppm made {len(made)} PNGs for {len(pics)} pictures")
        for pic, png in zip(pics, made):
            atomic_write(folder / pic.name, png.read_bytes())
    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\n")
    writer.writerow(["file", "count", "width_mm", "height_mm", "bleed_mm"])
    for pic in pics:
        writer.writerow([pic.name, pic.count, f"{pic.w:g}", f"{pic.h:g}", f"{bleed:g}"])
    atomic_write(folder / "counts.csv", rows.getvalue().encode("utf-8"))
    return len(pics)
