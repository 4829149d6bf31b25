"""Pirates vs. Dinosaurs digital play: what a captain sees (own area, time, crew, hand of Event
cards with their texts, incidents queued, the other captains, the table) and the choices the
engine offers now, as large labelled buttons. The engine decides everything; Desperate Actions
appear when the engine offers them (before or after a roll, at any time)."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.pirates_vs_dinosaurs import labels as L
from companion.words import plural, sentence, with_article
from companion.games.pirates_vs_dinosaurs.views import question
from app.pirates_vs_dinosaurs.dice import face_tile
from app.widgets.board import board_panel
from app.widgets.common import about, button, card, heading, notice, para, tap_to_read, wrap_row
from app.widgets.common import set_and_render as _set, toggle_and_render as _toggle

PROCEED = {"pre": "Roll the dice", "post": "Accept the roll", "react_pre": "Pass", "react_post": "Pass",
           "react_card": "Pass", "arrange": "Done arranging", "cards": "Back", "look": "Stop looking", "ship": "Pass"}
#: what passing a window does, under the Pass button
PASS_WHAT = {"react_pre": "Let them roll; your hand stays as it is", "react_post": "Let the roll stand",
             "react_card": "Let the card strike"}


def prompt(view: dict[str, Any], kind: str, w: Any) -> str:
    src = source(view)
    if kind == "react_card" and "by_name" in src:  # whose card strikes whom (issue 26: Sabotage's window)
        you = view.get("you")
        card = (w("pvd.strike.yours", card=src["name"]) if src["by"] == you
                else w("pvd.strike.theirs", name=src["by_name"], card=src["name"]))
        on = ""
        if "target" in src and src["target"] != src["by"]:
            on = w("pvd.strike.target_you") if src["target"] == you else w("pvd.strike.target", name=src["target_name"])
        return w("pvd.strike.prompt", card=card, on=on)
    roll = view.get("roll") or {}
    roller = view["players"][roll["seat"]]["name"] if roll else "Another captain"
    face = source(view).get("face", "") if kind == "set_face" else ""
    return question(kind, roller, f" to {L.face_name(face)}" if face else "", w)


#: decisions a captain may be asked on another captain's turn
OFF_TURN = ("react_pre", "react_post", "react_card", "lose_cards", "reroll", "set_face", "choose")


def status(view: dict[str, Any], seat: int) -> str | None:
    """The title when a captain is asked on another captain's turn (a reaction window)."""
    turn = view.get("turn")
    kind = (view.get("decision") or {}).get("kind", "")
    if kind not in OFF_TURN or turn is None or turn == seat or not 0 <= turn < len(view["players"]):
        return None
    return f"Your call, {view['players'][seat]['name']} (on {view['players'][turn]['name']}'s turn)"


def board(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    """Above the choices: the island picture, the table in words (the accessible summary) and
    the roll in progress (what most choices depend on)."""
    out: list[ft.Control] = [] if status(view, seat) is not None else [island(screen, live, seat)]
    out.append(table(view, screen.w))
    roll = view.get("roll")
    if roll and roll.get("faces"):
        who = view["players"][roll["seat"]]["name"]
        out.append(card(ft.Text(f"{who}'s {roll['name']}"
                                + (f" against the {roll['foe']}" if roll["foe"] else ""), size=16,
                                weight=ft.FontWeight.BOLD),
                        wrap_row([face_tile(f"Roll die {i + 1}: {L.face_name(f)}", f, size=48)
                                  for i, f in enumerate(roll["faces"])], spacing=4),
                        *([para(sentence(roll["outcome"]), 15)] if roll.get("outcome") else []), key="roll"))
    elif roll:
        who = view["players"][roll["seat"]]["name"]
        out.append(para(f"{who} is about to make {with_article(roll['name'])} with {plural(roll['dice'], 'die')}"
                        + (f" against the {roll['foe']}" if roll["foe"] else ""), size=15))
    return out


def details(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    """Below the choices: your captain, your hand (long), the other captains."""
    out: list[ft.Control] = []
    if seat is not None:
        out.append(captain(screen, view, seat))
        if status(view, seat) is not None:  # a reaction window: the roll and your captain come first
            out.append(island(screen, live, seat))
        out.append(hand(view, seat))
    out.append(others(view, seat))
    return out


def island(screen: Any, live: Any, seat: int | None) -> ft.Control:
    """The island picture as this seat sees it; a tap says what a place is."""
    return board_panel(screen, live.board_view(screen.app.client, seat), key="island")


def table(view: dict[str, Any], w: Any) -> ft.Control:
    """The table in words: the turn (none yet while the captains set up), the volcano, the pools."""
    giant = L.area(view["giant"]) if view["giant"] else w("pvd.table.giant_off")
    areas = "  ·  ".join(w("pvd.table.area", area=L.area(a), hours=info["hours"], hidden=len(info["hidden"]))
                         for a, info in view["areas"].items())
    when = w("pvd.table.turn", n=view["turns"]) if view["turns"] else w("pvd.table.setup")
    return card(ft.Text(w("pvd.table.time", when=when, volcano=view["volcano"], marks=view["volcano_marks"],
                          curses=view["curses_left"]), size=15, weight=ft.FontWeight.BOLD),
                para(w("pvd.table.pools", giant=w("pvd.table.giant", where=giant), lost=view["lost_and_forgotten"],
                       reserve=view["reserve"], deck=view["deck_size"], bag=view["bag_size"]), 13),
                para(areas, 13), padding=10, key="table")


def captain(screen: Any, view: dict[str, Any], seat: int) -> ft.Control:
    p = view["players"][seat]
    rows: list[ft.Control] = [ft.Text(f"You: {p['name']} · " + " · ".join(whereabouts(p)), size=18,
                                      weight=ft.FontWeight.BOLD)]
    crew = p["crew"] if p["weapon"] or p["stage"] != 1 else "bought with the weapon and equipment"
    rows.append(para(f"Crew {crew} · Replenishment tokens {p['tokens']} · Curses {len(p['curses'])}", 15))
    if p["weapon"]:
        gear = [L.thing("weapons", p["weapon"])] + [L.thing("equipment", e) for e in p["equipment"]]
        rows.append(para("Gear: " + ", ".join(gear), 14))
    if p["relic"] or p["first_mate"]:
        rows.append(para(f"Relic: {L.thing('relics', p['relic'])} · First Mate: {L.thing('mates', p['first_mate'])}"
                         + (" (used)" if p["first_mate_used"] else " (ready)" if p["first_mate"] else ""), 14))
    rows += tap_to_read(screen, f"pvd-captain:{seat}", L.gear_texts(p))
    up = [L.thing("events", c) for c in p["upcoming"].values() if c]
    rows.append(para("Upcoming Incidents: " + (", ".join(up) or "none"), 14))
    if p.get("fragments") is not None:
        frags = ", ".join(L.thing("landmark", x) for x in p["fragments"]) or "all found"
        rows.append(para(f"Map Fragments to find: {frags}" + (f" · found: {', '.join(L.thing('landmark', x) for x in p['found'])}"
                                                             if p["found"] else ""), 14))
    if p.get("known"):
        names = {k: n for a in view["areas"].values() for k, n in a.get("slot_names", {}).items()}
        rows.append(para("Landmarks you have seen: " + "; ".join(
            f"{sentence(names.get(k, 'a Landmark'))}: {L.thing('landmark', v)}" for k, v in p["known"].items()), 13))
    if p.get("treasures"):
        rows.append(para("Your treasures: " + ", ".join(L.money(v) for v in p["treasures"]), 14))
    return card(*rows, key="captain")


def event_card(cid: str, count: int = 1) -> ft.Control:
    e = L.event(cid)
    body: list[ft.Control] = [
        ft.Text(e["name"] + (f" ×{count}" if count > 1 else ""), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(e["sub"], size=12, italic=True), ft.Text(e["text"], size=13)]
    if e["desperate"]:
        body.append(ft.Text(f"Desperate Action: {e['desperate']}", size=13, color=ft.Colors.ON_TERTIARY_CONTAINER))
    return ft.Container(content=ft.Column(body, spacing=2), width=330, padding=10, border_radius=8,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)


def hand(view: dict[str, Any], seat: int) -> ft.Control:
    cards = view["players"][seat].get("hand") or []
    if not cards:
        return ft.Text("Your hand: no Event cards", size=14, key="hand")
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ft.Column([heading(f"Your hand ({len(cards)} Event cards)", 16),
                      wrap_row([event_card(c, n) for c, n in counts.items()], spacing=6)], spacing=6, key="hand")


def others(view: dict[str, Any], seat: int | None) -> ft.Control:
    rows = [para(captain_line(p), 14) for p in view["players"] if p["seat"] != seat]
    return ft.Column([heading("The other captains", 16)] + rows, spacing=4, key="others")


def whereabouts(p: dict[str, Any]) -> list[str]:
    """A captain's stage, then the area (none is named before landing: no "—") and the hours left
    on an expedition."""
    out = [p["stage_name"]]
    if p["area"]:
        out.append(L.area(p["area"]))
    if p["timed"]:
        out.append(f"{plural(p['time'], 'hour')} left")
    return out


def captain_line(p: dict[str, Any]) -> str:
    """Another captain in words: where they are (no area before landing: none is named), the crew
    (kept secret with the outfit while preparing: said so, not "?"), cards, incidents and so on."""
    parts = whereabouts(p)
    parts.append(f"crew {p['crew']}" if p["crew"] is not None else "crew secret until landing")
    parts += [plural(p["hand_size"], "card"), f"{plural(sum(1 for c in p['upcoming'].values() if c), 'incident')} queued",
              plural(p["tokens"], "token"), plural(len(p["curses"]), "curse")]
    if p["treasure_count"]:
        parts.append(plural(p["treasure_count"], "treasure"))
    return f"{p['name']}: " + ", ".join(parts)


# --- choices ---------------------------------------------------------------------------------
def label(live: Any, view: dict[str, Any], a: Any) -> tuple[str, str]:
    """(button text, what it does) for a legal action, from the content's names."""
    t = a.type
    d = a.to_dict()
    kind = (view.get("decision") or {}).get("kind", "")
    players = view["players"]
    if t == "pick_relic":
        return f"Relic: {L.thing('relics', a.relic)}", L.text_of("relics", a.relic)
    if t == "pick_mate":
        return f"First Mate: {L.thing('mates', a.mate)}", L.text_of("mates", a.mate)
    if t == "choose_area":
        return f"Search the {L.area(a.area)} ({view['areas'][a.area]['hours']} h)", ""
    if t == "play_incident":
        cid = players[a.player]["upcoming"][a.slot]
        return f"Play {L.thing('events', cid)}", L.event(cid)["text"] if cid else ""
    if t == "use":
        src = a.source
        k, _, rest = src.partition(":")
        target = f" on {players[a.target]['name']}" if a.target >= 0 else ""
        where = f" in the {L.area(a.area)}" if a.area else ""
        then = ", then go on" if a.go else ""
        if k == "da":
            e = L.event(rest)
            return f"Desperate Action: {e['name']}{target}{where}{then}", e["desperate"]
        if k == "ps":
            e = L.event(rest)
            return f"Play {e['name']}{target}{where}{then}", e["text"]
        me = players[a.player]
        card_of = {"relic": ("relics", me.get("relic")), "mate": ("mates", me.get("first_mate")),
                   "wp": ("weapons", me.get("weapon")), "eq": ("equipment", rest.rpartition(":")[0])}.get(k)
        if card_of and card_of[1]:
            return f"Use {L.thing(*card_of)}{target}{where}{then}", L.text_of(*card_of)
        return sentence(live.describe(a)) + then, ""
    if t == "arrange":
        whom = "yourself" if a.target == a.player else players[a.target]["name"]
        return f"Arrange {L.thing('events', a.card)} for {whom}", L.event(a.card)["text"]
    if t == "attack":
        return f"Attack {players[a.target]['name']}", ""
    if t == "look":
        names = {k: n for info in view["areas"].values() for k, n in info.get("slot_names", {}).items()}
        return f"Look at {names.get(a.slot, 'a Landmark')}", ""
    if t == "put_back":
        return f"Put back {L.money(a.value)}", ""
    if t == "send_dinosaur":
        return f"Send it to {players[a.target]['name']}", ""
    if t == "proceed":
        return PROCEED.get(kind, "Go on"), PASS_WHAT.get(kind, "")
    if t == "pick_dice":
        roll_faces = (view.get("roll") or {}).get("faces") or []
        what, dice = L.dice_picked(roll_faces, a.faces)
        which = f" (die {dice[0]})" if len(dice) == 1 else f" (dice {', '.join(map(str, dice))})" if dice else ""
        if kind == "set_face":
            face = source(view).get("face", "")
            to = f" to {L.face_name(face)}" if face else ""
            return f"Turn {what}{which}{to}", f"{'That die shows' if len(a.faces) == 1 else 'Those dice show'}" \
                f"{' ' + L.face_name(face) if face else ' the new face'}; the others stay"
        return f"Re-roll {what}{which}", "Those dice are rolled again; the others stay as they are"
    if t == "cancel_incident":
        target = (view.get("decision") or {}).get("target", a.player)
        cid = players[target]["upcoming"].get(a.slot) or ""
        whose = "your" if target == a.player else f"{players[target]['name']}'s"
        slot = "Dinosaur Attack" if a.slot == "dinosaur_attack" else "Incident"
        return f"Cancel {whose} {slot}: {L.thing('events', cid)}", \
            (f"Discarded without effect. {L.event(cid)['text']}" if cid else "Discarded without effect")
    if t == "choose":
        src = source(view)
        options = src.get("options") or []
        words = options[a.option] if a.option < len(options) else ""
        return (words or f"Option {a.option + 1}"), (f"{src['name']}: option {a.option + 1}" if src else "")
    if t == "hand":
        return "Play a card or use an ability", "Your hand, relic, First Mate and equipment"
    names = {"search": "Search", "end_search": "End the search early", "replenish": "Replenish the crew",
             "dig": "Dig", "return_to_ship": "Return to the ship", "ship_draw": "Draw from the bag"}
    if t in names:
        return names[t], ((view.get("decision") or {}).get("hints") or {}).get(t, "")
    return sentence(live.describe(a)), str(d)


def source(view: dict[str, Any]) -> dict[str, Any]:
    """The card whose effect asks this decision (the view names it), {} if none."""
    return (view.get("decision") or {}).get("source") or {}


def actions(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    view = live.view(screen.app.client, seat)
    kind = (view.get("decision") or {}).get("kind", "")
    out: list[ft.Control] = [heading(prompt(view, kind, screen.w), 18)]
    out += in_play(view, kind)
    if kind == "outfit":
        return out + outfit(screen, live, seat, legal)
    if kind in ("discard", "lose_cards"):
        return out + discard(screen, live, view, seat, legal)
    if view.get("roll") and kind == "pre":
        out.append(para(f"{plural(view['roll']['dice'], 'die')} will be rolled.", 14))
    rows = []
    for a in legal:
        if a.type == "use" and a.go:
            continue  # "then go on" twins: use the card, then roll (one tap less) is left to the bots
        text, what = label(live, view, a)
        primary = a.type in ("proceed", "search", "dig", "choose_area", "pick_relic", "pick_mate")
        rows.append(ft.Column([button(text, lambda e, a=a: screen.act(a), primary=primary, tooltip=what or None)]
                              + ([ft.Text(what, size=12)] if what else []), spacing=2, width=340))
    out.append(wrap_row(rows, spacing=10))
    return out


#: decisions made while a card is being played: the cards in play are shown above the choices
IN_PLAY_KINDS = ("react_card", "react_pre", "react_post", "reroll", "set_face", "choose", "cancel_slot", "lose_cards")


def in_play(view: dict[str, Any], kind: str) -> list[ft.Control]:
    """The Event card being played now (public) that this decision is about, with the text that
    matters to it: the card that re-rolls, turns dice or offers the choice; else the last card played."""
    if kind not in IN_PLAY_KINDS:
        return []
    src = source(view)
    if src:
        you = view.get("you")
        who = ""
        if "by_name" in src:
            who = " (" + ("yours" if src["by"] == you else f"{src['by_name']}'s")
            if "target" in src and src["target"] != src["by"]:
                who += " on " + ("you" if src["target"] == you else src["target_name"])
            who += ")"
        return [ft.Text(f"In play: {src['name']}{who} — {src['text']}", size=13, italic=True)]
    cards = view.get("in_play") or []
    if kind in ("reroll", "set_face", "choose") or not cards:
        return []
    e = L.event(cards[-1])
    return [ft.Text(f"In play: {e['name']} — {e['text']}", size=13, italic=True)]


def outfit(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    numbers = live.view(screen.app.client, seat)["decision"]  # the purchases and their sailors, from the rules
    d = screen.__dict__.setdefault(f"pvd_outfit:{seat}", {"weapon": "", "equipment": []})
    eq = d["equipment"]
    costs = numbers["costs"]
    cost = sum(costs[e] for e in eq)
    offer = next((o for o in numbers["outfits"] if sorted(o["equipment"]) == sorted(eq)), None)
    crew = offer["sailors"] if offer else 0
    weapons = sorted({a.weapon for a in legal})
    out: list[ft.Control] = [wrap_row([button(L.thing("weapons", w), lambda e, w=w: _set(screen, d, "weapon", w),
                                              primary=d["weapon"] == w, tooltip=L.text_of("weapons", w))
                                       for w in weapons])]
    if d["weapon"]:  # (tap a weapon or equipment: what it does shows here)
        out += about([(L.thing("weapons", d["weapon"]), L.text_of("weapons", d["weapon"]))])
    out.append(wrap_row([button(f"{L.thing('equipment', e)} ({costs[e]})", lambda e_, e=e: _toggle(screen, eq, e),
                                primary=e in eq, tooltip=L.text_of("equipment", e)) for e in costs],
                        spacing=4))
    out += about([(L.thing("equipment", e), L.text_of("equipment", e)) for e in eq])
    chosen = next((a for a in legal if a.weapon == d["weapon"] and tuple(a.equipment) == tuple(sorted(eq))), None)
    out.append(ft.Text(f"Equipment: {plural(cost, 'point')}. Crew: {plural(crew, 'sailor')}", size=17, weight=ft.FontWeight.BOLD))
    if d["weapon"] and chosen is None:
        out.append(notice(f"Not allowed: {numbers['rule']}", error=True))
    out.append(button("Confirm purchase", lambda e: screen.act(chosen), icon=ft.Icons.CHECK, primary=True,
                      disabled=chosen is None, why=None if d["weapon"] else screen.w("pvd.outfit_weapon_first")))
    return out


def discard(screen: Any, live: Any, view: dict[str, Any], seat: int, legal: list[Any]) -> list[ft.Control]:
    need = view["decision"].get("need", 1)
    picked: list[str] = screen.__dict__.setdefault(f"pvd_discard:{seat}", [])
    hand_ = view["players"][seat].get("hand") or []
    out: list[ft.Control] = [para(f"Tap {plural(need, 'card')} to discard.", 14)]
    tiles = []
    left = list(picked)
    for i, c in enumerate(hand_):
        on = c in left
        if on:
            left.remove(c)
        # (a picked card is the one thrown away: its button says so, and that a tap keeps it)
        tiles.append(button(f"Discarding {L.thing('events', c)} (tap to keep it)" if on else
                            f"Discard {L.thing('events', c)}", lambda e, c=c, on=on: _pick(screen, picked, c, on),
                            primary=on))
    out.append(wrap_row(tiles, spacing=4))
    chosen = next((a for a in legal if sorted(a.cards) == sorted(picked)), None)
    out.append(button(f"Discard {plural(len(picked), 'card')}", lambda e: _discard(screen, seat, chosen), icon=ft.Icons.DELETE,
                      primary=True, disabled=chosen is None))
    return out


def _pick(screen: Any, picked: list[str], c: str, on: bool) -> None:
    if on:
        picked.remove(c)
    else:
        picked.append(c)
    screen.app.render()


def _discard(screen: Any, seat: int, action: Any) -> None:
    screen.__dict__[f"pvd_discard:{seat}"] = []
    screen.act(action)


def final(live: Any, result: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The end screen in the view's order (`standing`: best first, the crew breaking a tie): each
    captain's value with how it came about (the engine's `dig.result`: the treasures brought back,
    one unique treasure paid per Crew Replenishment token)."""
    players = {p["name"]: p for p in view["players"]}
    returned = set(result.get("returned", []))
    values = result.get("scores", {})
    crews = result.get("crew", {})
    standing = view["standing"]
    best = max((values[n] for n in returned), default=None)
    rows = []
    for name in standing["order"]:
        p = players.get(name, {})
        if name not in returned:
            why = "sank with the island" if p.get("sunk") or result.get("sunk") else "not back on the ship"
            rows.append((name, "—", f"{why}: no score"))
            continue
        paid = result.get("discarded", {}).get(name, [])
        count, tokens, crew = p.get("treasure_count", 0), p.get("tokens", 0), crews.get(name, 0)
        parts = [f"{plural(count, 'treasure')} brought back"]
        if tokens:
            parts.append(f"{plural(tokens, 'replenishment token')} paid "
                         + (", ".join(L.money(v) for v in paid) if paid else "nothing (no treasure left)"))
        parts.append(f"kept {count - len(paid)}, worth {L.money(values[name])}")
        parts.append(f"crew {crew}" + (" (breaks the tie)" if standing["crew_breaks_tie"] and values[name] == best else ""))
        rows.append((name, L.money(values[name]), "; ".join(parts)))
    return rows


def scores(view: dict[str, Any]) -> dict[int, Any]:
    out = {}
    for p in view["players"]:
        crew = p["crew"] if p["crew"] is not None else "?"
        out[p["seat"]] = f"{p['stage_name']} · crew {crew}" + (f" · {plural(p['treasure_count'], 'treasure')}"
                                                                    if p["treasure_count"] else "")
    return out
