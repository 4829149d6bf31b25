"""Many games between bots, for balance: one game's record and the report over many (game-agnostic).

A game is played by the one `Runner` on a `Playout` (the rules without a log). A game may add a
`tally(state)` (in its package's sim.py) that says what each seat had, for win rates by item:

    {"turns": 57,                                   # the game's length in turns (else: decisions)
     "seats": [{"first_mate": "anne", "equipment": ["rope", "cannon"]}, ...],   # a value or a list
     "flags": {"sinks": False},                     # how the game ended, as yes/no facts
     "stopped": "the round limit (150 rounds)"}    # a limit, not the rules, ended it (else absent)
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from .bots import make_bot
from .runner import Playout, Runner
from .search import Budget, SearchBot

Tally = Callable[[Any], dict[str, Any]]


def play_game(game: Any, kinds: list[str], seed: int, options: dict[str, Any] | None = None,
              tally: Tally | None = None, max_steps: int | None = None, budget: Budget | None = None) -> dict[str, Any]:
    """One game between bots of `kinds` (one per seat): who won, its length and the seats' tallies;
    search bots think within `budget` (default: their own, the app's)."""
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(kinds)]
    play = Playout(game, names, options, seed=seed)
    bots = {i: make_bot(game, f"{seed}:{i}", kind) for i, kind in enumerate(kinds)}
    if budget is not None:  # (the search bots' budget; other bots have none)
        for bot in bots.values():
            if isinstance(bot, SearchBot):
                bot.budget = budget
    unfinished = ""
    limit = max_steps or getattr(game, "playout_steps", 100_000)
    try:
        Runner(play, bots).advance(limit)
    except RuntimeError as exc:  # the step limit: the report counts the game as unfinished, by seed
        if play.steps < limit:  # a rule that failed is a bug, not a long game
            raise
        unfinished = str(exc)
    if not unfinished and not play.is_over():
        unfinished = "no seat can move, but the game is not over"
    if unfinished:
        return {"seed": seed, "winners": [], "steps": play.steps, "turns": play.steps, "flags": {},
                "seats": [{"bot": k} for k in kinds], "result": {}, "unfinished": unfinished}
    result = game.result(play.state)
    extra = tally(play.state) if tally is not None else {}
    winners = set(result.get("winners") or [])
    seats = extra.get("seats") or [{} for _ in names]
    record = {"seed": seed, "winners": [i for i, n in enumerate(names) if n in winners], "steps": play.steps,
              "turns": extra.get("turns", play.steps), "flags": dict(extra.get("flags") or {}),
              "seats": [{"bot": kinds[i], **seats[i]} for i in range(len(names))], "result": result}
    if extra.get("stopped"):
        record["stopped"] = extra["stopped"]
    return record


def _rate(wins: float, games: int) -> dict[str, Any]:
    return {"games": games, "wins": round(wins, 2), "win_rate": round(wins / games, 4) if games else 0.0}


def _stats(values: list[int]) -> dict[str, Any]:
    return {"mean": round(sum(values) / len(values), 1), "min": min(values), "max": max(values)}


def summarize(records: list[dict[str, Any]], kinds: list[str]) -> dict[str, Any]:
    """Unfinished games (a step limit passed) listed by seed and left out of the rest; games a limit
    of the game's own ended before its rules did (a round limit: over, no winner) listed by seed
    too (`stopped`) and kept in the rest; win rates (a shared win counts 1/k) by seat, by bot and by every tallied item, game lengths and
    how often each flag held; items won more than 1.5 times as often as the average are listed."""
    unfinished = [{"seed": r["seed"], "why": r["unfinished"]} for r in records if r.get("unfinished")]
    stopped = [{"seed": r["seed"], "why": r["stopped"]} for r in records if r.get("stopped")]
    records = [r for r in records if not r.get("unfinished")]
    n = len(records)
    players = len(kinds)
    if not n:
        return {"games": 0, "players": players, "bots": list(kinds), "unfinished": unfinished}
    mixed = len(set(kinds)) > 1
    groups: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    scalar: list[str] = []  # tallied groups with one value per seat (they get a per-bot table)
    listed: list[str] = []  # tallied groups with a list per seat
    flags: dict[str, int] = defaultdict(int)
    no_winner = 0

    def add(group: str, key: str, share: float) -> None:
        groups[group][key][0] += share
        groups[group][key][1] += 1

    for r in records:
        won = len(r["winners"])
        no_winner += won == 0
        for flag, value in r["flags"].items():
            flags[flag] += bool(value)
        for i, seat in enumerate(r["seats"]):
            share = 1 / won if i in r["winners"] else 0.0
            add("seat", str(i + 1), share)
            add("bot", seat["bot"], share)
            for group, value in seat.items():
                if group == "bot":
                    continue
                if isinstance(value, (list, tuple)):
                    if group not in listed:
                        listed.append(group)
                    for item in value or ["(none)"]:
                        add(group, str(item), share)
                else:
                    if group not in scalar:
                        scalar.append(group)
                    add(group, str(value), share)
                    if mixed:  # with mixed bots an item is compared with its own bot's rate
                        add(f"{group}_by_bot", f"{seat['bot']}: {value}", share)
    turns = [r["turns"] for r in records]
    report: dict[str, Any] = {
        "games": n, "players": players, "bots": list(kinds), "average_win_rate": round(1 / players, 4),
        "no_winner": round(no_winner / n, 4),
        "turns": {**_stats(turns), "rounds_mean": round(sum(turns) / n / players, 1)},
        "steps": _stats([r["steps"] for r in records]),
        "items": scalar + listed,
        "unfinished": unfinished,
        "stopped": stopped,
    }
    for flag, count in flags.items():
        report[flag] = round(count / n, 4)
    report["flags"] = sorted(flags)
    for group, table in groups.items():
        report[group] = {k: _rate(w, g) for k, (w, g) in sorted(table.items())}
    avg = (n - no_winner) / n / players
    if not mixed:
        report["over_1_5x_average"] = {
            group: sorted(k for k, v in report[group].items() if v["games"] >= 20 and v["win_rate"] > 1.5 * avg)
            for group in scalar + listed}
    else:
        # the better bot wins with whatever it drafts: compare within each bot kind (a bot that hardly
        # ever wins says nothing about items: at least 5% wins, 20 games)
        bot_rate = {k: v["win_rate"] for k, v in report["bot"].items()}
        report["over_1_5x_average"] = {
            group: sorted(k for k, v in report[f"{group}_by_bot"].items()
                          if v["games"] >= 20 and bot_rate[k.split(": ")[0]] >= 0.05
                          and v["win_rate"] > 1.5 * bot_rate[k.split(": ")[0]])
            for group in scalar}
    return report
