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


def score_table(rows: list[tuple[str, Any, bool]], title: str = "Scores") -> ft.Control:
    """rows: (name, score, highlighted). Large text, the player to move in bold."""
    return ft.Column([heading(title, 16)] + [
        ft.Container(content=ft.Row([
            ft.Text(name, size=17, weight=ft.FontWeight.BOLD if hot else None, expand=True),
            ft.Text(str(score), size=17, weight=ft.FontWeight.BOLD if hot else None),
        ]), padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=6,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if hot else None)
        for name, score, hot in rows], spacing=2)
