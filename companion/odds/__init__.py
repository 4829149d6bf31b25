"""Exact odds: game-agnostic dice distributions (dice.py) and one module per game.

`odds_view(game, state, player)` is what a screen shows beside a roll: the game's odds module
(companion/odds/<package>.py, found by the game's package name like the games themselves) may
define `odds_view`; its answer is `{"items": [{"kind": "odds" | "advice", "text", ...}]}` or None.
In a game whose expert searches, the expert's move at the seat's decision comes first (advice.py).
Screens render it once, generically (app/widgets/odds.py); `companion.api.odds_view` is the door.

`warm_up(game_id)` starts, once per process and off the caller's thread, what a game's odds
compute on first use (the module's `warm_up`, if it has one: Kapern solves every card's turn,
0.1-0.35 s each), so that no tap waits for it: the app calls it as a game is set up or opened.
"""
from __future__ import annotations

import importlib
import importlib.util
import threading
from typing import Any

from companion.games import package_name

from .advice import expert_advice


def _module(game_id: str) -> Any:
    module = f"{__name__}.{package_name(game_id)}"
    return importlib.import_module(module) if importlib.util.find_spec(module) is not None else None


_warming: dict[str, threading.Thread] = {}
_warming_lock = threading.Lock()


def warm_up(game_id: str) -> threading.Thread | None:
    """Start the game's odds warm-up in a daemon thread (once per process; None: nothing to warm)."""
    with _warming_lock:
        if game_id in _warming:
            return _warming[game_id]
        hook = getattr(_module(game_id), "warm_up", None)
        if hook is None:
            return None
        thread = threading.Thread(target=hook, name=f"odds-warm-up-{game_id}", daemon=True)
        _warming[game_id] = thread
        thread.start()
        return thread


def odds_view(game: Any, state: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """The odds and advice of this moment for this seat (None: nothing to say, or no odds module),
    in `lang` where the game's odds are worded in it (content/words `odds.*`; else English)."""
    hook = getattr(_module(game.id), "odds_view", None)
    found = (hook(game, state, player, lang) if hook is not None else None) or {"items": []}
    expert = expert_advice(game, state, player, lang)
    if expert is not None:  # (the expert's move first: the odds below are what it weighed)
        found = {**found, "items": [expert, *found.get("items", [])]}
    return found if found.get("items") else None
