"""`companion print|play|replay|simulate|validate|show|app`: one entry point, one module per command.

Every command module in companion/commands/ exposes `register(subparsers)`; it sets `func` on
its parser. Expected failures (bad content, bad files, bad arguments) print one clear line per
problem to stderr and exit with code 2, never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from companion import __version__
from companion.commands import COMMANDS, Parser
from companion.content.errors import ContentError
from companion.engine.errors import IllegalAction, SaveError
from companion.errors import UserError


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command. With `command` (what `main` was asked for; "" for none) only
    that command's module is imported for its options, and the others are named with their
    one-line help (companion/commands/__init__.py, COMMANDS); without, every command's options
    (tests and docs walk them)."""
    parser = Parser(prog="companion", description="The pirate table companion: print, track and play "
                                                  "pirate board games.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module, _) in sorted(COMMANDS.items()):
        if (command is None or name == command) and name not in sub.choices:
            importlib.import_module(f"companion.commands.{module}").register(sub)
    for name, (_, text) in sorted(COMMANDS.items()):
        if name not in sub.choices:
            sub.add_parser(name, help=text)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = next((a for a in argv if not a.startswith("-")), "")
    parser = build_parser(command)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except ContentError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2
    except (UserError, SaveError, IllegalAction, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted; nothing confirmed is lost", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return output_closed()
    except OSError as exc:  # a file that could not be written or read after all the checks
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


def output_closed() -> int:
    """The reader of our output went away (`companion show X --json | head -1`): stop quietly
    with one line, and point stdout at /dev/null so Python's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing to flush
        pass
    try:
        print("error: the output was closed before everything was written (broken pipe)", file=sys.stderr)
    except OSError:
        pass
    return 2


if __name__ == "__main__":
    sys.exit(main())
