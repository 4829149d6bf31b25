"""The space graph of a map: an immutable networkx graph of space ids with each space's kind,
zone, number and centre, and each edge's features (river, wall, reef) and link kind.

Rules ask it for neighbours, zones, distances from a set of spaces (the rings around a crater),
the nearest space of a kind and the spaces within N steps; nothing in a game does hex maths."""
from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field

import networkx as nx

#: a predicate on space ids: may a piece pass through (or stop on) this space?
Allow = Callable[[str], bool]


@dataclass(frozen=True)
class Space:
    """What the rules need to know of one space (the content model has the printed rest)."""

    id: str
    kind: str
    zone: str | None = None
    number: int | None = None
    name: str = ""
    off_board: bool = False
    #: centre in mm (None for an off-board space with no shape)
    centre: tuple[float, float] | None = None
    #: axial (q, r) on a hex map or (col, row) on a square grid
    coord: tuple[int, int] | None = None


@dataclass(frozen=True)
class Edge:
    """Two spaces joined: grid neighbours (`link` None) or an extra link (`link` its kind)."""

    a: str
    b: str
    features: frozenset[str] = frozenset()
    link: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        return edge_key(self.a, self.b)


def edge_key(a: str, b: str) -> tuple[str, str]:
    """The one name of the edge between a and b, whichever way round."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, eq=False)
class Graph:
    """Spaces and the edges between them; frozen (every query returns new data)."""

    spaces: Mapping[str, Space]
    nx: nx.Graph = field(repr=False)

    @classmethod
    def build(cls, spaces: Iterable[Space], edges: Iterable[Edge]) -> "Graph":
        g = nx.Graph()
        table: dict[str, Space] = {}
        for s in spaces:
            if s.id in table:
                raise ValueError(f"space {s.id!r} given twice")
            table[s.id] = s
            g.add_node(s.id)
        for e in edges:
            for end in (e.a, e.b):
                if end not in table:
                    raise ValueError(f"edge {e.a}-{e.b}: unknown space {end!r}")
            if e.a == e.b:
                raise ValueError(f"edge {e.a}-{e.b} joins a space to itself")
            old = g.edges[e.a, e.b] if g.has_edge(e.a, e.b) else None
            features = e.features | (old["features"] if old else frozenset())
            link = e.link if e.link is not None else (old["link"] if old else None)
            g.add_edge(e.a, e.b, features=frozenset(features), link=link)
        return cls(table, nx.freeze(g))

    # --- spaces -----------------------------------------------------------------------------
    def __contains__(self, sid: object) -> bool:
        return sid in self.spaces

    def __len__(self) -> int:
        return len(self.spaces)

    def __getitem__(self, sid: str) -> Space:
        return self.spaces[sid]

    def ids(self) -> tuple[str, ...]:
        return tuple(self.spaces)

    def of_kind(self, *kinds: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.kind in kinds)

    def in_zone(self, zone: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.zone == zone)

    def zones(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.zone for s in self.spaces.values() if s.zone is not None))

    def numbered(self, number: int) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.number == number)

    def at(self, coord: tuple[int, int]) -> str | None:
        """The space on a hex or cell coordinate, if any."""
        for s in self.spaces.values():
            if s.coord == coord:
                return s.id
        return None

    # --- edges ------------------------------------------------------------------------------
    def neighbours(self, sid: str, allow: Allow | None = None) -> tuple[str, ...]:
        """Spaces joined to sid (grid neighbours and links), in map order."""
        return tuple(n for n in self.nx.adj[sid] if allow is None or allow(n))

    def adjacent(self, a: str, b: str) -> bool:
        return self.nx.has_edge(a, b)

    def features(self, a: str, b: str) -> frozenset[str]:
        """The features of the edge a-b (empty when they are not joined)."""
        return self.nx.edges[a, b]["features"] if self.nx.has_edge(a, b) else frozenset()

    def link(self, a: str, b: str) -> str | None:
        """The kind of the extra link a-b (None for grid neighbours or no edge)."""
        return self.nx.edges[a, b]["link"] if self.nx.has_edge(a, b) else None

    def edges(self) -> tuple[Edge, ...]:
        return tuple(Edge(a, b, d["features"], d["link"]) for a, b, d in self.nx.edges(data=True))

    def bearing(self, a: str, b: str) -> float:
        """Compass bearing in degrees from a's centre to b's (0 = north/up, 90 = east)."""
        ca, cb = self.spaces[a].centre, self.spaces[b].centre
        if ca is None or cb is None:
            raise ValueError(f"no bearing between {a!r} and {b!r}: a space has no place on the board")
        return math.degrees(math.atan2(cb[0] - ca[0], -(cb[1] - ca[1]))) % 360

    # --- distances --------------------------------------------------------------------------
    def _view(self, allow: Allow | None, keep: Collection[str] = ()) -> nx.Graph:
        if allow is None:
            return self.nx
        keep = set(keep)
        return nx.subgraph_view(self.nx, filter_node=lambda n: n in keep or allow(n))

    def distances(self, sources: Iterable[str] | str, allow: Allow | None = None,
                  max_steps: int | None = None) -> dict[str, int]:
        """Steps from the nearest of `sources` to every space reachable through allowed spaces
        (sources themselves need not be allowed: the crater rings are counted from the crater)."""
        src = [sources] if isinstance(sources, str) else list(sources)
        for s in src:
            self.spaces[s]          # KeyError names an unknown source
        view = self._view(allow, src)
        found: dict[str, int] = {s: 0 for s in src}
        frontier = list(dict.fromkeys(src))
        step = 0
        while frontier and (max_steps is None or step < max_steps):
            step += 1
            nxt = []
            for sid in frontier:
                for n in view.adj[sid]:
                    if n not in found:
                        found[n] = step
                        nxt.append(n)
            frontier = nxt
        return found

    def distance(self, a: str, b: str, allow: Allow | None = None) -> int | None:
        """Fewest steps from a to b through allowed spaces (b need not be allowed); None: no way."""
        view = self._view(allow, (a, b))
        try:
            return int(nx.shortest_path_length(view, a, b))
        except nx.NetworkXNoPath:
            return None

    def rings(self, sources: Iterable[str] | str, allow: Allow | None = None,
              max_steps: int | None = None) -> list[tuple[str, ...]]:
        """rings[k]: the spaces exactly k steps from the sources (rings[0] are the sources)."""
        out: list[list[str]] = []
        for sid, k in self.distances(sources, allow, max_steps).items():
            while len(out) <= k:
                out.append([])
            out[k].append(sid)
        return [tuple(r) for r in out]

    def within(self, start: str, steps: int, allow: Allow | None = None) -> dict[str, int]:
        """Spaces at most `steps` away (start at 0), moving through allowed spaces."""
        return self.distances(start, allow, steps)

    def nearest(self, start: str, goal: Callable[[str], bool] | str, allow: Allow | None = None) -> tuple[str, ...]:
        """The goal spaces (a kind, or a predicate) fewest steps away; ties all returned, in
        map order (the game decides between them); empty when none can be reached."""
        is_goal = (lambda s: self.spaces[s].kind == goal) if isinstance(goal, str) else goal
        found = {sid: k for sid, k in self.distances(start, allow).items() if is_goal(sid)}
        if not found:
            return ()
        k = min(found.values())
        return tuple(sid for sid in self.spaces if found.get(sid) == k)

    def connected(self, ids: Collection[str]) -> bool:
        """Whether the given spaces form one connected piece using only each other."""
        ids = set(ids)
        if not ids:
            return True
        return nx.is_connected(self.nx.subgraph(ids))

    def pieces(self, ids: Collection[str]) -> list[list[str]]:
        """The connected pieces of the given spaces (largest first), each in map order."""
        order = list(self.spaces)
        comps = [sorted(c, key=order.index) for c in nx.connected_components(self.nx.subgraph(set(ids)))]
        return sorted(comps, key=lambda c: (-len(c), order.index(c[0])))
