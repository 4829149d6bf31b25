"""Pirate Island benchmark (not a test): 4-player games per CPU second on one core, the
heuristic bot's win rate against three random bots, and the win rate of the plan the expert
searches from (`WaryIslandBot`) against the heuristic bot in two-player games, seats alternated.

    python benchmarks/pirate_island.py [--speed-games 10] [--games 100] [--plan-games 2000] [--rounds 3]

Random bands never load the treasure (they would have to find it, carry it back and load it by
chance), so a random game always runs to the round limit: at the default 150 rounds that is 600
turns, and the figure is the engine's speed in turns times 600. Printed beside it, so that like is
compared with like: random games at 12 rounds (what the random-playout test plays), at 40 (about
the length of a real game: heuristic bots, which end by the rules, average 39 rounds) and games of
four heuristic bots, which end by the rules when one loads the treasure, and random games through
a Session (the app's and `companion play`'s path: every step checked on a copy, logged, undoable).
And loading a saved session (`Session.load`, which replays every logged step through
`apply_quiet` / `apply_chance_quiet`): random 4-player games at 40 rounds, played and saved by
another process (as the app loads a game after a restart: nothing of its play kept here), then
loaded, in microseconds a logged step; each run loads games of its own, after one warm-up load
(the movement tables are made once a process, the first load of a start pays for its table).
CPU time (time.process_time), the kinds measured in alternation, the median of `--rounds` runs
each, since these machines are shared.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.cli import output_closed
from companion.engine import RandomBot, Session, play_out
from companion.engine.runner import Playout, Runner
from companion.engine.simulation import play_game
from companion.games import get_game
from companion.games.pirate_island.bots import IslandBot, WaryIslandBot
from companion.games.pirate_island.rules import GAME
from companion.games.pirate_island.sim import tally
from arguments import at_least


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


def save_games(folder: Path, seeds: list[int]) -> None:
    """Random 4-player games at 40 rounds played through a Session and saved (`--save-games`)."""
    for seed in seeds:
        session = Session(GAME, ["A", "B", "C", "D"], {"round_limit": 40}, seed=seed)
        play_out(session, {i: RandomBot(f"{seed}:{i}") for i in range(4)}, GAME.playout_steps)
        session.save(folder / f"island-{seed}.json")
        session.close()


def saved_games(folder: Path, seeds: range) -> list[Path]:
    """The saves of these seeds, played by another process (not timed)."""
    subprocess.run([sys.executable, __file__, "--save-games", str(folder), *map(str, seeds)], check=True)
    return [folder / f"island-{seed}.json" for seed in seeds]


def load_speed(paths: list[Path]) -> float:
    """CPU microseconds a logged step of loading these saves (read-only: no lock, no journal)."""
    steps = 0
    t0 = time.process_time()
    for path in paths:
        steps += len(Session.load(path, get_game, write=False).log)
    return (time.process_time() - t0) / steps * 1e6


def plan_strength(games: int) -> tuple[float, float]:
    """The wary plan's share of `games` seeded two-player games won against the heuristic bot,
    seats alternated, and its standard error."""
    wins = 0
    for g in range(games):
        me = g % 2
        play = Playout(GAME, ["A", "B"], {}, seed=g)
        Runner(play, {me: WaryIslandBot(f"v{g}:{me}"), 1 - me: IslandBot(f"{g}:{1 - me}")}).advance()
        wins += ["A", "B"][me] in GAME.result(play.state)["winners"]
    rate = wins / games
    return rate, (rate * (1 - rate) / games) ** 0.5


def main() -> None:
    if sys.argv[1:2] == ["--save-games"]:
        save_games(Path(sys.argv[2]), [int(x) for x in sys.argv[3:]])
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--speed-games", type=at_least(1), default=10, help="games per timed run")
    ap.add_argument("--games", type=at_least(0), default=100, help="heuristic vs 3 random games (0: none)")
    ap.add_argument("--plan-games", type=at_least(0), default=2000,
                    help="two-player games of the wary plan against the heuristic bot (0: none)")
    ap.add_argument("--rounds", type=at_least(1), default=3, help="alternating timed runs of each kind")
    ap.add_argument("--load-games", type=at_least(1), default=5, help="saved games loaded a timed run")
    args = ap.parse_args()
    GAME.data  # load the content outside the timing
    kinds = {"random, round limit 150 (the default)": (["random"] * 4, None),
             "random, round limit 12": (["random"] * 4, {"round_limit": 12}),
             # about as long as a real game: four heuristic bots, which end by the rules, average
             # 39 rounds (40 games of `companion simulate pirate-island --bots heuristic`)
             "random, round limit 40 (a real game's length)": (["random"] * 4, {"round_limit": 40}),
             "four heuristic bots (end by the rules)": (["heuristic"] * 4, None),
             "random through a Session, round limit 150": (["session"], None)}
    runs: dict[str, list[tuple[float, float, float]]] = {k: [] for k in kinds}
    folder = Path(tempfile.mkdtemp(prefix="island-saves-"))
    saves = [saved_games(folder, range(100 * r, 100 * r + args.load_games)) for r in range(args.rounds + 1)]
    load_speed(saves.pop()[:1])  # the warm-up load
    loads: list[float] = []
    for r in range(args.rounds):
        for name, (bots, options) in kinds.items():  # alternate the kinds, seeds differ by round
            runs[name].append(speed(bots, args.speed_games, 1000 * r, options))
        loads.append(load_speed(saves[r]))
    shutil.rmtree(folder, ignore_errors=True)
    for name, got in runs.items():
        print(f"4-player games, {name}: {statistics.median(g[0] for g in got):.2f} games per CPU second, "
              f"{statistics.median(g[1] for g in got):,.0f} turns per CPU second, "
              f"{statistics.median(g[2] for g in got):.0f} rounds a game (median of {args.rounds} runs of "
              f"{args.speed_games} games)")
    print(f"loading a saved random 4-player game (40 rounds): {statistics.median(loads):.1f} us a logged step "
          f"(median of {args.rounds} runs of {args.load_games} games; runs {', '.join(f'{x:.1f}' for x in loads)})")
    wins = 0
    rounds = []
    for seed in range(args.games):
        bots = ["random"] * 4
        hero = seed % 4
        bots[hero] = "heuristic"
        r = play_game(GAME, bots, 10_000 + seed)
        wins += hero in r["winners"]
        rounds.append(r["result"]["rounds"])
    if args.games:  # (--games 0: the speed figures alone)
        print(f"heuristic bot vs 3 random bots: wins {wins / args.games:.1%} of {args.games} games "
              f"(median {statistics.median(rounds):.0f} rounds)")
    if args.plan_games:
        rate, error = plan_strength(args.plan_games)
        print(f"the expert's plan (wary) vs the heuristic bot, two players, seats alternated: wins {rate:.1%} "
              f"(standard error {error:.1%}) of {args.plan_games} games")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # (`... | head -1`: one line, code 2, as the CLI does)
        sys.exit(output_closed())
