"""The heuristic bot finishes its games (issue 31 item 5; End of the Game: the game ends when every
captain is back on the ship or the island sinks): no seeded game with heuristic bots reaches the
step limit."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.games.pirates_vs_dinosaurs.bots import HeuristicBot
from companion.games.pirates_vs_dinosaurs.rules import GAME
from companion.games.pirates_vs_dinosaurs.sim import tally
from tests.conftest import runs
from tests.engine.finishing import limited

END = "End of the Game"
#: seeded games the slow test plays (in chunks, so parallel workers share them); the always-run
#: test plays the first ALWAYS of them
FINISH, CHUNKS, ALWAYS = runs(100, thorough=500), 10, 6


def two_heuristic_bots(seed: int) -> list[str]:
    """The cheapest seats with a heuristic bot: two of them (about 64 ms of CPU a game; a heuristic
    bot against a random bot, about 77 ms)."""
    return ["heuristic", "heuristic"]


def test_heuristic_bots_finish_their_games() -> None:
    """End of the Game: the first seeded games of the slow test end by the rules."""
    assert limited(GAME, two_heuristic_bots, range(ALWAYS), tally) == [], END


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_game_with_a_heuristic_bot_reaches_a_limit_in_500_seeded_games(chunk: int) -> None:
    """End of the Game: 500 seeded games in the thorough profile (100 in ci; COMPANION_TESTS=thorough) of two heuristic bots, each ended by the rules (about 32 s
    of CPU for the 500: a Pirates vs. Dinosaurs game between bots costs six times a Pirateology one)."""
    size = FINISH // CHUNKS
    assert limited(GAME, two_heuristic_bots, range(chunk * size, (chunk + 1) * size), tally) == [], END


def test_at_the_dig_site_a_fight_with_only_the_cannon_to_use_proceeds() -> None:
    """Dig Site (the Cannon is kept back there): with nothing else to use before a combat roll, the
    bot proceeds instead of failing (a position the expert's look-ahead and random moves reach)."""
    cannon = SimpleNamespace(go=True, source="eq:cannon")
    proceed = SimpleNamespace(go=True, source="proceed")
    view = {"roll": {"kind": "combat", "foe": "dinosaur"}}
    assert HeuristicBot(1).on_pre(view, {"stage": 3, "hand": []}, {"use": [cannon], "proceed": [proceed]},
                                  [cannon, proceed]) is proceed
