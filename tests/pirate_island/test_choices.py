"""Choices the rulebook gives a player, each a real action (issue 31): a carrier may enter another
chest's field (4. Movement, 11. Discovering the Treasure), a ship may stay at sea after rolling 7
or more (2. Setup and Start of the Game), a pirate may go by a way of the player's own, not the
cheapest (4. Movement: the worked example crosses a mountain, then a plain)."""
from __future__ import annotations

from companion.games.pirate_island.actions import Move, Pass, Walk
from companion.games.pirate_island.rules import GAME, MOVEMENT, SETUP, TREASURE

from .conftest import ISL, act, chance, find, kind, moving, place, refused, river, roll, table, texts

MOVE, DISCOVER = "4. Movement", "11. Discovering the Treasure"


def carrier_beside_a_chest():
    """Ann's red-1 stands with the treasure (chest 0, she looked) on a field next to chest 2's
    field (36, two fields from the crater), which nobody has opened."""
    s = table()
    other = ISL.chest_field[36]
    start = find(lambda f: other in ISL.near[f] and ISL.number[f] is None and not river(f, other))
    place(s, "red-1", start)
    s.chests = [start, s.chests[1], other] + s.chests[3:]
    s.contents = ["treasure"] + [""] * 5
    s.seen = [[0]] + [[] for _ in range(5)]
    return moving(s, 9), start, other


def test_a_carrier_may_enter_another_chests_field_and_looks_into_it() -> None:
    """4. Movement closes only enemy fields, the crater and lakes; 11. Discovering the Treasure:
    entering a chest field, the player looks into that chest (rulings: carrier-enters-chest)."""
    s, start, other = carrier_beside_a_chest()
    cost = 2 * GAME.rules.movement.terrain[kind(other)]
    assert GAME.move_options(s, "red-1")[(other, True)][0] == cost, MOVE
    assert Move(0, "red-1", other, True) in GAME.legal_actions(s)
    s, ev = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": other, "carry": True})
    assert s.phase == "look" and s.pending["look"] == 2, DISCOVER  # the other chest, not the one carried
    s, ev = chance(s, ["empty"])  # (the treasure is found: every other chest is empty)
    assert s.chests[0] == s.chests[2] == other, "two chests on one field"
    assert s.seen[2] == [0] and "red-1" in s.stopped, "a chest field stops the carrier too (rulings: chest-stops)"
    # next turn it carries the treasure on; the empty chest stays
    s = moving(s, 9)
    s.stopped, s.spent, s.carried, s.moved = [], {}, [], []
    back = GAME.move_options(s, "red-1")
    assert (start, True) in back and (start, False) in back
    t, _ = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": start, "carry": True})
    assert t.chests[0] == start and t.chests[2] == other
    # a pirate entering the field of both chests looks into both
    u, _ = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": start})  # the treasure left on `other`
    u.seat, u.bp = 1, 9
    near = find(lambda f: other in ISL.near[f] and f not in (start,) and ISL.number[f] is None)
    place(u, "blue-1", near)
    u.phase, u.spent, u.stopped, u.moved, u.carried = "move", {}, [], [], []
    u, ev = act(u, {"type": "move", "player": 1, "pirate": "blue-1", "to": other})
    assert 1 in u.seen[0] and 1 in u.seen[2], DISCOVER
    assert [e.data["chest"] for e in ev if e.type == "chest_seen"] == [0, 2]


def test_the_refusal_says_why_a_field_is_out_of_reach() -> None:
    """4. Movement: the words say what the way costs, or that enemies or chests are in the way
    (never only "cannot reach 42 with 7 BP")."""
    s = moving(table(), 5)
    far = find(lambda f: ISL.ring[f] == 1)
    reason = refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": far}, MOVEMENT)
    assert "with 5 BP" in reason and "costs" in reason and "even on an empty island" in reason
    # a field within reach on an empty island, closed off: enemies on every field beside the
    # pirate but the chest's, which stops it
    s, start, other = carrier_beside_a_chest()
    s.chests = [ISL.chest_field[11]] + s.chests[1:]
    beyond = find(lambda f: f in ISL.near[other] and f != start and f not in ISL.near[start]
                  and f not in s.chests)
    for k, f in enumerate(sorted(ISL.near[start] - {other}), start=1):
        place(s, f"blue-{k}", f)
    s.bp = 7
    reason = refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": beyond}, MOVEMENT)
    assert "with 7 BP" in reason and "passes a field with an enemy pirate or stops on a field with a chest" in reason


def test_a_ship_may_stay_at_sea_after_rolling_seven_or_more() -> None:
    """2. Setup and Start of the Game: on 7 or more the ship "may" move into a harbour."""
    s = GAME.new_state(["Ann", "Ben"], {})
    s, _ = roll(s, 1, 1, 1, 1, 1, 1)
    s, _ = roll(s, 6, 1)
    s, _ = roll(s, 4, 4)  # Ann: 8
    assert s.phase == "enter" and Pass(0) in GAME.legal_actions(s), SETUP
    assert GAME.describe_action(s, Pass(0)) == "keep the ship at sea"
    s, ev = act(s, {"type": "pass", "player": 0})
    assert s.ships["red"] is None and s.seat == 1 and "keeps the ship at sea" in texts(ev), SETUP
    s, _ = roll(s, 5, 3)  # Ben: 8, enters
    s, _ = act(s, {"type": "enter", "player": 1, "harbour": "harbour-2"})
    s, _ = roll(s, 6, 2)  # Ann's next turn: she may enter now
    assert s.phase == "enter" and s.seat == 0, SETUP


def mountain_then_plain():
    """A pirate on a plain with a mountain beside it and a plain beyond the mountain that is
    cheaper to reach around it (no river, no chest on the way)."""
    def free(f: str) -> bool:
        return ISL.number[f] is None
    for start in ISL.fields:
        if kind(start) != "plain" or not free(start):
            continue
        for m in sorted(ISL.near[start]):
            if kind(m) != "mountain" or not free(m) or river(start, m):
                continue
            for goal in sorted(ISL.near[m]):
                if goal != start and kind(goal) == "plain" and free(goal) and not river(m, goal):
                    cheapest = GAME._open_cost(table(), start, (goal,), 1)
                    if cheapest is not None and cheapest < 4:
                        return start, m, goal, cheapest
    raise LookupError("no mountain between two plains on the map")


def test_a_pirate_may_go_by_a_way_other_than_the_cheapest() -> None:
    """4. Movement, the worked example: a pirate crosses a mountain field, then enters a plain
    (3 + 1 = 4 BP), though a cheaper way leads there (rulings: way-of-choice)."""
    start, m, goal, cheapest = mountain_then_plain()
    s = moving(place(table(), "red-2", start), 11)
    assert GAME.move_options(s, "red-2")[(goal, False)][0] == cheapest
    walk = {"type": "walk", "player": 0, "pirate": "red-2", "to": goal, "via": [m]}
    assert GAME.codec.decode(walk) == Walk(0, "red-2", goal, (m,))
    assert GAME.describe_action(s, GAME.codec.decode(walk)).endswith(f"by way of {ISL.label[m]} (4 BP)")
    t, ev = act(s, walk)
    assert t.pirates["red-2"] == goal and t.bp == 7 and t.spent["red-2"] == 4, MOVE
    assert ev[0].data["route"] == [start, m, goal] and "by way of" in ev[0].text
    # not listed (every way would be too many), so bots and the listing are unchanged
    assert not any(isinstance(a, Walk) for a in GAME.legal_actions(s))


def test_a_way_of_choice_keeps_every_movement_rule() -> None:
    """4. Movement: enemy fields are never entered, own pirates may be passed, no pirate ends on
    an occupied field, the cap counts the whole way; 11.: a chest stops the pirate on its field."""
    start, m, goal, _ = mountain_then_plain()
    s = moving(place(table(), "red-2", start), 11)
    walk = {"type": "walk", "player": 0, "pirate": "red-2", "to": goal, "via": [m]}
    place(s, "red-3", m)  # its own pirate on the mountain: passed
    t, _ = act(s, walk)
    assert t.pirates["red-2"] == goal
    place(s, "red-3", "ship-red")
    place(s, "blue-1", m)
    assert "enemy" in refused(s, walk, MOVEMENT)
    place(s, "blue-1", "ship-blue")
    s.chests = [m] + s.chests[1:]
    assert "a chest stops" in refused(s, walk, TREASURE)
    s.chests = [ISL.chest_field[11]] + s.chests[1:]
    assert "twice" in refused(s, {**walk, "via": [m, m]}, MOVEMENT)
    assert "not one" in refused(s, {**walk, "via": ["harbour-3"]}, MOVEMENT)
    s.spent = {"red-2": 4}  # 3 BP left on this pirate: the way costs 4
    reason = refused(s, walk, MOVEMENT)
    assert "with 3 BP" in reason and "that way costs 4 BP" in reason


def test_companion_play_types_a_way_and_offers_staying_at_sea() -> None:
    """`companion play` (the terminal): `r2 m6 via m7` is a walk (4. Movement); after 7 or more
    the numbered menu offers keeping the ship at sea (2. Setup)."""
    from companion.engine import Session
    from companion.games.pirate_island import terminal

    start, m, goal, _ = mountain_then_plain()
    s = moving(place(table(), "red-2", start), 11)
    view = GAME.view(s, 0)
    got = terminal.parse(f"r2 {goal} via {m}", view)
    assert got == [{"type": "walk", "player": 0, "pirate": "red-2", "to": goal, "via": [m], "carry": False}]
    assert terminal.parse(f"r2 {goal}", view)[0]["type"] == "move"
    for bad in (f"r2 {goal} via", f"r2 {goal} sideways"):
        try:
            terminal.parse(bad, view)
        except ValueError as exc:
            assert "via" in str(exc)
        else:
            raise AssertionError(f"{bad!r} was accepted")
    s = GAME.new_state(["Ann", "Ben"], {})
    for outcome in ((1,) * 6, (6, 1), (4, 4)):
        s, _ = roll(s, *outcome)
    session = Session(GAME, ["Ann", "Ben"], start=s)
    assert session.state.phase == "enter"
    terminal.bind(session, session.legal_actions())
    menu = terminal.render(session.view(0))
    assert "keep the ship at sea" in menu, SETUP


def test_the_table_tracker_keeps_a_ship_at_sea_and_spends_a_way_of_choice() -> None:
    """The table assistant's entries: a roll with the ship at sea may let it sail into a harbour,
    and the player may keep it at sea (2. Setup); a pirate's way through chosen fields costs what
    that way costs (4. Movement, the worked example: a mountain, then a plain)."""
    from companion.engine import IllegalAction, Session
    from companion.engine.chance import Table
    from companion.games import get_game
    from companion.games.pirate_island import helper

    s = Session(get_game("pirate-island-tracker"), ["Anne", "Bart"], source=Table())
    try:
        s.act({"type": "sea", "player": 0})
    except IllegalAction as exc:
        assert exc.rule == SETUP
    else:
        raise AssertionError("kept at sea without a roll")
    s.act({"type": "rolled", "player": 0, "dice": [4, 4], "at_sea": True})
    v = s.view(None)
    assert v["at_sea"] and v["may_enter"] and v["bp"] == 0 and "may sail into a free harbour" in v["last"]["title"]
    assert not v["storm"], "doubles at sea are only a total (rulings doubles-before-harbour)"
    s.act({"type": "sea", "player": 0})
    assert s.view(None)["turn"] == 1 and "Anne keeps the ship at sea" in texts(s.history(None))
    s.act({"type": "rolled", "player": 1, "dice": [2, 3], "at_sea": True})
    assert not s.view(None)["may_enter"] and "stays at sea" in s.view(None)["last"]["title"]
    s.act({"type": "next_turn", "player": 1})
    # a way of choice: from the plain over the mountain to the plain beyond, 3 + 1 BP
    start, m, goal, cheapest = mountain_then_plain()
    data = GAME.data
    assert helper.route(data.island, data.rules, start, goal)["cost"] == cheapest
    found = helper.route(data.island, data.rules, start, goal, via=(m,))
    assert found["cost"] == 4 and found["route"] == [start, m, goal], MOVE
    s.act({"type": "rolled", "player": 0, "dice": [5, 6]})
    way = [start, m, goal]
    try:
        s.act({"type": "spend", "player": 0, "pirate": 2, "cost": cheapest, "way": way})
    except IllegalAction as exc:
        assert "that way costs 4 BP" in exc.reason
    else:
        raise AssertionError("a way spent for less than it costs")
    s.act({"type": "spend", "player": 0, "pirate": 2, "cost": 4, "way": way})
    assert s.view(None)["bp"] == 7 and f"by way of {ISL.label[m]} to {ISL.label[goal]} for 4 BP" in texts(s.history(None))


def test_what_a_player_may_do_they_may_also_leave() -> None:
    """Every "may" of the events and of combat is a choice with a way to decline it: the fog
    (5. Doubles, the left neighbour "may move"), double 4 ("may move their ship"), new recruits
    ("may bring it back"), the combat phase (3. Structure of a Round: optional; 7. Combat: each
    pirate "may" attack) and stepping into the vacated field (7. Combat: "may let one ... occupy")."""
    doubles = "5. Doubles"
    s = table(("Ann", "Ben", "Cas"))
    place(s, "red-1", find(lambda f: kind(f) == "plain" and ISL.number[f] is None and ISL.ring[f] >= 5))
    s, _ = roll(s, 3, 3)
    assert s.phase == "fog" and Pass(1) in GAME.legal_actions(s), doubles
    t, _ = act(s, {"type": "pass", "player": 1})
    assert t.pirates["red-1"] == s.pirates["red-1"] and t.seat == 1, doubles
    s = table()
    for k in range(1, 5):
        place(s, f"blue-{k}", "totenkiste")
    s, _ = roll(s, 4, 4)
    assert s.phase == "raid"
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.ships == s.ships and t.seat == 1, doubles
    s = table()
    place(s, "red-3", "totenkiste")
    s, _ = roll(s, 6, 6)
    assert s.phase == "recruit"
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.pirates["red-3"] == "totenkiste" and t.seat == 1, doubles
    # combat: end the turn without an attack; after a won fight, nobody steps in
    f = find(lambda x: kind(x) == "plain" and ISL.number[x] is None and len(ISL.near[x]) == 6
             and not any(river(x, n) for n in ISL.near[x]) and all(ISL.number[n] is None for n in ISL.near[x]))
    a = sorted(ISL.near[f])[0]
    s = table()
    place(s, "blue-1", f)
    place(s, "red-1", a)
    s.seat, s.phase, s.bp = 0, "combat", 0
    t, _ = act(s, {"type": "end_turn", "player": 0})
    assert t.pirates["blue-1"] == f and t.seat == 1, "7. Combat"
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1"]})
    s, _ = roll(s, 6, 6)
    assert s.phase == "step_in"
    t, _ = act(s, {"type": "pass", "player": 0})
    assert t.pirates["red-1"] == a, "7. Combat"


def test_each_player_has_a_band_and_the_ship_of_its_colour() -> None:
    """2. Setup: each player chooses a band and the ship of its colour; the seats take the colours
    in the order of the box (ruling band-colours), a band of six pirates aboard its own ship."""
    s = GAME.new_state(["Ann", "Ben", "Cas"], {})
    assert s.colours == list(GAME.data.colours[:3]), SETUP
    for seat, colour in enumerate(s.colours):
        band = GAME.band(s, seat)
        assert len(band) == 6 and all(s.pirates[p] == f"ship-{colour}" for p in band)
        assert s.owner[colour] == seat and s.ships[colour] is None, SETUP
