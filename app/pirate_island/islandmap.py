"""The Pirate Island map on screen, shared by digital play and the table helper: the board widget
(app/widgets/board.py) fed by the game's board view, a line under it saying what the last tapped
field is (or what a tap does now), a legend of the terrain colours and, on a phone, a button that
shows the map twice the size in a frame scrolled sideways. What a tap means is the caller's."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app.widgets.board import HIGHLIGHT, board_widget, board_width, zoom_button
from app.widgets.common import wrap_row

#: the map's kinds shown in the legend, in this order (the others explain themselves)
LEGEND = ("plain", "swamp", "hill", "mountain", "fortress", "lake", "crater", "harbour")


def legend(board: dict[str, Any], extra: list[tuple[str, str]] = ()) -> ft.Control:
    """What the colours mean: each terrain in its printed fill, then outline colours in use."""
    fills: dict[str, tuple[str, str]] = {}
    for sp in board["map"]["spaces"]:
        if sp["kind"] in LEGEND and sp["kind"] not in fills:
            fills[sp["kind"]] = (sp["fill"], (board.get("kinds") or {}).get(sp["kind"]) or sp["kind"].capitalize())
    chips = [ft.Row([ft.Container(width=14, height=14, bgcolor=fills[k][0], border_radius=3,
                                  border=ft.Border.all(1, "#00000033")), ft.Text(fills[k][1], size=12)],
                    spacing=4, tight=True) for k in LEGEND if k in fills]
    chips.append(ft.Row([ft.Container(width=14, height=3, bgcolor="#3f7fbf"), ft.Text("river (+1 BP)", size=12)],
                        spacing=4, tight=True))
    for color, text in extra:
        chips.append(ft.Row([ft.Container(width=14, height=14, border=ft.Border.all(2, color), border_radius=3),
                             ft.Text(text, size=12)], spacing=4, tight=True))
    return ft.Container(wrap_row(chips, spacing=10), key="island-legend")


def island_panel(screen: Any, board: dict[str, Any], on_tap: Callable[[str], None],
                 highlights: dict[str, dict[str, Any]] | None = None, selected: str | None = None,
                 line: str | None = None, key: str = "island") -> ft.Control:
    """The map with `line` under it (default: the sentence of the last tapped space)."""
    spaces = board["spaces"]
    picked = getattr(screen, "board_tap", None)
    if line is None:
        line = (spaces.get(picked) or {}).get("info") if picked else None
        line = line or "Tap a field to see what it is."
    width = board_width(screen)
    page = getattr(screen.app, "page", None)
    page_w, page_h = getattr(page, "width", None), getattr(page, "height", None)
    if page_w and page_h and page_w > page_h:  # a landscape screen: the whole island in view, under the title
        width = min(width, max(320.0, float(page_h) - 170))
    zoom = float(getattr(screen, "board_zoom", 1.0))
    cache = screen.__dict__.setdefault(f"board_cache_{key}", {})  # this page's drawn map (see board_widget)
    rows: list[ft.Control] = [board_widget(board, width, on_tap, highlights, selected, zoom=zoom, key=f"{key}-map",
                                           cache=cache),
                              ft.Text(line, size=15, weight=ft.FontWeight.BOLD, key=f"{key}-info")]
    if width < 520:  # a phone: the fields are small; show the map twice the size, scrolled sideways
        rows.append(zoom_button(screen, zoom, "map"))
    return ft.Column(rows, spacing=6, key=key)


__all__ = ["HIGHLIGHT", "island_panel", "legend"]
