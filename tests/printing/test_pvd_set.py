"""The Pirates vs. Dinosaurs print set is complete (issue 4): player colours with a shape and a
letter on every coloured piece and colour-coded back, the Event back's porthole, the Captain
cards as player boards, a two-sided aid, and board regions that read when tiled or on A1."""
from __future__ import annotations

import pytest

from companion.printing import layouts
from companion.printing.face import visible
from companion.printing.source import expand, palette
from companion.printing.sheets.boards import _extent, _hit, inner, region_parts
from companion.printing.theme import contrasting, luminance

OKABE_ITO = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00"}
GAME = "pirates-vs-dinosaurs"


def _player_box(spec) -> bool:
    lay = layouts.layout(spec.layout, GAME, spec.size)
    return any(b.kind == "player" and visible(b, spec.fields) for b in lay.boxes)


def test_palette_is_okabe_ito_with_distinct_shapes_and_letters(pvd):
    pal = palette(pvd)
    assert {c.hex.lower() for c in pal} == OKABE_ITO
    assert len({c.shape for c in pal}) == 6 and len({c.letter for c in pal}) == 6


def test_one_source_for_colour_shape_and_letter(pvd, monkeypatch):
    """print/profiles.yaml gives each Okabe-Ito colour its shape and letter; score pads, the PvD
    pieces, cards and backs all use it, and the content's own `shape:` agrees with it."""
    from types import SimpleNamespace

    from companion.printing import check, source
    from companion.printing.build import context
    from companion.printing.options import PrintOptions
    from companion.printing.sheets import pads
    from companion.printing.source import PadItem, colour_conflicts, profile_palette

    prof = {c.hex.lower(): (c.shape, c.letter) for c in profile_palette()}
    assert set(prof) == OKABE_ITO
    assert {c.hex.lower(): (c.shape, c.letter) for c in palette(pvd)} == prof
    assert colour_conflicts(pvd) == []
    for c in pvd.files["captains.yaml"].colours:
        assert c.shape == prof[c.hex.lower()][0], c.id
    ps = expand(pvd, "en")
    faces = [t.front for t in ps.tokens] + [f for g in ps.cards for f in g.faces] + \
        [g.back_of(i) for g in ps.cards for i in range(len(g.faces))]
    coloured = [f.fields for f in faces if f.fields.get("letter")]
    assert len(coloured) > 12
    for f in coloured:
        assert (f["shape"], f["letter"]) == prof[f["tint"].lower()]
    # the score pad draws the same badges
    drawn = []
    monkeypatch.setattr(pads, "player_badge", lambda s, shape, colour, letter, *a: drawn.append(
        (colour.lower(), shape, letter)))
    ctx = context(ps, PrintOptions())
    pads.pages(ctx, PadItem("score", "Score", 2, 6, 8, ""))[0].draw(_Null())
    assert {c: (sh, le) for c, sh, le in drawn} == prof
    # a game whose own colours disagree is refused before printing
    bad = SimpleNamespace(index={"colour": {"blue": (None, None, SimpleNamespace(
        id="blue", name={"en": "Blue"}, hex="#0072B2", shape="star"))}})
    assert colour_conflicts(bad) and "hexagon" in colour_conflicts(bad)[0]
    assert not [p for p in check.problems(pvd, ("en",)) if "colour" in p]
    assert source.palette(bad)[0].shape == "hexagon"


class _Null:
    def __getattr__(self, name):
        return lambda *a, **k: None


def test_every_coloured_piece_shows_its_shape_and_letter(pvd):
    ps = expand(pvd, "en")
    coloured = [t for t in ps.tokens if t.front.fields.get("tint")]
    assert len(coloured) == 12            # 6 area markers + 6 time markers
    for tok in coloured:
        f = tok.front.fields
        assert f["tint"].lower() in OKABE_ITO and f["letter"] and f["shape"]
        assert _player_box(tok.front), tok.id


def test_per_colour_decks_have_backs_in_each_player_colour(pvd):
    ps = expand(pvd, "en")
    groups = {g.id: g for g in ps.cards}
    for deck in ("weapons", "equipment"):
        g = groups[deck]
        assert g.backs is not None and len(g.backs) == len(g.faces)
        for i, face in enumerate(g.faces):
            back = g.back_of(i)
            assert back.fields["tint"] == face.fields["tint"]
            assert back.fields["letter"] == face.fields["letter"]
            assert _player_box(face) and _player_box(back)
        assert {b.fields["tint"].lower() for b in g.backs} == OKABE_ITO
        # the sheet's backs page uses them: the layout background follows the tint
        assert layouts.layout(g.backs[0].layout, GAME).background == "tint"


def test_captains_are_player_boards_in_their_colour(pvd):
    g = {g.id: g for g in expand(pvd, "en").cards}["captains"]
    assert len(g.faces) == 6
    lay = layouts.layout(g.faces[0].layout, GAME)
    kinds = {b.name: b.kind for b in lay.boxes}
    assert kinds["track"] == "track" and g.faces[0].fields["time_track"] == list(range(9))
    for slot in ("incident-dinosaur", "incident-other", "crew", "first-mate", "relic", "equipment", "fragments"):
        assert kinds[slot] == "slot"
    assert {f.fields["tint"].lower() for f in g.faces} == OKABE_ITO
    assert all(_player_box(f) and _player_box(g.back_of(i)) for i, f in enumerate(g.faces))


def test_first_mate_backs_carry_their_used_side(pvd):
    g = {g.id: g for g in expand(pvd, "en").cards}["first-mates"]
    assert g.backs and all(b.fields["back_text"].startswith("Used") for b in g.backs)


def test_event_back_is_a_porthole(pvd):
    g = {g.id: g for g in expand(pvd, "en").cards}["events"]
    assert g.back.layout == "card-back-porthole" and g.back.fields["back_icon"] == "porthole"


def test_incidents_show_their_area_symbols(pvd):
    g = {g.id: g for g in expand(pvd, "en").cards}["events"]
    with_areas = [f for f in g.faces if f.fields.get("areas")]
    assert len(with_areas) == 50          # every Incident; Pirate's Share cards have none
    assert any("pirate" in f.fields["areas"] for f in with_areas)       # Your Area


def test_two_sided_aid_covers_turn_dice_combat_search_dig(pvd):
    aids = expand(pvd, "en").aids
    assert len(aids) == 1 and len(aids[0].sides) == 2 and aids[0].copies == 6
    headings = " ".join(h for side in aids[0].sides for h, _ in side).lower()
    for topic in ("turn", "dice", "combat", "search", "dig"):
        assert topic in headings


def test_board_texts_stay_clear_of_inner_regions_and_areas_read_big(pvd):
    board = expand(pvd, "en").boards[0]
    for r in board.regions:
        kids = inner(r, board.regions)
        parts = region_parts(r, kids)
        for p in parts:
            assert not any(_hit(_extent(p), k) for k in kids), (r["id"], p[0])
        names = [p for p in parts if p[0] == "name"]
        assert names and names[0][3].fits, r["id"]
        if r["id"] in ("beach", "plain", "jungle", "swamp", "mountains", "harbor", "volcano", "dig-site"):
            assert names[0][3].size >= 20, r["id"]


def test_letters_contrast_on_every_player_colour():
    ink = "#2a2118"
    for c in OKABE_ITO:
        fg = contrasting("#" + c[1:], ink)
        lo, hi = sorted((luminance("#" + c[1:]), luminance(fg)))
        assert (hi + 0.05) / (lo + 0.05) >= 3.0, c


def test_pdf_icons_fill_their_box_like_svg_ones():
    """svglib reads an icon's 64 px as 48 pt; the PDF surface scales by the drawing's own size."""
    from companion.printing import icons
    from companion.printing.surface import PdfSurface

    class Canvas:
        def __init__(self):
            self.calls = []

        def __getattr__(self, name):
            return lambda *a, **k: self.calls.append((name, a))

    c = Canvas()
    surface = PdfSurface(c)
    surface.forms.add("i_porthole_000000")       # the form is drawn once per document; not here
    surface.icon("porthole", 10, 20, 30, "#000000")
    d = icons.drawing("porthole", "#000000")
    scale = [a for n, a in c.calls if n == "scale"][-1]
    assert abs(scale[0] * d.width - 30) < 1e-9 and abs(-scale[1] * d.height - 30) < 1e-9


def test_board_on_a2_scaled_to_fit_and_on_a1_at_full_size(pvd):
    """Issue 4: the board as one large-format page on A2 and on A1. At 600 x 420 mm it only fits
    A1; on A2 it is scaled down to the largest whole percent that fits, said in the label, and
    every landmark slot and curse space still holds its tile or token."""
    from companion.printing.build import context
    from companion.printing.options import PrintOptions
    from companion.printing.sheets.boards import large_pages, large_papers, large_rect

    from .conftest import Recorder

    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    board = ps.boards[0]
    got = large_papers(board)
    assert [(p.name, p.w > p.h) for p, _ in got] == [("a2", True), ("a1", True)]
    (a2, k2), (a1, k1) = got
    assert k1 == 1.0 and k2 == 0.93
    for paper, k in got:
        (page,) = large_pages(ctx, board, paper, k)
        assert page.side == ("A1" if k == 1 else "A2, scaled to 93%")
        rec = Recorder()
        page.draw(rec)
        lo, hi_x, hi_y = paper.printable, paper.w - paper.printable, paper.h - paper.printable
        x, y, w, h = large_rect(board, paper, k)
        assert abs(w - board.w * k) < 1e-6 and abs(h - board.h * k) < 1e-6
        for rx, ry, rw, rh in rec.rects + [(x, y, w, h)]:
            assert lo <= rx and rx + rw <= hi_x and lo <= ry and ry + rh <= hi_y
        for x1, y1, x2, y2 in page.marks:
            assert all(lo <= v <= hi_x for v in (x1, x2)) and all(lo <= v <= hi_y for v in (y1, y2))
        # the board drawn at that scale: its outline is the first rectangle
        assert rec.rects[0] == (round(x, 4), round(y, 4), round(w, 4), round(h, 4))
    landmark = max(t.size_mm for t in pvd.files["landmarks.yaml"].tokens)
    curse = max(t.size_mm for t in pvd.files["curses.yaml"].tokens)
    for r in board.regions:
        if r["id"].startswith("slot-"):
            assert min(r["w"], r["h"]) * k2 >= landmark + 1, r["id"]
        if r["id"].startswith("curse-"):
            assert min(r["w"], r["h"]) * k2 >= curse + 1, r["id"]


@pytest.mark.parametrize("game", ["pvd", "mini"])
def test_every_board_text_prints_at_7_pt_or_more_on_every_page(game, request):
    """DESIGN: text is at least 7 pt. Every text on every board page (assembly map, tiles, the A2
    page that scales Pirates vs. Dinosaurs' board to 93 % and the A1 page), measured as printed,
    and every fitted text fits. The one exception is the tiles' 6 pt trimming hint in the margin
    (sheet furniture, like the 6 pt page label that write_pdf adds, which no page.draw records)."""
    from companion.printing.build import context
    from companion.printing.options import PrintOptions
    from companion.printing.sheets.boards import large_pages, large_papers, tile_pages

    from .conftest import Recorder

    ps = expand(request.getfixturevalue(game), "en")
    ctx = context(ps, PrintOptions())
    hint = ctx.words("tiles.help", overlap="12")
    for board in ps.boards:
        pages = tile_pages(ctx, board)
        for paper, k in large_papers(board):
            pages += large_pages(ctx, board, paper, k)
        for page in pages:
            rec = Recorder()
            page.draw(rec)
            assert rec.texts, page.side
            glue = ctx.words("tiles.under", tile="")
            small = [(pt, text) for pt, text in rec.texts if pt < 7 - 1e-9 and text != hint and not text.startswith(glue)]
            assert not small, (board.id, page.side, small)
            assert all(f.fits for f in rec.fits), (board.id, page.side)


def test_blank_die_faces_are_printed_blank_with_the_game_mark(pvd):
    """A blank face shows no word and no icon: only the game's tiny mark ("PvD") in a corner, on
    the net and on the sticker."""
    from companion.printing.build import context
    from companion.printing.options import PrintOptions
    from companion.printing.source import FaceSpec
    from companion.printing.svgfaces import face_svg

    ps = expand(pvd, "en")
    ctx = context(ps, PrintOptions())
    (die,) = ps.dice
    blanks = [f for f in die.faces if f.fields["name"] == "Blank"]
    assert len(blanks) == 2
    for face in die.faces:
        for layout in ("die-face", "sticker"):
            svg = face_svg(ctx, FaceSpec(layout, face.fields, (die.size, die.size)))
            if face in blanks:
                assert ">Blank<" not in svg and ">PvD<" in svg and "scale(" not in svg    # no icon
                lay = layouts.layout(layout, GAME, (die.size, die.size))
                (mark,) = [b for b in lay.boxes if visible(b, face.fields) and b.kind == "text"
                           and face.fields.get(b.field)]
                assert mark.w * mark.h < 0.06 * die.size ** 2      # tiny, in a corner
                assert mark.x > die.size / 2 and mark.y > die.size / 2
            else:
                assert ">PvD<" not in svg and "scale(" in svg


def test_curse_icon_is_a_single_weight_voodoo_doll_not_a_wheel():
    """The curse icon (curse tokens, the board's curse stack, Event cards) was a ship's wheel; it
    is now a voodoo doll with a pin: single-weight lines that fill the box, so it reads at 8 mm."""
    import re
    import xml.etree.ElementTree as ET

    from companion.printing import icons

    root = ET.fromstring(icons.source("curse", "#000000"))
    assert root.get("stroke-width") == "3" and root.get("fill") == "none"
    els = [e for e in root.iter() if e is not root]
    assert all(e.get("stroke-width") in (None, "3") and e.get("fill") in (None, "none") for e in els)
    circles = [float(e.get("r")) for e in els if e.tag.endswith("circle")]
    assert circles and max(circles) < 16            # no rim round the whole icon: not a wheel
    # it fills the box (legible at 8 mm): its drawing spans most of the icon both ways
    d = icons.drawing("curse", "#000000")
    x0, y0, x1, y1 = d.getBounds()
    assert (x1 - x0) / d.width > 0.75 and (y1 - y0) / d.height > 0.75
    # the old wheel: one big rim with spokes; the doll's head and pin head are small circles
    assert len(circles) == 2


def test_captain_board_slot_icons_read_and_backs_name_the_captain(pvd):
    from companion.printing.face import SLOT_ICON_SCALE, slot_icon_size

    g = {g.id: g for g in expand(pvd, "en").cards}["captains"]
    lay = layouts.layout(g.faces[0].layout, GAME)
    boxes = {b.name: b for b in lay.boxes}
    sheet = g.faces[0].fields
    for name, n in (("first-mate", 1), ("relic", 1), ("equipment", sheet["equipment_slots"]),
                    ("fragments", sheet["fragment_slots"]), ("incident-dinosaur", 1)):
        b = boxes[name]
        w = (b.w - 2.0 * (n - 1)) / n
        lab = min(b.h * 0.3, float(b.get("label_h", 6)))
        size = slot_icon_size(w, b.h, lab, float(b.get("icon_scale", SLOT_ICON_SCALE)))
        assert size >= (8 if n > 1 else 20), (name, size)     # were 5.6 (Equipment) and 4.8 mm
    for i, face in enumerate(g.faces):
        back = g.back_of(i)
        assert back.fields["back_name"] == face.fields["name"] and face.fields["name"].startswith("Captain ")
        blay = layouts.layout(back.layout, GAME)
        shown = [b.field for b in blay.boxes if b.kind == "text" and visible(b, back.fields)]
        assert "back_name" in shown and "back_title" not in shown
