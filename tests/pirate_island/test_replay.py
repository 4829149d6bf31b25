"""Replay files of Pirate Island (docs/REPLAY.md): the examples play, errors name entry and rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.replay import ReplayError, load_replay, play_replay
from companion.games import get_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {"pirate-island-first-turns.yaml": [], "pirate-island-whole-game.yaml": ["Ben"]}


def test_every_example_is_checked() -> None:
    assert sorted(p.name for p in (ROOT / "docs" / "examples").glob("pirate-island-*.yaml")) == sorted(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_play_to_their_expected_end(name: str) -> None:
    session = load_replay(ROOT / "docs" / "examples" / name, get_game)
    assert session.game.result(session.state)["winners"] == EXAMPLES[name]


def test_first_turns_show_the_rules_at_work() -> None:
    """2. Setup: chests 14, 21, 36, 42, 53, 65; 4. Movement: disembark 6 + plain 1, a way of choice."""
    session = load_replay(ROOT / "docs" / "examples" / "pirate-island-first-turns.yaml", get_game)
    text = " | ".join(e.text for e in session.history(None))
    assert "the chests are placed on 14, 21, 36, 42, 53, 65" in text
    assert "Ann moves Red pirate 1 to C12 (7 BP, 4 left)" in text
    assert "in the fog Ben moves Red pirate 1 to D9" in text
    # 2. Setup: a ship may stay at sea after 7 or more; 4. Movement: a way of the player's own
    assert "Ben keeps the ship at sea" in text
    assert "Ben moves Blue pirate 1 to Q8 by way of R8 (3 BP, 3 left)" in text


def test_an_illegal_entry_names_the_entry_and_the_rule() -> None:
    data = {"game": "pirate-island", "players": ["Ann", "Ben"],
            "actions": [{"roll": [1, 1, 1, 1, 1, 1]}, {"roll": [6, 1]}, {"roll": [2, 2]}, {"enter": "harbour-1"}]}
    with pytest.raises(ReplayError) as err:
        play_replay(data, get_game)
    assert "entry 4" in str(err.value)
    data["actions"][2] = {"roll": [7, 1]}
    with pytest.raises(ReplayError) as err:
        play_replay(data, get_game)
    assert "has no face" in str(err.value)
