"""Sheet geometry, kept pure so tests can check it: grids that fill a page, cut marks in the
margins, where backs go for each duplex mode, and how a big board splits into tiles."""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import assets
from .errors import PrintError

Segment = tuple[float, float, float, float]
Rect = tuple[float, float, float, float]       # x, y, w, h


@dataclass(frozen=True)
class Paper:
    name: str
    w: float
    h: float
    printable: float

    @classmethod
    def named(cls, name: str, landscape: bool = False) -> "Paper":
        w, h, p = assets.paper(name)
        return cls(name, h, w, p) if landscape else cls(name, w, h, p)


def mark_cfg() -> dict[str, float]:
    return {k: float(v) for k, v in assets.profiles()["marks"].items()}


def label_cfg() -> dict[str, float]:
    return {k: float(v) for k, v in assets.profiles()["label"].items()}


@dataclass(frozen=True)
class Grid:
    """Items of one size in rows and columns, centred on the page (so mirrored backs line up)."""

    paper: Paper
    w: float            # trim size of one item
    h: float
    bleed: float
    gutter: float
    cols: int
    rows: int

    @property
    def pitch_x(self) -> float:
        return self.w + 2 * self.bleed + self.gutter

    @property
    def pitch_y(self) -> float:
        return self.h + 2 * self.bleed + self.gutter

    @property
    def grid_w(self) -> float:
        return self.cols * self.pitch_x - self.gutter

    @property
    def grid_h(self) -> float:
        return self.rows * self.pitch_y - self.gutter

    @property
    def left(self) -> float:
        return (self.paper.w - self.grid_w) / 2

    @property
    def top(self) -> float:
        return (self.paper.h - self.grid_h) / 2

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, i: int) -> tuple[float, float]:
        """Trim top-left corner of the i-th item on a page (row by row)."""
        r, c = divmod(i, self.cols)
        return (self.left + c * self.pitch_x + self.bleed, self.top + r * self.pitch_y + self.bleed)

    def back_cell(self, i: int, duplex: str) -> tuple[float, float, bool]:
        """Where the back of item i goes on the following page: (x, y, turned 180 degrees).

        Long edge (and 'off', for re-feeding or gluing): mirrored left to right. Short edge:
        mirrored top to bottom and turned, so a card flipped sideways shows its back upright."""
        x, y = self.cell(i)
        return back_rect(self.paper, x, y, self.w, self.h, duplex)

    def cuts(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cut lines and y positions of horizontal ones (trim lines)."""
        xs: list[float] = []
        ys: list[float] = []
        for c in range(self.cols):
            x = self.left + c * self.pitch_x + self.bleed
            xs += [x, x + self.w]
        for r in range(self.rows):
            y = self.top + r * self.pitch_y + self.bleed
            ys += [y, y + self.h]
        return _dedupe(xs), _dedupe(ys)

    def marks(self, label: "LabelSpot | None" = None) -> list[Segment]:
        """Cut marks: short lines in the margins on each trim line, never over an item."""
        xs, ys = self.cuts()
        return margin_marks(self.paper, xs, ys, (self.left, self.top, self.left + self.grid_w, self.top + self.grid_h),
                            label)

    def label_spot(self) -> "LabelSpot":
        return label_spot(self.paper, self.top + self.grid_h, self.left)


def _dedupe(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or abs(v - out[-1]) > 0.01:
            out.append(round(v, 4))
    return out


def fit_grid(paper: Paper, w: float, h: float, bleed: float = 0.0, gutter: float = 0.0) -> Grid:
    """As many items as fit inside the printable area, leaving room for cut marks."""
    cfg = mark_cfg()
    room = paper.printable + cfg["gap"] + cfg["min_length"]
    aw, ah = paper.w - 2 * room, paper.h - 2 * room
    cols = int((aw + gutter + 1e-6) // (w + 2 * bleed + gutter))
    rows = int((ah + gutter + 1e-6) // (h + 2 * bleed + gutter))
    if cols < 1 or rows < 1:
        raise PrintError(f"a {w:g} x {h:g} mm component (bleed {bleed:g} mm) does not fit on {paper.name} paper")
    return Grid(paper, w, h, bleed, gutter, cols, rows)


@dataclass(frozen=True)
class LabelSpot:
    """Where the page label goes: along the bottom margin, or up the left margin."""

    where: str          # bottom | left
    x: float
    y: float
    band: float


def label_spot(paper: Paper, content_bottom: float, content_left: float) -> LabelSpot:
    cfg = label_cfg()
    band = cfg["band"]
    need = band + mark_cfg()["gap"] + 1.0
    if paper.h - paper.printable - content_bottom >= need:
        return LabelSpot("bottom", paper.w / 2, paper.h - paper.printable - 0.6, band)
    if content_left - paper.printable >= need:
        return LabelSpot("left", paper.printable + band - 0.6, paper.h / 2, band)
    return LabelSpot("bottom", paper.w / 2, paper.h - 1.5, band)


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    x: float        # the board area this tile shows, mm from the board's top-left
    y: float
    w: float
    h: float

    @property
    def code(self) -> str:
        return f"{chr(ord('A') + self.col)}{self.row + 1}"


def _spans(total: float, window: float, overlap: float) -> list[tuple[float, float]]:
    if total <= window:
        return [(0.0, total)]
    if window <= overlap:
        raise PrintError(f"tiles of {window:g} mm cannot overlap by {overlap:g} mm")
    step = window - overlap
    n = math.ceil((total - overlap) / step - 1e-9)
    return [(i * step, min(window, total - i * step)) for i in range(n)]


def tiles(board_w: float, board_h: float, window_w: float, window_h: float, overlap: float) -> list[Tile]:
    """Split a board into page-sized windows; neighbours share exactly `overlap` mm."""
    out = []
    for r, (y, h) in enumerate(_spans(board_h, window_h, overlap)):
        for c, (x, w) in enumerate(_spans(board_w, window_w, overlap)):
            out.append(Tile(c, r, x, y, w, h))
    return out


def tile_window(paper: Paper) -> tuple[float, float]:
    """The board area one page can show, inside the printable area with room for marks and label."""
    cfg = mark_cfg()
    room = paper.printable + cfg["gap"] + cfg["length"] + label_cfg()["band"]
    return (paper.w - 2 * room, paper.h - 2 * room)


def back_rect(paper: Paper, x: float, y: float, w: float, h: float, duplex: str) -> tuple[float, float, bool]:
    """Where the back of a w x h item at (x, y) goes on the following page, as for card grids:
    long edge and 'off' mirror left to right; short edge mirrors top to bottom and turns it."""
    if duplex == "short":
        return (x, paper.h - y - h, True)
    return (paper.w - x - w, y, False)


@dataclass(frozen=True)
class Spot:
    """One packed item: its index in the input and its trim rectangle on the page."""

    item: int
    x: float
    y: float
    w: float
    h: float


def pack_area(paper: Paper) -> tuple[float, float, float, float]:
    """(x, y, w, h) where packed items go: inside the printable area with room for cut marks on
    every side and for the page label at the bottom. It is symmetric, so mirrored backs stay in it."""
    cfg = mark_cfg()
    mx = paper.printable + cfg["gap"] + cfg["min_length"]
    my = mx + label_cfg()["band"]
    return (mx, my, paper.w - 2 * mx, paper.h - 2 * my)


class _Area:
    """A rectangle filled with shelves (rows) from the top down."""

    def __init__(self, x: float, y: float, w: float, h: float):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.used = 0.0
        self.shelves: list[_Shelf] = []

    def place(self, w: float, h: float) -> tuple[float, float] | None:
        for shelf in self.shelves:
            at = shelf.place(w, h)
            if at:
                return at
        if w > self.w + 1e-6 or self.used + h > self.h + 1e-6:
            return None
        shelf = _Shelf(self.x, self.y + self.used, self.w, h)
        self.used += h
        self.shelves.append(shelf)
        return shelf.place(w, h)


class _Shelf:
    """A row of items, top-aligned. Once an item no more than half the row's height arrives, the
    rest of the row becomes an area of its own, so small items stack beside a tall one."""

    def __init__(self, x: float, y: float, w: float, h: float):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.cursor = 0.0
        self.sub: _Area | None = None

    def place(self, w: float, h: float) -> tuple[float, float] | None:
        if h > self.h + 1e-6:
            return None
        if self.sub is not None:
            return self.sub.place(w, h)
        if self.cursor + w > self.w + 1e-6:
            return None
        if self.cursor > 0 and 2 * h <= self.h + 1e-6:
            self.sub = _Area(self.x + self.cursor, self.y, self.w - self.cursor, self.h)
            return self.sub.place(w, h)
        at = (self.x + self.cursor, self.y)
        self.cursor += w
        return at


def pack(paper: Paper, sizes: list[tuple[float, float]], bleed: float = 0.0, gutter: float = 0.0) -> list[list[Spot]]:
    """Pack items of any size onto as few pages as it can, deterministically: in the given order
    (largest first works best), each into the first page and the first shelf with room for it;
    `gutter` apart; each page's items centred left to right inside pack_area()."""
    ax, ay, aw, ah = pack_area(paper)
    pages: list[tuple[_Area, list[Spot]]] = []
    for i, (w, h) in enumerate(sizes):
        fw, fh = w + 2 * bleed + gutter, h + 2 * bleed + gutter
        if fw > aw + gutter + 1e-6 or fh > ah + gutter + 1e-6:
            raise PrintError(f"a {w:g} x {h:g} mm component (bleed {bleed:g} mm) does not fit on {paper.name} paper")
        for area, spots in pages:
            at = area.place(fw, fh)
            if at:
                break
        else:
            area, spots = _Area(0.0, 0.0, aw + gutter, ah + gutter), []
            pages.append((area, spots))
            at = area.place(fw, fh)
        assert at is not None
        spots.append(Spot(i, at[0] + bleed, at[1] + bleed, w, h))
    out: list[list[Spot]] = []
    for _, spots in pages:
        used = max(s.x + s.w + bleed for s in spots)
        dx = ax + (aw - used) / 2
        out.append([Spot(s.item, round(s.x + dx, 4), round(s.y + ay, 4), s.w, s.h) for s in spots])
    return out


def guide_marks(paper: Paper, rects: list[Rect], straight: list[bool], bleed: float = 0.0,
                label: LabelSpot | None = None) -> list[Segment]:
    """Cut marks in the margins for packed items: one on each end of every trim line of a
    straight-edged item that a guillotine could cut without crossing another item."""
    if not rects:
        return []
    top = min(y for _, y, _, _ in rects) - bleed
    left = min(x for x, _, _, _ in rects) - bleed
    bottom = max(y + h for _, y, _, h in rects) + bleed
    right = max(x + w for x, _, w, _ in rects) + bleed
    xs: list[float] = []
    ys: list[float] = []
    for (x, y, w, h), ok in zip(rects, straight):
        if ok:
            xs += [x, x + w]
            ys += [y, y + h]
    clear_x = [v for v in _dedupe(xs) if not any(rx + 1e-6 < v < rx + rw - 1e-6 for rx, _, rw, _ in rects)]
    clear_y = [v for v in _dedupe(ys) if not any(ry + 1e-6 < v < ry + rh - 1e-6 for _, ry, _, rh in rects)]
    return margin_marks(paper, clear_x, clear_y, (left, top, right, bottom), label)


def margin_marks(paper: Paper, xs: list[float], ys: list[float], bounds: tuple[float, float, float, float],
                 label: LabelSpot | None = None) -> list[Segment]:
    """A mark at both ends of each vertical trim line at x in xs and horizontal one at y in ys,
    in the margins round the content's `bounds` (left, top, right, bottom): `gap` clear of it, at
    most `length` long, cut short by the printable edge and the label's band, and left out when
    shorter than 1 mm (so a mark never runs onto an item or off the printable area). No mark
    comes nearer the paper's edge than `edge` (5 mm) or the printable margin, whichever is more."""
    cfg = mark_cfg()
    gap, length = cfg["gap"], cfg["length"]
    left, top, right, bottom = bounds
    edge = max(paper.printable, cfg["edge"])
    lo_y = edge
    hi_y = paper.h - edge - (label.band if label and label.where == "bottom" else 0)
    lo_x = edge + (label.band if label and label.where == "left" else 0)
    hi_x = paper.w - edge
    out: list[Segment] = []
    for x in xs:
        a, b = max(lo_y, top - gap - length), top - gap
        if b - a >= 1:
            out.append((x, a, x, b))
        a, b = bottom + gap, min(hi_y, bottom + gap + length)
        if b - a >= 1:
            out.append((x, a, x, b))
    for y in ys:
        a, b = max(lo_x, left - gap - length), left - gap
        if b - a >= 1:
            out.append((a, y, b, y))
        a, b = right + gap, min(hi_x, right + gap + length)
        if b - a >= 1:
            out.append((a, y, b, y))
    return out


def frame_marks(x: float, y: float, w: float, h: float) -> list[Segment]:
    """Full-length cut marks at the four corners of one big item (a board tile or a whole board
    on a large page), where the page keeps room for them."""
    cfg = mark_cfg()
    g, L = cfg["gap"], cfg["length"]
    out: list[Segment] = []
    for mx in (x, x + w):
        out += [(mx, y - g - L, mx, y - g), (mx, y + h + g, mx, y + h + g + L)]
    for my in (y, y + h):
        out += [(x - g - L, my, x - g, my), (x + w + g, my, x + w + g + L, my)]
    return out
