"""The games, found by convention: adding a game edits no list.

A game is a package `companion/games/<pkg>/`; its id is the package name with `-` for `_`
(`pirates_vs_dinosaurs` is `pirates-vs-dinosaurs`). What the package holds says what the game has:

- `rules.py` with `GAME` (a `companion.engine.Game`): a rules engine: listed by `game_ids()`,
  played by `companion play`, `simulate`, the app and the random-playout test;
- `content.py` with `SCHEMA` (a `GameSchema`): the schema of its content folder
  (`companion.content.schema.get_schema` finds it by the game's id);
- `tracker.py` (or `table/tracker.py`, beside the rest of a table assistant) with `GAME`: a table
  tracker saved beside a real game (id `<game>-tracker`); loadable by `get_game`, but not a
  playable game, so not in `game_ids()`;
- `terminal.py`: prompts for `companion play` (see `terminal_module`).

The app's views of a game are the package `app/<pkg>/` (see app/games.py). A game kept outside the
checkout lives the same way under a root named in COMPANION_GAME_ROOTS (companion/roots.py): that
root's `companion/games/` joins this package's path, so its packages are games too. Modules are
imported only when asked for, so listing the games stays fast. `REGISTRY` is filled from the folders;
tests and plug-ins may add a `Game` object under an id of their own.
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path
from typing import Any

from companion.roots import extra_packages

#: the game packages of every root: the checkout's, then each extra root's companion/games/
__path__ = extra_packages(__path__, "companion/games")

TRACKER_SUFFIX = "-tracker"


def base_id(game_id: str) -> str:
    """The game a tracker's id belongs to (a game's own id stays as it is)."""
    return game_id.removesuffix(TRACKER_SUFFIX)


def package_name(game_id: str) -> str:
    """The package (under companion/games/ and app/) of a game or of its tracker."""
    return base_id(game_id).replace("-", "_")


def packages() -> dict[str, Path]:
    """Game id -> package folder, for every game package (every folder of this package's path)."""
    found: dict[str, Path] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg and not info.name.startswith("_"):
            found.setdefault(info.name.replace("_", "-"), Path(getattr(info.module_finder, "path", "")) / info.name)
    return dict(sorted(found.items()))


def discover() -> tuple[dict[str, Any], dict[str, Any]]:
    """(games with a rules engine, table trackers): id -> module holding GAME, from the folders."""
    games: dict[str, Any] = {}
    trackers: dict[str, Any] = {}
    for gid, folder in packages().items():
        module = f"{__name__}.{folder.name}"
        if (folder / "rules.py").is_file():
            games[gid] = f"{module}.rules"
        for where in ("tracker", "table.tracker"):
            if (folder / f"{where.replace('.', '/')}.py").is_file():
                trackers[f"{gid}{TRACKER_SUFFIX}"] = f"{module}.{where}"
    return games, trackers


#: every game with a rules engine: id -> module holding GAME (or a Game object added by a test or plug-in)
REGISTRY: dict[str, Any]
#: table trackers: id -> module holding GAME (sessions the app's table assistant saves beside a real game)
TRACKERS: dict[str, Any]
REGISTRY, TRACKERS = discover()


def game_ids() -> list[str]:
    return sorted(REGISTRY)


def has_engine(game_id: str) -> bool:
    return game_id in REGISTRY


def tracker_id(game_id: str) -> str | None:
    """The id of the game's table tracker, if it has one."""
    tid = f"{game_id}{TRACKER_SUFFIX}"
    return tid if tid in TRACKERS else None


def get_game(game_id: str) -> Any:
    """The Game of a game id (or of a tracker id); ValueError names the games there are."""
    try:
        module = REGISTRY[game_id] if game_id in REGISTRY else TRACKERS[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; games with a rules engine: {', '.join(game_ids())}") from None
    if not isinstance(module, str):
        return module  # a Game object registered directly (tests, plug-ins)
    return importlib.import_module(module).GAME


def game_module(game_id: str, name: str) -> Any | None:
    """The module `name` of a game's package (e.g. "terminal", "sim"), or None if it has none."""
    full = f"{__name__}.{package_name(game_id)}.{name}"
    try:
        if importlib.util.find_spec(full) is None:
            return None
    except ModuleNotFoundError:  # no such package
        return None
    return importlib.import_module(full)
