"""The Kapern score pad: tap the fortune card and the dice rolled at the table (or roll them
here), then pick dice to re-roll or stop. The engine (a Session with a Table chance source)
keeps the scores, Skull Island losses and the last round."""
from __future__ import annotations

import random
from typing import Any

import flet as ft

from app.assistant import TOP
from app.piraten_kapern import play, turn
from app.widgets.common import button, heading, notice, para, wrap_row
from app.widgets.dice import tile
from app.widgets.final import final_banner, standings
from app.widgets.log import score_table


def body(screen: Any, live: Any) -> list[ft.Control]:
    view = live.view(screen.app.client)
    players = view["players"]
    seat = view["seat"]
    out: list[ft.Control] = []
    if view["over"]:  # the final scores with the turns each took, the winners highlighted
        res = view["result"]
        out.append(final_banner(res["winners"], screen.accent))
        out.append(standings(play.final(live, res, view), res["winners"], {p["name"]: p["seat"] for p in players}))
        return out
    out.append(score_table([(p["name"], p["score"], p["seat"] == seat) for p in players],
                           seats=[p["seat"] for p in players]))
    if view["last_round"]:
        out.append(notice(f"Final round! Someone reached {view['end_threshold']}: "
                          "the round is played to the end.", error=True))
    last = turn.last_turn(view)
    if last is not None:
        out.append(last)
    name = players[seat]["name"]
    step = live.pending_chance()
    if step is not None and step.kind == "draw":
        out += draw_card(screen, view, name, step)
    elif step is not None:
        out += enter_dice(screen, view, name, step)
    else:
        out.append(heading(f"{name}'s turn"))
        out.append(turn.card_panel(view))
        out += turn.turn_status(view)
        legal = live.legal_actions()
        out.append(para("Tap the dice to re-roll, then enter their new faces; or stop and score."))
        out.append(turn.dice_row(screen, view, seat, legal))
        out += turn.decide_buttons(screen, live, view, seat, legal)
        out += screen.odds_here(None)
        out.append(turn.score_panel(view))
    return out


def draw_card(screen: Any, view: dict[str, Any], name: str, step: Any) -> list[ft.Control]:
    tiles = [tile(f"Card: {c['title']}", c["title"], c["icon"], lambda e, c=c["id"]: screen.resolve([c]),
                  width=104, height=96, badge=f"{c['left']} left") for c in view["cards_left"]]
    return [heading(f"{name}'s turn: which fortune card was drawn?"), wrap_row(tiles, spacing=6),
            button("Draw a card here", lambda e: screen.resolve(step.sample(random.Random())),
                   icon=ft.Icons.STYLE, tooltip="Draw a random card from the cards left")]


def enter_dice(screen: Any, view: dict[str, Any], name: str, step: Any) -> list[ft.Control]:
    rolling = view["rolling"]
    n = len(rolling)
    draft: list[str] = screen.draft.setdefault("faces", [])
    if not screen.draft.get("shown"):  # new dice to enter: back up to the kept dice and the slots
        screen.draft["shown"] = True
        screen.scroll_target = TOP
    what = f"the {n} dice" if n == len(view["dice"]) else f"dice {', '.join(map(str, rolling))}"
    out: list[ft.Control] = [heading(f"{name}: enter {what}")]
    if view.get("card"):
        out.append(turn.card_panel(view))
    kept = [d for d in view["dice"] if d["die"] not in rolling and d["face"]]
    if kept:  # the dice not re-rolled stay in sight while the new faces are entered
        out.append(para("Kept:", size=14))
        out.append(wrap_row([tile(f"Kept die {d['die']}: {d['name']}" + (", on the Treasure Chest" if d["chest"] else ""),
                                  d["name"], d["icon"], marked=d["chest"], badge=str(d["die"]), width=56, height=72)
                             for d in kept], spacing=4))
    faces = {f["id"]: f for f in view["faces"]}
    slots = []
    for i, die in enumerate(rolling):
        face = faces[draft[i]] if i < len(draft) else None
        slots.append(tile(f"Slot die {die}: {face['name'] if face else 'empty'}", face["name"] if face else "?",
                          face["icon"] if face else None, (lambda e, i=i: remove_face(screen, i)) if face else None,
                          badge=str(die), width=64, height=80))
    out.append(wrap_row(slots, spacing=6))
    full = len(draft) >= n
    out.append(para("Tap a face for each die rolled (in any order); tap a filled die to clear it."))
    palette = [tile(f"Add {f['name']}", f["name"], f["icon"], (lambda e, f=f["id"]: add_face(screen, f, n)),
                    width=80, height=84, disabled=full) for f in view["faces"]]
    out.append(wrap_row(palette, spacing=6))
    out.append(wrap_row([
        button("Confirm dice", lambda e: confirm(screen, n), icon=ft.Icons.CHECK, primary=True, disabled=not full),
        button("Roll digital dice", lambda e: screen.resolve(step.sample(random.Random())), icon=ft.Icons.CASINO),
        button("Clear", lambda e: clear(screen), icon=ft.Icons.BACKSPACE, disabled=not draft),
    ]))
    return out


def add_face(screen: Any, face: str, n: int) -> None:
    draft = screen.draft.setdefault("faces", [])
    if len(draft) < n:
        draft.append(face)
    screen.app.render()


def remove_face(screen: Any, i: int) -> None:
    draft = screen.draft.setdefault("faces", [])
    if i < len(draft):
        draft.pop(i)
    screen.app.render()


def clear(screen: Any) -> None:
    screen.draft["faces"] = []
    screen.app.render()


def confirm(screen: Any, n: int) -> None:
    faces = list(screen.draft.get("faces", []))
    if len(faces) == n:
        screen.resolve(faces)
