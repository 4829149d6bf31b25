"""Scripted positions are data (issue 17, item 5): a position the scenario helpers change is the
start of a new session, written in its save, so the session loads and its log replays. Every test
in this folder checks its scripted sessions replay (conftest.py); here, that the check can fail and
that a start position is loaded like the rest of a save."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.engine import SaveError, Session
from companion.engine.records import save_checksum
from companion.engine.state import to_jsonable
from companion.games.pirates_vs_dinosaurs.rules import GAME
from .scenario import act, edit, goto, quiet, table_session

from .conftest import replayed


def test_a_state_edited_in_place_is_caught_by_the_replay_check() -> None:
    """What the helpers replaced: an edit of the live state leaves a log that replays to another
    state, so the check every scripted test ends with fails on it."""
    s = quiet(table_session(2))
    s.state.players[0].crew = 3  # in place: not in the log, not in the start position
    assert GAME.state_to_json(replayed(s).state) != GAME.state_to_json(s.state)
    s.state.players[0].crew = 20  # (put back: the folder's check of this session passes)


def test_an_edited_position_saves_loads_and_undoes_to_its_start(tmp_path: Path) -> None:
    """Replenish Your Crew (Stage 2): a captain edited to 3 sailors with a Tyrannosaurus to face;
    the session's save holds that start, a load replays the log from it, undo goes back to it."""
    s = goto(edit(quiet(table_session(2)), 0, crew=3, inc_dino="tyrannosaurus"), 0, "start")
    start = GAME.state_to_json(s.state)
    s.resolve(["thirst", "thirst"])
    s.resolve(["skull"])
    s.save(tmp_path / "game.json")
    loaded = Session.load(tmp_path / "game.json", GAME, write=False)
    assert loaded.state == s.state and loaded.state.players[0].crew == s.state.players[0].crew
    assert [type(f) for f in loaded.state.stack] == [type(f) for f in s.state.stack]
    s.undo()
    s.undo()
    assert GAME.state_to_json(s.state) == start
    s.close()


def test_a_start_position_survives_json_with_every_frame_kind_on_the_stack() -> None:
    """Desperate Actions (reaction windows): a position in the middle of a roll (a Roll frame with
    its window over an Incident over the Turn) is written and read back frame by frame."""
    s = edit(quiet(table_session(2, auto_pass=False)), 1, hand=["triceratops", "thirst"])
    s = edit(s, 0, inc_dino="pterosaur")
    s.resolve(["thirst", "thirst"])
    act(s, "play_incident", slot="dinosaur_attack")
    assert len(s.state.stack) > 2
    again = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s.state))))
    assert again == s.state and again.stack == s.state.stack and again.offered == s.state.offered


@pytest.mark.parametrize("start, says", [
    ({"stack": [{"frame": "Teleport", "p": 0}]}, "not a position of pirates-vs-dinosaurs (KeyError: 'Teleport')"),
    ({"players": 7}, "not a position of pirates-vs-dinosaurs (TypeError: "),
])
def test_a_save_with_a_start_that_is_no_position_is_refused(tmp_path: Path, start: dict, says: str) -> None:
    """A save is input: a start position that is none of the game's (an unknown frame kind, a
    number for the captains) is a SaveError that says so, not a traceback."""
    data = quiet(table_session(2)).to_json()
    data["start"] = {**data["start"], **start}
    data["checksum"] = save_checksum(data)
    with pytest.raises(SaveError, match=re.escape(f"the start position is {says}")):
        Session.from_json(json.loads(json.dumps(data)), GAME)


def test_a_new_games_save_holds_no_start() -> None:
    """A session from the beginning keeps its saves as before: no start position in them."""
    s = table_session(2)
    assert "start" not in s.to_json() and s.start is None
    assert to_jsonable(replayed(s).state) == to_jsonable(s.state)
