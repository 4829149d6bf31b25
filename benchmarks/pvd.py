"""Pirates vs. Dinosaurs benchmark (not a test): random-bot 4-player games per second on one core,
and the heuristic bot's win rate against three random bots.

    python benchmarks/pvd.py [--games 200] [--speed-games 100]
"""
from __future__ import annotations

import argparse
import time

from companion.engine.simulation import play_game as simulate
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.rules import GAME
from companion.games.pirates_vs_dinosaurs.sim import tally
from arguments import at_least


def play_game(seats: list[str], seed: int) -> dict:
    """One game on the simulation path of `companion simulate` (the Runner on a Playout)."""
    return simulate(GAME, seats, seed, tally=tally)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=at_least(1), default=200, help="heuristic vs 3 random games")
    ap.add_argument("--speed-games", type=at_least(1), default=100, help="random 4-player games timed")
    args = ap.parse_args()
    catalog()
    t0 = time.process_time()
    turns = 0
    for seed in range(args.speed_games):
        turns += play_game(["random"] * 4, seed)["turns"]
    cpu = time.process_time() - t0
    print(f"random 4-player games: {args.speed_games / cpu:.1f} games per CPU second "
          f"({turns / args.speed_games:.0f} turns on average)")
    wins = 0.0
    t0 = time.process_time()
    for seed in range(args.games):
        seats = ["random"] * 4
        hero = seed % 4  # the heuristic bot takes every seat in turn
        seats[hero] = "heuristic"
        r = play_game(seats, 10_000 + seed)
        if hero in r["winners"]:
            wins += 1 / len(r["winners"])
    cpu = time.process_time() - t0
    print(f"heuristic bot vs 3 random bots: wins {wins / args.games:.1%} of {args.games} games "
          f"({args.games / cpu:.1f} games per CPU second)")


if __name__ == "__main__":
    main()
