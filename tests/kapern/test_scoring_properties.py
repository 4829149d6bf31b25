"""Punten scoren: properties of the scoring functions over many random rolls (seeded, fast; 300
examples each in the ci hypothesis profile, 3000 in thorough)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.piraten_kapern.rules import GAME
from companion.games.piraten_kapern.scoring import score_dice, stop_score

from ..conftest import runs

T = GAME.table
CARDS = GAME.data.cards
FACES = st.lists(st.sampled_from(T.faces), min_size=8, max_size=8)


@settings(max_examples=runs(300))
@given(faces=FACES, card=st.sampled_from(sorted(CARDS)), seed=st.integers(0, 1000))
def test_scoring__order_of_the_dice_never_matters(faces: list[str], card: str, seed: int) -> None:
    """Punten scoren: the score depends on the faces, not on which die shows them."""
    shuffled = faces[:]
    random.Random(seed).shuffle(shuffled)
    assert stop_score(faces, CARDS[card], T) == stop_score(shuffled, CARDS[card], T)
    assert GAME.data.scorer.stop(shuffled, card) == stop_score(faces, CARDS[card], T)


@settings(max_examples=runs(300))
@given(faces=FACES)
def test_scoring__bounds_and_coins(faces: list[str]) -> None:
    """Punten scoren: points are at least 100 per coin and diamond and at most eight of a kind plus bonus."""
    points = score_dice(faces, T, CARDS["gold"].groups)
    coins = faces.count("coin") + faces.count("diamond")
    assert 100 * coins <= points <= 4000 + 800 + 500
    if "skull" in faces:
        assert points < 4000 + 500
