"""Replay files of Pirateology (docs/REPLAY.md): the examples play to their scores; a wrong entry
stops the replay with its number and the rule."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion.cli import main
from companion.engine.replay import load_replay
from companion.games import get_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("pirateology-*.yaml"))
SCORES = {
    "pirateology-first-turns.yaml": {"Ann": 11, "Ben": 4},
    "pirateology-battle-castaway.yaml": {"Ann": 14, "Ben": 0},
}


def test_replay__every_example_is_checked() -> None:
    """Contents: every Pirateology example in docs/examples is listed here with its gold."""
    assert sorted(p.name for p in EXAMPLES) == sorted(SCORES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_replay__examples_score(path: Path) -> None:
    """Rules Of Battle: the documented examples end with the documented gold (carried and buried)."""
    session = load_replay(path, get_game)
    assert session.game.result(session.state)["scores"] == SCORES[path.name]


def test_replay__illegal_move_named(tmp_path: Path, capsys) -> None:
    """Moving Around The Board: a square the roll cannot reach stops the replay at that entry, exit 2."""
    data = yaml.safe_load((ROOT / "docs/examples/pirateology-first-turns.yaml").read_text())
    data["actions"][8] = {"move": "o11"}
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "entry 9" in err and "O11 cannot be reached" in err and "Moving Around The Board" in err
