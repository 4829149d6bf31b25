"""`companion replay FILE [--json] [--save OUT]`: play a replay file (or a saved session) to its end.

A replay file is YAML typed in from a real table (docs/REPLAY.md); a session saved by
`companion play --save` is accepted too. Prints every player's score (with --json: the final
public state). An illegal or malformed entry is one line naming the entry and the rule; exit 2.
A finished game is kept in the table's history when the player says so (asked at a terminal;
`--history yes|no` answers without asking).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from typing import Callable

from companion.commands.history_cmd import add_data_option, database
from companion.commands.outputs import interactive, new_save_file
from companion.engine import Session
from companion.engine.replay import load_replay, summary
from companion.engine.session import journal_path
from companion.games import base_id, get_game
from companion.history.record import recorded, remember
from companion.commands import help_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help=help_of("replay"))
    p.add_argument("file", help="a replay .yaml (see docs/REPLAY.md) or a session .json")
    p.add_argument("--json", action="store_true", help="print the final public state as JSON")
    p.add_argument("--save", metavar="OUT", help="also save the replayed game as a session file (JSON)")
    p.add_argument("--force", action="store_true", help="with --save: replace an existing file")
    p.add_argument("--history", choices=("ask", "yes", "no"), default="ask",
                   help="keep a finished game in the table's history: ask (the default; at a terminal), yes or no")
    add_data_option(p)
    p.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace, input_fn: Callable[[str], str] = input) -> int:
    out = None
    if args.save:  # checked before the replay runs, so a long replay is not played for nothing
        out = new_save_file("--save", args.save, args.force, extra=(journal_path(Path(args.save).expanduser()),))
    history = database(args)  # (--data checked before the replay runs)
    session = load_replay(args.file, get_game)
    if out is not None:
        session.save(out)
    data = summary(session)
    if args.json:
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        print()
        keep(session, args.history, history, input_fn, quiet=True)
        return 0
    result = data["result"]
    status = "game over" if data["over"] else "game in progress"
    print(f"{session.game.name}: {data['steps']} steps logged, {status}")
    winners = set(result.get("winners") or [])
    for name, score in (result.get("scores") or {}).items():
        print(f"  {name:<16} {score:>6}{'  (winner)' if name in winners else ''}")
    if data["pending"]:
        print(f"  waiting for: {data['pending']['label']}")
    elif not data["over"] and data["to_move"] is not None:
        print(f"  to move: {session.players[data['to_move']]}")
    if args.save:
        print(f"saved to {args.save}")
    keep(session, args.history, history, input_fn)
    return 0


def keep(session: Session, how: str, history: Path, input_fn: Callable[[str], str], quiet: bool = False) -> None:
    """A finished game typed in from a real table goes into the history when the player says so:
    asked at a terminal, or told by --history yes|no (never silently)."""
    if not session.is_over() or how == "no":
        return
    if recorded(session, history):
        if not quiet:
            print("this game is in the table's history already")
        return
    if how == "ask":
        if not interactive():
            print("not kept in the table's history (nobody to ask: --history yes keeps it)", file=sys.stderr)
            return
        try:
            answer = input_fn(f"keep this game in the table's history ({history})? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes", "j", "ja"):
            print("not kept in the history")
            return
    remember(session, "replay", history, game=base_id(session.game.id))
    print(f"kept in the table's history ({history})", file=sys.stderr if quiet else sys.stdout)
