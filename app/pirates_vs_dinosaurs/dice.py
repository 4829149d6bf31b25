"""Entering special dice (skull / saber / blank): tap a face per die, or roll them here."""
from __future__ import annotations

import random
from typing import Any, Callable

import flet as ft

from app.pirates_vs_dinosaurs.labels import face_icon, face_name, faces
from companion.words import plural
from app.widgets.common import button, wrap_row
from app.widgets.dice import tile


def face_tile(label: str, result: str | None, on_click: Callable[[Any], Any] | None = None, badge: str | None = None,
              disabled: bool = False, selected: bool = False, size: int = 64) -> ft.Control:
    if result == "blank":
        icon = None
    else:
        icon = face_icon(result)
    t = tile(label, face_name(result) if result else "?", icon or ("x-mark" if result == "blank" else None),
             on_click, badge=badge, width=size, height=size + 12, disabled=disabled, selected=selected)
    return t


def dice_entry(screen: Any, key: str, n: int, title: str) -> list[ft.Control]:
    """Slots for n dice (kept in screen.draft[key]) and a palette of faces; a filled slot clears
    on a tap. Returns the controls; the caller reads screen.draft[key] when it is full."""
    draft: list[str] = screen.draft.setdefault(key, [])
    del draft[n:]
    slots = []
    for i in range(n):
        face = draft[i] if i < len(draft) else None
        slots.append(face_tile(f"{title} die {i + 1}: {face_name(face) if face else 'empty'}", face,
                               (lambda e, i=i: _remove(screen, key, i)) if face else None, badge=str(i + 1), size=60))
    full = len(draft) >= n
    palette = [face_tile(f"{title}: add {name}", r, (lambda e, r=r: _add(screen, key, r, n)), disabled=full, size=64)
               for r, name, _ in faces()]
    return [ft.Text(f"{title}: {len(draft)} of {plural(n, 'die')} entered", size=15, weight=ft.FontWeight.BOLD),
            wrap_row(slots, spacing=6), wrap_row(palette + [
                button(f"Roll {plural(n, 'die')} here", lambda e: _roll(screen, key, n), icon=ft.Icons.CASINO,
                       tooltip="Roll the special dice on this device"),
                button("Clear", lambda e: _clear(screen, key), icon=ft.Icons.BACKSPACE, disabled=not draft,
                       tooltip=f"Clear the {title.lower()} dice")], spacing=6)]


def entered(screen: Any, key: str, n: int) -> list[str] | None:
    got = list(screen.draft.get(key, []))
    return got if len(got) == n else None


def _add(screen: Any, key: str, result: str, n: int) -> None:
    d = screen.draft.setdefault(key, [])
    if len(d) < n:
        d.append(result)
    screen.app.render()


def _remove(screen: Any, key: str, i: int) -> None:
    d = screen.draft.setdefault(key, [])
    if i < len(d):
        d.pop(i)
    screen.app.render()


def _clear(screen: Any, key: str) -> None:
    screen.draft[key] = []
    screen.app.render()


def _roll(screen: Any, key: str, n: int) -> None:
    results = [r for r, _, _ in faces()]
    die = [f.result for f in _die_faces()]
    screen.draft[key] = [random.choice(die or results) for _ in range(n)]
    screen.app.render()


def _die_faces() -> list[Any]:
    from app.pirates_vs_dinosaurs.labels import cat

    return list(cat().content.files["pieces.yaml"].dice[0].faces)


def roller(screen: Any) -> list[ft.Control]:
    """The special dice roller: choose how many, roll, see skulls / sabers / blanks."""
    n = int(screen.draft.get("roller_n", 2))
    got: list[str] = screen.draft.get("roller", [])
    out: list[ft.Control] = [wrap_row([
        button("Fewer dice", lambda e: _set_n(screen, max(1, n - 1)), icon=ft.Icons.REMOVE, disabled=n <= 1),
        ft.Text(plural(n, "die"), size=18, weight=ft.FontWeight.BOLD),
        button("More dice", lambda e: _set_n(screen, min(20, n + 1)), icon=ft.Icons.ADD),
        button(f"Roll {n} special {'die' if n == 1 else 'dice'}", lambda e: _roll_free(screen, n), icon=ft.Icons.CASINO, primary=True),
    ])]
    if got:
        out.append(wrap_row([face_tile(f"Rolled die {i + 1}: {face_name(f)}", f, size=52) for i, f in enumerate(got)],
                            spacing=6))
        out.append(ft.Text("  ·  ".join(f"{got.count(r)} {name.lower()}{'s' if got.count(r) != 1 else ''}"
                                         for r, name, _ in faces()), size=16))
    return out


def _set_n(screen: Any, n: int) -> None:
    screen.draft["roller_n"] = n
    screen.draft["roller"] = []
    screen.app.render()


def _roll_free(screen: Any, n: int) -> None:
    die = [f.result for f in _die_faces()]
    screen.draft["roller"] = [random.choice(die) for _ in range(n)]
    screen.app.render()
