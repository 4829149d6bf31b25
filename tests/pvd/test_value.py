"""The value estimate the expert's search stops its playouts with (value.py, `GAME.evaluate`):
one row of features a captain, chances that sum to 1, the captain ahead favoured, the state untouched."""
from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from companion.engine.runner import Playout, Runner

from companion.games.pirates_vs_dinosaurs import value
from companion.games.pirates_vs_dinosaurs.rules import GAME
from companion.games.pirates_vs_dinosaurs.state import DIG, SHIP, PvdState


def play_until(players: int, seed: int, stop: Callable[[PvdState], bool], steps: int = 5000) -> PvdState:
    """A seeded game of heuristic bots, played until `stop` holds (or the game ends)."""
    play = Playout(GAME, [f"P{i + 1}" for i in range(players)], {}, seed=seed)
    bots = {i: GAME.make_bot(f"value:{seed}:{i}") for i in range(players)}
    Runner(play, bots).advance(steps, stop=lambda: stop(play.state))
    return play.state


def at_dig(state: PvdState) -> bool:
    return any(pl.stage == DIG for pl in state.players)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_row_a_captain_and_chances_summing_to_one(players: int) -> None:
    for state in (GAME.new_state([f"P{i + 1}" for i in range(players)], {}), play_until(players, 1, at_dig)):
        rows = value.features(state)
        assert len(rows) == players
        assert all(len(row) == len(value.FEATURES) for row in rows)
        chances = GAME.evaluate(state)
        assert len(chances) == players
        assert sum(chances) == pytest.approx(1.0)
        assert all(0.0 < c < 1.0 for c in chances)
    assert len(value.WEIGHTS) == len(value.FEATURES)


def test_evaluate_leaves_the_state_unchanged() -> None:
    state = play_until(2, 2, at_dig)
    before = copy.deepcopy(state)
    GAME.evaluate(state)
    assert state == before


def test_the_first_captain_at_the_dig_site_is_favoured() -> None:
    """Stage 3: the first to find every Landmark digs while the volcano is calm and draws the prize."""
    state = play_until(2, 3, at_dig)
    first = next(p for p, pl in enumerate(state.players) if pl.stage == DIG)
    chances = GAME.evaluate(state)
    assert chances[first] > 0.5 > chances[1 - first]


def test_more_treasure_on_the_ship_is_favoured() -> None:
    """End of the Game: the richest captain back on the ship wins (edited: both home, seat 1 richer)."""
    state = play_until(2, 4, at_dig)
    for pl in state.players:
        pl.stage, pl.area, pl.tokens = SHIP, "harbor", 0
    state.players[0].treasures = (3000, 2000)
    state.players[1].treasures = (8000, 5000, 4000)
    chances = GAME.evaluate(state)
    assert chances[1] > 0.8
