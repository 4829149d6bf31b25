"""Piraten Kapern's content compiled for the rules, the odds solver and the bots: read once from
content/piraten-kapern/ (apart from rules.py so the solver and the expert bot need no rules module)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.content.models import say

from .scoring import CardRule, Scorer, Table

GAME_ID = "piraten-kapern"


@dataclass(frozen=True)
class Data:
    """The game's content, compiled for the rules."""

    table: Table
    cards: dict[str, CardRule]
    names: dict[str, dict[str, str]]
    texts: dict[str, dict[str, str]]
    face_names: dict[str, dict[str, str]]
    base_deck: tuple[str, ...]
    extra_deck: tuple[str, ...]
    options: dict[str, Any]
    scorer: Scorer
    #: what a screen shows of a face: id -> {"id", "name", "icon"} (English), in die order
    face_labels: dict[str, dict[str, str]]
    #: what a screen shows of a card: id -> {"id", "title", "icon", "says"} (English)
    card_labels: dict[str, dict[str, str]]
    #: the names in every language, for a screen in another one: {"faces": {id: {en, nl}},
    #: "cards": {id: {en, nl}} (the title with its subtitle), "texts": {id: {en, nl}}}
    names_in: dict[str, dict[str, dict[str, str]]]


def load_data() -> Data:
    from companion.content import load_game

    content = load_game(GAME_ID)
    die = content.files["dice.yaml"].dice[0]
    faces = [f.id for f in die.faces]
    table = Table.from_model(content.files["score.yaml"].score, faces)
    cards: dict[str, CardRule] = {}
    names: dict[str, dict[str, str]] = {}
    texts: dict[str, dict[str, str]] = {}
    base: list[str] = []
    extra: list[str] = []
    for deck in content.files["cards.yaml"].decks:
        for card in deck.cards:
            cards[card.id] = CardRule.from_card(card.id, card.effect, table.kinds)
            names[card.id] = dict(card.name)
            texts[card.id] = dict(card.text or {})
            (extra if deck.optional else base).extend([card.id] * card.copies)
    face_labels = {f.id: {"id": f.id, "name": say(f.name), "icon": f.icon or f.id} for f in die.faces}
    card_labels: dict[str, dict[str, str]] = {}
    titles: dict[str, dict[str, str]] = {}
    for deck in content.files["cards.yaml"].decks:
        for card in deck.cards:
            title = say(card.name) + (f" ({say(card.subtitle)})" if card.subtitle else "")
            card_labels[card.id] = {"id": card.id, "title": title, "icon": card.icon or "",
                                    "says": say(card.text) if card.text else ""}
            titles[card.id] = {lang: say(card.name, lang) + (f" ({say(card.subtitle, lang)})" if card.subtitle else "")
                               for lang in content.info.languages}
    face_names = {f.id: dict(f.name) for f in die.faces}
    names_in = {"faces": face_names, "cards": titles, "texts": texts}
    return Data(table, cards, names, texts, face_names, tuple(sorted(base)),
                tuple(sorted(extra)), dict(content.info.options), Scorer(table, cards), face_labels, card_labels,
                names_in)
