"""The ocean as the rules see it: the space graph (companion.board) built from board.yaml's grid,
with what each square is, the distances between squares and the walks a roll allows.

Walk tables are cached per starting square (companion.board.layers), so a move's destinations
are a few set lookups after the first time a square is sailed from."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from companion.board import graph_of
from companion.board.graph import Graph
from companion.board.layers import ends, first_reached, passed, walk_layers

from .content import BoardFile

#: grid steps by name, as (column, row) offsets; north is up
STEPS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


@dataclass(frozen=True)
class Square:
    id: str
    kind: str
    col: int
    row: int


@dataclass
class Ocean:
    """The compiled board. `graph` is a companion.board Graph of the squares (north/east/south/west
    neighbours); every square may be crossed, only squares of a `stop` kind may be landed on."""

    squares: dict[str, Square]
    graph: Graph
    stop: frozenset[str]
    #: the longest move a roll can give (the most dice times 6, doubled)
    max_steps: int
    _layers: dict[str, dict] = field(default_factory=dict, repr=False)
    _reached: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict, repr=False)
    _balls: dict[tuple[str, int], frozenset[str]] = field(default_factory=dict, repr=False)
    _moves: dict[tuple, tuple[dict[str, int], dict[str, int]]] = field(default_factory=dict, repr=False)
    _plain: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict, repr=False)
    _nearest: dict[tuple[str, str], str] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, board: BoardFile, max_steps: int) -> "Ocean":
        spaces = board.boards[0].spaces
        squares = {sp.id: Square(sp.id, sp.kind, sp.cell[0], sp.cell[1]) for sp in spaces}
        stop = frozenset(sp.id for sp in spaces if next(k for k in board.kinds if k.id == sp.kind).stop)
        return cls(squares, graph_of(board.boards[0]), stop, max_steps)

    def kind(self, sid: str) -> str:
        return self.squares[sid].kind

    def of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(q.id for q in self.squares.values() if q.kind == kind)

    @cached_property
    def _dist(self) -> dict[str, dict[str, int]]:
        """All pairs, once per board: a breadth-first search from every square over the graph's
        neighbours read once (what `Graph.distances` gives, without its networkx views)."""
        adj = {sid: tuple(nbrs) for sid, nbrs in self.graph.nx.adj.items()}
        out: dict[str, dict[str, int]] = {}
        for sid in self.squares:
            found = {sid: 0}
            frontier = [sid]
            step = 0
            while frontier:
                step += 1
                nxt = []
                for a in frontier:
                    for b in adj[a]:
                        if b not in found:
                            found[b] = step
                            nxt.append(b)
                frontier = nxt
            out[sid] = found
        return out

    def distance(self, a: str, b: str) -> int:
        """Steps between two squares as pieces move, islands crossed (rulings: range-counting)."""
        return self._dist[a][b]

    def ball(self, square: str, radius: int) -> frozenset[str]:
        """The squares at most `radius` steps from `square` (itself included)."""
        key = (square, radius)
        found = self._balls.get(key)
        if found is None:
            found = self._balls[key] = frozenset(k for k, v in self._dist[square].items() if v <= radius)
        return found

    def nearest(self, start: str, kind: str) -> str:
        """The nearest square of a kind; ties go to the first in reading order (rulings: nearest-space).
        Cached per square and kind (a Hurricane or Sea Monster card asks; the board never changes)."""
        key = (start, kind)
        found = self._nearest.get(key)
        if found is None:
            found = self._nearest[key] = self.graph.nearest(start, kind)[0]
        return found

    def step_dir(self, a: str, b: str) -> str:
        qa, qb = self.squares[a], self.squares[b]
        return next(k for k, (dc, dr) in STEPS.items() if (qa.col + dc, qa.row + dr) == (qb.col, qb.row))

    def layers(self, start: str) -> dict:
        found = self._layers.get(start)
        if found is None:
            found = self._layers[start] = walk_layers(self.graph, start, self.max_steps)
        return found

    def moves(self, start: str, roll: int, wind_steps: tuple[str, ...], factor: int) -> tuple[dict[str, int], dict[str, int]]:
        """(ends, early): squares a move of exactly `roll` steps (times `factor` when the first step
        is one of `wind_steps`, or still `roll`: the wind's double may be left unused) can end on,
        and squares it can stop on early, each with the fewest steps; never the start square
        (rulings: exact-count, crossing-islands, wind-optional). Cached: the callers must not
        change the dicts."""
        key = (start, roll, wind_steps, factor)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = self._compute_moves(start, roll, wind_steps, factor)
        return found

    def _compute_moves(self, start: str, roll: int, wind_steps: tuple[str, ...],
                       factor: int) -> tuple[dict[str, int], dict[str, int]]:
        layers = self.layers(start)

        def length(first: str) -> int:
            return roll * factor if self.step_dir(start, first) in wind_steps else roll

        def may_stop(sid: str) -> bool:
            return sid in self.stop and sid != start

        reached = self._reached.get(start)
        if reached is None:
            reached = self._reached[start] = first_reached(layers, may_stop)
        # the plain count, whatever the first step (the same for every wind: kept per roll), then
        # the double of the first steps with the wind
        plain = self._plain.get((start, roll))
        if plain is None:
            plain = self._plain[(start, roll)] = ends(layers, lambda first: roll, may_stop)
        full = dict(plain)
        windward = {first: table for first, table in layers.items() if self.step_dir(start, first) in wind_steps}
        for sid, k in ends(windward, lambda first: roll * factor, may_stop).items():
            if full.get(sid, k + 1) > k:
                full[sid] = k
        return full, passed(reached, length)
