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
    assert [e.text for e in s.act({"type": "next_turn", "player": 0})] == ["Round 1: Bart's turn"]  # (a sentence)
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


def test_doubles_words_carry_the_rule_numbers() -> None:
    # 5. Doubles and 6. Rescue Rolls: the helper's texts say the numbers of rules.yaml, so a rule
    # changed there is told at the table as it is played (nothing typed twice)
    assert "swamp 7+, next to a swamp 6+, interior 5+, coast 4+, aboard 3+" in helper.doubles(RULES, 1)["text"]
    assert "next to the crater 9+, one away 8+, two away 7+" in helper.doubles(RULES, 2)["text"]
    assert "up to 3 fields" in helper.doubles(RULES, 3)["text"]
    changed = RULES.model_copy(update={"fog_fields": 4, "doubles": {**RULES.doubles, 5: "fog", 3: "storm"}})
    assert "up to 4 fields" in helper.doubles(changed, 5)["text"]
    assert helper.doubles(changed, 3)["text"].endswith("doubles that are not double 3.")
    assert helper.storm_face(changed) == 3
    assert helper.faces(RULES) == [1, 2, 3, 4, 5, 6] and helper.attacker_counts(RULES) == [1, 2, 3, 4, 5, 6]
    assert helper.defender_fields(RULES) == ["plain", "mountain", "fortress"]  # 7. Combat: the defence kinds
    assert [r["text"] for r in helper.combat(RULES, 1, "plain", False)["results"]][1] == "defender flees 5 fields"


def test_the_trackers_view_says_what_the_table_may_enter_and_the_storm_rule() -> None:
    # the assistant shows only what this view gives: whether a band's Totenkiste count may go up
    # or down (its legal entries: 0-6 pirates, 9. a band of six) and the storm card's face and rule
    game = get_game("pirate-island-tracker")
    s = game.new_state(["Anne", "Bart"], {})
    s.dead = [6, 0]
    v = game.view(s, None)
    assert [(p["dies"], p["returns"]) for p in v["players"]] == [(False, True), (True, False)]
    assert v["storm_face"] == 5
    assert v["storm_text"] == ("The storm blows: no sailing, embarking, disembarking or loading until the next "
                               "doubles that are not double 5.")


def test_tracker_roll_budget_and_cap_per_pirate() -> None:
    """4. Movement: the two dice are the turn's BP; "no more than 7 BP may be spent on a single
    pirate, unless that pirate carries the treasure chest ... at most 9" (issue 26, item 4)."""
    s = Session(get_game("pirate-island-tracker"), ["Anne", "Bart"], source=Table())
    s.act({"type": "rolled", "player": 0, "dice": [5, 6]})
    assert s.view(None)["bp"] == 11 and not s.view(None)["doubles"]
    s.act({"type": "spend", "player": 0, "pirate": 1, "cost": 6})  # out of the ship: 6 BP
    s.act({"type": "spend", "player": 0, "pirate": 1, "cost": 1})  # one more field: 7 on pirate 1
    try:
        s.act({"type": "spend", "player": 0, "pirate": 1, "cost": 1})
    except IllegalAction as exc:
        assert "at most 7 BP on one pirate" in exc.reason
    else:
        raise AssertionError("an eighth BP on one pirate")
    s.act({"type": "spend", "player": 0, "pirate": 2, "cost": 2, "carry": True})
    assert s.view(None)["bp"] == 2 and s.view(None)["spent"] == {1: 7, 2: 2}
    assert helper.move_check(RULES, 9, 7, 2, carry=True) is None and helper.move_check(RULES, 9, 7, 3, carry=True)
    s.act({"type": "next_turn", "player": 0})
    assert s.view(None)["bp"] == 0 and s.view(None)["dice"] == []  # unspent BP lapse


def test_tracker_doubles_keep_the_storm() -> None:
    """5. Doubles: no BP; double 5 lays out the storm, other doubles end it."""
    s = Session(get_game("pirate-island-tracker"), ["Anne", "Bart"], source=Table())
    s.act({"type": "rolled", "player": 0, "dice": [5, 5]})
    v = s.view(None)
    assert v["storm"] and v["bp"] == 0 and v["doubles"] and "Storm at sea" in v["last"]["lines"][0]
    s.act({"type": "next_turn", "player": 0})
    s.act({"type": "rolled", "player": 1, "dice": [3, 4]})
    assert s.view(None)["storm"]  # not doubles: it blows on
    s.act({"type": "next_turn", "player": 1})
    s.act({"type": "rolled", "player": 0, "dice": [1, 1]})
    assert not s.view(None)["storm"] and "The storm is over." in s.view(None)["last"]["lines"]


def test_tracker_rescue_and_combat_rolls_resolve_with_their_odds() -> None:
    """6. Rescue Rolls: below the target the pirate goes to the Totenkiste; 7. Combat: the table's
    result for the dice and the modifier (the rulebook's example: 9 + 1 - 4 = 6, nothing)."""
    s = Session(get_game("pirate-island-tracker"), ["Anne", "Bart"], source=Table())
    swamp = next(f for f in ISL.fieldset if ISL.kind[f] == "swamp")
    need = helper.rescue_targets(ISL, RULES, swamp)["fever"]
    s.act({"type": "rescue", "player": 0, "band": 1, "kind": "fever", "where": swamp, "dice": [1, need - 2]})
    v = s.view(None)
    assert v["players"][1]["totenkiste"] == 1 and f"needs {need}+" in v["last"]["title"]
    assert f"{helper.chance_at_least(need):.0%}" in v["last"]["lines"][0]
    s.act({"type": "fight", "player": 0, "band": 0, "defender": 1, "attackers": 2, "terrain": "fortress",
           "river": True, "dice": [4, 5]})
    assert s.view(None)["last"]["title"] == "Nothing happens"
    s.act({"type": "fight", "player": 0, "band": 0, "defender": 1, "attackers": 1, "terrain": "plain",
           "river": False, "dice": [1, 1]})
    assert s.view(None)["players"][0]["totenkiste"] == 1  # a failed attack costs an attacker
    s.undo()
    assert s.view(None)["players"][0]["totenkiste"] == 0
    try:
        s.act({"type": "rescue", "player": 0, "band": 1, "kind": "fever", "where": "", "dice": [7, 1]})
    except IllegalAction as exc:
        assert "two dice of 1 to 6" in exc.reason
    else:
        raise AssertionError("a 7 on a die")


def test_tracker_shows_where_the_pieces_stand() -> None:
    """The map of the table assistant shows where the table says each band's pirates, ships and
    the chests stand (2. Setup: a chest on its sector's numbered field; a ship in a harbour)."""
    s = Session(get_game("pirate-island-tracker"), ["Anne", "Bart"], source=Table())
    field = ISL.chest_field[14]
    s.act({"type": "place", "player": 0, "piece": "chest:1", "to": field})
    s.act({"type": "place", "player": 0, "piece": "pirate:1:3", "to": "c9"})
    s.act({"type": "place", "player": 0, "piece": "ship:0", "to": RED_HARBOUR})
    board = s.board_view(None)
    kinds = {(pc["kind"], pc["space"]) for pc in board["pieces"]}
    assert {("chest", field), ("pirate", "c9"), ("ship", RED_HARBOUR)} <= kinds
    assert board["spaces"]["c9"]["label"].endswith("Here: Blue pirate 3 (Bart)")
    for bad in ({"piece": "pirate:1:4", "to": "c9"}, {"piece": "ship:0", "to": "c9"}, {"piece": "pirate:5:1", "to": "c10"}):
        try:
            s.act({"type": "place", "player": 0, **bad})
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"placed {bad}")
    s.act({"type": "place", "player": 0, "piece": "pirate:1:3", "to": ""})
    assert "pirate:1:3" not in s.view(None)["pieces"]
