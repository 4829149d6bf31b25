"""Issue 28 item 1, boards drawn like the games, one geometry drawn by both the printer and the
app (companion.board.art): Pirates vs. Dinosaurs' island in the sea with terrain and an
hourglass per search hour, Pirateology's sea chart (water, islands as land, coordinates, a
compass rose with north), Pirate Island's sectors outlined and numbered, its terrain key and
the harbour lines drawn above the fields."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.board.picture import picture
from companion.board.art import art, coastline
from companion.content.models import Board
from companion.printing.build import context
from companion.printing.options import PrintOptions
from companion.printing.sheets import boards

from .conftest import Recorder


def _board(content) -> Board:
    return next(o for _, _, o in content.objects() if isinstance(o, Board))


def _texts(ops) -> list[str]:
    return [op["text"] for op in ops if op["op"] == "text"]


def test_the_printer_and_the_app_draw_the_same_art(game_set):
    for game in ("pirates-vs-dinosaurs", "pirateology", "pirate-island"):
        content, ps = game_set(game)
        board = _board(content)
        assert ps.boards[0].art == art(board) == picture(board)["art"]
        assert any(ps.boards[0].art.values()), game


def test_pvd_island_lies_in_the_sea_with_an_hourglass_per_search_hour(game_set):
    """Setup and Search: the areas' search hours (Beach 2 ... Mountains 4) as hourglasses."""
    content, _ = game_set("pirates-vs-dinosaurs")
    board = _board(content)
    a = art(board)
    sea = a["under"][0]
    assert sea.get("ground") and sea["points"][2] == [board.width_mm, board.height_mm]
    coast = [op for op in a["under"] if op["op"] == "poly" and op["fill"] == board.art.land[0].fill]
    assert len(coast) == 1 and len(coast[0]["points"]) > 50          # a rough coastline, not a box
    glasses = [op for op in a["over"] if op["op"] == "poly" and op["fill"] == "#e6c77a"]
    assert len(glasses) == 2 * sum(area.search_hours for area in board.areas)   # two halves each
    assert [op for op in a["middle"] if op.get("mark")]                       # terrain marks


def test_terrain_marks_stay_out_of_the_landmark_slots(game_set):
    content, _ = game_set("pirates-vs-dinosaurs")
    board = _board(content)
    slots = [s.ellipse for s in board.spaces if s.kind == "landmark-slot"]
    for op in art(board)["middle"]:
        pts = op["points"] if op["op"] == "poly" else [op["c"]]
        for x, y in pts:
            for sx, sy, sw, sh in slots:
                assert not (sx < x < sx + sw and sy < y < sy + sh)


def test_pirateology_is_a_sea_chart_with_coordinates_and_north(game_set):
    content, ps = game_set("pirateology")
    board = _board(content)
    a = art(board)
    texts = _texts(a["over"])
    for letter in "ABCDEFGHIJKLMO":
        assert texts.count(letter) == 2                    # above and below the grid
    assert texts.count("N") == 3                           # column N, and the compass rose's north
    for row in range(1, 12):
        assert texts.count(str(row)) == 2                  # left and right of it
    land = [op for op in a["middle"] if op["op"] == "poly" and op["fill"] == board.art.land_fill]
    islands = [s for s in board.spaces if s.kind in board.art.land_kinds]
    assert len(land) == len(islands) > 9
    # every square's outcome still reads: the water squares show their kind's colour in a disc
    discs = {r["id"] for r in ps.boards[0].regions if r.get("disc")}
    assert discs == {s.id for s in board.spaces if s.kind not in board.art.land_kinds}


def test_pirate_island_sectors_are_outlined_and_numbered_with_a_key(game_set):
    content, _ = game_set("pirate-island")
    board = _board(content)
    a = art(board)
    texts = _texts(a["over"])
    for n in "123456":
        assert n in texts
    lines = [op for op in a["over"] if op["op"] == "poly" and not op["closed"]]
    assert len(lines) > 30                                 # hex sides between sectors
    for kind in ("Plain", "Swamp", "Hill", "Mountain", "Fortress", "Harbour"):
        assert kind in texts


def test_pirate_island_harbour_lines_are_drawn_above_the_fields(game_set):
    """Rules, Landing: a harbour's landing place is marked by a dashed line the rules refer
    to; it was drawn first, under the fields that hid it."""
    content, ps = game_set("pirate-island")
    b = ps.boards[0]
    assert b.links
    ctx = context(ps, PrintOptions())
    rec = Recorder()
    order: list[str] = []
    rect, line = rec.rect, rec.line
    rec.rect = lambda *a, **k: (order.append("space"), rect(*a, **k))[1]
    rec.poly = lambda *a, **k: order.append("space")
    rec.line = lambda *a, **k: (order.append("dash" if k.get("dash") or (len(a) > 6 and a[6]) else "line"),
                                line(*a, **k))[1]
    boards.draw_board(ctx, rec, replace(b, art={}))
    assert "dash" in order
    assert max(i for i, o in enumerate(order) if o == "space") < min(i for i, o in enumerate(order) if o == "dash")


def test_a_coastline_is_deterministic_and_keeps_its_corners():
    square = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]
    one, two = coastline(square), coastline(square)
    assert one == two
    for corner in square:
        assert corner in one
    assert all(-4 <= x <= 104 and -4 <= y <= 104 for x, y in one)


@pytest.mark.parametrize("ink_saver", [False, True])
def test_ink_saver_leaves_the_sea_and_land_unfilled(game_set, ink_saver):
    content, ps = game_set("pirateology")
    ctx = context(ps, PrintOptions(ink_saver=ink_saver))
    fills = []

    class Fills(Recorder):
        def poly(self, points, fill=None, stroke=None, width=0.3, closed=True, dash=None):
            fills.append(fill)

    boards.draw_art(ctx, Fills(), [op for op in ps.boards[0].art["under"] if op.get("ground")], 7.0)
    assert fills and (all(f is None for f in fills) if ink_saver else all(fills))
    fills.clear()
    boards.draw_art(ctx, Fills(), [op for op in ps.boards[0].art["under"] if op.get("mark")], 7.0)
    assert bool(fills) != ink_saver                  # no waves behind unfilled spaces
