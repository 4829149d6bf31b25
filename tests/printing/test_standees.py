"""Folding standees: standee and figure pieces get a strip with front and back art joined at a
fold, a base tab at each end, a solid cut outline and dashed fold lines that never coincide."""
from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pytest

from companion.content import load_game
from companion.printing import layouts
from companion.printing.build import context
from companion.printing.face import text_fit, visible
from companion.printing.options import PrintOptions
from companion.printing.sheets import standees
from companion.printing.source import expand
from companion.printing.svgfaces import standee_svg

from .conftest import MINI, Recorder, build


def test_giant_tyrannosaurus_is_a_standee_and_sailors_stay_counters(pvd):
    ps = expand(pvd, "en")
    assert [f.id for f in ps.standees] == ["giant-tyrannosaurus"]
    tokens = {t.id for t in ps.tokens}
    assert "sailor" in tokens and "giant-tyrannosaurus" not in tokens


def _with_pieces(tmp_path, pieces: str):
    folder = tmp_path / "mini-game"
    shutil.copytree(MINI, folder)
    yaml = folder / "components.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + "pieces:\n" + pieces, encoding="utf-8")
    return load_game(folder)


def test_figure_and_standee_kinds_fold_counters_and_markers_do_not(tmp_path):
    content = _with_pieces(tmp_path, """\
  - {id: captain, name: {en: Captain}, source: authored, kind: figure, icon: sailor, size_mm: 30, copies: 2}
  - {id: kraken, name: {en: Kraken}, source: authored, kind: standee, icon: storm, size_mm: 36}
  - {id: crew, name: {en: Crew}, source: authored, kind: counter, icon: crew, size_mm: 14}
  - {id: flag, name: {en: Flag}, source: authored, kind: marker, icon: flag}
""")
    ps = expand(content, "en")
    assert [(f.id, f.copies) for f in ps.standees] == [("captain", 2), ("kraken", 1)]
    assert {t.id for t in ps.tokens} >= {"crew", "flag"}


def test_strip_geometry(pvd):
    fig = expand(pvd, "en").standees[0]
    g = standees.shape(fig)
    assert g.w == fig.size == 40
    assert g.panel == pytest.approx(50)           # the layout's 40 x 50 proportions
    assert g.tab >= 10
    assert g.h == pytest.approx(2 * g.tab + 2 * g.panel)
    folds = g.folds()
    assert folds == sorted(folds) and len(folds) == 3
    assert folds[1] == pytest.approx(g.h / 2)     # the top of the figure is the middle of the strip
    assert all(0 < f < g.h for f in folds)


def _lines(ctx, fig):
    rec = Recorder()
    standees.draw(ctx, rec, fig, 10, 20)
    return rec, [ln for ln in rec.lines]


def test_cut_is_solid_folds_are_dashed_and_distinct(pvd):
    ctx = context(expand(pvd, "en"), PrintOptions())
    fig = expand(pvd, "en").standees[0]
    g = standees.shape(fig)
    rec, lines = _lines(ctx, fig)
    cuts = [ln for ln in lines if ln["dash"] is None and ln["stroke"] == ctx.theme.ink]
    folds = [ln for ln in lines if ln["dash"] is not None]
    # the cut outline: the strip's rectangle, solid
    ends = {tuple(round(v, 3) for v in ln["from"]) for ln in cuts}
    assert ends == {(10, 20), (10 + g.w, 20), (10 + g.w, 20 + g.h), (10, 20 + g.h)}
    # three folds across the strip, dashed, lighter than the cut, on none of the cut lines
    assert sorted(round(ln["from"][1] - 20, 3) for ln in folds) == [round(f, 3) for f in g.folds()]
    for ln in folds:
        assert ln["from"][0] == pytest.approx(10) and ln["to"][0] == pytest.approx(10 + g.w)
        assert ln["stroke"] != ctx.theme.ink
        assert 20 < ln["from"][1] < 20 + g.h
    # the back panel is turned upside down above the middle fold, with its art mirrored
    assert (10 + g.w, 20 + g.tab + g.panel, 180) in [(x, y, r) for x, y, r, _ in rec.pushes]
    assert any(m for *_, m in rec.pushes)


def test_standee_on_the_token_sheet_and_as_svg(pvd, tmp_path):
    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    svg = standee_svg(ctx, ps.standees[0])
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    top = [el for el in root if el.tag == ns + "line"]
    assert sum(1 for el in top if "stroke-dasharray" in el.attrib) == 3
    assert sum(1 for el in top if "stroke-dasharray" not in el.attrib) == 4
    assert "Tyrannosaurus<" in svg          # one text a line: "Giant Tyrannosaurus"
    from companion.printing.sheets import tokens

    plan = tokens.plan(ctx, ps.tokens, ps.standees)
    assert sum(e.id == "giant-tyrannosaurus" for p in plan for e in p.entries) == 1


def test_mini_game_with_a_figure_prints_it(tmp_path):
    content = _with_pieces(tmp_path, "  - {id: captain, name: {en: Captain}, source: authored, kind: figure, "
                                     "icon: sailor, size_mm: 30}\n")
    made = build(content, tmp_path / "out", only=("tokens", "faces"))
    assert made["mini-game-tokens.pdf"] == 2
    assert (tmp_path / "out" / "svg" / "standees" / "captain.svg").is_file()


NAME_FLOOR = 6.0   # pt: a standee's name reads at arm's length on the table (issue 15)


@pytest.mark.parametrize("game", ["pirateology", "pirate-island", "pirates-vs-dinosaurs"])
def test_every_standee_name_prints_at_6_pt_or_more(game, game_set):
    """Both panels of every standee: the name box's minimum is the floor, and the name really
    fits at it (Arabella Drummond and The Queen Anne's Revenge took two lines at 5-5.75 pt)."""
    _, ps = game_set(game)
    assert ps.standees
    for fig in ps.standees:
        for spec in (fig.front, fig.back):
            boxes = [b for b in layouts.layout(spec.layout, game, spec.size).boxes
                     if b.field == "name" and b.kind == "text" and visible(b, spec.fields)]
            assert boxes, (fig.id, spec.layout)
            for box in boxes:
                assert float(box.get("min", 7)) >= NAME_FLOOR, (fig.id, box.name)
                f = text_fit(box, spec.fields["name"])
                assert f.fits and f.size >= NAME_FLOOR, (fig.id, box.name, f.size)
