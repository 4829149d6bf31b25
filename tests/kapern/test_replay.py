"""Replay files (docs/REPLAY.md): the examples, errors with entry number and rule, session files."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from companion.cli import main
from companion.engine import Session
from companion.engine.replay import ReplayError, load_replay, play_replay
from companion.games import get_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("kapern-*.yaml"))
SCORES = {
    "kapern-first-turns.yaml": {"Ann": 1000, "Ben": 500},
    "kapern-skull-island.yaml": {"Ann": 100, "Ben": 0, "Cas": 400},
    "kapern-extra-cards.yaml": {"Ann": 1200, "Ben": 1200},
    "kapern-last-round.yaml": {"Ann": 10600, "Ben": 500},
}


def test_replay__every_example_is_checked() -> None:
    """Speelbeurt: every example in docs/examples is listed here with its scores."""
    assert sorted(p.name for p in EXAMPLES) == sorted(SCORES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_replay__examples_score(path: Path) -> None:
    """Punten scoren: the documented examples give the documented scores."""
    session = load_replay(path, get_game)
    assert session.game.result(session.state)["scores"] == SCORES[path.name]


def test_replay__cli_json_prints_scores(capsys) -> None:
    """Speelbeurt: `companion replay FILE --json` prints the final public state with every score."""
    assert main(["replay", str(ROOT / "docs/examples/kapern-last-round.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["scores"] == {"Ann": 10600, "Ben": 500} and data["over"]
    assert data["state"]["players"][0]["score"] == 10600


def write(tmp_path: Path, actions: list, **extra) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"game": "piraten-kapern", "players": ["Ann", "Ben"], "actions": actions, **extra}))
    return path


ROLL = ["coin", "coin", "monkey", "monkey", "parrot", "saber", "skull", "diamond"]


def test_replay__illegal_action_names_entry_and_rule(tmp_path: Path, capsys) -> None:
    """Speelbeurt: an illegal entry is reported with its number and the rule; exit code 2."""
    path = write(tmp_path, [{"draw": "captain"}, {"roll": ROLL}, {"reroll": [7, 8]}])
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "entry 3" in err and "(Speelbeurt)" in err and "skull" in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("actions,words", [
    ([{"roll": ROLL}], ["entry 1", "fortune card"]),
    (["stop"], ["entry 1", "draw: ..."]),
    ([{"draw": "captain"}, {"roll": ROLL[:3]}], ["entry 2", "expected 8 faces"]),
    ([{"draw": "captain"}, {"roll": ROLL[:7] + ["banana"]}], ["entry 2", "no face 'banana'"]),
    ([{"draw": "kraken"}], ["entry 1", "'kraken' is not left"]),
    ([{"draw": "captain"}, {"roll": ROLL}, {"fly": 3}], ["entry 3", "unknown action type 'fly'"]),
    ([{"draw": "captain"}, {"roll": ROLL}, {"pick": "x"}], ["entry 3", "expected a whole number"]),
    ([{"draw": "captain"}, {"roll": ROLL}, {"stop": None, "player": "Ben"}], ["entry 3", "turn order"]),
    ([{"draw": "captain"}, {"roll": ROLL}, {"reroll": [1]}], ["entry 3", "at least 2"]),
    ([{"draw": "captain"}, {"roll": ROLL}, {"draw": "gold"}], ["entry 3", "Ann must act"]),
])
def test_replay__malformed_entries(tmp_path: Path, actions: list, words: list[str]) -> None:
    """Speelbeurt: malformed entries are refused with their number and what was expected."""
    with pytest.raises(ReplayError) as info:
        load_replay(write(tmp_path, actions), get_game)
    for word in words:
        assert word in str(info.value)


def test_replay__bad_files(tmp_path: Path) -> None:
    """Speelbeurt: files that are no replay are refused with one clear line."""
    with pytest.raises(ReplayError, match="missing 'players'"):
        play_replay({"game": "piraten-kapern", "actions": []}, get_game)
    with pytest.raises(ReplayError, match="unknown key 'colour'"):
        play_replay({"game": "piraten-kapern", "players": ["A", "B"], "actions": [], "colour": 1}, get_game)
    with pytest.raises(ReplayError, match="unknown game"):
        play_replay({"game": "chess", "players": ["A", "B"], "actions": []}, get_game)
    with pytest.raises(ReplayError, match="takes 2-5 players"):
        play_replay({"game": "piraten-kapern", "players": ["A"], "actions": []}, get_game)
    with pytest.raises(ReplayError, match="no such file"):
        load_replay(tmp_path / "missing.yaml", get_game)
    with pytest.raises(ReplayError, match="expected scores"):
        load_replay(write(tmp_path, [{"draw": "captain"}, {"roll": ROLL}, "stop"], expect={"scores": {"Ann": 1}}), get_game)


def test_replay__session_file_is_accepted(tmp_path: Path, capsys) -> None:
    """Speelbeurt: a saved session (JSON) replays to the same state; --save writes one."""
    out = tmp_path / "s.json"
    assert main(["replay", str(ROOT / "docs/examples/kapern-skull-island.yaml"), "--save", str(out)]) == 0
    capsys.readouterr()
    again = load_replay(out, get_game)
    assert again.game.result(again.state)["scores"] == SCORES["kapern-skull-island.yaml"]
    assert Session.load(out, get_game).state == again.state
    assert main(["replay", str(out)]) == 0
    assert "Cas" in capsys.readouterr().out


def test_replay__table_entry_with_pick_and_long_forms(tmp_path: Path) -> None:
    """Speelbeurt: every way of writing an action gives the same game."""
    short = load_replay(write(tmp_path, [{"draw": "gold"}, {"roll": ROLL}, {"reroll": [5, 6]},
                                         {"roll": ["monkey", "coin"]}, "stop"]), get_game)
    long = load_replay(write(tmp_path, [{"chance": ["gold"]}, {"roll": ROLL}, {"pick": 5}, {"pick": {"die": 6}},
                                        {"type": "reroll", "player": 0}, {"roll": ["monkey", "coin"]},
                                        {"stop": None, "player": "Ann"}]), get_game)
    assert short.state == long.state and short.state.scores == [200 + 400 + 100 + 100, 0]


def test_replay__command_runs_as_a_program() -> None:
    """Speelbeurt: the installed command prints the scores."""
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "replay",
                           str(ROOT / "docs/examples/kapern-first-turns.yaml")], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and "Ann" in proc.stdout and "1000" in proc.stdout
