"""The actions of Pirates vs. Dinosaurs: small frozen records, one per kind of decision."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from companion.engine import Action, ActionCodec


@dataclass(frozen=True)
class PickRelic(Action):
    """Stage 1, step 2: choose a Relic."""
    type: ClassVar[str] = "pick_relic"
    relic: str = ""


@dataclass(frozen=True)
class PickMate(Action):
    """Stage 1, step 3: choose a First Mate."""
    type: ClassVar[str] = "pick_mate"
    mate: str = ""


@dataclass(frozen=True)
class Outfit(Action):
    """Stage 1, step 4: a free weapon, up to 3 equipment (sorted ids); the rest of the points buy sailors."""
    type: ClassVar[str] = "outfit"
    weapon: str = ""
    equipment: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChooseArea(Action):
    """Start a new search (expedition) in an area, or move there."""
    type: ClassVar[str] = "choose_area"
    area: str = ""


@dataclass(frozen=True)
class PlayIncident(Action):
    """Stage 2, phase 2: play this Upcoming Incident next (slot: dinosaur_attack or other)."""
    type: ClassVar[str] = "play_incident"
    slot: str = ""


@dataclass(frozen=True)
class Use(Action):
    """Use an ability: a Desperate Action (da:card), a Pirate's Share card (ps:card), the relic,
    the First Mate, an equipment (eq:id:n) or weapon (wp:n) ability."""
    type: ClassVar[str] = "use"
    source: str = ""
    target: int = -1
    area: str = ""
    #: in a roll's window: roll (or accept the roll) right after this, without another decision
    go: bool = False


@dataclass(frozen=True)
class Hand(Action):
    """On your turn: open your hand and abilities to play a card or use an ability (then come back)."""
    type: ClassVar[str] = "hand"


@dataclass(frozen=True)
class Proceed(Action):
    """Go on: roll the dice, accept a roll, stop arranging, pass, skip."""
    type: ClassVar[str] = "proceed"


@dataclass(frozen=True)
class Search(Action):
    type: ClassVar[str] = "search"


@dataclass(frozen=True)
class EndSearch(Action):
    """Early termination of a search (the mutiny roll), then a new search."""
    type: ClassVar[str] = "end_search"


@dataclass(frozen=True)
class Attack(Action):
    type: ClassVar[str] = "attack"
    target: int = -1


@dataclass(frozen=True)
class Replenish(Action):
    type: ClassVar[str] = "replenish"


@dataclass(frozen=True)
class Arrange(Action):
    """Stage 2, phase 4: place an Incident from your hand on a player (you included)."""
    type: ClassVar[str] = "arrange"
    card: str = ""
    target: int = -1


@dataclass(frozen=True)
class Discard(Action):
    """Stage 2, phase 5: discard down to the hand limit (card ids, sorted)."""
    type: ClassVar[str] = "discard"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Look(Action):
    """Look at a face-down Landmark in a slot."""
    type: ClassVar[str] = "look"
    slot: str = ""


@dataclass(frozen=True)
class Dig(Action):
    type: ClassVar[str] = "dig"


@dataclass(frozen=True)
class ReturnToShip(Action):
    type: ClassVar[str] = "return_to_ship"


@dataclass(frozen=True)
class PutBack(Action):
    """Put a treasure of this value back into the bag (carrying too many, or a card's choice)."""
    type: ClassVar[str] = "put_back"
    value: int = 0


@dataclass(frozen=True)
class ShipDraw(Action):
    """Optional rule Actions on the Ship: draw 1 token from the bag."""
    type: ClassVar[str] = "ship_draw"


@dataclass(frozen=True)
class Choose(Action):
    """Pick option n of a card that offers a choice."""
    type: ClassVar[str] = "choose"
    option: int = 0


@dataclass(frozen=True)
class SendDinosaur(Action):
    """Actions on the Ship: the player at the Dig Site who must fight the Dinosaur Attack."""
    type: ClassVar[str] = "send_dinosaur"
    target: int = -1


@dataclass(frozen=True)
class PickDice(Action):
    """A re-roll or a card that turns dice: which dice of the roll (their faces, sorted; the dice
    showing the same face are alike)."""
    type: ClassVar[str] = "pick_dice"
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class CancelIncident(Action):
    """A card that cancels an Upcoming Incident (Parley) when both slots hold one: which one."""
    type: ClassVar[str] = "cancel_incident"
    slot: str = ""


@lru_cache(maxsize=None)
def made(cls: type[Action], *args: Any) -> Any:
    """The action `cls(*args)`, one object per value: the legal actions are worked out at every
    decision and most are the same few (Proceed(2), Use(1, "mate")); an action is immutable, so
    one object serves every state, and its `to_dict` is built once. (The cache is C code: a hit
    runs no Python.)"""
    return cls(*args)


ALL = (PickRelic, PickMate, Outfit, ChooseArea, PlayIncident, Use, Hand, Proceed, Search, EndSearch, Attack, Replenish,
       Arrange, Discard, Look, Dig, ReturnToShip, PutBack, ShipDraw, Choose, SendDinosaur, PickDice, CancelIncident)


CODEC = ActionCodec(*ALL)
