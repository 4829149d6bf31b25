"""From a content Board (duck-typed, see geometry.py) to its space Graph: grid neighbours from
the coordinates, edge features, extra links, kinds, zones, numbers and centres."""
from __future__ import annotations

from typing import Any

from . import hexes, squares
from .geometry import geometry
from .graph import Edge, Graph, Space


def text_in(text: Any, lang: str) -> str:
    if not text:
        return ""
    return text.get(lang) or text.get("en", "")


def grid_neighbours(board: Any) -> list[tuple[str, str]]:
    """Pairs of spaces that touch on the grid (hex sides; square sides, and corners when the
    layout allows diagonal steps), each pair once, in map order."""
    at: dict[tuple[int, int], str] = {}
    for s in board.spaces:
        coord = s.hex if s.hex is not None else s.cell
        if coord is not None:
            at.setdefault(tuple(coord), s.id)
    out = []
    for s in board.spaces:
        if s.hex is not None:
            near = hexes.neighbours(tuple(s.hex))
        elif s.cell is not None:
            near = squares.neighbours(tuple(s.cell), board.layout.diagonal)
        else:
            continue
        for n in near:
            other = at.get(n)
            if other is not None and other != s.id and (s.id, other) not in out and (other, s.id) not in out:
                out.append((s.id, other))
    return out


def space_name(board: Any, space: Any, lang: str = "en") -> str:
    """A space's own name, else its kind's name."""
    if space.name:
        return text_in(space.name, lang)
    for k in board.kinds:
        if k.id == space.kind:
            return text_in(k.name, lang)
    return space.kind


def graph_of(board: Any, lang: str = "en") -> Graph:
    """The immutable space graph of a content Board."""
    geo = geometry(board)
    spaces = []
    for s in board.spaces:
        coord = s.hex if s.hex is not None else s.cell
        shape = geo.spaces.get(s.id)
        spaces.append(Space(s.id, s.kind, s.zone, s.number, space_name(board, s, lang), s.off_board,
                            shape.centre if shape else None, tuple(coord) if coord is not None else None))
    edges = [Edge(a, b) for a, b in grid_neighbours(board)]
    edges += [Edge(e.between[0], e.between[1], frozenset(e.features)) for e in board.edges]
    edges += [Edge(lk.between[0], lk.between[1], frozenset(lk.features), lk.kind) for lk in board.links]
    return Graph.build(spaces, edges)
