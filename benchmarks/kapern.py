"""Piraten Kapern benchmark: whole random-bot games per second and scorings per second (one core).

    python benchmarks/kapern.py [--seconds 3]

Games: 4 RandomBot seats through a Session with Digital chance (the same path as a real game:
codec, clone, chance steps, log). Scorings: `stop_score` on random rolls and fortune cards,
uncached (the pure function) and cached (`Scorer`, keyed by sorted faces + card).
Rates use the process's CPU time (time.process_time), so other work on a busy machine does not
count against them. The figures are written down in docs/BENCHMARKS.md.
"""
from __future__ import annotations

import argparse
import random
import time

from companion.engine import Digital, RandomBot, Session, play_out
from companion.games.piraten_kapern.rules import GAME
from companion.games.piraten_kapern.scoring import Scorer, stop_score
from arguments import at_least


def bench_games(seconds: float) -> tuple[float, float]:
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        session = Session(GAME, ["A", "B", "C", "D"], seed=games, source=Digital(games))
        play_out(session, {i: RandomBot(games * 4 + i) for i in range(4)})
        assert session.is_over()
        games += 1
        steps += len(session.log)
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed


def bench_scoring(seconds: float, cached: bool) -> float:
    rng = random.Random(1)
    faces = GAME.table.faces
    cards = sorted(GAME.data.cards)
    rolls = [(tuple(rng.choice(faces) for _ in range(8)), rng.choice(cards)) for _ in range(5000)]
    table, rules = GAME.table, GAME.data.cards
    scorer = Scorer(table, rules)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        if cached:
            stop = scorer.stop
            for dice, card in rolls:
                stop(dice, card)
        else:
            for dice, card in rolls:
                stop_score(dice, rules[card], table)
        n += len(rolls)
    return n / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=at_least(0.1, float), default=3.0, help="time per measurement")
    args = parser.parse_args()
    GAME.data  # load the content once, outside the timings
    games, steps = bench_games(args.seconds)
    print(f"random-bot 4-player games: {games:8.1f} games/s ({steps:,.0f} logged steps/s)")
    print(f"scoring, pure function:    {bench_scoring(args.seconds, False):10,.0f} scorings/s")
    print(f"scoring, cached Scorer:    {bench_scoring(args.seconds, True):10,.0f} scorings/s")


if __name__ == "__main__":
    main()
