"""The table helper's calculations (4. Movement, 6. Rescue Rolls, 7. Combat, 5. Doubles) and the
table tracker's entries with undo."""
from __future__ import annotations

from companion.engine import IllegalAction, Session, Table
from companion.games import game_ids, get_game
from companion.games.pirate_island import helper
from companion.games.pirate_island.data import shared

from .conftest import ISL, RED_HARBOUR

RULES = shared().rules


def test_route_is_the_cheapest_way_and_says_whether_it_fits_a_turn() -> None:
    lp = ISL.landing[RED_HARBOUR]
    goal = ISL.chest_field[14]
    found = helper.route(ISL, RULES, lp, goal)
    assert found["route"][0] == lp and found["route"][-1] == goal
    assert found["cost"] == int(ISL.search(lp, 99, 1, (), ())[goal][0])
    carried = helper.route(ISL, RULES, goal, lp, carry=True)
    assert carried["cost"] == 2 * found["cost"] - found["rivers"] or carried["cost"] <= 2 * found["cost"]
    assert carried["cap"] == 9 and found["cap"] == 7


def test_rescue_targets_by_place() -> None:
    assert helper.rescue_targets(ISL, RULES, None) == {"fever": 3, "eruption": None}
    assert helper.rescue_targets(ISL, RULES, ISL.chest_field[11])["eruption"] == 9
    assert helper.rescue_targets(ISL, RULES, ISL.chest_field[15])["eruption"] == 7
    swamp = next(f for f in ISL.fields if ISL.kind[f] == "swamp")
    assert helper.rescue_targets(ISL, RULES, swamp) == {"fever": 7, "eruption": None}


def test_combat_the_rulebooks_example_9_plus_1_minus_4_is_nothing() -> None:
    res = helper.combat(RULES, 2, "fortress", river=True)
    assert res["modifier"] == -3
    nothing = next(r for r in res["results"] if r["result"] == "nothing")
    assert nothing["dice"] == "8-11"  # 9 + 1 - 4 = 6: nothing happens
    assert abs(sum(r["chance"] for r in res["results"]) - 1) < 0.01


def test_doubles_explained() -> None:
    assert helper.doubles(RULES, 5)["event"] == "storm"
    assert "Totenkiste" in helper.doubles(RULES, 6)["text"]


def test_tracker_turns_storm_and_totenkiste_with_undo() -> None:
    assert "pirate-island-tracker" not in game_ids()
    s = Session(get_game("pirate-island-tracker"), ["Anne", "Bart"], source=Table())
    s.act({"type": "next_turn", "player": 0})
    s.act({"type": "storm", "player": 1, "on": True})
    s.act({"type": "dead", "player": 1, "band": 0, "change": 1})
    v = s.view(None)
    assert v["turn"] == 1 and v["storm"] and v["players"][0]["totenkiste"] == 1
    s.undo()
    assert s.view(None)["players"][0]["totenkiste"] == 0
    try:
        s.act({"type": "dead", "player": 1, "band": 0, "change": -1})
    except IllegalAction as exc:
        assert "0-6" in exc.reason
    else:
        raise AssertionError("an empty Totenkiste gave a pirate back")
