"""Punten scoren: the pure scoring functions against the score table in content."""
from __future__ import annotations

import pytest

from companion.games.piraten_kapern.rules import GAME
from companion.games.piraten_kapern.scoring import death_score, island_result, score_dice, stop_score

from .conftest import F, act, scores, start

T = GAME.table
CARDS = GAME.data.cards
PLAIN = CARDS["skull-1"].groups  # the groups of a card that changes no kinds


def plain(code: str) -> int:
    return score_dice(F(code), T, PLAIN)


@pytest.mark.parametrize("code,points", [("mmmpsxxs", 100), ("mmmmpsxs", 200), ("mmmmmpsx", 500),
                                         ("mmmmmmsx", 1000), ("mmmmmmmx", 2000), ("mmmmmmmm", 4000 + 500)])
def test_scoring__sets_of_three_to_eight(code: str, points: int) -> None:
    """Punten scoren: sets of 3..8 identical faces score 100/200/500/1000/2000/4000 (rulings: set-values)."""
    assert plain(code) == points


def test_scoring__set_values_are_content_data() -> None:
    """Punten scoren: the set values come from score.yaml, not from the code."""
    assert [T.set_value(n) for n in range(3, 9)] == [100, 200, 500, 1000, 2000, 4000]
    assert T.set_value(9) == 4000 and T.set_value(2) == 0


def test_scoring__every_diamond_and_coin_100() -> None:
    """Punten scoren: each diamond and gold coin is worth 100, also inside a set."""
    assert plain("cdmpsxxs") == 200
    assert plain("cccdxxmp") == 100 + 300 + 100  # set of 3 coins + 3 coins + 1 diamond


def test_scoring__all_eight_dice_scoring_adds_500() -> None:
    """Punten scoren: when all 8 dice score, 500 more."""
    assert plain("cccmmmdd") == 100 + 100 + 300 + 200 + 500
    assert plain("cccmmmdp") == 100 + 100 + 300 + 100  # the parrot does not score


def test_scoring__skulls_never_score() -> None:
    """Punten scoren: skulls form no set and spoil the all-dice bonus."""
    assert plain("xxxmmmcc") == 100 + 200
    assert plain("xxmmmccc") == 100 + 100 + 300


def test_scoring__pairs_score_nothing() -> None:
    """Punten scoren: two of a kind are no set."""
    assert plain("mmppssxx") == 0


def test_scoring__card_coin_joins_the_set_and_nine_count_as_eight() -> None:
    """Piratenkaarten (Gouden munt): the card's coin joins the set; nine of a kind score as eight (rulings: nine-of-a-kind)."""
    gold = CARDS["gold"]
    assert stop_score(F("ccmmppsx"), gold, T) == 100 + 300  # three coins
    assert stop_score(F("cccccccc"), gold, T) == 4000 + 900 + 500


def test_scoring__death_scores_nothing_without_chest() -> None:
    """Speelbeurt: three skulls and the turn is over with 0 points."""
    assert death_score(F("xxxccccc"), [], CARDS["captain"], T) == 0


def test_scoring__island_loss_is_per_skull() -> None:
    """Doodshoofdeiland: every opponent loses 100 per skull."""
    assert island_result(F("xxxxxmmp"), CARDS["gold"], T) == (0, -500)


def test_scoring__scorer_cache_matches() -> None:
    """Punten scoren: the cached scorer gives the same points as the pure function, in any die order."""
    for code in ("cccmmmdd", "xxcdmmps", "ssssmmmc"):
        for card in CARDS:
            assert GAME.data.scorer.stop(F(code)[::-1], card) == stop_score(F(code), CARDS[card], T)


def test_scoring__totals_never_below_zero() -> None:
    """Punten scoren: a total never drops below 0 (rulings: totals-not-negative)."""
    s = start("sea-battle-4", F("mmmppcxx"), scores=[300, 0, 0])
    act(s, "stop")
    assert scores(s) == [0, 0, 0]
