"""The island as the rules see it, compiled once from the content Board and the rule numbers.

Everything the rulebook derives from the map is computed here, never typed in: the rings around
the crater (1 = next to it), coastal fields (next to the sea or a harbour), fields next to a
swamp, the numbered (chest) fields, each harbour's landing place and the fields beside it. The
graph comes from companion/board (graph_of); the movement search is companion.board.budget over
steps precomputed here, and the rules' movement options are companion.board.reach's tables of it
(made once per field, searched again where pirates or chests stand in the way and kept while they
stay), since the rules ask at every decision.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from companion.board.budget import cheapest_costs, farther_ends, route
from companion.board.graph import Graph
from companion.board.maps import graph_of
from companion.board.reach import ReachTable

#: terrain a pirate may stand on; kinds nobody enters; the other kinds of the map
TERRAIN = ("plain", "swamp", "hill", "mountain", "fortress")
IMPASSABLE = ("crater", "lake")
HARBOUR, TOTENKISTE, STORM = "harbour", "totenkiste", "storm"
LANDING = "landing"
SECTORS = 6
HARBOURS = 10
PIRATES_PER_BAND = 6
#: where a pirate aboard a ship is: "ship-<colour>"
SHIP_PREFIX = "ship-"


def aboard(colour: str) -> str:
    return SHIP_PREFIX + colour


@dataclass(frozen=True, eq=False)
class Island:
    graph: Graph
    #: land fields a pirate may stand on, in map order
    fields: tuple[str, ...]
    fieldset: frozenset[str]
    kind: dict[str, str]
    sector: dict[str, int]
    number: dict[str, int | None]
    #: what is printed on a field: its chest number, else its row-and-column id
    label: dict[str, str]
    #: steps from the crater over the island (1: next to it)
    ring: dict[str, int]
    coast: frozenset[str]
    next_to_swamp: frozenset[str]
    harbours: tuple[str, ...]
    #: harbour -> its landing place, and back
    landing: dict[str, str]
    harbour_at: dict[str, str]
    #: harbour -> the fields next to it (pirates aboard may attack them)
    shore: dict[str, tuple[str, ...]]
    #: field -> neighbouring fields a pirate may enter, with the base cost and the river surcharge
    steps: dict[str, tuple[tuple[str, int, int], ...]]
    #: field -> every neighbouring field (for adjacency in combat and danger)
    near: dict[str, frozenset[str]]
    rivers: frozenset[frozenset[str]]
    #: chest number (11..66) -> field
    chest_field: dict[int, str]
    fortresses: tuple[str, ...]
    totenkiste: str
    centre: dict[str, tuple[float, float]]
    _distances: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, board: Any, rules: Any) -> "Island":
        g = graph_of(board)
        kind = {s.id: s.kind for s in board.spaces}
        fields = tuple(s.id for s in board.spaces if s.kind in TERRAIN)
        fieldset = set(fields)
        crater = [s.id for s in board.spaces if s.kind == "crater"]
        land_or_crater = fieldset | set(crater) | {s.id for s in board.spaces if s.kind in IMPASSABLE}
        dist = g.distances(crater, allow=lambda sid: sid in land_or_crater)
        ring = {f: int(dist.get(f, 99)) for f in fields}
        harbours = tuple(sorted((s.id for s in board.spaces if s.kind == HARBOUR),
                                key=lambda h: next(s.number or 0 for s in board.spaces if s.id == h)))
        coast = set()
        for f in fields:
            around = g.neighbours(f)
            if len(around) < 6 or any(kind[n] == HARBOUR for n in around):
                coast.add(f)
        swamps = {f for f in fields if kind[f] == "swamp"}
        next_to_swamp = {f for f in fields if any(n in swamps for n in g.neighbours(f))}
        landing: dict[str, str] = {}
        for a, b, data in g.nx.edges(data=True):
            if data.get("link") == LANDING:
                hb, lp = (a, b) if kind[a] == HARBOUR else (b, a)
                landing[hb] = lp
        terrain = rules.movement.terrain
        rivers = set()
        steps: dict[str, tuple[tuple[str, int, int], ...]] = {}
        near: dict[str, frozenset[str]] = {}
        for f in fields:
            out = []
            for n in g.neighbours(f):
                if n not in fieldset or g.link(f, n) is not None:
                    continue
                river = "river" in g.features(f, n)
                if river:
                    rivers.add(frozenset((f, n)))
                out.append((n, terrain[kind[n]], rules.movement.river if river else 0))
            steps[f] = tuple(out)
            near[f] = frozenset(n for n, _, _ in out)
        number = {f: g[f].number for f in fields}
        label = {f: str(number[f]) if number[f] is not None else f.upper() for f in fields}
        for h in harbours:
            label[h] = f"H{g[h].number}"
        shore = {h: tuple(n for n in g.neighbours(h) if n in fieldset) for h in harbours}
        return cls(
            graph=g, fields=fields, fieldset=frozenset(fields), kind=kind, sector={f: int(g[f].zone.split("-")[-1]) for f in fields},
            number=number, label=label, ring=ring, coast=frozenset(coast), next_to_swamp=frozenset(next_to_swamp),
            harbours=harbours, landing=landing, harbour_at={v: k for k, v in landing.items()}, shore=shore,
            steps=steps, near=near, rivers=frozenset(rivers),
            chest_field={number[f]: f for f in fields if number[f] is not None},
            fortresses=tuple(f for f in fields if kind[f] == "fortress"),
            totenkiste=next(s.id for s in board.spaces if s.kind == TOTENKISTE),
            centre={sid: s.centre for sid, s in g.spaces.items() if s.centre is not None},
        )

    # --- questions ------------------------------------------------------------------------
    def river_between(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.rivers

    def reachable_from(self, starts: Any) -> set[str]:
        """Fields connected to `starts` over passable land (the content check)."""
        seen = set(starts)
        todo = list(seen)
        while todo:
            f = todo.pop()
            for n in self.near[f]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def search(self, start: str, budget: float, factor: int, blocked: Any, stops: Any):
        """Cheapest costs from `start` over fields: `blocked` fields are never entered, `stops`
        fields may be entered but not left (chests); terrain times `factor`, rivers added."""
        return cheapest_costs(start, budget, self.steps, factor, blocked, stops)

    @cached_property
    def moves(self) -> ReachTable:
        """The movement searches of the rules as table look-ups (companion.board.reach): each
        field's costs on the empty island made once, searched again for the pirates and chests in
        the way (and kept while they stay)."""
        return ReachTable(self.steps)

    def steps_from(self, start: str) -> dict[str, int]:
        """Steps over the island's fields from `start` to every field (cached)."""
        found = self._distances.get(start)
        if found is None:
            found = {start: 0}
            todo = [start]
            for f in todo:
                for n in self.near[f]:
                    if n not in found:
                        found[n] = found[f] + 1
                        todo.append(n)
            self._distances[start] = found
        return found

    def flight(self, start: str, steps: int, allow: Any, may_stop: Any) -> tuple[int, list[str]]:
        """Where a beaten pirate can be moved: every step farther from `start`, as far as
        possible up to `steps` (rulings: flight)."""
        dist = self.steps_from(start)
        return farther_ends(start, steps, self.near, lambda f: dist.get(f, -1), allow, may_stop)

    def route(self, found: dict, end: str) -> list[str]:
        return route(found, end)

    def walk(self, start: str, steps: int, blocked: Any, stops: Any) -> dict[str, int]:
        """Fields within `steps` steps (fog), with the fewest steps to each; `blocked` and
        `stops` as for search."""
        seen = {start: 0}
        frontier = [start]
        for k in range(1, steps + 1):
            nxt = []
            for f in frontier:
                if f != start and f in stops:
                    continue
                for n in self.near[f]:
                    if n not in seen and n not in blocked:
                        seen[n] = k
                        nxt.append(n)
            frontier = nxt
        return seen
