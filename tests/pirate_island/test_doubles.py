"""5. Doubles and 6. Rescue Rolls."""
from __future__ import annotations

from companion.games.pirate_island.rules import DOUBLES, GAME

from .conftest import ISL, act, find, kind, place, refused, roll, table, texts


def test_doubles_give_no_movement_but_their_event() -> None:
    s, ev = roll(table(), 5, 5)
    assert s.bp == 0 and s.storm and "storm at sea" in texts(ev)


def test_storm_blocks_ships_landing_and_loading_until_the_next_doubles_unless_double_five() -> None:
    s, _ = roll(table(), 5, 5)
    assert s.seat == 1
    s, _ = roll(s, 2, 3)
    assert s.phase == "move" and GAME.move_options(s, "blue-1") == {}  # no disembarking in a storm
    assert GAME.sail_options(s) == []
    assert "storm" in refused(s, {"type": "sail", "player": 1, "ship": "blue", "harbour": "harbour-2"}, DOUBLES)
    s, _ = act(s, {"type": "end_moves", "player": 1})
    s, ev = roll(s, 5, 5)
    assert s.storm and "goes on" in texts(ev)
    s, ev = roll(s, 6, 6)  # Ben: any other doubles end it, then their own event follows
    assert not s.storm and "storm is over" in texts(ev)



def test_a_ship_at_sea_neither_enters_nor_touches_the_storm() -> None:
    """5. Doubles (double 5: all ships must remain in their harbours) and 2. Setup (7+ enters a harbour);
    rulings storm-moving-ship and doubles-before-harbour, one reading: Ben's ship is still at sea, his
    double 4 (8, enough to enter) neither ends the storm nor lets his ship in."""
    s = table()
    s.ships = {**s.ships, s.colours[1]: None}
    s, _ = roll(s, 5, 5)
    assert s.storm and s.seat == 1
    s, ev = roll(s, 4, 4)
    assert s.storm and s.ships[s.colours[1]] is None and "stays at sea" in texts(ev)
    assert "storm is over" not in texts(ev) and s.seat == 0

def test_double_one_fever_endangers_only_the_rollers_pirates_by_where_they_stand() -> None:
    s = table()
    swamp = find(lambda f: kind(f) == "swamp")
    by_swamp = find(lambda f: kind(f) != "swamp" and f in ISL.next_to_swamp)
    inland = find(lambda f: f not in ISL.coast and f not in ISL.next_to_swamp and kind(f) != "swamp")
    coast = find(lambda f: f in ISL.coast and f not in ISL.next_to_swamp and kind(f) != "swamp")
    for p, f in (("red-1", swamp), ("red-2", by_swamp), ("red-3", inland), ("red-4", coast), ("blue-1", inland)):
        place(s, p, f)
    place(s, "red-5", "totenkiste")
    s, ev = roll(s, 1, 1)
    assert s.pending["queue"] == {"red-1": 7, "red-2": 6, "red-3": 5, "red-4": 4, "red-6": 3}
    assert s.phase == "rescue" and GAME.to_move(s) == 0  # Ann chooses the order
    s, _ = act(s, {"type": "rescue", "player": 0, "pirate": "red-4"})
    s, ev = roll(s, 1, 2)
    assert s.pirates["red-4"] == "totenkiste" and "dies of the fever" in texts(ev)
    s, _ = act(s, {"type": "rescue", "player": 0, "pirate": "red-1"})
    s, ev = roll(s, 3, 4)
    assert s.pirates["red-1"] == swamp and "escapes" in texts(ev)


def test_double_two_eruption_endangers_pirates_on_the_sectors_numbered_fields() -> None:
    s = table()
    near, one, two = (ISL.chest_field[n] for n in (32, 34, 36))
    safe = find(lambda f: ISL.sector[f] == 3 and ISL.number[f] is None)
    elsewhere = ISL.chest_field[41]
    s.chests = [ISL.chest_field[n] for n in (11, 21, 31, 45, 51, 61)]
    for p, f in (("red-1", near), ("blue-1", one), ("blue-2", two), ("red-2", safe), ("red-3", elsewhere)):
        place(s, p, f)
    s, _ = roll(s, 2, 2)
    s, ev = roll(s, 3)
    assert "sector 3" in texts(ev)
    assert s.pending["queue"] == {"blue-1": 8, "blue-2": 7, "red-1": 9}  # unnumbered and other sectors are safe
    # the roller's pirate first (one left: rolled at once), then Ben chooses his order
    s, _ = roll(s, 6, 3)
    assert s.pirates["red-1"] == near and s.phase == "rescue" and GAME.to_move(s) == 1
    s, _ = act(s, {"type": "rescue", "player": 1, "pirate": "blue-2"})
    s, _ = roll(s, 3, 3)
    s, _ = roll(s, 4, 3)  # blue-1 needs 8
    assert s.pirates["blue-2"] == "totenkiste" and s.pirates["blue-1"] == "totenkiste"


def test_double_three_fog_the_left_neighbour_moves_a_pirate_up_to_three_fields() -> None:
    s = table(("Ann", "Ben", "Cas"))
    start = find(lambda f: kind(f) == "plain" and ISL.number[f] is None and ISL.ring[f] >= 5)
    place(s, "red-1", start)
    s, _ = roll(s, 3, 3)
    assert s.phase == "fog" and GAME.to_move(s) == 1  # Ben, on Ann's left
    opts = GAME.fog_options(s)
    assert set(opts) == {"red-1"} and max(opts["red-1"].values()) == 3
    far = next(f for f, k in opts["red-1"].items() if k == 3)
    s, ev = act(s, {"type": "fog", "player": 1, "pirate": "red-1", "to": far})
    assert s.pirates["red-1"] == far and "fog" in texts(ev)


def test_fog_without_a_pirate_on_the_island_does_nothing() -> None:
    s, ev = roll(table(), 3, 3)
    assert s.seat == 1 and "no pirate" in texts(ev)


def test_double_four_moves_a_ship_into_an_enemy_harbour_with_a_smaller_crew() -> None:
    s = table()
    for k in range(1, 5):
        place(s, f"blue-{k}", "totenkiste")  # Ben: 2 aboard, Ann: 6
    s, _ = roll(s, 4, 4)
    assert s.phase == "raid"
    s, _ = act(s, {"type": "raid", "player": 0, "ship": "red", "harbour": "harbour-6"})
    s, _ = act(s, {"type": "send", "player": 0, "harbour": "harbour-9"})
    assert s.ships == {"red": "harbour-6", "blue": "harbour-9"}


def test_double_four_takes_over_an_empty_enemy_ship() -> None:
    s = table()
    for k in range(1, 7):
        place(s, f"blue-{k}", find(lambda f: True, avoid=tuple(s.pirates.values())))
    s, _ = roll(s, 4, 4)
    s, _ = act(s, {"type": "take_over", "player": 0, "ship": "red", "target": "blue", "count": 2})
    assert s.owner["blue"] == 0 and len(GAME.crew(s, "blue")) == 2 and GAME.ships_of(s, 0) == ["red", "blue"]


def test_double_six_brings_a_recruit_back_onto_a_ship_or_a_free_fortress() -> None:
    s = table()
    place(s, "red-3", "totenkiste")
    s, _ = roll(s, 6, 6)
    opts = GAME.recruit_options(s)
    assert "ship-red" in opts and any(o in ISL.fortresses for o in opts) and "ship-blue" not in opts
    fort = next(o for o in opts if o in ISL.fortresses)
    s, ev = act(s, {"type": "recruit", "player": 0, "place": fort})
    assert s.pirates["red-3"] == fort and "comes back" in texts(ev)


def test_double_six_with_nobody_in_the_totenkiste_does_nothing() -> None:
    s, ev = roll(table(), 6, 6)
    assert "no pirate" in texts(ev) and s.seat == 1
