"""Content errors, never crashes (issue 32.5): every game's content folder, copied with one file
changed in one seeded place (a key or an item deleted, a value of another kind, an extreme
number, an id that exists nowhere: tests/content/mutations.py), loads or is refused with
ContentError problems naming a file, never another exception. Deleting the terrain mountain
from Pirate Island's rules.yaml was a KeyError and `size_mm: 1e-09` in its map.yaml an
AssertionError in the hex geometry; cross-references between files and geometric values are
checked like every other field."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion import CONTENT_DIR
from companion.cli import main
from companion.content import ContentError, game_folders, load_game

from .mutations import mutated_copy

#: mutations a game (Pirate Island's map checks take seconds a load; Kapern's a tenth)
COUNT = {"pirate-island": 4, "pirates-vs-dinosaurs": 8, "pirateology": 20, "piraten-kapern": 30}
#: seeds that once ended in a traceback, kept (Pirate Island: a terrain's movement cost deleted;
#: Pirateology: the board's width_mm deleted)
FOUND = [("pirate-island", 37), ("pirateology", 532)]
CASES = [(g.name, seed) for g in game_folders() for seed in range(COUNT.get(g.name, 10))] + FOUND


@pytest.mark.parametrize("game, seed", CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_mutated_content_is_refused_in_words_or_loads(game: str, seed: int, tmp_path: Path) -> None:
    what = mutated_copy(CONTENT_DIR / game, tmp_path / game, seed)
    try:
        load_game(tmp_path / game)
    except ContentError as exc:
        assert exc.problems, what
        for p in exc.problems:
            assert ".yaml" in str(p), (what, str(p))
    # any other exception fails the test with `what` in its traceback's locals


def _validate(folder: Path, capsys) -> tuple[int, list[str]]:
    code = main(["validate", str(folder)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, [ln for ln in err.splitlines() if ln.strip()]


@pytest.fixture
def island(tmp_path: Path) -> Path:
    folder = tmp_path / "pirate-island"
    shutil.copytree(CONTENT_DIR / "pirate-island", folder)
    return folder


def test_a_terrain_without_its_movement_cost_is_named_at_its_line(island: Path, capsys) -> None:
    rules = island / "rules.yaml"
    text = rules.read_text()
    assert ", mountain: 3}" in text
    rules.write_text(text.replace(", mountain: 3}", "}", 1))
    code, lines = _validate(island, capsys)
    assert code == 2 and len(lines) == 1
    assert "rules.yaml:" in lines[0] and "mountain has none" in lines[0]


@pytest.mark.parametrize("size, words", [("1e-09", ">= 1.0"), ("0.5", ">= 1.0"), (".inf", "finite"),
                                         ("1e6", "<= 2000")])
def test_a_hex_size_the_geometry_cannot_hold_is_named_at_its_line(island: Path, capsys, size: str,
                                                                 words: str) -> None:
    board = island / "map.yaml"
    text = board.read_text()
    assert "size_mm: 13.5" in text
    board.write_text(text.replace("size_mm: 13.5", f"size_mm: {size}", 1))
    code, lines = _validate(island, capsys)
    assert code == 2 and len(lines) == 1
    assert "map.yaml:13: boards[0].layout.size_mm" in lines[0] and words in lines[0], lines
