"""The Pirates vs. Dinosaurs table tracker: the table (volcano, curses, Giant Tyrannosaurus, Lost
and Forgotten, reserve), each captain, and calculators for what is rolled at the real table.

It is a Session of the tracker game (companion/games/pirates_vs_dinosaurs/table/tracker.py): every entry
is an action, so it is journalled, undoable and resumed after a restart. The numbers (dice,
successes, losses, hours, capacity, final count, what the rules wait for) come from the tracker's
view, worked out by the rules of digital play; this module reads nothing else."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.pirates_vs_dinosaurs.table import entries as E, tracker as T
from companion.words import plural

from app.pirates_vs_dinosaurs import labels as L
from app.pirates_vs_dinosaurs.dice import dice_entry, entered, roller
from app.widgets.board import board_panel
from app.widgets.common import about, button, card, choice_dropdown, heading, notice, para, tap_to_read, wrap_row
from app.widgets.common import set_and_render as _set, toggle_and_render as _toggle
from app.widgets.log import score_table

#: the calculators offered by where a captain is in the game (the view's `phase`)
TOOLS = {
    "expedition": ["Combat", "Search", "End search", "Attack", "Replenish", "Sailors", "Dig Site", "Dice"],
    "dig": ["Dig", "Combat", "Attack", "Token", "Replenish", "Sailors", "Return", "Dice"],
    "ship": ["Token", "Dice"],
}


def tracker_game() -> Any:
    return T.GAME


def ui_state(screen: Any) -> dict[str, Any]:
    """What this page remembers between entries (the draft is cleared after every entry)."""
    got = getattr(screen, "pvd", None)
    if got is None:
        got = screen.pvd = {"seat": None, "tool": None}
    return got


def body(screen: Any, live: Any) -> list[ft.Control]:
    s = live.session
    view = s.view(None)
    u = ui_state(screen)
    waiting = view["waiting"]
    moment = (view["turn"], waiting and (waiting["kind"], waiting["seat"], waiting["title"]))
    if u.get("moment") != moment:  # a new turn or a new wait: the page turns to the captain it is about
        u.update(moment=moment, seat=None, tool=None)
    about = waiting["seat"] if waiting and 0 <= waiting["seat"] < len(view["players"]) else view["turn"]
    seat = u["seat"] if u["seat"] is not None and u["seat"] < len(view["players"]) else about
    out: list[ft.Control] = [wrap_row([
        button(p["name"] + (" (turn)" if p["seat"] == view["turn"] else ""), lambda e, q=p["seat"]: pick_seat(screen, q),
               primary=p["seat"] == seat, tooltip=f"Show {p['name']}'s captain")
        for p in view["players"]] + ([button(f"Next turn: {next_name(view)}", lambda e: act(screen, live, E.NextTurn(
            view["turn"])), icon=ft.Icons.SKIP_NEXT)] if not view["over"] else []), spacing=6)]
    if view["over"]:
        out.append(ft.Text("Game over" + (": the island sank" if view["sunk"] else ""), size=26,
                           weight=ft.FontWeight.BOLD))
        out.append(final_card(view))
        out.append(board_panel(screen, s.board_view(None), key="island"))
        out.append(table_card(screen, view))
        return out
    last = view["last"]
    if last:
        out.append(result_card(last))
    me = view["players"][seat]
    if me["phase"] == "outfit":
        out += outfit_panel(screen, live, view, seat)
    elif me["phase"] == "start":
        out.append(heading(f"{me['name']}: where does the search start?", 18))
        out.append(area_buttons(screen, view, seat))
    else:
        out += tools(screen, live, view, seat)
        out.append(captain_card(screen, live, view, seat))
    out.append(board_panel(screen, s.board_view(None), key="island"))
    out.append(table_card(screen, view))
    if view["counting"]:
        out.append(final_card(view))
    return out


def next_name(view: dict[str, Any]) -> str:
    return view["players"][view["next"]]["name"]


def pick_seat(screen: Any, q: int) -> None:
    u = ui_state(screen)
    u["seat"], u["tool"] = q, None
    screen.draft = {}
    screen.app.render()


def act(screen: Any, live: Any, action: Any) -> None:
    screen.act(action)


# --- the table ---------------------------------------------------------------------------------
def round_button(icon: Any, name: str, on_click: Any) -> ft.Control:
    """A 48 px round icon button whose accessible name is `name` (tests and screen readers)."""
    box = ft.Container(content=ft.Icon(icon, size=22, color=None if on_click else ft.Colors.OUTLINE), width=48,
                       height=48, border_radius=24, alignment=ft.Alignment.CENTER, on_click=on_click,
                       ink=on_click is not None)
    return ft.Semantics(label=name, button=True, exclude_semantics=True, content=box)


def stepper(label: str, value: Any, on_minus: Any, on_plus: Any) -> ft.Control:
    if len(label) > 18:  # a long label goes above the buttons, so that nothing is squeezed at 390 px
        return ft.Column([ft.Text(label, size=15, weight=ft.FontWeight.BOLD), ft.Container(content=ft.Row([
            round_button(ft.Icons.REMOVE, f"Less: {label}", on_minus),
            ft.Text(str(value), size=17, weight=ft.FontWeight.BOLD),
            round_button(ft.Icons.ADD, f"More: {label}", on_plus),
        ], spacing=4, tight=True), border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=24)], spacing=4)
    return ft.Container(content=ft.Row([
        round_button(ft.Icons.REMOVE, f"Less: {label}", on_minus),
        ft.Text(f"{label}: {value}", size=15, weight=ft.FontWeight.BOLD),
        round_button(ft.Icons.ADD, f"More: {label}", on_plus),
    ], spacing=0, tight=True), border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=24)


def edit(screen: Any, live: Any, seat: int, field: str, number: int = 0, text: str = "") -> Any:
    return lambda e: screen.act(E.Edit(seat, field, number, text))


def table_card(screen: Any, view: dict[str, Any]) -> ft.Control:
    live = screen.live
    t = view["turn"]
    v, lf = view["volcano"], view["lost_and_forgotten"]
    giant = view["giant"]
    areas = L.cat().area_ids
    return card(
        heading("The table", 17),
        wrap_row([
            stepper("Volcano", f"{v}/{view['volcano_marks']}", edit(screen, live, t, "volcano", v - 1) if v else None,
                    edit(screen, live, t, "volcano", v + 1) if v < view["volcano_marks"] else None),
            stepper("Lost and Forgotten", lf, edit(screen, live, t, "lost", lf - 1) if lf else None,
                    edit(screen, live, t, "lost", lf + 1) if view["reserve"] else None),
        ], spacing=6),
        para(f"Curse tokens left: {view['curses_left']}  ·  Sailor reserve: {view['reserve']}  ·  "
             f"Replenishment tokens left: {view['tokens_left']}", size=14),
        ft.Dropdown(label="Giant Tyrannosaurus", value=giant or "none", width=260, options=[
            ft.DropdownOption(key="none", text="Off the board")] + [
            ft.DropdownOption(key=a, text=L.area(a)) for a in areas],
            on_select=lambda e: screen.act(E.Edit(t, "giant", 0, "" if e.control.value == "none" else e.control.value))),
    )


def result_card(last: dict[str, Any]) -> ft.Control:
    return ft.Container(content=ft.Column([ft.Text(last["title"], size=18, weight=ft.FontWeight.BOLD)] + [
        ft.Text(line, size=15) for line in last.get("lines", [])], spacing=4), padding=12, border_radius=10,
        bgcolor=ft.Colors.TERTIARY_CONTAINER)


# --- Stage 1 ------------------------------------------------------------------------------------
def outfit_panel(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    c = L.cat()
    numbers = view["outfits"]  # the purchases and their sailors, from the rules
    me = view["players"][seat]
    d = screen.draft.setdefault("outfit", {"weapon": "", "equipment": [], "relic": "", "mate": ""})
    taken_r = {p["relic"] for p in view["players"] if p["seat"] != seat}
    taken_m = {p["first_mate"] for p in view["players"] if p["seat"] != seat}
    eq = d["equipment"]
    offer = next((o for o in numbers["sets"] if sorted(o["equipment"]) == sorted(eq)), None)
    costs = numbers["costs"]
    out: list[ft.Control] = [heading(f"{me['name']}: preparing to land", 18)]
    out.append(wrap_row([
        choice_dropdown("Relic", d["relic"] or None, [(r, L.thing("relics", r), L.text_of("relics", r))
                                                      for r in c.relics if r not in taken_r],
                        lambda e: _set(screen, d, "relic", e.control.value)),
        choice_dropdown("First Mate", d["mate"] or None, [(m, L.thing("mates", m), L.text_of("mates", m))
                                                          for m in c.mates if m not in taken_m],
                        lambda e: _set(screen, d, "mate", e.control.value)),
    ]))
    out.append(para("Weapon (free):", size=14))
    out.append(wrap_row([button(L.thing("weapons", w), lambda e, w=w: _set(screen, d, "weapon", w),
                                primary=d["weapon"] == w, tooltip=L.text_of("weapons", w)) for w in c.weapons]))
    if d["weapon"]:  # (tap a weapon or equipment: what it does shows here)
        out += about([(L.thing("weapons", d["weapon"]), L.text_of("weapons", d["weapon"]))])
    out.append(para(f"Equipment (at most {numbers['max_equipment']}; cost in points):", size=14))
    out.append(wrap_row([button(f"{L.thing('equipment', e)} ({costs[e]})",
                                lambda e_, e=e: _toggle(screen, eq, e), primary=e in eq,
                                tooltip=L.text_of("equipment", e)) for e in costs]))
    out += about([(L.thing("equipment", e), L.text_of("equipment", e)) for e in eq])
    cost = sum(costs[e] for e in eq)
    crew = offer["sailors"] if offer else 0
    out.append(ft.Text(f"Points: {cost} on equipment, {plural(crew, 'sailor')} (of {numbers['points']})", size=17,
                       weight=ft.FontWeight.BOLD))
    if offer is None:
        out.append(notice(f"Not allowed: {numbers['rule']}", error=True))
    out.append(button("Confirm purchase", lambda e: screen.act(E.Outfit(seat, d["weapon"], tuple(sorted(eq)),
                                                                         d["relic"] or "", d["mate"] or "")),
                      icon=ft.Icons.CHECK, primary=True, disabled=offer is None or not d["weapon"],
                      why=None if d["weapon"] else screen.w("pvd.outfit_weapon_first")))
    return out


def area_buttons(screen: Any, view: dict[str, Any], seat: int) -> ft.Control:
    hours = view["players"][seat]["hours"]
    return wrap_row([button(f"Search the {L.area(a)} ({hours[a]} h)",
                            lambda e, a=a: screen.act(E.StartSearch(seat, a)), icon=ft.Icons.EXPLORE)
                     for a in L.cat().area_ids])


# --- a captain ------------------------------------------------------------------------------------
def captain_card(screen: Any, live: Any, view: dict[str, Any], seat: int) -> ft.Control:
    p = view["players"][seat]
    c = L.cat()
    rows: list[ft.Control] = [
        ft.Text(" · ".join([p["name"], p["stage_name"]] + ([p["area_name"]] if p["area_name"] not in ("", p["stage_name"])
                                                           else [])), size=19, weight=ft.FontWeight.BOLD)]
    steps = [stepper("Crew", p["crew"], edit(screen, live, seat, "crew", p["crew"] - 1) if p["crew"] else None,
                     edit(screen, live, seat, "crew", p["crew"] + 1))]
    if p["phase"] == "expedition":
        steps.append(stepper("Time", f"{p['time']} h", edit(screen, live, seat, "time", p["time"] - 1) if p["time"]
                             else None, edit(screen, live, seat, "time", p["time"] + 1)))
    steps.append(stepper("Tokens", p["tokens"], edit(screen, live, seat, "tokens", p["tokens"] - 1) if p["tokens"]
                         else None, edit(screen, live, seat, "tokens", p["tokens"] + 1)))
    steps.append(stepper("Curses", len(p["curses"]), edit(screen, live, seat, "curses", len(p["curses"]) - 1)
                         if p["curses"] else None, edit(screen, live, seat, "curses", len(p["curses"]) + 1)))
    rows.append(wrap_row(steps, spacing=6))
    gear = [L.thing("weapons", p["weapon"])] + [L.thing("equipment", e) for e in p["equipment"]]
    rows.append(para("Weapon and equipment: " + ", ".join(gear), size=14))
    rows.append(para(f"Relic: {L.thing('relics', p['relic'])}", size=14))
    if p["first_mate"]:
        used = p["first_mate_used"]
        rows.append(wrap_row([para(f"First Mate: {L.thing('mates', p['first_mate'])} — "
                                   f"{'used' if used else 'ready'}", size=14),
                              button("Mark ready" if used else "Mark used",
                                     edit(screen, live, seat, "mate_used", 0 if used else 1))]))
    rows += tap_to_read(screen, f"pvd-captain:{seat}", L.gear_texts(p))
    if p["curses"]:
        rows.append(para("Curses: " + ", ".join(str(n) for n in p["curses"]), size=14))
    if p["phase"] in ("dig", "ship"):
        rows += treasures_row(screen, live, p)
    if p["phase"] == "expedition":
        inc = []
        for slot, kinds in (("inc_dino", ("dinosaur_attack",)), ("inc_other", ("aborigine_attack", "incident"))):
            key = "dinosaur_attack" if slot == "inc_dino" else "other"
            if p["upcoming"][key]:  # played here: the rules resolve the card, the table rolls its dice
                inc.append(button(f"Play {L.thing('events', p['upcoming'][key])}",
                                  lambda e, key=key: screen.act(E.PlayIncident(seat, key)), icon=ft.Icons.PLAY_ARROW,
                                  primary=True))
            inc.append(ft.Dropdown(label="Upcoming Dinosaur Attack" if slot == "inc_dino" else "Upcoming other Incident",
                                   value=p["upcoming"][key] or "none", width=300, options=[
                ft.DropdownOption(key="none", text="None")] + [
                ft.DropdownOption(key=cid, text=f"{L.en(ev.name)}" + (f" ({ev.strength})" if ev.strength else ""))
                for cid, ev in sorted(c.events.items(), key=lambda kv: L.en(kv[1].name)) if ev.kind in kinds],
                on_select=lambda e, slot=slot: screen.act(E.Edit(seat, slot, 0, "" if e.control.value == "none"
                                                                  else e.control.value))))
        rows.append(wrap_row(inc))
    return card(*rows)


def tools(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    p = view["players"][seat]
    u = ui_state(screen)
    names = TOOLS.get(p["phase"], [])
    waiting = view["waiting"]
    if waiting and waiting["kind"] in WAITING_TOOLS and waiting["seat"] == seat:
        # the rules wait for the table: the entry that answers comes first, with what it is for
        return [card(*WAITING_TOOLS[waiting["kind"]](screen, live, view, seat))]
    tool = u["tool"] if u["tool"] in names else None
    out: list[ft.Control] = []
    if waiting and waiting["kind"] == "area" and waiting["seat"] == seat:
        # the rules wait for the new area: it stays on top whatever tool is open (the Search tool of
        # the search just completed was, and hid it)
        out.append(card(*new_search_tool(screen, live, view, seat)))
    tool = tool or names[0]
    out += [wrap_row([button(n, lambda e, n=n: pick_tool(screen, n), primary=n == tool,
                                              tooltip=f"{n} calculator") for n in names], spacing=6)]
    if waiting and waiting["seat"] != seat:
        out.append(notice(f"Waiting for {view['players'][waiting['seat']]['name']}: {waiting['title']}"))
    fn = {"Combat": combat_tool, "Search": search_tool, "End search": end_tool, "Attack": attack_tool,
          "Replenish": replenish_tool, "Sailors": sailors_tool, "Dig Site": dig_site_tool, "Dice": dice_tool,
          "Dig": dig_tool, "Return": return_tool, "Token": token_tool}[tool]
    out.append(card(*fn(screen, live, view, seat)))
    return out


def pick_tool(screen: Any, name: str) -> None:
    ui_state(screen)["tool"] = name
    screen.app.render()


def flag(screen: Any, key: str, label: str, default: bool = False) -> ft.Control:
    value = screen.draft.get(key, default)
    return ft.Switch(label=label, value=value, on_change=lambda e: _set(screen, screen.draft, key, e.control.value))


def extra_dice(screen: Any, key: str = "extra") -> ft.Control:
    n = screen.draft.get(key, 0)
    return stepper("Extra dice (Desperate Actions, cards)", f"{n:+d}", lambda e: _set(screen, screen.draft, key, n - 1),
                   lambda e: _set(screen, screen.draft, key, n + 1))


def preview(live: Any, action: Any) -> dict[str, Any] | None:
    """What an entry would work out, on a copy (nothing is saved)."""
    got = live.session.preview(action)
    return got["last"] if got else None


def preview_line(live: Any, action: Any) -> list[ft.Control]:
    got = preview(live, action)
    return [para("Result: " + got["title"], size=16)] if got else []


def entry(screen: Any, live: Any, key: str, n: int, title: str, action_of: Any, confirm: str) -> list[ft.Control]:
    """The dice of one roll entered (or rolled here), what they would do, and the confirm button:
    `action_of(faces)` is the entry they make."""
    out = dice_entry(screen, key, n, title)
    faces = entered(screen, key, n)
    action = action_of(tuple(faces or ()))
    if faces is not None:
        out += preview_line(live, action)
    out.append(button(confirm, lambda e: screen.act(action), icon=ft.Icons.CHECK, primary=True,
                      disabled=faces is None))
    return out


def combat_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    d = screen.draft
    foe = d.get("foe", "dinosaur")
    strength = d.get("strength", 3)
    info = view["players"][seat]["rolls"][f"combat:{foe}"]
    cannon = info["optional"]
    n = info["dice"] + d.get("extra", 0) + sum(o["dice"] for o in cannon if d.get(f"opt:{o['source']}"))
    n = max(0, n)
    out: list[ft.Control] = [wrap_row([
        stepper("Strength", strength, (lambda e: _set(screen, d, "strength", strength - 1)) if strength > 1 else None,
                lambda e: _set(screen, d, "strength", strength + 1))] + [
        button(label, lambda e, f=f: _set(screen, d, "foe", f), primary=foe == f)
        for f, label in (("dinosaur", "Dinosaur"), ("aborigine", "Aborigines"), ("", "Other foe"))], spacing=6)]
    out += [para(line, size=14) for line in info["lines"]]
    out += entry(screen, live, "combat", n, "Combat", lambda faces: E.Combat(
        seat, faces, strength, foe, int(d.get("sabers", info["sabers"])), bool(d.get("double"))), "Confirm combat")
    for o in cannon:
        out.append(flag(screen, f"opt:{o['source']}", f"Use the {o['name']} (+{plural(o['dice'], 'die')})"))
    out.append(extra_dice(screen))
    out.append(flag(screen, "sabers", "Sabers count as successes", info["sabers"]))
    out.append(flag(screen, "double", "Each success counts double"))
    return out


def search_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    d = screen.draft
    info = view["players"][seat]["rolls"]["search"]
    n = max(0, info["dice"] + d.get("extra", 0))
    out: list[ft.Control] = [heading(f"Search the {L.area(view['players'][seat]['area'])}", 17)]
    out += [para(line, size=14) for line in info["lines"]]
    out += entry(screen, live, "search", n, "Search", lambda faces: E.Search(seat, faces, bool(d.get("double"))),
                 "Confirm search")
    out.append(extra_dice(screen))
    out.append(flag(screen, "double", "Each success counts double"))
    return out


def end_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    info = view["players"][seat]["rolls"]["early_end"]
    n = info["dice"]
    out: list[ft.Control] = [heading("End the search early", 17)] + [para(x, size=14) for x in info["lines"]]
    return out + entry(screen, live, "end", n, "Mutiny", lambda faces: E.EndSearch(seat, faces), "Confirm early end")


def new_search_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    out: list[ft.Control] = [heading("A new search", 17), para("Choose the area (the same one is allowed).", 14),
                             area_buttons(screen, view, seat)]
    out.append(button("All Landmarks found: go to the Dig Site", lambda e: screen.act(E.ToDigSite(seat)),
                      icon=ft.Icons.FLAG))
    return out


def attack_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    me = view["players"][seat]
    rivals = [view["players"][q] for q in me["rivals"]]
    out: list[ft.Control] = [heading("Attack a rival", 17)]
    if not rivals:
        return out + [para("Nobody is in this area to attack.")]
    d = screen.draft
    target = d.get("target", rivals[0]["seat"])
    out.append(wrap_row([button(f"Attack {p['name']}", lambda e, q=p["seat"]: _set(screen, d, "target", q),
                                primary=p["seat"] == target) for p in rivals]))
    na = max(0, me["rolls"]["attack"]["dice"] + d.get("extra", 0))
    nd = max(0, view["players"][target]["rolls"]["attack"]["dice"] + d.get("extra_t", 0))
    out.append(extra_dice(screen))
    out += dice_entry(screen, "att", na, me["name"])
    out.append(extra_dice(screen, "extra_t"))
    out += dice_entry(screen, "def", nd, view["players"][target]["name"])
    fa, fd = entered(screen, "att", na), entered(screen, "def", nd)
    action = E.Attack(seat, target, tuple(fa or ()), tuple(fd or ()))
    ready = fa is not None and fd is not None
    if ready:
        out += preview_line(live, action)
    out.append(button("Confirm attack", lambda e: screen.act(action), icon=ft.Icons.CHECK, primary=True,
                      disabled=not ready))
    return out


def replenish_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    return [heading("Replenish your crew", 17), para(view["rules"]["replenish"], 14),
            button("Replenish the crew", lambda e: screen.act(E.Replenish(seat)), icon=ft.Icons.GROUP_ADD, primary=True,
                   disabled=view["tokens_left"] <= 0)]


def sailors_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    d = screen.draft
    n = d.get("n", 1)
    lf = d.get("lf", False)
    return [heading("Sailors lost or gained (a card, a curse, the volcano)", 17),
            stepper("Sailors", n, (lambda e: _set(screen, d, "n", n - 1)) if n > 1 else None,
                    lambda e: _set(screen, d, "n", n + 1)),
            flag(screen, "lf", "To / from Lost and Forgotten (else the reserve)"),
            wrap_row([button(f"Lose {n}", lambda e: screen.act(E.Sailors(seat, -n, lf)), icon=ft.Icons.REMOVE, primary=True),
                      button(f"Gain {n}", lambda e: screen.act(E.Sailors(seat, n, lf)), icon=ft.Icons.ADD)]),
            para(view["rules"]["emergency"], 13)]


def dig_site_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    return [heading("Every Landmark found?", 17),
            para("With no Map Fragment left, move to the Dig Site: discard your Event cards and Upcoming Incidents.", 14),
            button("Go to the Dig Site", lambda e: screen.act(E.ToDigSite(seat)), icon=ft.Icons.FLAG, primary=True)]


def dig_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    info = view["players"][seat]["rolls"]["dig"]
    n = info["dice"]
    out: list[ft.Control] = [heading("Dig up treasure", 17)] + [para(x, size=14) for x in info["lines"]]
    out += dice_entry(screen, "dig", n, "Dig")
    faces = entered(screen, "dig", n)
    out.append(button("Confirm dig", lambda e: screen.act(E.Dig(seat, tuple(faces or ()))), icon=ft.Icons.CHECK,
                      primary=True, disabled=faces is None))
    out.append(para("Drew a token another way (the Cannon)? Use Token.", 13))
    out.append(button("Enter a token", lambda e: pick_tool(screen, "Token"), icon=ft.Icons.TOKEN))
    return out


def token_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    p = view["players"][seat]
    c = L.cat()
    waiting = view["waiting"]
    mine = waiting is not None and waiting["kind"] == "token" and waiting["seat"] == seat
    out: list[ft.Control] = [heading(waiting["title"] if mine else "A token drawn from the bag", 17)]
    values = sorted(c.value_token)
    out.append(para("Treasure (its value):", 14))
    out.append(wrap_row([button(L.money(v), lambda e, v=v: screen.act(E.Token(seat, "treasure", v)),
                                tooltip=f"Treasure worth {L.money(v)}") for v in values], spacing=4))
    out.append(wrap_row([
        button("Ghost", lambda e: screen.act(E.Token(seat, "ghost")), icon=ft.Icons.NIGHTLIGHT),
        button("Dinosaur Attack", lambda e: screen.act(E.Token(seat, "dinosaur_attack")), icon=ft.Icons.PETS),
        button("Volcano", lambda e: screen.act(E.Token(seat, "volcano")), icon=ft.Icons.LOCAL_FIRE_DEPARTMENT),
    ]))
    if mine and p["digging"]:
        out.append(para("A card played at the table stops the dig:", 13))
        out.append(button("Stop digging", lambda e: screen.act(E.StopDig(seat)), icon=ft.Icons.STOP))
    return out


def roll_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    """A roll the rules wait for (a curse's die, a volcano mark's, a Dinosaur Attack from the deck)."""
    w = view["waiting"]
    n = w["n"]
    out: list[ft.Control] = [heading(w["title"], 17)]
    if w.get("what"):
        out.append(para(w["what"][:1].upper() + w["what"][1:], 14))
    return out + entry(screen, live, "wait", n, "Roll", lambda faces: E.Rolled(seat, faces), "Confirm the roll")


def pick_tool_of(entry: Any) -> Any:
    """A card or a treasure drawn, an option chosen, that the rules wait for: one button per thing
    that may have come up; `entry(seat, item)` is the entry a button makes."""
    def tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
        w = view["waiting"]
        return [heading(w["title"], 17), wrap_row([
            button(o["label"], lambda e, o=o: screen.act(entry(seat, o["item"])), primary=True)
            for o in w["options"]], spacing=6)]
    return tool


#: what the rules may wait for from the table, and the tool that enters it
WAITING_TOOLS = {"roll": roll_tool, "token": token_tool, "card": pick_tool_of(E.Drawn),
                 "treasure": pick_tool_of(E.Drawn), "choose": pick_tool_of(lambda seat, i: E.Chosen(seat, int(i)))}


def treasures_row(screen: Any, live: Any, p: dict[str, Any]) -> list[ft.Control]:
    """A captain's treasures lie face down: the shared screen says how many (the table's view);
    their values show only while that captain looks (the captain's own view, on a tap)."""
    w, seat = screen.w, p["seat"]
    looking: set[int] = screen.__dict__.setdefault("pvd_looking", set())
    line = w("pvd.treasures", n=p["treasure_count"])
    if p["carry"] is not None:
        line += w("pvd.carries", n=p["carry"])
    out: list[ft.Control] = [para(line, size=14)]
    if p["treasure_count"]:
        def flip(e: Any) -> None:
            looking.symmetric_difference_update({seat})
            screen.app.render()
        out.append(button(w("pvd.hide_values" if seat in looking else "pvd.look_values", name=p["name"]), flip,
                          icon=ft.Icons.VISIBILITY_OFF if seat in looking else ft.Icons.VISIBILITY))
    if seat in looking:
        own = live.session.view(seat)["players"][seat]["treasures"] or []
        out.append(para(w("pvd.values", name=p["name"], values=", ".join(L.money(v) for v in own)), size=14))
    return out


def return_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    p = live.session.view(seat)["players"][seat]  # (the captain chooses, looking at their own treasures)
    cap = p["carry"] or 0
    have = p["treasures"]
    must = p["put_back"]
    chosen: list[int] = screen.draft.setdefault("back", [])
    out: list[ft.Control] = [heading("Return to the ship", 17),
                             para(f"{plural(p['crew'], 'sailor')} carry {plural(cap, 'treasure')}; "
                                  f"{len(have)} dug up.", 14)]
    if must:
        out.append(para(screen.w("pvd.choose_privately", name=p["name"]), 14))
        out.append(para(f"Choose {must} to put back into the bag:", 14))
        out.append(wrap_row([button(f"{'Back: ' if i in chosen else ''}{L.money(v)}", lambda e, i=i: _toggle_i(screen, chosen, i),
                                    primary=i in chosen, tooltip=f"Put back {L.money(v)}")
                             for i, v in enumerate(have)], spacing=4))
    back = tuple(have[i] for i in chosen)
    out.append(button("Return to the ship", lambda e: screen.act(E.ReturnToShip(seat, back)), icon=ft.Icons.SAILING,
                      primary=True, disabled=len(back) != must))
    return out


def _toggle_i(screen: Any, items: list[int], i: int) -> None:
    if i in items:
        items.remove(i)
    else:
        items.append(i)
    screen.app.render()


def dice_tool(screen: Any, live: Any, view: dict[str, Any], seat: int) -> list[ft.Control]:
    return [heading("Special dice", 17)] + roller(screen)


def final_card(view: dict[str, Any]) -> ft.Control:
    sc = view["scores"]
    rows = []
    for r in sc["rows"]:
        if r["on_ship"] and r["value"] is None:  # (face down until the end: the count only)
            text = plural(r["count"], "treasure")
            detail = f"{plural(r['tokens'], 'token')}; crew {r['crew']}; the values stay face down until the end"
        elif r["on_ship"]:
            paid = ", ".join(L.money(v) for v in r["discarded"]) or "nothing"
            text = f"{L.money(r['value'])}"
            detail = (f"{plural(len(r['treasures']), 'treasure')}, {plural(r['tokens'], 'token')} pay {paid}, "
                      f"kept {len(r['treasures']) - len(r['discarded'])}; crew {r['crew']}")
        else:
            text, detail = ("sank" if r["sunk"] else "on the island"), ""
        rows.append((r["name"], text, r["name"] in sc["winners"], detail))
    out = score_table(rows, title="Final count (captains on the ship)")
    if sc["winners"] and view["over"]:
        return ft.Column([out, ft.Text("Winner: " + ", ".join(sc["winners"]), size=20, weight=ft.FontWeight.BOLD)])
    return out
