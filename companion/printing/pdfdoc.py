"""Write a list of pages to one PDF: deterministic bytes, a label on every page, atomic rename.

Pages are planned before drawing so every label can say "page n of N"."""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pypdf import PdfReader, PdfWriter
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from companion.files import atomic_write

from . import fonts
from .grid import LabelSpot, Paper, Segment, label_spot
from .surface import PdfSurface
from .theme import Theme

Draw = Callable[[PdfSurface], None]


@dataclass
class Page:
    paper: Paper
    draw: Draw
    sheet: str                       # what is on it, for the label
    side: str = ""                   # fronts / backs (duplex ...) / tile code
    marks: list[Segment] = field(default_factory=list)
    label: LabelSpot | None = None
    #: the back of the page before (card and token backs, an aid's second side, a booklet sheet's
    #: back): in a file printed double-sided it must fall on that page's other side
    back: bool = False


def write_pdf(path: Path, pages: list[Page], title: str, game: str, theme: Theme, words) -> int:
    """Render `pages` to `path` (temp file + rename); returns the page count."""
    fonts.register()
    buf = io.BytesIO()
    # the canvas's initial font is Vera too: ReportLab's default (Helvetica) would be listed in
    # every PDF unembedded, which a print shop's preflight flags
    c = rl_canvas.Canvas(buf, invariant=1, pageCompression=1, initialFontName=fonts.font_name("text"))
    c.setTitle(title)
    c.setAuthor("the pirate table companion")
    c.setCreator("companion print")
    c.setSubject(game)
    surface = PdfSurface(c)
    total = len(pages)
    for n, page in enumerate(pages, 1):
        p = page.paper
        c.setPageSize((p.w * mm, p.h * mm))
        c.saveState()
        c.translate(0, p.h * mm)
        c.scale(mm, -mm)
        page.draw(surface)
        for x1, y1, x2, y2 in page.marks:
            surface.line(x1, y1, x2, y2, stroke=theme.ink, width=0.2)
        spot = page.label or label_spot(p, p.h - p.printable - 8, p.printable + 8)
        parts = [game, page.sheet] + ([page.side] if page.side else []) + [words("page", n=n, total=total)]
        draw_label(surface, spot, "  ·  ".join(parts), theme)
        c.restoreState()
        c.showPage()
    c.save()
    atomic_write(path, buf.getvalue())
    return total


def duplex_order(backs: list[list[bool]]) -> list[tuple[int, int] | None]:
    """The pages of several files in one file printed double-sided: (file, page) in order, None
    for a blank page. `backs[f][i]` says page i of file f is the back of the page before it. Every
    other page starts a sheet: on an odd page, after a blank where the page before had no back,
    so each back falls behind its front and one file's pages never share a sheet with another's."""
    out: list[tuple[int, int] | None] = []
    for f, pages in enumerate(backs):
        for i, back in enumerate(pages):
            if not (back and i > 0 and len(out) % 2 == 1):
                if len(out) % 2 == 1:
                    out.append(None)
            out.append((f, i))
    if len(out) % 2 == 1:
        out.append(None)
    return out


def merge_pdfs(path: Path, sources: list[Path], title: str, game: str,
               backs: list[list[bool]] | None = None) -> int:
    """One file of the pages of `sources`, in order, copied rather than drawn again (the combined
    set costs a merge, not a second drawing of every page); each page keeps its own label. With
    `backs` (which pages are the back of the page before, per source) the file is laid out for
    double-sided printing (duplex_order): blank pages go in where a sheet has no back. The bytes
    are the same run to run. Returns the page count."""
    writer = PdfWriter()
    if backs is None:
        for src in sources:
            writer.append(str(src))
    else:
        readers = [PdfReader(str(src)) for src in sources]
        for spot in duplex_order(backs):
            if spot is None:
                last = writer.pages[-1]
                writer.add_blank_page(float(last.mediabox.width), float(last.mediabox.height))
            else:
                writer.add_page(readers[spot[0]].pages[spot[1]])
    writer.add_metadata({"/Title": title, "/Author": "the pirate table companion", "/Creator": "companion print",
                         "/Subject": game, "/Producer": "companion print (ReportLab pages, merged by pypdf)"})
    buf = io.BytesIO()
    writer.write(buf)
    atomic_write(path, buf.getvalue())
    return len(writer.pages)


def draw_label(s: PdfSurface, spot: LabelSpot, text: str, theme: Theme, size: float = 6.0) -> None:
    if spot.where == "left":
        s.push(spot.x, spot.y, -90)
        s.text(0, 0, text, "text", size, theme.soft, "middle")
        s.pop()
    else:
        s.text(spot.x, spot.y, text, "text", size, theme.soft, "middle")
