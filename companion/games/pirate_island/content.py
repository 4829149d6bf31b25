"""Pirate Island's content models: the map (a generic Board), the rule numbers, the pieces.

The map is a content Board (companion/content/models.py) with hex places; this module adds only
what Pirate Island checks beyond any map: the kinds the rules know, six sectors with their six
chest fields sector*10 + 1..6 lying next to the crater or one or two fields from it, ten harbours
each linked to one landing place marked by a skull or a fortress, one Totenkiste, and every field
reachable from a landing place. Rings, coast and "unnumbered" fields are derived (island.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, PositiveInt, model_validator

from companion.board.hexes import distance as hex_distance
from companion.content.errors import Problem
from companion.content.models import (Aid, Board, Deck, Die, Id, Piece, PlayerColour, RulingsFile, SourceKind, Strict,
                                      Token, ref)
from companion.content.schema import GameSchema

from .island import HARBOUR, HARBOURS, IMPASSABLE, LANDING, PIRATES_PER_BAND, SECTORS, STORM, TERRAIN, TOTENKISTE, Island

if TYPE_CHECKING:
    from companion.content.loader import GameContent


class MapFile(Strict):
    boards: list[Board] = Field(min_length=1, max_length=1)


class Movement(Strict):
    ship: PositiveInt
    embark: PositiveInt
    terrain: dict[Literal["plain", "swamp", "hill", "mountain", "fortress"], PositiveInt]
    river: int = Field(ge=0)
    carrier_factor: PositiveInt
    cap: PositiveInt
    carrier_cap: PositiveInt
    impassable: list[Id]

    @model_validator(mode="after")
    def _every_terrain_costs(self) -> "Movement":
        """Every terrain of the island has its cost: the route finder reads one for each field."""
        missing = [t for t in TERRAIN if t not in self.terrain]
        if missing:
            raise ValueError(f"terrain needs the movement cost of every terrain ({', '.join(TERRAIN)}); "
                             f"{', '.join(missing)} has none")
        return self


class Start(Strict):
    enter_harbour: int = Field(ge=2, le=12)


class Loading(Strict):
    landing: PositiveInt
    fortress: PositiveInt


class EruptionLine(Strict):
    distance: PositiveInt
    need: int = Field(ge=2, le=13)


class FeverLine(Strict):
    where: Literal["swamp", "next_to_swamp", "interior", "coast", "aboard"]
    need: int = Field(ge=2, le=13)


class Combat(Strict):
    bonus: dict[PositiveInt, int]
    defence: dict[Literal["fortress", "mountain", "river"], int]
    killed: int
    flees: int
    nothing: int
    flight: PositiveInt


Event = Literal["fever", "eruption", "fog", "ship", "storm", "recruits"]


class Rules(Strict):
    source: SourceKind
    start: Start
    movement: Movement
    loading: Loading
    doubles: dict[int, Event]
    fog_fields: PositiveInt
    eruption: list[EruptionLine] = Field(min_length=1)
    fever: list[FeverLine] = Field(min_length=5, max_length=5)
    combat: Combat


class RulesFile(Strict):
    rules: Rules


class IslandPiece(Piece):
    role: Literal["pirate", "ship"]
    player_colour: str = ref("colour")


class ChestToken(Token):
    role: Literal["chest"]
    treasure: bool = False


class PiecesFile(Strict):
    colours: list[PlayerColour] = Field(min_length=4, max_length=4)
    pieces: list[IslandPiece]
    tokens: list[ChestToken]
    dice: list[Die]
    decks: list[Deck]


class AidsFile(Strict):
    aids: list[Aid]


def check(content: "GameContent") -> list[Problem]:
    """What the rulebook asks of the board and the box (see the module docstring)."""
    problems: list[Problem] = []
    src = content.sources["map.yaml"]
    board = content.files["map.yaml"].boards[0]

    def bad(loc: tuple, msg: str) -> None:
        problems.append(src.problem(("boards", 0) + loc, msg))

    index = {s.id: i for i, s in enumerate(board.spaces)}
    by_id = {s.id: s for s in board.spaces}
    known = set(TERRAIN) | set(IMPASSABLE) | {HARBOUR, TOTENKISTE, STORM}
    for i, s in enumerate(board.spaces):
        if s.kind not in known:
            bad(("spaces", i, "kind"), f"Pirate Island knows no space kind {s.kind!r}; kinds: {', '.join(sorted(known))}")
        if s.kind in TERRAIN and s.zone is None:
            bad(("spaces", i, "zone"), f"field {s.id!r} needs its sector (zone: sector-1 .. sector-6)")
    for kind, count in ((TOTENKISTE, 1), (HARBOUR, HARBOURS)):
        found = [s.id for s in board.spaces if s.kind == kind]
        if len(found) != count:
            bad(("spaces",), f"the map needs {count} space(s) of kind {kind}, found {len(found)}")
    if not any(s.kind == "crater" for s in board.spaces):
        bad(("spaces",), "the map needs the crater (spaces of kind crater)")
    # chest fields: sector*10 + 1..6, each in its sector
    for n in range(1, SECTORS + 1):
        zone = f"sector-{n}"
        have = sorted(s.number for s in board.spaces if s.zone == zone and s.number is not None)
        want = [n * 10 + k for k in range(1, 7)]
        if have != want:
            bad(("zones",), f"{zone} must have the chest fields {want[0]}-{want[-1]}, has {have or 'none'}")
    for i, s in enumerate(board.spaces):
        if s.number is not None and s.kind in TERRAIN and s.zone and s.number // 10 != int(s.zone.split("-")[-1]):
            bad(("spaces", i, "number"), f"field {s.number} lies in {s.zone}; chest fields of sector N are N1-N6")
    # harbours and landing places
    landing_of: dict[str, list[str]] = {}
    for j, link in enumerate(board.links):
        if link.kind != LANDING:
            continue
        a, b = (by_id[x] for x in link.between)
        hb, lp = (a, b) if a.kind == HARBOUR else (b, a)
        if hb.kind != HARBOUR or lp.kind not in TERRAIN:
            bad(("links", j), f"a landing link joins a harbour and a field, not {a.id!r} ({a.kind}) and {b.id!r} ({b.kind})")
            continue
        landing_of.setdefault(hb.id, []).append(lp.id)
        if not (lp.icon == "skull" or (lp.icon == "fortress" and lp.kind == "fortress")):
            bad(("spaces", index[lp.id], "icon"), f"landing place {lp.id!r} must be marked by a skull (icon: skull) or be "
                                                 "a fortress with icon: fortress")
        if hb.hex is None or lp.hex is None or hex_distance(tuple(hb.hex), tuple(lp.hex)) != 1:
            bad(("links", j), f"landing place {lp.id!r} must lie next to {hb.id!r}")
    for s in board.spaces:
        if s.kind == HARBOUR and len(landing_of.get(s.id, [])) != 1:
            bad(("spaces", index[s.id]), f"harbour {s.id!r} needs exactly one landing place (a link of kind landing), "
                                         f"has {len(landing_of.get(s.id, []))}")
    if problems:
        return problems
    island = Island.build(board, content.files["rules.yaml"].rules)
    for f in island.fields:
        if island.number[f] is not None and not 1 <= island.ring[f] <= 3:
            bad(("spaces", index[f], "number"), f"chest field {island.number[f]} must lie next to the crater or one or two "
                                                f"fields from it (it is {island.ring[f]} away)")
    unreached = sorted(set(island.fields) - island.reachable_from(island.landing.values()))
    for f in unreached[:5]:
        bad(("spaces", index[f]), f"field {f!r} cannot be reached from any landing place")
    # the box
    psrc = content.sources["pieces.yaml"]
    pieces = content.files["pieces.yaml"]
    for c in pieces.colours:
        n = sum(p.copies for p in pieces.pieces if p.role == "pirate" and p.player_colour == c.id)
        s = sum(p.copies for p in pieces.pieces if p.role == "ship" and p.player_colour == c.id)
        if n != PIRATES_PER_BAND or s != 1:
            problems.append(psrc.problem(("colours",), f"colour {c.id} needs {PIRATES_PER_BAND} pirates and 1 ship, "
                                                       f"has {n} and {s}"))
    chests = sum(t.copies for t in pieces.tokens if t.role == "chest")
    marked = sum(t.copies for t in pieces.tokens if t.role == "chest" and t.treasure)
    if chests != SECTORS or marked != 1:
        problems.append(psrc.problem(("tokens",), f"the box needs {SECTORS} chests, one marked (treasure: true); "
                                                  f"has {chests}, {marked} marked"))
    fronts = {(t.front.icon, str(t.front.text)) for t in pieces.tokens if t.role == "chest"}
    if len(fronts) > 1:
        problems.append(psrc.problem(("tokens",), "every chest must have the same front, or players see which is which"))
    return problems


SCHEMA = GameSchema(
    files={"map.yaml": MapFile, "rules.yaml": RulesFile, "pieces.yaml": PiecesFile, "aids.yaml": AidsFile,
           "rulings.yaml": RulingsFile},
    required=frozenset({"map.yaml", "rules.yaml", "pieces.yaml", "rulings.yaml"}),
    check=check,
)
