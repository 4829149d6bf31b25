"""Pirate Island's content as the rules and the bot read it: the island (fields, costs, harbours), the
rules numbers, player colours and options. Loaded once, shared by the rules and the bot (so the bot
needs nothing of the rules module)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.content import load_game

from .island import Island

GAME_ID = "pirate-island"


@dataclass(frozen=True)
class Data:
    island: Island
    rules: Any
    colours: tuple[str, ...]
    colour_names: dict[str, str]
    colour_hex: dict[str, str]
    options: dict[str, Any]
    #: the piece shape of each colour (colour-blind players tell the bands apart by it)
    colour_shape: dict[str, str]
    #: the map as the content Board (for pictures: companion.board.picture)
    board: Any

    def pirate_name(self, pirate: str) -> str:
        """A pirate in words, as its standee is named: "Red pirate 3" (its id is red-3)."""
        colour, _, number = pirate.rpartition("-")
        return f"{self.colour_names.get(colour, colour.capitalize())} pirate {number}"


def load_data() -> Data:
    content = load_game(GAME_ID)
    rules = content.files["rules.yaml"].rules
    board = content.files["map.yaml"].boards[0]
    pieces = content.files["pieces.yaml"]
    return Data(Island.build(board, rules), rules, tuple(c.id for c in pieces.colours),
                {c.id: c.name["en"] for c in pieces.colours}, {c.id: c.hex for c in pieces.colours},
                dict(content.info.options), {c.id: c.shape for c in pieces.colours}, board)


@lru_cache(maxsize=1)
def shared() -> Data:
    """The game's data, loaded on first use."""
    return load_data()
