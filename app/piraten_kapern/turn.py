"""The parts of a Kapern turn both the table assistant and digital play show: the fortune card,
the dice (tap to pick for a re-roll, or to put on the Treasure Chest), the score if the player
stops now with its breakdown, and the re-roll / stop buttons. The rules engine decides what
is allowed; a refused tap shows the engine's reason."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.piraten_kapern.assistant import breakdown
from companion.games.piraten_kapern.rules import Chest, Pick, Reroll, Stop

from app.piraten_kapern.common import card_title, face_icon, face_name, labels
from app.widgets.common import button, card, heading, notice, para, wrap_row
from app.widgets.dice import icon_image, tile


def card_panel(view: dict[str, Any]) -> ft.Control:
    c = view.get("card")
    if not c:
        return ft.Container()
    info = labels()["cards"].get(c["id"], {})
    return ft.Container(content=ft.Row([
        icon_image(info.get("icon"), size=44),
        ft.Column([ft.Text(f"Fortune card: {card_title(c['id'])}", size=17, weight=ft.FontWeight.BOLD),
                   ft.Text(info.get("text", ""), size=14)], spacing=2, expand=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START), padding=12, border_radius=10,
        bgcolor=ft.Colors.TERTIARY_CONTAINER)


def dice_row(screen: Any, view: dict[str, Any], seat: int | None, legal: list[Any]) -> ft.Control:
    chest_mode = getattr(screen, "chest_mode", False)
    tiles = []
    for d in view["dice"]:
        n, face = d["die"], d["face"]
        state = ", picked for a re-roll" if d["picked"] else (", on the Treasure Chest" if d["chest"] else "")
        label = f"Die {n}: {face_name(face)}{state}"
        if seat is None:
            on_click = None
            usable = True
        else:
            action = Chest(seat, n) if chest_mode else Pick(seat, n)
            usable = action in legal
            on_click = (lambda e, a=action: screen.act(a))
        tiles.append(tile(label, face_name(face), face_icon(face), on_click, selected=d["picked"],
                          marked=d["chest"], disabled=False, badge=str(n) if usable or seat is None else f"{n} ✕"))
    return wrap_row(tiles, spacing=6)


def score_panel(live: Any, view: dict[str, Any]) -> ft.Control:
    b = breakdown(live.game, live.session.state)
    if b is None:
        return ft.Container()
    lines = [ft.Row([ft.Text(label, size=15, expand=True), ft.Text(f"{pts:+d}" if pts else "", size=15)])
             for label, pts in b["lines"]]
    if view["island"]:
        total = f"Leave Skull Island now: every opponent {b['opponents']:+d}" if not b["points"] else \
            f"Leave Skull Island now: {b['points']:+d}"
    elif view["doomed"]:
        total = f"Three skulls: this turn gives {b['points']:+d}"
    else:
        total = f"Stop now: {b['points']:+d} points"
    return card(heading("This turn", 16), *lines, ft.Divider(height=1),
                ft.Text(total, size=18, weight=ft.FontWeight.BOLD))


def turn_status(view: dict[str, Any]) -> list[ft.Control]:
    out: list[ft.Control] = []
    if view["island"]:
        out.append(notice(f"Skull Island: {view['skulls']} skulls. Re-roll while every roll adds a skull; "
                          "each opponent loses points per skull."))
    elif view["doomed"]:
        out.append(notice(f"{view['skulls']} skulls!" + (" The Sorceress may re-roll one." if view["sorceress"]
                                                        else ""), error=True))
    if view.get("rerolls_left") is not None:
        out.append(para(f"Re-rolls left: {view['rerolls_left']}"))
    return out


def decide_buttons(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    s = live.session.state
    describe = live.game.describe_action
    row = []
    reroll = Reroll(seat)
    picked = [d for d in s.picked]
    row.append(button(sentence(describe(s, reroll)) if picked else "Re-roll (tap dice first)",
                      lambda e: screen.act(reroll), icon=ft.Icons.CASINO, disabled=reroll not in legal))
    stop = Stop(seat)
    row.append(button(sentence(describe(s, stop)), lambda e: screen.act(stop), icon=ft.Icons.CHECK,
                      primary=True, disabled=stop not in legal))
    out: list[ft.Control] = [wrap_row(row)]
    if any(isinstance(a, Chest) for a in legal) or s.chest:
        on = getattr(screen, "chest_mode", False)
        out.append(ft.Switch(label="Tap dice to put them on the Treasure Chest", value=on,
                             on_change=lambda e: toggle_chest(screen, e.control.value)))
    return out


def sentence(text: str) -> str:
    """The engine's label with a capital first letter (and the rest as the engine wrote it)."""
    return text[:1].upper() + text[1:]


def toggle_chest(screen: Any, value: bool) -> None:
    screen.chest_mode = bool(value)
    screen.app.render()


def last_turn(view: dict[str, Any]) -> ft.Control | None:
    t = view.get("last_turn")
    if not t:
        return None
    text = f"Last turn: {t['player']} ({card_title(t['card'])}) "
    if t["how"] == "island" and t["opponents"]:
        text += f"— Skull Island, every other player {t['opponents']:+d}"
    elif t["how"] == "skulls":
        text += f"— {t['skulls']} skulls, {t['points']:+d}"
    else:
        text += f"— {t['points']:+d}"
    return para(text, size=14)
