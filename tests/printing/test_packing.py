"""Token sheets packed onto few pages: every piece inside the printable area, none overlapping,
cut marks outside every piece, backs lined up with fronts under long- and short-edge duplex,
and the same plan every run."""
from __future__ import annotations

import random

import pytest

from companion.printing.build import context
from companion.printing.errors import PrintError
from companion.printing.grid import Paper, back_rect, guide_marks, pack, pack_area
from companion.printing.options import PrintOptions
from companion.printing.sheets import tokens
from companion.printing.source import expand

#: pages of the Pirates vs. Dinosaurs token file when each size group started a new page
PVD_PAGES_BEFORE = 12


def _setup(content, **kw):
    ps = expand(content, "en")
    return context(ps, PrintOptions(**kw)), ps


def _overlap(a, b, tol=1e-6):
    return a[0] < b[0] + b[2] - tol and b[0] < a[0] + a[2] - tol and a[1] < b[1] + b[3] - tol and b[1] < a[1] + a[3] - tol


def _inside(rect, outer, tol=1e-6):
    x, y, w, h = rect
    ox, oy, ow, oh = outer
    return x >= ox - tol and y >= oy - tol and x + w <= ox + ow + tol and y + h <= oy + oh + tol


def _printable(p: Paper):
    return (p.printable, p.printable, p.w - 2 * p.printable, p.h - 2 * p.printable)


def test_pvd_tokens_take_far_fewer_pages(pvd):
    ctx, ps = _setup(pvd)
    pages = tokens.pages(ctx, ps.tokens, "tokens", ps.standees)
    assert len(pages) <= 5 < PVD_PAGES_BEFORE
    plan = tokens.plan(ctx, ps.tokens, ps.standees)
    # every piece is on a sheet exactly once
    want = sum(t.copies for t in ps.tokens) + sum(f.copies for f in ps.standees)
    assert sum(len(p.spots) for p in plan) == want
    # a backs page follows exactly the pages with a two-sided piece
    assert len(pages) == len(plan) + sum(p.has_backs for p in plan)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 1.5])
@pytest.mark.parametrize("duplex", ["long", "short", "off"])
def test_pvd_pieces_inside_printable_area_never_overlap_and_backs_align(pvd, paper, bleed, duplex):
    ctx, ps = _setup(pvd, paper=paper, bleed=bleed, duplex=duplex)
    p = ctx.paper
    for page in tokens.plan(ctx, ps.tokens, ps.standees):
        rects = [(s.x - bleed, s.y - bleed, s.w + 2 * bleed, s.h + 2 * bleed) for s in page.spots]
        for r in rects:
            assert _inside(r, _printable(p))
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not _overlap(a, b), "two pieces overlap"
        backs = tokens.back_spots(ctx, page)
        for s, (bx, by, turned) in zip(page.spots, backs):
            assert _inside((bx - bleed, by - bleed, s.w + 2 * bleed, s.h + 2 * bleed), _printable(p))
            if duplex == "short":   # the sheet turns over its horizontal axis; backs are turned
                assert turned and (bx, p.h - (by + s.h)) == pytest.approx((s.x, s.y))
            else:                   # long edge (and off): over its vertical axis
                assert not turned and (p.w - (bx + s.w), by) == pytest.approx((s.x, s.y))


def test_back_faces_are_drawn_where_back_spots_say(pvd):
    """Draw a backs page and check each two-sided piece's back lands on its mirrored spot."""
    from .conftest import Recorder

    for duplex in ("long", "short"):
        ctx, ps = _setup(pvd, duplex=duplex)
        pages = tokens.pages(ctx, ps.tokens, "tokens", ps.standees)
        plan = tokens.plan(ctx, ps.tokens, ps.standees)
        backs_pages = [pg for pg in pages if pg.side.startswith("backs")]
        assert len(backs_pages) == sum(p.has_backs for p in plan)
        first = next(p for p in plan if p.has_backs)
        rec = Recorder()
        backs_pages[0].draw(rec)
        drawn = set(rec.rects)
        for e, s, (bx, by, _) in zip(first.entries, first.spots, tokens.back_spots(ctx, first)):
            if e.back is not None:
                assert (round(bx, 4), round(by, 4), s.w, s.h) in {(x, y, round(w, 4), round(h, 4))
                                                                  for x, y, w, h in drawn}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_stay_in_the_margins_and_cross_no_piece(pvd, paper):
    ctx, ps = _setup(pvd, paper=paper)
    p = ctx.paper
    for page in tokens.pages(ctx, ps.tokens, "tokens", ps.standees):
        assert page.label is not None and page.label.where == "bottom"
    for page in tokens.plan(ctx, ps.tokens, ps.standees):
        rects = [(s.x, s.y, s.w, s.h) for s in page.spots]
        marks = guide_marks(p, rects, [e.straight for e in page.entries])
        for x1, y1, x2, y2 in marks:
            seg = (min(x1, x2), min(y1, y2), max(abs(x2 - x1), 1e-3), max(abs(y2 - y1), 1e-3))
            assert _inside(seg, _printable(p))
            assert not any(_overlap(seg, r) for r in rects), "a cut mark crosses a piece"
            # the line it marks runs the whole sheet without cutting through a piece
            if x1 == x2:
                assert not any(r[0] + 1e-6 < x1 < r[0] + r[2] - 1e-6 for r in rects)
            else:
                assert not any(r[1] + 1e-6 < y1 < r[1] + r[3] - 1e-6 for r in rects)


def test_square_token_grid_gets_marks_on_every_trim_line():
    p = Paper.named("a4")
    spots = pack(p, [(22, 22)] * 14, 0, 3)[0]
    rects = [(s.x, s.y, s.w, s.h) for s in spots]
    marks = guide_marks(p, rects, [True] * len(rects))
    xs = {round(m[0], 3) for m in marks if m[0] == m[2]}
    ys = {round(m[1], 3) for m in marks if m[1] == m[3]}
    assert xs == {round(v, 3) for s in spots for v in (s.x, s.x + s.w)}
    assert ys == {round(v, 3) for s in spots for v in (s.y, s.y + s.h)}
    assert guide_marks(p, rects, [False] * len(rects)) == []   # round tokens: the outline is the guide


def test_packing_is_deterministic_and_sound_for_random_sizes():
    rng = random.Random(7)
    sizes = sorted(((rng.choice([12, 14, 20, 22, 25, 40]), rng.choice([12, 14, 20, 25, 60, 128]))
                    for _ in range(300)), key=lambda s: (-s[1], -s[0]))
    p = Paper.named("letter")
    a, b = pack(p, sizes, 0.0, 3.0), pack(p, sizes, 0.0, 3.0)
    assert a == b
    assert sorted(s.item for page in a for s in page) == list(range(len(sizes)))
    area = pack_area(p)
    for page in a:
        rects = [(s.x, s.y, s.w, s.h) for s in page]
        for s, r in zip(page, rects):
            assert (s.w, s.h) == sizes[s.item] and _inside(r, area)
        grown = [(x - 1.5, y - 1.5, w + 3, h + 3) for x, y, w, h in rects]   # the gutter is kept
        for i, r in enumerate(grown):
            assert not any(_overlap(r, o) for o in grown[i + 1:])
    # shelves: a page holds more than a third of what its area could at best
    total = sum((w + 3) * (h + 3) for w, h in sizes)
    assert len(a) <= total / ((area[2] + 3) * (area[3] + 3)) * 1.6 + 1


def test_piece_too_big_for_the_paper_is_a_clear_error():
    with pytest.raises(PrintError, match="does not fit on a4 paper"):
        pack(Paper.named("a4"), [(250, 30)])


def test_back_rect_mirrors_like_card_grids():
    from companion.printing.grid import fit_grid

    p = Paper.named("a4")
    g = fit_grid(p, 63, 88)
    for i in range(g.per_page):
        x, y = g.cell(i)
        for duplex in ("long", "short", "off"):
            assert back_rect(p, x, y, g.w, g.h, duplex) == pytest.approx(g.back_cell(i, duplex))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pvd_token_pages_are_as_few_as_the_pieces_allow(pvd, paper):
    """The last fronts page (only sailors: 23 on A4) is the overflow of pages that are full: by
    area alone (each piece with its gutter) the pieces need more than 2 pages on Letter and 98 %
    of 2 on A4, which no arrangement of 28 mm rows on a 199.4 mm wide area reaches (a MaxRects
    packer also needs 3). The two-sided pieces need more than one page, so 2 backs pages; the
    overflow page holds only one-sided pieces and needs none: 5 pages is the minimum."""
    import math

    ctx, ps = _setup(pvd, paper=paper)
    g = 3.0
    ax, ay, aw, ah = pack_area(ctx.paper)
    page = (aw + g) * (ah + g)
    es = tokens.entries(ctx, ps.tokens, ps.standees)
    need = sum((e.w + g) * (e.h + g) for e in es) / page
    two_sided = sum((e.w + g) * (e.h + g) for e in es if e.back is not None) / page
    plan = tokens.plan(ctx, ps.tokens, ps.standees)
    assert need > (2.0 if paper == "letter" else 0.98 * 2)
    assert len(plan) == max(3, math.ceil(need))
    assert 1 < two_sided <= 2 and sum(p.has_backs for p in plan) == 2
    assert not plan[-1].has_backs
    # the pages before the overflow are well filled
    for p in plan[:-1]:
        assert sum((s.w + g) * (s.h + g) for s in p.spots) / page > 0.85
