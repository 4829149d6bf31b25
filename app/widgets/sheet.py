"""A game's sheet round by round, as players keep it on paper: a row a round, a column a player
(the History screen's game sheet and the Kapern assistant's score sheet, from the same records)."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import Words

from app.theme import BOLD
from app.widgets.log import player_badge

ROUND_W, CELL_W = 58, 76


def number(v: float | None) -> str:
    """A number as a person writes it (400, not 400.0); a dash for none."""
    if v is None:
        return "–"
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def round_sheet(rounds: list[Any], names: list[str], w: Words, key: str | None = None) -> ft.Control:
    """`rounds`: RoundRecords (round, values per seat, marks per seat as word keys); the newest
    round last. Wider than the screen (many players), it scrolls sideways."""
    head: list[ft.Control] = [ft.Container(ft.Text(w("history.round"), size=13, font_family=BOLD), width=ROUND_W)]
    for seat, name in enumerate(names):
        label = ft.Text(name, size=13, font_family=BOLD, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        head.append(ft.Container(ft.Row([player_badge(seat, 20), label], spacing=2), width=CELL_W))
    lines: list[ft.Control] = [ft.Row(head, spacing=4)]
    for i, r in enumerate(rounds):
        cells: list[ft.Control] = [ft.Container(ft.Text(w("history.start") if r.round == 0 else str(r.round), size=14),
                                                width=ROUND_W)]
        for seat in range(len(names)):
            value = r.values[seat] if seat < len(r.values) else None
            mark = r.marks[seat] if seat < len(r.marks) else None
            last = i == len(rounds) - 1
            col: list[ft.Control] = [ft.Text(number(value), size=15, font_family=BOLD if last else None)]
            if mark:
                col.append(ft.Text(w(mark), size=11, italic=True))
            before = rounds[i - 1].values[seat] if i and seat < len(rounds[i - 1].values) else None
            gave = f" ({value - (before or 0):+g})" if value is not None and (i or r.round) else ""
            said = w("history.cell", name=names[seat], round=w("history.start") if r.round == 0 else r.round,
                     value=number(value)) + gave  # (read out: a screen reader says whose cell and what it gave)
            cells.append(ft.Semantics(label=said, content=ft.Container(ft.Column(col, spacing=0, tight=True),
                                                                       width=CELL_W)))
        lines.append(ft.Container(ft.Row(cells, spacing=4), padding=ft.Padding.symmetric(vertical=3),
                                  bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if i % 2 else None, border_radius=4))
    return ft.Row([ft.Column(lines, spacing=0)], scroll=ft.ScrollMode.AUTO, key=key)
