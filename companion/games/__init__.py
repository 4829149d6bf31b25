"""The registry of games: id -> module holding `GAME` (imported lazily, so the CLI starts fast)."""
from __future__ import annotations

import importlib
from typing import Any

#: every game with a rules engine (id -> module holding GAME); content-only games are not listed
REGISTRY: dict[str, Any] = {
    "piraten-kapern": "companion.games.piraten_kapern.rules",
    "pirates-vs-dinosaurs": "companion.games.pirates_vs_dinosaurs.rules",
}

#: table trackers: sessions the app's table assistant saves beside a real game. Not playable games,
#: so not in REGISTRY or game_ids(); get_game finds them to load their saves.
TRACKERS: dict[str, str] = {
    "pirates-vs-dinosaurs-tracker": "companion.games.pirates_vs_dinosaurs.tracker",
}


def game_ids() -> list[str]:
    return sorted(REGISTRY)


def get_game(game_id: str) -> Any:
    try:
        module = REGISTRY[game_id] if game_id in REGISTRY else TRACKERS[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; games with a rules engine: {', '.join(game_ids())}") from None
    if not isinstance(module, str):
        return module  # a Game object registered directly (tests, plug-ins)
    return importlib.import_module(module).GAME
