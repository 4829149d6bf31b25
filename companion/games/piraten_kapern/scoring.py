"""Piraten Kapern scoring: pure functions over the faces showing, the turn's card and the table.

Every number comes from content/piraten-kapern/score.yaml (the `Table`) and the card's effect
(the `CardRule`); nothing here is a literal rule number. `Scorer` adds a cache keyed by the
sorted faces and the card id, which makes a scoring a dictionary look-up for bots and
benchmarks (see benchmarks/kapern.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

SKULL = "skull"


@dataclass(frozen=True)
class Table:
    """The score table and rule numbers (score.yaml)."""

    faces: tuple[str, ...]
    dice: int
    min_reroll: int
    skulls_end_turn: int
    skull_island: int
    skull_island_loss: int
    end_threshold: int
    full_chest: int
    #: points of a set of n identical faces, indexed by n; a longer set scores as the last entry
    set_points: tuple[int, ...]
    face_points: tuple[tuple[str, int], ...]

    @classmethod
    def from_model(cls, score: Any, faces: Sequence[str]) -> "Table":
        top = max(score.sets)
        sets = tuple(score.sets.get(n, 0) for n in range(top + 1))
        return cls(faces=tuple(faces), dice=score.dice, min_reroll=score.min_reroll,
                   skulls_end_turn=score.skulls_end_turn, skull_island=score.skull_island,
                   skull_island_loss=score.skull_island_loss, end_threshold=score.end_threshold,
                   full_chest=score.full_chest, set_points=sets, face_points=tuple(score.face_points.items()))

    def set_value(self, n: int) -> int:
        """Points of a set of n identical faces (nine of a kind count as eight)."""
        pts = self.set_points
        return pts[n] if n < len(pts) else pts[-1]

    @property
    def kinds(self) -> tuple[str, ...]:
        """The faces that can score (all but the skull)."""
        return tuple(f for f in self.faces if f != SKULL)


@dataclass(frozen=True)
class CardRule:
    """A fortune card's effect as plain values (see the effect vocabulary in cards.yaml)."""

    id: str
    kind: str = ""
    face: str = ""
    faces: tuple[str, ...] = ()
    count: int = 0
    bonus: int = 0
    factor: int = 1
    skulls: int = 0
    #: skull dice the Sorceress may re-roll
    reroll_skulls: int = 0
    #: re-rolls allowed in the turn (-1: no limit)
    rerolls: int = -1
    penalty: int = 0
    #: groups of faces that count as one kind (same_kind), computed once
    groups: tuple[tuple[str, ...], ...] = field(default=(), compare=False)

    @classmethod
    def from_card(cls, card_id: str, effect: Any, kinds: Sequence[str]) -> "CardRule":
        e = effect
        kind = e.kind
        same = tuple(e.faces) if kind == "same_kind" else ()
        groups = tuple([same] + [(f,) for f in kinds if f not in same]) if same else tuple((f,) for f in kinds)
        return cls(id=card_id, kind=kind, face=getattr(e, "face", "") or "",
                   faces=tuple(getattr(e, "faces", ()) or ()), count=getattr(e, "count", 0),
                   bonus=getattr(e, "bonus", 0), factor=getattr(e, "factor", 1),
                   skulls=e.skulls if kind == "skulls" else 0,
                   reroll_skulls=e.skulls if kind == "reroll_skull" else 0,
                   rerolls=e.rerolls if kind == "storm" else -1,
                   penalty=getattr(e, "penalty", 0), groups=groups)

    @property
    def island_allowed(self) -> bool:
        return self.kind != "sea_battle"

    @property
    def extra(self) -> str:
        return self.face if self.kind == "extra_face" else ""


def score_dice(faces: Sequence[str], t: Table, groups: Sequence[Sequence[str]], extra: str = "",
               only: Sequence[str] = (), forced: str = "") -> int:
    """Sets + coin/diamond points + the all-dice bonus for the faces showing.

    `groups`: the kinds that form sets (a group of several faces counts as one kind);
    `extra`: a face the card adds (joins its set and scores, but is no die);
    `only`: when given, only these faces score (After the Storm);
    `forced`: dice of this face count as scoring for the all-dice bonus (a won Sea Battle).
    """
    points = 0
    scoring = 0
    face_points = t.face_points
    for group in groups:
        n_dice = n = single_dice = 0
        for f in group:
            if only and f not in only:
                continue
            c = faces.count(f)
            e = c + 1 if f == extra else c
            n_dice += c
            n += e
            for name, value in face_points:
                if name == f:
                    points += value * e
                    single_dice += c
        if not n:
            continue
        set_value = t.set_value(n)
        if set_value:
            points += set_value
            scoring += n_dice
        elif forced and forced in group:
            scoring += n_dice
        else:
            scoring += single_dice
    if scoring >= t.dice:
        points += t.full_chest
    return points


def skull_count(faces: Sequence[str], card: CardRule) -> int:
    """Skulls of the turn: skull dice plus the skulls of a skull card."""
    return faces.count(SKULL) + card.skulls


def stop_score(faces: Sequence[str], card: CardRule, t: Table) -> int:
    """The turn's points when the player stops with fewer than three skulls (may be negative)."""
    kind = card.kind
    if kind == "sea_battle":
        if faces.count(card.face) < card.count:
            return -card.bonus
        return score_dice(faces, t, card.groups, forced=card.face) + card.bonus
    if kind == "peace":
        sabers = faces.count(card.face)
        if sabers:
            return -card.penalty * sabers
        return score_dice(faces, t, card.groups) * card.factor
    if kind == "storm":
        return score_dice(faces, t, card.groups, only=card.faces) * card.factor
    points = score_dice(faces, t, card.groups, extra=card.extra)
    if kind == "multiply":
        points *= card.factor
    return points


def death_score(faces: Sequence[str], chest: Sequence[str], card: CardRule, t: Table) -> int:
    """The turn's points after three skulls: the Treasure Chest's dice, a lost Sea Battle, Peace."""
    kind = card.kind
    if kind == "chest":
        return score_dice(chest, t, card.groups)
    if kind == "sea_battle":
        return -card.bonus
    if kind == "peace":
        return -card.penalty * faces.count(card.face)
    return 0


def island_result(faces: Sequence[str], card: CardRule, t: Table) -> tuple[int, int]:
    """(the player's points, each opponent's points) at the end of a Skull Island turn."""
    if card.kind == "peace":
        sabers = faces.count(card.face)
        if sabers:
            return -card.penalty * sabers, 0
    loss = skull_count(faces, card) * t.skull_island_loss
    if card.kind == "multiply":
        loss *= card.factor
    return 0, -loss


class Scorer:
    """Cached `stop_score`: the key is the sorted faces and the card id (order never matters)."""

    def __init__(self, table: Table, cards: dict[str, CardRule]):
        self.table = table
        self.cards = cards
        self._cache: dict[tuple[tuple[str, ...], str], int] = {}

    def stop(self, faces: Sequence[str], card_id: str) -> int:
        key = (tuple(sorted(faces)), card_id)
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = stop_score(key[0], self.cards[card_id], self.table)
        return value
