"""Base content models shared by every game: texts, components, decks, dice, tokens, boards, aids.

Games subclass these (adding rule fields such as effects) in companion/games/<game>/content.py.
The printer only needs the base fields, so it can print any game's content.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, NonNegativeInt, PositiveFloat, StringConstraints

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

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Component(Strict):
    """Anything with an id, a name, a source and a count in the box."""

    collection: ClassVar[str] = "component"
    id: Id
    name: Text
    source: SourceKind
    copies: NonNegativeInt = 1


class Face(Strict):
    collection: ClassVar[str] = "face"
    id: Id
    name: Text
    icon: str | None = None


class Die(Component):
    """A custom die; printed as a foldable net and as a sticker sheet for plain d6s."""

    collection: ClassVar[str] = "die"
    faces: list[Face] = Field(min_length=2)
    size_mm: PositiveFloat = 16


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
    size_mm: PositiveFloat = 25
    front: TokenSide = Field(default_factory=TokenSide)
    back: TokenSide | None = None
    colour: Colour | None = None


class Region(Strict):
    """A named area of a board, positioned in millimetres from the board's top left corner."""

    collection: ClassVar[str] = "region"
    id: Id
    name: Text
    x: float = Field(ge=0)
    y: float = Field(ge=0)
    w: PositiveFloat
    h: PositiveFloat
    shape: Literal["rect", "ellipse"] = "rect"
    icon: str | None = None
    text: Text | None = None
    fill: Colour | None = None


class Board(Component):
    collection: ClassVar[str] = "board"
    width_mm: PositiveFloat
    height_mm: PositiveFloat
    regions: list[Region] = Field(default_factory=list)


class AidSection(Strict):
    heading: Text
    text: Text


class Aid(Component):
    """A player aid or rules summary; each side is a list of sections."""

    collection: ClassVar[str] = "aid"
    sides: list[list[AidSection]] = Field(min_length=1, max_length=2)


class ScorePad(Component):
    collection: ClassVar[str] = "scorepad"
    min_players: int = Field(ge=1)
    max_players: int = Field(ge=1)
    rows: int = Field(default=20, ge=1)
    text: Text | None = None


class Piece(Component):
    """Figures, markers and counters: printed as standees or counters."""

    collection: ClassVar[str] = "piece"
    kind: Literal["standee", "counter", "marker", "figure"] = "counter"
    icon: str | None = None
    colour: Colour | None = None
    size_mm: PositiveFloat = 20


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
    min: int = Field(ge=1)
    max: int = Field(ge=1)


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


class Ruling(Strict):
    """One reading of an unclear or contradictory rule."""

    collection: ClassVar[str] = "ruling"
    id: Id
    section: str
    rule: str
    reading: str
    why: str


class RulingsFile(Strict):
    rulings: list[Ruling] = Field(min_length=1)
