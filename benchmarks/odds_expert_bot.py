"""The expert Kapern bot (the solved policy, target mode in the last round) against the heuristic
bot: seeded two-player games with the seats alternated, and the solver's speed.

    python benchmarks/odds_expert_bot.py [--games 2000] [--seed 1] [--workers 2]

Game g (seed + g) seats the expert first when g is even and second when odd, so both sides move
first equally often. Prints the expert's wins, the heuristic's, ties, the expert's win rate with
its standard error, and CPU time. `--speed` prints instead the solve time per card and the answer
time (CPU time, the median of alternating runs), for docs/BENCHMARKS.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.simulation import play_game  # noqa: E402
from companion.games.piraten_kapern.rules import GAME  # noqa: E402
from companion.odds import piraten_kapern as solver  # noqa: E402
from arguments import at_least  # noqa: E402  (benchmarks/arguments.py)


def one(seed: int, g: int) -> tuple[int, float]:
    """(expert result: 1 won, 0 lost, 2 tie), CPU seconds."""
    start = time.process_time()
    expert_first = g % 2 == 0
    kinds = ["expert", "heuristic"] if expert_first else ["heuristic", "expert"]
    r = play_game(GAME, kinds, seed + g)
    me = 0 if expert_first else 1
    won = r["winners"]
    res = 2 if len(won) > 1 and me in won else 1 if won == [me] else 0
    return res, time.process_time() - start


def chunk(args: tuple[int, list[int]]) -> list[tuple[int, float]]:
    seed, games = args
    return [one(seed, g) for g in games]


def win_rate(games: int, seed: int, workers: int) -> None:
    parts = [(seed, list(range(w, games, workers))) for w in range(workers)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = [r for part in pool.map(chunk, parts) for r in part]
    else:
        results = chunk(parts[0])
    wall = time.perf_counter() - start
    wins = sum(1 for r, _ in results if r == 1)
    ties = sum(1 for r, _ in results if r == 2)
    losses = games - wins - ties
    p = wins / games
    se = (p * (1 - p) / games) ** 0.5
    cpu = sum(c for _, c in results)
    print(f"expert vs heuristic, {games} two-player games (seats alternated, seed {seed}):")
    print(f"  expert wins {wins}, heuristic wins {losses}, ties {ties}")
    print(f"  expert win rate {p:.1%} (standard error {se:.1%})")
    print(f"  CPU {cpu:.1f} s in the games ({cpu / games * 1000:.0f} ms a game, solves included), wall {wall:.1f} s")


def speed(repeats: int) -> None:
    cards = sorted(solver.data().cards)
    solver.space()
    solver.solve(cards[0])  # the card-independent tables (the dice space, each state's re-rolls) are built once
    times: dict[str, list[float]] = {c: [] for c in cards}
    for _ in range(repeats):
        for c in cards if _ % 2 == 0 else reversed(cards):  # alternate the order between runs
            solver._cache.clear()
            solver._structures.clear()
            start = time.process_time()
            solver.solve(c)
            times[c].append(time.process_time() - start)
    print("solve time per card (CPU, median of", repeats, "alternating runs):")
    for c in cards:
        print(f"  {c:<16} {statistics.median(times[c]) * 1000:7.0f} ms")
    print(f"  all {len(cards)} cards     {sum(statistics.median(v) for v in times.values()):7.2f} s")
    dice = ["coin", "coin", "diamond", "monkey", "monkey", "parrot", "saber", "skull"]
    answers = []
    for _ in range(repeats):
        start = time.process_time()
        for c in cards:
            solver.advise(c, dice)
        answers.append((time.process_time() - start) / len(cards))
    t_start = time.process_time()
    for c in cards:
        solver.solve(c, 1000)
    target = (time.process_time() - t_start) / len(cards)
    print(f"answer time (a position, every choice ranked): {statistics.median(answers) * 1000:.2f} ms")
    print(f"target mode (a new target T, solved from the cached structure): {target * 1000:.0f} ms a card")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=at_least(1), default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=at_least(1), default=min(2, os.cpu_count() or 1))
    ap.add_argument("--speed", action="store_true", help="solve and answer times instead of games")
    ap.add_argument("--repeats", type=at_least(1), default=5, help="alternating runs for --speed")
    args = ap.parse_args()
    if args.speed:
        speed(args.repeats)
    else:
        win_rate(args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
