"""The end of a game, worth a screenshot: a banner in the game's accent with the printed set's
treasure chest and the winners, then every player best first with their piece, place, score and
how the score came about."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import Words, words_for

from app import theme
from app.widgets.common import BOLD
from app.widgets.dice import icon_image
from app.widgets.log import player_badge

#: the winner's row: doubloon gold (ink on it reads at 11:1)
GOLD, GOLD_EDGE = "#f5dd9b", "#9a6b00"


def final_banner(winners: list[str], accent: str | None, line: str = "", w: Words | None = None) -> ft.Control:
    w = w or words_for(None)
    look = theme.palette(accent)
    on = look["on_accent"]
    if not winners:
        won = w("app.final.nobody")
    elif len(winners) == 1:
        won = w("app.final.wins", name=winners[0])
    else:
        won = w("app.final.share", names=w.join(winners))
    body: list[ft.Control] = [
        icon_image("chest", 64, color=on),
        ft.Text(w("app.final.over"), size=16, color=on, text_align=ft.TextAlign.CENTER),
        ft.Text(won, size=30, font_family=BOLD, color=on, text_align=ft.TextAlign.CENTER),
    ]
    if line:
        body.append(ft.Text(line, size=15, color=on, text_align=ft.TextAlign.CENTER))
    return ft.Container(ft.Column(body, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        bgcolor=look["accent"], border_radius=16, padding=ft.Padding.symmetric(horizontal=20, vertical=24),
                        alignment=ft.Alignment.CENTER, key="banner",
                        gradient=ft.LinearGradient(begin=ft.Alignment.TOP_CENTER, end=ft.Alignment.BOTTOM_CENTER,
                                                   colors=[look["accent"], theme.mix(look["accent"], theme.ink(), 0.35)]))


def standings(rows: list[tuple[str, Any, str]], winners: list[str], seats: dict[str, int],
              w: Words | None = None) -> ft.Control:
    """rows: (name, score, detail), best first; `seats` gives each name's seat (for its piece)."""
    w = w or words_for(None)
    places = w("app.final.places").split()
    items: list[ft.Control] = []
    letters = dict(zip(seats, theme.initials(list(seats))))
    for i, (name, score, detail) in enumerate(rows):
        won = name in winners
        place = w("app.final.winner") if won else (places[i] if i < len(places) else w("app.final.place", n=i + 1))
        left: list[ft.Control] = [ft.Text(name, size=19, font_family=BOLD if won else None)]
        if detail:
            left.append(ft.Text(detail, size=13))
        badge = player_badge(seats[name], 34, letters[name]) if name in seats else ft.Container(width=34)
        items.append(ft.Container(ft.Row([
            ft.Column([badge, ft.Text(place, size=11)], spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                      width=52),
            ft.Column(left, spacing=2, expand=True),
            ft.Text(str(score), size=22, font_family=BOLD),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER), padding=10, border_radius=10,
            bgcolor=GOLD if won else ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(2 if won else 1, GOLD_EDGE if won else ft.Colors.OUTLINE_VARIANT)))
    return ft.Column([ft.Text(w("app.final.scores"), size=16, font_family=BOLD)] + items, spacing=6, key="standings")
