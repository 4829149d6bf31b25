"""The print/ folder: paper profiles and layout files, read once and cached. (The printer's words
are the one catalogue's, content/words/<lang>.yaml under `print:`: companion.words.)"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from companion import PRINT_DIR

from .errors import PrintError


def print_dir() -> Path:
    """print/ beside the package; COMPANION_PRINT_DIR points elsewhere (tests, forks)."""
    return Path(os.environ.get("COMPANION_PRINT_DIR") or PRINT_DIR)


@lru_cache(maxsize=None)
def _read(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except FileNotFoundError:
        raise PrintError(f"{path}: missing print file") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise PrintError(f"{path}{line}: not valid YAML ({getattr(exc, 'problem', exc)})") from None


def read_yaml(*parts: str) -> Any:
    return _read(str(print_dir().joinpath(*parts)))


def profiles() -> dict[str, Any]:
    return read_yaml("profiles.yaml")


def paper(name: str) -> tuple[float, float, float]:
    """(width, height, printable margin) of a paper in mm."""
    papers = profiles()["papers"]
    if name not in papers:
        raise PrintError(f"unknown paper {name!r}; choose one of: {', '.join(profiles()['sheet_papers'])}")
    p = papers[name]
    return float(p["width"]), float(p["height"]), float(p["printable"])
