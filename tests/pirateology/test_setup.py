"""Set Up: coins, pirates on a Black X, the deal and what dealt cards do, the start roll."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.pirateology.rules import GAME

from .conftest import run, texts


def placed(n: int = 3):
    s = GAME.new_state(["Ann", "Ben", "Cas"][:n], {})
    for sq in ["b2", "m2", "b10"][:n]:
        s, _ = run(s, {"type": "place", "space": sq})
    return s


def test_setup__seven_coins_each_rest_in_the_bank() -> None:
    """Set Up: every player gets 7 coins; the rest of the 50 go into the Skull Bank."""
    s = GAME.new_state(["Ann", "Ben", "Cas", "Dan"], {})
    assert s.coins == [7, 7, 7, 7] and s.bank == 50 - 28 and len(s.pile) == 70


def test_setup__pirates_start_on_a_black_x() -> None:
    """Set Up: a pirate is placed on any Black X, nowhere else."""
    s = GAME.new_state(["Ann", "Ben"], {})
    assert {a.space for a in GAME.legal_actions(s)} == set(GAME.data.ocean.of_kind("black-x"))
    with pytest.raises(IllegalAction) as info:
        run(s, {"type": "place", "space": "a1"})
    assert info.value.rule == "Set Up"


def test_setup__a_players_colour_comes_with_the_seat() -> None:
    """Set Up: "choose your colored land markers": the seat taken is the choice, each seat with its
    pirate, ship and marker colour in the order of pieces.yaml (rulings: pirate-colours)."""
    s = GAME.new_state(["Ann", "Ben", "Cas"], {})
    seen = [(p["pirate"], p["colour"]) for p in GAME.view(s, None)["players"]]
    assert seen == [(GAME.data.pirates[i].pirate["en"], GAME.data.pirates[i].colour) for i in range(3)]
    assert seen[0][0] == "Arabella Drummond" and len({c for _, c in seen}) == 3


def test_setup__three_cards_dealt_face_up_crew_makes_a_ship() -> None:
    """Set Up: three cards each, face up; a dealt Crew card starts the player as a ship."""
    s = placed(2)
    assert GAME.chance_step(s).n == 3
    s, _ = run(s, ["crew", "cutlass", "treasure-map"], ["pillage", "knife", "musket"])
    assert s.hands[0] == ["crew", "cutlass", "treasure-map"] and GAME.is_ship(s, 0) and not GAME.is_ship(s, 1)
    assert GAME.view(s, 1)["players"][0]["cards"][0]["name"] == "Crew"   # face up: everyone sees them
    assert s.phase == "initiative" and len(s.pile) == 64


def test_setup__dealt_hurricane_goes_to_nearest_and_loses_first_turn() -> None:
    """Set Up: a dealt Hurricane sends the pirate to the nearest Hurricane space and costs the first turn."""
    s = placed(2)
    s, ev = run(s, ["hurricane", "cutlass", "knife"], ["pillage", "knife", "musket"])
    assert GAME.data.ocean.kind(s.pos[0]) == "hurricane" and s.pos[0] == GAME.data.ocean.nearest("b2", "hurricane")
    assert s.lost_turn[0] and s.bottom == ["hurricane"] and s.hands[0] == ["cutlass", "knife"]
    s, ev = run(s, ["skull", "1"])        # Ann wins the start roll...
    assert "loses this turn" in texts(ev) and s.seat == 1   # ...and loses that turn


def test_setup__dealt_sea_monster_costs_itself_and_another_card() -> None:
    """Set Up: a dealt Sea Monster sends the pirate to the nearest Sea Monster; it and one more card go."""
    s = placed(2)
    s, _ = run(s, ["sea-monster", "cutlass", "crew"])
    assert s.phase == "discard" and GAME.data.ocean.kind(s.pos[0]) == "sea-monster"
    s, _ = run(s, {"type": "discard", "card": "cutlass"})
    assert s.hands[0] == ["crew"] and s.bottom == ["sea-monster", "cutlass"] and s.phase == "deal" and s.seat == 1


def test_setup__dealt_black_spot_is_replaced() -> None:
    """Set Up: a dealt Black Spot goes under the pile and another card is dealt (rulings: dealt-cards)."""
    s = placed(2)
    s, _ = run(s, ["black-spot", "cutlass", "crew"])
    assert s.phase == "deal" and s.seat == 0 and GAME.chance_step(s).n == 1 and s.bottom == ["black-spot"]
    s, _ = run(s, ["musket"])
    assert s.hands[0] == ["crew", "cutlass", "musket"] and not s.marooned[0]


def test_setup__skull_is_highest_ties_roll_again() -> None:
    """Set Up: everyone rolls a die, the skull is highest; tied highest roll again; play goes on clockwise."""
    s = placed(3)
    s, _ = run(s, ["crew", "cutlass", "knife"], ["pillage", "knife", "musket"], ["blade", "knife", "musket"])
    s, ev = run(s, ["5", "skull", "skull"])
    assert s.contenders == [1, 2] and "roll again" in texts(ev)
    s, ev = run(s, ["3", "4"])
    assert s.first == 2 and s.seat == 2 and s.phase == "spin"


def test_setup__the_start_roll_names_the_players_in_words() -> None:
    """Set Up: the start roll's step names who rolls as a sentence does ("Ann, Ben and Cas", not a
    list with commas only: the table assistant shows it as the dice card's heading)."""
    s = placed(3)
    for _ in range(3):
        s, _ = run(s, ["crew", "cutlass", "treasure-map"])
    assert GAME.chance_step(s).label == "start roll: Ann, Ben and Cas roll one die each"
