"""The parts of a Kapern turn both the table assistant and digital play show: the fortune card,
the dice (tap to pick for a re-roll, or to put on the Treasure Chest), the score if the player
stops now with its breakdown, and the re-roll / stop buttons. Everything shown comes from the
view (names in every language, icons, numbers, the breakdown); the words are the device's
language's (content/words/<lang>.yaml, kapern.*); the rules engine decides what is allowed."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import Words, sentence

from app.piraten_kapern import said
from app.widgets.common import button, card, heading, labelled_switch, notice, para, wrap_row
from app.widgets.dice import icon_image, tile, times_rolled


def card_panel(w: Words, view: dict[str, Any]) -> ft.Control:
    c = view.get("card")
    if not c:
        return ft.Container()
    return ft.Container(content=ft.Row([
        icon_image(c["icon"] or None, size=44),
        ft.Column([ft.Text(w("kapern.fortune_card", card=said.card(w, view, c["id"])), size=17,
                           weight=ft.FontWeight.BOLD),
                   ft.Text(said.card_text(w, view, c["id"]), size=14)], spacing=2, expand=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START), padding=12, border_radius=10,
        bgcolor=ft.Colors.TERTIARY_CONTAINER)


def action(kind: str, seat: int, die: int | None = None) -> dict[str, Any]:
    """An action as the engine's codec reads it (the app sends plain dicts)."""
    return {"type": kind, "player": seat} if die is None else {"type": kind, "player": seat, "die": die}


def allowed(legal: list[Any]) -> list[dict[str, Any]]:
    return [a.to_dict() for a in legal]


def dice_row(screen: Any, view: dict[str, Any], seat: int | None, legal: list[Any]) -> ft.Control:
    w = screen.w
    chest_mode = getattr(screen, "chest_mode", False)
    ok = allowed(legal)
    rolled = times_rolled(screen.session.history(seat))
    advised = screen.advised_dice(seat) if seat is not None else set()
    tiles = []
    for d in view["dice"]:
        n = d["die"]
        name = said.face(w, view, d["face"])
        label = w("kapern.die_picked" if d["picked"] else "kapern.die_chest" if d["chest"] else "kapern.die",
                  n=n, face=name)
        if seat is None:
            on_click = None
            usable = True
        else:
            a = action("chest" if chest_mode else "pick", seat, n)
            usable = a in ok
            on_click = (lambda e, a=a: screen.act(a))
        if n in advised:
            label += w("kapern.die_advised")
        tiles.append(tile(label, name, d["icon"], on_click, selected=d["picked"], rolls=rolled.get(n, 0),
                          marked=d["chest"], disabled=False, badge=str(n) if usable or seat is None else f"{n} ×",
                          advised=n in advised))
    return wrap_row(tiles, spacing=6)


def score_panel(w: Words, view: dict[str, Any]) -> ft.Control:
    b = view["breakdown"]
    if b is None:
        return ft.Container()
    said_lines = b.get("said") or [None] * len(b["lines"])
    lines = [ft.Row([ft.Text(w(s[0], **s[1]) if s else label, size=15, expand=True),
                     ft.Text(f"{pts:+d}" if pts else "", size=15)])
             for (label, pts), s in zip(b["lines"], said_lines)]
    if view["island"]:
        total = w("kapern.leave_island_others", points=f"{b['opponents']:+d}") if not b["points"] else \
            w("kapern.leave_island", points=f"{b['points']:+d}")
    elif view["doomed"]:
        total = w("kapern.doomed_total", points=f"{b['points']:+d}")
    else:
        total = w("kapern.stop_total", points=f"{b['points']:+d}")
    return card(heading(w("kapern.this_turn"), 16), *lines, ft.Divider(height=1),
                ft.Text(total, size=18, weight=ft.FontWeight.BOLD))


def skull_line(w: Words, view: dict[str, Any]) -> str:
    """What the skulls mean now: "2 skulls (1 from the card): one more ends the turn"."""
    n, on_card, left = view["skulls"], view.get("card_skulls") or 0, view.get("skulls_to_end")
    text = w("kapern.skulls", n=n)
    if on_card:
        text += w("kapern.from_card_all") if on_card == n else w("kapern.from_card", n=on_card)
    if view["island"]:
        return w("kapern.island_line", skulls=w("kapern.skulls", n=n).lower())
    if view["doomed"]:
        return text + w("kapern.over_sorceress" if view["sorceress"] else "kapern.over")
    if left is None:
        return text
    text += w("kapern.more_end", n=left, count=w.number_word(left))
    b = view.get("breakdown")
    return text + (w("kapern.stopping", points=f"{b['points']:+d}") if b else "")


def turn_status(w: Words, view: dict[str, Any]) -> list[ft.Control]:
    out: list[ft.Control] = []
    if view["phase"] not in ("decide", "island"):
        return out
    line = skull_line(w, view)
    if view["island"]:
        out.append(notice(line))
    elif view["doomed"]:
        out.append(notice(line, error=True))
    else:
        out.append(ft.Row([icon_image("skull", size=26), ft.Text(line, size=17, weight=ft.FontWeight.BOLD,
                                                                 expand=True)], key="skulls"))
    if view.get("rerolls_left") is not None:
        out.append(para(w("kapern.rerolls_left", n=view["rerolls_left"])))
    return out


def stop_label(w: Words, view: dict[str, Any]) -> str:
    """What stopping does now, with the engine's numbers (the view's breakdown)."""
    b = view.get("breakdown") or {"points": 0, "opponents": 0}
    if view["island"]:
        if b["points"]:
            return w("kapern.leave_lose", points=-b["points"])
        return w("kapern.leave_others", points=-b["opponents"])
    if view["doomed"]:
        return w("kapern.accept_skulls", points=f"{b['points']:+d}")
    return w("kapern.stop_score", points=f"{b['points']:+d}")


def reroll_why(w: Words, live: Any, action: dict[str, Any]) -> str:
    """Why a re-roll of the picked dice is refused: the rules' own refusal, in this language (the
    catalogue's kapern.refused.*); a re-roll the rules would take but do not offer is one the card
    no longer allows."""
    return live.refusal(action, w) or w("kapern.why_no_rerolls")


def decide_buttons(screen: Any, live: Any, view: dict[str, Any], seat: int, legal: list[Any]) -> list[ft.Control]:
    w = screen.w
    ok = allowed(legal)
    row = []
    reroll = action("reroll", seat)
    picked = [d["die"] for d in view["dice"] if d["picked"]]
    allowed_now = reroll in ok
    why = None if allowed_now else (reroll_why(w, live, reroll) if picked else
                                    w("kapern.tap_at_least", count=w.count(view["min_reroll"], "die")))
    label = w("kapern.reroll_dice", n=len(picked), dice=said.dice(picked, w)) if picked else w("kapern.reroll_first")
    row.append(button(label, lambda e: screen.act(reroll), icon=ft.Icons.CASINO, disabled=not allowed_now, why=why))
    stop = action("stop", seat)
    row.append(button(sentence(stop_label(w, view)), lambda e: screen.act(stop), icon=ft.Icons.CHECK,
                      primary=True, disabled=stop not in ok))
    out: list[ft.Control] = [wrap_row(row)]
    if any(a["type"] == "chest" for a in ok) or any(d["chest"] for d in view["dice"]):
        on = getattr(screen, "chest_mode", False)
        out.append(labelled_switch(w("kapern.chest_switch"), on, lambda v: toggle_chest(screen, v), key="chest"))
    return out


def toggle_chest(screen: Any, value: bool) -> None:
    screen.chest_mode = bool(value)
    screen.app.render()


def last_turn(w: Words, view: dict[str, Any]) -> ft.Control | None:
    t = view.get("last_turn")
    if not t:
        return None
    text = w("kapern.last_turn", name=t["player"], card=said.card(w, view, t.get("card")))
    if t["how"] == "island" and t["opponents"]:
        text += w("kapern.last_island", points=f"{t['opponents']:+d}")
    elif t["how"] == "skulls":
        text += w("kapern.last_skulls", skulls=w("kapern.skulls", n=t["skulls"]).lower(), points=f"{t['points']:+d}")
    else:
        text += w("kapern.last_points", points=f"{t['points']:+d}")
    return para(text, size=14)
