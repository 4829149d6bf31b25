"""Charts drawn with Flet's own controls: lines over rounds on a canvas, bars as boxes.

Every line is in its seat's colour with the seat's letter at its end, and each chart carries a
sentence saying what it shows (its accessible name), so neither colour nor the picture alone
carries the numbers; the sheet and the statistics beside it give them in words."""
from __future__ import annotations

import flet as ft
import flet.canvas as cv

from app import theme
from app.theme import BOLD

#: the drawing's size: it fits a 390 px phone inside a card (and stays that size on a desktop)
WIDTH, HEIGHT = 320, 170
LEFT, BOTTOM, TOP, RIGHT = 44, 22, 10, 18
#: a bar at 100%
BAR_W = 290


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def line_chart(xs: list[int], series: list[tuple[int, str, list[float | None]]], label: str,
               key: str | None = None) -> ft.Control:
    """Values over rounds: `series` is (seat, name, values per x) per player. `label` says what the
    chart shows (its accessible name)."""
    values = [v for _, _, vs in series for v in vs if v is not None]
    if not xs or not values:
        return ft.Container()
    low, high = min(0.0, min(values)), max(values)
    if high == low:
        high = low + 1
    x0, x1 = xs[0], xs[-1] if xs[-1] != xs[0] else xs[0] + 1
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def at(x: float, y: float) -> tuple[float, float]:
        return LEFT + (x - x0) / (x1 - x0) * w, TOP + (1 - (y - low) / (high - low)) * h

    ink, soft = theme.ink(), theme.soft()
    grid = ft.Paint(color=soft, stroke_width=1, style=ft.PaintingStyle.STROKE)
    shapes: list[cv.Shape] = []
    for y in (low, (low + high) / 2, high):
        _, py = at(x0, y)
        shapes.append(cv.Line(LEFT, py, LEFT + w, py, paint=grid))
        shapes.append(cv.Text(LEFT - 4, py - 7, _number(y), style=ft.TextStyle(size=11, color=ink),
                              alignment=ft.Alignment.TOP_RIGHT))
    for x in sorted({x0, xs[-1], xs[len(xs) // 2]}):
        px, _ = at(x, low)
        shapes.append(cv.Text(px, TOP + h + 4, str(x), style=ft.TextStyle(size=11, color=ink),
                              alignment=ft.Alignment.TOP_CENTER))
    shapes.append(cv.Line(LEFT, TOP + h, LEFT + w, TOP + h, paint=ft.Paint(color=ink, stroke_width=1.2)))
    for seat, _name, vs in series:
        look = theme.player_look(seat)
        pen = ft.Paint(color=look["color"], stroke_width=2.5, style=ft.PaintingStyle.STROKE,
                       stroke_join=ft.StrokeJoin.ROUND)
        points = [at(x, v) for x, v in zip(xs, vs) if v is not None]
        if not points:
            continue
        elements: list[cv.Path.PathElement] = [cv.Path.MoveTo(*points[0])] + [cv.Path.LineTo(*p) for p in points[1:]]
        shapes.append(cv.Path(elements, paint=pen))
        px, py = points[-1]
        shapes.append(cv.Circle(px, py, 7, paint=ft.Paint(color=look["color"])))
        shapes.append(cv.Text(px, py - 7, look["letter"], style=ft.TextStyle(size=10, color=ink, font_family=BOLD),
                              alignment=ft.Alignment.TOP_CENTER))
    legend = ft.Row([ft.Row([ft.Container(width=14, height=4, bgcolor=theme.player_look(seat)["color"]),
                             ft.Text(f"{name} ({theme.player_look(seat)['letter']})", size=12)], spacing=4, tight=True)
                     for seat, name, _ in series], wrap=True, spacing=10)
    return ft.Semantics(content=ft.Column([cv.Canvas(shapes, width=WIDTH, height=HEIGHT), legend], spacing=4,
                                  horizontal_alignment=ft.CrossAxisAlignment.START),
                        label=label, key=key)


def bars(rows: list[tuple[str, float, str]], colour: str, label: str, key: str | None = None) -> ft.Control:
    """Horizontal bars: (name, share 0..1, the value in words) per row; `label` names the chart."""
    lines: list[ft.Control] = []
    for name, share, text in rows:
        share = max(0.0, min(1.0, share))
        full = round(BAR_W * share)
        lines.append(ft.Column([
            ft.Row([ft.Text(name, size=14, expand=True), ft.Text(text, size=14, font_family=BOLD)]),
            ft.Row([ft.Container(height=12, width=max(2, full), bgcolor=colour, border_radius=6),
                    ft.Container(height=12, width=BAR_W - max(2, full), border_radius=6,
                                 bgcolor=theme.mix(theme.soft(), theme.paper(), 0.55))],
                   spacing=0),
        ], spacing=2, tight=True))
    return ft.Semantics(content=ft.Column(lines, spacing=8), label=label, key=key)
