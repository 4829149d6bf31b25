"""How often Pirateology's heuristic bot beats random bots, by the seat it sits in, at 3 and 4
players: seeded games (game i uses seed + i), the rulebook's ending (last pirate standing) and
the round_limit house rule. A rulebook game that has not ended after --cap rounds is counted as
unfinished (random pirates bury coins at random and are then never out), not as a win.

    python benchmarks/pirateology_bots.py --games 40 --seed 500
"""
from __future__ import annotations

import argparse
import time

from companion.engine import make_bot
from companion.engine.runner import Playout, Runner
from companion.games.pirateology.rules import GAME
from arguments import at_least


def play(players: int, seat: int, seed: int, limit: int, cap: int) -> str:
    """'win', 'loss' or 'unfinished' for the heuristic bot in `seat` against random bots."""
    kinds = ["random"] * players
    kinds[seat] = "heuristic"
    names = [f"{k}-{i + 1}" for i, k in enumerate(kinds)]
    options = {"round_limit": limit or cap}
    game = Playout(GAME, names, options, seed=seed)
    bots = {i: make_bot(GAME, f"{seed}:{i}", k) for i, k in enumerate(kinds)}
    Runner(game, bots).advance(10_000_000)
    st = game.state
    if not limit and sum(st.out) < players - 1:   # stopped by the cap, not by the rulebook's ending
        return "unfinished"
    return "win" if names[seat] in st.winners and len(st.winners) == 1 else "loss"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=at_least(1), default=40)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--limit", type=at_least(1), default=30, help="the house rule's rounds (default 30)")
    parser.add_argument("--cap", type=at_least(1), default=300, help="rounds after which a rulebook game counts as unfinished")
    parser.add_argument("--players", default="3,4")
    args = parser.parse_args()
    print("players seat ending           won  lost unfinished  win rate (of finished)")
    t0 = time.process_time()
    for players in map(int, args.players.split(",")):
        for seat in range(players):
            for limit in (0, args.limit):
                tally = {"win": 0, "loss": 0, "unfinished": 0}
                for i in range(args.games):
                    tally[play(players, seat, args.seed + i, limit, args.cap)] += 1
                done = tally["win"] + tally["loss"]
                ending = f"round_limit {limit}" if limit else "rulebook"
                rate = f"{tally['win'] / done:.0%}" if done else "-"
                print(f"{players:7} {seat + 1:4} {ending:15} {tally['win']:4} {tally['loss']:5} {tally['unfinished']:10}"
                      f"  {rate:>8} ({tally['win'] / args.games:.0%} of all)", flush=True)
    print(f"CPU time {time.process_time() - t0:.0f} s")


if __name__ == "__main__":
    main()
