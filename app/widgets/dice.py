"""Dice and cards as large tappable tiles, drawn with the project's own line icons (print/icons)."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from app.widgets.common import TOUCH


def icon_image(icon: str | None, size: int = 30) -> ft.Control:
    if not icon:
        return ft.Icon(ft.Icons.QUESTION_MARK, size=size)
    return ft.Image(src=f"icons/{icon}.svg", width=size, height=size, fit=ft.BoxFit.CONTAIN,
                    error_content=ft.Icon(ft.Icons.QUESTION_MARK, size=size))


def tile(label: str, caption: str, icon: str | None, on_click: Callable[[Any], Any] | None = None,
         selected: bool = False, marked: bool = False, width: int = 72, height: int = 84,
         disabled: bool = False, badge: str | None = None) -> ft.Control:
    """A square tile: icon over a caption. `label` is what screen readers and tests find."""
    if selected:
        bg, border = ft.Colors.AMBER_200, ft.Border.all(3, ft.Colors.AMBER_900)
    elif marked:
        bg, border = ft.Colors.LIGHT_GREEN_100, ft.Border.all(3, ft.Colors.GREEN_800)
    else:
        bg, border = ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Border.all(1, ft.Colors.OUTLINE)
    body = [icon_image(icon), ft.Text(caption, size=12, text_align=ft.TextAlign.CENTER, max_lines=2,
                                      overflow=ft.TextOverflow.ELLIPSIS)]
    if badge:
        body.insert(0, ft.Text(badge, size=10, weight=ft.FontWeight.BOLD))
    box = ft.Container(content=ft.Column(body, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                         alignment=ft.MainAxisAlignment.CENTER),
                       width=width, height=max(height, TOUCH), bgcolor=bg, border=border, border_radius=10,
                       on_click=None if disabled else on_click, ink=on_click is not None and not disabled,
                       opacity=0.45 if disabled else 1.0, padding=4)
    return ft.Semantics(label=label, button=on_click is not None, selected=selected, exclude_semantics=True,
                        content=box)
