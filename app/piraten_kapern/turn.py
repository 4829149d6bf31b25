"""The parts of a Kapern turn both the table assistant and digital play show: the fortune card,
the dice (tap to pick for a re-roll, or to put on the Treasure Chest), the score if the player
stops now with its breakdown, and the re-roll / stop buttons. Everything shown comes from the
view (names, icons, numbers, the breakdown); the rules engine decides what is allowed, and a refused
tap shows the engine's reason."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.words import number_word, plural, sentence

from app.widgets.common import button, card, heading, notice, para, wrap_row
from app.widgets.dice import icon_image, tile, times_rolled


def card_panel(view: dict[str, Any]) -> ft.Control:
    c = view.get("card")
    if not c:
        return ft.Container()
    return ft.Container(content=ft.Row([
        icon_image(c["icon"] or None, size=44),
        ft.Column([ft.Text(f"Fortune card: {c['title']}", size=17, weight=ft.FontWeight.BOLD),
                   ft.Text(c["says"], size=14)], spacing=2, expand=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START), padding=12, border_radius=10,
        bgcolor=ft.Colors.TERTIARY_CONTAINER)


def action(kind: str, seat: int, die: int | None = None) -> dict[str, Any]:
    """An action as the engine's codec reads it (the app sends plain dicts)."""
    return {"type": kind, "player": seat} if die is None else {"type": kind, "player": seat, "die": die}


def allowed(legal: list[Any]) -> list[dict[str, Any]]:
    return [a.to_dict() for a in legal]


def dice_row(screen: Any, view: dict[str, Any], seat: int | None, legal: list[Any]) -> ft.Control:
    chest_mode = getattr(screen, "chest_mode", False)
    ok = allowed(legal)
    rolled = times_rolled(screen.session.history(seat))
    tiles = []
    for d in view["dice"]:
        n = d["die"]
        state = ", picked for a re-roll" if d["picked"] else (", on the Treasure Chest" if d["chest"] else "")
        label = f"Die {n}: {d['name']}{state}"
        if seat is None:
            on_click = None
            usable = True
        else:
            a = action("chest" if chest_mode else "pick", seat, n)
            usable = a in ok
            on_click = (lambda e, a=a: screen.act(a))
        tiles.append(tile(label, d["name"], d["icon"], on_click, selected=d["picked"], rolls=rolled.get(n, 0),
                          marked=d["chest"], disabled=False, badge=str(n) if usable or seat is None else f"{n} ×"))
    return wrap_row(tiles, spacing=6)


def score_panel(view: dict[str, Any]) -> ft.Control:
    b = view["breakdown"]
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


def skull_line(view: dict[str, Any]) -> str:
    """What the skulls mean now: "2 skulls (1 on the card): one more ends the turn"."""
    n, on_card, left = view["skulls"], view.get("card_skulls") or 0, view.get("skulls_to_end")
    said = plural(n, "skull") if n else "No skulls"
    if on_card:
        said += " (from the card)" if on_card == n else f" ({on_card} from the card)"
    if view["island"]:
        return f"Skull Island: {plural(n, 'skull')}. Re-roll while every roll adds a skull; each opponent " \
               "loses points per skull."
    if view["doomed"]:
        return said + (": the turn is over, unless the Sorceress re-rolls one" if view["sorceress"] else
                       ": the turn is over")
    if left is None:
        return said
    said += f": {number_word(left)} more {'ends' if left == 1 else 'end'} the turn"
    b = view.get("breakdown")
    return said + (f". Stopping now scores {b['points']:+d}" if b else "")


def turn_status(view: dict[str, Any]) -> list[ft.Control]:
    out: list[ft.Control] = []
    if view["phase"] not in ("decide", "island"):
        return out
    line = skull_line(view)
    if view["island"]:
        out.append(notice(line))
    elif view["doomed"]:
        out.append(notice(line, error=True))
    else:
        out.append(ft.Row([icon_image("skull", size=26), ft.Text(line, size=17, weight=ft.FontWeight.BOLD,
                                                                 expand=True)], key="skulls"))
    if view.get("rerolls_left") is not None:
        out.append(para(f"Re-rolls left: {view['rerolls_left']}"))
    return out


def decide_buttons(screen: Any, live: Any, view: dict[str, Any], seat: int, legal: list[Any]) -> list[ft.Control]:
    ok = allowed(legal)
    row = []
    reroll = action("reroll", seat)
    picked = any(d["picked"] for d in view["dice"])
    allowed_now = reroll in ok
    why = None if allowed_now else (live.refusal(reroll) if picked else
                                    f"tap at least {number_word(view['min_reroll'])} dice to pick them")
    row.append(button(sentence(live.describe(reroll)) if picked else "Re-roll (tap dice first)",
                      lambda e: screen.act(reroll), icon=ft.Icons.CASINO, disabled=not allowed_now, why=why))
    stop = action("stop", seat)
    row.append(button(sentence(live.describe(stop)), lambda e: screen.act(stop), icon=ft.Icons.CHECK,
                      primary=True, disabled=stop not in ok))
    out: list[ft.Control] = [wrap_row(row)]
    if any(a["type"] == "chest" for a in ok) or any(d["chest"] for d in view["dice"]):
        on = getattr(screen, "chest_mode", False)
        out.append(ft.Switch(label="Tap dice to put them on the Treasure Chest", value=on,
                             on_change=lambda e: toggle_chest(screen, e.control.value)))
    return out


def toggle_chest(screen: Any, value: bool) -> None:
    screen.chest_mode = bool(value)
    screen.app.render()


def last_turn(view: dict[str, Any]) -> ft.Control | None:
    t = view.get("last_turn")
    if not t:
        return None
    text = f"Last turn: {t['player']} ({t['card_title']}) "
    if t["how"] == "island" and t["opponents"]:
        text += f"— Skull Island, every other player {t['opponents']:+d}"
    elif t["how"] == "skulls":
        text += f"— {t['skulls']} skulls, {t['points']:+d}"
    else:
        text += f"— {t['points']:+d}"
    return para(text, size=14)
