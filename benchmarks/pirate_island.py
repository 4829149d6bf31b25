"""Pirate Island benchmark (not a test): 4-player games per CPU second on one core, and the
heuristic bot's win rate against three random bots.

    python benchmarks/pirate_island.py [--speed-games 10] [--games 100] [--rounds 3]

Random bands never load the treasure (they would have to find it, carry it back and load it by
chance), so a random game always runs to the round limit: at the default 150 rounds that is 600
turns, and the figure is the engine's speed in turns times 600. Printed beside it, so that like is
compared with like: random games at 12 rounds (what the random-playout test plays) and games of
four heuristic bots, which end by the rules when one loads the treasure, and random games through
a Session (the app's and `companion play`'s path: every step checked on a copy, logged, undoable).
CPU time (time.process_time), the kinds measured in alternation, the median of `--rounds` runs
each, since these machines are shared.
"""
from __future__ import annotations

import argparse
import statistics
import time

from companion.engine import RandomBot, Session, play_out
from companion.engine.simulation import play_game
from companion.games.pirate_island.rules import GAME
from companion.games.pirate_island.sim import tally


def speed(kinds: list[str], games: int, first: int, options: dict | None = None) -> tuple[float, float, float]:
    """(games per CPU second, turns per CPU second, rounds a game) over `games` seeded games."""
    t0 = time.process_time()
    turns = rounds = 0
    for seed in range(first, first + games):
        if kinds == ["session"]:  # random bots through a Session without a game log
            session = Session(GAME, ["A", "B", "C", "D"], options, seed=seed, history=False)
            play_out(session, {i: RandomBot(f"{seed}:{i}") for i in range(4)}, GAME.playout_steps)
            state = session.state
        else:
            play = play_game(GAME, kinds, seed, options, tally=tally)
            state = None
            turns += play["turns"]
            rounds += play["result"]["rounds"] - play["flags"]["round_limit"]  # (ended past the last round)
        if state is not None:
            turns += tally(state)["turns"]
            rounds += GAME.result(state)["rounds"] - (state.ended == "round_limit")
    cpu = time.process_time() - t0
    return games / cpu, turns / cpu, rounds / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--speed-games", type=int, default=10, help="games per timed run")
    ap.add_argument("--games", type=int, default=100, help="heuristic vs 3 random games")
    ap.add_argument("--rounds", type=int, default=3, help="alternating timed runs of each kind")
    args = ap.parse_args()
    GAME.data  # load the content outside the timing
    kinds = {"random, round limit 150 (the default)": (["random"] * 4, None),
             "random, round limit 12": (["random"] * 4, {"round_limit": 12}),
             "four heuristic bots (end by the rules)": (["heuristic"] * 4, None),
             "random through a Session, round limit 150": (["session"], None)}
    runs: dict[str, list[tuple[float, float, float]]] = {k: [] for k in kinds}
    for r in range(args.rounds):
        for name, (bots, options) in kinds.items():  # alternate the kinds, seeds differ by round
            runs[name].append(speed(bots, args.speed_games, 1000 * r, options))
    for name, got in runs.items():
        print(f"4-player games, {name}: {statistics.median(g[0] for g in got):.2f} games per CPU second, "
              f"{statistics.median(g[1] for g in got):,.0f} turns per CPU second, "
              f"{statistics.median(g[2] for g in got):.0f} rounds a game (median of {args.rounds} runs of "
              f"{args.speed_games} games)")
    wins = 0
    rounds = []
    for seed in range(args.games):
        bots = ["random"] * 4
        hero = seed % 4
        bots[hero] = "heuristic"
        r = play_game(GAME, bots, 10_000 + seed)
        wins += hero in r["winners"]
        rounds.append(r["result"]["rounds"])
    print(f"heuristic bot vs 3 random bots: wins {wins / args.games:.1%} of {args.games} games "
          f"(median {statistics.median(rounds):.0f} rounds)")


if __name__ == "__main__":
    main()
