"""Piraten Kapern's content models: the fortune cards with their effects, the dice, the score table.

The effect vocabulary is small and documented in content/piraten-kapern/cards.yaml and
docs/games/piraten-kapern.md; rules.py interprets it. The printer only needs the base fields
(Deck/Card/Die/ScorePad/Aid), which these models keep.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, NonNegativeInt, PositiveInt

from companion.content.errors import Problem
from companion.content.models import Aid, Card, Deck, Die, Id, RulingsFile, ScorePad, SourceKind, Strict
from companion.content.schema import GameSchema

#: the size of the base fortune deck (rulings.yaml: deck-counts)
DECK_TOTAL = 35
#: faces the rules name directly
SKULL = "skull"
#: card text longer than this does not fit a poker card at 7 pt next to the icon
MAX_CARD_TEXT = 130


class ChestEffect(Strict):
    """Dice put on the card are kept out of re-rolls and still score after three skulls."""

    kind: Literal["chest"]


class MultiplyEffect(Strict):
    """Every point of the turn, and every Skull Island loss, times `factor` (the Captain)."""

    kind: Literal["multiply"]
    factor: PositiveInt = 2


class RerollSkullEffect(Strict):
    """Once per turn, `skulls` skull die may be re-rolled (the Sorceress)."""

    kind: Literal["reroll_skull"]
    skulls: PositiveInt = 1


class ExtraFaceEffect(Strict):
    """The turn starts with one extra `face` that joins sets and scores (Gold Coin, Diamond)."""

    kind: Literal["extra_face"]
    face: Id


class SameKindEffect(Strict):
    """These faces count as one kind for sets (Monkey Business)."""

    kind: Literal["same_kind"]
    faces: list[Id] = Field(min_length=2)


class SeaBattleEffect(Strict):
    """End with `count` or more `face` dice: +bonus; fewer, or three skulls: -bonus. No Skull Island."""

    kind: Literal["sea_battle"]
    face: Id = "saber"
    count: PositiveInt
    bonus: PositiveInt


class SkullsEffect(Strict):
    """The turn starts with this many skulls."""

    kind: Literal["skulls"]
    skulls: PositiveInt


class StormEffect(Strict):
    """Only `rerolls` re-rolls; only `faces` score, times `factor`; skulls after the re-roll: Skull Island."""

    kind: Literal["storm"]
    rerolls: NonNegativeInt = 1
    factor: PositiveInt = 2
    faces: list[Id] = Field(min_length=1)


class PeaceEffect(Strict):
    """End with no `face` dice: turn score times `factor`; else lose `penalty` per such die."""

    kind: Literal["peace"]
    face: Id = "saber"
    factor: PositiveInt = 2
    penalty: PositiveInt = 1000


Effect = Annotated[Union[ChestEffect, MultiplyEffect, RerollSkullEffect, ExtraFaceEffect, SameKindEffect,
                         SeaBattleEffect, SkullsEffect, StormEffect, PeaceEffect], Field(discriminator="kind")]


class FortuneCard(Card):
    """A fortune card: drawn at the start of a turn, its `effect` sets the turn's rule."""

    effect: Effect


class FortuneDeck(Deck):
    cards: list[FortuneCard] = Field(min_length=1)


class CardsFile(Strict):
    decks: list[FortuneDeck] = Field(min_length=1)


class DiceFile(Strict):
    dice: list[Die] = Field(min_length=1, max_length=1)


class ScoreTable(Strict):
    """The rule numbers of the game; scoring.py and rules.py read them from here."""

    source: SourceKind = "rulebook"
    # no defaults: every rule number is stated in score.yaml, never assumed in code
    dice: PositiveInt
    min_reroll: PositiveInt
    skulls_end_turn: PositiveInt
    skull_island: PositiveInt
    skull_island_loss: NonNegativeInt
    end_threshold: PositiveInt
    full_chest: NonNegativeInt
    sets: dict[PositiveInt, NonNegativeInt]
    face_points: dict[Id, NonNegativeInt] = Field(default_factory=dict)


class ScoreFile(Strict):
    score: ScoreTable
    score_pads: list[ScorePad] = Field(default_factory=list)


class AidsFile(Strict):
    aids: list[Aid] = Field(default_factory=list)


def check(content) -> list[Problem]:
    """Counts against the rulebook and consistency between the files."""
    problems: list[Problem] = []
    cards: CardsFile = content.files["cards.yaml"]
    die: Die = content.files["dice.yaml"].dice[0]
    table: ScoreTable = content.files["score.yaml"].score
    faces = [f.id for f in die.faces]
    base = [d for d in cards.decks if not d.optional]
    if len(base) != 1:
        problems.append(content.sources["cards.yaml"].problem(("decks",), "expected exactly one fortune deck without "
                                                                          f"optional: true, got {len(base)}"))
    elif base[0].total() != DECK_TOTAL:
        problems.append(content.problem("deck", base[0].id, f"the fortune deck must hold {DECK_TOTAL} cards "
                                                            f"(rulings: deck-counts), got {base[0].total()}"))
    if die.copies != table.dice:
        problems.append(content.problem("die", die.id, f"score.yaml says {table.dice} dice, this die has "
                                                       f"copies: {die.copies}", "copies"))
    for name in (SKULL,):
        if name not in faces:
            problems.append(content.problem("die", die.id, f"the rules need a face with id {name!r}", "faces"))
    for n in table.sets:
        if n > table.dice or n < 2:
            problems.append(content.sources["score.yaml"].problem(("score", "sets", n),
                                                                  f"a set of {n} cannot be rolled with {table.dice} dice"))
    for face in table.face_points:
        if face not in faces:
            problems.append(content.sources["score.yaml"].problem(("score", "face_points", face),
                                                                  f"unknown face {face!r}; faces: {', '.join(faces)}"))
    for deck in cards.decks:
        for card in deck.cards:
            eff = card.effect
            used = [getattr(eff, "face", None)] + list(getattr(eff, "faces", []) or [])
            for face in used:
                if face is not None and face not in faces:
                    problems.append(content.problem("card", card.id, f"unknown face {face!r}; faces: "
                                                                     f"{', '.join(faces)}", "effect"))
            for lang, text in (card.text or {}).items():
                if len(text) > MAX_CARD_TEXT:
                    problems.append(content.problem("card", card.id, f"{lang} text is {len(text)} characters; at most "
                                                                     f"{MAX_CARD_TEXT} fit a poker card", "text"))
            for field in ("name", "text"):
                value = getattr(card, field) or {}
                if "nl" not in value:
                    problems.append(content.problem("card", card.id, "needs a Dutch text (nl) too", field))
    return problems


FILES = {"dice.yaml": DiceFile, "cards.yaml": CardsFile, "score.yaml": ScoreFile, "aids.yaml": AidsFile,
         "rulings.yaml": RulingsFile}
SCHEMA = GameSchema(files=FILES, required=frozenset(FILES), check=check)
