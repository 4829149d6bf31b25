"""1. Components as a print set: the map with every field, numbers, rivers, harbours and landing
places and the Totenkiste; pirates and ships per colour with shape and letter; six chests with one
front; the storm card; a two-sided player aid."""
from __future__ import annotations


import pytest

from companion.content import load_game
from companion.printing import layouts
from companion.printing.face import visible
from companion.printing.source import expand

from .conftest import ISL


@pytest.fixture(scope="module")
def ps():
    return expand(load_game("pirate-island"), "en")


def test_the_board_has_every_field_number_river_and_harbour(ps) -> None:
    board = ps.boards[0]
    shapes = {s["id"]: s for s in board.regions}
    assert set(ISL.fields) <= set(shapes) and "totenkiste" in shapes and "storm" in shapes
    assert sorted(s["number"] for s in shapes.values() if s["number"] and s["id"] in ISL.fieldset) == \
        sorted(ISL.chest_field)
    assert all(shapes[h]["number"] for h in ISL.harbours)
    assert sum(1 for e in board.edges if "river" in str(e)) >= len(ISL.rivers)
    assert {shapes[lp]["icon"] for lp in ISL.landing.values()} == {"skull", "fortress"}
    assert shapes["g12"]["name"] == "G12"  # the printed id the terminal and the helper speak of


def test_pirates_and_ships_in_four_colours_with_shape_and_letter(ps) -> None:
    standees = {s.id: s for s in ps.standees}
    assert sum(s.copies for s in standees.values() if s.id.startswith("pirate-")) == 24
    assert sum(s.copies for s in standees.values() if s.id.startswith("ship-")) == 4
    letters = set()
    for s in standees.values():
        lay = layouts.layout(s.front.layout, "pirate-island", s.front.size)
        assert any(b.kind == "player" and visible(b, s.front.fields) for b in lay.boxes), s.id
        letters.add(s.front.fields["letter"])
    assert len(letters) == 4


def test_six_chests_with_identical_fronts_one_marked_underneath(ps) -> None:
    chests = [t for t in ps.tokens if t.id.startswith("chest")]
    assert sum(t.copies for t in chests) == 6
    fronts = {tuple(sorted((k, str(v)) for k, v in t.front.fields.items() if k not in ("count",))) for t in chests}
    assert len(fronts) == 1
    backs = {t.id: t.back.fields for t in chests}
    assert backs["chest-treasure"] != backs["chest-empty"]


def test_storm_card_and_two_sided_aid(ps) -> None:
    storm = next(g for g in ps.cards if g.id == "storm")
    assert len(storm.faces) == 1
    aid = load_game("pirate-island").files["aids.yaml"].aids[0]
    assert len(aid.sides) == 2
    text = " ".join(s.text["en"] for side in aid.sides for s in side)
    for must in ("Mountain 3", "9 BP (8 from a fortress)", "1-1 Fever", "Eruption: next to the crater 9+",
                 "11+ defender killed", "2 attackers +1"):
        assert must in text


def test_layout_file_is_valid() -> None:
    # the bands' standees show their colour's shape and letter (base.yaml's standee, for every game)
    boxes = layouts.layout("standee", "pirate-island", (18, 22)).boxes
    assert any(b.kind == "player" for b in boxes)
