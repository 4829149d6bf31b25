"""Limits on what a content (or replay) file may cost, and YAML that is not plain data (issue 11.6):
each is one line naming the file and the line, exit code 2, in bounded time and memory."""
from __future__ import annotations

import os
import shutil
import threading
import tracemalloc
from pathlib import Path

import pytest

from companion.cli import main
from companion.content import ContentError, load_game
from companion import CONTENT_DIR
from companion.content.yamlsrc import LIMITS, PlainLoader, _index, _parse_fast, parse_plain, read_yaml

from ..conftest import release_fifo  # (lets a reader blocked on a FIFO go without blocking: tests/conftest.py)

FIXTURE = Path(__file__).parent.parent / "fixtures" / "content" / "tiny"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    shutil.copytree(FIXTURE, folder)
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems]


def billion_laughs(levels: int = 9) -> str:
    text = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    prev = "a"
    for name in "bcdefghijk"[: levels - 1]:
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
        prev = name
    return text


def test_billion_laughs_is_refused_quickly_and_cheaply(game: Path) -> None:
    (game / "extra.yaml").write_text(billion_laughs())  # 10^9 values once expanded; ~1 KB on disk
    tracemalloc.start()
    try:
        found = problems(game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert any("extra.yaml:" in p and "aliases are expanded" in p for p in found), found
    assert peak < 20 * 1024 * 1024


def test_a_few_aliases_are_fine_and_errors_through_them_have_a_line(game: Path) -> None:
    path = game / "components.yaml"
    text = path.read_text().replace("dice:\n", "x-base: &base {source: authored}\ndice:\n", 1)
    path.write_text(text)
    found = problems(game)  # x-base is an unknown key: reported with its line, nothing else breaks
    assert any("components.yaml:1: x-base: unknown key" in p for p in found), found


def test_nesting_depth(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 10_000 + "]" * 10_000 + "\n")
    with pytest.raises(ContentError, match=f"deep.yaml:1: nested more than {LIMITS.depth} levels deep"):
        read_yaml(path)


def test_file_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("w") as f:
        f.write("a: [" + "1, " * (LIMITS.bytes // 3 + 10) + "1]\n")
    with pytest.raises(ContentError, match="big.yaml: the file is .* bytes; at most"):
        read_yaml(path)


def test_string_length(tmp_path: Path) -> None:
    path = tmp_path / "long.yaml"
    path.write_text("a: 1\nb: " + "x" * (LIMITS.text + 1) + "\n")
    with pytest.raises(ContentError, match="long.yaml:2: a text of .* characters; at most"):
        read_yaml(path)


def test_alias_that_contains_itself(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("a: &x [1, *x]\n")
    with pytest.raises(ContentError, match="loop.yaml:1: an alias that contains itself"):
        read_yaml(path)


@pytest.mark.parametrize("text, line", [("a: 1\nb: 2\na: 3\n", 3), ("1: x\n01: y\n", 2),
                                        ("c:\n  - {id: d, id: e}\n", 2)])
def test_duplicate_keys_are_an_error(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text(text)
    with pytest.raises(ContentError, match=f"dup.yaml:{line}: key .* appears twice"):
        read_yaml(path)


def test_duplicate_key_in_content_via_cli(game: Path, capsys) -> None:
    path = game / "components.yaml"
    path.write_text(path.read_text().replace("copies: 3", "copies: 3\n        copies: 4", 1))
    assert main(["validate", str(game)]) == 2
    err = capsys.readouterr().err
    assert "components.yaml:" in err and "'copies' appears twice" in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["!!binary aGVsbG8=", "!!set {a, b}", "!!timestamp 2001-12-14",
                                   "!!python/name:os.system", "!!omap [a: 1]"])
def test_tags_other_than_plain_data_are_refused(tmp_path: Path, value: str) -> None:
    path = tmp_path / "tag.yaml"
    path.write_text(f"x: 1\ny: {value}\n")
    with pytest.raises(ContentError, match="tag.yaml:2: !!.* values are not allowed"):
        read_yaml(path)


def test_a_date_is_text(tmp_path: Path) -> None:
    path = tmp_path / "date.yaml"
    path.write_text("when: 2001-12-14\n")
    assert read_yaml(path).data == {"when": "2001-12-14"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_content_file_does_not_block(game: Path) -> None:
    os.mkfifo(game / "extra.yaml")
    found: list[str] = []
    worker = threading.Thread(target=lambda: found.extend(problems(game)), daemon=True)
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():  # unblock the reader so the test run can end, then fail
        release_fifo(game / "extra.yaml")
        pytest.fail("reading a FIFO blocked")
    assert any("extra.yaml: not a regular file" in p for p in found), found


def test_copies_are_bounded(game: Path) -> None:
    path = game / "components.yaml"
    path.write_text(path.read_text().replace("copies: 3", "copies: 1000000", 1))
    assert any("copies: expected a number <= 1000" in p for p in problems(game))


def test_all_copies_together_are_bounded(game: Path) -> None:
    path = game / "components.yaml"
    text = path.read_text()
    extra = "".join(f"  - {{id: t{i}, name: {{en: T}}, source: authored, copies: 1000}}\n" for i in range(6))
    path.write_text(text.replace("tokens:\n", "tokens:\n" + extra, 1))
    assert any("game.yaml" in p and "components in all" in p for p in problems(game))


def test_players_min_over_max(game: Path) -> None:
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("players: {min: 2, max: 4}", "players: {min: 5, max: 4}"))
    assert any("game.yaml:" in p and "min (5) is more than max (4)" in p for p in problems(game))


def test_region_outside_the_board(game: Path) -> None:
    path = game / "components.yaml"
    board = ("boards:\n  - id: map\n    name: {en: Map}\n    source: authored\n    width_mm: 100\n    height_mm: 80\n"
             "    regions:\n      - {id: sea, name: {en: Sea}, x: 10, y: 10, w: 20, h: 20}\n"
             "      - {id: far, name: {en: Far}, x: 90, y: 10, w: 20, h: 20}\n")
    path.write_text(path.read_text() + board)
    found = problems(game)
    assert any("region 'far'" in p and "outside the board" in p for p in found), found
    assert not any("'sea'" in p for p in found)


def test_libyaml_reads_every_content_file_as_pyyaml_does() -> None:
    """The fast reading (libyaml, after a pass that checks the nesting) gives every content file's
    data and the line of every field exactly as PyYAML's own reader does, which says the errors."""
    files = sorted(CONTENT_DIR.rglob("*.yaml"))  # (a game's words and rules reference too)
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = _parse_fast(text, LIMITS)
        assert fast is not None, path
        loader = PlainLoader(text)
        node = loader.get_single_node()
        lines: tuple[dict, dict] = ({}, {})
        _index(fast[1], (), lines[0], set())
        _index(node, (), lines[1], set())
        assert fast[0] == loader.construct_document(node) and lines[0] == lines[1], path


def test_libyaml_is_not_given_a_file_nested_deeper_than_the_limit() -> None:
    """libyaml composes recursively in C: a file nested past the limit is left to PyYAML's reader,
    which refuses it with its line (a scalar counts as a level, as PyYAML's composer counts it)."""
    deep = "a: " + "[" * (LIMITS.depth - 1) + "x" + "]" * (LIMITS.depth - 1) + "\n"
    assert _parse_fast(deep, LIMITS) is None
    assert _parse_fast(deep.replace("[", "", 1).replace("]", "", 1), LIMITS) is not None
    with pytest.raises(ContentError, match=f"nested more than {LIMITS.depth} levels deep"):
        parse_plain(deep, "deep.yaml")
