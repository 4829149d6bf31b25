"""Doodshoofdeiland: four or more skulls in the first roll."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.piraten_kapern.rules import GAME, Chest, Pick

from .conftest import F, act, scores, start


def test_skull_island__four_skulls_in_the_first_roll() -> None:
    """Doodshoofdeiland: 4 or more skulls in the first roll send the player to Skull Island."""
    s = start("gold", F("xxxxcdmp"))
    assert s.state.island and s.state.phase == "island"


def test_skull_island__opponents_lose_100_per_skull() -> None:
    """Doodshoofdeiland: every opponent loses 100 per skull; the player scores nothing."""
    s = start("gold", F("xxxxcdmp"), F("mpss"), scores=[1000, 1000, 1000])
    act(s, {"reroll": [5, 6, 7, 8]})  # no new skull: the turn ends
    assert scores(s) == [1000, 600, 600]
    assert s.state.last["how"] == "island"


def test_skull_island__roll_on_while_each_roll_adds_a_skull() -> None:
    """Doodshoofdeiland: the player keeps rolling while a roll adds one or more skulls."""
    s = start("gold", F("xxxxcdmp"), F("xsss"), F("xss"), F("cc"), scores=[0, 2000, 2000])
    act(s, {"reroll": [5, 6, 7, 8]})
    assert s.state.phase == "island"
    act(s, {"reroll": [6, 7, 8]})
    assert s.state.phase == "island"
    act(s, {"reroll": [7, 8]})  # no new skull: over, 6 skulls
    assert scores(s) == [0, 1400, 1400]


def test_skull_island__ends_with_fewer_than_two_dice_left() -> None:
    """Doodshoofdeiland: on the island too a re-roll takes at least 2 dice; with one die left the turn ends."""
    s = start("gold", F("xxxxxxcd"), F("xs"), scores=[0, 1000, 1000])
    act(s, {"reroll": [7, 8]})
    assert scores(s) == [0, 300, 300]


def test_skull_island__player_may_stop() -> None:
    """Doodshoofdeiland: the player may stop rolling (rulings: island-flow)."""
    s = start("gold", F("xxxxxccc"), scores=[0, 1000, 1000])
    act(s, "stop")
    assert scores(s) == [0, 500, 500]


def test_skull_island__skulls_cannot_be_rerolled() -> None:
    """Doodshoofdeiland: skulls stay; only other dice are re-rolled, at least 2."""
    s = start("sorceress", F("xxxxcdmp"))
    with pytest.raises(IllegalAction):
        act(s, {"pick": 1})
    act(s, {"pick": 5})
    with pytest.raises(IllegalAction) as info:
        act(s, "reroll")
    assert "at least 2" in info.value.reason


def test_skull_island__captain_doubles_the_loss() -> None:
    """Doodshoofdeiland / Piratenkaarten (Piraat): with the Captain opponents lose 200 per skull."""
    s = start("captain", F("xxxxcdmp"), F("mpss"), scores=[0, 2000, 500])
    act(s, {"reroll": [5, 6, 7, 8]})
    assert scores(s) == [0, 1200, 0]


def test_skull_island__skull_card_skulls_count() -> None:
    """Doodshoofdeiland: the skulls of a skull card count towards the four and the loss (rulings: island-card-skulls)."""
    s = start("skull-2", F("xxcdmpss"), F("mpss"), scores=[0, 1000, 1000])
    assert s.state.island
    act(s, {"reroll": [5, 6, 7, 8]})
    assert scores(s) == [0, 600, 600]


def test_skull_island__only_from_the_first_roll() -> None:
    """Doodshoofdeiland: four skulls after a re-roll are just three or more skulls: turn over."""
    s = start("gold", F("xxcdmpss"), F("xx"), scores=[0, 1000, 1000])
    act(s, {"reroll": [7, 8]})
    assert scores(s) == [0, 1000, 1000] and s.state.last["how"] == "skulls"


def test_skull_island__not_with_a_sea_battle() -> None:
    """Piratenkaarten (Piratenschip): no Skull Island with a Sea Battle card; four skulls lose the battle."""
    s = start("sea-battle-2", F("xxxxsscc"), scores=[1000, 1000, 1000])
    assert not s.state.island
    assert scores(s) == [700, 1000, 1000]


def test_skull_island__chest_has_no_use() -> None:
    """Doodshoofdeiland: other faces have no value on the island, so the Treasure Chest is not used."""
    s = start("treasure-chest", F("xxxxcccc"))
    assert Chest(0, 5) not in s.legal_actions() and Pick(0, 5) in s.legal_actions()
    with pytest.raises(IllegalAction):
        act(s, {"chest": [5]})


def test_skull_island__losses_stop_at_zero() -> None:
    """Doodshoofdeiland: an opponent's total never drops below 0."""
    s = start("gold", F("xxxxxxxx"), scores=[0, 300, 1000])
    assert scores(s) == [0, 0, 200]
