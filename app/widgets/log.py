"""The game log and score lists, as a seat may see them."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

import flet.canvas as cv

from app import theme
from app.widgets.board import _piece  # (the board's piece: a seat's colour in its shape, with its letter)
from companion.words import Words, sentence, words_for

from app.widgets.common import heading


def player_badge(seat: int, size: int = 26, letter: str | None = None) -> ft.Control:
    """A seat's piece as on the printed set and the board: its colour in its shape with a letter
    (the name's initial, `theme.initials`, where a name stands beside it), so colour is never the
    only cue."""
    look = theme.player_look(seat)
    r = size * 0.36
    text = letter or look["letter"]
    return ft.Container(cv.Canvas(_piece(size / 2, size / 2, r if len(text) < 2 else r * 1.15, look, text,
                                         theme.ink()), width=size, height=size), width=size, height=size)


#: the height of the log's box once its lines outgrow it (px): the whole history scrolls inside
LOG_HEIGHT = 320
#: the lines a log shows without a box of its own
LOG_OPEN = 12


def game_log(events: list[Any], limit: int | None = None, title: str | None = None, w: Words | None = None,
             say: Callable[[Any], str] | None = None) -> ft.Control:
    """Newest first, each line a sentence (a rule's event may start with a small letter: "the wind
    blows South-west"); only the events the viewer may see are passed in. `say` gives an event's
    line in the device's language (the game's `event_text`), else the rules' own text. The whole
    history (or the last `limit` lines): a long one scrolls in a box of its own (it was cut to its
    last 40 lines), each line keyed by its place in the game so a redraw sends only the new ones."""
    w = w or words_for(None)
    shown = events if limit is None else events[-limit:]
    first = len(events) - len(shown)
    lines = [ft.Text(f"• {sentence(say(e) if say else e.text)}", size=14, selectable=True, key=f"log-{first + i}")
             for i, e in enumerate(shown)][::-1]
    if not lines:
        lines = [ft.Text(f"• {w('app.log.nothing')}", size=14)]
    head = heading(title or w("app.log.title"), 16)
    if len(lines) <= LOG_OPEN:
        return ft.Column([head] + lines, spacing=4)
    box = ft.Container(ft.Column(lines, spacing=4, scroll=ft.ScrollMode.AUTO), height=LOG_HEIGHT, padding=8,
                       border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8, key="log-box")
    return ft.Column([head, box], spacing=4)


def score_table(rows: list[tuple[Any, ...]], title: str | None = None, seats: list[int | None] | None = None,
                w: Words | None = None) -> ft.Control:
    """rows: (name, score, highlighted[, detail]). Large text, the player to move (or the winner) in
    bold; an optional detail line under the name says how the score came about; `seats` (one per
    row) puts each player's piece before the name."""
    items = []
    letters = theme.initials([str(r[0]) for r in rows])
    for i, (name, score, hot, *rest) in enumerate(rows):
        weight = ft.FontWeight.BOLD if hot else None
        left: ft.Control = ft.Text(name, size=17, weight=weight)
        if rest and rest[0]:
            left = ft.Column([left, ft.Text(rest[0], size=13)], spacing=2)
        seat = seats[i] if seats and i < len(seats) else None
        row: list[ft.Control] = [player_badge(seat, letter=letters[i])] if seat is not None else []
        items.append(ft.Container(content=ft.Row(row + [
            ft.Container(left, expand=True),
            ft.Text(str(score), size=17, weight=weight),
        ], vertical_alignment=ft.CrossAxisAlignment.START), padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=6, bgcolor=ft.Colors.PRIMARY_CONTAINER if hot else None))
    return ft.Column([heading(title or (w or words_for(None))("app.play.scores"), 16)] + items, spacing=2)
