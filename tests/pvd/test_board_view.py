"""The island picture a seat sees (Game.board_view): the printed map, captains' markers with
their hours, the Giant Tyrannosaurus, landmark slots face down unless this seat has seen them,
volcano marks and curses taken, and what each area is when tapped."""
from __future__ import annotations

import json
from dataclasses import replace

from companion.engine.session import Session
from companion.games.pirates_vs_dinosaurs.rules import GAME
from companion.games.pirates_vs_dinosaurs.state import EXPEDITION
from companion.games.pirates_vs_dinosaurs.table.tracker import GAME as TRACKER


def session(players=("Anne", "Ben", "Cleo")):
    return Session(GAME, list(players), {}, seed=3)


def test_the_picture_is_the_printed_board_and_json_ready():
    b = session().board_view(0)
    json.dumps(b)
    ids = [sp["id"] for sp in b["map"]["spaces"]]
    assert (b["map"]["width"], b["map"]["height"]) == (600, 420)
    assert {"beach", "plain", "jungle", "swamp", "mountains", "harbor", "dig-site", "volcano-mark-6",
            "curse-space-16"} <= set(ids)
    assert set(b["spaces"]) <= set(ids)


def test_areas_say_their_search_hours_and_hidden_landmarks():
    """Setup (I): the landmarks lie face down in the slots without the player count's mark."""
    s = session()
    b = s.board_view(0)
    jungle = b["spaces"]["jungle"]
    hidden = len([k for k, v in s.state.slots.items() if v and k.startswith("jungle")])
    assert jungle["label"].startswith(f"Jungle: search 3 hours, {hidden} hidden landmark")
    states = {sid: sp["state"] for sid, sp in b["spaces"].items() if sid.startswith("slot-")}
    assert set(states.values()) <= {"hidden", "empty"} and "hidden" in states.values()
    assert b["spaces"]["slot-jungle-2"]["label"] == "Jungle landmark slot: unused at 3 players"   # marked 3P


def test_a_landmark_this_seat_has_seen_shows_its_face_to_that_seat_only():
    s = session()
    slot, landmark = next((k, v) for k, v in s.state.slots.items() if v)
    st = s.state
    st.players[0] = replace(st.players[0], known={slot: landmark})
    mine = GAME.board_view(st, 0)
    space = next(sid for sid in mine["spaces"] if sid == f"slot-{slot}")
    assert mine["spaces"][space]["state"] == "seen" and mine["spaces"][space]["face"]
    assert GAME.board_view(st, 1)["spaces"][space]["state"] == "hidden"
    assert GAME.board_view(st, None)["spaces"][space]["face"] is None


def test_markers_giant_volcano_and_curses_stand_where_the_state_says():
    s = session()
    st = s.state
    st.players[1] = replace(st.players[1], stage=EXPEDITION, area="swamp", time=2, curses=(1,))
    st.giant, st.volcano, st.curse_stack = "swamp", 2, 15
    b = GAME.board_view(st, 0)
    ben = next(p for p in b["pieces"] if p["seat"] == 1)
    assert (ben["space"], ben["text"]) == ("swamp", "2 h")
    assert any(p["kind"] == "giant" and p["space"] == "swamp" for p in b["pieces"])
    assert "Here: Ben, 2 hours left, the Giant Tyrannosaurus" in b["spaces"]["swamp"]["label"]
    assert [b["spaces"][f"volcano-mark-{n}"]["state"] for n in (1, 2, 3)] == ["covered", "covered", None]
    assert b["spaces"]["curse-space-1"]["label"] == "Curse 1, taken by Ben"
    assert b["spaces"]["curse-space-2"]["state"] is None


def test_the_tracker_draws_the_same_island_without_landmark_counts():
    s = Session(TRACKER, ["Anne", "Ben"], {}, seed=1)
    b = s.board_view(None)
    assert b["map"]["width"] == 600
    assert b["spaces"]["jungle"]["label"] == "Jungle: search 3 hours"
