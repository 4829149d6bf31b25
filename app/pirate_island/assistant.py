"""Pirate Island table helper: for a game on the printed board. Tap a pirate's field on the map
(the fields it reaches this turn are outlined with their cost) and a destination for the
cheapest cost and route, with or without the treasure; a tap on any field says its terrain, cost
and rescue targets; work out a combat; read what a doubles roll does. Whose turn,
the storm and the Totenkiste are tracked entries (undo below). Every number comes from the
rules code: the tracker's view (the storm card's face and rule, whether a band's Totenkiste count
may go up or down) and companion/games/pirate_island/helper.py (routes, rescue targets, the combat
table and its choices, the doubles)."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.pirate_island.islandmap import HIGHLIGHT, island_panel, legend
from app.widgets.common import CARD_PADDING, button, card, heading, para, wrap_row
from companion.games.pirate_island import helper
from companion.games.pirate_island.data import shared


def act(screen: Any, live: Any, entry: dict[str, Any]) -> None:
    """The tracker's entries are made for the band whose turn it is (the table's view says whose)."""
    screen.act({"player": live.session.view(None)["turn"], **entry})


def body(screen: Any, live: Any) -> list[ft.Control]:
    view = live.session.view(None)
    d = screen.draft
    out: list[ft.Control] = []
    me = view["players"][view["turn"]]
    out.append(heading(f"Round {view['round']}: {me['name']}'s turn ({me['colour_name']})", 18))
    out.append(wrap_row([
        button(f"Next turn: {view['players'][(view['turn'] + 1) % len(view['players'])]['name']}",
               lambda e: act(screen, live, {"type": "next_turn"}), icon=ft.Icons.SKIP_NEXT, primary=True),
        button("Storm over" if view["storm"] else f"Storm (double {view['storm_face']})",
               lambda e: act(screen, live, {"type": "storm", "on": not view["storm"]}), icon=ft.Icons.THUNDERSTORM),
    ]))
    if view["storm"]:
        out.append(para(view["storm_text"]))
    rows = []
    for p in view["players"]:
        rows.append(wrap_row([
            para(f"{p['name']} ({p['colour_name']}): {p['totenkiste']} in the Totenkiste"),
            button("+1", lambda e, b=p["seat"]: act(screen, live, {"type": "dead", "band": b, "change": 1}),
                   tooltip=f"A pirate of {p['name']} goes to the Totenkiste", disabled=not p["dies"]),
            button("-1", lambda e, b=p["seat"]: act(screen, live, {"type": "dead", "band": b, "change": -1}),
                   tooltip=f"A pirate of {p['name']} comes back", disabled=not p["returns"]),
        ]))
    out.append(route_card(screen, live, d))
    out.append(card(heading("Totenkiste", 16), *rows))
    out.append(combat_card(screen, d))
    out.append(doubles_card(screen, d))
    return out


def route_card(screen: Any, live: Any, d: dict[str, Any]) -> ft.Control:
    """The cheapest way by taps on the map: the pirate's field first (the fields it reaches this
    turn are outlined with their cost), then the destination (the way is drawn); a third tap
    starts again. Every field is also a labelled button for screen readers and tests."""
    data = shared()
    isl = data.island
    board = live.board_view(screen.app.client)
    carry = bool(d.get("carry"))
    a, b = d.get("from"), d.get("to")

    def tapped(sid: str) -> None:
        screen.board_tap = sid
        if sid in isl.fieldset:
            if a is None or b is not None or sid == a:
                d["from"], d["to"] = (None if sid == a and b is None else sid), None
            else:
                d["to"] = sid
        screen.app.render()

    def set_carry(e: Any) -> None:
        d["carry"] = e.control.value
        screen.app.render()
    highlights: dict[str, dict[str, Any]] = {}
    line = "Tap the field of a pirate: the fields it reaches this turn are outlined with their cost in BP."
    found = None
    if a:
        for f, cost in helper.reachable(isl, data.rules, a, carry).items():
            highlights[f] = {"kind": "reachable", "text": cost}
        line = f"From {isl.label[a]}: tap the destination (any field, also farther than one turn)."
    if a and b:
        found = helper.route(isl, data.rules, a, b, carry)
        highlights = {f: {"kind": "last"} for f in (found["route"] if found else [])}
        highlights[b] = {"kind": "target", "text": found["cost"] if found else None}
        line = ""
    rows: list[ft.Control] = [heading("Cheapest way", 16),
                              island_panel(screen, board, tapped, highlights, a, line or None, key="helper-map",
                                           inset=2 * (CARD_PADDING + 1)),
                              ft.Switch(label="Carrying the treasure", value=carry, on_change=set_carry)]
    if a and b:
        if found is None:
            rows.append(para("No way over the island between these fields."))
        else:
            turn = ("fits in one turn" if found["one_turn"] else
                    f"more than one turn (at most {found['cap']} BP on one pirate a turn)")
            rows.append(para(f"{isl.label[a]} to {isl.label[b]}: {found['cost']} BP, {' > '.join(found['labels'])}"
                             + (f" ({found['rivers']} river{'s' if found['rivers'] > 1 else ''})" if found["rivers"]
                                else "") + f"; {turn}.", size=16))
        targets = helper.rescue_targets(isl, data.rules, b)
        lava = f"eruption {targets['eruption']}+" if targets["eruption"] else "safe from eruptions (unnumbered)"
        rows.append(para(f"Rescue targets on {isl.label[b]}: fever {targets['fever']}+, {lava}."))
    if a:
        rows.append(button("Start again", lambda e: (d.update({"from": None, "to": None}), screen.app.render()),
                           icon=ft.Icons.RESTART_ALT))
    rows.append(legend(board, [(HIGHLIGHT["selected"], "the pirate's field"), (HIGHLIGHT["reachable"], "reachable"),
                               (HIGHLIGHT["last"], "the way")]))
    return card(*rows, key="route")


def combat_card(screen: Any, d: dict[str, Any]) -> ft.Control:
    data = shared()
    n = int(d.get("attackers", 1))
    terrain = d.get("terrain", "plain")
    river = bool(d.get("river"))
    res = helper.combat(data.rules, n, terrain, river)

    def pick(key: str, value: Any) -> None:
        d[key] = value
        screen.app.render()
    rows: list[ft.Control] = [heading("Combat", 16), para("Attackers:"),
                              wrap_row([button(str(k), lambda e, k=k: pick("attackers", k), primary=k == n)
                                        for k in helper.attacker_counts(data.rules)]),
                              para("Defender's field:"),
                              wrap_row([button(t.capitalize(), lambda e, t=t: pick("terrain", t), primary=t == terrain)
                                        for t in helper.defender_fields(data.rules)]),
                              ft.Switch(label="Attacked only across a river", value=river,
                                        on_change=lambda e: pick("river", e.control.value)),
                              para(f"Modifier {res['modifier']:+d} (bonus +{res['bonus']}, defence -{res['minus']})")]
    for r in res["results"]:
        rows.append(para(f"{r['dice']}: {r['text']} ({r['chance']:.0%})", size=16))
    return card(*rows)


def doubles_card(screen: Any, d: dict[str, Any]) -> ft.Control:
    data = shared()
    face = int(d.get("doubles", 0))

    def pick(k: int) -> None:
        d["doubles"] = k
        screen.app.render()
    rows: list[ft.Control] = [heading("Doubles", 16),
                              wrap_row([button(f"{k}-{k}", lambda e, k=k: pick(k), primary=k == face)
                                        for k in helper.faces(data.rules)])]
    if face:
        rows.append(para(helper.doubles(data.rules, face)["text"], size=16))
    return card(*rows)
