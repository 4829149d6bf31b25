"""Content models of Pirates vs. Dinosaurs: the base models of companion.content.models plus rule data.

Every rule-bearing object carries its effects in the vocabulary of `effects.py`. The printer only
needs the base fields (name, text, icon, value, footer, copies, back), which the validators below
fill in from the rule fields where they follow from them (a card's strength or cost in the corner,
the bomb icon beside a Desperate Action, the area names under an Incident's title).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, NonNegativeInt, PositiveInt, model_validator

from companion.content.errors import Problem
from companion.content.models import (Aid, Board, Card, Deck, Die, Face, Id, Piece, PlayerColour, RulingsFile, SourceKind,
                                      Strict, Text, Token, ref)
from companion.content.schema import GameSchema

from .vocabulary import Ability, AreaId, Condition, Op, Refresh, TokenKind, abilities_ops, walk

if TYPE_CHECKING:
    from companion.content.loader import GameContent

GAME_ID = "pirates-vs-dinosaurs"
#: longest texts that still fit a poker card at 7-8 pt
MAX_TEXT = 220
MAX_FOOTER = 160
AREA_NAMES = {"beach": "Beach", "plain": "Plain", "jungle": "Jungle", "swamp": "Swamp", "mountains": "Mountains"}
AREA_ICONS = {"beach": "beach", "plain": "plain", "jungle": "jungle", "swamp": "swamp", "mountains": "mountain",
              "your_area": "pirate"}

#: the rulebook's component list ("Components"): collection of counted things -> count
RULEBOOK_COUNTS = {
    "boards": 1, "captains": 6, "landmarks": 12, "map_fragments": 12, "treasures": 60, "curse_tokens": 16,
    "replenishment_tokens": 16, "events": 76, "first_mates": 6, "weapons": 12, "relics": 8, "sailors": 85,
    "equipment": 42, "area_markers": 6, "time_markers": 6, "giant_tyrannosaurus": 1, "dice": 10,
}


def _check_lengths(card: Card) -> None:
    for lang, value in (card.text or {}).items():
        if len(value) > MAX_TEXT:
            raise ValueError(f"text.{lang} is {len(value)} characters; at most {MAX_TEXT} fit the card")
    for lang, value in (card.footer or {}).items():
        if len(value) > MAX_FOOTER:
            raise ValueError(f"footer.{lang} is {len(value)} characters; at most {MAX_FOOTER} fit the card")


class PvdCard(Card):
    """A card of this game: its text must be there and fit."""

    @model_validator(mode="after")
    def _fits(self) -> "PvdCard":
        if not self.text:
            raise ValueError("this card needs its text (what it does, as printed)")
        _check_lengths(self)
        return self


class PvdDeck(Deck):
    #: one copy of each card per player colour, each with a back in that colour (weapons, equipment)
    per_colour: bool = False


# ---------------------------------------------------------------------------------------------
# player colours and captains


class Captain(PvdCard):
    colour: str = ref("colour")


class CaptainSheet(Strict):
    """What every Captain card shows (the rulebook's six zones)."""

    time_track: list[NonNegativeInt] = Field(min_length=2)
    incident_slots: list[Literal["dinosaur_attack", "other"]]
    crew_and_weapon: bool = True
    first_mate_slot: bool = True
    relic_slot: bool = True
    equipment_slots: PositiveInt
    fragment_slots: PositiveInt


class CaptainDeck(PvdDeck):
    kind: Literal["captains"]
    sheet: CaptainSheet
    cards: list[Captain] = Field(min_length=1)


class CaptainsFile(Strict):
    colours: list[PlayerColour] = Field(min_length=6, max_length=6)
    decks: list[CaptainDeck] = Field(min_length=1, max_length=1)


# ---------------------------------------------------------------------------------------------
# board


class Slot(Strict):
    """A landmark slot; `marks` are the player counts printed on it ("5P"...): unused at those counts."""

    collection: ClassVar[str] = "slot"
    id: Id
    space: str = ref("space")
    marks: list[Literal[2, 3, 4, 5]] = Field(default_factory=list)


class Area(Strict):
    collection: ClassVar[str] = "area"
    id: AreaId
    name: Text
    source: SourceKind
    #: the hourglass: hours a search of this area takes
    search_hours: PositiveInt
    space: str = ref("space")
    icon: str
    slots: list[Slot] = Field(min_length=1)


class PvdBoard(Board):
    areas: list[Area] = Field(min_length=5, max_length=5)
    harbor: str = ref("space")
    dig_site: str = ref("space")
    lost_and_forgotten: str = ref("space")
    crew_replenishment: str = ref("space")
    #: the 16 curse spaces at the Dig Site, curse 1 first
    curse_track: list[str] = ref("space", min_length=16, max_length=16)
    #: the 6 marks of the Awakening Volcano, mark 1 first
    volcano_track: list[str] = ref("space", min_length=6, max_length=6)

    def art_marks(self) -> list[tuple[str, str, int]]:
        """An hourglass per search hour in each area, so the board shows what a search costs."""
        return [(a.space, "hourglass", a.search_hours) for a in self.areas]


class BoardFile(Strict):
    boards: list[PvdBoard] = Field(min_length=1, max_length=1)


# ---------------------------------------------------------------------------------------------
# setup


class PlayerCount(Strict):
    players: int = Field(ge=2, le=6)
    remove_pairs: NonNegativeInt
    landmarks: PositiveInt
    fragments_each: PositiveInt
    unused_fragments: NonNegativeInt = 0
    #: landmark slots printed with this mark stay empty (none at 6 players)
    skip_mark: Literal[2, 3, 4, 5] | None = None


class Setup(Strict):
    """The rulebook's numbers that the engine and the app need (all `source: rulebook` unless said)."""

    source: SourceKind
    points: PositiveInt
    crew_cost: PositiveInt
    max_equipment: PositiveInt
    starting_hand: PositiveInt
    hand_limit: PositiveInt
    turn_draw: PositiveInt
    lost_and_forgotten_per_player: NonNegativeInt
    search_dice: PositiveInt
    search_auto_successes: NonNegativeInt
    giant_search_penalty: NonNegativeInt
    early_end_dice: PositiveInt
    dig_dice: PositiveInt
    replenish_sailors: PositiveInt
    emergency_sailors: PositiveInt
    sailors_per_treasure: PositiveInt
    relics_face_up_per_player: PositiveInt
    relics_face_down: NonNegativeInt
    dice_in_play: PositiveInt
    max_upcoming_incidents: PositiveInt
    player_counts: list[PlayerCount] = Field(min_length=5, max_length=5)


class SetupFile(Strict):
    setup: Setup


# ---------------------------------------------------------------------------------------------
# landmarks and map fragments


class Landmark(Token):
    collection: ClassVar[str] = "landmark"


class Fragment(PvdCard):
    landmark: str = ref("landmark")

    @model_validator(mode="after")
    def _fits(self) -> "Fragment":  # a fragment's text is optional: it shows the landmark
        _check_lengths(self)
        return self


class FragmentDeck(PvdDeck):
    kind: Literal["map_fragments"]
    cards: list[Fragment] = Field(min_length=1)


class LandmarksFile(Strict):
    tokens: list[Landmark] = Field(min_length=1)
    decks: list[FragmentDeck] = Field(min_length=1, max_length=1)


# ---------------------------------------------------------------------------------------------
# events

EventKind = Literal["dinosaur_attack", "aborigine_attack", "incident", "pirates_share"]
KIND_ICON = {"dinosaur_attack": "dinosaur", "aborigine_attack": "spear", "incident": "storm", "pirates_share": "coins"}
KIND_LABEL = {"dinosaur_attack": "Dinosaur Attack", "aborigine_attack": "Aborigine Attack", "incident": "Incident",
              "pirates_share": "Pirate's Share"}
DESPERATE_TIMINGS = ("before_roll", "after_roll", "any_time")


class EventCard(PvdCard):
    kind: EventKind
    #: an attack's Strength (printed next to the name)
    strength: PositiveInt | None = None
    #: Incidents: the area icons at the top, or [your_area]
    areas: list[AreaId | Literal["your_area"]] = Field(default_factory=list)
    action: Ability
    desperate: Ability | None = None

    def print_fields(self, lang: str) -> dict[str, Any]:
        """An Incident shows the icons of the areas it may be arranged in (the rulebook's symbols)."""
        return {"areas": [AREA_ICONS[a] for a in self.areas]} if self.areas else {}

    @model_validator(mode="after")
    def _consistent(self) -> "EventCard":
        attack = self.kind in ("dinosaur_attack", "aborigine_attack")
        if self.kind == "pirates_share":
            if self.areas:
                raise ValueError("a Pirate's Share card has no area icons")
            if self.action.when not in ("your_turn", "before_roll", "after_roll", "any_time"):
                raise ValueError("a Pirate's Share card is played on your turn, before/after a roll or any time")
        else:
            if not self.areas:
                raise ValueError("an Incident needs its area icons (or [your_area])")
            if "your_area" in self.areas and len(self.areas) > 1:
                raise ValueError("an Incident shows either area icons or 'your_area', not both")
            if len(set(self.areas)) != len(self.areas):
                raise ValueError("an area is listed twice")
            if self.action.when != "on_play":
                raise ValueError("an Incident's action is resolved when played: when: on_play")
        if attack:
            if self.strength is None:
                raise ValueError("an attack needs its strength")
            foe = "dinosaur" if self.kind == "dinosaur_attack" else "aborigine"
            fights = [op for op in walk(self.action.effects) if op.op == "combat"]
            if len(fights) != 1 or fights[0].strength != self.strength or fights[0].foe != foe:
                raise ValueError(f"an attack's action must hold exactly one combat op with strength "
                                 f"{self.strength} and foe {foe}")
            self.value = str(self.strength)
        elif self.strength is not None:
            raise ValueError("only Dinosaur and Aborigine Attacks have a strength")
        if (self.desperate is None) != (self.footer is None):
            raise ValueError("a Desperate Action needs both its effect (desperate) and its printed text (footer)")
        if self.desperate is not None:
            if self.desperate.when not in DESPERATE_TIMINGS:
                raise ValueError(f"a Desperate Action is used {', '.join(DESPERATE_TIMINGS)}")
            self.footer_icon = "bomb"
        self.icon = self.icon or KIND_ICON[self.kind]
        if self.subtitle is None:
            where = " · ".join("Your Area" if a == "your_area" else AREA_NAMES[a] for a in self.areas)
            self.subtitle = {"en": KIND_LABEL[self.kind] + (f" · {where}" if where else "")}
        return self


class EventDeck(PvdDeck):
    kind: Literal["events"]
    cards: list[EventCard] = Field(min_length=1)


class EventsFile(Strict):
    decks: list[EventDeck] = Field(min_length=1, max_length=1)


# ---------------------------------------------------------------------------------------------
# crew: first mates, weapons, relics, equipment

REFRESH_TEXT = {
    "new_expedition": "Refreshes when you start a new expedition and when you reach the Dig Site.",
    "your_turn": "Refreshes at the start of your turn.",
    "replenish": "Refreshes when you replenish your crew.",
    "never": "Does not refresh.",
}


class FirstMate(PvdCard):
    ability: Ability
    refresh: Refresh
    #: the used side's text (filled from `refresh` when left out)
    used: Text | None = None

    @model_validator(mode="after")
    def _used_side(self) -> "FirstMate":
        if self.used is None:
            self.used = {"en": "Used. " + REFRESH_TEXT[self.refresh]}
        return self


class Weapon(PvdCard):
    abilities: list[Ability] = Field(min_length=1)

    @model_validator(mode="after")
    def _dice(self) -> "Weapon":
        if not any(op.op == "combat_dice" for op in abilities_ops(self.abilities)):
            raise ValueError("a weapon must say how many crew roll one die (combat_dice)")
        return self


class Relic(PvdCard):
    abilities: list[Ability] = Field(min_length=1)


class Equipment(PvdCard):
    cost: PositiveInt
    abilities: list[Ability] = Field(min_length=1)

    @model_validator(mode="after")
    def _corner(self) -> "Equipment":
        self.value = str(self.cost)
        return self


class FirstMateDeck(PvdDeck):
    kind: Literal["first_mates"]
    cards: list[FirstMate] = Field(min_length=1)


class WeaponDeck(PvdDeck):
    kind: Literal["weapons"]
    cards: list[Weapon] = Field(min_length=1)


class RelicDeck(PvdDeck):
    kind: Literal["relics"]
    cards: list[Relic] = Field(min_length=1)


class EquipmentDeck(PvdDeck):
    kind: Literal["equipment"]
    cards: list[Equipment] = Field(min_length=1)


class CrewFile(Strict):
    """One deck under each key (lists, so every tool finds them like any file's components)."""

    first_mates: list[FirstMateDeck] = Field(min_length=1, max_length=1)
    weapons: list[WeaponDeck] = Field(min_length=1, max_length=1)
    relics: list[RelicDeck] = Field(min_length=1, max_length=1)
    equipment: list[EquipmentDeck] = Field(min_length=1, max_length=1)

    @property
    def decks(self) -> list[PvdDeck]:
        """All four decks (each has its `kind`), as in the other files."""
        return [*self.first_mates, *self.weapons, *self.relics, *self.equipment]


# ---------------------------------------------------------------------------------------------
# the bag, the curses, the volcano


class TreasureToken(Token):
    kind: TokenKind
    #: a treasure's value in dollars
    dollars: PositiveInt | None = None
    effects: list[Op] = Field(default_factory=list)

    @model_validator(mode="after")
    def _value(self) -> "TreasureToken":
        if (self.kind == "treasure") != (self.dollars is not None):
            raise ValueError("treasures (and only treasures) have a value in dollars")
        if self.kind == "treasure":
            if self.effects:
                raise ValueError("a treasure has no effect")
            self.front = self.front.model_copy(update={"value": f"${self.dollars:,}",
                                                       "icon": self.front.icon or "coins"})
        elif not self.effects:
            raise ValueError(f"a {self.kind} token needs its effects")
        return self


class TreasureFile(Strict):
    tokens: list[TreasureToken] = Field(min_length=1)


class Curse(Strict):
    """The effect printed beside the curse stack: the Nth curse taken does this to its taker."""

    collection: ClassVar[str] = "curse"
    id: Id
    number: int = Field(ge=1, le=16)
    name: Text
    source: SourceKind
    text: Text
    effects: list[Op] = Field(min_length=1)


class CursesFile(Strict):
    tokens: list[Token] = Field(min_length=1, max_length=1)
    curses: list[Curse] = Field(min_length=16, max_length=16)

    @model_validator(mode="after")
    def _in_order(self) -> "CursesFile":
        if [c.number for c in self.curses] != list(range(1, 17)):
            raise ValueError("curses must be numbered 1 to 16, in order")
        return self


class VolcanoMark(Strict):
    collection: ClassVar[str] = "volcano_mark"
    id: Id
    number: int = Field(ge=1, le=6)
    name: Text
    source: SourceKind
    text: Text
    effects: list[Op] = Field(min_length=1)


class VolcanoFile(Strict):
    marks: list[VolcanoMark] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _in_order(self) -> "VolcanoFile":
        if [m.number for m in self.marks] != list(range(1, 7)):
            raise ValueError("volcano marks must be numbered 1 to 6, in order")
        return self


# ---------------------------------------------------------------------------------------------
# pieces and dice


class PvdFace(Face):
    result: Literal["skull", "saber", "blank"]


class PvdDie(Die):
    faces: list[PvdFace] = Field(min_length=6, max_length=6)


class PvdPiece(Piece):
    role: Literal["area_marker", "time_marker", "sailor", "giant_tyrannosaurus"]
    player_colour: str | None = ref("colour", default=None)


class ReplenishToken(Token):
    role: Literal["crew_replenishment"]


class AidsFile(Strict):
    """The player aid (printed one per seat, two-sided): turn, dice, combat, search, dig."""

    aids: list[Aid] = Field(min_length=1)


class PiecesFile(Strict):
    pieces: list[PvdPiece] = Field(min_length=1)
    tokens: list[ReplenishToken] = Field(min_length=1, max_length=1)
    dice: list[PvdDie] = Field(min_length=1, max_length=1)


# ---------------------------------------------------------------------------------------------
# cross-file checks


def counts(content: "GameContent") -> dict[str, int]:
    """The rulebook's component list, counted from the content."""
    files = content.files
    decks = {d.kind: d for d in content.all("deck")}
    pieces = Counter()
    for p in files["pieces.yaml"].pieces:
        pieces[p.role] += p.copies
    return {
        "boards": sum(b.copies for b in files["board.yaml"].boards),
        "captains": decks["captains"].total(),
        "landmarks": sum(t.copies for t in files["landmarks.yaml"].tokens),
        "map_fragments": decks["map_fragments"].total(),
        "treasures": sum(t.copies for t in files["treasure.yaml"].tokens),
        "curse_tokens": sum(t.copies for t in files["curses.yaml"].tokens),
        "replenishment_tokens": sum(t.copies for t in files["pieces.yaml"].tokens),
        "events": decks["events"].total(),
        "first_mates": decks["first_mates"].total(),
        "weapons": decks["weapons"].total(),
        "relics": decks["relics"].total(),
        "sailors": pieces["sailor"],
        "equipment": decks["equipment"].total(),
        "area_markers": pieces["area_marker"],
        "time_markers": pieces["time_marker"],
        "giant_tyrannosaurus": pieces["giant_tyrannosaurus"],
        "dice": sum(d.copies for d in files["pieces.yaml"].dice),
    }


def active_slots(board: PvdBoard, players: int) -> list[Slot]:
    """The landmark slots used at this player count (those not printed with its mark)."""
    return [s for a in board.areas for s in a.slots if players not in s.marks]


def check(content: "GameContent") -> list[Problem]:
    problems: list[Problem] = []
    files = content.files

    def at(file: str, loc: tuple, message: str) -> None:
        problems.append(content.sources[file].problem(loc, message))

    for key, found in counts(content).items():
        if found != RULEBOOK_COUNTS[key]:
            at("game.yaml", (), f"the rulebook's component list has {RULEBOOK_COUNTS[key]} {key.replace('_', ' ')}, "
                                f"the content has {found}")
    board = files["board.yaml"].boards[0]
    setup = files["setup.yaml"].setup
    for i, pc in enumerate(setup.player_counts):
        loc = ("setup", "player_counts", i)
        used = len(active_slots(board, pc.players))
        if used != pc.landmarks:
            at("setup.yaml", loc, f"{pc.players} players place {pc.landmarks} landmarks but the board has {used} "
                                  f"slots without the {pc.skip_mark}P mark")
        if pc.landmarks != 12 - pc.remove_pairs:
            at("setup.yaml", loc, "landmarks must be 12 minus the removed pairs")
        if pc.fragments_each * pc.players + pc.unused_fragments != pc.landmarks:
            at("setup.yaml", loc, "dealt and unused fragments must add up to the landmarks placed")
        if (pc.skip_mark is None) != (pc.players == 6) or (pc.skip_mark not in (None, pc.players)):
            at("setup.yaml", loc, "the skipped mark is the player count (none at 6 players)")
    # every landmark has exactly one fragment
    landmarks = [t.id for t in files["landmarks.yaml"].tokens]
    shown = Counter(c.landmark for c in files["landmarks.yaml"].decks[0].cards)
    for lid in landmarks:
        if shown[lid] != 1:
            at("landmarks.yaml", ("tokens",), f"landmark {lid!r} is shown on {shown[lid]} map fragments; expected 1")
    # the board's track texts are the curses' and marks' texts
    spaces = {sp.id: sp for sp in board.spaces}
    for n, (sid, curse) in enumerate(zip(board.curse_track, files["curses.yaml"].curses)):
        if spaces[sid].text != curse.text:
            at("board.yaml", ("boards", 0, "curse_track", n), f"space {sid!r} must print curse {curse.number}'s text")
    for n, (sid, mark) in enumerate(zip(board.volcano_track, files["volcano.yaml"].marks)):
        if spaces[sid].text != mark.text:
            at("board.yaml", ("boards", 0, "volcano_track", n), f"space {sid!r} must print volcano mark {mark.number}'s text")
    # references inside effects: equipment ids
    equipment = {c.id for c in content.get("deck", "equipment").cards}
    for fname, model in files.items():
        for _, where, cond in _walk_models(model, ()):
            if not isinstance(cond, Condition):
                continue
            for field_ in ("has_equipment", "lacks_equipment"):
                value = getattr(cond, field_)
                if value is not None and value not in equipment:
                    at(fname, where + (field_,), f"unknown equipment {value!r}; known: {', '.join(sorted(equipment))}")
    return problems


def _walk_models(obj, loc):
    from pydantic import BaseModel

    if isinstance(obj, BaseModel):
        yield ("", loc, obj)
        for name in type(obj).model_fields:
            key = type(obj).model_fields[name].alias or name
            yield from _walk_models(getattr(obj, name), loc + (key,))
    elif isinstance(obj, list):
        for i, item in enumerate(obj):
            yield from _walk_models(item, loc + (i,))


SCHEMA = GameSchema(
    files={
        "setup.yaml": SetupFile,
        "board.yaml": BoardFile,
        "captains.yaml": CaptainsFile,
        "landmarks.yaml": LandmarksFile,
        "events.yaml": EventsFile,
        "crew.yaml": CrewFile,
        "treasure.yaml": TreasureFile,
        "curses.yaml": CursesFile,
        "volcano.yaml": VolcanoFile,
        "pieces.yaml": PiecesFile,
        "aids.yaml": AidsFile,
        "rulings.yaml": RulingsFile,
    },
    required=frozenset({"setup.yaml", "board.yaml", "captains.yaml", "landmarks.yaml", "events.yaml", "crew.yaml",
                        "treasure.yaml", "curses.yaml", "volcano.yaml", "pieces.yaml", "rulings.yaml"}),
    check=check,
)
