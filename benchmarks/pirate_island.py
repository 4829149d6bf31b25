"""Pirate Island benchmark (not a test): random-bot 4-player games per CPU second on one core, and
the heuristic bot's win rate against three random bots.

    python benchmarks/pirate_island.py [--speed-games 20] [--games 100]

Random bands almost never load the treasure, so a random game lasts the whole round limit
(150 rounds, 600 turns); the figure says how long that takes. Runs alternate and the median of
three is printed, since these machines are shared.
"""
from __future__ import annotations

import argparse
import statistics
import time

from companion.engine.simulation import play_game
from companion.games.pirate_island.rules import GAME
from companion.games.pirate_island.sim import tally


def speed(games: int, first: int) -> tuple[float, float]:
    t0 = time.process_time()
    turns = 0
    for seed in range(first, first + games):
        turns += play_game(GAME, ["random"] * 4, seed, tally=tally)["turns"]
    cpu = time.process_time() - t0
    return games / cpu, turns / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--speed-games", type=int, default=20, help="random 4-player games per timed run")
    ap.add_argument("--games", type=int, default=100, help="heuristic vs 3 random games")
    args = ap.parse_args()
    GAME.data  # load the content outside the timing
    runs = [speed(args.speed_games, k * args.speed_games) for k in range(3)]
    rate = statistics.median(r[0] for r in runs)
    print(f"random 4-player games: {rate:.2f} games per CPU second (median of 3 runs of {args.speed_games}; "
          f"{runs[0][1]:.0f} turns a game, {rate * runs[0][1]:.0f} turns per CPU second)")
    wins = 0
    rounds = []
    t0 = time.process_time()
    for seed in range(args.games):
        kinds = ["random"] * 4
        hero = seed % 4
        kinds[hero] = "heuristic"
        r = play_game(GAME, kinds, 10_000 + seed)
        wins += hero in r["winners"]
        rounds.append(r["result"]["rounds"])
    cpu = time.process_time() - t0
    print(f"heuristic bot vs 3 random bots: wins {wins / args.games:.1%} of {args.games} games "
          f"(median {statistics.median(rounds):.0f} rounds; {args.games / cpu:.1f} games per CPU second)")


if __name__ == "__main__":
    main()
