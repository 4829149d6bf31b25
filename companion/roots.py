"""Where the games live: the checkout, and any extra game roots named in COMPANION_GAME_ROOTS.

A game is one plug-in laid out the same way in every root: its content folder
`<root>/content/<game>/` (game.yaml, its component files, its words in `words/<lang>.yaml`, its
rules reference in `reference/<lang>.yaml`), its rules package `<root>/companion/games/<pkg>/` and
its views `<root>/app/<pkg>/`. The checkout is the first root; COMPANION_GAME_ROOTS adds more
(folders separated by os.pathsep), so a game kept outside the checkout (a test's toy game, a fork's
own game) is found by every loader without a file of the checkout edited. A game id found in two
roots is the first root's.

This module imports nothing heavy (every command lists the games at start)."""
from __future__ import annotations

import os
from pathlib import Path

from companion import CONTENT_DIR, ROOT

__all__ = ["GAME_ROOTS_ENV", "game_roots", "content_dirs", "extra_packages", "game_folders", "game_folder",
           "reference_path"]

#: the environment variable naming extra game roots (os.pathsep between them)
GAME_ROOTS_ENV = "COMPANION_GAME_ROOTS"


def game_roots() -> list[Path]:
    """The checkout, then each extra root named in COMPANION_GAME_ROOTS (in its order)."""
    extra = [Path(p) for p in os.environ.get(GAME_ROOTS_ENV, "").split(os.pathsep) if p.strip()]
    return [ROOT] + [p for p in extra if p.resolve() != ROOT]


def content_dirs() -> list[Path]:
    """Every root's content/ folder (the checkout's is CONTENT_DIR)."""
    return [CONTENT_DIR] + [root / "content" for root in game_roots()[1:]]


def extra_packages(path: list[str], folder: str) -> list[str]:
    """A package's `__path__` with the same folder of every extra root after it (`companion/games`
    for the rules packages, `app` for the views), so a game of another root imports as one of ours."""
    more = [str(root / folder) for root in game_roots()[1:] if (root / folder).is_dir()]
    return list(path) + [p for p in more if p not in path]


def game_folders() -> list[Path]:
    """Every game's content folder (a folder of content/ with a game.yaml), by game id; the first
    root's where two roots hold the same id."""
    found: dict[str, Path] = {}
    for folder in content_dirs():
        if folder.is_dir():
            for p in sorted(folder.iterdir()):
                if (p / "game.yaml").is_file():
                    found.setdefault(p.name, p)
    return [found[k] for k in sorted(found)]


def game_folder(game_id: str) -> Path | None:
    """The content folder of a game id, or None if no root has it."""
    for folder in content_dirs():
        if (folder / game_id / "game.yaml").is_file():
            return folder / game_id
    return None


def reference_path(game_id: str, lang: str = "en") -> Path | None:
    """A game's rules reference in a language, `content/<game>/reference/<lang>.yaml` (English
    where the language has none), or None if the game has none. The app's Rules screen and the
    printed booklet read the same file."""
    folder = game_folder(game_id)
    if folder is None:
        return None
    own = folder / "reference" / f"{lang}.yaml"
    english = folder / "reference" / "en.yaml"
    return own if own.is_file() else english if english.is_file() else None
