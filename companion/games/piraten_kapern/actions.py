"""Piraten Kapern's actions: small frozen dataclasses, one per thing a player does (tapping a die,
re-rolling, stopping). Apart from the rules so that bots and views can use them without the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Action


@dataclass(frozen=True)
class Pick(Action):
    """Pick die `die` (1-8) for the next re-roll, or put it back when it is picked."""

    type: ClassVar[str] = "pick"
    die: int


@dataclass(frozen=True)
class Reroll(Action):
    """Re-roll the picked dice."""

    type: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class Stop(Action):
    """End the turn and score (on Skull Island: leave it; with three skulls: accept them)."""

    type: ClassVar[str] = "stop"


@dataclass(frozen=True)
class Chest(Action):
    """Treasure Chest: put die `die` (1-8) on the card, or take it off again."""

    type: ClassVar[str] = "chest"
    die: int


__all__ = ["Pick", "Reroll", "Stop", "Chest"]
