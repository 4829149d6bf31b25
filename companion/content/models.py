"""Base content models shared by every game: texts, components, decks, dice, tokens, boards, aids.

Games subclass these (adding rule fields such as effects) in companion/games/<game>/content.py.
The printer only needs the base fields, so it can print any game's content.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

Lang = Literal["en", "nl"]
LANGS: tuple[str, ...] = ("en", "nl")


def _require_en(value: dict[str, str]) -> dict[str, str]:
    if "en" not in value:
        raise ValueError("a text needs at least its English version (en)")
    return value


#: a text in several languages, e.g. {en: Skull, nl: Doodshoofd}; English is required
Text = Annotated[dict[Lang, str], AfterValidator(_require_en)]
SourceKind = Literal["rulebook", "authored"]
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$")]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
#: the most copies of one component in a box: more is a typo, and would print for minutes
MAX_COPIES = 1000
#: the most players any game of the set seats
MAX_PLAYERS = 12
#: a length on the table in mm: from 1 mm (smaller prints as nothing, and the hex geometry can no
#: longer tell two corners apart: a 1e-09 mm hex was an AssertionError) to 2 m (no sheet or table
#: is larger); a position on a board lies within as far either way
MIN_MM, MAX_MM = 1.0, 2000.0
Length = Annotated[float, Field(ge=MIN_MM, le=MAX_MM, allow_inf_nan=False)]
Position = Annotated[float, Field(ge=-MAX_MM, le=MAX_MM, allow_inf_nan=False)]
#: a hex or cell coordinate: a board of 2 m holds no more than a few hundred 1 mm cells a side
GridCoord = Annotated[int, Field(ge=-2000, le=2000)]


def ref(collection: str, **kwargs: Any) -> Any:
    """A field holding the id (or ids) of another content object; checked after loading."""
    return Field(json_schema_extra={"ref": collection}, **kwargs)


def say(text: dict[str, str] | None, lang: str = "en") -> str:
    """A text in `lang`, falling back to English."""
    if not text:
        return ""
    return text.get(lang) or text.get("en", "")


class Strict(BaseModel):
    """Unknown keys are errors: a typo in YAML must never be silently ignored."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, defer_build=True)


class Component(Strict):
    """Anything with an id, a name, a source and a count in the box."""

    collection: ClassVar[str] = "component"
    id: Id
    name: Text
    source: SourceKind
    copies: int = Field(default=1, ge=0, le=MAX_COPIES)


class Face(Strict):
    collection: ClassVar[str] = "face"
    id: Id
    name: Text
    icon: str | None = None


class Die(Component):
    """A custom die; printed as a foldable net and as a sticker sheet for plain d6s."""

    collection: ClassVar[str] = "die"
    faces: list[Face] = Field(min_length=2)
    size_mm: Length = 16


class Card(Component):
    """One card design; `copies` of it are in the deck."""

    collection: ClassVar[str] = "card"
    text: Text | None = None
    icon: str | None = None
    subtitle: Text | None = None
    #: a short value printed in the corner (cost, strength, bonus)
    value: str | None = None
    #: a second text box under a rule (e.g. a Desperate Action)
    footer: Text | None = None
    footer_icon: str | None = None
    layout: str | None = None

    def print_fields(self, lang: str) -> dict[str, Any]:
        """Fields a game's card adds to its printed front (its layout draws them), beyond the
        common ones: the hook that keeps the printer free of any game's ids. None by default."""
        return {}


class CardBack(Strict):
    title: Text
    icon: str | None = None
    text: Text | None = None


class Deck(Strict):
    """A deck of cards sharing a size and a back."""

    collection: ClassVar[str] = "deck"
    id: Id
    name: Text
    size: Literal["poker", "bridge", "mini", "tarot", "square", "captain"] = "poker"
    back: CardBack
    layout: str = "card"
    #: printed on its own sheet and only when asked (expansions, optional rules)
    optional: bool = False
    cards: list[Card] = Field(min_length=1)

    def total(self) -> int:
        return sum(c.copies for c in self.cards)


class TokenSide(Strict):
    icon: str | None = None
    text: Text | None = None
    value: str | None = None


class Token(Component):
    """A round, square or hex token with a front and (optionally) a back."""

    collection: ClassVar[str] = "token"
    shape: Literal["round", "square", "hex"] = "round"
    size_mm: Length = 25
    front: TokenSide = Field(default_factory=TokenSide)
    back: TokenSide | None = None
    colour: Colour | None = None


class Region(Strict):
    """A named area of a board, positioned in millimetres from the board's top left corner."""

    collection: ClassVar[str] = "region"
    id: Id
    name: Text
    x: Position = Field(ge=0)
    y: Position = Field(ge=0)
    w: Length
    h: Length
    shape: Literal["rect", "ellipse"] = "rect"
    icon: str | None = None
    text: Text | None = None
    fill: Colour | None = None


class MapLayout(Strict):
    """How a map's spaces are placed: on a hex layout, a square grid, or free shapes only."""

    grid: Literal["hex", "square", "free"] = "free"
    #: hex maps: pointy-top or flat-top hexes
    orient: Literal["pointy", "flat"] = "pointy"
    #: hex: centre-to-corner radius in mm; square: a cell's side in mm
    size_mm: Length = 20
    #: where hex (0, 0)'s centre or cell (0, 0)'s top left corner lies; default: the grid
    #: starts 10 mm from the board's left edge and 24 mm from its top (room for the name)
    origin_mm: tuple[Position, Position] | None = None
    #: square grids: corners touch too (8 neighbours)
    diagonal: bool = False


class SpaceKind(Strict):
    """A terrain or space type (swamp, harbour, coin space): its name, and how it is printed."""

    collection: ClassVar[str] = "space_kind"
    id: Id
    name: Text
    fill: Colour | None = None
    icon: str | None = None


class Zone(Strict):
    """A group of spaces the rules name: an area, a numbered sector."""

    collection: ClassVar[str] = "zone"
    id: Id
    name: Text
    number: int | None = None


#: what an edge between neighbouring spaces may carry
EdgeFeature = Literal["river", "wall", "reef", "road", "cliff"]


class Space(Strict):
    """One space of a map. Its place is exactly one of: `hex` (axial q, r), `cell` (col, row),
    or a free shape in mm (`rect` / `ellipse` as x, y, w, h, or `polygon` points). An
    `off_board` space (a Totenkiste, a bank) may have a free shape or none."""

    collection: ClassVar[str] = "space"
    id: Id
    #: default: the kind's name
    name: Text | None = None
    kind: str = ref("space_kind")
    zone: str | None = ref("zone", default=None)
    #: the number printed on the space
    number: int | None = None
    hex: tuple[GridCoord, GridCoord] | None = None
    cell: tuple[GridCoord, GridCoord] | None = None
    rect: tuple[Position, Position, Length, Length] | None = None
    ellipse: tuple[Position, Position, Length, Length] | None = None
    polygon: list[tuple[Position, Position]] | None = Field(default=None, min_length=3)
    off_board: bool = False
    icon: str | None = None
    text: Text | None = None
    #: default: the kind's fill
    fill: Colour | None = None


class MapEdge(Strict):
    """Two neighbouring spaces and what lies between them. On a grid the neighbours follow from
    the coordinates and an edge is listed for its features; on a free map listing it makes the
    two spaces neighbours."""

    between: list[str] = ref("space", min_length=2, max_length=2)
    features: list[EdgeFeature] = Field(default_factory=list)


class MapLink(Strict):
    """A join between spaces the grid does not make neighbours (a harbour and its landing place)."""

    between: list[str] = ref("space", min_length=2, max_length=2)
    kind: Id = "link"
    features: list[EdgeFeature] = Field(default_factory=list)


class LandArt(Strict):
    """A land mass drawn under a free map's spaces: a rough coastline through these points."""

    points: list[tuple[float, float]] = Field(min_length=3)
    fill: Colour


class CompassArt(Strict):
    """A compass rose at (x, y) mm with radius r, its north letter printed above it."""

    x: Position
    y: Position
    r: Length
    north: Text


class BoardArt(Strict):
    """How a board looks beyond its spaces, drawn the same on paper and on screen
    (companion.board.art): the sea under everything, land masses with coastlines, a pattern of
    terrain marks inside spaces, land drawn over the squares of island kinds, the zones (sectors)
    outlined and numbered, a key of the kinds, a compass rose and coordinates along a grid."""

    sea: Colour | None = None
    land: list[LandArt] = Field(default_factory=list)
    #: space id or kind id -> terrain pattern (peaks, reeds, grass, dots, palms, waves)
    terrain: dict[str, Literal["peaks", "reeds", "grass", "dots", "palms", "waves"]] = Field(default_factory=dict)
    #: kinds whose squares are drawn as land (islands) over their fill
    land_kinds: list[str] = Field(default_factory=list)
    land_fill: Colour = "#dcc58f"
    #: a sea chart: the squares (other than land) show the water, their kind's colour a disc
    #: behind the icon, so the outcome still reads at a glance
    discs: bool = False
    #: outline each zone of spaces where it meets another, and print its number beside it
    zones: bool = False
    #: top left corner (mm) of a key of the kinds the map uses: swatch and name
    key: tuple[float, float] | None = None
    compass: CompassArt | None = None
    #: a square grid: column letters along the top and bottom, row numbers down both sides
    coordinates: bool = False


class SetupPlace(Strict):
    """One step of laying out the game: what goes where, on a board space (numbered on the
    booklet's setup diagram) or beside the board (no space)."""

    space: str | None = ref("space", default=None)
    text: Text


class Board(Component):
    """A board: a map of spaces (and, until every board is a map, free `regions` to print).
    Width and height default to the map's extent plus a 10 mm margin."""

    collection: ClassVar[str] = "board"
    width_mm: Length | None = None
    height_mm: Length | None = None
    regions: list[Region] = Field(default_factory=list)
    layout: MapLayout = Field(default_factory=MapLayout)
    kinds: list[SpaceKind] = Field(default_factory=list)
    zones: list[Zone] = Field(default_factory=list)
    spaces: list[Space] = Field(default_factory=list)
    edges: list[MapEdge] = Field(default_factory=list)
    links: list[MapLink] = Field(default_factory=list)
    #: true: every on-board space is reachable from every other; a list of kinds: the spaces of
    #: those kinds are connected among themselves (the ocean of a race game)
    connected: bool | list[str] = False
    art: BoardArt | None = None
    #: the setup as laid out on and beside this board, in order (the booklet's setup diagram)
    setup: list[SetupPlace] = Field(default_factory=list)

    def art_marks(self) -> list[tuple[str, str, int]]:
        """(space id, glyph, count): marks a game draws in its spaces from its rules data (Pirates
        vs. Dinosaurs: an hourglass per search hour in each area); none by default."""
        return []

    @model_validator(mode="after")
    def _regions_on_the_board(self) -> "Board":
        if self.width_mm is None or self.height_mm is None:
            return self  # the size follows from the map (checked against its extent by the map checks)
        for r in self.regions:
            if r.x + r.w > self.width_mm + 1e-6 or r.y + r.h > self.height_mm + 1e-6:
                raise ValueError(f"region {r.id!r} ({r.x:g}+{r.w:g} x {r.y:g}+{r.h:g} mm) lies outside the "
                                 f"board ({self.width_mm:g} x {self.height_mm:g} mm)")
        return self


class AidSection(Strict):
    heading: Text
    text: Text


class Aid(Component):
    """A player aid or rules summary; each side is a list of sections."""

    collection: ClassVar[str] = "aid"
    sides: list[list[AidSection]] = Field(min_length=1, max_length=2)


class ScorePad(Component):
    collection: ClassVar[str] = "scorepad"
    min_players: int = Field(ge=1, le=MAX_PLAYERS)
    max_players: int = Field(ge=1, le=MAX_PLAYERS)
    rows: int = Field(default=20, ge=1, le=200)
    text: Text | None = None

    @model_validator(mode="after")
    def _min_not_over_max(self) -> "ScorePad":
        if self.min_players > self.max_players:
            raise ValueError(f"min_players ({self.min_players}) is more than max_players ({self.max_players})")
        return self


class Piece(Component):
    """Figures, markers and counters: printed as standees or counters."""

    collection: ClassVar[str] = "piece"
    kind: Literal["standee", "counter", "marker", "figure"] = "counter"
    icon: str | None = None
    colour: Colour | None = None
    size_mm: Length = 20


class PlayerColour(Strict):
    """A player's colour (the games that colour pieces by player share it)."""

    collection: ClassVar[str] = "colour"
    id: Id
    name: Text
    hex: Colour
    #: the shape printed on every coloured piece, so colour-blind players can tell them apart
    shape: str


class ComponentsFile(Strict):
    """The generic file of printable components; games may subclass it with narrower types."""

    decks: list[Deck] = Field(default_factory=list)
    dice: list[Die] = Field(default_factory=list)
    tokens: list[Token] = Field(default_factory=list)
    boards: list[Board] = Field(default_factory=list)
    aids: list[Aid] = Field(default_factory=list)
    score_pads: list[ScorePad] = Field(default_factory=list)
    pieces: list[Piece] = Field(default_factory=list)


class Players(Strict):
    min: int = Field(ge=1, le=MAX_PLAYERS)
    max: int = Field(ge=1, le=MAX_PLAYERS)

    @model_validator(mode="after")
    def _min_not_over_max(self) -> "Players":
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class GameInfo(Strict):
    """game.yaml: what the game is and which schema validates its other files."""

    id: Id
    name: Text
    players: Players
    languages: list[Lang] = Field(default_factory=lambda: ["en"])
    accent: Colour = "#8a3b12"
    source: SourceKind = "rulebook"
    description: Text | None = None
    #: the schema of the other files: the game's own id (its registered models) or "generic"
    schema_: str | None = Field(default=None, alias="schema")
    #: options a session may set, with their defaults (e.g. {extra_cards: false})
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    #: what the app says for each option when a game starts (default: the option's name in words)
    option_texts: dict[str, Text] = Field(default_factory=dict)
    #: what a table needs besides the printed set (a bag, plain dice, a paper clip): the read-me
    #: page and the rules booklet list it
    needs: list[Text] = Field(default_factory=list)
    #: the setup steps in the project's words, for a game whose rules reference has no setup
    #: section (the rules booklet prints them)
    setup: list[Text] = Field(default_factory=list)


class RulingWords(Strict):
    """A ruling's words in one language: what the rulebook says, how it is read, and why."""

    rule: str
    reading: str
    why: str


class Ruling(Strict):
    """One reading of an unclear or contradictory rule (in English, with `translations` by
    language for the booklets of a game's other editions)."""

    collection: ClassVar[str] = "ruling"
    id: Id
    section: str
    rule: str
    reading: str
    why: str
    translations: dict[Lang, RulingWords] = Field(default_factory=dict)

    def words(self, lang: str = "en") -> RulingWords:
        """The rule, reading and why in `lang` (English where it has none)."""
        return self.translations.get(lang) or RulingWords(rule=self.rule, reading=self.reading, why=self.why)


class RulingsFile(Strict):
    rulings: list[Ruling] = Field(min_length=1)
