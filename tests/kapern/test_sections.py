"""Every Kapern rule test names the rulebook section it checks; every ruling names a real section."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

from companion.content import load_game

SECTIONS = ("Doel", "Speelbeurt", "Punten scoren", "Einde spel", "Doodshoofdeiland", "Piratenkaarten",
            "Extra kaarten")
RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "piraten-kapern.nl.txt"


def test_sections__every_test_names_a_section() -> None:
    """Speelbeurt: each test's docstring starts with the rulebook section it checks."""
    folder = Path(__file__).parent
    missing = []
    for info in pkgutil.iter_modules([str(folder)]):
        if not info.name.startswith("test_"):
            continue
        module = importlib.import_module(f"tests.kapern.{info.name}")
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("test_") and fn.__module__ == module.__name__:
                doc = inspect.getdoc(fn) or ""
                if not doc.startswith(SECTIONS):
                    missing.append(f"{info.name}.{name}")
    assert not missing, f"tests without a rulebook section in their docstring: {missing}"


def test_sections__rulings_name_real_sections() -> None:
    """Speelbeurt: every ruling in rulings.yaml names a section of the rulebook."""
    rulings = load_game("piraten-kapern").files["rulings.yaml"].rulings
    assert len(rulings) >= 15
    for ruling in rulings:
        assert ruling.section.startswith(SECTIONS), ruling.id
    if RULEBOOK.exists():  # the shared rulebook is beside the checkout on developer machines and CI
        text = RULEBOOK.read_text(encoding="utf-8")
        for section in SECTIONS[1:]:
            assert section.lower() in text.lower().replace("extra kaarten (uitbreiding/promotie)", "extra kaarten")
