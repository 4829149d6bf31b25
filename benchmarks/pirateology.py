"""Pirateology benchmark: whole 4-player games per CPU second (one core).

    python benchmarks/pirateology.py [--seconds 5] [--runs 3]

Each game runs through a Session with Digital chance (the same path as a real game: codec, clone,
chance steps, log). Three kinds of game, alternated run by run and reported as medians:
random bots under the rulebook's "last pirate standing" (random pirates bury coins at random, so
these games run for hundreds of rounds), random bots with the round_limit house rule at 15
rounds (what the random-playout test plays), and four heuristic bots under the rulebook rule.
Rates use the process's CPU time (time.process_time); the walk tables are built before timing.
The figures are written down in docs/BENCHMARKS.md.
"""
from __future__ import annotations

import argparse
import statistics
import time

from companion.engine import Digital, RandomBot, Session, play_out
from companion.games.pirateology.rules import GAME
from arguments import at_least

KINDS = {"random, rulebook": ("random", {}), "random, round_limit 15": ("random", {"round_limit": 15}),
         "heuristic, rulebook": ("heuristic", {})}


def bench(kind: str, options: dict, seconds: float, first: int) -> tuple[float, float, float]:
    games = steps = rounds = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed = first + games
        session = Session(GAME, ["A", "B", "C", "D"], options, seed=seed, source=Digital(seed))
        bots = {i: (RandomBot(seed * 4 + i) if kind == "random" else GAME.make_bot(seed * 4 + i)) for i in range(4)}
        play_out(session, bots, max_steps=1_000_000)
        assert session.is_over()
        games += 1
        steps += len(session.log)
        rounds += session.state.rounds
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed, rounds / games


def warm() -> None:
    """Build every square's walk table once, outside the timings."""
    ocean = GAME.data.ocean
    for sq in ocean.squares:
        ocean.layers(sq)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=at_least(0.1, float), default=5.0, help="time per measurement")
    parser.add_argument("--runs", type=at_least(1), default=3, help="alternated runs of each kind (the median is shown)")
    args = parser.parse_args()
    warm()
    found: dict[str, list[tuple[float, float, float]]] = {k: [] for k in KINDS}
    for run in range(args.runs):
        for name, (kind, options) in KINDS.items():
            found[name].append(bench(kind, options, args.seconds, 1000 * run))
    print(f"{'4 players':28} {'games/CPU s':>12} {'steps/CPU s':>12} {'rounds/game':>12}")
    for name, rows in found.items():
        g = statistics.median(r[0] for r in rows)
        s = statistics.median(r[1] for r in rows)
        r = statistics.median(r[2] for r in rows)
        print(f"{name:28} {g:12.2f} {s:12.0f} {r:12.0f}")


if __name__ == "__main__":
    main()
