"""Layout geometry: cards inside the printable area, marks outside them, backs aligned with
fronts under each duplex mode, board tiles overlapping by the set amount, boxes inside cards."""
from __future__ import annotations

import pytest

from companion.printing import layouts
from companion.printing.grid import Paper, fit_grid, tile_window, tiles
from companion.printing.sheets.dice import net_size

SIZES = [(63, 88), (57, 89), (44, 63), (70, 120), (70, 70), (148, 105), (25, 25)]


def _inside(rect, outer, tol=1e-6):
    x, y, w, h = rect
    ox, oy, ow, oh = outer
    return x >= ox - tol and y >= oy - tol and x + w <= ox + ow + tol and y + h <= oy + oh + tol


def _overlaps(seg, rect):
    x1, y1, x2, y2 = seg
    x, y, w, h = rect
    return min(x1, x2) < x + w and max(x1, x2) > x and min(y1, y2) < y + h and max(y1, y2) > y


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("size", SIZES)
def test_items_inside_printable_area_and_marks_outside_items(paper, bleed, size):
    p = Paper.named(paper)
    g = fit_grid(p, *size, bleed=bleed)
    area = (p.printable, p.printable, p.w - 2 * p.printable, p.h - 2 * p.printable)
    spot = g.label_spot()
    marks = g.marks(spot)
    assert marks, "cut marks expected"
    for i in range(g.per_page):
        x, y = g.cell(i)
        with_bleed = (x - bleed, y - bleed, g.w + 2 * bleed, g.h + 2 * bleed)
        assert _inside(with_bleed, area)
        for m in marks:
            assert not _overlaps(m, with_bleed), "a cut mark crosses a card"
    for x1, y1, x2, y2 in marks:
        assert _inside((min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)), area)


def test_poker_cards_fill_a4_and_letter_three_by_three():
    for paper in ("a4", "letter"):
        g = fit_grid(Paper.named(paper), 63, 88)
        assert (g.cols, g.rows) == (3, 3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_backs_line_up_with_fronts(paper, bleed):
    """Turn the back page over the way the printer does and each back covers its front."""
    p = Paper.named(paper)
    g = fit_grid(p, 63, 88, bleed=bleed)
    for i in range(g.per_page):
        fx, fy = g.cell(i)
        # long edge: the sheet turns about its vertical axis, x -> W - x
        bx, by, turned = g.back_cell(i, "long")
        assert not turned
        assert (p.w - (bx + g.w), by) == pytest.approx((fx, fy))
        # short edge: the sheet turns about its horizontal axis, y -> H - y; backs are turned
        bx, by, turned = g.back_cell(i, "short")
        assert turned
        assert (bx, p.h - (by + g.h)) == pytest.approx((fx, fy))
        # every back position is itself a cell of the grid (the grid is centred)
        cells = [g.cell(j) for j in range(g.per_page)]
        assert any(abs(bx - cx) < 1e-6 and abs(by - cy) < 1e-6 for cx, cy in cells)


@pytest.mark.parametrize("board", [(300, 210), (600, 420), (841, 594), (150, 100)])
@pytest.mark.parametrize("overlap", [8.0, 12.0])
def test_tiles_cover_the_board_and_overlap_by_the_set_amount(board, overlap):
    ww, wh = tile_window(Paper.named("a4"))
    ts = tiles(*board, ww, wh, overlap)
    by_pos = {(t.col, t.row): t for t in ts}
    for t in ts:
        assert t.w <= ww + 1e-6 and t.h <= wh + 1e-6
        right = by_pos.get((t.col + 1, t.row))
        if right:
            assert t.x + t.w - right.x == pytest.approx(overlap)
        below = by_pos.get((t.col, t.row + 1))
        if below:
            assert t.y + t.h - below.y == pytest.approx(overlap)
    assert max(t.x + t.w for t in ts) == pytest.approx(board[0])
    assert max(t.y + t.h for t in ts) == pytest.approx(board[1])
    assert min(t.x for t in ts) == 0 and min(t.y for t in ts) == 0
    if board == (150, 100):
        assert len(ts) == 1


def test_layout_boxes_inside_components_and_text_clear_of_cut_lines():
    raw = layouts.raw_layouts()
    for name in raw:
        lay = layouts.layout(name)
        for b in lay.boxes:
            assert _inside((b.x, b.y, b.w, b.h), (0, 0, lay.w, lay.h)), f"{name}.{b.name} leaves the component"
            if b.kind == "text" and lay.shape == "rect" and b.name not in ("mark", "count"):
                safe = lay.safe
                assert _inside((b.x, b.y, b.w, b.h), (safe, safe, lay.w - 2 * safe, lay.h - 2 * safe)), \
                    f"{name}.{b.name} is within {safe} mm of a cut line"


def test_dice_nets_fit_on_a_page():
    for paper in ("a4", "letter"):
        g = fit_grid(Paper.named(paper), *net_size(), gutter=4)
        assert g.per_page >= 4
