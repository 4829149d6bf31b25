"""The content as the rules engine needs it: fast lookup tables built once from the YAML.

Everything the engine counts, costs or resolves comes from here (content/pirates-vs-dinosaurs/),
so a content change changes the game without touching the rules code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from companion.content.loader import GameContent, load_game

from .content import active_slots

GAME_ID = "pirates-vs-dinosaurs"
#: the order areas are listed in menus (the board's order)
SECTION = {
    "setup": "Game Setup",
    "landing": "Stage 1. Preparing to Land",
    "draw": "Stage 2, 1) Draw 2 Event Cards",
    "incidents": "Stage 2, 2) Play Your Incidents",
    "dice": "Using the Dice",
    "combat": "Combat",
    "desperate": "Desperate Actions",
    "search": "Stage 2, 3) Search",
    "complete": "Completing the Search",
    "early": "Early Termination of a Search",
    "attack": "Attack a Rival",
    "replenish": "Replenish Your Crew",
    "arrange": "Stage 2, 4) Arrange Incidents",
    "discard": "Stage 2, 5) Discard Excess Cards",
    "share": "Pirate's Share Cards",
    "emergency": "What to Do If You Run Out of Sailors",
    "lost": "Lost and Forgotten",
    "giant": "Giant Tyrannosaurus",
    "dig": "Stage 3: Dig Up the Cursed Treasure",
    "dig_attack": "Attack Another Player (Stage 3)",
    "return": "Return to the Ship",
    "cannon": "Special Rules for Using the Cannon at the Dig Site",
    "end": "End of the Game",
    "ship": "Optional Rule: Actions on the Ship",
}


@dataclass
class Catalog:
    content: GameContent
    setup: Any
    areas: dict[str, Any]
    area_ids: list[str]
    slot_area: dict[str, str]
    landmarks: list[str]
    events: dict[str, Any]
    event_deck: list[str]
    mates: dict[str, Any]
    relics: dict[str, Any]
    weapons: dict[str, Any]
    equipment: dict[str, Any]
    tokens: dict[str, Any]
    bag: list[str]
    value_token: dict[int, str]
    curses: list[Any]
    marks: list[Any]
    faces: tuple[str, ...]
    sailors: int
    replenish_tokens: int
    curse_tokens: int
    options: dict[str, Any]
    #: the Time Track on the Captain card (captains.yaml sheet.time_track): its highest mark
    time_max: int = 8
    player_counts: dict[int, Any] = field(default_factory=dict)
    slots_by_count: dict[int, list[str]] = field(default_factory=dict)

    def slots(self, players: int) -> list[str]:
        return self.slots_by_count[players]

    def label(self, ident: str) -> str:
        """The English name of a card, landmark, area or piece id (the id when it has none)."""
        names = self.__dict__.get("_names")
        if names is None:
            names = {}
            for table in (self.events, self.mates, self.relics, self.weapons, self.equipment, self.areas):
                names.update({k: v.name["en"] for k, v in table.items()})
            names.update({x.id: x.name["en"] for x in self.content.files["landmarks.yaml"].tokens})
            self.__dict__["_names"] = names
        return names.get(ident, ident)

    def kind_of(self, token: str) -> str:
        return self.tokens[token].kind


def _deck(content: GameContent, kind: str) -> Any:
    for name in ("events.yaml", "crew.yaml"):
        for deck in getattr(content.files.get(name), "decks", []):
            if deck.kind == kind:
                return deck
    raise KeyError(kind)


def build(content: GameContent) -> Catalog:
    files = content.files
    setup = files["setup.yaml"].setup
    board = files["board.yaml"].boards[0]
    areas = {a.id: a for a in board.areas}
    events = {c.id: c for c in _deck(content, "events").cards}
    deck = sorted(c.id for c in events.values() for _ in range(c.copies))
    tokens = {t.id: t for t in files["treasure.yaml"].tokens}
    bag = sorted(t.id for t in tokens.values() for _ in range(t.copies))
    value_token = {t.dollars: t.id for t in tokens.values() if t.kind == "treasure"}
    die = files["pieces.yaml"].dice[0]
    sailors = sum(p.copies for p in files["pieces.yaml"].pieces if p.role == "sailor")
    cat = Catalog(
        content=content, setup=setup, areas=areas, area_ids=[a.id for a in board.areas],
        slot_area={s.id: a.id for a in board.areas for s in a.slots},
        landmarks=[t.id for t in files["landmarks.yaml"].tokens],
        events=events, event_deck=deck,
        mates={c.id: c for c in _deck(content, "first_mates").cards},
        relics={c.id: c for c in _deck(content, "relics").cards},
        weapons={c.id: c for c in _deck(content, "weapons").cards},
        equipment={c.id: c for c in _deck(content, "equipment").cards},
        tokens=tokens, bag=bag, value_token=value_token,
        curses=list(files["curses.yaml"].curses), marks=list(files["volcano.yaml"].marks),
        faces=tuple(f.result for f in die.faces), sailors=sailors,
        replenish_tokens=sum(t.copies for t in files["pieces.yaml"].tokens),
        curse_tokens=sum(t.copies for t in files["curses.yaml"].tokens),
        options=dict(content.info.options),
        time_max=max(files["captains.yaml"].decks[0].sheet.time_track),
    )
    for pc in setup.player_counts:
        cat.player_counts[pc.players] = pc
        cat.slots_by_count[pc.players] = [s.id for s in active_slots(board, pc.players)]
    return cat


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The game's content, loaded and validated once per process."""
    return build(load_game(GAME_ID))
