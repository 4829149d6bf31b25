"""Issue 28 item 3, the defects a hobbyist hit: card backs the size of their fronts (the Map
Fragments' backs were poker size behind mini fronts), card lists that tell apart cards sharing a
name (Kapern's three Sea Battles, PvD's two kinds of Pterosaur), one reading of robbing a
castaway, die stickers that fit a real die's flat face, cut marks 5 mm or more from the paper's
edge, booklet body text of 8.5 pt or more as printed, and no file, setting or engine named in
player-facing text."""
from __future__ import annotations

import re

import pytest

from companion.content.models import Ruling
from companion.printing import layouts
from companion.printing.build import context
from companion.printing.grid import Paper, fit_grid, frame_marks, margin_marks, mark_cfg, tile_window
from companion.printing.options import PrintOptions
from companion.printing.sheets import booklet, cards, dice
from companion.printing.sheets.booklet import booklet_scale, distinct_cards
from companion.printing.source import expand

from .conftest import Recorder

GAMES = ("piraten-kapern", "pirates-vs-dinosaurs", "pirate-island", "pirateology")


@pytest.mark.parametrize("game", GAMES)
def test_every_card_back_is_the_size_of_its_front(game, game_set):
    """Map Fragments (44 x 63 mm mini cards with their own front layout) once got 63 x 88 mm
    backs, which overlapped and ran off the backs page."""
    _, ps = game_set(game)
    for g in ps.cards:
        for i, front in enumerate(g.faces):
            f = layouts.layout(front.layout, game, front.size)
            b = g.back_of(i)
            back = layouts.layout(b.layout, game, b.size)
            assert (back.w, back.h) == (f.w, f.h), (g.name, front.layout, b.layout)


def test_map_fragment_backs_stay_on_the_page(game_set):
    content, ps = game_set("pirates-vs-dinosaurs")
    ctx = context(ps, PrintOptions())
    group = next(g for g in ps.cards if g.id == "map-fragments")
    page = cards.pages(ctx, group, group.name)[1]
    rec = Recorder()
    page.draw(rec)
    assert rec.rects
    for x, y, w, h in rec.rects:
        assert 0 <= x and x + w <= ctx.paper.w and 0 <= y and y + h <= ctx.paper.h


def test_kapern_card_list_tells_the_three_sea_battles_apart(game_set):
    """Rulebook, Fortune cards: Sea Battle with 2, 3 and 4 sabers, two of each."""
    _, ps = game_set("piraten-kapern")
    fortune = next(g for g in ps.cards if g.id == "fortune")
    names = {n: k for n, k, _ in distinct_cards(fortune.faces)}
    sea = {n: k for n, k in names.items() if n.startswith("Sea Battle")}
    assert sea == {"Sea Battle (2 sabers)": 2, "Sea Battle (3 sabers)": 2, "Sea Battle (4 sabers)": 2}
    assert sum(names.values()) == 35


def test_pvd_card_list_keeps_the_third_pterosaur(game_set):
    """Events: two Pterosaurs of the beach and mountains, one of the mountains and plain."""
    _, ps = game_set("pirates-vs-dinosaurs")
    events = next(g for g in ps.cards if g.id == "events")
    ptero = [(k, f.get("text")) for n, k, f in distinct_cards(events.faces, named=False) if n == "Pterosaur"]
    assert sorted(k for k, _ in ptero) == [1, 2]
    assert len({t for _, t in ptero}) == 2
    named = [n for n, _, _ in distinct_cards(events.faces) if n.startswith("Pterosaur")]
    assert len(named) == 2 and len(set(named)) == 2


def test_robbing_a_castaway_takes_coins_not_cards(game_set):
    """Using The Skull Cards, Black Spot: one reading in the engine, the ruling and the booklet:
    an opponent ending a move on a castaway's marker takes the coins, not the cards."""
    content, ps = game_set("pirateology")
    ruling = next(r for _, _, r in content.objects() if isinstance(r, Ruling) and r.id == "castaway-theft")
    assert "coins, not cards" in ruling.reading
    text = dict(booklet.reference("pirateology"))["Black Spot"]
    assert "takes all the coins you hold (not your cards" in text
    assert "coins and cards you hold" not in text


def test_die_stickers_fit_the_flat_face_of_a_16_mm_die(game_set):
    """A plain 16 mm d6 has rounded edges: its flat face is about 13 mm, so a 16 mm sticker
    peels at the edges."""
    _, ps = game_set("piraten-kapern")
    ctx = context(ps, PrintOptions())
    assert ps.dice[0].size == 16
    assert dice.sticker_size(16) == 13
    rec = Recorder()
    dice.sticker_pages(ctx, ps.dice, "stickers")[0].draw(rec)
    faces = [(w, h) for _, _, w, h in rec.rects if abs(w - h) < 1e-6 and 10 < w < 17]
    assert faces and all(abs(w - 13) < 1e-6 for w, _ in faces)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63, 88), (44, 63), (190, 128), (57, 89), (70, 120)])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_cut_marks_stay_5_mm_from_the_paper_edge(paper, size, bleed):
    p = Paper.named(paper)
    grid = fit_grid(p, *size, bleed)
    edge = mark_cfg()["edge"]
    assert edge >= 5
    for x1, y1, x2, y2 in grid.marks(grid.label_spot()):
        for x in (x1, x2):
            assert edge - 1e-6 <= x <= p.w - edge + 1e-6
        for y in (y1, y2):
            assert edge - 1e-6 <= y <= p.h - edge + 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_and_packed_marks_stay_5_mm_from_the_edge(paper):
    p = Paper.named(paper)
    w, h = tile_window(p)
    for x1, y1, x2, y2 in frame_marks((p.w - w) / 2, (p.h - h) / 2, w, h):
        assert min(x1, x2, y1, y2) >= 5 and max(x1, x2) <= p.w - 5 and max(y1, y2) <= p.h - 5
    # a packed item right at the edge of the packing area
    for x1, y1, x2, y2 in margin_marks(p, [7.0], [7.0], (7.0, 7.0, p.w - 7, p.h - 7)):
        assert min(x1, x2, y1, y2) >= 5 - 1e-9


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_body_text_prints_at_8_5_pt_or_more(paper, game_set):
    """The booklet puts two A5 pages on a landscape sheet, a little smaller than A5 (A4: 96 %,
    Letter: 94 %): the body is set so that it prints at 8.5 pt or more."""
    content, ps = game_set("piraten-kapern")
    ctx = context(ps, PrintOptions(paper=paper))
    a5 = booklet.pages_a5(ctx, ps, content)
    rec = Recorder()
    for page in booklet.booklet_pages(ctx, a5, "rules")[:4]:
        page.draw(rec)
    body = [f.size for f in rec.fits if f.lines]
    scale = booklet_scale(ctx.paper)
    assert min(body) * scale >= 8.5 - 1e-6
    assert min(size for size, _ in rec.texts if len(_) > 30) >= 8.5 - 1e-6


FORBIDDEN = re.compile(r"content/|\.yaml\b|\b[a-z]+_[a-z_]+\b|\bengine\b|`")


@pytest.mark.parametrize("game", GAMES)
def test_player_facing_text_names_no_file_setting_or_engine(game, game_set):
    """The booklet is for the table: no "content/...", no "round_limit", no "read by the
    engine" in what a player reads (the rules reference, the rulings, the aids, the setup)."""
    content, ps = game_set(game)
    texts = [t for _, t in booklet.reference(game)] + [a for aid in ps.aids for side in aid.sides
                                                       for h, t in side for a in (h, t)]
    for lang in ("en", "nl"):
        for _, _, r in content.objects():
            if isinstance(r, Ruling):
                said = r.words(lang)
                texts += [said.rule, said.reading, said.why]
    bad = [t for t in texts if FORBIDDEN.search(t)]
    assert not bad, bad
