"""Pirateology through the engine (issue 10): loading a saved game, and whole random games.

    python benchmarks/pirateology_speed.py [--rounds 3] [--seconds 1.5] [--json]

CPU seconds of this process (time.process_time), medians over rounds that run every measurement
in turn:

- load: `Session.load` of a saved random 4-player game of 5,000 logged steps (saved and closed,
  nothing to fold; `engine_speed.long_game`), per logged step, the median of `--loads` a round;
- games/s: whole random 4-player games with `round_limit: 30` through a `Session` with digital
  dice, with the game log (the app's path) and without (`history=False`), and through
  `simulation.play_game` (a `Playout`: the rules in place, no copies).

To compare two checkouts, run it alternately from each (PYTHONPATH=<checkout>) with `--json`.
"""
from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import long_game, load_per_step  # noqa: E402

from companion.engine import RandomBot, Session, play_out  # noqa: E402
from companion.engine.simulation import play_game  # noqa: E402
from companion.games import get_game  # noqa: E402
from arguments import at_least  # noqa: E402  (benchmarks/arguments.py)

PLAYERS = ["A", "B", "C", "D"]
OPTIONS = {"round_limit": 30}


def session_games(seconds: float, history: bool) -> float:
    game = get_game("pirateology")
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        session = Session(game, PLAYERS, OPTIONS, seed=games, history=history)
        play_out(session, {i: RandomBot(games * 4 + i) for i in range(4)})
        games += 1
    return games / (time.process_time() - start)


def playout_games(seconds: float) -> float:
    game = get_game("pirateology")
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play_game(game, ["random"] * 4, games, OPTIONS)
        games += 1
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=at_least(1), default=3)
    parser.add_argument("--seconds", type=at_least(0.1, float), default=1.5, help="time per games/s measurement and round")
    parser.add_argument("--loads", type=at_least(1), default=3, help="loads a round (their median)")
    parser.add_argument("--json", action="store_true", help="print the medians as one JSON line")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ology-speed-"))
    long = long_game(5000)
    long.save(folder / "long.json")
    long.close()
    steps = len(long.log)
    del long  # (its log, states and events would be scanned by every collection the loads cause)
    gc.collect()
    rows: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        loads = statistics.median(load_per_step(folder / "long.json", steps) for _ in range(args.loads))
        for name, value in (("load_us", loads),
                            ("session_log", session_games(args.seconds, True)),
                            ("session_nolog", session_games(args.seconds, False)),
                            ("play_game", playout_games(args.seconds))):
            rows.setdefault(name, []).append(value)
    med = {k: round(statistics.median(v), 2) for k, v in rows.items()}
    if args.json:
        print(json.dumps(med))
        return
    print(f"medians of {args.rounds} rounds, CPU seconds of one core")
    print(f"load a saved {steps}-step random 4-player game: {med['load_us']:6.1f} us a logged step")
    print(f"random 4-player games, round_limit 30, Session with the game log: {med['session_log']:6.2f} games/s")
    print(f"random 4-player games, round_limit 30, Session without it:        {med['session_nolog']:6.2f} games/s")
    print(f"random 4-player games, round_limit 30, play_game (Playout):        {med['play_game']:6.2f} games/s")


if __name__ == "__main__":
    main()
