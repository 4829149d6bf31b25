"""The checks of a map that go beyond one field: every space has one place that fits the
layout, no two spaces share a cell, edges join neighbours, and the map is connected where the
board says so. Each problem is (location inside the board, message), so the loader can name
the file and line."""
from __future__ import annotations

import importlib
from typing import Any


from .models import Board

Loc = tuple[Any, ...]
PLACES = ("hex", "cell", "rect", "ellipse", "polygon")


def _places(space: Any) -> list[str]:
    return [p for p in PLACES if getattr(space, p) is not None]


def map_problems(board: Board) -> list[tuple[Loc, str]]:
    out: list[tuple[Loc, str]] = []
    grid = board.layout.grid
    seen: dict[tuple[str, tuple[int, int]], str] = {}
    for i, s in enumerate(board.spaces):
        here = ("spaces", i)
        places = _places(s)
        if len(places) > 1:
            out.append((here + (places[1],), f"space {s.id!r} has more than one place ({', '.join(places)}); give one"))
            continue
        if not places and not s.off_board:
            out.append((here + ("id",), f"space {s.id!r} needs a place: hex, cell, rect, ellipse or polygon "
                                        f"(or off_board: true)"))
        if s.hex is not None and grid != "hex":
            out.append((here + ("hex",), f"a hex place needs layout grid: hex (this board's grid is {grid})"))
        if s.cell is not None and grid != "square":
            out.append((here + ("cell",), f"a cell place needs layout grid: square (this board's grid is {grid})"))
        if s.off_board and (s.hex is not None or s.cell is not None):
            out.append((here + ("off_board",), f"off-board space {s.id!r} cannot sit on a grid cell"))
        for key in ("hex", "cell"):
            coord = getattr(s, key)
            if coord is None:
                continue
            other = seen.setdefault((key, tuple(coord)), s.id)
            if other != s.id:
                out.append((here + (key,), f"spaces {other!r} and {s.id!r} are both on {key} {list(coord)}"))
    if out:
        return out
    by_id = {s.id: s for s in board.spaces}
    near = {frozenset(p) for p in _board_maps().grid_neighbours(board)}
    pairs: dict[frozenset[str], int] = {}
    for i, e in enumerate(board.edges):
        a, b = (by_id[x] for x in e.between)
        loc = ("edges", i, "between")
        if a.id == b.id:
            out.append((loc, f"an edge joins two different spaces, not {a.id!r} to itself"))
            continue
        key = frozenset((a.id, b.id))
        if key in pairs:
            out.append((loc, f"the edge {a.id}-{b.id} is listed twice (first as edges[{pairs[key]}])"))
        pairs.setdefault(key, i)
        on_grid = (a.hex is not None and b.hex is not None) or (a.cell is not None and b.cell is not None)
        if on_grid and key not in near:
            where = "hex" if a.hex is not None else "cell"
            out.append((loc, f"{a.id!r} ({where} {list(getattr(a, where))}) and {b.id!r} "
                             f"({where} {list(getattr(b, where))}) are not neighbours"))
        elif on_grid and not e.features:
            out.append((("edges", i), "grid neighbours need no edge entry; list one only for its features "
                                      "(river, wall, reef, road, cliff)"))
    for i, lk in enumerate(board.links):
        if lk.between[0] == lk.between[1]:
            out.append((("links", i, "between"), f"a link joins two different spaces, not {lk.between[0]!r} to itself"))
    if out or not board.connected:
        return out
    out += _connectivity(board)
    return out


def _connectivity(board: Board) -> list[tuple[Loc, str]]:
    g = _board_maps().graph_of(board)
    if board.connected is True:
        ids = [s.id for s in board.spaces if not s.off_board]
        what = "every space on the board (connected: true)"
    else:
        kinds = set(board.connected)
        known = {k.id for k in board.kinds}
        bad = sorted(kinds - known)
        if bad:
            return [(("connected",), f"unknown space kind(s) {', '.join(bad)}; known: {', '.join(sorted(known))}")]
        ids = [s.id for s in board.spaces if s.kind in kinds]
        what = f"the spaces of kind {', '.join(board.connected)}"
    pieces = g.pieces(ids)
    if len(pieces) <= 1:
        return []
    index = {s.id: i for i, s in enumerate(board.spaces)}
    out = []
    for piece in pieces[1:]:
        out.append((("spaces", index[piece[0]], "id"),
                    f"space {piece[0]!r} (with {len(piece) - 1} more) is cut off from {pieces[0][0]!r}: "
                    f"{what} must be connected"))
    return out


def _board_maps() -> Any:
    """companion.board.maps, imported when a map is first checked: it brings networkx, which a game
    without a map (and `companion validate` of it) never needs."""
    return importlib.import_module("companion.board.maps")
