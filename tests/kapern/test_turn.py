"""Speelbeurt: drawing the card, rolling, re-rolling, three skulls."""
from __future__ import annotations

import pytest

from companion.engine import Draw, IllegalAction, Roll
from companion.games.piraten_kapern.rules import GAME, Pick, Reroll, Stop

from ..conftest import bounded  # (a loop over a game ends within a bound: tests/conftest.py)
from .conftest import F, act, position, scores, start


def test_turn__draw_a_card_then_roll_all_eight_dice() -> None:
    """Speelbeurt: the turn starts with the top card, then all dice are rolled."""
    s = start("gold", F("ccdmmpss"))
    assert s.state.card == "gold" and s.state.dice == F("ccdmmpss")
    assert [e["chance"] for e in s.log] == [["gold"], F("ccdmmpss")]
    assert GAME.to_move(s.state) == 0


def test_turn__card_is_a_draw_over_the_cards_left() -> None:
    """Speelbeurt: the card is drawn from the remaining pile; the pile's order is never stored (a Draw step)."""
    from companion.engine import Session, Table

    s = Session(GAME, ["Ann", "Ben"], source=Table())
    step = s.pending_chance()
    assert isinstance(step, Draw) and len(step.population) == 35
    s.resolve("captain")
    step = s.pending_chance()
    assert isinstance(step, Roll) and len(step.dice) == 8
    assert s.state.deck.count("captain") == 3


def test_turn__reroll_rolls_only_the_picked_dice_in_die_order() -> None:
    """Speelbeurt: a re-roll is a Roll step over only the dice picked, their faces given in die order."""
    s = start("gold", F("ccdmmpss"), F("xd"))
    act(s, {"pick": 7})
    act(s, {"pick": 4})
    step = GAME.after(s.state, Reroll(0))[0]
    assert len(GAME.chance_step(step).dice) == 2
    act(s, "reroll")
    assert s.state.dice == F("ccdxmpds")


def test_turn__reroll_needs_at_least_two_dice() -> None:
    """Speelbeurt: a re-roll takes at least 2 dice."""
    s = start("gold", F("ccdmmpss"))
    act(s, {"pick": 4})
    with pytest.raises(IllegalAction) as info:
        act(s, "reroll")
    assert info.value.rule == "Speelbeurt" and "at least 2" in info.value.reason
    assert Reroll(0) not in s.legal_actions()


def test_turn__skulls_are_never_rerolled() -> None:
    """Speelbeurt: every die may be re-rolled except skulls."""
    s = start("gold", F("xcdmmpss"))
    with pytest.raises(IllegalAction) as info:
        act(s, {"pick": 1})
    assert info.value.rule == "Speelbeurt" and "skull" in info.value.reason
    assert Pick(0, 1) not in s.legal_actions()


def test_turn__picking_again_puts_the_die_back() -> None:
    """Speelbeurt: the player chooses which dice to re-roll; a picked die can be put back."""
    s = start("gold", F("ccdmmpss"))
    act(s, {"pick": 4})
    act(s, {"pick": 4})
    assert s.state.picked == []


def test_turn__three_skulls_end_the_turn_with_nothing() -> None:
    """Speelbeurt: three skulls in the first roll end the turn, 0 points."""
    s = start("gold", F("xxxccccc"), "captain", F("mmmppsss"), players=["Ann", "Ben"])
    assert s.state.seat == 1 and scores(s) == [0, 0]
    assert s.state.last["how"] == "skulls" and s.state.last["points"] == 0


def test_turn__three_skulls_after_a_reroll_end_the_turn() -> None:
    """Speelbeurt: three skulls after re-rolling end the turn with 0 points."""
    s = start("gold", F("xxcccmmp"), F("xd"), "gold", F("mmmppsss"), players=["Ann", "Ben"])
    act(s, {"reroll": [6, 7]})
    assert s.state.seat == 1 and scores(s) == [0, 0]


def test_turn__stop_scores_the_dice() -> None:
    """Speelbeurt: the player may stop at any time and score."""
    s = start("diamond", F("dddmmmxs"), players=["Ann", "Ben"])
    act(s, "stop")
    assert scores(s) == [200 + 400 + 100, 0]  # 4 diamonds with the card's, 3 monkeys


def test_turn__reroll_as_often_as_wanted() -> None:
    """Speelbeurt: re-rolling may be repeated while there are fewer than three skulls."""
    s = start("gold", F("ppmmssdx"), F("mm"), F("mm"), F("cc"))
    act(s, {"reroll": [5, 6]})
    act(s, {"reroll": [1, 2]})
    act(s, {"reroll": [5, 6]})
    assert s.state.dice == F("mmmmccdx") and s.state.rolls == 4


def test_turn__players_take_turns_in_listed_order() -> None:
    """Speelbeurt: turns go round in the order the players are listed (rulings: turn-order)."""
    s = start("gold", F("mmmppssx"), "gold", F("mmmppssx"), "gold", F("mmmppssx"), "gold", F("mmmppssx"))
    seats = []
    for _ in range(3):
        seats.append(s.state.seat)
        act(s, "stop")
    assert seats == [0, 1, 2] and s.state.seat == 0


def test_turn__reshuffle_when_the_pile_is_empty() -> None:
    """Speelbeurt: when the pile runs out the used cards make a new pile (rulings: reshuffle)."""
    s = start("gold", F("mmmppssx"), players=["Ann", "Ben"])
    s = position(s, lambda state: state.deck.clear())
    act(s, "stop")
    assert sorted(s.state.deck) == ["gold"] and s.state.discard == []
    assert any(e.type == "reshuffle" for e in s.history())


def test_turn__refused_actions_name_the_rule_and_change_nothing() -> None:
    """Speelbeurt: a refused action leaves the state as it was."""
    s = start("gold", F("xcdmmpss"))
    before = GAME.state_to_json(s.state)
    for bad in ({"type": "pick", "player": 0, "die": 9}, {"type": "chest", "player": 0, "die": 2},
                {"type": "stop", "player": 1}):
        with pytest.raises(IllegalAction):
            s.act(bad)
    assert GAME.state_to_json(s.state) == before
    assert Stop(0) in s.legal_actions()


def test_turn__legal_actions_match_the_checks() -> None:
    """Speelbeurt: legal_actions lists exactly the picks, chest moves and re-rolls that step accepts."""
    from companion.engine import Digital, RandomBot, Session, play_out
    from companion.games.piraten_kapern.rules import Chest

    for seed in range(4):
        s = Session(GAME, ["A", "B", "C"], {"extra_cards": True}, seed=seed, source=Digital(seed))
        bot = RandomBot(seed)
        for _ in bounded(20_000, f"the random game of seed {seed}"):
            if s.is_over():
                break
            st = s.state
            legal = s.legal_actions()
            p = st.seat
            for die in range(0, 10):
                assert (Pick(p, die) in legal) == (GAME._pick_error(st, die) is None)
                assert (Chest(p, die) in legal) == (GAME._chest_error(st, die) is None)
            assert (Reroll(p) in legal) == (GAME._reroll_error(st) is None)
            view = s.view(p)
            assert view["doomed"] == GAME.doomed(st) and view["preview"] == GAME.preview(st)
            assert view["sorceress"] == GAME.sorceress_left(st) and view["to_move"] == GAME.to_move(st)
            s.act(bot.choose(s.view(p), legal))
