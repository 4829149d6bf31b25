"""The effect vocabulary is one list: the ops and conditions the interpreter handles are exactly
those the content models accept and docs/CONTENT.md documents (docs/CONTENT.md, "Effect
vocabulary (Pirates vs. Dinosaurs)")."""
from __future__ import annotations

import re
import typing
from pathlib import Path

from companion.games.pirates_vs_dinosaurs import vocabulary as effects
from companion.games.pirates_vs_dinosaurs.abilities import CONDITIONS
from companion.games.pirates_vs_dinosaurs.interpreter import OPS, PASSIVE_ONLY

DOC = (Path(__file__).parents[2] / "docs" / "CONTENT.md").read_text(encoding="utf-8")


def _section(title: str, end: str) -> str:
    start = DOC.index(title)
    return DOC[start:DOC.index(end, start)]


def model_ops() -> set[str]:
    ops = set()
    for cls in vars(effects).values():
        if isinstance(cls, type) and issubclass(cls, effects._Op) and "op" in getattr(cls, "model_fields", {}):
            ops.update(typing.get_args(cls.model_fields["op"].annotation))
    return ops


def documented_ops() -> set[str]:
    table = _section("### Operations", "Validation beyond the types")
    return set(re.findall(r"^\| `(\w+)` \|", table, flags=re.M))


def documented_conditions() -> set[str]:
    text = _section("### Conditions", "Roll kinds:")
    text = re.sub(r"\([^)]*\)", "", text.split("All given fields must hold:", 1)[1])
    return set(re.findall(r"`(\w+)`", text))


def test_the_interpreter_runs_exactly_the_documented_operations() -> None:
    handled = set(OPS) | set(PASSIVE_ONLY)
    assert not set(OPS) & set(PASSIVE_ONLY)
    assert handled == model_ops() == documented_ops()


def test_the_engine_checks_exactly_the_documented_conditions() -> None:
    fields = set(effects.Condition.model_fields)
    assert set(CONDITIONS) == fields == documented_conditions()
