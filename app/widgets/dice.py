"""Dice and cards as large tappable tiles, drawn with the project's own line icons (print/icons)."""
from __future__ import annotations

import math
from typing import Any, Callable

import flet as ft

from app import theme
from app.widgets.common import TOUCH


def icon_image(icon: str | None, size: int = 30, color: str | None = None) -> ft.Control:
    """One of the printed set's line icons (print/icons), in ink or in `color`."""
    if not icon:
        return ft.Icon(ft.Icons.QUESTION_MARK, size=size, color=color)
    return ft.Image(src=f"icons/{icon}.svg", width=size, height=size, fit=ft.BoxFit.CONTAIN, color=color,
                    color_blend_mode=ft.BlendMode.SRC_IN if color else None,
                    error_content=ft.Icon(ft.Icons.QUESTION_MARK, size=size))


def times_rolled(events: list[Any]) -> dict[int, int]:
    """How often each die (1-based) was rolled, from the game's roll events (those whose data
    names the `dice` rolled and their `faces`): the `rolls` a die tile turns over with."""
    counts: dict[int, int] = {}
    for e in events:
        data = e.data if isinstance(e.data, dict) else {}
        if "faces" in data and isinstance(data.get("dice"), list):
            for d in data["dice"]:
                if isinstance(d, int):
                    counts[d] = counts.get(d, 0) + 1
    return counts


#: what a tile's caption shares its box with: 4 px padding and an edge of up to 3 px on each side,
#: the icon (30 px) and, with a badge, the die's number (10 px), 2 px apart
TILE_EDGE, ICON, BADGE = 14, 30, 14


def caption_lines(caption: str, size: float, width: float) -> list[str] | None:
    """The caption broken into lines at its spaces as wide as `width` px, or None when one word is wider."""
    lines: list[str] = []
    for word in caption.split():
        if theme.text_width(word, size) > width:
            return None
        if lines and theme.text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def caption_size(caption: str, width: int, height: int = 84, badge: bool = True, size: int = 12) -> int:
    """The caption's font size on a `width` x `height` tile: the largest (up to `size`) at which
    every word fits the tile's width and its lines fit under the icon (and the die's number), as
    the app's font measures them; at least 8 px. "Diamond" on a 56 px kept die lost its "d" and
    "Gold coin" its second line when a guess per letter sized them."""
    inner = width - TILE_EDGE
    room = max(height, TOUCH) - TILE_EDGE - ICON - 2 - (BADGE if badge else 0)
    for s in range(size, 8, -1):
        lines = caption_lines(caption, s, inner)
        if lines is not None and len(lines) * theme.LINE_HEIGHT * s <= room:
            return s
    return 8


def tile(label: str, caption: str, icon: str | None, on_click: Callable[[Any], Any] | None = None,
         selected: bool = False, marked: bool = False, width: int = 72, height: int = 84,
         disabled: bool = False, badge: str | None = None, rolls: int = 0, advised: bool = False) -> ft.Control:
    """A square tile (a die, a card): icon over a caption, drawn like the printed die (ink edge on
    white). `label` is what screen readers and tests find. `rolls`: how often this die was rolled;
    when it goes up the tile turns over once (the dice roll visibly, on the client, in 0.45 s).
    `advised`: the advice names this die (a lightbulb by its number, the advice's edge)."""
    look = theme.palette(None)
    if advised and not selected:
        bg, border = look["die"], ft.Border.all(3, look["advice_edge"])
    elif selected:
        bg, border = look["picked"], ft.Border.all(3, look["picked_edge"])
    elif marked:
        bg, border = look["kept"], ft.Border.all(3, look["kept_edge"])
    else:
        bg, border = look["die"], ft.Border.all(1.5, look["die_edge"])
    body = [icon_image(icon), ft.Text(caption, size=caption_size(caption, width, height, bool(badge or advised)), text_align=ft.TextAlign.CENTER,
                                      max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)]
    if badge or advised:
        mark = ft.Text(badge or "", size=10, weight=ft.FontWeight.BOLD)
        body.insert(0, ft.Row([mark, ft.Icon(ft.Icons.LIGHTBULB, size=12, color=look["advice_edge"])], spacing=2,
                              tight=True, alignment=ft.MainAxisAlignment.CENTER) if advised else mark)
    box = ft.Container(content=ft.Column(body, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                         alignment=ft.MainAxisAlignment.CENTER),
                       width=width, height=max(height, TOUCH), bgcolor=bg, border=border, border_radius=10,
                       on_click=None if disabled else on_click, ink=on_click is not None and not disabled,
                       opacity=0.45 if disabled else 1.0, padding=4,
                       rotate=ft.Rotate(angle=rolls * 2 * math.pi) if rolls else None,
                       animate_rotation=ft.Animation(450, ft.AnimationCurve.EASE_OUT_BACK) if rolls else None)
    return ft.Semantics(label=label, button=on_click is not None, selected=selected, exclude_semantics=True,
                        content=box)
