"""The value estimate the expert's search stops at (companion/games/pirate_island/value.py): a row of
every feature for each seat, chances that sum to one, the seat holding the treasure on its own
landing place ahead, and the state left as it was."""
from __future__ import annotations

import copy
import math
import random

import pytest

from companion.engine.runner import Playout, Runner

from companion.games.pirate_island import value
from companion.games.pirate_island.island import TOTENKISTE
from companion.games.pirate_island.rules import GAME, IslandState

from .conftest import place, table


def _played(players: int, steps: int, seed: int = 3) -> IslandState:
    """A seeded game of heuristic bots, `steps` decisions in (or its end)."""
    play = Playout(GAME, [f"P{i + 1}" for i in range(players)], {}, seed=seed)
    Runner(play, {i: GAME.make_bot(seed * 10 + i) for i in range(players)}).advance(100_000, stop=lambda: play.steps >= steps)
    return play.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_has_a_full_row_and_chances_sum_to_one(players: int) -> None:
    for steps in (0, 40, 150):
        s = _played(players, steps)
        rows = value.features(s)
        assert len(rows) == players and all(len(r) == len(value.FEATURES) for r in rows)
        assert all(math.isfinite(x) for r in rows for x in r)
        odds = GAME.evaluate(s)
        assert len(odds) == players and abs(sum(odds) - 1) < 1e-9 and all(0 < p < 1 for p in odds)
    assert len(value.WEIGHTS) == len(value.FEATURES)


def _holding(seat: int) -> IslandState:
    """A two-player game a few rounds in, edited: `seat`'s first pirate stands with the treasure
    on the landing place of its own ship, nobody beside it."""
    s = _played(2, 60)
    assert all(s.ships.values()), "both ships are in a harbour by now"
    isl = GAME.island
    colour = s.colours[seat]
    lp = isl.landing[s.ships[colour]]
    pirates = dict(s.pirates)
    for p, loc in pirates.items():
        if loc == lp or loc in isl.near[lp]:
            pirates[p] = TOTENKISTE if not p.startswith(colour) else f"ship-{colour}"
    pirates[f"{colour}-1"] = lp
    s.pirates = pirates
    s.contents = ["empty"] * len(s.chests)
    s.contents[0] = "treasure"
    s.chests = [lp] + s.chests[1:]
    s.seen = [[seat]] + [list(x) for x in s.seen[1:]]
    return s


@pytest.mark.parametrize("seat", [0, 1])
def test_the_seat_with_the_treasure_at_its_landing_place_is_ahead(seat: int) -> None:
    odds = GAME.evaluate(_holding(seat))
    assert odds[seat] > 0.6, odds


def test_evaluate_leaves_the_state_unchanged() -> None:
    s = _holding(1)
    before = copy.deepcopy(s)
    GAME.evaluate(s)
    value.features(s)
    assert s == before


def _looked(walked_away: bool) -> IslandState:
    """Ann (seat 0) knows nothing; Ben (seat 1) looked into chest 0, whose field his pirate still
    stands on or has walked away from."""
    s = table()
    s.contents = ["empty"] + [""] * (len(s.chests) - 1)
    s.seen = [[1]] + [[] for _ in s.chests[1:]]
    here = s.chests[0]
    away = next(f for f in GAME.island.fields if f not in s.chests and f not in GAME.island.near[here])
    return place(s, "blue-1", away if walked_away else here)


@pytest.mark.parametrize("walked_away", [False, True])
def test_a_chest_whose_lookers_walked_away_is_the_treasure_less_often(walked_away: bool) -> None:
    """11. Discovering the Treasure: who finds the treasure takes it along or stands by it (leaving
    it to mislead is allowed, so it stays possible): the expert's determinisations put the
    treasure into a chest an opponent looked into and left `LEFT` times as often as into an
    unopened one, into one the opponent still stands on as often. Public facts only: the same
    whatever the chest holds."""
    s = _looked(walked_away)
    odds = value.chest_odds(s, 0)
    assert set(odds) == set(range(len(s.chests)))
    assert odds[0] == (value.LEFT if walked_away else 1.0) and all(odds[i] == 1.0 for i in range(1, 6))
    hidden = GAME.clone(s)
    hidden.contents[0] = "treasure"
    assert value.chest_odds(hidden, 0) == odds
    assert value.chest_odds(s, 1) == {i: 1.0 for i in range(1, 6)}  # (Ben knows chest 0)
    rng = random.Random(7)
    worlds = [GAME.determinise(hidden, 0, rng) for _ in range(3000)]
    share = sum(w.contents[0] == "treasure" for w in worlds) / len(worlds)
    expected = odds[0] / sum(odds.values())
    assert abs(share - expected) < 0.03, (share, expected)
    assert all(w.contents.count("treasure") <= 1 and all(c in ("", "empty", "treasure") for c in w.contents)
               for w in worlds)
    assert all(w.contents[1:] == [""] * 5 for w in worlds)  # (an unopened chest's look draws)
