"""Pirateology's actions: small frozen dataclasses (logs, replays and the UI send them as dicts).
Apart from the rules so the bots can build them without importing the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Action


@dataclass(frozen=True)
class Place(Action):
    """Set Up: put your pirate on a Black X."""

    type: ClassVar[str] = "place"
    space: str


@dataclass(frozen=True)
class Sail(Action):
    """Spin the compass and roll (rather than play Pillage)."""

    type: ClassVar[str] = "sail"


@dataclass(frozen=True)
class Pillage(Action):
    """Play Pillage on an opponent: take the Skull Card of your choice from them (your turn)."""

    type: ClassVar[str] = "pillage"
    victim: int


@dataclass(frozen=True)
class Move(Action):
    """Sail (or walk) to a square the roll allows."""

    type: ClassVar[str] = "move"
    space: str


@dataclass(frozen=True)
class Drift(Action):
    """No square can be reached with this roll: stay where you are."""

    type: ClassVar[str] = "drift"


@dataclass(frozen=True)
class Discard(Action):
    """Give up one of your Skull Cards (a Sea Monster): it goes to the bottom of the pile."""

    type: ClassVar[str] = "discard"
    card: str


@dataclass(frozen=True)
class Take(Action):
    """Take a Skull Card from the player you pillaged or beat."""

    type: ClassVar[str] = "take"
    card: str


@dataclass(frozen=True)
class Bury(Action):
    """Bury this many of your coins on the Black X you stand on."""

    type: ClassVar[str] = "bury"
    coins: int


@dataclass(frozen=True)
class Steal(Action):
    """Play a Treasure Map to take the treasure `victim` buried on this Black X."""

    type: ClassVar[str] = "steal"
    victim: int


@dataclass(frozen=True)
class TakeBank(Action):
    """Play three Treasure Maps on a Red X: take every coin in the Skull Bank."""

    type: ClassVar[str] = "take_bank"


@dataclass(frozen=True)
class Attack(Action):
    """Battle `target` with your best weapon."""

    type: ClassVar[str] = "attack"
    target: int


@dataclass(frozen=True)
class AttackWith(Action):
    """Battle `target` with this Weapon Card of yours rather than the best (its dice are rolled
    and it goes under the pile, the better one is kept). Not among the listed legal actions: an
    `attack` with each weapon held would multiply the bots' choices for a rare wish."""

    type: ClassVar[str] = "attack_with"
    target: int
    weapon: str


@dataclass(frozen=True)
class Rob(Action):
    """Landed on castaway `victim`'s land marker: take the coins they carry."""

    type: ClassVar[str] = "rob"
    victim: int


@dataclass(frozen=True)
class Spare(Action):
    """Landed on castaway `victim`'s land marker: leave their coins with them."""

    type: ClassVar[str] = "spare"
    victim: int


@dataclass(frozen=True)
class Wager(Action):
    """Ship against ship: wager this many coins and cards; the defender matches."""

    type: ClassVar[str] = "wager"
    coins: int
    cards: int


@dataclass(frozen=True)
class EndTurn(Action):
    type: ClassVar[str] = "end_turn"
