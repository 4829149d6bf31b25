"""The entries of the Pirates vs. Dinosaurs table tracker: what is written down beside a real game
(a purchase, a combat with the dice rolled at the table, a search, a token drawn from the bag...),
each an action of the tracker's Game (tracker.py), and what an entry may name."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Action, ActionCodec

#: the faces of a special die, and the kinds of token in the bag, as entries name them
FACES = ("skull", "saber", "blank")
TOKEN_KINDS = ("treasure", "ghost", "dinosaur_attack", "volcano")


@dataclass(frozen=True)
class Outfit(Action):
    """Stage 1: relic, First Mate, weapon and equipment; the points left buy sailors."""
    type: ClassVar[str] = "outfit"
    weapon: str = ""
    equipment: tuple[str, ...] = ()
    relic: str = ""
    mate: str = ""


@dataclass(frozen=True)
class StartSearch(Action):
    """Starting a New Expedition in an area (the Time Marker goes to its hours, with passives)."""
    type: ClassVar[str] = "start_search"
    area: str = ""


@dataclass(frozen=True)
class Edit(Action):
    """Correct one tracked value by hand (the table is always right)."""
    type: ClassVar[str] = "edit"
    field: str = ""
    number: int = 0
    text: str = ""


@dataclass(frozen=True)
class Combat(Action):
    type: ClassVar[str] = "combat"
    faces: tuple[str, ...] = ()
    strength: int = 1
    foe: str = "dinosaur"
    #: sabers count as successes: 1 yes, 0 no, -1 as the rules say (weapon, Dig Site)
    sabers: int = -1
    double: bool = False
    plus: int = 0
    max_loss: int = -1


@dataclass(frozen=True)
class Search(Action):
    type: ClassVar[str] = "search"
    faces: tuple[str, ...] = ()
    double: bool = False
    plus: int = 0


@dataclass(frozen=True)
class EndSearch(Action):
    """Early Termination of a Search (then choose a new area with StartSearch)."""
    type: ClassVar[str] = "end_search"
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attack(Action):
    type: ClassVar[str] = "attack"
    target: int = -1
    faces: tuple[str, ...] = ()
    target_faces: tuple[str, ...] = ()
    double: bool = False
    target_double: bool = False


@dataclass(frozen=True)
class Steal(Action):
    """The winner of a fight at the Dig Site takes this treasure from the loser."""
    type: ClassVar[str] = "steal"
    target: int = -1
    value: int = 0


@dataclass(frozen=True)
class Replenish(Action):
    type: ClassVar[str] = "replenish"


@dataclass(frozen=True)
class Sailors(Action):
    """Lose (n < 0) or gain (n > 0) sailors as a card says: to/from the reserve or Lost and Forgotten."""
    type: ClassVar[str] = "sailors"
    n: int = 0
    lost_and_forgotten: bool = False


@dataclass(frozen=True)
class ToDigSite(Action):
    """The last Landmark of the Map Fragments is found: on to the Dig Site."""
    type: ClassVar[str] = "to_dig_site"


@dataclass(frozen=True)
class Dig(Action):
    type: ClassVar[str] = "dig"
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Token(Action):
    """A token drawn from the bag (digging, the prize, the Cannon): its kind, a treasure's value."""
    type: ClassVar[str] = "token"
    kind: str = "treasure"
    value: int = 0


@dataclass(frozen=True)
class StopDig(Action):
    type: ClassVar[str] = "stop_dig"


@dataclass(frozen=True)
class ReturnToShip(Action):
    type: ClassVar[str] = "return_to_ship"
    put_back: tuple[int, ...] = ()


@dataclass(frozen=True)
class NextTurn(Action):
    type: ClassVar[str] = "next_turn"


@dataclass(frozen=True)
class Rolled(Action):
    """The dice of a roll the rules wait for (a curse's or a volcano mark's die, a Dinosaur Attack
    drawn from the deck), rolled at the table."""
    type: ClassVar[str] = "rolled"
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayIncident(Action):
    """Phase 2: the captain plays an Upcoming Incident (slot: dinosaur_attack or other); the rules
    resolve the card, and wait for the table's dice of each roll it makes (Rolled)."""
    type: ClassVar[str] = "play_incident"
    slot: str = "dinosaur_attack"


@dataclass(frozen=True)
class Chosen(Action):
    """The option a captain chose where a card offers a choice (Plesiosaur: fight or lose time)."""
    type: ClassVar[str] = "chosen"
    option: int = 0


@dataclass(frozen=True)
class Drawn(Action):
    """What was drawn for a draw the rules wait for: a card (the Dinosaur Attack found in the deck) or
    a treasure's value (the treasure a curse sends back into the bag)."""
    type: ClassVar[str] = "drawn"
    item: str = ""


ENTRIES = (Outfit, StartSearch, Edit, Combat, Search, EndSearch, Attack, Steal, Replenish, Sailors, ToDigSite, Dig,
           Token, StopDig, ReturnToShip, NextTurn, Rolled, Drawn, PlayIncident, Chosen)
CODEC = ActionCodec(*ENTRIES)

#: fields an Edit may set: name -> (whose, kind)
EDITABLE = {
    "crew": ("player", "number"), "time": ("player", "number"), "tokens": ("player", "number"),
    "area": ("player", "area"), "mate_used": ("player", "number"), "inc_dino": ("player", "card"),
    "inc_other": ("player", "card"), "giant": ("table", "area"), "volcano": ("table", "number"),
    "lost": ("table", "number"), "curses": ("player", "number"),
}
