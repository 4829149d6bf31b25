"""Which pydantic model validates which file of a game's content folder.

A game's schema is found by convention: `SCHEMA` in `companion/games/<pkg>/content.py`, where
`<pkg>` is the schema name (the game's id, or game.yaml's `schema`) with `_` for `-`. The lookup is by
module name, so this layer imports nothing of the games until a game's content is loaded.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
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

#: where game packages live (their content.py holds SCHEMA)
GAMES_PACKAGE = "companion.games"

#: schemas that are not a game package's: the generic one, and any a test or plug-in adds
SCHEMAS: dict[str, GameSchema] = {"generic": GENERIC}


def get_schema(name: str) -> GameSchema | None:
    """The schema called `name`: a registered one, or SCHEMA of the game package of that name."""
    if name in SCHEMAS:
        return SCHEMAS[name]
    if not name or not all(c.isalnum() or c == "-" for c in name):
        return None
    module = f"{GAMES_PACKAGE}.{name.replace('-', '_')}.content"
    try:
        if importlib.util.find_spec(module) is None:
            return None
    except ModuleNotFoundError:  # no game package of that name
        return None
    schema = getattr(importlib.import_module(module), "SCHEMA", None)
    return schema if isinstance(schema, GameSchema) else None
