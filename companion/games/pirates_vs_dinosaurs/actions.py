"""The actions of Pirates vs. Dinosaurs: small frozen records, one per kind of decision."""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from companion.engine import Action, ActionCodec
from companion.engine.actions import _coerce


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


class CachedCodec(ActionCodec):
    """The engine's codec, with the type hints of each action class looked up once, and every
    action of plain values decoded once: a load decodes every logged action, and a game logs a
    few hundred distinct ones (an action is immutable, so one object serves every entry)."""

    def __init__(self, *classes: type[Action]):
        super().__init__(*classes)
        self._hints = {c: typing.get_type_hints(c) for c in classes}
        self._fields = {c: {f.name: f for f in dataclasses.fields(c)} for c in classes}
        #: decoded actions by their dict's items and each value's type (True is not 1: the key
        #: tells them apart); dicts holding a list (Outfit, Discard, PickDice) are keyed by
        #: `_list_key`
        self._memo: dict[tuple, Action] = {}

    def decode(self, data: Any) -> Action:
        if type(data) is dict:
            try:
                key = (tuple(data.items()), tuple(map(type, data.values())))
                return self._memo[key]
            except KeyError:
                pass
            except TypeError:  # a list among the values (unhashable)
                key = _list_key(data)
                found = self._memo.get(key) if key is not None else None
                if found is not None:
                    return found
            found = self._decode_new(data)  # (raises IllegalAction for a malformed action: nothing kept)
            if key is not None and len(self._memo) < _MEMO_MAX:
                self._memo[key] = found
            return found
        return self._decode_new(data)

    def _decode_new(self, data: Any) -> Action:
        if isinstance(data, Action):
            return data
        cls = self.classes.get(data.get("type")) if isinstance(data, dict) else None
        if cls is None or set(data) - set(self._fields[cls]) - {"type"}:
            return super().decode(data)
        kwargs: dict[str, Any] = {}
        hints = self._hints[cls]
        for name, f in self._fields[cls].items():
            if name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:  # type: ignore[misc]
                    return super().decode(data)
                continue
            kwargs[name] = _coerce(cls.type, name, data[name], hints.get(name))
        return cls(**kwargs)


#: how many decoded actions the codec keeps (a random 4-player game logs about 120 distinct ones,
#: ten games about 1,200; the engine's codec keeps as many)
_MEMO_MAX = 20_000


def _list_key(data: dict[str, Any]) -> tuple | None:
    """The memo key of an action dict holding lists of plain values: each list as a tuple, with the
    types of its items; None (decoded every time) for anything else (a nested list or mapping)."""
    items = []
    for k, v in data.items():
        t = type(v)
        if t is list:
            kinds = tuple(map(type, v))
            if not _PLAIN.issuperset(kinds):
                return None
            items.append((k, tuple(v), kinds))
        elif t in _PLAIN:
            items.append((k, v, t))
        else:
            return None
    return tuple(items), None


_PLAIN = frozenset({str, int, bool, float, type(None)})

CODEC = CachedCodec(*ALL)
