"""Which pydantic model validates which file of a game's content folder."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel

from .errors import Problem
from .models import ComponentsFile, RulingsFile

if TYPE_CHECKING:
    from .loader import GameContent


@dataclass(frozen=True)
class GameSchema:
    #: file name -> model; a file in the folder that is not listed here is an error
    files: dict[str, type[BaseModel]]
    #: files that must be present
    required: frozenset[str] = frozenset()
    #: cross-file checks of the game (counts against the rulebook, consistency)
    check: Callable[["GameContent"], list[Problem]] | None = None
    #: model for files matching none of `files` (None: such files are errors)
    other: type[BaseModel] | None = None


GENERIC = GameSchema(files={"rulings.yaml": RulingsFile}, other=ComponentsFile)

#: game id -> "module:attribute" of its GameSchema (or the schema itself); games add themselves here
SCHEMAS: dict[str, "str | GameSchema"] = {
    "generic": "companion.content.schema:GENERIC",
    "piraten-kapern": "companion.games.piraten_kapern.content:SCHEMA",
    "pirates-vs-dinosaurs": "companion.games.pirates_vs_dinosaurs.content:SCHEMA",
}


def get_schema(name: str) -> GameSchema | None:
    target = SCHEMAS.get(name)
    if target is None or isinstance(target, GameSchema):
        return target
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)
