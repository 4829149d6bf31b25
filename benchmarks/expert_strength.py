"""The expert (search) bot against the heuristic bot: two-player games, seats alternated, seeded.

Prints per game its win rate with the standard error, the median and 90th-percentile CPU time of a
decision with more than one legal action, and the playouts such a decision made, at the budget
the app uses and at the quick one (or the `--playouts`/`--cap` given).

    python benchmarks/expert_strength.py --game pirate-island --games 400 --budget quick
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arguments import at_least  # noqa: E402
from companion.cli import output_closed  # noqa: E402
from companion.engine.runner import Playout, Runner  # noqa: E402
from companion.engine.search import APP_BUDGET, QUICK_BUDGET, Budget, SearchBot  # noqa: E402
from companion.games import get_game  # noqa: E402

GAMES = ["pirate-island", "pirates-vs-dinosaurs", "pirateology"]


class Timed:
    """The expert, its decisions with a choice timed (CPU) and their playouts counted."""

    def __init__(self, bot: SearchBot):
        self.bot, self.name = bot, bot.name
        self.ms: list[float] = []
        self.playouts: list[int] = []

    def choose(self, view, legal):
        return self.bot.choose(view, legal)

    def choose_in(self, game, state, seat, legal):
        start = time.process_time()
        action = self.bot.choose_in(game, state, seat, legal)
        if len(legal) > 1:
            self.ms.append((time.process_time() - start) * 1000)
            self.playouts.append(self.bot.last_playouts)
        return action


def one(gid: str, seed: int, budget: Budget, g: int) -> tuple[float, list[float], list[int], bool, float]:
    """Game g: the expert's reward (1 won, 1/2 shared, 0 lost), its decisions' ms and playouts,
    finished?, and the game's CPU seconds (of the process that played it)."""
    start = time.process_time()
    game = get_game(gid)
    me = g % 2
    expert = Timed(SearchBot(f"{seed + g}:{me}", budget))
    bots = {me: expert, 1 - me: game.make_bot(f"{seed + g}:{1 - me}")}
    names = ["A", "B"]
    play = Playout(game, names, {}, seed=seed + g)
    try:
        Runner(play, bots).advance(getattr(game, "playout_steps", 100_000))
    except RuntimeError:
        return 0.5, expert.ms, expert.playouts, False, time.process_time() - start
    won = set(game.result(play.state).get("winners") or [])
    reward = (1.0 / len(won) if names[me] in won else 0.0) if won else 0.5
    return reward, expert.ms, expert.playouts, True, time.process_time() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", choices=GAMES, help="a game (repeatable; default every one)")
    p.add_argument("--games", type=at_least(1), default=400)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--budget", choices=["app", "quick"], default="app")
    p.add_argument("--playouts", type=at_least(0), help="instead of the budget's playouts")
    p.add_argument("--cap", type=at_least(0, float), help="instead of the budget's cap (CPU seconds a decision)")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                   help="any other field of the budget (horizon=12, width=4, margin=0.02, ...)")
    p.add_argument("--every", type=at_least(1), default=20, help="a line on stderr every this many games")
    p.add_argument("--workers", type=at_least(1), default=1, help="games played side by side, one process each")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    budget = APP_BUDGET if args.budget == "app" else QUICK_BUDGET
    changes = {k: v for k, v in (("playouts", args.playouts), ("cap", args.cap)) if v is not None}
    for item in args.set:
        name, _, text = item.partition("=")
        if name not in budget.__dict__ or name in ("playouts", "cap"):
            p.error(f"--set {item}: the budget's fields are " + ", ".join(
                f for f in budget.__dict__ if f not in ("playouts", "cap")) + " (--playouts and --cap have their own options)")
        kind = type(getattr(budget, name))
        try:
            changes[name] = kind(text)
        except ValueError:
            p.error(f"--set {item}: {name} takes a {'whole number' if kind is int else 'number'}, got {text!r}")
    try:
        budget = Budget(**{**budget.__dict__, **changes})
    except ValueError as exc:
        p.error(str(exc))
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for gid in args.game or GAMES:
            report(gid, args, budget, pool)
    finally:  # (a pool left to the interpreter's exit writes to a closed pipe)
        if pool:
            pool.shutdown()


def report(gid: str, args: argparse.Namespace, budget: Budget, pool: ProcessPoolExecutor | None) -> None:
    """Play `args.games` games of `gid` and print the expert's win rate and time a decision."""
    rewards, ms, playouts, unfinished, cpu = [], [], [], 0, 0.0
    play = partial(one, gid, args.seed, budget)
    for g, (r, m, n, done, spent) in enumerate((pool.map if pool else map)(play, range(args.games))):
        cpu += spent
        rewards.append(r)
        ms += m
        playouts += n
        unfinished += not done
        if (g + 1) % args.every == 0:
            rate = sum(rewards) / len(rewards)
            print(f"  {gid}: {g + 1} games, expert {rate:.1%} (standard error "
                  f"{math.sqrt(rate * (1 - rate) / len(rewards)):.1%}), median {statistics.median(ms or [0]):.0f} ms, "
                  f"{statistics.median(playouts or [0])} playouts", file=sys.stderr, flush=True)
    n = len(rewards)
    rate = sum(rewards) / n
    se = math.sqrt(rate * (1 - rate) / n)
    ms.sort()
    row = {"game": gid, "games": n, "budget": budget.__dict__, "win_rate": round(rate, 4),
           "standard_error": round(se, 4), "unfinished": unfinished,
           "decisions": len(ms), "median_ms": round(statistics.median(ms), 1) if ms else None,
           "p90_ms": round(ms[int(0.9 * (len(ms) - 1))], 1) if ms else None,
           "max_ms": round(ms[-1], 1) if ms else None,
           "over_cap": sum(1 for x in ms if x > budget.cap * 1000),
           "median_playouts": statistics.median(playouts) if playouts else None,
           "cpu_s_per_game": round(cpu / n, 2)}
    if args.json:
        print(json.dumps(row), flush=True)
    else:
        print(f"{gid}: expert wins {rate:.1%} (standard error {se:.1%}) of {n} two-player games against the "
              f"heuristic bot ({unfinished} unfinished); budget {budget.playouts} playouts / {budget.cap * 1000:.0f} ms "
              f"(horizon {budget.horizon}, width {budget.width}): median {row['median_ms']} ms a decision with a choice "
              f"(90th percentile {row['p90_ms']} ms, longest {row['max_ms']} ms, {len(ms)} decisions, {row['over_cap']} over the cap), median {row['median_playouts']} "
              f"playouts; {row['cpu_s_per_game']} CPU s a game", flush=True)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # (`... | head -1`: one line, code 2, as the CLI does)
        sys.exit(output_closed())
