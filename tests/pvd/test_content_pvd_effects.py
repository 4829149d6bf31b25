"""The effect vocabulary: everything in the content uses it, and mistakes are errors naming file and line."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from companion import CONTENT_DIR, ROOT
from companion.cli import main
from companion.content import ContentError, load_game
from companion.games.pirates_vs_dinosaurs.content import AREA_ICONS, KIND_ICON
from companion.games.pirates_vs_dinosaurs.vocabulary import OPS, Ability, walk

GAME = "pirates-vs-dinosaurs"
DOC = ROOT / "docs" / "CONTENT.md"
ICONS = ROOT / "print" / "icons"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / GAME
    shutil.copytree(CONTENT_DIR / GAME, copy)
    return copy


def edit(folder: Path, file: str, old: str, new: str) -> int:
    """Replace the first `old` in `file`; return the 1-based line where it was."""
    path = folder / file
    text = path.read_text()
    assert old in text, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1))
    return line


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems]


def all_abilities(content):
    for _, _, obj in content.objects():
        if isinstance(obj, Ability):
            yield obj


def all_ops(content):
    for ab in all_abilities(content):
        yield from walk(ab.effects)
    for name in ("curses.yaml", "volcano.yaml", "treasure.yaml"):
        model = content.files[name]
        for item in getattr(model, "curses", None) or getattr(model, "marks", None) or model.tokens:
            yield from walk(getattr(item, "effects", []))


def test_unknown_op_is_an_error_with_file_and_line(folder: Path, capsys) -> None:
    line = edit(folder, "events.yaml", "{op: reroll, dice: 1}", "{op: teleport, dice: 1}")
    found = problems(folder)
    assert len(found) == 1
    assert f"events.yaml:{line}:" in found[0]
    assert "unknown" in found[0] and "teleport" in found[0] and "lose_crew" in found[0]
    assert main(["validate", str(folder)]) == 2
    assert f"events.yaml:{line}" in capsys.readouterr().err


def test_missing_op_field_and_unknown_key(folder: Path) -> None:
    line = edit(folder, "crew.yaml", "{op: reroll, dice: 1}", "{op: reroll, dices: 1}")
    found = problems(folder)
    assert any(f"crew.yaml:{line}:" in p and "dices" in p and "unknown key" in p for p in found), found
    assert any(f"crew.yaml:{line}:" in p and "dice" in p and "missing" in p for p in found), found


def test_bad_timing_and_zero_amount(folder: Path) -> None:
    line = edit(folder, "events.yaml", "desperate: {when: before_roll, effects: [{op: add_dice, amount: 1}]}",
                "desperate: {when: any_time, effects: [{op: add_dice, amount: 1}]}")
    found = problems(folder)
    assert any(f"events.yaml:{line}:" in p and "before_roll" in p for p in found), found
    folder2 = folder
    shutil.copy(CONTENT_DIR / GAME / "events.yaml", folder2 / "events.yaml")
    line = edit(folder2, "events.yaml", "{op: search_time, amount: 1}", "{op: search_time, amount: 0}")
    assert any(f"events.yaml:{line}:" in p and "other than 0" in p for p in problems(folder2))


def test_unknown_equipment_in_a_condition(folder: Path) -> None:
    line = edit(folder, "events.yaml", "cond: {has_equipment: rope}", "cond: {has_equipment: ropes}")
    found = problems(folder)
    assert any(f"events.yaml:{line}:" in p and "unknown equipment 'ropes'" in p for p in found), found


def test_wrong_count_is_reported(folder: Path) -> None:
    edit(folder, "treasure.yaml", "copies: 11", "copies: 12")
    assert any("60 treasures, the content has 61" in p for p in problems(folder))


def test_wrong_slot_marks_are_reported(folder: Path) -> None:
    edit(folder, "board.yaml", "marks: [4, 2]}", "marks: [2]}")
    assert any("4 players place 8 landmarks but the board has 9" in p for p in problems(folder))


def test_desperate_action_needs_its_printed_text(folder: Path) -> None:
    edit(folder, "events.yaml", '        footer: {en: "Discard at any time to draw 3 Event cards."}\n', "")
    found = problems(folder)
    assert any("footer" in p for p in found), found


def test_every_op_used_is_in_the_vocabulary_and_documented() -> None:
    content = load_game(GAME)
    used = {op.op for op in all_ops(content)}
    assert used <= set(OPS)
    doc = DOC.read_text()
    assert "## Effect vocabulary" in doc
    section = doc[doc.index("## Effect vocabulary"):]
    for op in OPS:
        assert f"`{op}`" in section, f"op {op} is not documented in docs/CONTENT.md"
    # the vocabulary is small: nearly every op is used by the content
    assert len(set(OPS) - used) <= 2, set(OPS) - used


def icons_used(content) -> set[str]:
    """Every icon name the content asks the printer to draw (fields, token sides, backs, shapes, inline)."""
    names: set[str] = set(AREA_ICONS.values()) | set(KIND_ICON.values())  # event cards' area and kind icons
    for _, _, obj in content.objects():
        for attr in ("icon", "footer_icon"):
            if isinstance(getattr(obj, attr, None), str):
                names.add(getattr(obj, attr))
        for side in ("front", "back"):
            if isinstance(getattr(getattr(obj, side, None), "icon", None), str):
                names.add(getattr(obj, side).icon)
        if isinstance(getattr(obj, "hex", None), str):  # a player colour's shape (a map space's hex is a pair)
            names.add(obj.shape)
        for attr in ("text", "footer"):
            value = getattr(obj, attr, None)
            if isinstance(value, dict):
                for text in value.values():
                    names |= set(re.findall(r":([a-z0-9-]+):", text))
    return names


def test_every_icon_is_listed_for_the_print_engineer() -> None:
    content = load_game(GAME)
    doc = DOC.read_text()
    section = doc[doc.index("## Effect vocabulary"):]
    listed = set(re.findall(r"`([a-z0-9-]+)`", section[section.index("### Icons"):]))
    missing = icons_used(content) - listed
    assert not missing, f"icons used but not listed in docs/CONTENT.md: {sorted(missing)}"
    # every listed icon is drawn already or named as still to be drawn
    to_draw = section[section.index("### Icons"):]
    drawn = {p.stem for p in ICONS.glob("*.svg")}
    for name in icons_used(content) - drawn:
        assert f"`{name}` (to draw)" in to_draw, f"icon {name} neither exists nor is listed as to draw"
