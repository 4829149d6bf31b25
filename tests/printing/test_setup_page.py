"""Issue 28 item 4, set up from the paper alone: each board game's booklet has a setup page with
a diagram drawn from the board's geometry (a numbered disc on every space something goes on)
and the complete setup list, numbered the same. Pirates vs. Dinosaurs' list used to leave out
the event deck, the token bag, the curse and crew tokens, captains, colours and markers."""
from __future__ import annotations

import pytest

from companion.content.models import Board
from companion.printing import flow
from companion.printing.build import context
from companion.printing.options import PrintOptions
from companion.printing.sheets import booklet

from .conftest import Recorder


def _setup(game, game_set):
    content, ps = game_set(game)
    ctx = context(ps, PrintOptions())
    return content, ps, ctx, booklet.setup_blocks(ctx, ps, content)


def test_pvd_setup_list_is_complete(game_set):
    """Rulebook, Setup: what goes on and beside the board."""
    content, ps, ctx, blocks = _setup("pirates-vs-dinosaurs", game_set)
    steps = [b.text for b in blocks if b.kind == "item"]
    assert [b.number for b in blocks if b.kind == "item"] == [f"{i}." for i in range(1, len(steps) + 1)]
    text = " ".join(steps)
    for needed in ("Captain card", "colour", "Area Marker", "Time Marker", "Event cards", "bag", "Curse tokens",
                   "Crew Replenishment tokens", "Landmark tokens", "Map Fragments", "Relic", "First Mate",
                   "Lost and Forgotten", "Giant Tyrannosaurus", "special dice"):
        assert needed in text, needed


def test_the_diagram_numbers_the_places_on_the_board(game_set):
    content, ps, ctx, blocks = _setup("pirates-vs-dinosaurs", game_set)
    board = next(o for _, _, o in content.objects() if isinstance(o, Board))
    pic = next(b for b in blocks if b.kind == "picture")
    rec = Recorder()
    pic.draw(rec, 0.0, 0.0, 122.0)
    drawn = [t for _, t in rec.texts]
    scale = 122.0 / ps.boards[0].w
    on_board = [i for i, place in enumerate(board.setup, 1) if place.space]
    beside = [i for i, place in enumerate(board.setup, 1) if not place.space]
    for i in on_board:
        assert str(i) in drawn
    regions = {r["id"]: r for r in ps.boards[0].regions}
    for i, place in enumerate(board.setup, 1):
        if place.space:
            r = regions[place.space]
            centre = ((r["x"] + r["w"] / 2) * scale, (r["y"] + r["h"] / 2) * scale)
            # a numbered disc sits on the space's middle
            assert any(abs(x + w / 2 - centre[0]) < 0.01 and abs(y + h / 2 - centre[1]) < 0.01
                       for x, y, w, h in rec.rects), place.space
    note = ctx.words("booklet.beside", numbers=", ".join(str(i) for i in beside))
    assert note in drawn


@pytest.mark.parametrize("game", ["pirates-vs-dinosaurs", "pirateology", "pirate-island"])
def test_every_board_game_booklet_has_its_setup_diagram(game, game_set):
    content, ps, ctx, blocks = _setup(game, game_set)
    assert any(b.kind == "picture" for b in blocks)
    laid = booklet.pages_a5(ctx, ps, content)
    words = " ".join(flow.texts(laid))
    assert ctx.words("booklet.setup_map", board=ps.boards[0].name) in words


def test_a_game_without_a_board_setup_has_no_diagram(game_set):
    _, _, _, blocks = _setup("piraten-kapern", game_set)
    assert blocks == []
