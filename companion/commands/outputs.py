"""Checks for the files a command is asked to write (`--save`, `--chart`), before any work is done.

A folder, a missing folder, a folder we may not write in, or something that is not a regular
file is refused with one line naming the option and the path. `--save` never replaces an
existing file silently: it asks when someone is at the terminal, and otherwise needs `--force`.
"""
from __future__ import annotations

import os
import stat
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from companion.errors import UserError


def console(**options: Any) -> Any:
    """A rich Console for a command's output. Rich meets a closed pipe with a silent exit code 1 of
    its own; this one raises BrokenPipeError, so the CLI ends with its one line and code 2."""
    return _console_class()(**options)


@lru_cache(maxsize=1)
def _console_class() -> type:
    from rich.console import Console  # rich is imported only by the commands that draw with it

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(32, "Broken pipe")

    return PipeConsole


def interactive() -> bool:
    """Someone is at the terminal to answer a question."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def writable_file(option: str, value: str, example: str = "game.json") -> Path:
    """`value` as a file path that can be written: not a folder, in a folder that exists and takes
    new files (tried for real: permissions alone say nothing to root, or about /proc)."""
    path = Path(value).expanduser()
    if not value.strip():
        raise UserError(f"{option}: give a file name")
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        raise UserError(f"{option} {value}: {_first_file(path)} is a file, not a folder") from None
    except OSError as exc:
        raise UserError(f"{option} {value}: cannot use this path ({exc.strerror})") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise UserError(f"{option} {value}: is a folder; give a file name, e.g. {path / example}")
        if not stat.S_ISREG(info.st_mode):
            raise UserError(f"{option} {value}: is not a regular file (a pipe, socket or device)")
        if not os.access(path, os.W_OK):
            raise UserError(f"{option} {value}: the file may not be written (permission denied)")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UserError(f"{option} {value}: the folder {folder} does not exist")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{path.name}.", suffix=".probe"):
            pass
    except OSError as exc:
        raise UserError(f"{option} {value}: cannot write in the folder {folder} ({exc.strerror})") from None
    return path


def new_save_file(option: str, value: str, force: bool, extra: tuple[Path, ...] = (),
                  ask: Callable[[str], str] | None = None) -> Path:
    """A `--save` target that is never overwritten silently: an existing file (or its journal, in
    `extra`) is replaced only with `force`, or when the person at the terminal says yes."""
    path = writable_file(option, value)
    existing = [p for p in (path, *extra) if p.exists()]
    if not existing or force:
        return path
    if ask is None and interactive():
        ask = input
    if ask is not None:
        try:
            answer = ask(f"{existing[0]} exists. Replace it? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() in ("y", "yes"):
            return path
        raise UserError(f"{option} {value}: kept the existing file; choose another name")
    raise UserError(f"{option} {value}: {existing[0]} exists; use --force to replace it, or choose another name")


def _first_file(path: Path) -> Path:
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return path.parent
