"""Exact odds: game-agnostic dice distributions (dice.py) and one module per game.

`odds_view(game, state, player)` is what a screen shows beside a roll: the game's odds module
(companion/odds/<package>.py, found by the game's package name like the games themselves) may
define `odds_view`; its answer is `{"items": [{"kind": "odds" | "advice", "text", ...}]}` or None.
Screens render it once, generically (app/widgets/odds.py); `companion.api.odds_view` is the door.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from companion.games import package_name


def odds_view(game: Any, state: Any, player: int | None) -> dict[str, Any] | None:
    """The odds and advice of this moment for this seat (None: nothing to say, or no odds module)."""
    module = f"{__name__}.{package_name(game.id)}"
    if importlib.util.find_spec(module) is None:
        return None
    hook = getattr(importlib.import_module(module), "odds_view", None)
    if hook is None:
        return None
    found = hook(game, state, player)
    return found if found and found.get("items") else None
