"""Pirate Island digital play: the island drawn by the board widget with the pieces as this seat
sees them. The seat to move taps one of its pirates (or its ship) and the fields it can reach
are outlined with their cost in BP; a tap on one moves there. Harbours to enter, enemies to
attack, fields to flee to are outlined and tapped alike. The same choices stay as buttons in the
engine's words below the map (the text alternative). What a tap may do comes from the game's
board view (`taps`); no rule lives here."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import plural

from app.pirate_island.islandmap import HIGHLIGHT, island_panel, legend
from app.widgets.board import MAP
from app.widgets.common import button, card, heading, notice, para, wrap_row


def board(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    """Above the choices: the turn in one line and the map."""
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
    return out + island(screen, live, seat)


def _selection(screen: Any, taps: dict[str, Any]) -> tuple[str | None, str | None]:
    """The piece picked on this page (if it still has options) and the space whose several
    actions are shown as buttons."""
    key = getattr(screen, "island_pick", None)
    if key not in (taps.get("options") or {}):
        key = None
    choice = getattr(screen, "island_choice", None)
    return key, choice


def island(screen: Any, live: Any, seat: int | None) -> list[ft.Control]:
    """The map (keyed MAP: beside the choices on a wide screen), then what a tapped field offers
    and the legend."""
    bv = live.board_view(screen.app.client, seat)
    taps = bv.get("taps") or {}
    pick, options, direct = taps.get("pick") or {}, taps.get("options") or {}, taps.get("direct") or {}
    key, choice = _selection(screen, taps)
    chosen_at = next((sp for sp, k in pick.items() if k == key), None)
    highlights: dict[str, dict[str, Any]] = {}
    for sp in bv.get("last") or []:
        highlights[sp] = {"kind": "last"}
    for sp in direct:
        highlights[sp] = {"kind": "target"}
    for sp in pick:
        highlights[sp] = {"kind": "movable"}
    if key:
        for sp, acts in options[key].items():
            costs = [a["cost"] for a in acts if a.get("cost") is not None]
            highlights[sp] = {"kind": "reachable", "text": min(costs) if costs else None}

    def tapped(sid: str) -> None:
        acts = None
        if key and sid in options[key]:
            acts = options[key][sid]
        elif sid in pick:
            screen.island_pick = None if pick[sid] == key else pick[sid]
            screen.island_choice = None
        elif sid in direct:
            acts = direct[sid]
        else:
            screen.board_tap = sid
            screen.island_choice = None
        if acts is not None and len(acts) == 1:
            act(screen, acts[0])
            return
        if acts is not None:
            screen.island_choice = sid
        screen.app.render()

    line = None
    if taps and not getattr(screen, "board_tap", None):
        line = taps.get("prompt")
    if key:
        line = f"{_name(taps, key)}: tap an outlined field to go there (its cost in BP), or tap it again to put it back."
    rows: list[ft.Control] = []
    acts = (options.get(key, {}).get(choice) if key else direct.get(choice)) if choice else None
    if acts:
        where = bv["spaces"].get(choice, {}).get("label", choice).split(".")[0]
        rows.append(card(heading(f"On {where}:", 16), wrap_row([
            button(a["text"], lambda e, a=a: act(screen, a), primary=True) for a in acts]), key="island-choice"))
    rows.append(legend(bv, [(HIGHLIGHT["movable"], "yours to move"), (HIGHLIGHT["reachable"], "reachable"),
                            (HIGHLIGHT["target"], "a choice"), (HIGHLIGHT["last"], "the last move")]))
    return [island_panel(screen, bv, tapped, highlights, chosen_at, line, key=MAP, focus=chosen_at),
            ft.Column(rows, spacing=8, key="island-panel")]


def act(screen: Any, entry: dict[str, Any]) -> None:
    """Do a tapped action; the pick is over."""
    screen.island_pick = screen.island_choice = None
    screen.act(entry["action"])


def _name(taps: dict[str, Any], key: str) -> str:
    """What the board view calls a piece picked by tapping ("Red pirate 3", "The blue ship")."""
    return (taps.get("names") or {}).get(key, key)


def details(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    """Below the choices: the bands, the chests as this seat knows them, its own pirates."""
    out: list[ft.Control] = []
    rows = []
    for p in view["players"]:
        ship = next((s["label"] for s in view["ships"] if s["colour"] == p["colour"] and s["label"]), "at sea")
        rows.append(para(f"{p['name']} ({p['colour_name']}, ship {ship}): {p['ashore']} ashore, {p['aboard']} aboard, "
                         f"{p['totenkiste']} in the Totenkiste"))
    out.append(card(heading("Bands", 16), *rows, key="bands"))
    chests = []
    for c in view["chests"]:
        text = f"Chest on {c['label']}"
        if "treasure" in c:
            text += ": THE TREASURE" if c["treasure"] else ": empty (you looked)"
        elif c["looked"]:
            text += f" (looked into by {', '.join(c['looked'])})"
        chests.append(para(text))
    out.append(card(heading("Chests", 16), *chests, key="chests"))
    if seat is not None:
        mine = [p for p in view["pirates"] if p["seat"] == seat]
        out.append(card(heading("Your pirates", 16), para(", ".join(
            f"{p['name']} ({p['label']}" + (", on a chest)" if p["on_chest"] else ")") for p in mine)), key="mine"))
    return out


def actions(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    """The choices as buttons (the text alternative of the map's taps)."""
    view = live.view(screen.app.client, seat)
    if view["phase"] in ("move", "fog"):
        return move_panel(screen, live, seat, legal)
    return [wrap_row([button(sentence(live.describe(a)), lambda e, a=a: screen.act(a.to_dict()))
                      for a in legal])]


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_panel(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    """Pick a pirate (or the ship), then one of its destinations; the other choices below."""
    bv = live.board_view(screen.app.client, seat)
    taps = bv.get("taps") or {}
    pick, options = taps.get("pick") or {}, taps.get("options") or {}
    key, _ = _selection(screen, taps)

    def choose(k: str | None) -> None:
        screen.island_pick = k
        screen.island_choice = None
        screen.app.render()
    where = {k: bv["spaces"][sp]["label"].split(" (")[0].split(".")[0] for sp, k in pick.items()}
    out: list[ft.Control] = [para("Or pick here, then where it goes (cheapest way, cost in BP):")]
    out.append(wrap_row([button(f"{_name(taps, k)} ({where[k]})", lambda e, k=k: choose(None if k == key else k),
                                primary=k == key) for k in sorted(where)]))
    if key:
        opts = sorted(((sp, a) for sp, acts in options[key].items() for a in acts),
                      key=lambda t: (t[1].get("cost") or 0, t[1]["text"]))
        out.append(card(heading(f"{_name(taps, key)} can", 16), wrap_row([
            button(a["text"], lambda e, a=a: act(screen, a)) for _, a in opts]),
            key="destinations"))
    others = [a for a in legal if a.type not in ("move", "sail", "fog")]
    out.append(wrap_row([button(sentence(live.describe(a)), lambda e, a=a: screen.act(a.to_dict()),
                                primary=a.type == "load") for a in others]))
    return out


def scores(view: dict[str, Any]) -> dict[int, Any]:
    return {p["seat"]: plural(p['ashore'] + p['aboard'], 'pirate') for p in view["players"]}


def final(live: Any, result: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, str, str]]:
    winners = result.get("winners") or []
    left = result.get("pirates_left", {})
    rows = []
    for name in sorted(left, key=lambda n: (n not in winners, n)):
        rows.append((name, "treasure aboard" if name in winners else "", f"{plural(left[name], 'pirate')} left"))
    return rows
