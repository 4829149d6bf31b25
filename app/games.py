"""Which games the app offers, and which views each one brings.

A game's views live in one folder under app/ (app/piraten_kapern/, later
app/pirates_vs_dinosaurs/), whose package exposes `ui() -> GameUI`. A game with content but no
views folder still gets Rules and Print; a game with a rules engine but no views folder gets the
generic digital play screen. To plug in a new game: add its folder with `ui()`, list it in
`VIEW_MODULES`, and put its rules reference in app/rules/<game>.yaml.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

#: game id -> the package holding its views (imported only when the game is opened)
VIEW_MODULES: dict[str, str] = {
    "piraten-kapern": "app.piraten_kapern",
    "pirates-vs-dinosaurs": "app.pirates_vs_dinosaurs",
    # the table tracker's saves (a Session of companion.games.pirates_vs_dinosaurs.tracker)
    "pirates-vs-dinosaurs-tracker": "app.pirates_vs_dinosaurs",
}

RULES_DIR = Path(__file__).parent / "rules"


@dataclass
class GameUI:
    """The views a game adds to the generic screens. Every callable builds new controls."""

    id: str
    #: the table assistant's body: (screen, live game) -> controls; None: no table assistant yet
    assistant: Callable[..., list[Any]] | None = None
    #: digital play: what the seat sees: (screen, live game, view, seat) -> controls
    board: Callable[..., list[Any]] | None = None
    #: digital play: the acting seat's choices: (screen, live game, seat, legal actions) -> controls
    actions: Callable[..., list[Any]] | None = None
    #: digital play: what the seat sees below its choices (long content such as a hand of cards,
    #: so that the choices are reachable without scrolling): (screen, live game, view, seat) -> controls
    details: Callable[..., list[Any]] | None = None
    #: the end screen's rows, best first: (live game, result, public view) -> [(name, score, detail)]
    final: Callable[..., list[tuple[str, str, str]]] | None = None
    #: one line per seat for score lists: (view) -> {seat: score}
    scores: Callable[[dict[str, Any]], dict[int, Any]] | None = None
    #: the Game the table assistant saves, when it is not the rules engine itself (a table tracker)
    assistant_game: Callable[[], Any] | None = None
    #: digital play: the title line when the seat to move is asked on another player's turn (a
    #: reaction window): (view, seat) -> text, or None for the usual "Your turn, <name>"
    status: Callable[..., str | None] | None = None


@dataclass
class GameEntry:
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    accent: str | None

    @property
    def has_engine(self) -> bool:
        from companion.games import REGISTRY

        if self.id not in REGISTRY:
            return False
        try:
            engine()(self.id)
        except Exception:  # an engine being written right now must not break the home screen
            return False
        return True

    @property
    def has_rules(self) -> bool:
        return (RULES_DIR / f"{self.id}.yaml").is_file()


def engine() -> Callable[[str], Any]:
    from companion.games import get_game

    return get_game


def game_entries() -> list[GameEntry]:
    """Every game with content or a rules engine, by name."""
    from companion.content import game_folders
    from companion.games import REGISTRY

    found: dict[str, GameEntry] = {}
    for folder in game_folders():
        try:
            info = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError):
            continue
        gid = str(info.get("id") or folder.name)
        players = info.get("players") or {}
        found[gid] = GameEntry(gid, _en(info.get("name"), gid), _en(info.get("description"), ""),
                               int(players.get("min", 2)), int(players.get("max", 2)), info.get("accent"))
    for gid in REGISTRY:
        if gid not in found:
            try:
                g = engine()(gid)
            except Exception:
                continue
            found[gid] = GameEntry(gid, g.name, "", g.min_players, g.max_players, None)
    return sorted(found.values(), key=lambda e: e.name.lower())


def entry(game_id: str) -> GameEntry:
    for e in game_entries():
        if e.id == game_id:
            return e
    raise KeyError(game_id)


def game_ui(game_id: str) -> GameUI:
    module = VIEW_MODULES.get(game_id)
    if module is None:
        return GameUI(game_id)
    return importlib.import_module(module).ui()


def _en(value: Any, default: str) -> str:
    if isinstance(value, dict):
        return str(value.get("en") or next(iter(value.values()), default))
    return str(value) if value else default


def rules_reference(game_id: str) -> dict[str, Any]:
    """The app's short rules reference for a game: {title, sections: [{title, text, tags}]}."""
    path = RULES_DIR / f"{game_id}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list):
        raise ValueError(f"{path}: expected a mapping with a list of 'sections'")
    for i, s in enumerate(data["sections"]):
        if not isinstance(s, dict) or not s.get("title") or not s.get("text"):
            raise ValueError(f"{path}: section {i + 1} needs a title and a text")
    return data


def search_rules(sections: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """Sections whose title, text or tags hold every word of the query (case-insensitive)."""
    words = query.lower().split()
    if not words:
        return list(sections)
    out = []
    for s in sections:
        hay = " ".join([str(s.get("title", "")), str(s.get("text", "")), " ".join(map(str, s.get("tags", [])))]).lower()
        if all(w in hay for w in words):
            out.append(s)
    return out
