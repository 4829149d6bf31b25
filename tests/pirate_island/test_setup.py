"""2. Setup and Start of the Game."""
from __future__ import annotations

from companion.games.pirate_island.rules import GAME, SETUP

from .conftest import ISL, act, refused, roll, texts


def fresh(players=("Ann", "Ben", "Cas")):
    return GAME.new_state(list(players), {})


def test_chests_are_placed_by_one_die_per_sector() -> None:
    s, ev = roll(fresh(), 4, 1, 6, 2, 3, 5)
    assert s.chests == [ISL.chest_field[n] for n in (14, 21, 36, 42, 53, 65)]
    assert "14, 21, 36, 42, 53, 65" in texts(ev)
    assert s.contents == [""] * 6  # nobody knows which holds the treasure


def test_the_highest_die_starts_and_ties_roll_again() -> None:
    s, _ = roll(fresh(), 1, 1, 1, 1, 1, 1)
    s, ev = roll(s, 5, 5, 2)
    assert s.phase == "order" and s.rolloff == [0, 1] and "tie" in texts(ev)
    s, _ = roll(s, 3, 4)
    assert s.phase == "turn" and s.seat == s.first == 1


def test_a_ship_enters_an_unoccupied_harbour_on_seven_or_more() -> None:
    s, _ = roll(fresh(), 1, 1, 1, 1, 1, 1)
    s, _ = roll(s, 6, 1, 1)
    s, ev = roll(s, 3, 3)  # 6: stays at sea
    assert s.seat == 1 and s.ships["red"] is None and "stays at sea" in texts(ev)
    s, _ = roll(s, 3, 4)  # Ben: 7
    assert s.phase == "enter"
    s, _ = act(s, {"type": "enter", "player": 1, "harbour": "harbour-2"})
    assert s.ships["blue"] == "harbour-2" and s.seat == 2
    s, _ = roll(s, 6, 6)  # Cas: doubles at the start only count as 12 (rulings: doubles-before-harbour)
    reason = refused(s, {"type": "enter", "player": 2, "harbour": "harbour-2"}, SETUP)
    assert "only an unoccupied harbour" in reason
    s, _ = act(s, {"type": "enter", "player": 2, "harbour": "harbour-7"})
    assert s.ships["yellow"] == "harbour-7" and all(loc == "ship-yellow" for p, loc in s.pirates.items()
                                                   if p.startswith("yellow"))


def test_once_in_a_harbour_the_next_roll_is_movement() -> None:
    s, _ = roll(fresh(("Ann", "Ben")), 1, 1, 1, 1, 1, 1)
    s, _ = roll(s, 6, 1)
    s, _ = roll(s, 4, 4)
    s, _ = act(s, {"type": "enter", "player": 0, "harbour": "harbour-1"})
    s, _ = roll(s, 1, 2)  # Ben stays at sea
    s, ev = roll(s, 2, 3)
    assert s.phase == "move" and s.bp == 5 and s.round == 2
