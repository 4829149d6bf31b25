"""Kapern digital play: what a seat sees and the acting seat's choices (dice are rolled digitally)."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import Words, words_for

from app import theme
from app.piraten_kapern import turn
from app.widgets.common import notice, para
from app.widgets.log import player_badge


def board(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    w = screen.w
    # the scores first, in one line each player with their piece: visible without scrolling on a phone
    out: list[ft.Control] = [score_strip(view)]
    if view["last_round"]:
        out.append(notice(w("kapern.final_round_short", threshold=view["end_threshold"]), error=True))
    last = turn.last_turn(w, view)
    if last is not None:
        out.append(last)
    if view.get("card"):
        out.append(turn.card_panel(w, view))
    out += turn.turn_status(w, view)
    acting = seat is not None and view["to_move"] == seat
    legal = live.legal_actions() if acting else []
    if any(d["face"] for d in view["dice"]):
        if acting:
            out.append(para(w("kapern.pick_for_reroll", count=w.number_word(view["min_reroll"]))))
        out.append(turn.dice_row(screen, view, seat if acting else None, legal))
        if not acting:  # the acting seat sees it under its buttons
            out.append(turn.score_panel(w, view))
    return out


def actions(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    view = live.view(screen.app.client, seat)
    return turn.decide_buttons(screen, live, view, seat, legal) + screen.odds_here(seat) + \
        [turn.score_panel(screen.w, view)]


def score_strip(view: dict[str, Any]) -> ft.Control:
    """Every player's score in one wrapping row, the player to move marked."""
    items = []
    letters = theme.initials([p["name"] for p in view["players"]])
    for p in view["players"]:
        hot = p["seat"] == view["seat"]
        items.append(ft.Container(ft.Row([player_badge(p["seat"], 22, letters[p["seat"]]),
                                          ft.Text(f"{p['name']} {p['score']}", size=15,
                                                  weight=ft.FontWeight.BOLD if hot else None)], spacing=4, tight=True),
                                  padding=ft.Padding.symmetric(horizontal=8, vertical=4), border_radius=14,
                                  bgcolor=ft.Colors.PRIMARY_CONTAINER if hot else ft.Colors.SURFACE_CONTAINER_LOW,
                                  border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))
    return ft.Row(items, wrap=True, spacing=6, run_spacing=6, key="score-strip")


def scores(view: dict[str, Any]) -> dict[int, Any]:
    return {p["seat"]: p["score"] for p in view["players"]}


def final(live: Any, result: dict[str, Any], view: dict[str, Any], w: Words | None = None) -> list[tuple[str, str, str]]:
    """The end screen, best first: each player's total and the turns (rounds) it took."""
    w = w or words_for(None)
    turns = result.get("turns", {})
    rows = []
    for name, score in sorted(result.get("scores", {}).items(), key=lambda kv: kv[1], reverse=True):
        n = turns.get(name, 0)
        detail = w("kapern.turns_played", n=n) + (w("kapern.per_turn", points=f"{score / n:.0f}") if n else "")
        rows.append((name, str(score), detail))
    return rows
