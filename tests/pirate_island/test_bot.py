"""The heuristic bot beats three random bots in at least 80% of 4-player games (issue 12)."""
from __future__ import annotations

from companion.engine.simulation import play_game
from companion.games.pirate_island.rules import GAME

GAMES = 10


def test_heuristic_bot_beats_three_random_bots() -> None:
    wins = 0
    for seed in range(GAMES):
        kinds = ["random"] * 4
        hero = seed % 4  # every seat in turn
        kinds[hero] = "heuristic"
        record = play_game(GAME, kinds, 500 + seed)
        wins += hero in record["winners"]
    assert wins >= 0.8 * GAMES, f"the heuristic bot won {wins} of {GAMES}"


def test_heuristic_bots_finish_their_games_with_the_treasure() -> None:
    record = play_game(GAME, ["heuristic"] * 4, 7)
    assert record["result"]["ended"] == "treasure" and len(record["winners"]) == 1
