"""The value estimate the expert's search stops its playouts with (companion/games/pirateology/value.py):
one row of FEATURES a seat, chances that sum to 1, the stronger seat favoured, the state untouched."""
from __future__ import annotations

import copy
import math

from companion.engine.runner import Playout, Runner
from companion.games.pirateology import value
from companion.games.pirateology.rules import GAME, PirState

from .conftest import table


def _played(players: int, seed: int, steps: int = 150) -> PirState:
    """A seeded heuristic game played `steps` decisions in (or to its end)."""
    play = Playout(GAME, [f"P{i + 1}" for i in range(players)], {}, seed=seed)
    Runner(play, {i: GAME.make_bot(f"v:{seed}:{i}") for i in range(players)}).advance(100_000, stop=lambda: play.steps >= steps)
    return play.state


def test_value__a_row_of_every_feature_for_every_seat() -> None:
    """Winning The Game: the estimate of who is left last reads one row of every feature a seat, 2 to 5 players."""
    assert len(value.WEIGHTS) == len(value.FEATURES)
    for players in range(GAME.min_players, GAME.max_players + 1):
        for s in (GAME.new_state([f"P{i}" for i in range(players)], {}), _played(players, players)):
            rows = value.features(s)
            assert len(rows) == players
            assert all(len(row) == len(value.FEATURES) and all(math.isfinite(x) for x in row) for row in rows)


def test_value__chances_sum_to_one() -> None:
    """Winning The Game: one pirate wins, so the seats' chances sum to 1."""
    for players in range(GAME.min_players, GAME.max_players + 1):
        chances = GAME.evaluate(_played(players, 10 + players))
        assert len(chances) == players
        assert abs(sum(chances) - 1) < 1e-9 and all(0 <= c <= 1 for c in chances)


def test_value__an_armed_ship_with_buried_gold_beats_a_bare_pirate() -> None:
    """Rules Of Battle: an armed ship with cards and buried gold is far likelier to be left than a
    pirate with a coin and a card."""
    s = table(["c4", "k8"], hands=[["crew", "cannon", "treasure-map", "pillage"], ["knife"]], coins=[3, 1])
    s.buried[0] = {"b2": 10}
    s.bank -= 10
    strong, weak = GAME.evaluate(s)
    assert strong > 0.8 > weak
    s.seat = 1  # whose turn it is does not turn it round
    assert GAME.evaluate(s)[0] > 0.8


def test_value__an_eliminated_pirate_has_next_to_no_chance() -> None:
    """Winning The Game: a pirate already out has next to no chance; the others share it."""
    s = table(["c4", "k8", "f9"], coins=[5, 0, 5])
    s.out[1], s.pos[1] = True, ""
    chances = GAME.evaluate(s)
    assert chances[1] < 0.01 and min(chances[0], chances[2]) > 0.4


def test_value__a_pending_take_counts_the_cards_already_lost() -> None:
    """Ship vs Ship: the cards a loser still owes count as the winner's already."""
    s = table(["c4", "k8"], hands=[["crew", "knife"], ["crew", "musket", "cutlass"]], coins=[2, 2])
    before = GAME.evaluate(s)[0]
    s.phase = "take"
    s.pending = {"kind": "take", "taker": 0, "victim": 1, "count": 2, "then": "act"}
    assert GAME.evaluate(s)[0] > before


def test_value__evaluate_leaves_the_state_as_it_was() -> None:
    """Playing The Game: the estimate only reads the position (the search goes on playing it)."""
    for seed in range(3):
        s = _played(3, 40 + seed)
        before = copy.deepcopy(s)
        GAME.evaluate(s)
        value.features(s)
        assert s == before
