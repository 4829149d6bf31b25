"""Docs that stay true: every command the README names answers `--help`, and every relative link
and picture of README.md and docs/ points at a file that exists."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted([README, ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")])
#: a command as the README writes it, in code: `companion print GAME` -> "print"
COMMAND = re.compile(r"\bcompanion(?: ([a-z][a-z-]*))?\b(?![./\w-])")
#: [text](target) and <img src="target">, target without its #fragment
LINK = re.compile(r"\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


def code(text: str) -> str:
    """The README's code: fenced blocks and `spans`, where its commands are written."""
    return "\n".join(re.findall(r"```[a-z]*\n(.*?)```", text, re.S) + re.findall(r"`([^`\n]+)`", text))


def readme_commands() -> list[str]:
    found = {m.group(1) or "" for m in COMMAND.finditer(code(README.read_text(encoding="utf-8")))}
    return sorted(found)


def test_the_readme_names_the_commands() -> None:
    assert {"", "print", "app", "validate", "play", "simulate", "odds", "history"} <= set(readme_commands())


@pytest.mark.parametrize("command", readme_commands())
def test_every_command_the_readme_names_answers_help(command: str, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"] if command else ["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: companion" + (f" {command}" if command else ""))


def links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [a or b for a, b in LINK.findall(text)]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(doc: Path) -> None:
    broken = []
    for target in links(doc):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address, a mail address or a place in the same page
        if not (doc.parent / target.split("#")[0]).exists():
            broken.append(target)
    assert not broken, f"{doc.relative_to(ROOT)}: links to nothing: {', '.join(broken)}"


#: each game's page and the tests folder its "Every choice the rulebook gives" table names tests in
CHOICE_TABLES = {"pirate-island": "pirate_island", "pirateology": "pirateology",
                 "piraten-kapern": "kapern", "pirates-vs-dinosaurs": "pvd"}


@pytest.mark.parametrize("page", sorted(CHOICE_TABLES))
def test_every_choice_table_names_tests_that_exist(page: str) -> None:
    """Issue 31 item 3: docs/games/<game>.md lists each choice of the rulebook with the test that
    plays it; every `file.py::test_name` there is a test of the game's tests folder."""
    text = (ROOT / "docs" / "games" / f"{page}.md").read_text(encoding="utf-8")
    table = text[text.index("Every choice the rulebook gives"):]
    table = table[:table.index("\n\n", table.index("| --- |"))]
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", table)
    assert named, f"docs/games/{page}.md: no test named in its table of choices"
    folder = ROOT / "tests" / CHOICE_TABLES[page]
    missing = [f"{f}::{t}" for f, t in named
               if not (folder / f).is_file() or not re.search(rf"^def {t}\(", (folder / f).read_text(encoding="utf-8"), re.M)]
    assert not missing, f"docs/games/{page}.md names tests that do not exist: {missing}"
