"""The other seats' turns since this seat last decided, step by step with their dice: one line per
turn (its last event, e.g. "Bart scores 300"), and a button that opens the steps. A step whose
event carries `faces` (the faces rolled, by id) shows them as dice, named by the view's `faces`
table ({id, name, icon}) where the game's view has one."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import Words, sentence, words_for

from app.widgets.common import TOUCH, card
from app.widgets.dice import icon_image


def dice_strip(faces: list[Any], table: dict[str, dict[str, Any]]) -> ft.Control | None:
    """Small dice for the faces of one roll (None when the event rolled none)."""
    shown = []
    for f in faces:
        if not isinstance(f, str):
            continue
        face = table.get(f, {})
        name = str(face.get("name") or f)
        box = ft.Container(content=icon_image(face.get("icon"), size=22) if face.get("icon") else
                           ft.Text(name, size=11), width=34, height=34, border_radius=7, padding=4,
                           alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE,
                           border=ft.Border.all(1, ft.Colors.OUTLINE))
        shown.append(ft.Semantics(label=name, content=box))
    if not shown:
        return None
    return ft.Row(shown, wrap=True, spacing=4, run_spacing=4)


def turn_steps(screen: Any, turns: list[tuple[int | None, list[Any]]], names: list[str],
               view: dict[str, Any] | None, key: str = "steps", say: Any = None) -> list[ft.Control]:
    """One card: a summary line per turn with a button that opens its steps (with their dice).
    `say` gives an event's line in the device's language (else the rules' own text)."""
    if not turns:
        return []
    w: Words = getattr(screen, "w", None) or words_for(None)
    text = say or (lambda ev: ev.text)
    table = {f["id"]: f for f in (view or {}).get("faces") or [] if isinstance(f, dict) and "id" in f}
    opened: set[tuple[Any, ...]] = screen.__dict__.setdefault("steps_open", set())
    rows: list[ft.Control] = []
    for n, (who, events) in enumerate(turns):
        name = names[who] if who is not None and 0 <= who < len(names) else w("app.play.the_table")
        mark = turn_mark(who, events)
        is_open = mark in opened
        last = sentence(text(events[-1]))
        summary = ft.Text(last if last.startswith(name + " ") else f"{sentence(name)}: {last}", size=14,
                          weight=ft.FontWeight.BOLD, expand=True)
        said = w("app.steps.hide" if is_open else "app.steps.show", name=name, n=len(events))
        toggle = ft.Semantics(label=said, button=True, exclude_semantics=True, content=ft.Container(
            ft.Icon(ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE, color=ft.Colors.PRIMARY),
            width=TOUCH, height=TOUCH, border_radius=TOUCH // 2, alignment=ft.Alignment.CENTER, ink=True,
            on_click=lambda e, m=mark: _toggle(screen, opened, m)))
        body: list[ft.Control] = [ft.Row([summary, toggle], spacing=4)]
        if is_open:
            for i, ev in enumerate(events, 1):
                line: list[ft.Control] = [ft.Text(f"{i}. {sentence(text(ev))}", size=14)]
                faces = ev.data.get("faces") if isinstance(ev.data, dict) else None
                strip = dice_strip(list(faces), table) if isinstance(faces, (list, tuple)) else None
                if strip is not None:
                    line.append(strip)
                body.append(ft.Container(ft.Column(line, spacing=4), padding=ft.Padding.only(left=8)))
        rows.append(ft.Column(body, spacing=4))
    return [ft.Container(card(*rows, padding=8), key=key)]


def turn_mark(who: int | None, events: list[Any]) -> tuple[Any, ...]:
    """What tells one turn from another between redraws (its seat, length, first and last event)."""
    return (who, len(events), events[0].text if events else "", events[-1].text if events else "")


def _toggle(screen: Any, opened: set[tuple[Any, ...]], mark: tuple[Any, ...]) -> None:
    if mark in opened:
        opened.discard(mark)
    else:
        opened.add(mark)
    screen.app.render()
