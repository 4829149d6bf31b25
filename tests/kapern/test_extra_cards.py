"""Extra kaarten: After the Storm (Na de storm) and Peace (Vrede), with the option extra_cards."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction, Session, Table
from companion.games.piraten_kapern.rules import GAME

from .conftest import F, act, scores, start

EXTRA = {"extra_cards": True}


def test_extra_cards__only_with_the_option() -> None:
    """Extra kaarten: the cards are in the pile only when playing with them (rulings: extra-card-copies)."""
    plain = Session(GAME, ["Ann", "Ben"], source=Table())
    extra = Session(GAME, ["Ann", "Ben"], EXTRA, source=Table())
    assert "storm" not in plain.state.deck and len(plain.state.deck) == 35
    assert extra.state.deck.count("storm") == 2 and extra.state.deck.count("peace") == 2
    with pytest.raises(IllegalAction):
        plain.resolve("storm")
    with pytest.raises(ValueError):
        GAME.new_state(["Ann", "Ben"], {"extra_cards": "yes"})
    with pytest.raises(ValueError):
        GAME.new_state(["Ann", "Ben"], {"bogus": 1})


def test_extra_cards__storm_only_coins_and_diamonds_double() -> None:
    """Extra kaarten (Na de storm): only diamonds and gold coins score, doubled (rulings: storm-scoring)."""
    s = start("storm", F("cccdmmmx"), players=["Ann", "Ben"], options=EXTRA)
    act(s, "stop")
    assert scores(s) == [2 * (100 + 300 + 100), 0]


def test_extra_cards__storm_one_reroll_only() -> None:
    """Extra kaarten (Na de storm): only one re-roll; the turn then ends and scores."""
    s = start("storm", F("cccdmmmx"), F("ccd"), players=["Ann", "Ben"], options=EXTRA)
    act(s, {"reroll": [5, 6, 7]})
    assert s.state.seat == 1
    assert scores(s) == [2 * (500 + 500 + 200), 0]  # five coins (a set of 5), two diamonds


def test_extra_cards__storm_three_skulls_after_the_reroll_are_skull_island() -> None:
    """Extra kaarten (Na de storm): 3 or more skulls after two throws follow the Skull Island rules (rulings: storm-skulls)."""
    s = start("storm", F("xxcdmmps"), F("xm"), options=EXTRA, scores=[500, 1000, 1000])
    act(s, {"reroll": [7, 8]})
    assert scores(s) == [500, 700, 700] and s.state.last["how"] == "island"


def test_extra_cards__storm_three_skulls_in_the_first_roll_score_nothing() -> None:
    """Extra kaarten (Na de storm): three skulls in the first roll end the turn as usual."""
    s = start("storm", F("xxxcdmps"), options=EXTRA, scores=[500, 1000, 1000])
    assert scores(s) == [500, 1000, 1000]


def test_extra_cards__storm_skull_island_one_reroll() -> None:
    """Extra kaarten (Na de storm): on Skull Island too only one re-roll."""
    s = start("storm", F("xxxxcdmp"), F("xxcc"), options=EXTRA, scores=[0, 1000, 1000])
    act(s, {"reroll": [5, 6, 7, 8]})  # two new skulls, but no second re-roll
    assert scores(s) == [0, 400, 400]


def test_extra_cards__peace_without_sabers_doubles() -> None:
    """Extra kaarten (Vrede): ending the turn without sabers doubles the points."""
    s = start("peace", F("cccmmmpx"), players=["Ann", "Ben"], options=EXTRA)
    act(s, "stop")
    assert scores(s) == [2 * (100 + 300 + 100), 0]


def test_extra_cards__peace_sabers_cost_1000_each() -> None:
    """Extra kaarten (Vrede): sabers at the end cost 1000 each and the other dice score nothing."""
    s = start("peace", F("sscccmmm"), options=EXTRA, scores=[3000, 0, 0])
    act(s, "stop")
    assert scores(s) == [1000, 0, 0]


def test_extra_cards__peace_sabers_count_after_three_skulls_too() -> None:
    """Extra kaarten (Vrede): the turn must end without sabers, also when it ends by skulls (rulings: peace-sabers)."""
    s = start("peace", F("xxxscccm"), options=EXTRA, scores=[3000, 0, 0])
    assert scores(s) == [2000, 0, 0]


def test_extra_cards__peace_skull_island_with_sabers_only_costs_the_player() -> None:
    """Extra kaarten (Vrede): on Skull Island with sabers at the end the player loses 1000 per saber, opponents nothing."""
    s = start("peace", F("xxxxsccm"), F("mmc"), options=EXTRA, scores=[3000, 1000, 1000])
    act(s, {"reroll": [6, 7, 8]})  # no new skull: the turn ends with die 5 a saber
    assert scores(s) == [2000, 1000, 1000]


def test_extra_cards__peace_skull_island_without_sabers() -> None:
    """Extra kaarten (Vrede): Skull Island without sabers at the end: the opponents lose 100 per skull."""
    s = start("peace", F("xxxxsccm"), F("xmcc"), options=EXTRA, scores=[3000, 1000, 1000])
    act(s, {"reroll": [5, 6, 7, 8]})
    assert s.state.phase == "island"
    act(s, "stop")
    assert scores(s) == [3000, 500, 500]
