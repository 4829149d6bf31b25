"""Pirate Island table helper: for a game on the printed board. The turn's two dice entered (or
rolled here): the movement points, or what the doubles do, with the storm kept; each move spends
points of the turn, a pirate at most 7 BP (9 carrying the treasure). Tap a pirate's field on the
map (the fields it reaches this turn are outlined with their cost) and a destination for the
cheapest cost and route, then the pirate that goes; rescue rolls and combat rolls with their
odds, entered and resolved (a dead pirate to the Totenkiste). Whose turn, the storm and the
Totenkiste are tracked entries (undo below). Every number comes from the rules code: the
tracker's view (the storm card's face and rule, whether a band's Totenkiste count may go up or
down) and companion/games/pirate_island/helper.py (routes, rescue targets, the combat table and
its choices, the doubles)."""
from __future__ import annotations

import random
from typing import Any

import flet as ft

from app.pirate_island.islandmap import HIGHLIGHT, island_panel, legend
from app import theme
from app.widgets.common import CARD_PADDING, TOUCH, button, card, heading, labelled_switch, notice, para, wrap_row
from companion.games.pirate_island import helper
from companion.games.pirate_island.data import shared


def act(screen: Any, live: Any, entry: dict[str, Any]) -> None:
    """The tracker's entries are made for the band whose turn it is (the table's view says whose)."""
    screen.act({"player": live.session.view(None)["turn"], **entry})


def body(screen: Any, live: Any) -> list[ft.Control]:
    view = live.session.view(None)
    # the picks on the map and the calculators stay across entries (a move, then a rescue roll on
    # the same field); dice being entered start afresh with each entry
    d = screen.__dict__.setdefault("island_draft", {})
    if d.get("log") != len(live.session.log):
        d.update(log=len(live.session.log), turn_dice=[], rescue_dice=[], combat_dice=[])
    out: list[ft.Control] = []
    me = view["players"][view["turn"]]
    out.append(heading(f"Round {view['round']}: {me['name']}'s turn ({me['colour_name']})", 18))
    out.append(wrap_row([
        button(f"Next turn: {view['players'][(view['turn'] + 1) % len(view['players'])]['name']}",
               lambda e: act(screen, live, {"type": "next_turn"}), icon=ft.Icons.SKIP_NEXT, primary=True),
        button("Storm over" if view["storm"] else f"Storm (double {view['storm_face']})",
               lambda e: act(screen, live, {"type": "storm", "on": not view["storm"]}), icon=ft.Icons.THUNDERSTORM,
               tooltip="Correct the storm by hand (a roll entered below keeps it by itself)"),
    ]))
    if view["storm"]:
        out.append(notice(view["storm_text"]))
    if view["last"] and view["last"].get("kind") not in IN_ITS_CARD:  # (a rescue or a combat: in its own card)
        out.append(result_card(view["last"]))
    out.append(roll_card(screen, live, view, d))
    rows = []
    for p in view["players"]:
        rows.append(wrap_row([
            para(f"{p['name']} ({p['colour_name']}): {p['totenkiste']} in the Totenkiste"),
            button("+1", lambda e, b=p["seat"]: act(screen, live, {"type": "dead", "band": b, "change": 1}),
                   tooltip=f"A pirate of {p['name']} goes to the Totenkiste", disabled=not p["dies"]),
            button("-1", lambda e, b=p["seat"]: act(screen, live, {"type": "dead", "band": b, "change": -1}),
                   tooltip=f"A pirate of {p['name']} comes back", disabled=not p["returns"]),
        ]))
    out.append(route_card(screen, live, d, view))
    out.append(pieces_card(screen, live, view, d))
    out.append(rescue_card(screen, live, view, d))
    out.append(combat_card(screen, d, live, view))
    out.append(card(heading("Totenkiste", 16), *rows))
    out.append(doubles_card(screen, d))
    return out


#: the kinds of result shown in the card the roll was entered in (its "Roll here" lies far below the top)
IN_ITS_CARD = ("rescue", "fight")


def result_here(view: dict[str, Any] | None, kind: str) -> list[ft.Control]:
    """The last result, in the card of its kind (a rescue roll's, a combat's), where it was entered."""
    last = (view or {}).get("last") or {}
    return [result_card(last)] if last.get("kind") == kind else []


def result_card(last: dict[str, Any]) -> ft.Control:
    """What the last roll entered worked out (the tracker's words)."""
    return ft.Container(content=ft.Column([ft.Text(last["title"], size=18, weight=ft.FontWeight.BOLD)] + [
        ft.Text(line, size=15) for line in last.get("lines", [])], spacing=4), padding=12, border_radius=10,
        bgcolor=ft.Colors.TERTIARY_CONTAINER, key="result")


def two_dice(screen: Any, d: dict[str, Any], key: str, what: str, view: dict[str, Any], done: Any) -> list[ft.Control]:
    """The dice of a roll (the tracker's view says how many, and their faces) entered by tapping
    their faces as rolled at the table, or rolled here: `done(dice)`."""
    got: list[int] = d.setdefault(key, [])
    n, faces = view["rolled"], view["faces"]

    def tap(face: int) -> None:
        if len(got) < n:
            got.append(face)
        screen.app.render()

    def clear() -> None:
        got.clear()
        screen.app.render()
    taps = wrap_row([die_face(f"{what}: a die shows {f}", f, lambda e, f=f: tap(f), disabled=len(got) >= n)
                     for f in faces], spacing=4)
    shown = " and ".join(map(str, got)) if got else "none yet"
    return [para(f"{what}: tap the dice rolled (entered: {shown}), or roll them here.", 14), taps, wrap_row([
        button(f"Enter {' and '.join(map(str, got))}" if len(got) == n else "Enter the dice",
               lambda e: done(tuple(got)), icon=ft.Icons.CHECK, primary=True, disabled=len(got) != n),
        button("Roll here", lambda e: done(tuple(random.choice(faces) for _ in range(n))), icon=ft.Icons.CASINO),
        button("Clear", lambda e: clear(), icon=ft.Icons.BACKSPACE, disabled=not got)])]


def die_face(label: str, n: int, on_click: Any, disabled: bool = False) -> ft.Control:
    """A die face to tap, its number large (the printed die's look: ink edge on white)."""
    look = theme.palette(None)
    return ft.Semantics(label=label, button=True, exclude_semantics=True, content=ft.Container(
        ft.Text(str(n), size=24, weight=ft.FontWeight.BOLD), width=TOUCH, height=TOUCH, alignment=ft.Alignment.CENTER,
        bgcolor=look["die"], border=ft.Border.all(1.5, look["die_edge"]), border_radius=10,
        on_click=None if disabled else on_click, ink=not disabled, opacity=0.45 if disabled else 1.0))


def roll_card(screen: Any, live: Any, view: dict[str, Any], d: dict[str, Any]) -> ft.Control:
    """The turn's roll, then its movement points: the budget left and what each pirate spent of
    its cap (7 BP, 9 carrying the treasure); a move is spent from the way below or by hand here."""
    rows: list[ft.Control] = [heading("The turn's roll", 16)]
    w = screen.w
    if not view["dice"]:
        at_sea = bool(d.get("at_sea"))
        rows.append(labelled_switch(w("island.sea.switch"), at_sea, lambda v: (d.update(at_sea=v), screen.app.render())))
        rows += two_dice(screen, d, "turn_dice", "The turn's roll", view,
                         lambda dice: act(screen, live, {"type": "rolled", "dice": list(dice), "at_sea": at_sea}))
        return card(*rows, key="roll")
    a, b = view["dice"]
    if view["at_sea"]:  # the roll of a ship at sea: it may sail into a harbour, or stay at sea
        rows.append(para(w("island.sea.may_enter" if view["may_enter"] else "island.sea.stays", total=a + b,
                           need=view["enter_need"]), size=16))
        if view["may_enter"]:
            rows.append(button(w("island.sea.stay"), lambda e: act(screen, live, {"type": "sea"}), icon=ft.Icons.SAILING,
                               key="island-stay-at-sea"))
        return card(*rows, key="roll")
    rows.append(para(f"Rolled {a} and {b}" + (": doubles, no movement points" if view["doubles"] else
                                              f": {view['bp']} BP left"), size=16))
    if not view["doubles"]:
        rows.append(para(f"At most {view['cap']} BP on one pirate this turn ({view['carrier_cap']} carrying the "
                         "treasure).", 14))
        used = view["spent"]
        if used:
            rows.append(para("Spent: " + ", ".join(f"pirate {n} {c} of {view['cap']}" for n, c in sorted(used.items())),
                             14))
        pick = int(d.get("pirate", 1))
        cost = int(d.get("cost", 1))
        carry = bool(d.get("carry"))
        rows.append(para("By hand: which pirate moves, for how many BP?", 14))
        rows.append(wrap_row([button(f"Pirate {n}", lambda e, n=n: (d.update(pirate=n), screen.app.render()),
                                     primary=n == pick) for n in view["pirate_numbers"]], spacing=4))
        most = max(1, min(view["bp"], (view["carrier_cap"] if carry else view["cap"]) - used.get(pick, 0)))
        rows.append(wrap_row([button(f"{c} BP", lambda e, c=c: (d.update(cost=c), screen.app.render()), primary=c == cost)
                              for c in range(1, most + 1)], spacing=4))
        rows.append(button(f"Pirate {pick} moves for {cost} BP", lambda e: act(screen, live, {
            "type": "spend", "pirate": pick, "cost": cost, "carry": carry}), icon=ft.Icons.DIRECTIONS_WALK,
            primary=True, disabled=view["bp"] < 1))
    return card(*rows, key="roll")


def pieces_card(screen: Any, live: Any, view: dict[str, Any], d: dict[str, Any]) -> ft.Control:
    """Where the pieces stand, as the table says: tap a field on the map, then the pirate, ship or
    chest that stands there (the map above shows them); a piece put elsewhere moves there."""
    isl = shared().island
    at = getattr(screen, "board_tap", None)
    rows: list[ft.Control] = [heading("Pieces on the map", 16)]
    if at not in isl.fieldset and at not in isl.harbours:
        rows.append(para("Tap a field (or a harbour) on the map above, then the piece that stands there.", 14))
        return card(*rows, key="pieces")
    band = int(d.get("piece_band", view["turn"]))
    who = view["players"][band]
    rows.append(para(f"On {isl.label[at]}:", 15))
    rows.append(wrap_row([button(p["name"], lambda e, q=p["seat"]: (d.update(piece_band=q), screen.app.render()),
                                 primary=p["seat"] == band, tooltip=f"{p['name']}'s pieces") for p in view["players"]],
                         spacing=4))
    here = [pc for pc, where in view["pieces"].items() if where == at]

    def put(piece: str, to: str) -> None:
        act(screen, live, {"type": "place", "piece": piece, "to": to})
    if at in isl.harbours:
        offer = [(f"ship:{band}", f"Put the {who['colour_name']} ship here")]
    else:
        offer = [(f"pirate:{band}:{n}", f"Put {who['colour_name']} pirate {n} here") for n in view["pirate_numbers"]]
        offer += [(f"chest:{k}", f"Put chest {k} here") for k in view["chest_numbers"]]
    rows.append(wrap_row([button(text, lambda e, pc=pc: put(pc, at), disabled=pc in here) for pc, text in offer],
                         spacing=4))
    names = view["piece_names"]
    if here:
        rows.append(wrap_row([button(f"Take {names[pc]} off the map", lambda e, pc=pc: put(pc, ""),
                                     icon=ft.Icons.DELETE) for pc in here], spacing=4))
    return card(*rows, key="pieces")


def rescue_card(screen: Any, live: Any, view: dict[str, Any], d: dict[str, Any]) -> ft.Control:
    """A rescue roll (fever, eruption) for a pirate on the field tapped on the map (or aboard):
    its target and chance from the rescue tables, then the two dice entered or rolled here."""
    data = shared()
    isl = data.island
    kind = d.get("rescue_kind", "fever")
    band = int(d.get("rescue_band", view["turn"]))
    aboard = bool(d.get("aboard"))
    field = None if aboard else (d.get("to") or d.get("from"))
    rows: list[ft.Control] = [heading("Rescue roll", 16), wrap_row(
        [button(k.capitalize(), lambda e, k=k: (d.update(rescue_kind=k), screen.app.render()), primary=k == kind)
         for k in ("fever", "eruption")] +
        [button(p["name"], lambda e, q=p["seat"]: (d.update(rescue_band=q), screen.app.render()), primary=p["seat"] == band,
                tooltip=f"A pirate of {p['name']}'s band") for p in view["players"]], spacing=4),
        labelled_switch("The pirate is aboard a ship", aboard, lambda v: (d.update(aboard=v), screen.app.render()))]
    if not aboard and field is None:
        rows.append(para("Tap the pirate's field on the map above (or switch on Aboard).", 14))
        return card(*rows, *result_here(view, "rescue"), key="rescue")
    need = helper.rescue_targets(isl, data.rules, field)[kind]
    where = "aboard" if aboard else f"on {isl.label[field]}"
    if need is None:
        rows.append(para(f"A pirate {where} is safe from an eruption (only numbered fields are in danger).", 14))
        return card(*rows, *result_here(view, "rescue"), key="rescue")
    rows.append(para(f"A pirate {where} survives the {kind} on {need}+: {helper.chance_at_least(need):.0%}.", 16))
    rows += two_dice(screen, d, "rescue_dice", "The rescue roll", view, lambda dice: act(screen, live, {
        "type": "rescue", "band": band, "kind": kind, "where": field or "", "dice": list(dice)}))
    return card(*rows, *result_here(view, "rescue"), key="rescue")


def route_card(screen: Any, live: Any, d: dict[str, Any], view: dict[str, Any] | None = None) -> ft.Control:
    """The cheapest way by taps on the map: the pirate's field first (the fields it reaches this
    turn are outlined with their cost), then the destination (the way is drawn); a third tap
    starts again. Every field is also a labelled button for screen readers and tests."""
    data = shared()
    isl = data.island
    board = live.board_view(screen.app.client)
    carry = bool(d.get("carry"))
    a, b = d.get("from"), d.get("to")
    via: list[str] = d.setdefault("via", [])

    def tapped(sid: str) -> None:
        screen.board_tap = sid
        if sid in isl.fieldset:
            if a is None or b is not None or sid == a:
                d["from"], d["to"] = (None if sid == a and b is None else sid), None
                via.clear()
            else:
                d["to"] = sid
        screen.app.render()

    def go_on() -> None:  # the destination becomes a field the way goes through
        via.append(b)
        d["to"] = None
        screen.app.render()

    def set_carry(value: bool) -> None:
        d["carry"] = value
        screen.app.render()
    highlights: dict[str, dict[str, Any]] = {}
    line = "Tap the field of a pirate: the fields it reaches this turn are outlined with their cost in BP."
    found = None
    if a:
        for f, cost in helper.reachable(isl, data.rules, via[-1] if via else a, carry).items():
            highlights[f] = {"kind": "reachable", "text": cost}
        for f in via:
            highlights[f] = {"kind": "last"}
        line = f"From {isl.label[via[-1] if via else a]}: tap the destination (any field, also farther than one turn)."
    if a and b:
        found = helper.route(isl, data.rules, a, b, carry, via=tuple(via))
        highlights = {f: {"kind": "last"} for f in (found["route"] if found else [])}
        highlights[b] = {"kind": "target", "text": found["cost"] if found else None}
        line = ""
    title = screen.w("island.through.title", fields=", ".join(isl.label[f] for f in via)) if via else "Cheapest way"
    rows: list[ft.Control] = [heading(title, 16),
                              island_panel(screen, board, tapped, highlights, a, line or None, key="helper-map",
                                           inset=2 * (CARD_PADDING + 1)),
                              labelled_switch("Carrying the treasure", carry, lambda v: set_carry(v))]
    if a and b:
        if found is None:
            rows.append(para("No way over the island between these fields."))
        else:
            turn = ("fits in one turn" if found["one_turn"] else
                    f"more than one turn (at most {found['cap']} BP on one pirate a turn)")
            rows.append(para(f"{isl.label[a]} to {isl.label[b]}: {found['cost']} BP, {' > '.join(found['labels'])}"
                             + (f" ({found['rivers']} river{'s' if found['rivers'] > 1 else ''})" if found["rivers"]
                                else "") + f"; {turn}.", size=16))
            if view is not None and view["bp"] and found["cost"] <= view["bp"]:  # spend it from the turn's points
                cap = view["carrier_cap"] if carry else view["cap"]
                way = [a, *via, b] if via else []
                rows.append(wrap_row([button(f"Pirate {n} goes ({found['cost']} BP)", lambda e, n=n: act(screen, live, {
                    "type": "spend", "pirate": n, "cost": found["cost"], "carry": carry, "way": way}),
                    icon=ft.Icons.DIRECTIONS_WALK,
                    disabled=view["spent"].get(n, 0) + found["cost"] > cap) for n in view["pirate_numbers"]], spacing=4))
            rows.append(button(screen.w("island.through.add", field=isl.label[b]), lambda e: go_on(), icon=ft.Icons.ROUTE,
                               key="island-through"))
        targets = helper.rescue_targets(isl, data.rules, b)
        lava = f"eruption {targets['eruption']}+" if targets["eruption"] else "safe from eruptions (unnumbered)"
        rows.append(para(f"Rescue targets on {isl.label[b]}: fever {targets['fever']}+, {lava}."))
    if a:
        rows.append(button("Start again", lambda e: (d.update({"from": None, "to": None}), via.clear(), screen.app.render()),
                           icon=ft.Icons.RESTART_ALT))
    rows.append(legend(board, [(HIGHLIGHT["selected"], "the pirate's field"), (HIGHLIGHT["reachable"], "reachable"),
                               (HIGHLIGHT["last"], "the way")]))
    return card(*rows, key="route")


def combat_card(screen: Any, d: dict[str, Any], live: Any = None, view: dict[str, Any] | None = None) -> ft.Control:
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
                              labelled_switch("Attacked only across a river", river, lambda v: pick("river", v)),
                              para(f"Modifier {res['modifier']:+d} (bonus +{res['bonus']}, defence -{res['minus']})")]
    for r in res["results"]:
        rows.append(para(f"{r['dice']}: {r['text']} ({r['chance']:.0%})", size=16))
    if live is not None and view is not None:  # the roll at the table: who attacks whom, then the dice
        att = int(d.get("att_band", view["turn"]))
        dfn = int(d.get("def_band", (view["turn"] + 1) % len(view["players"])))
        rows.append(para("Attacker's band:", 14))
        rows.append(wrap_row([button(p["name"], lambda e, q=p["seat"]: pick("att_band", q), primary=p["seat"] == att)
                              for p in view["players"]], spacing=4))
        rows.append(para("Defender's band:", 14))
        rows.append(wrap_row([button(p["name"], lambda e, q=p["seat"]: pick("def_band", q), primary=p["seat"] == dfn,
                                     tooltip=f"{p['name']} defends") for p in view["players"]], spacing=4))
        if att == dfn:
            rows.append(para("Pick two different bands.", 14))
        else:
            rows += two_dice(screen, d, "combat_dice", "The combat roll", view, lambda dice: act(screen, live, {
                "type": "fight", "band": att, "defender": dfn, "attackers": n, "terrain": terrain, "river": river,
                "dice": list(dice)}))
    return card(*rows, *result_here(view, "fight"), key="combat")


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
