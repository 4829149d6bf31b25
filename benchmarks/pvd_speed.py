"""Pirates vs. Dinosaurs speed (not a test): random 4-player games per CPU second, through a Session
(codec, clone, Digital chance, the log: the path of a real game) and on the simulation path
(`companion.engine.simulation.play_game`, what `companion simulate` runs: no clones, no log), run alternately and quoted as medians.

    python benchmarks/pvd_speed.py [--rounds 5] [--games 20]
    python benchmarks/pvd_speed.py --bytecodes 1000 1001 1002
    python benchmarks/pvd_speed.py --load [--rounds 5] [--games 10]

Each round plays the same `--games` seeds on both paths, one path after the other, alternating
which goes first. The two paths draw their chance apart (a Session the digital dice of its seed, a
Playout a generator of its own), so a seed is not the same game on both: random games vary in
length by a factor of three, so compare the paths by the decisions per CPU second printed beside
the games. Time is the process's CPU
time (time.process_time): other work on a shared machine still slows it (caches, memory), so
compare only runs alternated with the code compared against. `--bytecodes` counts instead the
Python bytecodes each seeded game runs on both paths (sys.settrace opcode events, about 15 times
slower than playing): a measure of the Python work that the machine's load does not move.
`--load` times instead `Session.load` of saved random 4-player games (`--games` of them, played
and saved once, outside the timings): CPU microseconds a logged step, the median of the rounds.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType
from typing import Any

from companion.engine import Digital, RandomBot, Session, play_out
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.rules import GAME
from companion.engine.simulation import play_game
from companion.games import get_game
from arguments import at_least

NAMES = ["A", "B", "C", "D"]


def session_games(seeds: range) -> tuple[float, int, int]:
    """CPU seconds, log entries (decisions and chance outcomes) and decisions of random games."""
    steps = decisions = 0
    start = time.process_time()
    for seed in seeds:
        session = Session(GAME, NAMES, seed=seed, source=Digital(seed))
        play_out(session, {i: RandomBot(f"{seed}:{i}") for i in range(4)}, max_steps=GAME.playout_steps * 5)
        assert session.is_over()
        steps += len(session.log)
        decisions += sum(1 for entry in session.log if "action" in entry)
    return time.process_time() - start, steps, decisions


def sim_games(seeds: range) -> tuple[float, int, int]:
    """CPU seconds, steps and decisions (the same: a Playout keeps no chance entries) of random games."""
    steps = 0
    start = time.process_time()
    for seed in seeds:
        steps += play_game(GAME, ["random"] * 4, seed)["steps"]
    return time.process_time() - start, steps, steps


def load_per_step(games: int, rounds: int) -> list[float]:
    """CPU microseconds a logged step of `Session.load` (the file read, the checks, the replay of
    every step) of saved random 4-player games, one figure a round."""
    with tempfile.TemporaryDirectory() as folder:
        paths, steps = [], 0
        for seed in range(1000, 1000 + games):
            session = Session(GAME, NAMES, seed=seed, source=Digital(seed))
            play_out(session, {i: RandomBot(f"{seed}:{i}") for i in range(4)}, max_steps=GAME.playout_steps * 5)
            paths.append(session.save(Path(folder) / f"{seed}.json"))
            session.close()
            steps += len(session.log)
        Session.load(paths[0], get_game).close()  # (warm)
        out = []
        for _ in range(rounds):
            start = time.process_time()
            for path in paths:
                Session.load(path, get_game).close()
            out.append((time.process_time() - start) / steps * 1e6)
        return out


def bytecodes(seed: int) -> None:
    """Print the bytecodes one seeded game runs through a Session (a log entry: a decision or a
    chance outcome) and on the simulation path (a decision)."""
    count = [0]

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            count[0] += 1
        return tracer

    for key, fn in (("session", session_games), ("sim", sim_games)):
        count[0] = 0
        sys.settrace(tracer)
        try:
            _, steps, _ = fn(range(seed, seed + 1))
        finally:
            sys.settrace(None)
        print(f"seed {seed} {key}: {count[0]:,} bytecodes, {steps} steps, {count[0] / steps:,.0f} a step")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=at_least(1), default=5, help="alternating rounds (the median is quoted)")
    parser.add_argument("--games", type=at_least(1), default=20, help="games per path and round")
    parser.add_argument("--bytecodes", type=int, nargs="+", metavar="SEED",
                        help="count the bytecodes of these seeded games instead of timing")
    parser.add_argument("--load", action="store_true", help="time Session.load of saved games instead")
    args = parser.parse_args()
    catalog()
    if args.load:
        runs = load_per_step(args.games, args.rounds)
        print(f"load a saved random 4-player game: {statistics.median(runs):.1f} us a logged step "
              f"(median of {args.rounds}; {min(runs):.1f}-{max(runs):.1f})")
        return
    sim_games(range(2))  # warm the caches of both paths outside the timings
    session_games(range(2))
    if args.bytecodes:
        for seed in args.bytecodes:
            bytecodes(seed)
        return
    rates: dict[str, list[float]] = {"session": [], "sim": []}
    steps: dict[str, list[float]] = {"session": [], "sim": []}
    decided: dict[str, list[float]] = {"session": [], "sim": []}
    for r in range(args.rounds):
        seeds = range(1000 + r * args.games, 1000 + (r + 1) * args.games)
        order = [("session", session_games), ("sim", sim_games)]
        for key, fn in (order if r % 2 == 0 else order[::-1]):
            cpu, n, d = fn(seeds)
            rates[key].append(args.games / cpu)
            steps[key].append(n / cpu)
            decided[key].append(d / cpu)
    for key, label in (("session", "through a Session"), ("sim", "on the simulation path")):
        print(f"random 4-player games {label}: {statistics.median(rates[key]):.1f} games per CPU second "
              f"(median of {args.rounds}; {min(rates[key]):.1f}-{max(rates[key]):.1f}), "
              f"{statistics.median(steps[key]):,.0f} steps, {statistics.median(decided[key]):,.0f} decisions per CPU second")


if __name__ == "__main__":
    main()
