"""The print-and-play fixes of issue 15 item 6: whole numbers in badges, files a print shop and
the user can read (0644, every font embedded), token counts as count marks ("3/5"), token effect
text at 6 pt or more, finished Map Fragment cards, one player aid on request, and the ink saver
leaving per-colour backs white."""
from __future__ import annotations

import os
import re

import pytest

from companion.printing import layouts
from companion.printing.build import context, plan
from companion.printing.check import faces
from companion.printing.face import badge_inner, draw_face, text_fit, visible
from companion.printing.options import PrintOptions
from companion.printing.sheets import tokens
from companion.printing.source import expand
from companion.printing.theme import make_theme

from .conftest import Recorder

SMALL_PRINT = ("count", "mark", "game", "blank_mark")


def test_sea_battle_badge_prints_1000_whole(kapern):
    """Piraten Kapern, Sea Battle cards: the 1000 bonus is one number in its badge."""
    ps = expand(kapern, "en")
    sea = [spec for g in ps.cards for _, spec in g.unique if spec.fields.get("cost") == "1000"]
    assert sea, "a Sea Battle card with a 1000 badge"
    box = next(b for b in layouts.layout(sea[0].layout, "piraten-kapern").boxes if b.kind == "badge")
    f = text_fit(badge_inner(box), "1000")
    assert f.fits and [[r.value for r in line.runs] for line in f.lines] == [["1000"]]
    assert f.size >= float(box.get("min", 7))


def test_files_are_written_0644_like_any_file(kapern_set):
    folder, made = kapern_set
    mask = os.umask(0o022)
    os.umask(mask)
    for name in made:
        assert (folder / name).stat().st_mode & 0o777 == 0o666 & ~mask, name


def test_every_font_in_every_pdf_is_embedded(kapern_set):
    """A print shop's preflight flags an unembedded font: ReportLab's default Helvetica was in
    every file (the canvas's and the icon renderer's initial font)."""
    folder, made = kapern_set
    for name in made:
        data = (folder / name).read_bytes()
        assert b"Helvetica" not in data, name
        fonts = re.findall(rb"/BaseFont /([A-Za-z+-]+)", data)
        assert fonts and all(b"+" in f for f in fonts), (name, fonts)   # subset-embedded: AAAAAA+Vera
        assert data.count(b"/FontFile2") >= len(set(fonts)), name


def test_token_counts_are_count_marks_not_multipliers(pvd):
    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    treasure = next(t for t in ps.tokens if t.front.fields.get("value") == "$2,000")
    rec = Recorder()
    for e in tokens.entries(ctx, [treasure]):
        e.front(rec, 0, 0)
    marks = [t for _, t in rec.texts if "/" in t]
    assert marks == [f"{n}/{treasure.copies}" for n in range(1, treasure.copies + 1)]
    for where, spec in faces(ps):
        assert "×" not in str(spec.fields.get("count", "")) and " x" not in str(spec.fields.get("count", "")), where


def test_token_effect_text_prints_at_6_pt_or_more(pvd):
    """Pirates vs. Dinosaurs' Volcano and Dinosaur Attack tokens say what they do."""
    ps = expand(pvd, "en")
    seen = set()
    for where, spec in faces(ps):
        if not where.startswith("token"):
            continue
        for box in layouts.layout(spec.layout, "pirates-vs-dinosaurs", spec.size).boxes:
            value = spec.fields.get(box.field)
            if box.kind == "text" and box.field not in SMALL_PRINT and value and visible(box, spec.fields):
                assert text_fit(box, str(value)).size >= 6, (where, value)
                seen.add(box.field)
    assert "effect" in seen


def test_map_fragments_show_the_landmark_as_its_token_does(pvd):
    ps = expand(pvd, "en")
    group = next(g for g in ps.cards if g.id == "map-fragments")
    landmarks = {t.front.fields["name"]: t.front.fields["art"] for t in ps.tokens if t.back and
                 t.back.fields.get("art") == "question"}
    ctx = context(ps, PrintOptions())
    for spec in group.faces:
        assert landmarks[spec.fields["name"]] == spec.fields["art"]   # the token's picture
        lay = ctx.layout(spec)
        drawn = [b.name for b in lay.boxes if visible(b, spec.fields) and b.kind in ("icon", "text")
                 and (b.get("literal") or spec.fields.get(b.field))]
        assert {"fragment-art", "token-name", "hint", "name"} <= set(drawn)
        rec = Recorder()
        draw_face(rec, lay, spec.fields, ctx.theme)
        words = [t for _, t in rec.texts]
        assert " ".join(words).count(spec.fields["name"].split()[0]) >= 2   # the title and the token's name
        # the card is used: the lowest drawn text reaches into the lower third
        assert max(b.y + b.h for b in lay.boxes if b.name in drawn) > lay.h * 0.8


def test_one_player_aid_instead_of_one_per_seat(mini, tmp_path):
    """`--aids one`: the fixture's two-sided aid is one copy (2 pages) instead of one per seat (8)."""
    one = plan(mini, PrintOptions(out=tmp_path / "one", aids="one", only=("aids",), formats=("pdf",)))
    seat = plan(mini, PrintOptions(out=tmp_path / "seat", only=("aids",), formats=("pdf",)))
    assert [j.make() for j in one] == [2] and [j.make() for j in seat] == [8]


class Fills(Recorder):
    def __init__(self):
        super().__init__()
        self.fills = []

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0, dash=None):
        super().rect(x, y, w, h, fill, stroke, width, r, dash)
        self.fills.append((w * h, fill, stroke))


def test_ink_saver_leaves_per_colour_backs_white(pvd):
    ps = expand(pvd, "en")
    group = next(g for g in ps.cards if g.backs and any(b.fields.get("tint") for b in g.backs))
    back = next(b for b in group.backs if b.fields.get("tint"))
    lay = layouts.layout(back.layout, "pirates-vs-dinosaurs", back.size)
    for saver in (False, True):
        rec = Fills()
        draw_face(rec, lay, back.fields, make_theme(pvd.info.accent, saver))
        area, fill, _ = max(rec.fills, key=lambda f: f[0])
        if saver:
            assert fill == "#ffffff"
            # the colour is still there: the frame is drawn in it
            assert any(stroke == back.fields["tint"] for _, _, stroke in rec.fills)
        else:
            assert fill == back.fields["tint"]


def _group_grid(content, deck_id=None, **kw):
    from companion.printing.grid import fit_grid
    from companion.printing.sheets import cards

    ps = expand(content, "en")
    ctx = context(ps, PrintOptions(**kw))
    group = next(g for g in ps.cards if deck_id in (None, g.id))
    lay = ctx.layout(group.faces[0])
    bleed, gutter = cards.bleed_and_gutter(ctx, group)
    return fit_grid(ctx.paper, lay.w, lay.h, bleed, gutter)


def test_shared_gutter_bleed_keeps_nine_poker_cards_a_page(kapern):
    """Issue 15 item 4: dark backs (Piraten Kapern's) get shared bleed by default, 9 cards a page
    on A4 and Letter, where a separate 3 mm bleed leaves 6 (Letter: 4)."""
    for paper in ("a4", "letter"):
        shared = _group_grid(kapern, paper=paper)
        assert shared.bleed >= (1.2 if paper == "a4" else 0.4) and shared.gutter == 0  # one merged band
        assert shared.per_page == 9
        assert _group_grid(kapern, paper=paper, bleed=3).per_page == (6 if paper == "a4" else 4)
        assert _group_grid(kapern, paper=paper, bleed_mode="separate").bleed == 0
    assert _group_grid(kapern, ink_saver=True).bleed == 0                            # white backs: no need


def test_backs_of_different_colours_never_touch(pvd):
    grid = _group_grid(pvd, "weapons")
    assert grid.per_page == 9 and grid.bleed > 0 and grid.gutter >= 0.8              # a white line between


@pytest.mark.parametrize("game", ["pirate-island", "pirateology", "pirates-vs-dinosaurs"])
def test_no_space_covers_the_board_name(game, game_set):
    """Pirate Island's Totenkiste box once stood over the board's name on tile A1."""
    from companion.printing.sheets import boards

    for b in game_set(game)[1].boards:
        x, y, w, h = boards.title_box(b)
        for r in b.regions:
            if r["shape"] == "ellipse":        # the sea round the island: the name sits on it
                continue
            apart = r["x"] > x + w or r["x"] + r["w"] < x or r["y"] > y + h or r["y"] + r["h"] < y
            assert apart, (b.id, r["id"])


def test_look_alike_tokens_carry_no_count_on_their_fronts(game_set):
    """Pirate Island's six chests look the same, one holds the treasure: a front marked "1/1"
    beside five "n/5" gave it away. The backs tell them apart, and say so ("empty")."""
    ps = game_set("pirate-island")[1]
    chests = [t for t in ps.tokens if t.name == "Treasure chest"]
    assert len(chests) == 2 and all(t.secret for t in chests)
    ctx = context(ps, PrintOptions())
    drawn = []
    for e in tokens.entries(ctx, chests):
        rec = Recorder()
        e.front(rec, 0, 0)
        drawn.append(sorted(t for _, t in rec.texts))
    assert len(drawn) == 6 and all(d == drawn[0] for d in drawn), drawn
    rec = Recorder()
    next(e for e in tokens.entries(ctx, chests) if e.id == "chest-empty").back(rec, 0, 0, False)
    assert "empty" in [t for _, t in rec.texts]
    assert not any(t.secret for t in game_set("pirates-vs-dinosaurs")[1].tokens)


def test_number_faces_of_a_die_show_pips(game_set):
    from companion.printing.source import pips

    ps = game_set("pirate-island")[1]
    assert [f.fields.get("pips") for f in ps.dice[0].faces] == [1, 2, 3, 4, 5, 6]
    pol = game_set("pirateology")[1].dice[0].faces
    assert [f.fields.get("pips") for f in pol] == [1, 2, 3, 4, 5, None] and pol[-1].fields["art"] == "skull"
    ctx = context(ps, PrintOptions())
    spec = ps.dice[0].faces[4]
    drawn = {}
    for n, face in ((5, spec), (0, type(spec)(spec.layout, {**spec.fields, "pips": None}, spec.size))):
        rec = Recorder()
        ctx.face(rec, type(face)(face.layout, face.fields, (16, 16)), 0, 0, outline=False)
        drawn[n] = (len(rec.rects), [t for _, t in rec.texts])
    assert drawn[5][0] - drawn[0][0] == 5 and "Five" not in drawn[5][1]
    assert pips(type("F", (), {"id": "blank-1"})()) is None
