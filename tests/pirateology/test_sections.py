"""Every Pirateology rule test names the rulebook section it checks; every ruling names a real section."""
from __future__ import annotations

import ast
from pathlib import Path

from companion.content import load_game

SECTIONS = ("Contents", "Set Up", "Playing The Game", "Moving Around The Board", "Treasure Spots",
            "Using The Skull Cards", "Weapons", "Rules Of Battle", "Ship vs Ship", "Ship vs Pirate",
            "Winning The Game")
RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "pirateology.txt"


def test_sections__every_test_names_a_section() -> None:
    """Contents: each test's docstring starts with the rulebook section it checks."""
    missing = []
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                if not doc.startswith(SECTIONS):
                    missing.append(f"{path.stem}.{node.name}")
    assert not missing, f"tests without a rulebook section in their docstring: {missing}"


def test_sections__rulings_name_real_sections() -> None:
    """Contents: every ruling in rulings.yaml names a section of the rulebook."""
    rulings = load_game("pirateology").files["rulings.yaml"].rulings
    assert len(rulings) >= 25
    for ruling in rulings:
        assert ruling.section in SECTIONS, ruling.id
    if RULEBOOK.exists():  # the shared rulebook is beside the checkout on developer machines and CI
        text = RULEBOOK.read_text(encoding="utf-8")
        for section in SECTIONS:
            assert section in text, section
