"""The Pirate Island map on screen, shared by digital play and the table helper: the board widget
(app/widgets/board.py) fed by the game's board view, a line under it saying what the last tapped
field is (or what a tap does now), a legend of the terrain colours, and zoom: pinch, drag and
zoom buttons (Flet's InteractiveViewer, app.widgets.board.Zoom), the map brought to the piece a
player picks. What a tap means is the caller's."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app.widgets.board import HIGHLIGHT, Zoom, board_widget, map_width
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
                 line: str | None = None, key: str = "island", focus: str | None = None,
                 inset: float = 0) -> ft.Control:
    """The map with `line` under it (default: the sentence of the last tapped space) and its zoom
    buttons. A new `focus` (the space of a piece just picked) brings the map to it; on a phone
    zoomed in, so that the fields it reaches are big enough to tap. `inset`: the px a caller's box
    takes round it (padding and border on both sides), so the map fits inside that box."""
    spaces = board["spaces"]
    picked = getattr(screen, "board_tap", None)
    if line is None:
        line = (spaces.get(picked) or {}).get("info") if picked else None
        line = line or "Tap a field to see what it is."
    width = map_width(screen) - inset
    cache = screen.__dict__.setdefault(f"board_cache_{key}", {})  # this page's drawn map (see board_widget)
    zoom = Zoom(screen, key)
    m = board["map"]
    at = {sp["id"]: sp for sp in m["spaces"]}
    if focus != cache.get("focus"):  # a piece picked (or put back): bring the map to it
        cache["focus"] = focus
        if focus in at:
            zoom.show(at[focus], m, max(zoom.scale, PICK_ZOOM) if width < 520 else None)
    mapped = board_widget(board, width, on_tap, highlights, selected, key=f"{key}-map", cache=cache, viewer=zoom)
    cache["focus"] = focus  # (a new size of the map starts a new cache)
    rows: list[ft.Control] = [mapped, ft.Text(line, size=15, weight=ft.FontWeight.BOLD, key=f"{key}-info"),
                              zoom.buttons(m, at.get(focus or "") or at.get(cache.get("focus") or ""))]
    return ft.Container(ft.Column(rows, spacing=4), width=width, key=key)


#: the zoom a phone shows a picked piece at: its reach (7 fields around) fills the frame
PICK_ZOOM = 2.0


__all__ = ["HIGHLIGHT", "island_panel", "legend"]
