"""Map content: every problem of a map is one line with file, line and what is wrong; exit 2."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.content import ContentError, load_game

from .conftest import HEXLAND


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "hexland"
    shutil.copytree(HEXLAND, out)
    return out


def edit(folder: Path, old: str, new: str) -> None:
    path = folder / "board.yaml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(folder: Path, needle: str) -> int:
    for n, line in enumerate((folder / "board.yaml").read_text().splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems]


def test_the_fixture_is_valid_and_validate_says_so(folder, capsys):
    assert main(["validate", str(folder)]) == 0
    assert "ok: hexland" in capsys.readouterr().out


def test_two_spaces_on_one_hex(folder):
    edit(folder, "{id: s12, kind: swamp, zone: sector-2, number: 12, hex: [0, 1]}",
         "{id: s12, kind: swamp, zone: sector-2, number: 12, hex: [-1, 1]}")
    (p,) = problems(folder)
    assert f"board.yaml:{line_of(folder, 'id: s12,')}:" in p
    assert "spaces 's11' and 's12' are both on hex [-1, 1]" in p


def test_an_edge_between_spaces_that_are_not_neighbours(folder):
    edit(folder, "{between: [s13, s14], features: [river]}", "{between: [s13, s29], features: [river]}")
    (p,) = problems(folder)
    assert f"board.yaml:{line_of(folder, 'between: [s13, s29]')}:" in p and "are not neighbours" in p


def test_unknown_space_kind_and_zone_are_named_with_what_exists(folder):
    edit(folder, "{id: s14, kind: plain, zone: sector-4", "{id: s14, kind: plian, zone: sector-9")
    found = problems(folder)
    assert any("unknown space_kind id 'plian'" in p and "plain" in p for p in found)
    assert any("unknown zone id 'sector-9'" in p for p in found)
    assert all(f"board.yaml:{line_of(folder, 'id: s14,')}:" in p for p in found)


def test_a_space_needs_one_place_that_fits_the_layout(folder):
    edit(folder, "{id: s14, kind: plain, zone: sector-4, number: 14, hex: [1, -1]}",
         "{id: s14, kind: plain, zone: sector-4, number: 14, cell: [1, -1]}")
    edit(folder, "number: 15, hex: [0, -1]}", "number: 15, hex: [0, -1], rect: [0, 0, 5, 5]}")
    edit(folder, "{id: totenkiste, name: {en: Totenkiste}, kind: box, off_board: true}",
         "{id: totenkiste, name: {en: Totenkiste}, kind: box}")
    found = problems(folder)
    assert any("a cell place needs layout grid: square" in p for p in found)
    assert any("more than one place (hex, rect)" in p for p in found)
    assert any("'totenkiste' needs a place" in p for p in found)


def test_the_map_must_be_connected_where_the_board_says_so(folder):
    # s32 (fortress) is cut off when its land neighbours become lakes
    for sid, kind in (("s21", "plain"), ("s31", "hill"), ("s11", "plain"), ("s16", "plain")):
        edit(folder, f"{{id: {sid}, kind: {kind},", f"{{id: {sid}, kind: lake,")
    (p,) = problems(folder)
    assert f"board.yaml:{line_of(folder, 'id: s32,')}:" in p
    assert "space 's32' (with 0 more) is cut off" in p and "must be connected" in p


def test_cli_exit_code_2_and_no_traceback(folder, capsys):
    edit(folder, "{between: [harbour-1, s26], kind: landing}", "{between: [harbour-1, s99], kind: landing}")
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "unknown space id 's99'" in err and "Traceback" not in err
    assert f"board.yaml:{line_of(folder, 's99')}:" in err


def test_the_fixture_map_loads_as_a_graph(hexland, graph):
    assert len(graph) == len(hexland.spaces) == 21
