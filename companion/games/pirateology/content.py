"""Pirateology's content models: the ocean grid with its space kinds, the 70 Skull Cards with
their effects, the pirates, pieces, dice and compass spinner, and the rulebook's numbers.

The effect vocabularies are documented in content/pirateology/board.yaml and cards.yaml and in
docs/games/pirateology.md; rules.py interprets them. The printer only needs the base fields
(Deck/Card/Die/Token/Board/Aid/Piece); the board's map spaces are generated from the grid.
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, NonNegativeInt, PositiveInt, model_validator

from companion.content.errors import Problem
from companion.content.models import (
    Aid,
    Board,
    Card,
    Colour,
    Deck,
    Die,
    Face,
    Id,
    Length,
    MapLayout,
    Piece,
    Position,
    RulingsFile,
    SourceKind,
    Space,
    Strict,
    Text,
    Token,
)
from companion.content.models import SpaceKind as MapSpaceKind
from companion.content.schema import GameSchema

#: the rulebook's deck size (Using The Skull Cards)
DECK_TOTAL = 70
#: the nine variations of the rulebook: effect kind (+ space or dice) -> name
VARIATIONS = {("crew", None): "Crew", ("castaway", None): "Black Spot", ("treasure_map", None): "Treasure Map",
              ("pillage", None): "Pillage", ("nearest", "hurricane"): "Hurricane",
              ("nearest", "sea-monster"): "Sea Monster", ("weapon", 1): "Weapon type 1",
              ("weapon", 2): "Weapon type 2", ("weapon", 3): "Weapon type 3"}
#: the space kinds the rules name
NEEDED_KINDS = ("skull", "coin", "broken-coin", "hurricane", "sea-monster", "black-x", "red-x", "skull-island",
                "castaway-island")
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: card text longer than this does not fit a poker card
MAX_CARD_TEXT = 170


# --- the ocean -------------------------------------------------------------------------------
class NoEffect(Strict):
    kind: Literal["none"]


class DrawEffect(Strict):
    kind: Literal["draw"]
    cards: PositiveInt


class GainEffect(Strict):
    kind: Literal["gain"]
    coins: PositiveInt


class PayEffect(Strict):
    kind: Literal["pay"]
    coins: PositiveInt


class LoseTurnEffect(Strict):
    kind: Literal["lose_turn"]


class LoseCardEffect(Strict):
    kind: Literal["lose_card"]
    cards: PositiveInt


class BuryEffect(Strict):
    kind: Literal["bury"]


class SkullBankEffect(Strict):
    kind: Literal["skull_bank"]
    maps: PositiveInt


SpaceEffect = Annotated[Union[NoEffect, DrawEffect, GainEffect, PayEffect, LoseTurnEffect, LoseCardEffect,
                              BuryEffect, SkullBankEffect], Field(discriminator="kind")]


class SpaceKind(MapSpaceKind):
    """A kind of square: how it is printed (the map's kind) and what landing on it does."""

    source: SourceKind
    #: an island (crossable); islands with stop: false cannot be landed on
    island: bool = False
    stop: bool = True
    effect: SpaceEffect


class Ocean(Strict):
    """The board as a grid of letters (one per square, space-separated), read with `legend`."""

    cell_mm: Length
    origin_mm: tuple[Position, Position] = (0.0, 0.0)
    legend: dict[str, Id]
    rows: list[str] = Field(min_length=2)
    skull_bank: str
    castaway: str

    def grid(self) -> list[list[str]]:
        return [row.split() for row in self.rows]


def space_id(col: int, row: int) -> str:
    """'a1' is the north-west corner; columns are letters west to east, rows numbers north to south."""
    return f"{COLUMNS[col].lower()}{row + 1}"


def space_label(sid: str) -> str:
    """How a square is printed and named to players: 'C4'."""
    return sid.upper()


class OceanBoard(Board):
    kinds: list[SpaceKind] = Field(default_factory=list)


#: the words printed on the Skull Bank's square and on Castaway Island
_SPECIAL = {(True, False): {"en": "Skull Bank"}, (False, True): {"en": "Castaway Island"}}


class BoardFile(Strict):
    ocean: Ocean
    boards: list[OceanBoard] = Field(min_length=1, max_length=1)

    @model_validator(mode="after")
    def _spaces(self) -> "BoardFile":
        """The board's map: one square cell per letter of the grid (the printer and the app draw
        it from companion.board.geometry; the rules build their graph from it)."""
        board = self.boards[0]
        if board.spaces:
            return self
        o = self.ocean
        kinds = {k.id for k in board.kinds}
        board.layout = MapLayout(grid="square", size_mm=o.cell_mm, origin_mm=o.origin_mm)
        board.spaces = [Space(id=space_id(c, r), name={"en": space_label(space_id(c, r))}, kind=o.legend[code],
                              cell=(c, r), text=_SPECIAL.get((space_id(c, r) == o.skull_bank,
                                                              space_id(c, r) == o.castaway)))
                        for r, row in enumerate(o.grid()) for c, code in enumerate(row)
                        if o.legend.get(code) in kinds and c < len(COLUMNS)]
        return self

    @property
    def kinds(self) -> list[SpaceKind]:
        return self.boards[0].kinds


# --- the Skull Cards -------------------------------------------------------------------------
class CrewEffect(Strict):
    kind: Literal["crew"]


class CastawayEffect(Strict):
    kind: Literal["castaway"]


class MapEffect(Strict):
    kind: Literal["treasure_map"]


class PillageEffect(Strict):
    kind: Literal["pillage"]


class NearestEffect(Strict):
    kind: Literal["nearest"]
    space: Id


class WeaponEffect(Strict):
    kind: Literal["weapon"]
    dice: PositiveInt
    range: NonNegativeInt


CardEffect = Annotated[Union[CrewEffect, CastawayEffect, MapEffect, PillageEffect, NearestEffect, WeaponEffect],
                       Field(discriminator="kind")]


class SkullCard(Card):
    effect: CardEffect
    #: what the card does when dealt at setup
    dealt: Literal["keep", "apply", "redeal"] = "keep"

    def variation(self) -> tuple[str, object]:
        e = self.effect
        return (e.kind, getattr(e, "space", None) or getattr(e, "dice", None))


class SkullDeck(Deck):
    cards: list[SkullCard] = Field(min_length=1)


class CardsFile(Strict):
    decks: list[SkullDeck] = Field(min_length=1, max_length=1)


# --- pieces ----------------------------------------------------------------------------------
class PirateDef(Strict):
    """A player's pirate, ship, flag and colour (the rulebook's pairs)."""

    collection: ClassVar[str] = "pirate"
    id: Id
    pirate: Text
    ship: Text
    flag: Text
    colour: Colour


class SkullFace(Face):
    #: what the face counts as wherever a number is needed
    number: PositiveInt


class SkullDie(Die):
    faces: list[SkullFace] = Field(min_length=2)


class Direction(Strict):
    collection: ClassVar[str] = "direction"
    id: Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
    name: Text
    steps: list[Literal["n", "e", "s", "w"]] = Field(min_length=1, max_length=2)


class Spinner(Strict):
    id: Id
    name: Text
    source: SourceKind
    directions: list[Direction] = Field(min_length=4)


class PiecesFile(Strict):
    players: list[PirateDef] = Field(min_length=2)
    pieces: list[Piece] = Field(default_factory=list)
    tokens: list[Token] = Field(default_factory=list)
    dice: list[SkullDie] = Field(min_length=1, max_length=1)
    spinner: Spinner


class RulesTable(Strict):
    """The rulebook's numbers; no defaults: every one is stated in rules.yaml."""

    source: SourceKind
    coins_total: PositiveInt
    coins_each: PositiveInt
    cards_dealt: NonNegativeInt
    markers_each: PositiveInt
    pirate_dice: PositiveInt
    ship_dice: PositiveInt
    wind_factor: PositiveInt
    castaway_dice: PositiveInt
    castaway_escape: list[PositiveInt] = Field(min_length=1)
    castaway_tries: PositiveInt
    bank_maps: PositiveInt
    cannon_skulls: PositiveInt


class RulesFile(Strict):
    rules: RulesTable


class AidsFile(Strict):
    aids: list[Aid] = Field(default_factory=list)


# --- cross-file checks -----------------------------------------------------------------------
def check(content) -> list[Problem]:
    """Counts against the rulebook and consistency between the files."""
    problems: list[Problem] = []
    board: BoardFile = content.files["board.yaml"]
    cards: CardsFile = content.files["cards.yaml"]
    pieces: PiecesFile = content.files["pieces.yaml"]
    rules: RulesTable = content.files["rules.yaml"].rules
    bsrc, csrc, psrc = (content.sources[f] for f in ("board.yaml", "cards.yaml", "pieces.yaml"))
    kinds = {k.id: k for k in board.kinds}
    o = board.ocean
    if not kinds:
        problems.append(bsrc.problem(("boards", 0), "the board needs its space kinds (kinds:)"))
    for code, kid in o.legend.items():
        if kid not in kinds:
            problems.append(bsrc.problem(("ocean", "legend", code), f"unknown space kind {kid!r}; kinds: "
                                                                    f"{', '.join(kinds)}"))
    grid = o.grid()
    width = len(grid[0])
    ids: dict[str, str] = {}
    for r, row in enumerate(grid):
        if len(row) != width:
            problems.append(bsrc.problem(("ocean", "rows", r), f"row {r + 1} has {len(row)} squares, the first "
                                                               f"row has {width}"))
        for c, code in enumerate(row):
            if code not in o.legend:
                problems.append(bsrc.problem(("ocean", "rows", r), f"square {c + 1} is {code!r}, which the legend "
                                                                   f"does not have ({' '.join(o.legend)})"))
            elif c < len(COLUMNS):
                ids[space_id(c, r)] = o.legend[code]
    if width > len(COLUMNS):
        problems.append(bsrc.problem(("ocean", "rows"), f"at most {len(COLUMNS)} columns, got {width}"))
    used = set(ids.values())
    for kid in NEEDED_KINDS:
        if kid not in used:
            problems.append(bsrc.problem(("ocean", "rows"), f"the board needs at least one {kid!r} space"))
    for key, want in (("skull_bank", "skull-island"), ("castaway", "castaway-island")):
        got = ids.get(getattr(o, key))
        if got != want:
            problems.append(bsrc.problem(("ocean", key), f"{getattr(o, key)!r} must be a {want!r} square, "
                                                         f"got {got!r}"))
    # the Red X spaces ring Skull Island (Treasure Spots): each touches it, corners included
    island = {(c, r) for r, row in enumerate(grid) for c, code in enumerate(row) if o.legend.get(code) == "skull-island"}
    for r, row in enumerate(grid):
        for c, code in enumerate(row):
            if o.legend.get(code) == "red-x" and not any((c + dc, r + dr) in island for dc in (-1, 0, 1)
                                                         for dr in (-1, 0, 1)):
                problems.append(bsrc.problem(("ocean", "rows", r), f"the Red X at {space_label(space_id(c, r))} does not touch "
                                                                   "Skull Island"))
    board_size = board.boards[0]
    if board_size.width_mm is None or board_size.height_mm is None:  # (the grid is placed on the board's size)
        problems.append(bsrc.problem(("boards", 0), "the board needs its width_mm and height_mm"))
    elif o.origin_mm[0] + width * o.cell_mm > board_size.width_mm or \
            o.origin_mm[1] + len(grid) * o.cell_mm > board_size.height_mm:
        problems.append(bsrc.problem(("ocean", "cell_mm"), "the grid does not fit the board's width_mm x height_mm"))
    # the deck
    deck = cards.decks[0]
    if deck.total() != DECK_TOTAL:
        problems.append(csrc.problem(("decks", 0), f"the Skull Cards must be {DECK_TOTAL} (Using The Skull Cards), "
                                                   f"got {deck.total()}"))
    seen = set()
    for i, card in enumerate(deck.cards):
        var = card.variation()
        if var not in VARIATIONS:
            problems.append(csrc.problem(("decks", 0, "cards", i, "effect"), f"not one of the rulebook's nine "
                                                                             f"variations: {var}"))
        seen.add(var)
        if card.effect.kind == "nearest" and card.effect.space not in used:
            problems.append(csrc.problem(("decks", 0, "cards", i, "effect", "space"),
                                         f"no {card.effect.space!r} space on the board"))
        if len((card.text or {}).get("en", "")) > MAX_CARD_TEXT:
            problems.append(csrc.problem(("decks", 0, "cards", i, "text"), f"at most {MAX_CARD_TEXT} characters "
                                                                           "fit a poker card"))
    for var, name in VARIATIONS.items():
        if var not in seen:
            problems.append(csrc.problem(("decks", 0, "cards"), f"the deck has no {name} card"))
    # pieces against the rulebook's contents
    if len(pieces.players) != content.info.players.max:
        problems.append(psrc.problem(("players",), f"game.yaml allows {content.info.players.max} players, "
                                                   f"{len(pieces.players)} pirates are listed"))
    coins = [t for t in pieces.tokens if t.id == "gold-coin"]
    if not coins or coins[0].copies != rules.coins_total:
        problems.append(psrc.problem(("tokens",), f"a gold-coin token with copies: {rules.coins_total} is needed"))
    for p in pieces.players:
        marker = [t for t in pieces.tokens if t.id == f"marker-{p.id}"]
        if not marker or marker[0].copies != rules.markers_each:
            problems.append(psrc.problem(("tokens",), f"marker-{p.id} with copies: {rules.markers_each} is needed"))
        for kind in ("pirate", "ship"):
            if not any(x.id == f"{kind}-{p.id}" for x in pieces.pieces):
                problems.append(psrc.problem(("pieces",), f"{kind}-{p.id} is missing"))
    if rules.coins_each * content.info.players.max > rules.coins_total:
        problems.append(content.sources["rules.yaml"].problem(("rules", "coins_each"), "more coins dealt than exist"))
    die = pieces.dice[0]
    if die.copies < max(rules.castaway_dice, rules.ship_dice) * 2:
        problems.append(psrc.problem(("dice", 0, "copies"), "too few dice for a battle between two ships"))
    if "skull" not in [f.id for f in die.faces]:
        problems.append(psrc.problem(("dice", 0, "faces"), "the rules need a face with id 'skull'"))
    return problems


FILES = {"board.yaml": BoardFile, "cards.yaml": CardsFile, "pieces.yaml": PiecesFile, "rules.yaml": RulesFile,
         "aids.yaml": AidsFile, "rulings.yaml": RulingsFile}
SCHEMA = GameSchema(files=FILES, required=frozenset(FILES), check=check)
