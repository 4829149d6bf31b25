"""Pirate Island digital play: what a seat sees (bands, ships, chests it looked into, the last
move) and its choices. In the movement phase a pirate is picked first, then one of its
destinations with its cost; other decisions are buttons in the engine's words. The island is
drawn by the board widget once it is there; until then the places are named by their printed ids."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.widgets.common import button, card, heading, notice, para, wrap_row


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def board(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    out: list[ft.Control] = []
    players = view["players"]
    mover = players[view["seat"]]
    line = f"Round {view['round']}: {mover['name']} ({mover['colour_name']})"
    if view["phase"] == "move":
        line += f" has {view['bp']} BP"
    if view["dice"]:
        line += f"; rolled {view['dice'][0]} and {view['dice'][1]}"
    out.append(heading(line, 17))
    if view["storm"]:
        out.append(notice("Storm at sea: no sailing, embarking, disembarking or loading.", error=True))
    rows = []
    for p in players:
        ship = next((s["label"] for s in view["ships"] if s["colour"] == p["colour"] and s["label"]), "at sea")
        rows.append(para(f"{p['name']} ({p['colour_name']}, ship {ship}): {p['ashore']} ashore, {p['aboard']} aboard, "
                         f"{p['totenkiste']} in the Totenkiste"))
    out.append(card(heading("Bands", 16), *rows))
    chests = []
    for c in view["chests"]:
        text = f"Chest on {c['label']}"
        if "treasure" in c:
            text += ": THE TREASURE" if c["treasure"] else ": empty (you looked)"
        elif c["looked"]:
            text += f" (looked into by {', '.join(c['looked'])})"
        chests.append(para(text))
    out.append(card(heading("Chests", 16), *chests))
    if seat is not None:
        mine = [p for p in view["pirates"] if p["seat"] == seat]
        out.append(card(heading("Your pirates", 16), para(", ".join(
            f"{p['id']} {p['label']}" + (" (with a chest)" if p["on_chest"] else "") for p in mine))))
    return out


def actions(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    view = live.view(screen.app.client, seat)
    if view["phase"] == "move":
        return move_panel(screen, live, view, seat, legal)
    return [wrap_row([button(sentence(live.describe(a)), lambda e, a=a: screen.act(a.to_dict()))
                      for a in legal])]


def move_panel(screen: Any, live: Any, view: dict[str, Any], seat: int, legal: list[Any]) -> list[ft.Control]:
    moves = view.get("options", {}).get("moves", {})
    chosen = getattr(screen, "island_pirate", None)
    if chosen not in moves:
        chosen = None

    def pick(p: str | None) -> None:
        screen.island_pirate = p
        screen.app.render()
    out: list[ft.Control] = [para("Pick a pirate, then where it goes (cheapest way, cost in BP):")]
    where = {p["id"]: p["label"] for p in view["pirates"]}
    out.append(wrap_row([button(f"{p} ({where[p]})", lambda e, p=p: pick(p), primary=p == chosen)
                         for p in sorted(moves)]))
    if chosen:
        opts = sorted(moves[chosen], key=lambda o: (o["cost"], o["label"]))
        out.append(card(heading(f"{chosen} can go to", 16), wrap_row([
            button(f"{o['label']} · {o['cost']}" + (" with the treasure" if o["carry"] else ""),
                   lambda e, o=o: (pick(None), screen.act({"type": "move", "player": seat, "pirate": chosen,
                                                           "to": o["to"], "carry": o["carry"]})),
                   tooltip=" > ".join(o["route"])) for o in opts])))
    others = [a for a in legal if a.type != "move"]
    out.append(wrap_row([button(sentence(live.describe(a)), lambda e, a=a: screen.act(a.to_dict()),
                                primary=a.type == "load") for a in others]))
    return out


def scores(view: dict[str, Any]) -> dict[int, Any]:
    return {p["seat"]: f"{p['ashore'] + p['aboard']} pirates" for p in view["players"]}


def final(live: Any, result: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, str, str]]:
    winners = result.get("winners") or []
    left = result.get("pirates_left", {})
    rows = []
    for name in sorted(left, key=lambda n: (n not in winners, n)):
        rows.append((name, "treasure aboard" if name in winners else "", f"{left[name]} pirates left"))
    return rows
