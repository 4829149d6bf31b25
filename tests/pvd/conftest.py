"""Every scripted Pirates vs. Dinosaurs session a test makes (tests/pvd/scenario.py) must replay: loaded again from its save data (its start position and its log), it
reaches the same state. A position built by editing a live state would pass its own test and
still be a game nobody could reach again or load (issue 17, item 5)."""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from companion.engine import Session
from . import scenario
from companion.games.pirates_vs_dinosaurs.rules import GAME


def replayed(s: Session) -> Session:
    """`s` as a load makes it again: its save data through JSON, its log replayed from its start."""
    return type(s).from_json(json.loads(json.dumps(s.to_json())), GAME)


@pytest.fixture(autouse=True)
def scripted_sessions_replay(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Session]]:
    """Collect the test's scripted sessions and check each one replays after the test. It asks for
    `monkeypatch` so that content a test patched is still patched when its sessions replay."""
    made: list[Session] = []
    monkeypatch.setattr(scenario, "made", made)
    yield made
    for i, s in enumerate(made):
        again = replayed(s)
        assert GAME.state_to_json(again.state) == GAME.state_to_json(s.state), \
            f"scripted session {i + 1} of {len(made)} does not replay to the state the test left it in"
        assert again.log == s.log
