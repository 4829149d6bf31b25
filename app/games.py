"""Which games the app offers, and which views each one brings.

A game's views are found by convention: the package app/<pkg>/ (the game's package name under
companion/games/, e.g. app/piraten_kapern/) exposes `ui() -> GameUI`. A game with content but no
views package still gets Rules and Print; a game with a rules engine but no views gets the generic
digital play screen. A table tracker's saves (id `<game>-tracker`) open with its game's views. The
rules reference is the game's content/<game>/reference/en.yaml (companion.roots). Nothing to list anywhere.
"""
from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

from companion import api
from companion.api import GameEntry, entry, game_entries
from companion.roots import reference_path

__all__ = ["GameUI", "GameEntry", "accent", "entry", "game_entries", "game_ui", "has_rules", "rules_reference",
           "search_rules"]

@dataclass
class GameUI:
    """The views a game adds to the generic screens. Every callable builds new controls."""

    #: the game's id: filled in by `game_ui` (a views package names no game id)
    id: str = ""
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
    #: digital play: the title line when the seat to move is asked on another player's turn (a
    #: reaction window): (view, seat) -> text, or None for the usual "Your turn, <name>"
    status: Callable[..., str | None] | None = None
    #: a log line in the device's language: (event, Words, player names, view) -> text; None: the
    #: rules' own (English) text. A game in several languages (game.yaml `languages`) brings one.
    event_text: Callable[..., str] | None = None


def game_ui(game_id: str) -> GameUI:
    """The views of a game (or of its tracker's saves): app/<pkg>/'s `ui()`, or none (generic screens)."""
    module = f"app.{api.package_name(game_id)}"
    try:
        found = importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        found = False
    base = api.base_id(game_id)
    if not found:
        return GameUI(base)
    return dataclasses.replace(importlib.import_module(module).ui(), id=base)


def accent(game_id: str) -> str | None:
    """The accent colour of a game (or of its tracker's saves), from game.yaml; None if it has none."""
    try:
        return entry(api.base_id(game_id)).accent
    except KeyError:
        return None


def has_rules(game_id: str) -> bool:
    return reference_path(game_id) is not None


def rules_reference(game_id: str) -> dict[str, Any]:
    """The app's short rules reference for a game: {title, sections: [{title, text, tags}]}."""
    path = reference_path(game_id)
    if path is None:
        raise ValueError(f"the game {game_id!r} has no rules reference (content/<game>/reference/en.yaml)")
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


def rules_section_for(sections: list[dict[str, Any]], words: list[str]) -> int | None:
    """The section of the rules reference about the step a game is at: the one that holds the most
    of `words` (what the step's choices are called: "move", "attack", "roll"...; each word searched
    as the reference's search does), a word in its title or tags counting twice as one in its text;
    the earlier one on a tie; None when none holds any."""
    best, score = None, 0
    for i, s in enumerate(sections):
        named = [{"title": s.get("title", ""), "text": "", "tags": s.get("tags", [])}]
        got = sum(2 if search_rules(named, w) else 1 for w in dict.fromkeys(words) if search_rules([s], w))
        if got > score:
            best, score = i, got
    return best
