"""Shared fixtures for the printer's tests: the mini-game fixture and a built set of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.content import load_game
from companion.printing.build import plan
from companion.printing.options import PrintOptions

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "content" / "mini-game"


@pytest.fixture(scope="session")
def mini():
    return load_game(MINI)


def build(content, out: Path, **kw) -> dict[str, int]:
    """Write every file of a set; returns {file name: pages}."""
    made = {}
    for job in plan(content, PrintOptions(out=out, **kw)):
        made[job.path.name] = job.make()
    return made
