"""Pirate Island's actions: small frozen dataclasses, exchanged as plain dicts (docs/REPLAY.md).

Pirates are named by colour and number (`red-3`), ships by colour (`blue`), fields by their
printed id (`g7`), harbours as `harbour-4`; a pirate aboard a ship is at `ship-blue`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Action, ActionCodec


@dataclass(frozen=True)
class EnterHarbour(Action):
    """At the start, after rolling 7 or more: sail into this unoccupied harbour."""

    type: ClassVar[str] = "enter"
    harbour: str


@dataclass(frozen=True)
class Move(Action):
    """Move a pirate by the cheapest way to a field, or aboard the ship in a harbour (`to` is the
    harbour); `carry`: take the treasure chest it stands on along."""

    type: ClassVar[str] = "move"
    pirate: str
    to: str
    carry: bool = False


@dataclass(frozen=True)
class Walk(Action):
    """Move a pirate by a way of the player's own (4. Movement: the way need not be the cheapest):
    through the fields of `via` in order, each stretch by its cheapest way, to `to` (a field, or
    the harbour of a ship of its own to go aboard); `carry` as for Move. Not listed among the
    legal actions (every way would be too many to list): a person or a replay file names it."""

    type: ClassVar[str] = "walk"
    pirate: str
    to: str
    via: tuple[str, ...]
    carry: bool = False


@dataclass(frozen=True)
class Sail(Action):
    """Sail a ship of yours with a pirate of yours aboard to an unoccupied harbour (8 BP)."""

    type: ClassVar[str] = "sail"
    ship: str
    harbour: str


@dataclass(frozen=True)
class Load(Action):
    """Load the treasure aboard from the landing place this pirate stands on (9 BP, 8 at a fortress)."""

    type: ClassVar[str] = "load"
    pirate: str


@dataclass(frozen=True)
class EndMoves(Action):
    """End the movement phase (unspent BP lapse); the combat phase follows."""

    type: ClassVar[str] = "end_moves"


@dataclass(frozen=True)
class Attack(Action):
    """Attack one enemy pirate with these pirates of yours (listed once each, in order)."""

    type: ClassVar[str] = "attack"
    target: str
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class EndTurn(Action):
    """End the combat phase and the turn."""

    type: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Flee(Action):
    """The attacker moves the beaten defender to this field."""

    type: ClassVar[str] = "flee"
    to: str


@dataclass(frozen=True)
class StepIn(Action):
    """After a won combat, this attacker occupies the vacated field."""

    type: ClassVar[str] = "step_in"
    pirate: str


@dataclass(frozen=True)
class Casualty(Action):
    """The defender chooses which attacker of a failed attack dies."""

    type: ClassVar[str] = "casualty"
    pirate: str


@dataclass(frozen=True)
class Rescue(Action):
    """The owner picks which endangered pirate makes its rescue roll next."""

    type: ClassVar[str] = "rescue"
    pirate: str


@dataclass(frozen=True)
class Fog(Action):
    """Double 3: the left neighbour moves one of the roller's pirates up to three fields."""

    type: ClassVar[str] = "fog"
    pirate: str
    to: str


@dataclass(frozen=True)
class Raid(Action):
    """Double 4: sail this ship of yours into the harbour of an enemy ship with a smaller crew."""

    type: ClassVar[str] = "raid"
    ship: str
    harbour: str


@dataclass(frozen=True)
class Send(Action):
    """Double 4: send the displaced enemy ship with its crew to this unoccupied harbour."""

    type: ClassVar[str] = "send"
    harbour: str


@dataclass(frozen=True)
class TakeOver(Action):
    """Double 4: move `count` pirates from your ship onto the empty enemy ship `target`."""

    type: ClassVar[str] = "take_over"
    ship: str
    target: str
    count: int


@dataclass(frozen=True)
class Recruit(Action):
    """Double 6: a pirate of yours comes back from the Totenkiste to this place: a ship
    (`ship-red`) of yours or an empty enemy one, or an unoccupied fortress field."""

    type: ClassVar[str] = "recruit"
    place: str


@dataclass(frozen=True)
class Pass(Action):
    """Leave an optional event (fog, double 4, recruits) or stepping in unused; at the start, after
    rolling 7 or more, keep the ship at sea (2. Setup: it "may" enter a harbour)."""

    type: ClassVar[str] = "pass"


CODEC = ActionCodec(EnterHarbour, Move, Walk, Sail, Load, EndMoves, Attack, EndTurn, Flee, StepIn, Casualty, Rescue, Fog,
                    Raid, Send, TakeOver, Recruit, Pass)
