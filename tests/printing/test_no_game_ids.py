"""The printer knows no game (docs/ARCHITECTURE.md: nothing in the printer knows a rule): no id of
any game's content is written into companion/printing; what a game adds to its faces comes through
its own content models (`Card.print_fields`: Pirates vs. Dinosaurs' area icons on Incidents)."""
from __future__ import annotations

import ast
from pathlib import Path

from companion.content import ContentError, game_folders, load_game

PRINTING = Path(__file__).resolve().parents[2] / "companion" / "printing"

#: words of the printer's own vocabulary that a game happens to use as an id too: a paper size, a
#: profile section, a deck size, a colour shape, the mark on every score pad, a layout box field
# words the printer uses for itself that happen to be some game's id too ("title": the rules
# reference's section key; "1": one board, one pad in the checklist)
OWN_WORDS = {"a4", "board", "captain", "diamond", "skull", "w", "title", "1"}


def content_ids() -> dict[str, str]:
    ids: dict[str, str] = {}
    for folder in game_folders():
        try:
            content = load_game(folder)
        except ContentError:  # a game being written right now: validate reports it
            continue
        ids[content.info.id] = content.info.id
        for collection, table in content.index.items():
            for oid in table:
                ids.setdefault(oid, f"{content.info.id} {collection}")
    return ids


def test_the_printer_names_no_id_of_any_game() -> None:
    ids = content_ids()
    found = []
    for path in sorted(PRINTING.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids \
                    and node.value not in OWN_WORDS:
                found.append(f"{path.name}:{node.lineno}: {node.value!r} ({ids[node.value]})")
    assert not found, "\n".join(found)


def test_a_game_adds_its_own_fields_to_a_face() -> None:
    content = load_game("pirates-vs-dinosaurs")
    incident = next(c for c in content.all("card") if getattr(c, "areas", None))
    assert incident.print_fields("en")["areas"]
    assert all(c.print_fields("en") == {} for c in load_game("piraten-kapern").all("card"))
