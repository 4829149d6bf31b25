"""The heuristic bot finishes its games (issue 31 item 5; Winning The Game: the last pirate
standing wins): no seeded game with a heuristic bot in it reaches the step limit. The stall it had
(an opponent kept in by one buried coin the bot never went to dig up) ran games past 100,000 steps."""
from __future__ import annotations

import argparse
import json

import pytest

from companion.commands import simulate_cmd
from companion.games.pirateology.rules import GAME, WINNING
from companion.games.pirateology.sim import tally
from tests.conftest import runs
from tests.engine.finishing import heads_up, limited

#: seeded games the slow test plays (in chunks, so parallel workers share them); the always-run
#: test plays ALWAYS games of one heuristic bot against three random bots (the issue's report)
FINISH, CHUNKS, ALWAYS = runs(100, thorough=500), 10, 8


def one_against_three(seed: int) -> list[str]:
    """One heuristic bot, its seat in turn, against three random bots."""
    kinds = ["random"] * 4
    kinds[seed % 4] = "heuristic"
    return kinds


def test_one_heuristic_bot_against_three_random_bots_finishes() -> None:
    """Winning The Game: with one heuristic bot and three random bots the game ends with the last
    pirate standing, not at the step limit."""
    assert limited(GAME, one_against_three, range(ALWAYS), tally) == [], WINNING


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_game_with_a_heuristic_bot_reaches_a_limit_in_500_seeded_games(chunk: int) -> None:
    """Winning The Game: 500 seeded games in the thorough profile (100 in ci; COMPANION_TESTS=thorough), the heuristic bot against a random bot (the cheapest
    mix with a heuristic bot: about 10 s of CPU for the 500), each ended by the last pirate standing."""
    size = FINISH // CHUNKS
    assert limited(GAME, heads_up("heuristic"), range(chunk * size, (chunk + 1) * size), tally) == [], WINNING


def test_simulate_lists_games_the_round_limit_ended_as_unfinished(capsys) -> None:
    """Winning The Game: a game the round_limit house rule ended (more than one pirate left) is a
    line of the report with its seed, never a traceback."""
    args = argparse.Namespace(game="pirateology", games=2, players=3, seed=5, bots="random",
                              option=["round_limit=2"], workers=1, json=True, chart=None)
    assert simulate_cmd.run(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in report["stopped"]] == [5, 6] and report["games"] == 2
    assert "round limit of 2 rounds" in report["stopped"][0]["why"]
