"""Events: what an action caused, in words for the game log, with who may see them."""
from __future__ import annotations

from typing import Any


class Event:
    """One line of the game log. Treated as immutable; a plain slotted class rather than a frozen
    dataclass because games build one for nearly every step (a frozen dataclass costs 4x more)."""

    __slots__ = ("type", "text", "data", "visible_to")

    def __init__(self, type: str, text: str, data: dict[str, Any] | None = None,
                 visible_to: tuple[int, ...] | None = None):
        self.type = type
        self.text = text
        self.data = {} if data is None else data
        #: seats that may see this event; None means everyone
        self.visible_to = visible_to

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "text": self.text, "data": self.data}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.type, self.text, self.data, self.visible_to) == (other.type, other.text, other.data,
                                                                      other.visible_to)

    __hash__ = None  # type: ignore[assignment]  # data is a dict, as with the dataclass it replaces

    def __repr__(self) -> str:
        return f"Event(type={self.type!r}, text={self.text!r}, data={self.data!r}, visible_to={self.visible_to!r})"


class Nowhere:
    """The event sink of a step nobody keeps a log of (simulations, a load's replay): it takes
    events and keeps none, so a game writes its events one way whether or not they are kept."""

    __slots__ = ()

    def append(self, event: Event) -> None:
        pass

    def extend(self, events: Any) -> None:
        pass

    def __iadd__(self, events: Any) -> "Nowhere":
        return self

    def __repr__(self) -> str:
        return "NOWHERE"


#: the one sink that keeps nothing; a game may test `out is NOWHERE` to skip building a costly label
NOWHERE = Nowhere()

#: what a step writes its events to: a list the engine keeps, or NOWHERE
Sink = list[Event] | Nowhere
