"""The plain-data state of Pirates vs. Dinosaurs (JSON-serialisable dataclasses).

Flow is data too: `stack` holds the frames of what is being resolved (a turn, an Incident, a roll,
a card's effects), `chance` the pending dice roll or draw, `decision` the seat that must choose.
Decks and the bag are multisets (sorted lists): their order does not exist until a draw is made.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.state import to_jsonable

#: stages of a captain (the rulebook's Stage 1-3, then back at the Harbor)
LANDING, EXPEDITION, DIG, SHIP = 1, 2, 3, 4
#: each stage's name, as the rulebook calls it (the views and the table assistant say it)
STAGE_NAMES = {LANDING: "Preparing to land", EXPEDITION: "Expedition", DIG: "Dig Site", SHIP: "Back on the ship"}
#: a draw at a real table that the table did not say (the table tracker: a dig stopped by a card
#: played by hand draws no token)
UNKNOWN = "?"


def drop(t: tuple, x: Any) -> tuple:
    """The tuple without the first `x` (hands, decks and the bag are tuples: replaced, never mutated)."""
    i = t.index(x)
    return t[:i] + t[i + 1:]


@dataclass
class Player:
    name: str
    stage: int = LANDING
    relic: str = ""
    mate: str = ""
    mate_used: bool = False
    weapon: str = ""
    equipment: tuple[str, ...] = ()
    crew: int = 0
    hand: tuple[str, ...] = ()
    #: landmarks on the Map Fragments not found yet (secret)
    fragments: tuple[str, ...] = ()
    #: landmarks found (shown to everyone with their fragment)
    found: tuple[str, ...] = ()
    #: area id, "dig" (Treasure Location) or "harbor"
    area: str = ""
    time: int = 0
    inc_dino: str = ""
    inc_other: str = ""
    #: Crew Replenishment tokens to pay for at the end, and how many of them are only noted on the
    #: score pad (Emergency Replenishments after the 16 tokens ran out; ruling replenish-tokens)
    tokens: int = 0
    noted: int = 0
    curses: tuple[int, ...] = ()
    #: dollar values of the face-down treasures
    treasures: tuple[int, ...] = ()
    #: slot id -> landmark this player has looked at there (private knowledge; replaced, never mutated)
    known: dict[str, str] = field(default_factory=dict)
    #: "seat:landmark" of other players' Map Fragments this player has seen
    peeks: tuple[str, ...] = ()
    #: pending roll modifiers: {"op", "roll", "until", "n"}
    mods: tuple[dict[str, Any], ...] = ()
    #: abilities used under a limit: "limit|source"
    used: tuple[str, ...] = ()
    skip: int = 0
    sunk: bool = False


@dataclass
class PvdState:
    players: list[Player]
    options: dict[str, Any] = field(default_factory=dict)
    #: landmark slot id -> landmark id ("" when empty or taken); replaced, never mutated
    slots: dict[str, str] = field(default_factory=dict)
    giant: str = ""
    volcano: int = 0
    curse_stack: int = 16
    tokens_left: int = 16
    bag: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: cards being resolved (an Incident, a played card), tokens held while they are resolved
    in_play: tuple[str, ...] = ()
    held: tuple[str, ...] = ()
    #: treasure tokens out of the game (Actions on the Ship), landmarks back in the box
    boxed: tuple[str, ...] = ()
    box_landmarks: tuple[str, ...] = ()
    reserve: int = 0
    lost: int = 0
    relic_offer: tuple[str, ...] = ()
    relic_hidden: str = ""
    relic_flipped: bool = False
    mate_offer: tuple[str, ...] = ()
    prize_taken: bool = False
    turn: int = 0
    turns: int = 0
    sunk: bool = False
    over: bool = False
    #: what is being resolved: frozen frames (frames.py), replaced, never mutated
    stack: list[Any] = field(default_factory=list)
    chance: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    #: the answers the decision asks for: the actions the deciding seat may take, worked out by the
    #: rules when they ask (rules.resolve_stack); () while nobody decides
    offered: tuple[Any, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PvdState):
            return NotImplemented
        return to_jsonable(self) == to_jsonable(other) and [type(f) for f in self.stack] == [
            type(f) for f in other.stack]
