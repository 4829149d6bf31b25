"""`companion replay FILE [--json] [--save OUT]`: play a replay file (or a saved session) to its end.

A replay file is YAML typed in from a real table (docs/REPLAY.md); a session saved by
`companion play --save` is accepted too. Prints every player's score (with --json: the final
public state). An illegal or malformed entry is one line naming the entry and the rule; exit 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.commands.outputs import new_save_file
from companion.engine.replay import load_replay, summary
from companion.engine.session import journal_path
from companion.games import get_game
from companion.commands import help_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help=help_of("replay"))
    p.add_argument("file", help="a replay .yaml (see docs/REPLAY.md) or a session .json")
    p.add_argument("--json", action="store_true", help="print the final public state as JSON")
    p.add_argument("--save", metavar="OUT", help="also save the replayed game as a session file (JSON)")
    p.add_argument("--force", action="store_true", help="with --save: replace an existing file")
    p.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    out = None
    if args.save:  # checked before the replay runs, so a long replay is not played for nothing
        out = new_save_file("--save", args.save, args.force, extra=(journal_path(Path(args.save).expanduser()),))
    session = load_replay(args.file, get_game)
    if out is not None:
        session.save(out)
    data = summary(session)
    if args.json:
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        print()
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
    return 0
