"""Golden replays: whole games kept as session files (tests/pvd/golden/) must replay to the same end."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import Session
from companion.games.pirates_vs_dinosaurs.rules import GAME

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_replay_reproduces_the_game(path: Path) -> None:
    """End of the Game: replaying the log (no seed needed) reaches the same result."""
    data = json.loads(path.read_text(encoding="utf-8"))
    session = Session.from_json(data, GAME)
    assert session.is_over()
    assert GAME.result(session.state) == data["meta"]["expected_result"]
