"""`companion simulate` speed (not a test): 4-player games per CPU second of each game, random bots
and the game's own bot (heuristic; Kapern's is `kapern`) in every seat, on the path `companion simulate --workers 1` runs
(`companion.engine.simulation.play_game` with the game's tally, seeds 1, 2, ...).

    python benchmarks/simulate_speed.py [--rounds 3] [--games pirateology:random=4 ...]

Each round plays every game and bot kind once, the order turned round by round so that the
machine's load falls on all alike; the figure is the median of the rounds. Time is the process's
CPU time (time.process_time). `--games GAME:KIND=N` changes how many games a round plays of one
(the defaults keep a round near a minute: a Pirateology game between random bots lasts about a
thousand rounds). `--profile GAME:KIND` prints instead cProfile's top entries of one round.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from arguments import at_least
from companion.engine.simulation import play_game
from companion.games import game_module, get_game

#: (game, bot kind) -> games a round
GAMES = {("piraten-kapern", "random"): 40, ("piraten-kapern", "kapern"): 40,
         ("pirates-vs-dinosaurs", "random"): 20, ("pirates-vs-dinosaurs", "heuristic"): 20,
         ("pirate-island", "random"): 20, ("pirate-island", "heuristic"): 10,
         ("pirateology", "random"): 3, ("pirateology", "heuristic"): 40}


def rate(game_id: str, kind: str, n: int, first: int = 1) -> float:
    """Games per CPU second of `n` seeded games (seeds `first`, `first` + 1, ...) between four bots
    of `kind`."""
    game = get_game(game_id)
    tally = getattr(game_module(game_id, "sim"), "tally", None)
    start = time.process_time()
    for seed in range(first, first + n):
        play_game(game, [kind] * 4, seed, {}, tally=tally)
    return n / (time.process_time() - start)


def parse_games(items: list[str]) -> dict[tuple[str, str], int]:
    games = dict(GAMES)
    for item in items:
        which, _, n = item.partition("=")
        game_id, _, kind = which.partition(":")
        if (game_id, kind) not in games or not n.isdigit() or int(n) < 1:
            raise SystemExit(f"--games {item!r}: expected GAME:KIND=N, one of {', '.join(f'{g}:{k}' for g, k in GAMES)}")
        games[(game_id, kind)] = int(n)
    return games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=at_least(1), default=3)
    parser.add_argument("--games", action="append", default=[], metavar="GAME:KIND=N")
    parser.add_argument("--profile", metavar="GAME:KIND", help="print cProfile's top entries of one round of it")
    args = parser.parse_args()
    games = parse_games(args.games)
    for game_id, kind in games:
        rate(game_id, kind, 1, first=0)  # the content, the boards' tables and the bots' set up outside the timings
    if args.profile:
        game_id, _, kind = args.profile.partition(":")
        if (game_id, kind) not in games:
            raise SystemExit(f"--profile {args.profile!r}: one of {', '.join(f'{g}:{k}' for g, k in games)}")
        prof = cProfile.Profile()
        prof.runcall(rate, game_id, kind, games[(game_id, kind)])
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return 0
    figures: dict[tuple[str, str], list[float]] = {k: [] for k in games}
    order = list(games)
    for r in range(args.rounds):
        for key in order if r % 2 == 0 else order[::-1]:
            figures[key].append(rate(*key, games[key]))
    for (game_id, kind), got in figures.items():
        print(f"{game_id:<22} {kind:<10} {statistics.median(got):7.2f} games/s "
              f"({games[(game_id, kind)]} games a round; rounds: {', '.join(f'{x:.2f}' for x in got)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
