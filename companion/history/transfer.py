"""A history as one JSON file, to move it to another device: export, and import that adds only
the games the history does not hold yet (importing the same file twice adds nothing)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.files import Refused, atomic_write, read_regular

from .model import GameRecord, HistoryFileError, parse_game
from .store import History

FORMAT = "pirate-companion-history"
FILE_VERSION = 1
#: the largest export file read (a history of thousands of games is a few MB)
MAX_BYTES = 64 * 1024 * 1024


def export_data(history: History, game: str | None = None, player: str | None = None) -> dict[str, Any]:
    return {"format": FORMAT, "version": FILE_VERSION,
            "games": [_plain(rec) for rec in reversed(history.games(game, player))]}


def _plain(rec: GameRecord) -> dict[str, Any]:
    """A record as the file holds it: no database numbers (the other device has its own)."""
    data = rec.model_dump(exclude={"id"})
    for s in data["seats"]:
        s.pop("person", None)
    return data


def export_file(history: History, path: Path | str, **which: Any) -> int:
    """Write the history (or part of it) to `path` atomically; how many games."""
    data = export_data(history, **which)
    atomic_write(Path(path), json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return len(data["games"])


def read_file(path: Path | str) -> list[GameRecord]:
    """The games of an export file, every one checked before any is imported."""
    path = Path(path)
    try:
        raw = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise HistoryFileError(f"{path}: no such file") from None
    except Refused as exc:
        raise HistoryFileError(f"{path}: {exc}; expected a history export (JSON)") from None
    except OSError as exc:
        raise HistoryFileError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise HistoryFileError(f"{path}: not a text file; expected a history export (JSON)") from None
    except json.JSONDecodeError as exc:
        raise HistoryFileError(f"{path}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryFileError(f"{path}: not a history export of the companion (expected \"format\": \"{FORMAT}\")")
    if data.get("version") != FILE_VERSION:
        raise HistoryFileError(f"{path}: history export version {data.get('version')!r}; this companion reads "
                               f"version {FILE_VERSION}")
    games = data.get("games")
    if not isinstance(games, list):
        raise HistoryFileError(f"{path}: \"games\" must be a list of games")
    return [parse_game(g, f"{path}: game {i + 1}") for i, g in enumerate(games)]


def import_file(history: History, path: Path | str) -> tuple[int, int]:
    """Add the games of an export file that the history does not hold: (added, already there).
    A game deleted here on purpose comes back (importing it is asking for it)."""
    games = read_file(path)
    added = 0
    for rec in games:
        if history.add(rec, again=True) is not None:
            added += 1
    return added, len(games) - added
