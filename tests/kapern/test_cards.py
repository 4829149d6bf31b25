"""Piratenkaarten: the fortune cards of the base deck."""
from __future__ import annotations

import pytest

from companion.content import load_game
from companion.engine import IllegalAction
from companion.games.piraten_kapern.rules import GAME, Chest, Pick, Reroll

from .conftest import F, act, scores, start


def test_cards__deck_holds_35_cards() -> None:
    """Piratenkaarten: the fortune deck holds 35 cards in the published mix (rulings: deck-counts)."""
    content = load_game("piraten-kapern")
    deck = content.get("deck", "fortune")
    counts = {c.id: c.copies for c in deck.cards}
    assert deck.total() == 35
    assert counts == {"treasure-chest": 4, "captain": 4, "sorceress": 4, "gold": 4, "diamond": 4,
                      "monkey-business": 4, "sea-battle-2": 2, "sea-battle-3": 2, "sea-battle-4": 2,
                      "skull-1": 3, "skull-2": 2}
    assert sorted(GAME.new_state(["A", "B"], {}).deck) == sorted(GAME.data.base_deck)


def test_cards__gold_coin_starts_with_an_extra_coin() -> None:
    """Piratenkaarten (Gouden munt): the turn starts with one extra coin, which joins a set."""
    s = start("gold", F("ccmmppsx"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [300 + 100, 0]


def test_cards__diamond_starts_with_an_extra_diamond() -> None:
    """Piratenkaarten (Diamant): the turn starts with one extra diamond."""
    s = start("diamond", F("dmmppssx"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [200, 0]


def test_cards__monkey_business_counts_monkeys_and_parrots_as_one_kind() -> None:
    """Piratenkaarten (Dieren): monkeys and parrots count together as one kind."""
    s = start("monkey-business", F("mmppcsxx"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [200 + 100, 0]


def test_cards__captain_doubles_every_point() -> None:
    """Piratenkaarten (Piraat): all points of the turn are doubled, the all-dice bonus too (rulings: captain-doubles-all)."""
    s = start("captain", F("cccmmmdd"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [2 * (100 + 300 + 100 + 200 + 500), 0]


def test_cards__sorceress_rerolls_one_skull() -> None:
    """Piratenkaarten (Wachter): once in the turn one skull may be re-rolled, alone or with others (rulings: sorceress-first-roll)."""
    s = start("sorceress", F("xcmmppss"), F("c"), F("mm"))
    act(s, {"reroll": [1]})
    assert s.state.dice[0] == "coin" and s.state.sorceress_used
    act(s, {"reroll": [7, 8]})
    assert s.state.dice == F("ccmmppmm")


def test_cards__sorceress_only_once_and_only_one_skull() -> None:
    """Piratenkaarten (Wachter): only one skull, only once."""
    s = start("sorceress", F("xxmmppss"), F("xc"))
    act(s, {"pick": 1})
    with pytest.raises(IllegalAction):
        act(s, {"pick": 2})
    act(s, {"pick": 3})
    act(s, "reroll")  # die 1 stays a skull, die 3 becomes a coin
    assert s.state.dice[:3] == F("xxc")
    with pytest.raises(IllegalAction):
        act(s, {"pick": 1})


def test_cards__sorceress_saves_three_skulls_in_the_first_roll() -> None:
    """Piratenkaarten (Wachter): also a skull from the first roll; three skulls wait for the Sorceress."""
    s = start("sorceress", F("xxxmmmcc"), F("m"), players=["Ann", "Ben"])
    assert s.state.phase == "decide" and GAME.doomed(s.state)
    act(s, {"pick": 4})
    assert Reroll(0) not in s.legal_actions()  # the skull must be in the re-roll
    act(s, {"pick": 4})
    act(s, {"reroll": [1]})
    assert not GAME.doomed(s.state)
    act(s, "stop")
    assert scores(s) == [200 + 200, 0]


def test_cards__sorceress_three_skulls_may_be_accepted() -> None:
    """Piratenkaarten (Wachter): the player may also stop with the three skulls and score nothing."""
    s = start("sorceress", F("xxxmmmcc"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [0, 0] and s.state.seat == 1


def test_cards__sorceress_second_skull_after_rescue_ends_the_turn() -> None:
    """Piratenkaarten (Wachter): if the re-rolled skull comes up skull again, three skulls end the turn."""
    s = start("sorceress", F("xxxmmmcc"), F("x"), players=["Ann", "Ben"])
    act(s, {"reroll": [1]})
    assert s.state.seat == 1 and scores(s) == [0, 0]


def test_cards__treasure_chest_dice_score_after_three_skulls() -> None:
    """Piratenkaarten (Schateiland): dice on the card count at the end, even after three skulls."""
    s = start("treasure-chest", F("cccdxmps"), F("xxx"), players=["Ann", "Ben"])
    act(s, {"chest": [1, 2, 3, 4]})
    act(s, {"reroll": [6, 7, 8]})
    assert scores(s) == [100 + 300 + 100, 0]


def test_cards__treasure_chest_dice_are_not_rerolled_and_may_come_off() -> None:
    """Piratenkaarten (Schateiland): dice on the chest stay out of re-rolls; they may be taken off again (rulings: chest-use)."""
    s = start("treasure-chest", F("cccdxmps"))
    act(s, {"chest": [1, 2]})
    with pytest.raises(IllegalAction):
        act(s, {"pick": 1})
    with pytest.raises(IllegalAction):
        act(s, {"chest": [5]})  # a skull
    act(s, {"chest": [2]})
    assert s.state.chest == [1] and Pick(0, 1) in s.legal_actions() and Chest(0, 2) in s.legal_actions()


def test_cards__treasure_chest_stop_scores_all_dice() -> None:
    """Piratenkaarten (Schateiland): stopping scores every die as usual."""
    s = start("treasure-chest", F("cccmmmdd"), players=["Ann", "Ben"])
    act(s, {"chest": [1, 2]})
    act(s, "stop")
    assert scores(s) == [100 + 300 + 100 + 200 + 500, 0]


def test_cards__sea_battle_won_adds_the_bonus() -> None:
    """Piratenkaarten (Piratenschip): the swords shown on the card win its bonus (2:300, 3:500, 4:1000)."""
    for card, code, bonus in (("sea-battle-2", "ssmmmcxp", 300), ("sea-battle-3", "sssmmpxp", 500),
                              ("sea-battle-4", "ssssmpxp", 1000)):
        s = start(card, F(code), players=["Ann", "Ben"])
        act(s, "stop")
        assert scores(s)[0] == bonus + {"ssmmmcxp": 200, "sssmmpxp": 100, "ssssmpxp": 200}[code]


def test_cards__sea_battle_swords_count_for_all_eight_dice() -> None:
    """Piratenkaarten (Piratenschip): with the battle won its swords count as scoring dice (rulings: sea-battle-full-chest)."""
    s = start("sea-battle-2", F("ssmmmccc"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [300 + 100 + 100 + 300 + 500, 0]


def test_cards__sea_battle_lost_costs_the_bonus() -> None:
    """Piratenkaarten (Piratenschip): too few swords: lose the card's points; the dice score nothing (rulings: sea-battle-failure)."""
    s = start("sea-battle-3", F("ssmmmccc"), scores=[2000, 0, 0])
    act(s, "stop")
    assert scores(s) == [1500, 0, 0]


def test_cards__sea_battle_three_skulls_cost_the_bonus() -> None:
    """Piratenkaarten (Piratenschip): three skulls lose the battle too."""
    s = start("sea-battle-4", F("xxxssssc"), scores=[2500, 0, 0])
    assert scores(s) == [1500, 0, 0]


def test_cards__skull_card_one_skull() -> None:
    """Piratenkaarten (Doodshoofd 1): the turn starts with one skull; two skull dice end it."""
    s = start("skull-1", F("xxcccmmm"), players=["Ann", "Ben"])
    assert s.state.seat == 1 and scores(s) == [0, 0]


def test_cards__skull_card_two_skulls() -> None:
    """Piratenkaarten (Doodshoofd 2): the turn starts with two skulls; one skull die ends it."""
    s = start("skull-2", F("xcccmmmd"), players=["Ann", "Ben"])
    assert s.state.seat == 1 and scores(s) == [0, 0]
    s = start("skull-2", F("ccccmmmd"), players=["Ann", "Ben"])
    assert GAME.view(s.state, 0)["skulls"] == 2
    act(s, "stop")
    assert scores(s) == [200 + 400 + 100 + 100 + 500, 0]  # the card's skulls are no dice: all 8 score
