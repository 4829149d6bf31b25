"""The one place that expands content into printable items: walks the base component models of
any game (Deck, Die, Token, Board, Aid, ScorePad, Piece) and fills per-face fields.

Games subclass the base models; isinstance keeps this generic."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.content.models import Aid, Board, Deck, Die, Piece, ScorePad, Token, say

from . import layouts

#: pieces of these kinds are printed as folding standees; other pieces as counters
STANDEE_KINDS = ("standee", "figure")

#: deck size -> default layout (front; the back is "<layout>-back")
DECK_LAYOUTS = {"poker": "card", "bridge": "card-bridge", "mini": "card-mini", "tarot": "card-tarot",
                "square": "card-square", "captain": "card-board"}


@dataclass(frozen=True)
class FaceSpec:
    """A layout plus the values for its boxes."""

    layout: str
    fields: dict[str, Any]
    size: tuple[float, float] | None = None


@dataclass
class CardGroup:
    id: str
    name: str
    optional: bool
    front_layout: str
    back: FaceSpec
    faces: list[FaceSpec]                         # one per physical card, copies expanded
    unique: list[tuple[str, FaceSpec]]            # one per design, for SVG


@dataclass
class DieItem:
    id: str
    name: str
    size: float
    faces: list[FaceSpec]
    copies: int


@dataclass
class TokenItem:
    id: str
    name: str
    shape: str
    size: float
    front: FaceSpec
    back: FaceSpec | None
    copies: int


@dataclass
class StandeeItem:
    """A folding standee: front and back art joined at a fold, with a base tab at each end."""

    id: str
    name: str
    size: float                   # width of the figure in mm
    front: FaceSpec
    back: FaceSpec
    copies: int


@dataclass
class BoardItem:
    id: str
    name: str
    w: float
    h: float
    regions: list[dict[str, Any]]


@dataclass
class AidItem:
    id: str
    name: str
    sides: list[list[tuple[str, str]]]
    copies: int


@dataclass
class PadItem:
    id: str
    name: str
    min_players: int
    max_players: int
    rows: int
    text: str


@dataclass
class PrintSet:
    game_id: str
    game: str
    accent: str
    cards: list[CardGroup] = field(default_factory=list)
    dice: list[DieItem] = field(default_factory=list)
    tokens: list[TokenItem] = field(default_factory=list)
    standees: list[StandeeItem] = field(default_factory=list)
    boards: list[BoardItem] = field(default_factory=list)
    aids: list[AidItem] = field(default_factory=list)
    pads: list[PadItem] = field(default_factory=list)


def _components(content: Any) -> list[Any]:
    """Every top-level printable model of the content, in file order."""
    out: list[Any] = []
    seen: set[int] = set()
    for _, _, obj in content.objects():
        if isinstance(obj, (Deck, Die, Token, Board, Aid, ScorePad, Piece)) and id(obj) not in seen:
            seen.add(id(obj))
            out.append(obj)
    return out


def deck_layout(deck: Deck, game_id: str | None) -> str:
    if deck.layout and deck.layout != "card":
        return deck.layout
    return DECK_LAYOUTS.get(deck.size, "card")


def expand(content: Any, lang: str) -> PrintSet:
    info = content.info
    game = say(info.name, lang)
    ps = PrintSet(info.id, game, info.accent)
    for obj in _components(content):
        if isinstance(obj, Deck):
            ps.cards.append(_deck(obj, game, lang, info.id))
        elif isinstance(obj, Die):
            ps.dice.append(_die(obj, game, lang))
        elif isinstance(obj, Token):
            ps.tokens.append(_token(obj, game, lang))
        elif isinstance(obj, Piece) and obj.kind in STANDEE_KINDS:
            ps.standees.append(_standee(obj, game, lang))
        elif isinstance(obj, Piece):
            ps.tokens.append(_piece(obj, game, lang))
        elif isinstance(obj, Board):
            ps.boards.append(BoardItem(obj.id, say(obj.name, lang), obj.width_mm, obj.height_mm,
                                       [_region(r, lang) for r in obj.regions]))
        elif isinstance(obj, Aid):
            ps.aids.append(AidItem(obj.id, say(obj.name, lang),
                                   [[(say(s.heading, lang), say(s.text, lang)) for s in side] for side in obj.sides],
                                   aid_copies(obj, info.players.max)))
        elif isinstance(obj, ScorePad):
            ps.pads.append(PadItem(obj.id, say(obj.name, lang), obj.min_players, obj.max_players, obj.rows,
                                   say(obj.text, lang)))
    return ps


def aid_copies(aid: Aid, max_players: int) -> int:
    """One aid per seat at the game's largest table, unless the content says how many."""
    return aid.copies if "copies" in aid.model_fields_set else max_players


def _deck(deck: Deck, game: str, lang: str, game_id: str) -> CardGroup:
    front = deck_layout(deck, game_id)
    back_layout = f"{front}-back" if layouts.has_layout(f"{front}-back", game_id) else "card-back"
    name = say(deck.name, lang)
    total = deck.total()
    back = FaceSpec(back_layout, {"back_title": say(deck.back.title, lang), "back_icon": deck.back.icon,
                                  "back_text": say(deck.back.text, lang), "game": game})
    faces: list[FaceSpec] = []
    unique: list[tuple[str, FaceSpec]] = []
    n = 0
    for card in deck.cards:
        base = {"name": say(card.name, lang), "text": say(card.text, lang), "art": card.icon,
                "subtitle": say(card.subtitle, lang), "cost": card.value, "footer": say(card.footer, lang),
                "footer_icon": card.footer_icon, "mark": f"{game} · {name}", "game": game}
        lay = card.layout or front
        first = n + 1
        for _ in range(card.copies):
            n += 1
            faces.append(FaceSpec(lay, {**base, "count": f"{n}/{total}"}))
        if card.copies:
            span = f"{first}/{total}" if card.copies == 1 else f"{first}–{n}/{total}"
            unique.append((card.id, FaceSpec(lay, {**base, "count": span})))
    return CardGroup(deck.id, name, deck.optional, front, back, faces, unique)


def _die(die: Die, game: str, lang: str) -> DieItem:
    faces = [FaceSpec("die-face", {"art": f.icon, "name": say(f.name, lang), "value": None if f.icon else say(f.name, lang)})
             for f in die.faces]
    return DieItem(die.id, say(die.name, lang), die.size_mm, faces, die.copies)


def _side(side: Any, lang: str, name: str, game: str, count: str) -> dict[str, Any]:
    return {"art": side.icon, "name": say(side.text, lang) if side.text else (name if not side.icon else ""),
            "value": side.value, "back_icon": side.icon, "count": count, "game": game}


def _token(tok: Token, game: str, lang: str) -> TokenItem:
    shape = _small({"round": "token-round", "square": "token-square", "hex": "token-hex"}[tok.shape], tok.size_mm)
    name = say(tok.name, lang)
    count = f"×{tok.copies}"
    front = FaceSpec(shape, _side(tok.front, lang, name, game, count), (tok.size_mm, tok.size_mm))
    back = None
    if tok.back is not None:
        back = FaceSpec(f"{shape}-back", {**_side(tok.back, lang, name, game, count), "back_icon": tok.back.icon},
                        (tok.size_mm, tok.size_mm))
    return TokenItem(tok.id, name, tok.shape, tok.size_mm, front, back, tok.copies)


def _piece(piece: Piece, game: str, lang: str) -> TokenItem:
    shape = "round" if piece.kind == "counter" else "square"
    layout = _small("token-round" if shape == "round" else "token-square", piece.size_mm)
    name = say(piece.name, lang)
    fields = {"art": piece.icon, "name": name, "count": f"×{piece.copies}", "game": game}
    if piece.colour:
        fields["tint"] = piece.colour
    return TokenItem(piece.id, name, shape, piece.size_mm, FaceSpec(layout, fields, (piece.size_mm, piece.size_mm)),
                     None, piece.copies)


def standee_panel(width: float) -> tuple[float, float]:
    """Size of one art panel of a standee `width` mm wide (the layout's proportions)."""
    w, h = layouts.layout("standee").w, layouts.layout("standee").h
    return (width, round(width * h / w, 2))


def _standee(piece: Piece, game: str, lang: str) -> StandeeItem:
    name = say(piece.name, lang)
    fields = {"art": piece.icon, "name": name, "count": f"×{piece.copies}", "game": game}
    if piece.colour:
        fields["tint"] = piece.colour
    size = standee_panel(piece.size_mm)
    return StandeeItem(piece.id, name, piece.size_mm, FaceSpec("standee", fields, size),
                       FaceSpec("standee-back", fields, size), piece.copies)


def _small(layout: str, size: float) -> str:
    """Tokens under 20 mm use the '-small' variant of their layout when there is one."""
    return f"{layout}-small" if size < 20 and layouts.has_layout(f"{layout}-small") else layout


def _region(r: Any, lang: str) -> dict[str, Any]:
    return {"id": r.id, "name": say(r.name, lang), "x": r.x, "y": r.y, "w": r.w, "h": r.h, "shape": r.shape,
            "icon": r.icon, "text": say(r.text, lang), "fill": r.fill}
