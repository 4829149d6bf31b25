"""The game log and score lists, as a seat may see them."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.widgets.common import heading


def game_log(events: list[Any], limit: int = 40, title: str = "Game log") -> ft.Control:
    """Newest first; only the events the viewer may see are passed in."""
    lines = [e.text for e in events][-limit:][::-1]
    if not lines:
        lines = ["Nothing has happened yet."]
    return ft.Column([heading(title, 16)] + [ft.Text(f"• {t}", size=14, selectable=True) for t in lines], spacing=4)


def score_table(rows: list[tuple[Any, ...]], title: str = "Scores") -> ft.Control:
    """rows: (name, score, highlighted[, detail]). Large text, the player to move (or the winner) in
    bold; an optional detail line under the name says how the score came about."""
    items = []
    for name, score, hot, *rest in rows:
        weight = ft.FontWeight.BOLD if hot else None
        left: ft.Control = ft.Text(name, size=17, weight=weight)
        if rest and rest[0]:
            left = ft.Column([left, ft.Text(rest[0], size=13)], spacing=2)
        items.append(ft.Container(content=ft.Row([
            ft.Container(left, expand=True),
            ft.Text(str(score), size=17, weight=weight),
        ], vertical_alignment=ft.CrossAxisAlignment.START), padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=6, bgcolor=ft.Colors.PRIMARY_CONTAINER if hot else None))
    return ft.Column([heading(title, 16)] + items, spacing=2)
