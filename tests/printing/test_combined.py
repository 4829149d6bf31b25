"""Issue 28 item 2, the combined PDF a print shop can print double-sided: each sheet's back on
the page after its front (card fronts used to fall on even pages), one paper size and
orientation per file (the landscape booklet and the large-format boards are not mixed in),
blank pages where a sheet has no back, and the read-me says which file goes where."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from companion.printing.build import plan
from companion.printing.options import PrintOptions
from companion.printing.pdfdoc import duplex_order

from .conftest import Recorder, build


def test_duplex_order_puts_each_back_behind_its_front():
    # a one-page read-me, cards (front, back, front, back), a one-sided sheet, an aid of 2 sides
    backs = [[False], [False, True, False, True], [False], [False, True]]
    assert duplex_order(backs) == [(0, 0), None, (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), None, (3, 0), (3, 1)]
    # a plain document pairs its own pages; an odd one gets a blank back at its end
    assert duplex_order([[False, True, False]]) == [(0, 0), (0, 1), (0, 2), None]
    for layout in ([[False, True] * 3, [False] * 3, [False, True, False]], [[True, False, True]]):
        order = duplex_order(layout)
        assert len(order) % 2 == 0
        seen = [o for o in order if o is not None]
        assert seen == [(f, i) for f, pages in enumerate(layout) for i in range(len(pages))]
        for k, spot in enumerate(order):
            if spot and layout[spot[0]][spot[1]] and spot[1] > 0:
                assert k % 2 == 1 and order[k - 1] == (spot[0], spot[1] - 1)


def _labels(path) -> list[str]:
    """Each page's label ("Mini Game · Orders · backs ... · page 2 of 4"), "" for a blank page."""
    out = []
    for page in PdfReader(str(path)).pages:
        text = page.extract_text() or ""
        label = [line for line in text.splitlines() if " of " in line and "page" in line]
        out.append(label[-1] if label else "")
    return out


@pytest.fixture(scope="module")
def mini_set(mini, tmp_path_factory):
    out = tmp_path_factory.mktemp("mini-combined")
    return out, build(mini, out, formats=("pdf",))


def test_combined_file_has_each_back_right_after_its_front(mini_set):
    folder, made = mini_set
    whole = [n for n in made if n.endswith("-all.pdf")]
    assert len(whole) == 1
    labels = _labels(folder / whole[0])
    assert len(labels) % 2 == 0 and labels.count("") >= 1       # blank backs behind one-sided sheets
    backs = [k for k, t in enumerate(labels) if "backs" in t]
    assert backs
    for k in backs:
        assert k % 2 == 1, (k, labels[k])                        # on the other side of a sheet
        assert "fronts" in labels[k - 1]
        assert labels[k - 1].split(" · ")[1] == labels[k].split(" · ")[1]   # the same sheet's fronts
    for k, t in enumerate(labels):
        if "fronts" in t:
            assert k % 2 == 0, (k, t)                            # every front on a fresh sheet


def test_one_paper_size_and_orientation_per_file(mini_set):
    folder, made = mini_set
    for name in made:
        sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
                 for p in PdfReader(str(folder / name)).pages}
        assert len(sizes) == 1, (name, sizes)
    booklet = next(n for n in made if n.endswith("rules-booklet.pdf"))
    whole = next(n for n in made if n.endswith("-all.pdf"))
    (bw, bh), = {(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(str(folder / booklet)).pages}
    (ww, wh), = {(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(str(folder / whole)).pages}
    assert bw > bh and ww < wh                                   # landscape booklet, portrait sheets


def test_pvd_combined_files_leave_out_the_large_boards_and_the_booklet(pvd, tmp_path):
    """Planned, not printed: the files and the paper of each; the A2/A1 boards in their own files."""
    jobs = plan(pvd, PrintOptions(out=tmp_path, formats=("pdf",)))
    combined = [j for j in jobs if j.kind == "all"]
    assert [j.path.name for j in combined] == ["pirates-vs-dinosaurs-all.pdf"]
    sheet = combined[0].paper
    assert (sheet.w, sheet.h) == (210.0, 297.0)
    for j in jobs:
        if j.path.name.endswith(("-a1.pdf", "-a2.pdf")):
            assert j.paper.name in ("a1", "a2")
        for page in j.pages() if j.pages else []:
            assert (page.paper.w, page.paper.h) == (j.paper.w, j.paper.h), j.path.name


def test_read_me_says_which_file_goes_where(pvd, tmp_path):
    jobs = plan(pvd, PrintOptions(out=tmp_path, formats=("pdf",)))
    rec = Recorder()
    for page in jobs[0].pages():
        page.draw(rec)
    drawn = " ".join(t for _, t in rec.texts)
    assert "To a print shop" in drawn
    for name in ("pirates-vs-dinosaurs-all.pdf", "pirates-vs-dinosaurs-rules-booklet.pdf",
                 "pirates-vs-dinosaurs-board-island-a1.pdf", "pirates-vs-dinosaurs-board-island-a2.pdf"):
        assert name in drawn
    assert "A4, portrait" in drawn and "A4, landscape" in drawn


def test_duplex_off_keeps_the_pages_as_they_are(mini, tmp_path):
    made = build(mini, tmp_path, formats=("pdf",), duplex="off")
    whole = next(n for n in made if n.endswith("-all.pdf"))
    assert "" not in _labels(tmp_path / whole)
