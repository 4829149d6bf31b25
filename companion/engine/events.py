"""Events: what an action caused, in words for the game log, with who may see them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    type: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    #: seats that may see this event; None means everyone
    visible_to: tuple[int, ...] | None = None

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "text": self.text, "data": self.data}
