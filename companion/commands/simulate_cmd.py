"""`companion simulate GAME --games N --players P --seed S [--bots a,b,...] [--json] [--chart FILE.png]`:
play many bot games on every core and report win rates by seat, First Mate, Relic and weapon,
game length and how often the island sinks."""
from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from companion.errors import UserError

SIMULATORS = {"pirates-vs-dinosaurs": "companion.games.pirates_vs_dinosaurs.sim"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many games between bots and report win rates and balance")
    p.add_argument("game", help="the game id (pirates-vs-dinosaurs)")
    p.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i (default 1)")
    p.add_argument("--bots", default="random", help="comma-separated bot per seat (heuristic, random); a shorter "
                                                    "list is repeated (default random)")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--chart", metavar="FILE.png", help="draw the report as a chart (needs matplotlib)")
    p.set_defaults(func=run)


def _play(job: tuple[str, list[str], int]) -> dict[str, Any]:
    import importlib
    module, bots, seed = job
    return importlib.import_module(module).play_game(bots, seed)


def run(args: argparse.Namespace) -> int:
    if args.game not in SIMULATORS:
        raise UserError(f"no simulator for {args.game!r}; games: {', '.join(sorted(SIMULATORS))}")
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if not 2 <= args.players <= 6:
        raise UserError("--players must be 2 to 6")
    kinds = [b.strip() for b in args.bots.split(",") if b.strip()]
    from companion.games.pirates_vs_dinosaurs.bots import BOTS
    for k in kinds:
        if k not in BOTS:
            raise UserError(f"unknown bot {k!r}; bots: {', '.join(sorted(BOTS))}")
    bots = [kinds[i % len(kinds)] for i in range(args.players)]
    jobs = [(SIMULATORS[args.game], bots, args.seed + i) for i in range(args.games)]
    results = _run_all(jobs, args.workers or os.cpu_count() or 1, quiet=args.json)
    report = summarize(results, bots)
    if args.chart:
        chart(report, args.chart)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)
    return 0


def _run_all(jobs: list, workers: int, quiet: bool) -> list[dict[str, Any]]:
    from rich.progress import Progress

    out: list[dict[str, Any]] = []
    with Progress(transient=True, disable=quiet) as progress:
        task = progress.add_task("simulating", total=len(jobs))
        if workers <= 1:
            for job in jobs:
                out.append(_play(job))
                progress.advance(task)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for r in pool.map(_play, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
                    out.append(r)
                    progress.advance(task)
    return out


def _rate(wins: float, games: int) -> dict[str, Any]:
    return {"games": games, "wins": round(wins, 2), "win_rate": round(wins / games, 4) if games else 0.0}


def summarize(results: list[dict[str, Any]], bots: list[str]) -> dict[str, Any]:
    """Win rates (a shared win counts 1/k) by seat, First Mate, Relic, weapon, equipment and bot."""
    n = len(results)
    groups: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    turns, sunk, no_winner = [], 0, 0
    for r in results:
        winners = len(r["winners"])
        sunk += bool(r["sunk"])
        no_winner += winners == 0
        turns.append(r["turns"])
        for i, seat in enumerate(r["seats"]):
            share = 1 / winners if seat["won"] else 0.0
            keys = {"seat": str(i + 1), "first_mate": seat["mate"], "relic": seat["relic"], "weapon": seat["weapon"],
                    "bot": seat["bot"]}
            for group, key in keys.items():
                groups[group][key][0] += share
                groups[group][key][1] += 1
            for e in seat["equipment"] or ["(none)"]:
                groups["equipment"][e][0] += share
                groups["equipment"][e][1] += 1
            if len(set(bots)) > 1:  # mixed bots: an item's rate is compared with its own bot's rate
                for group in ("first_mate", "relic", "weapon"):
                    groups[f"{group}_by_bot"][f"{seat['bot']}: {keys[group]}"][0] += share
                    groups[f"{group}_by_bot"][f"{seat['bot']}: {keys[group]}"][1] += 1
    players = len(bots)
    report: dict[str, Any] = {
        "games": n, "players": players, "bots": bots, "average_win_rate": round(1 / players, 4),
        "sinks": round(sunk / n, 4), "no_winner": round(no_winner / n, 4),
        "turns": {"mean": round(sum(turns) / n, 1), "min": min(turns), "max": max(turns),
                  "rounds_mean": round(sum(turns) / n / players, 1)},
    }
    for group, table in groups.items():
        report[group] = {k: _rate(w, g) for k, (w, g) in sorted(table.items())}
    avg = (n - no_winner) / n / players
    if len(set(bots)) == 1:
        report["over_1_5x_average"] = {
            group: sorted(k for k, v in report[group].items() if v["games"] >= 20 and v["win_rate"] > 1.5 * avg)
            for group in ("first_mate", "relic", "weapon", "equipment")}
    else:
        # with mixed bots the better bot wins with whatever it drafts: compare within each bot kind
        # (a bot that hardly ever wins says nothing about items: at least 5% wins, 20 games)
        bot_rate = {k: v["win_rate"] for k, v in report["bot"].items()}
        report["over_1_5x_average"] = {
            group: sorted(k for k, v in report[f"{group}_by_bot"].items()
                          if v["games"] >= 20 and bot_rate[k.split(": ")[0]] >= 0.05
                          and v["win_rate"] > 1.5 * bot_rate[k.split(": ")[0]])
            for group in ("first_mate", "relic", "weapon")}
    return report


def print_report(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"[bold]{report['games']} games[/bold], {report['players']} players ({', '.join(report['bots'])}); "
                  f"island sinks in {report['sinks']:.0%}, no winner in {report['no_winner']:.0%}; "
                  f"turns {report['turns']['mean']} (min {report['turns']['min']}, max {report['turns']['max']})")
    for group in ("seat", "bot", "first_mate", "relic", "weapon", "equipment", "first_mate_by_bot", "relic_by_bot",
                  "weapon_by_bot"):
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
    console.print(f"over 1.5x {how}: {flagged or 'none'}")


def chart(report: dict[str, Any], path: str) -> None:
    """Win rates by seat, First Mate, Relic and weapon (with the average and 1.5x the average), and how
    games end, on one page."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UserError("--chart needs matplotlib (pip install 'pirate-table-companion[sim]' or "
                        "'matplotlib>=3.8')") from None
    avg = report["average_win_rate"]
    groups = ("seat", "first_mate", "relic", "weapon")
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
    ax = axes.flat[4]
    ends = {"island sinks": report["sinks"], "no winner": report["no_winner"]}
    bars = ax.bar(list(ends), list(ends.values()), color="#E69F00")
    ax.bar_label(bars, labels=[f"{v:.1%}" for v in ends.values()], fontsize=8)
    ax.set_ylim(0, max(0.1, max(ends.values()) * 1.3))
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    ax.set_title("how games end")
    ax = axes.flat[5]
    ax.axis("off")
    turns = report["turns"]
    from collections import Counter
    bots = ", ".join(f"{n} {b}" for b, n in Counter(report["bots"]).items())
    ax.text(0, 0.95, f"{report['games']} games, {report['players']} players\nbots: {bots}\n"
                     f"turns: {turns['mean']} on average ({turns['min']}-{turns['max']}),\n"
                     f"{turns['rounds_mean']} rounds", va="top", fontsize=10)
    fig.suptitle("Pirates vs. Dinosaurs: balance by simulation", fontsize=13)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
