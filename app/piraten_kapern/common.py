"""Piraten Kapern's names and icons for the views, read from content/piraten-kapern/ (plain data)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.content.models import say


@lru_cache(maxsize=1)
def labels() -> dict[str, Any]:
    """{"faces": [(id, name, icon)], "cards": {id: {"name", "subtitle", "icon", "text"}}}."""
    from companion.content import load_game

    content = load_game("piraten-kapern")
    die = content.files["dice.yaml"].dice[0]
    faces = [(f.id, say(f.name), f.icon or f.id) for f in die.faces]
    cards: dict[str, dict[str, str]] = {}
    for deck in content.files["cards.yaml"].decks:
        for c in deck.cards:
            cards[c.id] = {"name": say(c.name), "subtitle": say(c.subtitle) if c.subtitle else "",
                           "icon": c.icon or "", "text": say(c.text) if c.text else ""}
    return {"faces": faces, "cards": cards}


def face_name(face: str | None) -> str:
    for fid, name, _ in labels()["faces"]:
        if fid == face:
            return name
    return "not rolled" if not face else face


def face_icon(face: str | None) -> str | None:
    for fid, _, icon in labels()["faces"]:
        if fid == face:
            return icon
    return None


def card_title(card_id: str) -> str:
    c = labels()["cards"].get(card_id)
    if not c:
        return card_id
    return f"{c['name']} ({c['subtitle']})" if c["subtitle"] else c["name"]
