"""Playing The Game (the spaces), Using The Skull Cards and Treasure Spots."""
from __future__ import annotations

import pytest

from companion.engine.errors import IllegalAction
from companion.games.pirateology.rules import GAME

from .conftest import moved, run, table, texts


def land(s, square: str, *more):
    return run(s, {"type": "move", "space": square}, *more)


def test_spaces__skull_draws_a_card() -> None:
    """Playing The Game: a Skull space draws one Skull Card."""
    s = moved(table(["b6", "n6"]), "e", ["2"])      # B4 is a Skull space, 2 away
    s, ev = land(s, "b4", ["treasure-map"])
    assert s.hands[0] == ["treasure-map"] and s.phase == "act"


def test_spaces__coin_and_empty_bank() -> None:
    """Playing The Game: a Coin space takes a coin from the Skull Bank, nothing when it is empty (rulings: bank-empty)."""
    s = moved(table(["b6", "n6"]), "e", ["1"])
    s.bank, s.coins[1] = 0, 21   # every coin is in hands
    s.coins[0] = 29
    s, ev = land(s, "c5")        # C5 is a Coin space, 2 steps with the wind
    assert s.coins[0] == 29 and "empty" in texts(ev)
    s2 = moved(table(["b6", "n6"]), "e", ["1"])
    bank = s2.bank
    s2, _ = land(s2, "c5")
    assert s2.coins[0] == 8 and s2.bank == bank - 1


def test_spaces__broken_coin_pays_the_bank() -> None:
    """Playing The Game: a Broken Coin puts one of your coins into the Skull Bank."""
    s = moved(table(["b2", "n6"]), "s", ["1"])
    bank = s.bank
    s, _ = land(s, "c2")         # C2 is a Broken Coin
    assert s.coins[0] == 6 and s.bank == bank + 1


def test_spaces__hurricane_loses_the_next_turn() -> None:
    """Playing The Game: a Hurricane space loses your next turn."""
    s = moved(table(["d2", "n6"]), "w", ["2"])
    s, _ = land(s, "d4", {"type": "end_turn"})   # D4 is a Hurricane
    assert s.lost_turn[0] and s.seat == 1
    s.phase = "act"                              # Ben's turn, after his move
    s, ev = run(s, {"type": "end_turn"})
    assert "Ann loses this turn" in texts(ev)
    assert s.seat == 1 and not s.lost_turn[0]


def test_spaces__sea_monster_takes_a_card_of_your_choice() -> None:
    """Playing The Game: a Sea Monster space costs a Skull Card of your choice, to the bottom of the pile."""
    s = moved(table(["d2", "n6"], hands=[["crew", "knife"], []]), "w", ["1", "1"])
    s, _ = land(s, "e3")          # E3 is a Sea Monster
    assert s.phase == "discard" and {a.card for a in GAME.legal_actions(s)} == {"knife"}
    s, _ = run(s, {"type": "discard", "card": "knife"})
    assert s.hands[0] == ["crew"] and s.bottom == ["knife"] and s.phase == "act"


def test_cards__a_ship_keeps_its_crew_card_at_a_sea_monster() -> None:
    """Using The Skull Cards (Crew: do not discard your Crew Card once you have become a ship; rulings:
    crew-kept): a ship gives up another card; holding only Crew cards, it gives up one of them."""
    s = moved(table(["d2", "n6"], hands=[["crew", "knife"], []]), "w", ["1", "1"])
    s, _ = land(s, "e3")
    try:
        run(s, {"type": "discard", "card": "crew"})
    except IllegalAction as exc:
        assert "keeps its Crew card" in str(exc)
    else:
        raise AssertionError("a ship gave up its Crew card while it held a knife")
    s = moved(table(["d2", "n6"], hands=[["crew", "crew"], []]), "w", ["1", "1"])
    s, _ = land(s, "e3")
    assert {a.card for a in GAME.legal_actions(s)} == {"crew"}


def test_cards__black_spot_castaway_and_escape() -> None:
    """Using The Skull Cards: the Black Spot leaves your marker and maroons you; 7 or 11 on two dice, 3 tries a turn."""
    s = moved(table(["b6", "n6"]), "e", ["2"])
    s, ev = land(s, "b4", ["black-spot"])
    assert s.marooned[0] == "b4" and s.pos[0] == "n10" and s.bottom == ["black-spot"] and s.seat == 1
    s.seat, s.phase = 0, "castaway"
    s, _ = run(s, ["1", "1"], ["2", "2"], ["3", "3"])
    assert s.marooned[0] == "b4" and s.seat == 1          # three tries, still marooned
    s.seat, s.phase, s.tries = 0, "castaway", 0
    s, ev = run(s, ["5", "skull"])                        # 5 + 6 = 11
    assert not s.marooned[0] and s.pos[0] == "b4" and s.seat == 1 and "sails back" in texts(ev)


def test_cards__landing_on_a_castaways_marker_takes_their_coins() -> None:
    """Using The Skull Cards: an opponent landing on a castaway's marker "can take" the treasure
    they carry, before the square's effect (rulings: castaway-theft)."""
    s = moved(table(["b6", "n10"], hands=[[], ["crew"]]), "e", ["2"])
    s.marooned[1] = "b4"
    s, _ = land(s, "b4")
    assert s.phase == "rob" and [a.to_dict() for a in GAME.legal_actions(s)] == [
        {"type": "rob", "player": 0, "victim": 1}, {"type": "spare", "player": 0, "victim": 1}]
    s, ev = run(s, {"type": "rob", "victim": 1}, ["knife"])
    assert s.coins == [14, 0] and s.hands == [["knife"], ["crew"]] and s.phase == "act"


def test_cards__a_castaways_coins_may_be_left_alone() -> None:
    """Using The Skull Cards: the lander "can take" a castaway's treasure, so may also leave it
    (rulings: castaway-theft); the square's effect follows either way."""
    s = moved(table(["b6", "n10"], hands=[[], ["crew"]]), "e", ["2"])
    s.marooned[1] = "b4"
    s, ev = land(s, "b4", {"type": "spare", "victim": 1}, ["knife"])
    assert s.coins == [7, 7] and s.hands == [["knife"], ["crew"]] and s.phase == "act"
    assert "leaves Ben's 7 coins with the castaway" in texts(ev)
    with pytest.raises(IllegalAction) as info:  # decided once: no robbing later in the turn
        GAME.after(s, GAME.codec.decode({"type": "rob", "player": 0, "victim": 1}))
    assert info.value.rule == "Playing The Game"


def test_cards__treasure_map_steals_buried_treasure() -> None:
    """Treasure Spots: with a Treasure Map, landing on a Black X takes an opponent's treasure buried there."""
    s = moved(table(["b4", "n6"], hands=[["treasure-map"], []]), "e", ["2"])
    s.buried[1] = {"b6": 4}
    s, _ = land(s, "b6")
    assert {"type": "steal", "player": 0, "victim": 1} in [a.to_dict() for a in GAME.legal_actions(s)]
    s, ev = run(s, {"type": "steal", "victim": 1})
    assert s.coins[0] == 11 and s.buried[1] == {} and s.bottom == ["treasure-map"]


def test_cards__three_maps_on_a_red_x_empty_the_bank() -> None:
    """Treasure Spots: three Treasure Maps and a Red X take all of the Skull Bank."""
    maps = ["treasure-map"] * 3
    s = moved(table(["f3", "n6"], hands=[maps, []]), "w", ["1"])
    bank = s.bank
    s, _ = land(s, "f4")         # F4 is a Red X beside Skull Island
    s, ev = run(s, {"type": "take_bank"})
    assert s.coins[0] == 7 + bank and s.bank == 0 and s.hands[0] == [] and s.bottom == maps


def test_cards__pillage_instead_of_moving_and_may_take_crew() -> None:
    """Using The Skull Cards: Pillage counts as the turn; it may take a Crew card, the victim is a pirate again (rulings: pillage-crew)."""
    s = table(["b6", "n6"], hands=[["pillage"], ["crew", "cannon"]], phase="start")
    s, _ = run(s, {"type": "pillage", "victim": 1})
    assert s.phase == "take" and {a.card for a in GAME.legal_actions(s)} == {"crew", "cannon"}
    s, _ = run(s, {"type": "take", "card": "crew"})
    assert GAME.is_ship(s, 0) and not GAME.is_ship(s, 1) and s.bottom == ["pillage"] and s.seat == 1


def test_cards__pillage_may_be_kept_and_the_turn_sailed() -> None:
    """Using The Skull Cards: Pillage "allows you" to take a card: holding it, the player may sail instead."""
    s = table(["b6", "n6"], hands=[["pillage"], ["crew"]], phase="start")
    assert [a.to_dict() for a in GAME.legal_actions(s)] == [{"type": "sail", "player": 0},
                                                          {"type": "pillage", "player": 0, "victim": 1}]
    s, _ = run(s, {"type": "sail"})
    assert s.phase == "spin" and s.hands[0] == ["pillage"]


def test_cards__no_burying_on_skull_island_or_a_red_x() -> None:
    """Treasure Spots: "you may not bury treasure on Skull Island": a Red X beside it takes no burial."""
    s = moved(table(["f3", "n6"]), "w", ["1"])
    s, _ = land(s, "f4")                                   # a Red X
    assert [a.type for a in GAME.legal_actions(s)] == ["end_turn"]
    with pytest.raises(IllegalAction) as info:
        GAME.after(s, GAME.codec.decode({"type": "bury", "player": 0, "coins": 2}))
    assert info.value.rule == "Treasure Spots"


def test_cards__hurricane_card_sends_to_the_nearest_hurricane() -> None:
    """Using The Skull Cards: a drawn Hurricane sends you to the nearest Hurricane space; the card goes under the pile."""
    s = moved(table(["b6", "n6"]), "e", ["2"])
    s, ev = land(s, "b4", ["hurricane"])
    assert s.pos[0] == GAME.data.ocean.nearest("b4", "hurricane") and s.lost_turn[0] and s.bottom == ["hurricane"]
    assert s.seat == 1


def test_cards__used_cards_go_under_the_pile_and_come_back_last() -> None:
    """Using The Skull Cards: used cards go to the bottom of the pile, drawn once the rest is gone (rulings: deck-empty)."""
    s = moved(table(["b6", "n6"]), "e", ["2"])
    s.pile, s.bottom = [], ["musket", "knife"]
    s, ev = land(s, "b4")
    assert s.hands[0] == ["musket"] and s.bottom == ["knife"]


def test_cards__bury_keeps_one_marker_back() -> None:
    """Treasure Spots: treasure lies under a land marker; one of the five stays back for a Black Spot (rulings: burying)."""
    s = moved(table(["b4", "n6"]), "e", ["2"])
    s.buried[0] = {"m2": 1, "b2": 1, "n6": 1, "l10": 1}
    s.coins[0] = 3
    s, _ = land(s, "b6")
    assert not any(a.type == "bury" for a in GAME.legal_actions(s))


def test_cards__a_castaway_does_not_play_pillage() -> None:
    """Using The Skull Cards (Pillage counts as your turn; the Black Spot's rescue rolls; rulings:
    castaway-pillage): a castaway holding Pillage starts the turn with the rescue rolls, not Pillage."""
    for marooned, phase in (("", "start"), ("b4", "castaway")):
        s = table(["b6", "n6"], hands=[["pillage"], ["knife"]], phase="act", seat=1)
        if marooned:
            s.marooned[0], s.pos[0] = marooned, "n10"
        s, _ = run(s, {"type": "end_turn"})
        assert s.seat == 0 and s.phase == phase
        assert any(a.type == "pillage" for a in GAME.legal_actions(s)) == (not marooned)
