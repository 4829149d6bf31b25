"""A hex (or square) map as text for the terminal: offset rows of short cells, numbers and pieces
in them, a legend under it; made to fit an 80-column terminal.

Each hex is a cell of `cell` characters; a hex row is drawn `step` = cell + 1 characters per
hex, and every row is shifted by half a hex against the one above (axial x = 2q + r), so the
six neighbours of a cell sit left, right and diagonally above and below it."""
from __future__ import annotations

from collections.abc import Callable

from .graph import Graph

COLUMNS = 80


def text_map(g: Graph, cell: Callable[[str], str], legend: list[str] | None = None, cell_width: int = 3,
             columns: int = COLUMNS, hexes: bool = True) -> str:
    """The map's on-board grid spaces as text; `cell(space id)` gives up to `cell_width`
    characters (a number, a piece, a terrain mark). Raises ValueError when the map cannot fit
    `columns` characters, so a game notices instead of wrapping lines."""
    placed: dict[tuple[int, int], str] = {}
    for sid, sp in g.spaces.items():
        if sp.coord is None or sp.off_board:
            continue
        q, r = sp.coord
        x = 2 * q + r if hexes else 2 * q
        token = cell(sid)[:cell_width]
        placed[(x, r)] = token.center(cell_width)
    if not placed:
        return ""
    half = (cell_width + 1) // 2
    x0 = min(x for x, _ in placed)
    width = (max(x for x, _ in placed) - x0) * half + cell_width
    if width > columns:
        raise ValueError(f"the map needs {width} columns, more than {columns}")
    lines = []
    for r in sorted({r for _, r in placed}):
        row = [" "] * width
        for (x, rr), token in placed.items():
            if rr == r:
                at = (x - x0) * half
                row[at:at + cell_width] = list(token)
        lines.append("".join(row).rstrip())
    for extra in legend or []:
        if len(extra) > columns:
            raise ValueError(f"a legend line is longer than {columns} columns: {extra[:30]}...")
        lines.append(extra)
    return "\n".join(lines)
