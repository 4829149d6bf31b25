"""Odds and advice beside a roll, for every game: the panel renders `odds_view` (companion.api)
generically, and the switch asks each player whether they want advice. The app knows no odds:
every number and sentence comes from companion/odds/ through the live game."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.widgets.common import card, heading, para

#: the key tests and screens find the panel by
KEY = "odds"


def odds_panel(screen: Any, live: Any, seat: int | None) -> list[ft.Control]:
    """The odds card while advice is on (`seat`: the seat whose view is shown)."""
    out: list[ft.Control] = []
    view = screen.odds(seat)
    if view is not None:
        rows: list[ft.Control] = [heading(view.get("title") or screen.w("app.odds.title"), 16)]
        for item in view["items"]:
            advice = item.get("kind") == "advice"
            rows.append(ft.Row([ft.Icon(ft.Icons.LIGHTBULB if advice else ft.Icons.CASINO, size=18),
                                ft.Text(item["text"], size=15, expand=True,
                                        weight=ft.FontWeight.BOLD if advice else None)],
                               vertical_alignment=ft.CrossAxisAlignment.START))
        out.append(ft.Container(card(*rows), key=KEY))
    return out


def advice_switch(screen: Any, live: Any, holder: int | None) -> list[ft.Control]:
    """ "Odds and advice": a lone player's (or the table assistant's) switch; with several human
    players each answers for themselves (`holder`: the seat this device speaks for) and advice
    shows only once everyone said yes."""
    seats = live.advice_seats()
    if holder is None or holder not in seats:
        return []
    wanted = live.advice_wanted(holder)
    w = screen.w
    if len(seats) == 1:
        label = w("app.odds.show")
    else:
        label = w("app.odds.agree", name=live.seats[holder].name)
    # the switch and its label as Flet builds a labelled switch (one control for screen readers), but
    # with a label that wraps: "Anne: I agree to odds and advice for everyone" ran off a 390 px screen
    out: list[ft.Control] = [ft.MergeSemantics(content=ft.Row([
        ft.Switch(value=wanted, key="advice-switch",
                  on_change=lambda e: screen._step(live.set_advice, holder, e.control.value)),
        ft.Container(ft.Text(label), expand=True, on_click=lambda e: screen._step(live.set_advice, holder, not wanted))]))]
    if len(seats) > 1:
        yes = sum(live.advice_wanted(i) for i in seats)
        out.append(para(w("app.odds.so_far", yes=yes, n=len(seats)) if yes < len(seats) else
                        w("app.odds.all_agreed"), size=13))
    return out
