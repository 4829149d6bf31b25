"""Cheapest paths under a cost function: movement points, terrain costs, river surcharges,
carriers paying double, a budget shared by several pieces with a cap per piece, and retreats.

The search is networkx's Dijkstra (`single_source_dijkstra` with a weight function and a
cutoff); a weight of None hides an edge, so impassable spaces and walls need no special case."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import networkx as nx

from .graph import Allow, Graph


@dataclass(frozen=True)
class Path:
    """A way from spaces[0] to spaces[-1]; steps[i] is the cost of moving spaces[i] -> spaces[i+1]."""

    spaces: tuple[str, ...]
    steps: tuple[float, ...]

    @property
    def cost(self) -> float:
        return sum(self.steps)

    @property
    def end(self) -> str:
        return self.spaces[-1]

    def __len__(self) -> int:
        """The number of steps (not spaces)."""
        return len(self.steps)


@dataclass(frozen=True)
class Costs:
    """What one step a -> b costs one piece.

    base: `enter(b)` (terrain; None = may not enter), or `links[kind]` when a-b is an extra link
    (embarking, a ship's crossing); times `factor` (2 for a pirate carrying the treasure);
    plus, not multiplied, `surcharge[feature]` for each feature of the edge (`{"river": 1}`);
    a feature mapped to None blocks the edge (a wall)."""

    enter: Callable[[str], float | None]
    surcharge: Mapping[str, float | None] = field(default_factory=dict)
    links: Mapping[str, float | None] = field(default_factory=dict)
    factor: float = 1.0

    def step(self, g: Graph, a: str, b: str) -> float | None:
        kind = g.link(a, b)
        base = self.links.get(kind) if kind is not None and kind in self.links else self.enter(b)
        if base is None:
            return None
        extra = 0.0
        for f in g.features(a, b):
            if f in self.surcharge:
                add = self.surcharge[f]
                if add is None:
                    return None
                extra += add
        return base * self.factor + extra

    def carrying(self, factor: float = 2.0) -> "Costs":
        """The same costs for a carrier: base costs times `factor`, surcharges unchanged."""
        return Costs(self.enter, self.surcharge, self.links, factor)


def path_of(g: Graph, spaces: Iterable[str], costs: Costs) -> Path:
    """The Path along given spaces under `costs` (ValueError if a step is not allowed)."""
    seq = tuple(spaces)
    steps = []
    for a, b in zip(seq, seq[1:]):
        if not g.adjacent(a, b):
            raise ValueError(f"{a!r} and {b!r} are not joined")
        c = costs.step(g, a, b)
        if c is None:
            raise ValueError(f"the step {a!r} -> {b!r} is not allowed")
        steps.append(c)
    return Path(seq, tuple(steps))


def _weight(g: Graph, costs: Costs) -> Callable[[str, str, dict], float | None]:
    return lambda a, b, _d: costs.step(g, a, b)


def reachable(g: Graph, start: str, costs: Costs, budget: float,
              may_stop: Allow | None = None) -> dict[str, Path]:
    """Every space a piece at `start` can end on with at most `budget` points, with its
    cheapest path (start itself left out). `may_stop` filters where a move may end (a space
    occupied by your own piece may be passed, not ended on)."""
    if budget < 0:
        return {}
    dist, paths = nx.single_source_dijkstra(g.nx, start, cutoff=budget + 1e-9, weight=_weight(g, costs))
    out = {}
    for end, way in paths.items():
        if end == start or (may_stop is not None and not may_stop(end)):
            continue
        out[end] = path_of(g, way, costs)
    return out


def cheapest(g: Graph, start: str, goal: str, costs: Costs, budget: float = math.inf) -> Path | None:
    """The cheapest path start -> goal within the budget, or None."""
    try:
        cost, way = nx.single_source_dijkstra(g.nx, start, goal, cutoff=None if math.isinf(budget) else budget + 1e-9,
                                              weight=_weight(g, costs))
    except nx.NetworkXNoPath:
        return None
    return path_of(g, way, costs)


@dataclass(frozen=True)
class Budget:
    """Points of one turn shared by several pieces, each capped (Pirate Island: 7 a pirate, 9
    for the one carrying the treasure). Immutable: `spend` returns the new budget."""

    total: float
    caps: Mapping[str, float] = field(default_factory=dict)
    default_cap: float = math.inf
    spent: Mapping[str, float] = field(default_factory=dict)

    @property
    def left(self) -> float:
        return self.total - sum(self.spent.values())

    def left_for(self, piece: str) -> float:
        cap = self.caps.get(piece, self.default_cap)
        return max(0.0, min(self.left, cap - self.spent.get(piece, 0.0)))

    def spend(self, piece: str, amount: float) -> "Budget":
        if amount > self.left_for(piece) + 1e-9:
            raise ValueError(f"{piece} may spend {self.left_for(piece):g} more, not {amount:g}")
        spent = dict(self.spent)
        spent[piece] = spent.get(piece, 0.0) + amount
        return Budget(self.total, self.caps, self.default_cap, spent)


def retreats(g: Graph, start: str, away_from: Iterable[str] | str, steps: int,
             allow: Allow | None = None, may_stop: Allow | None = None) -> list[Path]:
    """Ways of exactly `steps` steps from start, each step ending farther (in steps over the
    whole map) from `away_from` than the last (a beaten pirate flees five fields away from the
    combat field), passing only allowed spaces and ending where `may_stop` allows. Every such
    way is returned, in map order; empty when the piece has no free retreat."""
    dist = g.distances(away_from)
    out: list[Path] = []

    def go(way: list[str]) -> None:
        here = way[-1]
        if len(way) - 1 == steps:
            if may_stop is None or may_stop(here):
                out.append(Path(tuple(way), (1.0,) * steps))
            return
        for n in g.neighbours(here, allow):
            if n in dist and dist[n] > dist.get(here, -1) and n not in way:
                go(way + [n])

    go([start])
    return out
