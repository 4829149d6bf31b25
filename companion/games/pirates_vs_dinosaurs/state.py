"""The plain-data state of Pirates vs. Dinosaurs (JSON-serialisable dataclasses, fast to copy).

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
#: a draw at a real table that the table did not say (the table tracker: a dig stopped by a card
#: played by hand draws no token)
UNKNOWN = "?"


def jcopy(x: Any) -> Any:
    """Copy JSON-like data (dicts, lists, scalars) much faster than copy.deepcopy."""
    t = type(x)
    if t is dict:
        return {k: jcopy(v) for k, v in x.items()}
    if t is list:
        return [jcopy(v) for v in x]
    return x


def own(s: "PvdState", p: int) -> "Player":
    """Captain p, ready to change: a cloned state shares unchanged Player objects with the state it
    was cloned from (copy on write), so every change to a player goes through here."""
    owned = s.__dict__.get("_own")
    if owned is not None and p not in owned:
        s.players[p] = s.players[p].copy()
        owned.add(p)
    return s.players[p]


def drop(t: tuple, x: Any) -> tuple:
    """The tuple without the first `x` (states hold tuples: shared between copies, never mutated)."""
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

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.__dict__.update(self.__dict__)
        return p


class Offered:
    """`PvdState.offered` until it is first read: the actions offered with the decision now asked,
    worked out then by the function the rules left in the state (`_offers`, rules.resolve_stack)
    and kept in the state (its `__dict__`, which takes precedence over this class attribute from
    then on). A load replays thousands of decisions whose answer is checked without them all (a
    window's pass is always offered); a state is never changed between the decision and its answer,
    so the actions are the same whenever they are worked out. Its default, with nobody deciding: ()."""

    def __get__(self, s: Any, owner: Any = None) -> tuple[Any, ...]:
        if s is None:
            return ()
        d = s.__dict__
        work = d.get("_offers")
        got = d["offered"] = tuple(work(s)) if work is not None else ()
        return got


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
    #: what is being resolved: frozen frames (frames.py), shared between copies, replaced, never mutated
    stack: list[Any] = field(default_factory=list)
    chance: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    #: the actions the deciding seat may take, worked out by the rules for the decision asked
    #: (rules.resolve_stack) when first read (`Offered`) and replaced with it; () while nobody decides
    offered: tuple[Any, ...] = Offered()  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict) -> "PvdState":
        s = PvdState.__new__(PvdState)
        d = self.__dict__.copy()
        d["players"] = list(self.players)
        d["_own"] = set()
        d["stack"] = list(self.stack)
        s.__dict__ = d  # (the copy itself: a clone for every step of a Session)
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PvdState):
            return NotImplemented
        return to_jsonable(self) == to_jsonable(other) and [type(f) for f in self.stack] == [
            type(f) for f in other.stack]
