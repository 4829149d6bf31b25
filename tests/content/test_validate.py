"""The content system: every kind of bad input gives one clear line with file, line, field, exit 2."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.content import ContentError, load_game
from companion.content.models import ComponentsFile, Strict, ref
from companion.content.schema import GameSchema

FIXTURE = Path(__file__).parent.parent / "fixtures" / "content" / "tiny"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    shutil.copytree(FIXTURE, folder)
    return folder


def edit(folder: Path, old: str, new: str, file: str = "components.yaml") -> None:
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems]


def validate_cli(folder: Path, capsys) -> tuple[int, str]:
    code = main(["validate", str(folder)])
    err = capsys.readouterr().err
    return code, err


def test_fixture_is_valid(game: Path, capsys) -> None:
    content = load_game(game)
    assert content.get("card", "gold").copies == 3
    code = main(["validate", str(game)])
    assert code == 0
    assert "ok: tiny" in capsys.readouterr().out


def test_yaml_syntax_error_names_file_and_line(game: Path, capsys) -> None:
    edit(game, "copies: 3", "copies: [3")
    code, err = validate_cli(game, capsys)
    assert code == 2
    assert "components.yaml:" in err and "YAML syntax error" in err
    assert "Traceback" not in err
    line = int(err.split("components.yaml:")[1].split(":")[0])
    assert 18 <= line <= 20


def test_wrong_type(game: Path) -> None:
    edit(game, "copies: 10", "copies: lots")
    [msg] = problems(game)
    assert "components.yaml:" in msg and "tokens[0].copies" in msg
    assert "expected a whole number, got text ('lots')" in msg
    assert msg.split(":")[1] == "23"


def test_unknown_key_lists_allowed_keys(game: Path) -> None:
    edit(game, "copies: 10", "copies: 10\n    colur: '#ff0000'")
    [msg] = problems(game)
    assert "tokens[0].colur: unknown key" in msg and "colour" in msg


def test_missing_field(game: Path) -> None:
    edit(game, "    name: {en: Doubloon}\n", "")
    [msg] = problems(game)
    assert "tokens[0].name: missing field (required)" in msg


def test_negative_count(game: Path) -> None:
    edit(game, "copies: 3", "copies: -1")
    [msg] = problems(game)
    assert "decks[0].cards[0].copies: expected a number >= 0, got a number (-1)" in msg
    assert ":17:" in msg


class _Bundle(Strict):
    """A test-only file kind whose items refer to dice by id."""

    bundles: list[dict[str, str]] = []
    uses: list[str] = ref("die", default_factory=list)


REF_SCHEMA = GameSchema(files={"bundle.yaml": _Bundle}, other=ComponentsFile)


def test_reference_to_unknown_id(game: Path, monkeypatch) -> None:
    import companion.content.schema as schema

    monkeypatch.setitem(schema.SCHEMAS, "with-refs", REF_SCHEMA)
    edit(game, "schema: generic", "schema: with-refs", file="game.yaml")
    (game / "bundle.yaml").write_text("uses:\n  - d6\n  - d20\n")
    [msg] = problems(game)
    assert "bundle.yaml:3: uses[1]: unknown die id 'd20'; known: d6" in msg


def test_ruling_field_type(game: Path) -> None:
    (game / "rulings.yaml").write_text("rulings:\n  - {id: r1, section: Setup, rule: a, reading: b, why: [c]}\n")
    [msg] = problems(game)
    assert "rulings.yaml:2: rulings[0].why: expected text" in msg


def test_duplicate_id_points_at_both(game: Path) -> None:
    edit(game, "id: doubloon", "id: gold")
    # different collections may share an id; the same collection may not
    load_game(game)
    edit(game, "id: gold\n    name: {en: Doubloon}", "id: d6\n    name: {en: Doubloon}")
    load_game(game)
    text = (game / "components.yaml").read_text()
    (game / "components.yaml").write_text(text.replace("      - {id: coin,", "      - {id: skull,"))
    [msg] = problems(game)
    assert "duplicate face id 'skull'" in msg and "first used at" in msg


def test_value_not_in_allowed_set(game: Path) -> None:
    edit(game, "copies: 10", "copies: 10\n    shape: triangle")
    [msg] = problems(game)
    assert "tokens[0].shape: expected one of 'round', 'square' or 'hex', got text ('triangle')" in msg


def test_empty_file(game: Path) -> None:
    (game / "components.yaml").write_text("")
    [msg] = problems(game)
    assert msg.endswith("components.yaml: the file is empty; expected a mapping of fields")


def test_binary_garbage(game: Path, capsys) -> None:
    (game / "components.yaml").write_bytes(bytes(range(256)) * 4)
    code, err = validate_cli(game, capsys)
    assert code == 2 and "binary data, not a YAML text file" in err


def test_not_utf8(game: Path) -> None:
    (game / "components.yaml").write_bytes("dice: []\n# caf\xe9\n".encode("latin-1"))
    [msg] = problems(game)
    assert ":2: not UTF-8 text (byte 0xe9)" in msg


def test_top_level_not_a_mapping(game: Path) -> None:
    (game / "components.yaml").write_text("- just\n- a list\n")
    [msg] = problems(game)
    assert "expected a mapping of fields at the top of the file, got a list" in msg


def test_text_needs_english(game: Path) -> None:
    edit(game, "name: {en: Gold}", "name: {nl: Goud}")
    [msg] = problems(game)
    assert "decks[0].cards[0].name: a text needs at least its English version (en)" in msg


def test_unknown_game(capsys) -> None:
    code = main(["validate", "no-such-game"])
    err = capsys.readouterr().err
    assert code == 2 and "no-such-game: no such game or content folder" in err


def test_unknown_schema(game: Path) -> None:
    edit(game, "schema: generic", "schema: chess", file="game.yaml")
    [msg] = problems(game)
    assert "game.yaml:4: schema: no content schema named 'chess'" in msg


def test_all_problems_reported_at_once(game: Path) -> None:
    edit(game, "copies: 10", "copies: -5")
    edit(game, "copies: 3", "copies: x")
    assert len(problems(game)) == 2


def test_show_json_lists_every_component_with_count(game: Path, capsys) -> None:
    import json

    assert main(["show", str(game), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    counts = {c["id"]: c["count"] for c in data["components"]}
    assert counts == {"d6": 2, "loot": 3, "doubloon": 10}
