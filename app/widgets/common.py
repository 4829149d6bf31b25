"""Small building blocks: labelled buttons with large touch targets, headings, notices, cards.
Their colours are the page theme's roles (app/theme.py maps them onto the printed set's paper,
ink and the game's accent), so every screen gets the look from here."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.words import sentence

from app.theme import BOLD

#: the smallest touch target (Material: 48 dp)
TOUCH = 48


def button(text: str, on_click: Callable[[Any], Any] | None = None, icon: Any = None, primary: bool = False,
           tooltip: str | None = None, disabled: bool = False, expand: bool | int | None = None,
           key: str | None = None, why: str | None = None) -> ft.Control:
    """A button with visible text (its accessible name) and a touch-friendly height. A disabled
    button with a `why` says it under the button (a tooltip cannot be read on a phone)."""
    cls = ft.FilledButton if primary else ft.Button
    b = cls(content=text, icon=icon, on_click=on_click, tooltip=tooltip, disabled=disabled, height=TOUCH,
            expand=expand, key=None if disabled and why else key)
    if disabled and why:
        return ft.Column([b, ft.Text(sentence(why), size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)],
                         spacing=2, tight=True, key=key, expand=expand)
    return b


def text_button(text: str, on_click: Callable[[Any], Any] | None = None, icon: Any = None,
                tooltip: str | None = None) -> ft.Control:
    return ft.TextButton(content=text, icon=icon, on_click=on_click, tooltip=tooltip, height=TOUCH)


def heading(text: str, size: int = 20) -> ft.Text:
    return ft.Text(text, size=size, font_family=BOLD, color=ft.Colors.PRIMARY if size >= 20 else None)


def para(text: str, size: int = 15, color: str | None = None, selectable: bool = False) -> ft.Text:
    return ft.Text(text, size=size, color=color, selectable=selectable)


def notice(text: str, error: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Text(text, size=15, color=ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_SECONDARY_CONTAINER),
        bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
        padding=12, border_radius=8)


#: the padding inside a card (a map drawn in one is that much, and its 1 px border, narrower)
CARD_PADDING = 14


def card(*controls: ft.Control, padding: int = CARD_PADDING, on_click: Callable[[Any], Any] | None = None,
         key: str | None = None) -> ft.Control:
    """A card-looking box (rounded, tinted, outlined). Not a Material Card: that merges everything
    inside it into one accessibility node, so a button in it could not be found by screen readers
    or tests; a plain Container keeps each control its own node."""
    return ft.Container(content=ft.Column(list(controls), spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        padding=padding, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), on_click=on_click,
                        ink=on_click is not None, key=key,
                        shadow=ft.BoxShadow(blur_radius=3, offset=ft.Offset(0, 1), color="#22000000"))


def wrap_row(controls: list[ft.Control], spacing: int = 8) -> ft.Row:
    """A row that wraps onto several lines on a narrow phone screen."""
    return ft.Row(controls, wrap=True, spacing=spacing, run_spacing=spacing)


def set_and_render(screen: Any, d: dict[str, Any], key: str, value: Any) -> None:
    """Change one field of a screen's form state and redraw (form fields hold no rule)."""
    d[key] = value
    screen.app.render()


def toggle_and_render(screen: Any, items: list[str], item: str) -> None:
    """Add or remove one choice of a multiple choice (cards to discard, equipment) and redraw."""
    if item in items:
        items.remove(item)
    else:
        items.append(item)
    screen.app.render()


def about(items: list[tuple[str, str]]) -> list[ft.Control]:
    """What the chosen things do, in words under the choice: a tap selects and shows the text (a
    hover tooltip cannot be read on a phone). items: (name, text)."""
    return [ft.Text(spans=[ft.TextSpan(f"{name}: ", ft.TextStyle(weight=ft.FontWeight.BOLD)), ft.TextSpan(text)],
                    size=14) for name, text in items if text]


def tap_to_read(screen: Any, key: str, items: list[tuple[str, str]], label: str = "What they do") -> list[ft.Control]:
    """A button that opens (and closes) what the named things do, in words under it: on a phone
    there is no hover, so a description never hides in a tooltip. The open ones are remembered on
    the screen by `key`. items: (name, text); nothing is drawn when no item has a text."""
    items = [(name, text) for name, text in items if text]
    if not items:
        return []
    shown: set[str] = screen.__dict__.setdefault("reading", set())
    is_open = key in shown

    def flip(e: Any) -> None:
        shown.symmetric_difference_update({key})
        screen.app.render()

    return [text_button(f"Hide: {label.lower()}" if is_open else label, flip,
                        icon=ft.Icons.EXPAND_LESS if is_open else ft.Icons.INFO_OUTLINE)] + (about(items) if is_open else [])


def choice_dropdown(label: str, value: str | None, options: list[tuple[str, str, str]],
                    on_select: Callable[[Any], Any], width: int = 300) -> ft.Control:
    """A dropdown named `label` whose entries say what each does, and the chosen one's text under
    it. options: (key, name, text)."""
    entries = [ft.DropdownOption(key=k, text=name, content=ft.Column([
        ft.Text(name, size=15, weight=ft.FontWeight.BOLD),
        ft.Text(text, size=12, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)], spacing=0, tight=True,
        width=width - 40)) for k, name, text in options]
    chosen = next(((name, text) for k, name, text in options if k == value), None)
    return ft.Column([ft.Dropdown(label=label, value=value, width=width, options=entries, on_select=on_select,
                                  menu_width=width)] + (about([chosen]) if chosen else []), spacing=4, width=width)


def labelled_switch(label: str, value: bool, on_change: Callable[[bool], Any], key: str | None = None) -> ft.Control:
    """A switch with a label that wraps (Flet's own label is one line: "Tap dice to put them on the
    Treasure Chest" ran off a 390 px screen), one control for screen readers; a tap on the words
    flips it too. `on_change` gets the new value."""
    return ft.MergeSemantics(content=ft.Row([
        ft.Switch(value=value, on_change=lambda e: on_change(bool(e.control.value))),
        ft.Container(ft.Text(label), expand=True, on_click=lambda e: on_change(not value))]), key=key)
