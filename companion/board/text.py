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
             columns: int = COLUMNS, hexes: bool = True, row_label: Callable[[int], str] | None = None,
             column_label: Callable[[str], str | None] | None = None) -> str:
    """The map's on-board grid spaces as text; `cell(space id)` gives up to `cell_width`
    characters (a number, a piece, a terrain mark). `row_label(r)` starts each row (a printed row
    letter); `column_label(space id)` is written in a header line over the spaces of the rows that
    are not shifted (printed column numbers). Raises ValueError when the map cannot fit `columns`
    characters, so a game notices instead of wrapping lines."""
    placed: dict[tuple[int, int], str] = {}
    ids: dict[tuple[int, int], str] = {}
    for sid, sp in g.spaces.items():
        if sp.coord is None or sp.off_board:
            continue
        q, r = sp.coord
        x = 2 * q + r if hexes else 2 * q
        token = cell(sid)[:cell_width]
        placed[(x, r)] = token.center(cell_width)
        ids[(x, r)] = sid
    if not placed:
        return ""
    half = (cell_width + 1) // 2
    x0 = min(x for x, _ in placed)
    if hexes and column_label is not None:
        x0 -= x0 % 2  # an even start, so the column labels sit over the unshifted rows
    rows = sorted({r for _, r in placed})
    labels = {r: row_label(r) for r in rows} if row_label is not None else {}
    margin = max((len(t) for t in labels.values()), default=-1) + 1
    width = (max(x for x, _ in placed) - x0) * half + cell_width
    if width + margin > columns:
        raise ValueError(f"the map needs {width + margin} columns, more than {columns}")
    lines = []
    if column_label is not None:
        header = [" "] * (width + 1)
        for (x, r), sid in ids.items():
            text = column_label(sid) if r % 2 == 0 else None
            if text:
                at = (x - x0) * half
                header[at:at + len(text)] = list(text)
        lines.append(" " * margin + "".join(header).rstrip())
    for r in rows:
        row = [" "] * width
        for (x, rr), token in placed.items():
            if rr == r:
                at = (x - x0) * half
                row[at:at + cell_width] = list(token)
        prefix = labels[r].ljust(margin - 1) + " " if labels else ""
        lines.append((prefix + "".join(row)).rstrip())
    for extra in legend or []:
        if len(extra) > columns:
            raise ValueError(f"a legend line is longer than {columns} columns: {extra[:30]}...")
        lines.append(extra)
    return "\n".join(lines)
