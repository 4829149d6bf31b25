"""Issue 28 item 5, the print-shop and online files: `--format png` writes one PNG per card face
and back, token side and board tile at 300 dpi with the bleed (3 mm unless --bleed says
otherwise) and a counts.csv (file, count, size in mm); the SVG faces carry the bleed too and
embed their fonts; the
large-format boards come in ANSI C and D for a set on Letter."""
from __future__ import annotations

import csv
import re
import shutil

import pytest

from companion.printing.build import context, plan
from companion.printing.options import PrintOptions
from companion.printing.pngs import DPI, pictures
from companion.printing.sheets import boards
from companion.printing.source import expand
from companion.printing.svgfaces import face_svg

PIL = pytest.importorskip("PIL.Image")


def _px(mm: float) -> float:
    return mm / 25.4 * DPI


@pytest.fixture(scope="module")
def png_set(mini, tmp_path_factory):
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    out = tmp_path_factory.mktemp("mini-png")
    jobs = plan(mini, PrintOptions(out=out, formats=("png",), only=("cards", "tokens")))
    assert [j.kind for j in jobs] == ["png"]
    n = jobs[0].make()
    return out / "png", n, expand(mini, "en")


def test_one_png_per_card_face_back_and_token_side_with_counts(png_set):
    folder, n, ps = png_set
    rows = list(csv.DictReader((folder / "counts.csv").open(encoding="utf-8")))
    assert len(rows) == n == len(list(folder.rglob("*.png")))
    names = [r["file"] for r in rows]
    for g in ps.cards:
        assert sum(int(r["count"]) for r in rows if r["file"].startswith(f"cards/{g.id}/")
                   and not r["file"].endswith("back.png")) == len(g.faces)
        assert f"cards/{g.id}/back.png" in names
    for t in ps.tokens:
        row = next(r for r in rows if r["file"] == f"tokens/{t.id}.png")
        assert int(row["count"]) == t.copies and float(row["width_mm"]) == t.size
        assert (f"tokens/{t.id}-back.png" in names) == (t.back is not None)


def test_every_png_is_300_dpi_with_3_mm_bleed(png_set):
    folder, _, _ = png_set
    for row in csv.DictReader((folder / "counts.csv").open(encoding="utf-8")):
        assert float(row["bleed_mm"]) == 3
        w, h = float(row["width_mm"]) + 6, float(row["height_mm"]) + 6
        with PIL.open(folder / row["file"]) as im:
            assert abs(im.size[0] - _px(w)) <= 1.5 and abs(im.size[1] - _px(h)) <= 1.5, row
            assert [round(d) for d in im.info["dpi"]] == [300, 300]
            # the bleed is the card's own ground, not white paper
            assert im.convert("RGB").getpixel((2, im.size[1] // 2)) != (255, 255, 255), row["file"]
    poker = next(r for r in csv.DictReader((folder / "counts.csv").open(encoding="utf-8"))
                 if r["width_mm"] == "63")
    with PIL.open(folder / poker["file"]) as im:
        assert abs(im.size[0] - 815) <= 1 and abs(im.size[1] - 1110) <= 1     # 69 x 94 mm at 300 dpi


def test_board_tiles_are_pictures_too_and_bleed_follows_the_option(mini):
    ps = expand(mini, "en")
    ctx = context(ps, PrintOptions(formats=("png",), only=("boards",), export_bleed=5))
    pics = pictures(ctx, ps)
    overlap = 12.0
    _, ts = boards.orient(ctx, ps.boards[0], overlap)
    assert [p.name for p in pics] == [f"boards/{ps.boards[0].id}-{t.code}.png" for t in ts]
    assert all(p.count == 1 for p in pics)


def test_svg_faces_carry_the_bleed(mini):
    ps = expand(mini, "en")
    for bleed in (3.0, 0.0):
        ctx = context(ps, PrintOptions(export_bleed=bleed))
        spec = ps.cards[0].unique[0][1]
        lay = ctx.layout(spec)
        svg = face_svg(ctx, spec)
        w = float(re.search(r'width="([\d.]+)mm"', svg).group(1))
        h = float(re.search(r'height="([\d.]+)mm"', svg).group(1))
        assert (w, h) == (lay.w + 2 * bleed, lay.h + 2 * bleed)
        # the text's fonts travel with the file: a print shop without Vera sees the same letters
        assert svg.count("@font-face") >= 1 and "data:font/ttf;base64," in svg


def test_letter_sets_get_ansi_c_and_d_boards(pvd, tmp_path):
    """Pirates vs. Dinosaurs' 600 x 420 mm island: ANSI C (17 x 22 in) scaled, ANSI D at full size."""
    jobs = plan(pvd, PrintOptions(out=tmp_path, paper="letter", formats=("pdf",), only=("boards",)))
    names = [j.path.name for j in jobs]
    assert "pirates-vs-dinosaurs-board-island-ansi-c.pdf" in names
    assert "pirates-vs-dinosaurs-board-island-ansi-d.pdf" in names
    assert not any(n.endswith(("-a1.pdf", "-a2.pdf")) for n in names)
    big = {j.path.name: j for j in jobs}
    c = big["pirates-vs-dinosaurs-board-island-ansi-c.pdf"].pages()[0]
    d = big["pirates-vs-dinosaurs-board-island-ansi-d.pdf"].pages()[0]
    assert {round(c.paper.w, 1), round(c.paper.h, 1)} == {431.8, 558.8}
    assert "ANSI C, scaled to" in c.side and d.side == "ANSI D"


def test_png_format_and_bleed_mistakes_say_what_is_wrong():
    with pytest.raises(Exception, match="pdf, svg, png"):
        PrintOptions(formats=("gif",)).check(["a4", "letter"])
    with pytest.raises(Exception, match="bleed"):
        PrintOptions(export_bleed=-1).check(["a4", "letter"])
