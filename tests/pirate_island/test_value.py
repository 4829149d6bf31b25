"""The value estimate the expert's search stops at (companion/games/pirate_island/value.py): a row of
every feature for each seat, chances that sum to one, the seat holding the treasure on its own
landing place ahead, and the state left as it was."""
from __future__ import annotations

import copy
import math

import pytest

from companion.engine.runner import Playout, Runner

from companion.games.pirate_island import value
from companion.games.pirate_island.island import TOTENKISTE
from companion.games.pirate_island.rules import GAME, IslandState


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
