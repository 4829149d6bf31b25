"""What every game's `companion odds GAME` shares: its forms (sub-commands with options), how
numbers and distributions are printed, and the one way a result is emitted (a table, or JSON).

A game's odds module (companion/odds/<package>.py) offers itself to the command with
`DESCRIPTION`, `add_arguments(parser)` and `run(args)`; companion/commands/odds_cmd.py names no game.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.errors import UserError

#: an option of a form: (flags, add_argument's keywords)
Option = tuple[tuple[str, ...], dict[str, Any]]
#: a form: (help, description, its options)
Form = tuple[str, str, list[Option]]


def opt(*flags: str, **kw: Any) -> Option:
    return flags, kw


JSON = opt("--json", action="store_true", help="print JSON")


def said(text: str) -> tuple[str, str]:
    """A form's help and its description, from one sentence."""
    return text, text + "."


def add_forms(parser: argparse.ArgumentParser, dest: str, forms: dict[str, Form],
              common: list[Option] | None = None) -> None:
    """A game's forms as sub-commands of `parser` (`dest` names the chosen form), each with the
    options every form of the game takes (`common`), its own, and --json."""
    sub = parser.add_subparsers(dest=dest, metavar=dest.upper(), required=True)
    for name, (text, about, options) in forms.items():
        form = sub.add_parser(name, help=text, description=about)
        for flags, kw in [*(common or []), *options, JSON]:
            form.add_argument(*flags, **kw)


def pct(p: float) -> str:
    return f"{p:6.1%}" if p >= 0.0005 or p == 0 else "  <0.1%"


def dist_lines(title: str, dist: dict[Any, float]) -> list[str]:
    return [f"  {title}"] + [f"    {k:>4}  {pct(p)}" for k, p in dist.items()]


def emit(args: argparse.Namespace, data: dict[str, Any], lines: list[str]) -> int:
    if args.json:
        json.dump(data, sys.stdout)
        print()
    else:
        print("\n".join(lines))
    return 0


def items(text: str | None) -> list[str]:
    """A comma-separated list of names ("cannon,shovels"), empty for none."""
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


def numbers(option: str, text: str) -> list[int]:
    """Die numbers ("1,2"), each once."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise UserError(f"{option}: expected die numbers like 1,2, got {part!r}")
        out.append(int(part))
    if len(set(out)) != len(out):
        raise UserError(f"{option}: die numbers must differ, got {text}")
    return out
