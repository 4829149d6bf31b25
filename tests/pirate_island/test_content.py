"""content/pirate-island: the authored map has what the rulebook's board needs, and the checks
catch a map that does not (1. Components, 2. Setup, 6. Rescue Rolls, 10. Landing Places)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion import CONTENT_DIR
from companion.content import load_game
from companion.content.errors import ContentError
from companion.games.pirate_island.island import HARBOUR

from .conftest import ISL


def test_the_map_validates_and_is_big_enough() -> None:
    content = load_game("pirate-island")
    board = content.files["map.yaml"].boards[0]
    assert 150 <= len(ISL.fields) <= 250
    assert sum(1 for s in board.spaces if s.kind == HARBOUR) == 10
    assert {s.kind for s in board.spaces} >= {"plain", "swamp", "hill", "mountain", "fortress", "lake", "crater"}


def test_six_sectors_with_chest_fields_numbered_sector_times_ten_plus_die() -> None:
    # 2. Setup: "if a 4 is rolled for sector 1, the chest goes on field 14"
    for sector in range(1, 7):
        for die in range(1, 7):
            f = ISL.chest_field[sector * 10 + die]
            assert ISL.sector[f] == sector
    assert len(ISL.chest_field) == 36


def test_rings_coast_and_unnumbered_fields_are_derived() -> None:
    # 6. Rescue Rolls: next to the crater, one field away, two away; chests 1-2 / 3-4 / 5-6
    for sector in range(1, 7):
        rings = [ISL.ring[ISL.chest_field[sector * 10 + d]] for d in range(1, 7)]
        assert rings == [1, 1, 2, 2, 3, 3]
    assert all(ISL.ring[f] >= 1 for f in ISL.fields)
    assert all(f in ISL.coast for f in ISL.landing.values())
    assert not any(f in ISL.coast for f in ISL.fields if ISL.ring[f] <= 3)


def test_every_harbour_has_a_landing_place_marked_by_skull_or_fortress() -> None:
    # 10. Landing Places
    board = load_game("pirate-island").files["map.yaml"].boards[0]
    icons = {s.id: s.icon for s in board.spaces}
    assert len(ISL.landing) == 10 and len(set(ISL.landing.values())) == 10
    for h, lp in ISL.landing.items():
        assert icons[lp] in ("skull", "fortress")
        assert (icons[lp] == "fortress") == (ISL.kind[lp] == "fortress")
        assert lp in ISL.shore[h]


def test_every_field_is_reachable_from_a_landing_place() -> None:
    assert ISL.reachable_from(ISL.landing.values()) == set(ISL.fields)


def test_a_fortress_lies_behind_a_river() -> None:
    # the rulebook's combat example needs one: attacked by two pirates across the river
    assert any(sum(1 for n in ISL.near[f] if ISL.river_between(f, n)) >= 2 for f in ISL.fortresses)


def test_the_box() -> None:
    pieces = load_game("pirate-island").files["pieces.yaml"]
    assert sum(p.copies for p in pieces.pieces if p.role == "pirate") == 24
    assert sum(p.copies for p in pieces.pieces if p.role == "ship") == 4
    chests = [t for t in pieces.tokens if t.role == "chest"]
    assert sum(t.copies for t in chests) == 6 and sum(t.copies for t in chests if t.treasure) == 1
    assert len({(t.front.icon, str(t.front.text)) for t in chests}) == 1  # identical fronts
    assert pieces.dice[0].copies == 2 and len(pieces.decks[0].cards) == 1


@pytest.fixture
def broken(tmp_path: Path):
    """A copy of the content folder whose map.yaml a test edits."""
    folder = tmp_path / "pirate-island"
    shutil.copytree(CONTENT_DIR / "pirate-island", folder)

    def edit(old: str, new: str) -> list[str]:
        path = folder / "map.yaml"
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))
        with pytest.raises(ContentError) as err:
            load_game(folder)
        return [str(p) for p in err.value.problems]
    return edit


def test_a_harbour_without_its_landing_place_is_reported(broken) -> None:
    lp = ISL.landing["harbour-4"]
    problems = broken(f"{{between: [harbour-4, {lp}], kind: landing}}", f"{{between: [harbour-4, {lp}], kind: link}}")
    assert any("harbour 'harbour-4' needs exactly one landing place" in p and "map.yaml:" in p for p in problems)


def test_a_sector_missing_a_chest_field_is_reported(broken) -> None:
    f = ISL.chest_field[34]
    problems = broken(f"kind: {ISL.kind[f]}, zone: sector-3, number: 34,", f"kind: {ISL.kind[f]}, zone: sector-3,")
    assert any("sector-3 must have the chest fields 31-36" in p for p in problems)


def test_a_field_cut_off_from_every_landing_place_is_reported(broken) -> None:
    # wall a field in with lakes: its neighbours become lakes
    target = next(f for f in ISL.fields if ISL.ring[f] == 5 and ISL.number[f] is None and ISL.kind[f] != "fortress"
                  and all(ISL.number[n] is None and n not in ISL.harbour_at and ISL.kind[n] != "fortress"
                          for n in ISL.near[f]))
    text = (CONTENT_DIR / "pirate-island" / "map.yaml").read_text()
    edits = []
    for n in sorted(ISL.near[target]):
        line = next(x for x in text.splitlines() if x.strip().startswith(f"- {{id: {n},"))
        edits.append((line, line.replace(f"kind: {ISL.kind[n]}", "kind: lake")))
    first, rest = edits[0], edits[1:]
    path_text = text
    for old, new in rest:
        path_text = path_text.replace(old, new, 1)
    (CONTENT_DIR / "pirate-island" / "map.yaml")  # unchanged original
    problems = broken(text, path_text.replace(first[0], first[1], 1))
    assert any("cut off" in p or "cannot be reached from any landing place" in p for p in problems)
