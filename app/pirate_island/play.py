"""Pirate Island digital play: the island drawn by the board widget with the pieces as this seat
sees them. The seat to move taps one of its pirates (or its ship) and the fields it can reach
are outlined with their cost in BP; a tap on one moves there. Harbours to enter, enemies to
attack, fields to flee to are outlined and tapped alike. The same choices stay as buttons in the
engine's words below the map (the text alternative). What a tap may do comes from the game's
board view (`taps`); no rule lives here. A picked pirate may also go by a way of the player's
own: "Choose the way" makes each tap on the map the next field of the way, and the rules say what
that way costs or why it is refused (the session's describe and refusal of the walk)."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import plural

from app.pirate_island.islandmap import HIGHLIGHT, island_panel, legend
from app.widgets.board import MAP
from app.widgets.common import button, card, heading, labelled_switch, notice, para, wrap_row
from companion.games.pirate_island.island import SHIP_PREFIX


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


def _way(screen: Any, key: str | None, pick: dict[str, str]) -> list[str] | None:
    """The fields of the way being chosen for the picked pirate (None: not choosing a way): only
    a pirate on the island (not a ship's crew) walks a way of its own."""
    way = getattr(screen, "island_way", None)
    if way is None or key is None or key.startswith(SHIP_PREFIX) or key != getattr(screen, "island_way_for", None):
        return None
    return way


def island(screen: Any, live: Any, seat: int | None) -> list[ft.Control]:
    """The map (keyed MAP: beside the choices on a wide screen), then what a tapped field offers
    and the legend."""
    bv = live.board_view(screen.app.client, seat)
    taps = bv.get("taps") or {}
    pick, options, direct = taps.get("pick") or {}, taps.get("options") or {}, taps.get("direct") or {}
    key, choice = _selection(screen, taps)
    chosen_at = next((sp for sp, k in pick.items() if k == key), None)
    way = _way(screen, key, pick)
    if way is not None:
        return _way_map(screen, live, seat, bv, key, chosen_at, way)  # type: ignore[arg-type]
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
    if key and not key.startswith(SHIP_PREFIX) and any(a["action"].get("type") == "move" for acts in options[key].values()
                                                       for a in acts):
        rows.append(button(screen.w("island.way.start", pirate=_name(taps, key)), lambda e: start_way(screen, key),
                           icon=ft.Icons.ROUTE, key="island-way-start"))
    rows.append(legend(bv, [(HIGHLIGHT["movable"], "yours to move"), (HIGHLIGHT["reachable"], "reachable"),
                            (HIGHLIGHT["target"], "a choice"), (HIGHLIGHT["last"], "the last move")]))
    return [island_panel(screen, bv, tapped, highlights, chosen_at, line, key=MAP, focus=chosen_at),
            ft.Column(rows, spacing=8, key="island-panel")]


def start_way(screen: Any, key: str) -> None:
    """Choose the way of the picked pirate field by field, from its own field."""
    screen.island_way, screen.island_way_for, screen.island_choice = [], key, None
    screen.app.render()


def end_way(screen: Any) -> None:
    screen.island_way = screen.island_way_for = None
    screen.app.render()


def _way_map(screen: Any, live: Any, seat: int | None, bv: dict[str, Any], key: str, at: str | None,
             way: list[str]) -> list[ft.Control]:
    """Choosing a way: each tap on a field adds it to the way (a tap on its last field takes it
    back); the rules say the walk's cost in its words, or why it is refused."""
    w = screen.w
    taps = bv.get("taps") or {}
    carry = bool(getattr(screen, "island_way_carry", False))
    highlights: dict[str, dict[str, Any]] = {sp: {"kind": "last"} for sp in way}
    if way:
        highlights[way[-1]] = {"kind": "target"}

    def tapped(sid: str) -> None:
        if sid not in bv["spaces"] or sid == at and not way:
            return
        if way and way[-1] == sid:
            way.pop()
        else:
            way.append(sid)
        screen.app.render()

    def set_carry(value: bool) -> None:
        screen.island_way_carry = value
        screen.app.render()
    name = _name(taps, key)
    labels = [bv["spaces"][sp]["label"].split(" ")[0] for sp in way]
    rows: list[ft.Control] = [heading(w("island.way.title", pirate=name), 16),
                              para(w("island.way.fields", way=" > ".join(labels)) if way else w("island.way.empty"), 14)]
    carries = any(a["action"].get("carry") for acts in (taps.get("options") or {}).get(key, {}).values() for a in acts)
    if carries:
        rows.append(labelled_switch(w("island.way.carry"), carry, set_carry))
    if way:
        walk = {"type": "walk", "player": seat, "pirate": key, "to": way[-1], "via": way[:-1], "carry": carry}
        why = live.refusal(walk, w)
        if why is None:
            rows.append(button(sentence(live.describe(walk)), lambda e: (end_way(screen), screen.act(walk)),
                               primary=True, icon=ft.Icons.DIRECTIONS_WALK, key="island-way-go"))
        else:
            rows.append(notice(sentence(why)))
    rows.append(wrap_row([
        button(w("island.way.back"), lambda e: (way.pop(), screen.app.render()), icon=ft.Icons.UNDO, disabled=not way),
        button(w("island.way.cancel"), lambda e: end_way(screen), icon=ft.Icons.CLOSE)]))
    line = w("island.way.prompt", pirate=name)
    return [island_panel(screen, bv, tapped, highlights, at, line, key=MAP, focus=at),
            ft.Column([card(*rows, key="island-way")], spacing=8, key="island-panel")]


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
    out: list[ft.Control] = []
    if where:  # (nothing to pick: the map's line says that nothing can move)
        out.append(para("Or pick here, then where it goes (cheapest way, cost in BP):"))
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
