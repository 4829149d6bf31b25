"""`companion history`: the table's history of finished games, at the command line.

    companion history [--game G] [--player P] [--json | --csv]   the games, the players, the records
    companion history export FILE | import FILE                  move the history to another device
    companion history delete N                                   delete game number N
    companion history players                                    the people in it (and their names)
    companion history rename NAME NEW                            a person is called NEW from now on
    companion history split NAME N[,N...] OTHER                  NAME in those games was someone else

`--data DIR` (or $COMPANION_DATA_DIR) names the data folder (the app's, by default).
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path
from typing import Any

from companion.commands import help_of
from companion.errors import UserError
from companion.history import History, open_history
from companion.history.place import history_path
from companion.history.stats import game_records, player_stats
from companion.history.transfer import export_data, export_file, import_file
from companion.words import words_for

ACTIONS = {"list": 0, "export": 1, "import": 1, "delete": 1, "players": 0, "rename": 2, "split": 3}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("history", help=help_of("history"), description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", nargs="*", metavar="ACTION",
                   help="list (the default), export FILE, import FILE, delete N, players, rename NAME NEW, "
                        "split NAME N[,N...] OTHER")
    add_data_option(p)
    p.add_argument("--game", metavar="G", help="only this game's (its id, e.g. piraten-kapern)")
    p.add_argument("--player", metavar="P", help="only the games this player played")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the games, statistics and records as JSON")
    out.add_argument("--csv", action="store_true", help="print one line per player per game (CSV)")
    p.set_defaults(func=run_history)


def add_data_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", metavar="DIR", help="the data folder holding the history (default: the app's; "
                                                 "or $COMPANION_DATA_DIR)")


def database(args: argparse.Namespace) -> Path:
    """The history file of `--data DIR` (checked: a folder), else of the app's data folder."""
    if getattr(args, "data", None):
        root = Path(args.data).expanduser()
        if root.exists() and not root.is_dir():
            raise UserError(f"--data {args.data}: not a folder")
        return history_path(root)
    return history_path()


def opened(args: argparse.Namespace) -> History:
    history = open_history(database(args))
    if history.notice:
        print(f"warning: {history.notice}", file=sys.stderr)
    return history


def run_history(args: argparse.Namespace) -> int:
    what = list(args.what) or ["list"]
    action = what[0]
    if action not in ACTIONS:
        raise UserError(f"unknown history action {action!r}; expected one of {', '.join(ACTIONS)}")
    if len(what) - 1 != ACTIONS[action]:
        raise UserError(f"history {action} takes {ACTIONS[action]} argument{'s' if ACTIONS[action] != 1 else ''}, "
                        f"got {len(what) - 1}")
    if action != "list" and (args.json or args.csv):
        raise UserError(f"--json and --csv go with the list of games, not with history {action}")
    with opened(args) as history:
        if action == "export":
            n = export_file(history, what[1], game=args.game, player=args.player)
            print(f"{n} game{'s' if n != 1 else ''} written to {what[1]}")
        elif action == "import":
            added, already = import_file(history, what[1])
            print(f"{added} game{'s' if added != 1 else ''} added, {already} already in the history")
        elif action == "delete":
            rec = history.delete(number(what[1]))
            print(f"deleted game {what[1]}: {rec.title}, {', '.join(s.name for s in rec.seats)}")
        elif action == "players":
            for p in history.people():
                also = [n for n in p["names"] if n != p["name"]]
                print(f"{p['name']}: {p['games']} game{'s' if p['games'] != 1 else ''}"
                      + (f" (also played as {', '.join(also)})" if also else ""))
        elif action == "rename":
            history.rename(what[1], what[2])
            print(f"{what[1]} is called {what[2]} from now on; every game stays theirs")
        elif action == "split":
            games = [number(n) for n in what[2].split(",") if n.strip()]
            history.split(what[1], games, what[3])
            print(f"{what[1]} in game{'s' if len(games) != 1 else ''} {what[2]} is now {what[3]}")
        else:
            show(history, args)
    return 0


def number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UserError(f"expected a game number (see `companion history`), got {text!r}") from None


def show(history: History, args: argparse.Namespace) -> None:
    games = history.games(args.game, args.player)
    if args.json:
        data = export_data(history, args.game, args.player)
        for d, rec in zip(data["games"], reversed(games)):
            d["id"] = rec.id
        data["players"] = [p.as_dict() for p in player_stats(games)]
        data["records"] = {g: [r.as_dict() for r in rs] for g, rs in game_records(games).items()}
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return
    if args.csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["game_number", "game", "title", "mode", "ended", "ending", "rounds", "seat", "name", "kind",
                      "score", "place", "winner"])
        for rec in games:
            for s in rec.seats:
                out.writerow([rec.id, rec.game, rec.title, rec.mode, when(rec.ended), rec.ending,
                              rec.rounds[-1].round if rec.rounds else "", s.seat, s.name, s.kind, plain(s.score),
                              s.place or "", int(s.winner)])
        return
    w = words_for("en")
    if not games:
        print("no finished games in the history yet" + (" (for that --game/--player)" if args.game or args.player
                                                        else ""))
        return
    print(f"{len(games)} game{'s' if len(games) != 1 else ''}:")
    for rec in games:
        seats = ", ".join(f"{s.name} {plain(s.score)}{' (won)' if s.winner else ''}" for s in rec.seats)
        print(f"  {rec.id:>4}  {when(rec.ended)}  {rec.title}: {seats} - {w('history.ending.' + rec.ending)}")
    print("players:")
    for p in player_stats(games):
        print(f"  {p.name}: {p.games} game{'s' if p.games != 1 else ''}, {p.wins} won ({p.win_rate:.0%}), "
              f"longest winning streak {p.longest_streak}")
        for g, line in sorted(p.by_game.items()):
            avg = "" if line.average is None else f", best {plain(line.best)}, average {plain(round(line.average, 1))}"
            print(f"      {g}: {line.games} played, {line.wins} won ({line.win_rate:.0%}){avg}")
    print("records:")
    for g, rs in game_records(games).items():
        for r in rs:
            at = f" (game {r.play}" + (f", round {r.round})" if r.round is not None else ")")
            print(f"  {g}: {w(r.what)}: {plain(r.value)} by {r.name}{at}")


def when(t: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else ""


def plain(v: Any) -> str:
    """A number as a person writes it: 400, not 400.0."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v)
