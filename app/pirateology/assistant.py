"""The Pirateology table helper: the real game (its rules engine with a Table chance source, so
one rules path serves the table and digital play) beside the printed board. Whatever the table
spins, rolls or draws is entered here, or spun, rolled or drawn here; the helper then moves the
pieces it is told to (tap the square), works out every square's and card's effect, battles,
Castaway Island and the Skull Bank, and keeps every pirate's coins, cards and buried treasure.
Undo takes back any entry (the assistant screen's button).

What the table must do now comes first: the compass (eight directions in a ring, or "Spin
here"), the skull dice (tap the faces rolled, or "Roll here"), the Skull Card drawn, the battle
with both weapons and the wager, the castaway's tries; then the ocean, then the purses. Every
number comes from the view; no rule lives here."""
from __future__ import annotations

import random
from typing import Any

import flet as ft

from app.pirateology import play
from app.pirateology.ocean import ARROWS, ocean
from app.widgets.common import TOUCH, button, card, heading, notice, para, wrap_row
from app.widgets.dice import icon_image
from app.widgets.drafts import add, clear, confirm, remove
from companion.words import plural

#: a ring of eight around the middle of a 3 x 3 grid, clockwise from the top (row, column), with
#: the arrow drawn on each; the directions come from the view in that order (clockwise from north)
RING = tuple(zip(((0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0)), ARROWS))


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def body(screen: Any, live: Any) -> list[ft.Control]:
    view = live.view(screen.app.client)   # the table's view: everything public
    players = view["players"]
    if view["over"]:
        return final(live, view)
    me = players[view["seat"]]
    out: list[ft.Control] = [heading(f"Round {view['round']}: {me['name']}'s turn ({me['piece']})", 18)]
    step = live.pending_chance()
    if view["castaway"]:
        out.append(castaway_card(view))
    if view["battle"]:
        out.append(battle_card(view))
    if step is not None:
        out.append(chance_panel(screen, view, step))
    elif view["to_move"] is not None:
        out.append(decision_panel(screen, live, view))
    out += ocean(screen, live, view, view["to_move"], None)
    out += play.details(screen, live, view, None)
    out.append(coins_line(view))
    return out


# --- what the table rolls, spins and draws ---------------------------------------------------
def chance_panel(screen: Any, view: dict[str, Any], step: Any) -> ft.Control:
    phase = view["phase"]
    if phase == "spin":
        return compass(screen, view, step)
    if step.kind == "draw":
        return cards_drawn(screen, view, step)
    names = [p["name"] for p in view["players"]]
    # (the step's dice shared out as the rules roll them: the contenders alike, the defender's in a
    # duel last)
    if phase == "initiative":
        each = len(step.dice) // max(1, len(view["contenders"]))
        groups = [(f"{names[p]}'s {'die' if each == 1 else 'dice'}", each) for p in view["contenders"]]
    elif phase == "battle":
        b = view["battle"]
        theirs = b["defender_dice"] if b["duel"] else 0
        groups = [(f"{names[b['attacker']]}'s dice ({b['attacker_weapon']})", len(step.dice) - theirs)]
        if b["duel"]:
            groups.append((f"{names[b['defender']]}'s dice ({b['defender_weapon']})", theirs))
    else:
        groups = [(f"{names[view['seat']]}'s dice", len(step.dice))]
    return dice_entry(screen, sentence(step.label), groups, view["faces"], step)


def compass(screen: Any, view: dict[str, Any], step: Any) -> ft.Control:
    """The compass spinner: tap where the real spinner's clip points, or spin here."""
    cells: dict[tuple[int, int], ft.Control] = {}
    for ((r, c), arrow), d in zip(RING, view["directions"]):
        cells[(r, c)] = ft.Semantics(label=f"Wind {d['name']}", button=True, exclude_semantics=True, content=ft.Container(
            ft.Column([ft.Icon(arrow, size=30), ft.Text(d["name"], size=13, weight=ft.FontWeight.BOLD,
                                                        text_align=ft.TextAlign.CENTER)],
                      spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                      alignment=ft.MainAxisAlignment.CENTER),
            width=104, height=80, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER, ink=True,
            on_click=lambda e, d=d["id"]: screen.resolve([d])))
    cells[(1, 1)] = ft.Semantics(label="Spin the compass here", button=True, exclude_semantics=True, content=ft.Container(
        ft.Column([ft.Icon(ft.Icons.EXPLORE, size=34, color=ft.Colors.ON_PRIMARY),
                   ft.Text("Spin here", size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY)],
                  spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER),
        width=104, height=80, border_radius=40, bgcolor=ft.Colors.PRIMARY, ink=True,
        on_click=lambda e: screen.resolve(step.sample(random.Random()))))
    rows = [ft.Row([cells[(r, c)] for c in range(3)], spacing=6, alignment=ft.MainAxisAlignment.CENTER)
            for r in range(3)]
    return card(heading(sentence(step.label), 16),
                para(f"Tap the direction the spinner points to ({view['cut_off']}), or spin here."),
                ft.Column(rows, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.CENTER), key="compass")


def face_tile(face: dict[str, Any], label: str, on_click: Any = None, size: int = 56, disabled: bool = False) -> ft.Control:
    """A skull die's face: its number, or the skull (which counts as its `number`)."""
    inner: ft.Control = icon_image("skull", int(size * 0.6)) if face["skull"] else \
        ft.Text(str(face["number"]), size=int(size * 0.5), weight=ft.FontWeight.BOLD)
    box = ft.Container(inner, width=size, height=max(size, TOUCH), border_radius=10, alignment=ft.Alignment.CENTER,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border=ft.Border.all(2, ft.Colors.OUTLINE),
                       on_click=None if disabled else on_click, ink=on_click is not None and not disabled,
                       opacity=0.45 if disabled else 1.0)
    return ft.Semantics(label=label, button=on_click is not None, exclude_semantics=True, content=box)


def empty_slot(label: str, size: int = 56) -> ft.Control:
    return ft.Semantics(label=label, exclude_semantics=True, content=ft.Container(
        ft.Text("?", size=int(size * 0.4)), width=size, height=max(size, TOUCH), border_radius=10,
        alignment=ft.Alignment.CENTER, border=ft.Border.all(2, ft.Colors.OUTLINE_VARIANT)))


def face_name(face: dict[str, Any]) -> str:
    return "Skull" if face["skull"] else str(face["number"])


def dice_entry(screen: Any, title: str, groups: list[tuple[str, int]], faces: list[dict[str, Any]],
               step: Any) -> ft.Control:
    """Tap the face of each die rolled at the table (group by group), or roll here."""
    n = sum(k for _, k in groups)
    draft: list[str] = screen.draft.setdefault("faces", [])
    by_id = {f["id"]: f for f in faces}
    rows: list[ft.Control] = [heading(title, 16)]
    i = 0
    for name, k in groups:
        slots = []
        for _ in range(k):
            if i < len(draft):
                f = by_id[draft[i]]
                slots.append(face_tile(f, f"{name}: {face_name(f)}, tap to clear", lambda e, i=i: remove(screen, i)))
            else:
                slots.append(empty_slot(f"{name}: not entered"))
            i += 1
        rows.append(ft.Column([ft.Text(name, size=14, weight=ft.FontWeight.BOLD), wrap_row(slots, spacing=6)],
                              spacing=4))
    full = len(draft) >= n
    rows.append(para("Tap the face of each die, in order; tap an entered die to clear it."))
    rows.append(wrap_row([face_tile(f, f"Die face {face_name(f)}", lambda e, f=f["id"]: add(screen, f, n),
                                    disabled=full) for f in faces], spacing=6))
    rows.append(wrap_row([
        button("Confirm the dice", lambda e: confirm(screen, n), icon=ft.Icons.CHECK, primary=True, disabled=not full),
        button("Roll here", lambda e: screen.resolve(step.sample(random.Random())), icon=ft.Icons.CASINO),
        button("Clear", lambda e: clear(screen), icon=ft.Icons.BACKSPACE, disabled=not draft),
    ]))
    return card(*rows, key="dice")


def cards_drawn(screen: Any, view: dict[str, Any], step: Any) -> ft.Control:
    """Which Skull Card(s) came off the pile: tap them (the cards left, with how many), or draw here."""
    left = step.describe()["left"]
    n = step.n
    types = view["card_types"]
    draft: list[str] = screen.draft.setdefault("cards", [])
    rows: list[ft.Control] = [heading(sentence(step.label), 16)]
    if n > 1:
        rows.append(wrap_row([
            button(types[c]["name"], lambda e, i=i: remove(screen, i, "cards"), icon=ft.Icons.CLOSE,
                   tooltip="Take it out again")
            for i, c in enumerate(draft)] + [para(f"{len(draft)} of {n} entered")]))
    taken = {c: draft.count(c) for c in draft}
    full = len(draft) >= n
    tiles = []
    for cid, k in left.items():
        t = types[cid]
        spare = k - taken.get(cid, 0)
        click = (lambda e, c=cid: screen.resolve([c])) if n == 1 else (lambda e, c=cid: add(screen, c, n, "cards"))
        tiles.append(card_tile(t, f"Card {t['name']} ({spare} left)", click, disabled=full or spare <= 0,
                               badge=f"{spare} left"))
    rows.append(para("Tap the card drawn at the table." if n == 1 else
                     f"All {n} entered: confirm them (tap one above to take it out again)." if full else
                     f"Tap the {n} cards dealt at the table."))
    rows.append(wrap_row(tiles, spacing=6))
    buttons = [button("Draw here", lambda e: screen.resolve(step.sample(random.Random())), icon=ft.Icons.STYLE)]
    if n > 1:
        buttons.insert(0, button("Confirm the cards", lambda e: confirm(screen, n, "cards"), icon=ft.Icons.CHECK,
                                 primary=True, disabled=not full, why=f"{n - len(draft)} more to enter"))
    rows.append(wrap_row(buttons))
    return card(*rows, key="cards")


def card_tile(t: dict[str, Any], label: str, on_click: Any, disabled: bool = False, badge: str = "") -> ft.Control:
    box = ft.Container(ft.Column([icon_image(t["icon"], 28), ft.Text(t["name"], size=12, text_align=ft.TextAlign.CENTER,
                                                                    max_lines=2),
                                  ft.Text(badge, size=10)],
                                 spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                 alignment=ft.MainAxisAlignment.CENTER),
                       width=92, height=92, border_radius=10, padding=4, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                       border=ft.Border.all(1, ft.Colors.OUTLINE), on_click=None if disabled else on_click,
                       ink=not disabled, opacity=0.45 if disabled else 1.0)
    return ft.Semantics(label=label, button=True, exclude_semantics=True, content=box)


# --- what the player to move decides -----------------------------------------------------------
def decision_panel(screen: Any, live: Any, view: dict[str, Any]) -> ft.Control:
    seat = view["to_move"]
    legal = live.legal_actions()
    name = view["players"][seat]["name"]
    if view["phase"] == "wager":
        return card(heading(f"{name}: the wager", 16), *play.actions(screen, live, seat, legal), key="decide")
    what = {"place": f"{name}: where does your pirate start?", "move": f"{name}: where do you sail?",
            "discard": f"{name}: which Skull Card do you give up?", "take": f"{name}: which card do you take?",
            "start": f"{name}: sail or pillage?", "act": f"{name}: anything else this turn?",
            "rob": screen.w("pirateology.ask_rob", name=name)}
    return card(heading(what.get(view["phase"], name), 16), *play.actions(screen, live, seat, legal), key="decide")


# --- what the table sees besides -----------------------------------------------------------------
def battle_card(view: dict[str, Any]) -> ft.Control:
    """Both weapons with their dice, the wager, and once rolled the faces and who won."""
    b = view["battle"]
    names = [p["name"] for p in view["players"]]
    a, d = names[b["attacker"]], names[b["defender"]]
    rows: list[ft.Control] = [heading(f"Battle: {a} against {d}", 16),
                              para(f"{a}: {b['attacker_weapon']}, {b['attacker_dice']} "
                                   f"{'die' if b['attacker_dice'] == 1 else 'dice'}")]
    if b["duel"]:
        rows.append(para(f"{d}: {b['defender_weapon']}, {b['defender_dice']} "
                         f"{'die' if b['defender_dice'] == 1 else 'dice'}"))
        if view["phase"] != "wager":
            rows.append(para(f"Wager: {plural(b['coins'], 'coin')} and {plural(b['cards'], 'card')} each"))
    else:
        rows.append(para(f"{d} has no weapon to fight back: {a} rolls one die for the coins"))
    if b.get("faces"):
        by_id = {f["id"]: f for f in view["faces"]}
        rows.append(wrap_row([face_tile(by_id[f], f"Battle die {i + 1}: {face_name(by_id[f])}", size=40)
                              for i, f in enumerate(b["faces"])], spacing=4))
    if b.get("result"):
        rows.append(ft.Text(sentence(b["result"]), size=16, weight=ft.FontWeight.BOLD))
    return card(*rows, key="battle")


def castaway_card(view: dict[str, Any]) -> ft.Control:
    c = view["castaway"]
    name = view["players"][c["player"]]["name"]
    needs = " or ".join(map(str, c["needs"]))
    return notice(f"{name} is on Castaway Island: try {c['try']} of {c['tries']} this turn; "
                  f"{needs} on {plural(c['dice'], 'die')} sails back to the land marker.")


def coins_line(view: dict[str, Any]) -> ft.Control:
    return para(f"Gold: {view['bank']} in the Skull Bank + {view['carried']} carried + {view['buried']} buried = "
                f"{plural(view['coins_total'], 'coin')}", size=13)


def final(live: Any, view: dict[str, Any]) -> list[ft.Control]:
    res = view["result"]
    rows = play.final(live, res, view)
    return [ft.Text("Game over", size=26, weight=ft.FontWeight.BOLD),
            ft.Text(("Winner: " if len(res["winners"]) == 1 else "Winners: ") + " and ".join(res["winners"]), size=20),
            card(*[para(f"{n}: {score}" + (f" ({detail})" if detail else "")) for n, score, detail in rows])]
