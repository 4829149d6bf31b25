"""The one place that expands content into printable items: walks the base component models of
any game (Deck, Die, Token, Board, Aid, ScorePad, Piece) and fills per-face fields.

Games subclass the base models; isinstance keeps this generic."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from companion.board.geometry import EdgeShape, LinkShape, geometry
from companion.board.maps import space_name
from companion.board.art import art as board_art, disc_kinds
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
    back: FaceSpec
    faces: list[FaceSpec]                         # one per physical card, copies expanded
    unique: list[tuple[str, FaceSpec]]            # one per design, for SVG
    #: one back per physical card when they differ (player colours, a First Mate's used side)
    backs: list[FaceSpec] | None = None
    #: one back per distinct back, for SVG (name, face)
    unique_backs: list[tuple[str, FaceSpec]] = field(default_factory=list)

    def back_of(self, i: int) -> FaceSpec:
        return self.backs[i] if self.backs else self.back


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
    #: its front is the same as another token's (Pirate Island's six chests, one of which holds
    #: the treasure): the front carries no count mark, which would tell them apart ("1/1")
    secret: bool = False


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
    """A board to print: its free regions and map spaces as one list of shapes (each a dict:
    id, name, x, y, w, h of its box, shape rect/ellipse/polygon, points, icon, text, fill,
    number and its anchor), and the features on its edges and its links from the geometry."""

    id: str
    name: str
    w: float
    h: float
    regions: list[dict[str, Any]]
    edges: list[EdgeShape] = field(default_factory=list)
    links: list[LinkShape] = field(default_factory=list)
    #: the key of the map: (name, icon, fill) of each kind of space it uses, in content order
    kinds: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    #: the board's picture beyond its spaces (companion.board.art), layer -> drawing operations
    art: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


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


@dataclass(frozen=True)
class PlayerColour:
    """A player colour as printed: the Okabe-Ito hex plus a shape and a letter."""

    id: str
    name: str
    hex: str
    shape: str
    letter: str

    def fields(self) -> dict[str, Any]:
        return {"tint": self.hex, "shape": self.shape, "letter": self.letter, "colour_name": self.name}


def profile_palette() -> list[PlayerColour]:
    """The one source of truth for player colours: print/profiles.yaml's Okabe-Ito set, each
    colour with its letter and shape. Score pads, pieces and cards of every game use it."""
    from .assets import profiles

    return [PlayerColour(f"player-{p['letter'].lower()}", p["letter"], p["color"], p["shape"], p["letter"])
            for p in profiles()["players"]]


def palette(content: Any, lang: str = "en") -> list[PlayerColour]:
    """The game's player colours: its own `colour` collection (id and name; hex in the profile)
    when it has one, else the profile's set. Shape and letter always come from the profile by
    colour, so a colour looks the same on a score pad and on a piece of any game (check.py
    reports a game whose own `shape:` disagrees)."""
    prof = profile_palette()
    by_hex = {p.hex.lower(): p for p in prof}
    own = [obj for _, _, obj in (getattr(content, "index", {}) or {}).get("colour", {}).values()]
    if not own:
        return prof
    out = []
    for i, c in enumerate(own):
        p = by_hex.get(str(c.hex).lower(), prof[i % len(prof)])
        out.append(PlayerColour(c.id, say(c.name, lang), str(c.hex), p.shape, p.letter))
    return out


def colour_conflicts(content: Any) -> list[str]:
    """A game's own player colours that disagree with print/profiles.yaml (shape, or a colour
    that is not one of its Okabe-Ito set)."""
    by_hex = {p.hex.lower(): p for p in profile_palette()}
    out = []
    for _, _, c in (getattr(content, "index", {}) or {}).get("colour", {}).values():
        p = by_hex.get(str(c.hex).lower())
        if p is None:
            out.append(f"colour {c.id}: {c.hex} is not a player colour of print/profiles.yaml")
        elif getattr(c, "shape", None) not in (None, p.shape):
            out.append(f"colour {c.id}: shape {c.shape!r}, but print/profiles.yaml gives {c.hex} the {p.shape!r}")
    return out


def _colour_of(value: Any, pal: list[PlayerColour]) -> PlayerColour | None:
    """A colour given by id or by hex."""
    if not value:
        return None
    v = str(value).lower()
    for c in pal:
        if c.id == value or c.hex.lower() == v:
            return c
    return None


def _components(content: Any) -> list[Any]:
    """Every top-level printable model of the content, in file order."""
    out: list[Any] = []
    seen: set[int] = set()
    for _, _, obj in content.objects():
        if isinstance(obj, (Deck, Die, Token, Board, Aid, ScorePad, Piece)) and id(obj) not in seen:
            seen.add(id(obj))
            out.append(obj)
    return out


def deck_layout(deck: Deck) -> str:
    """The deck's own layout, else the default for its size."""
    if deck.layout and deck.layout != "card":
        return deck.layout
    return DECK_LAYOUTS.get(deck.size, "card")


def expand(content: Any, lang: str) -> PrintSet:
    info = content.info
    game = say(info.name, lang)
    ps = PrintSet(info.id, game, info.accent)
    pal = palette(content, lang)
    for obj in _components(content):
        if isinstance(obj, Deck):
            ps.cards.append(_deck(obj, game, lang, info.id, pal))
        elif isinstance(obj, Die):
            ps.dice.append(_die(obj, game, lang))
        elif isinstance(obj, Token):
            ps.tokens.append(_token(obj, game, lang, pal, info.id))
        elif isinstance(obj, Piece) and obj.kind in STANDEE_KINDS:
            ps.standees.append(_standee(obj, game, lang, pal))
        elif isinstance(obj, Piece):
            ps.tokens.append(_piece(obj, game, lang, pal))
        elif isinstance(obj, Board):
            ps.boards.append(_board(obj, lang))
        elif isinstance(obj, Aid):
            ps.aids.append(AidItem(obj.id, say(obj.name, lang),
                                   [[(say(s.heading, lang), say(s.text, lang)) for s in side] for side in obj.sides],
                                   aid_copies(obj, info.players.max)))
        elif isinstance(obj, ScorePad):
            ps.pads.append(PadItem(obj.id, say(obj.name, lang), obj.min_players, obj.max_players, obj.rows,
                                   say(obj.text, lang)))
    ps.tokens = _secrets(ps.tokens)
    return ps


def _front_key(t: TokenItem) -> tuple:
    return (t.shape, t.size, t.front.layout, tuple(sorted((k, str(v)) for k, v in t.front.fields.items() if k != "count")))


def _secrets(tokens: list[TokenItem]) -> list[TokenItem]:
    """Tokens whose fronts look alike are told apart only underneath: their fronts lose the count."""
    seen: dict[tuple, int] = {}
    for t in tokens:
        seen[_front_key(t)] = seen.get(_front_key(t), 0) + 1
    return [replace(t, secret=True, front=FaceSpec(t.front.layout, {**t.front.fields, "count": ""}, t.front.size))
            if seen[_front_key(t)] > 1 else t for t in tokens]


def aid_copies(aid: Aid, max_players: int) -> int:
    """One aid per seat at the game's largest table, unless the content says how many."""
    return aid.copies if "copies" in aid.model_fields_set else max_players


def _deck(deck: Deck, game: str, lang: str, game_id: str, pal: list[PlayerColour] = ()) -> CardGroup:
    """Cards with copies expanded. A card naming a player colour (`colour:`) is printed in it; a
    deck with `per_colour: true` gives its copies the player colours in turn, on fronts (a badge)
    and backs (the whole back in the colour, with the shape and letter); a card with a `used`
    side (First Mates) gets that text on its own back."""
    front = deck_layout(deck)
    # the front's own back, else the back of the deck's size (a mini deck with its own front
    # layout keeps mini backs: the Map Fragments' backs were once poker-size behind 44 x 63 fronts)
    sized = f"{DECK_LAYOUTS.get(deck.size, 'card')}-back"
    back_layout = next((b for b in (f"{front}-back", sized) if layouts.has_layout(b, game_id)), "card-back")
    if deck.back.icon and layouts.has_layout(f"{back_layout}-{deck.back.icon}", game_id):
        back_layout = f"{back_layout}-{deck.back.icon}"       # a back drawn round its icon
    name = say(deck.name, lang)
    total = deck.total()
    back_fields = {"back_title": say(deck.back.title, lang), "back_icon": deck.back.icon,
                   "back_text": say(deck.back.text, lang), "game": game}
    back = FaceSpec(back_layout, back_fields)
    sheet = getattr(deck, "sheet", None)
    extra = sheet.model_dump() if hasattr(sheet, "model_dump") else {}
    per_colour = bool(getattr(deck, "per_colour", False)) and bool(pal)
    faces: list[FaceSpec] = []
    backs: list[FaceSpec] = []
    unique: list[tuple[str, FaceSpec]] = []
    unique_backs: dict[str, FaceSpec] = {}
    own_backs = per_colour
    n = 0
    for card in deck.cards:
        base = {"name": say(card.name, lang), "text": say(card.text, lang), "art": card.icon,
                "subtitle": say(card.subtitle, lang), "cost": card.value, "footer": say(card.footer, lang),
                "footer_icon": card.footer_icon, "mark": f"{game} · {name}", "game": game, **extra}
        base.update(card.print_fields(lang))  # what the game's own card model adds (PvD: area icons)
        colour = _colour_of(getattr(card, "colour", None), pal)
        if colour:
            base.update(colour.fields())
        used = say(getattr(card, "used", None), lang)
        card_back = back
        if used or colour:
            card_back = FaceSpec(back_layout, {**back_fields, **({"back_text": used} if used else {}),
                                               **({**colour.fields(), "back_name": base["name"]} if colour else {})})
            own_backs = True
        lay = card.layout or front
        first = n + 1
        for k in range(card.copies):
            n += 1
            fields = {**base, "count": f"{n}/{total}"}
            b = card_back
            if per_colour:
                c = pal[k % len(pal)]
                fields.update(c.fields())
                b = FaceSpec(back_layout, {**back_fields, **c.fields()})
                unique_backs.setdefault(f"back-{c.id}", b)
            elif b is not back:
                unique_backs.setdefault(f"back-{card.id}", b)
            faces.append(FaceSpec(lay, fields))
            backs.append(b)
            if per_colour:
                cid = f"{card.id}-{pal[k % len(pal)].id}"
                unique.append((cid, faces[-1]))
        if card.copies and not per_colour:
            span = f"{first}/{total}" if card.copies == 1 else f"{first}–{n}/{total}"
            unique.append((card.id, FaceSpec(lay, {**base, "count": span, **(colour.fields() if colour else {})})))
    return CardGroup(deck.id, name, deck.optional, back, faces, unique,
                     backs if own_backs else None, list(unique_backs.items()))


def _die(die: Die, game: str, lang: str) -> DieItem:
    """A face shows its icon, or its name as a value ("+2"); a blank face stays blank but for the
    game's tiny mark in a corner (so it reads as a face of this die, not as a missing sticker)."""
    faces = []
    for f in die.faces:
        name = say(f.name, lang)
        if is_blank(f):
            faces.append(FaceSpec("die-face", {"art": None, "name": name, "value": None, "blank_mark": game_mark(game)}))
        elif not f.icon and pips(f):
            faces.append(FaceSpec("die-face", {"art": None, "name": name, "value": None, "pips": pips(f)}))
        else:
            faces.append(FaceSpec("die-face", {"art": f.icon, "name": name, "value": None if f.icon else name}))
    return DieItem(die.id, say(die.name, lang), die.size_mm, faces, die.copies)


def pips(face: Any) -> int | None:
    """The pips a plain die face shows: its `number`, or an id "1" to "6" (None: not a number)."""
    n = getattr(face, "number", None)
    if n is None and re.fullmatch(r"[1-6]", str(face.id)):
        n = int(face.id)
    return int(n) if isinstance(n, int) and 1 <= n <= 6 else None


def is_blank(face: Any) -> bool:
    """A die face with nothing on it: no icon, and its result (or its id) says blank."""
    if face.icon:
        return False
    return getattr(face, "result", None) == "blank" or re.fullmatch(r"blank(-\d+)?", str(face.id)) is not None


def game_mark(game: str) -> str:
    """A game's tiny mark for places too small for its name: its initials ("PvD", "PK")."""
    return "".join(w[0] for w in re.findall(r"[^\W\d_]+", game)) or game[:3]


def copy_count(n: int, total: int) -> str:
    """The count mark of the n-th of `total` copies, as cards have it: "3/5" (never "x5", which
    reads as a multiplier beside a value such as "$2,000")."""
    return f"{n}/{total}"


def span_count(total: int) -> str:
    """The count mark of a design printed `total` times (its SVG face): "1–5/5"."""
    return copy_count(1, 1) if total == 1 else f"1–{total}/{total}"


def with_count(spec: FaceSpec, n: int, total: int) -> FaceSpec:
    """One physical copy's face: the design with its own count mark."""
    return FaceSpec(spec.layout, {**spec.fields, "count": copy_count(n, total)}, spec.size)


def _side(side: Any, lang: str, name: str, game: str, count: str) -> dict[str, Any]:
    """A token side's fields. A text beside an icon that is not the token's name (nor under a
    value) is what the token does ("Cover the next volcano mark"): it gets the `effect` box,
    with room for 6 pt or more; a landmark's own name, or a text alone (a chest's "empty"),
    is its name."""
    text = say(side.text, lang) if side.text else ""
    effect = text if text and side.icon and not side.value and text != name else ""
    return {"art": side.icon, "name": "" if effect else (text or (name if not side.icon else "")),
            "effect": effect, "value": side.value, "back_icon": side.icon, "count": count, "game": game}


def _token(tok: Token, game: str, lang: str, pal: list[PlayerColour] = (), game_id: str | None = None) -> TokenItem:
    shape = _small({"round": "token-round", "square": "token-square", "hex": "token-hex"}[tok.shape], tok.size_mm)
    if tok.front.icon and layouts.has_layout(f"{shape}-{tok.front.icon}", game_id):
        shape = f"{shape}-{tok.front.icon}"   # a token drawn round its icon (a game's spinner), as card backs are
    name = say(tok.name, lang)
    count = span_count(tok.copies)
    colour = _colour_fields(tok.colour, pal)
    front = FaceSpec(shape, {**_side(tok.front, lang, name, game, count), **colour}, (tok.size_mm, tok.size_mm))
    back = None
    if tok.back is not None:
        back = FaceSpec(f"{shape}-back", {**_side(tok.back, lang, name, game, count), **colour},
                        (tok.size_mm, tok.size_mm))
    return TokenItem(tok.id, name, tok.shape, tok.size_mm, front, back, tok.copies)


def _colour_fields(colour: Any, pal: list[PlayerColour]) -> dict[str, Any]:
    """A piece's colour: a player colour brings its shape and letter; another colour tints only."""
    if not colour:
        return {}
    c = _colour_of(colour, pal)
    return c.fields() if c else {"tint": str(colour)}


def _piece(piece: Piece, game: str, lang: str, pal: list[PlayerColour] = ()) -> TokenItem:
    shape = "round" if piece.kind == "counter" else "square"
    layout = _small("token-round" if shape == "round" else "token-square", piece.size_mm)
    name = say(piece.name, lang)
    fields = {"art": piece.icon, "name": name, "count": span_count(piece.copies), "game": game,
              **_colour_fields(piece.colour, pal)}
    return TokenItem(piece.id, name, shape, piece.size_mm, FaceSpec(layout, fields, (piece.size_mm, piece.size_mm)),
                     None, piece.copies)


def standee_panel(width: float) -> tuple[float, float]:
    """Size of one art panel of a standee `width` mm wide (the layout's proportions)."""
    w, h = layouts.layout("standee").w, layouts.layout("standee").h
    return (width, round(width * h / w, 2))


def _standee(piece: Piece, game: str, lang: str, pal: list[PlayerColour] = ()) -> StandeeItem:
    name = say(piece.name, lang)
    fields = {"art": piece.icon, "name": name, "count": span_count(piece.copies), "game": game,
              **_colour_fields(piece.colour, pal)}
    size = standee_panel(piece.size_mm)
    return StandeeItem(piece.id, name, piece.size_mm, FaceSpec("standee", fields, size),
                       FaceSpec("standee-back", fields, size), piece.copies)


def _small(layout: str, size: float) -> str:
    """Tokens under 20 mm use the '-small' variant of their layout when there is one."""
    return f"{layout}-small" if size < 20 and layouts.has_layout(f"{layout}-small") else layout


def _region(r: Any, lang: str) -> dict[str, Any]:
    return {"id": r.id, "name": say(r.name, lang), "x": r.x, "y": r.y, "w": r.w, "h": r.h, "shape": r.shape,
            "icon": r.icon, "text": say(r.text, lang), "fill": r.fill, "points": (), "number": None}


def _board(board: Board, lang: str) -> BoardItem:
    """Regions first, then the map's spaces as the geometry shapes them (kind fill and icon
    where the space has none)."""
    geo = geometry(board)
    kinds = {k.id: k for k in board.kinds}
    discs = disc_kinds(board)
    shapes = [_region(r, lang) for r in board.regions]
    for sp in board.spaces:
        g = geo.spaces.get(sp.id)
        if g is None:
            continue
        kind = kinds[sp.kind]
        x, y, w, h = g.box
        shapes.append({"id": sp.id, "name": space_name(board, sp, lang), "x": x, "y": y, "w": w, "h": h,
                       "shape": g.shape, "icon": sp.icon or kind.icon, "text": say(sp.text, lang),
                       "fill": sp.fill or kind.fill, "points": g.points if g.shape == "polygon" else (),
                       "number": sp.number, "number_at": g.number, "label_at": g.label, "disc": sp.kind in discs})
    used = {sp.kind for sp in board.spaces if sp.id in geo.spaces}
    key = [(say(k.name, lang), k.icon, k.fill) for k in board.kinds if k.id in used]
    return BoardItem(board.id, say(board.name, lang), geo.width, geo.height, shapes, list(geo.edges), list(geo.links),
                     key, board_art(board, lang))
