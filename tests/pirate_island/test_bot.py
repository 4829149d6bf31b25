"""The heuristic bot beats three random bots in at least 80% of 4-player games (issue 12), and
brings the treasure home: no game with a heuristic bot in it reaches the round limit or the step
limit (issue 31; 12. Loading the Treasure: the game ends when the treasure is loaded)."""
from __future__ import annotations

import argparse
import json

import pytest

from companion.commands import simulate_cmd
from companion.engine.simulation import play_game
from companion.games.pirate_island.rules import GAME
from companion.games.pirate_island.sim import tally
from tests.engine.finishing import limited

from ..conftest import runs

GAMES = 10
LOADING = "12. Loading the Treasure"
#: seeded games the slow test plays (in chunks, so parallel workers share them), sized by the
#: profile as the `slow` marker says: 100 in ci (every mix of bots of kinds_of comes up), 500 in
#: thorough; the always-run test plays the first ALWAYS of them
FINISH, CHUNKS, ALWAYS = runs(100, thorough=500), 10, 24


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
    record = play_game(GAME, ["heuristic"] * 4, 7, tally=tally)
    assert record["result"]["ended"] == "treasure" and len(record["winners"]) == 1
    # 2. Setup: each ship entered a harbour of its own; simulate reports win rates by harbour
    harbours = [seat["harbour"] for seat in record["seats"]]
    assert len(set(harbours)) == 4 and all(h in GAME.island.harbours for h in harbours)


def kinds_of(seed: int) -> list[str]:
    """The seats of seeded game `seed`: one heuristic bot (its seat in turn) and three random bots;
    every fifth game another mix (2-4 players, one to all of them heuristic bots)."""
    if seed % 5 == 4:
        n = 2 + seed // 5 % 3
        kinds = ["random"] * n
        for k in range(1 + seed // 15 % n):
            kinds[(seed + k) % n] = "heuristic"
        return kinds
    kinds = ["random"] * 4
    kinds[seed % 4] = "heuristic"
    return kinds


def unfinished(seeds: range) -> list[tuple[int, str]]:
    """(seed, why) of each of these seeded games a limit ended, not the treasure."""
    return limited(GAME, kinds_of, seeds, tally,
                   ended=lambda result: "" if result.get("ended") == "treasure" else str(result.get("ended")))


def test_the_heuristic_bot_brings_the_treasure_home() -> None:
    """12. Loading the Treasure: one heuristic bot against three random bots loads the treasure
    in every game (the first seeds of the slow test, always run)."""
    assert unfinished(range(ALWAYS)) == [], LOADING


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_game_with_a_heuristic_bot_reaches_a_limit_in_seeded_games(chunk: int) -> None:
    """12. Loading the Treasure: FINISH seeded games (500 in thorough) with a heuristic bot (mostly
    one against three random bots), each ended by the treasure loaded, none by the round limit (150)
    or the step limit."""
    size = FINISH // CHUNKS
    assert unfinished(range(chunk * size, (chunk + 1) * size)) == [], LOADING


def test_simulate_lists_games_a_limit_ended_as_unfinished_with_their_seeds(capsys) -> None:
    """`companion simulate pirate-island`: a game the round limit ended is a line with its seed,
    never a traceback (random bots never load the treasure within 3 rounds)."""
    args = argparse.Namespace(game="pirate-island", games=2, players=2, seed=5, bots="random",
                              option=["round_limit=3"], workers=1, json=True, chart=None)
    assert simulate_cmd.run(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in report["stopped"]] == [5, 6]
    assert "round limit of 3 rounds" in report["stopped"][0]["why"]
    args.json = False
    assert simulate_cmd.run(args) == 0
    out = capsys.readouterr().out
    assert "unfinished" in out and "seeds 5, 6" in out
