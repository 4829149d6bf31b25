"""`companion simulate GAME --games N --players P --seed S [--bots a,b,...] [--think app|quick]
[--option k=v] [--workers W] [--json] [--chart FILE.png]`: play many bot games (on every core, or `--workers 1` for one) of any game
with a rules engine and report win rates by seat, by bot and by whatever the game tallies (Pirates
vs. Dinosaurs: First Mate, Relic, weapon, equipment, how often the island sinks), and game length."""
from __future__ import annotations

import argparse
import json
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from companion.commands.outputs import console as make_console, writable_file
from companion.engine import bot_kinds, bot_name
from companion.engine.search import BUDGETS
from companion.engine.simulation import play_game, summarize
from companion.errors import UserError
from companion.games import game_ids, game_module, get_game
from companion.words import plural

from .play_cmd import parse_options
from companion.commands import help_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help=help_of("simulate"))
    p.add_argument("game", help=f"the game: {', '.join(game_ids())}")
    p.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i (default 1)")
    p.add_argument("--bots", default="random", help="comma-separated bot per seat (random, heuristic, expert); "
                                                    "a shorter list is repeated (default random)")
    p.add_argument("--think", choices=list(BUDGETS), default="app",
                   help="how long expert bots think: " + ", ".join(
                       f"{name} ({b.playouts} playouts, at most {b.cap * 1000:.0f} ms a decision)"
                       for name, b in BUDGETS.items()) + " (default app, as in the app)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. extra_cards=true (repeatable)")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core; 1: this process only)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--chart", metavar="FILE.png", help="draw the report as a chart (needs matplotlib)")
    p.set_defaults(func=run)


#: a bound on the work one command may start (a million games take hours; more is a typo)
MAX_GAMES = 1_000_000


def max_workers() -> int:
    """More processes than cores only slow the games down; a few over allow for waiting on I/O."""
    return max(4, 2 * (os.cpu_count() or 1))


def _play(job: tuple[str, list[str], int, dict[str, Any], str]) -> dict[str, Any]:
    game_id, kinds, seed, options, think = job
    sim = game_module(game_id, "sim")
    record = play_game(get_game(game_id), kinds, seed, options, tally=getattr(sim, "tally", None),
                       budget=BUDGETS[think])
    record.pop("result")  # the report needs only the record (and it crosses a process boundary)
    return record


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if not 1 <= args.games <= MAX_GAMES:
        raise UserError(f"--games must be at least 1 and at most {MAX_GAMES:,}")
    if not game.min_players <= args.players <= game.max_players:
        raise UserError(f"--players: {game.name} takes {game.min_players}-{game.max_players} players, "
                        f"got {args.players}")
    most = max_workers()
    if not 0 <= args.workers <= most:
        raise UserError(f"--workers must be 0 (one per core) to {most} (this machine has {os.cpu_count() or 1} cores)")
    if args.chart:  # before the games are played, not after
        if writable_file("--chart", args.chart, "balance.png").suffix.lower() not in (".png", ".svg", ".pdf"):
            raise UserError(f"--chart {args.chart}: give a file name ending in .png, .svg or .pdf")
    kinds = [b.strip() for b in args.bots.split(",") if b.strip()]
    known = bot_kinds(game)
    if not kinds:
        raise UserError(f"--bots: name at least one bot; {game.name} bots: {', '.join(known)}")
    try:
        kinds = [bot_name(game, k) for k in kinds]
    except ValueError as exc:
        raise UserError(f"--bots: {exc}") from None
    options = parse_options(getattr(args, "option", None) or [])
    try:
        game.check_options(options)
    except ValueError as exc:
        raise UserError(f"--option: {exc}") from None
    bots = [kinds[i % len(kinds)] for i in range(args.players)]
    jobs = [(game.id, bots, args.seed + i, options, getattr(args, "think", "app")) for i in range(args.games)]
    results = _run_all(jobs, min(args.workers or os.cpu_count() or 1, len(jobs)), quiet=args.json)
    report = {"game": game.id, **summarize(results, bots)}
    if args.chart and report["games"]:
        chart(report, args.chart, game.name)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)
    return 0


def _run_all(jobs: list, workers: int, quiet: bool) -> list[dict[str, Any]]:
    from rich.progress import Progress

    out: list[dict[str, Any]] = []
    with Progress(transient=True, disable=quiet, console=make_console(stderr=True)) as progress:
        task = progress.add_task("simulating", total=len(jobs))
        if workers <= 1 or len(jobs) == 1:
            for job in jobs:
                out.append(_play(job))
                progress.advance(task)
        else:
            with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
                for r in pool.map(_play, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
                    out.append(r)
                    progress.advance(task)
    return out


def print_report(report: dict[str, Any]) -> None:
    from rich.table import Table

    console = make_console()
    # games past the step limit (left out of the win rates) and games a limit of the game's own
    # ended (kept in them): one line per reason, with the seeds that replay them
    for games in (report["unfinished"], report.get("stopped") or []):
        for why in sorted({g["why"] for g in games}):
            seeds = [str(g["seed"]) for g in games if g["why"] == why]
            more = f" and {len(seeds) - 20} more" if len(seeds) > 20 else ""
            console.print(f"[bold red]unfinished[/bold red] ({why}): {plural(len(seeds), 'game')}, "
                          f"{'seed' if len(seeds) == 1 else 'seeds'} {', '.join(seeds[:20])}{more}")
    if not report["games"]:
        console.print("no game finished")
        return
    ends = "".join(f"{flag.replace('_', ' ')} in {report[flag]:.0%}, " for flag in report["flags"])
    turns = report["turns"]
    console.print(f"[bold]{report['games']} games[/bold], {report['players']} players ({', '.join(report['bots'])}); "
                  f"{ends}no winner in {report['no_winner']:.0%}; "
                  f"turns {turns['mean']} (min {turns['min']}, max {turns['max']}); "
                  f"decisions {report['steps']['mean']}")
    groups = ["seat", "bot", *report["items"], *(f"{g}_by_bot" for g in report["items"])]
    for group in groups:
        if group not in report:
            continue
        table = Table(title=f"win rate by {group.replace('_', ' ')}")
        table.add_column(group)
        table.add_column("games", justify="right")
        table.add_column("win rate", justify="right")
        for key, row in report[group].items():
            table.add_row(key, str(row["games"]), f"{row['win_rate']:.1%}")
        console.print(table)
    flagged = {g: v for g, v in report["over_1_5x_average"].items() if v}
    how = "the average win rate" if len(set(report["bots"])) == 1 else "their bot's win rate"
    if report["items"]:
        console.print(f"over 1.5x {how}: {flagged or 'none'}")


def chart(report: dict[str, Any], path: str, title: str) -> None:
    """Win rates by seat and by the first three tallied items (with the average and 1.5x the average),
    and how games end, on one page."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UserError("--chart needs matplotlib (pip install 'pirate-table-companion[sim]' or "
                        "'matplotlib>=3.8')") from None
    from collections import Counter

    avg = report["average_win_rate"]
    groups = ["seat", *[g for g in report["items"] if g in report]][:4]
    fig, axes = plt.subplots(2, 3, figsize=(12, 7))
    for ax, group in zip(axes.flat, groups):
        keys = list(report[group])
        rates = [report[group][k]["win_rate"] for k in keys]
        labels = [f"seat {k}" if group == "seat" else k.replace("-", " ") for k in keys]
        bars = ax.barh(labels, rates, color=["#D55E00" if r > 1.5 * avg else "#0072B2" for r in rates])
        ax.bar_label(bars, labels=[f"{r:.0%}" for r in rates], padding=2, fontsize=8)
        ax.axvline(avg, color="grey", linestyle="--", linewidth=1, label="average")
        ax.axvline(1.5 * avg, color="#D55E00", linestyle=":", linewidth=1, label="1.5x average")
        ax.set_xlim(0, max(rates + [1.5 * avg]) * 1.25)
        ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
        ax.set_title(f"win rate by {group.replace('_', ' ')}")
        ax.tick_params(axis="y", labelsize=8)
    axes.flat[0].legend(fontsize=8, loc="lower right")
    for ax in list(axes.flat)[len(groups):4]:
        ax.axis("off")
    ax = axes.flat[4]
    ends = {flag.replace("_", " "): report[flag] for flag in report["flags"]}
    ends["no winner"] = report["no_winner"]
    bars = ax.bar(list(ends), list(ends.values()), color="#E69F00")
    ax.bar_label(bars, labels=[f"{v:.1%}" for v in ends.values()], fontsize=8)
    ax.set_ylim(0, max(0.1, max(ends.values()) * 1.3))
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    ax.set_title("how games end")
    ax = axes.flat[5]
    ax.axis("off")
    turns = report["turns"]
    bots = ", ".join(f"{n} {b}" for b, n in Counter(report["bots"]).items())
    ax.text(0, 0.95, f"{report['games']} games, {report['players']} players\nbots: {bots}\n"
                     f"turns: {turns['mean']} on average ({turns['min']}-{turns['max']}),\n"
                     f"{turns['rounds_mean']} rounds", va="top", fontsize=10)
    fig.suptitle(f"{title}: balance by simulation", fontsize=13)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
