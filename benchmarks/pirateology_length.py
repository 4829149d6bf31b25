"""How long Pirateology games run: rounds per game with heuristic bots, with and without the
round_limit house rule, by player count (docs/games/pirateology.md has the figures).

    python benchmarks/pirateology_length.py [--games 150] [--limit 30]
"""
from __future__ import annotations

import argparse
import statistics

from companion.engine import Session, play_out
from companion.games.pirateology.rules import GAME
from arguments import at_least


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=at_least(1), default=150)
    parser.add_argument("--limit", type=at_least(1), default=30, help="the round_limit to compare with")
    args = parser.parse_args()
    print("players limit median p90 longest over60 by-elimination")
    for players in range(GAME.min_players, GAME.max_players + 1):
        for limit in (0, args.limit):
            rounds, eliminated = [], 0
            for seed in range(args.games):
                s = Session(GAME, [f"P{i}" for i in range(players)], {"round_limit": limit} if limit else {}, seed=seed)
                play_out(s, {i: GAME.make_bot(f"{seed}:{i}") for i in range(players)}, max_steps=2_000_000)
                rounds.append(s.state.rounds)
                eliminated += sum(s.state.out) == players - 1
            rounds.sort()
            n = len(rounds)
            print(f"{players:7} {limit:5} {statistics.median(rounds):6} {rounds[int(n * 0.9)]:3} {rounds[-1]:7} "
                  f"{sum(r > 60 for r in rounds) / n:6.0%} {eliminated / n:14.0%}", flush=True)


if __name__ == "__main__":
    main()
