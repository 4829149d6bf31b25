"""The print/ folder: paper profiles, translations and layout files, read once and cached."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from companion import PRINT_DIR
from companion.content.yamlsrc import dig

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


class Words:
    """The printer's own words in one language, with `{name}` fields filled in."""

    def __init__(self, lang: str):
        self.lang = lang
        self.data = read_yaml("i18n", f"{lang}.yaml")
        self.fallback = read_yaml("i18n", "en.yaml")

    def __call__(self, key: str, **fields: Any) -> str:
        value = dig(self.data, key)
        if value is None:
            value = dig(self.fallback, key)
        if value is None:
            return key
        return str(value).format(**fields)

