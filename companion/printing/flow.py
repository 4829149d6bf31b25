"""Documents that flow: headings, paragraphs, lists, tables and pictures laid into pages of a
frame, top to bottom, for the read-me page and the rules booklet. Pure layout: each page is a
list of placed pieces that `draw_page` puts on any surface; a paragraph may break between its
lines, a heading stays with what follows it, a table row and a picture are never split."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from . import icons
from .surface import Surface
from .textfit import Fit, fit
from .theme import Theme

#: sizes in pt of one document style: body, and headings of level 1 and 2
STYLE = {"body": 8.5, "head1": 15.0, "head2": 11.0, "small": 7.0}


@dataclass(frozen=True)
class Block:
    """One piece of a document: kind title | heading | p | item | table | picture | gap."""

    kind: str
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    widths: tuple[float, ...] = ()           # table columns, fractions of the frame width
    draw: Callable[[Surface, float, float, float], None] | None = None   # picture: (s, x, y, w)
    h: float = 0.0                           # picture or gap height, mm
    header: bool = False                     # table: the first row is a header
    number: str = ""                         # item: a step's number ("2.") drawn instead of the bullet
    keep: int = 0                            # heading: how many blocks after it start on its page with it


def title(text: str) -> Block:
    return Block("head1", text)


def heading(text: str, keep: int = 0) -> Block:
    """A heading; with `keep`, it and the `keep` blocks after it start a new page unless they all
    fit on what is left of this one (a picture and the steps that refer to it stay together)."""
    return Block("head2", text, keep=keep)


def p(text: str) -> Block:
    return Block("p", text)


def item(text: str) -> Block:
    return Block("item", text)


def step(n: int, text: str) -> Block:
    """A numbered list item: the number stands where an item's bullet would."""
    return Block("item", text, number=f"{n}.")


def table(rows: list[tuple[str, ...]], widths: tuple[float, ...], header: bool = True) -> Block:
    return Block("table", rows=tuple(tuple(r) for r in rows), widths=widths, header=header)


def picture(h: float, draw: Callable[[Surface, float, float, float], None]) -> Block:
    return Block("picture", draw=draw, h=h)


def gap(h: float = 2.0) -> Block:
    return Block("gap", h=h)


@dataclass
class Placed:
    kind: str
    y: float
    h: float
    fits: list[tuple[float, float, Fit, str]] = field(default_factory=list)   # (dx, dy, fit, face)
    lines: list[tuple[float, float, float]] = field(default_factory=list)       # rules: (dx, dy, w)
    draw: Callable[[Surface, float, float, float], None] | None = None
    number: str = ""                 # an item's step number


BULLET = 3.5     # mm of indent for a list item
CELL_PAD = 1.2


def _text(text: str, face: str, w: float, size: float) -> Fit:
    return fit(text, face, w, 10000.0, size, size, icons.names())


def _slice(f: Fit, a: int, b: int) -> Fit:
    return Fit(f.size, f.lines[a:b], f.line_height, True)


def _height(f: Fit) -> float:
    return f.line_height * (len(f.lines) - 1) + f.size * 0.3528 if f.lines else 0.0


def layout(blocks: list[Block], w: float, h: float, style: dict[str, float] | None = None) -> list[list[Placed]]:
    """The blocks in pages of a w x h mm frame."""
    st = {**STYLE, **(style or {})}
    pages: list[list[Placed]] = [[]]
    y = 0.0

    def new_page() -> None:
        nonlocal y
        if pages[-1]:
            pages.append([])
        y = 0.0

    for i, b in enumerate(blocks):
        if b.kind == "gap":
            if y > 0:
                y += b.h
            continue
        if b.kind in ("head1", "head2"):
            size = st[b.kind]
            f = _text(b.text, "display", w, size)
            need = _height(f) + (3.0 if b.kind == "head1" else 1.6)
            before = (4.0 if b.kind == "head1" else 2.6) if y > 0 else 0.0
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            follow = _first_height(nxt, w, st) if nxt is not None else 0.0
            if b.keep:
                together = _group_height(blocks[i + 1:i + 1 + b.keep], w, st)
                if before + need + together <= h:    # (a group taller than a page breaks as usual)
                    follow = together
            if y + before + need + follow > h:
                new_page()
                before = 0.0
            y += before
            pl = Placed(b.kind, y, need, [(0.0, 0.0, f, "display")])
            if b.kind == "head1":
                pl.lines.append((0.0, _height(f) + 1.2, w))
            pages[-1].append(pl)
            y += need
        elif b.kind in ("p", "item"):
            indent = BULLET if b.kind == "item" else 0.0
            f = _text(b.text, "text", w - indent, st["body"])
            lh = f.line_height
            start = 0
            while start < len(f.lines):
                room = int((h - y - f.size * 0.3528) // lh) + 1 if h - y >= f.size * 0.3528 else 0
                if room <= 0 or (room < 2 and len(f.lines) - start > 1 and y > 0):
                    new_page()
                    continue
                end = min(len(f.lines), start + room)
                part = _slice(f, start, end)
                pl = Placed(b.kind if start == 0 else "p", y, _height(part), [(indent, 0.0, part, "text")],
                            number=b.number if start == 0 else "")
                pages[-1].append(pl)
                y += _height(part)
                start = end
            y += st["body"] * 0.3528 * 0.7
        elif b.kind == "table":
            for r, row in enumerate(b.rows):
                face = "display" if b.header and r == 0 else "text"
                cells = []
                x = 0.0
                for text, frac in zip(row, b.widths):
                    cw = w * frac
                    cf = _text(text, face, cw - 2 * CELL_PAD, st["body"] if face == "text" else st["body"])
                    cells.append((x + CELL_PAD, CELL_PAD, cf, face))
                    x += cw
                rh = max(_height(c[2]) for c in cells) + 2 * CELL_PAD
                if y + rh > h:
                    new_page()
                    if b.header and r > 0:      # the header again on the new page
                        hdr = _table_row(b.rows[0], b.widths, w, st, "display")
                        pages[-1].append(Placed("row-header", y, hdr[1], hdr[0], [(0.0, hdr[1], w)]))
                        y += hdr[1]
                pl = Placed("row-header" if face == "display" else "row", y, rh, cells, [(0.0, rh, w)])
                pages[-1].append(pl)
                y += rh
            y += 2.0
        elif b.kind == "picture":
            if y + b.h > h:
                new_page()
            pages[-1].append(Placed("picture", y, b.h, draw=b.draw))
            y += b.h + 2.0
    return pages


def _table_row(row: tuple[str, ...], widths: tuple[float, ...], w: float, st: dict[str, float],
               face: str) -> tuple[list[tuple[float, float, Fit, str]], float]:
    cells = []
    x = 0.0
    for text, frac in zip(row, widths):
        cf = _text(text, face, w * frac - 2 * CELL_PAD, st["body"])
        cells.append((x + CELL_PAD, CELL_PAD, cf, face))
        x += w * frac
    return cells, max(_height(c[2]) for c in cells) + 2 * CELL_PAD


def _group_height(blocks: list[Block], w: float, st: dict[str, float]) -> float:
    """How tall `blocks` stand laid out one after another on one page (as `layout` lays them)."""
    page = layout(blocks, w, 1e6, st)[0]   # (a page taller than any group)
    return page[-1].y + page[-1].h if page else 0.0


def _first_height(b: Block, w: float, st: dict[str, float]) -> float:
    """Room the start of a block needs, so a heading is not left alone at the foot of a page."""
    if b.kind in ("p", "item"):
        f = _text(b.text, "text", w, st["body"])
        return f.line_height * min(2, len(f.lines))
    if b.kind == "table" and b.rows:
        return _table_row(b.rows[0], b.widths, w, st, "display")[1] * min(2, len(b.rows))
    if b.kind == "picture":
        return b.h
    return 0.0


def draw_page(s: Surface, page: list[Placed], x: float, y: float, w: float, theme: Theme) -> None:
    """One laid-out page with its frame's top left corner at (x, y)."""
    t = theme
    for pl in page:
        if pl.kind == "picture" and pl.draw is not None:
            pl.draw(s, x, y + pl.y, w)
            continue
        if pl.kind == "row-header":
            s.rect(x, y + pl.y, w, pl.h, fill=t.fill("accent-light"))
        for dx, dy, f, face in pl.fits:
            color = (t.accent if not t.ink_saver else t.ink) if pl.kind in ("head1", "head2") else t.ink
            s.fitted(f, x + dx, y + pl.y + dy, w, _height(f), face, color, "left", "top")
        if pl.kind == "item":
            size = pl.fits[0][2].size
            if pl.number:
                s.text(x + BULLET - 0.8, y + pl.y + size * 0.3528 * 0.8, pl.number, "display", size, t.ink, "end")
            else:
                s.circle(x + 1.2, y + pl.y + size * 0.3528 * 0.45, 0.55, fill=t.ink)
        for dx, dy, lw in pl.lines:
            s.line(x + dx, y + pl.y + dy, x + dx + lw, y + pl.y + dy, t.guide, 0.25)


def texts(pages: list[list[Placed]]) -> list[str]:
    """Every line of text on the pages, in order (tests read the documents with it)."""
    out = []
    for page in pages:
        for pl in page:
            for _, _, f, _ in pl.fits:
                out += [" ".join(r.value for r in line.runs if r.kind == "text") for line in f.lines]
    return out

