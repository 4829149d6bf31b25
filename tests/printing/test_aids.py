"""Player aids: one per seat unless the content says `copies`, each copy's second side on the
following page placed for duplex, and text that grows to fill the page as well as shrinking."""
from __future__ import annotations

import shutil

import pytest

from companion.content import load_game
from companion.printing.build import context
from companion.printing.grid import Paper, back_rect
from companion.printing.options import PrintOptions
from companion.printing.sheets import aids
from companion.printing.source import expand

from .conftest import MINI, Recorder


def _pages(content, **kw):
    ps = expand(content, "en")
    ctx = context(ps, PrintOptions(**kw))
    return ctx, ps, aids.pages(ctx, ps.aids[0])


def test_one_aid_per_seat_sides_in_pairs(mini):
    ctx, ps, pages = _pages(mini)
    seats = mini.info.players.max
    assert ps.aids[0].copies == seats == 4
    assert len(pages) == 2 * seats
    for i, page in enumerate(pages):
        side, copy = divmod(i, 2)[1] + 1, i // 2 + 1
        assert page.side == f"side {side} of 2, copy {copy} of {seats}"


def test_content_copies_win(tmp_path):
    folder = tmp_path / "mini-game"
    shutil.copytree(MINI, folder)
    yaml = folder / "components.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace(
        "  - id: turn\n", "  - id: turn\n    copies: 3\n"), encoding="utf-8")
    _, ps, pages = _pages(load_game(folder))
    assert ps.aids[0].copies == 3 and len(pages) == 6


def test_kapern_summary_keeps_its_one_copy():
    _, ps, pages = _pages(load_game("piraten-kapern"))
    assert ps.aids[0].copies == 1 and len(pages) == 1 and pages[0].side == ""


@pytest.mark.parametrize("duplex", ["long", "short", "off"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_second_side_lines_up_with_the_first(mini, duplex, paper):
    ctx, _, pages = _pages(mini, duplex=duplex, paper=paper)
    p = ctx.paper
    front, back = Recorder(), Recorder()
    pages[0].draw(front)
    pages[1].draw(back)
    frame = front.rects[0]
    # where the printer puts the first side's frame on the other side of the sheet
    bx, by, turned = back_rect(p, *frame, duplex)
    assert back.rects[0] == pytest.approx((bx, by, frame[2], frame[3]))
    assert back.pushes[0][2] == (180 if duplex == "short" else 0)   # turned like card backs
    assert front.pushes[0][2] == 0


def test_text_grows_to_fill_and_shrinks_to_fit():
    top, low, _ = aids.sizes()
    assert low == 7 and top > 12
    _, _, _, col_w, col_h = aids.body(Paper.named("a4"))
    short = [("Turn", "Roll the dice.")]
    assert aids.layout_side(short, col_w, col_h, 2)[0] == top
    long = [(f"Rule {i}", "Every ship drifts one space and nobody may sail this round. " * 6) for i in range(12)]
    size, _, ok = aids.layout_side(long, col_w, col_h, 2)
    assert ok and low <= size < 12


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kapern_summary_fills_its_page(paper):
    """The rules summary used to stop at 12 pt with a third of the page empty."""
    side = expand(load_game("piraten-kapern"), "en").aids[0].sides[0]
    _, _, _, col_w, col_h = aids.body(Paper.named(paper))
    size, placed, ok = aids.layout_side(side, col_w, col_h, 2)
    assert ok and size > 14
    bottom = max(y + hf.height + 1.5 + bf.height for _, y, hf, bf in placed)
    assert bottom >= 0.9 * col_h


def test_a_lone_section_goes_in_the_left_column():
    _, _, _, col_w, col_h = aids.body(Paper.named("a4"))
    _, placed, _ = aids.layout_side([("Skull Isle", "Four skulls on the first roll.")], col_w, col_h, 2)
    assert [col for col, *_ in placed] == [0]
