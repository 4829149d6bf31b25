"""The Kapern score pad: tap the fortune card and the dice rolled at the table (or roll them
here), then pick dice to re-roll or stop. The engine (a Session with a Table chance source)
keeps the scores, Skull Island losses and the last round."""
from __future__ import annotations

import random
from typing import Any

import flet as ft

from app.assistant import TOP
from app.piraten_kapern import play, said, turn
from app.widgets import drafts
from app.widgets.common import button, card, heading, notice, para, wrap_row
from app.widgets.dice import tile
from app.widgets.final import final_banner, standings
from app.widgets.log import score_table
from app.widgets.sheet import round_sheet

#: the scroll key of the turn being decided (its heading, the skulls, the dice)
TURN = "kapern-turn"

def body(screen: Any, live: Any) -> list[ft.Control]:
    w = screen.w
    view = live.view(screen.app.client)
    players = view["players"]
    seat = view["seat"]
    out: list[ft.Control] = []
    if view["over"]:  # the final scores with the turns each took, the winners highlighted
        res = view["result"]
        out.append(final_banner(res["winners"], screen.accent, w=w))
        out.append(standings(play.final(live, res, view, w), res["winners"], {p["name"]: p["seat"] for p in players},
                             w=w))
        out += score_sheet(screen, live, players)
        return out
    out.append(score_table([(p["name"], p["score"], p["seat"] == seat) for p in players],
                           seats=[p["seat"] for p in players], title=w("app.play.scores")))
    if view["last_round"]:
        out.append(notice(w("kapern.final_round", threshold=view["end_threshold"]), error=True))
    last = turn.last_turn(w, view)
    if last is not None:
        out.append(last)
    name = players[seat]["name"]
    step = live.pending_chance()
    # a new moment of the turn brings its start into view: the next player's card choice with the
    # scores above it (after "Stop and score" the page stayed scrolled down), the skulls and dice
    # just rolled under the app bar (picking dice is the same moment: the page stays put)
    moment = (seat, players[seat]["turns"], view["phase"], view["rolls"], step is not None)
    fresh = screen.__dict__.get("kapern_moment") != moment
    screen.kapern_moment = moment
    if step is not None and step.kind == "draw":
        if fresh:
            screen.scroll_target = TOP
        out += draw_card(screen, view, name, step)
    elif step is not None:
        out += enter_dice(screen, view, name, step)
    else:
        if fresh:
            screen.scroll_target = TURN
        out.append(ft.Container(heading(w("kapern.turn_of", name=name)), key=ft.ScrollKey(TURN)))
        out.append(turn.card_panel(w, view))
        out += turn.turn_status(w, view)
        legal = live.legal_actions()
        out.append(para(w("kapern.tap_to_reroll")))
        out.append(turn.dice_row(screen, view, seat, legal))
        out += turn.decide_buttons(screen, live, view, seat, legal)
        out += screen.odds_here(None)
        out.append(turn.score_panel(w, view))
    out += score_sheet(screen, live, players)
    return out

def score_sheet(screen: Any, live: Any, players: list[dict[str, Any]]) -> list[ft.Control]:
    """The score sheet by round, as the table's history records it (the same rounds)."""
    rounds = [r for r in live.track() if r.round > 0]
    if not rounds:
        return []
    return [heading(screen.w("kapern.score_sheet"), 16),
            round_sheet(rounds, [p["name"] for p in players], screen.w, key="score-sheet")]

def draw_card(screen: Any, view: dict[str, Any], name: str, step: Any) -> list[ft.Control]:
    w = screen.w
    tiles = []
    for c in view["cards_left"]:
        title = said.card(w, view, c["id"])
        tiles.append(tile(w("kapern.card_tile", card=title), title, c["icon"],
                          lambda e, c=c["id"]: screen.resolve([c]), width=104, height=96,
                          badge=w("kapern.left", n=c["left"])))
    return [heading(w("kapern.which_card", name=name)), wrap_row(tiles, spacing=6),
            button(w("kapern.draw_here"), lambda e: screen.resolve(step.sample(random.Random())),
                   icon=ft.Icons.STYLE, tooltip=w("kapern.draw_here_why"))]

def enter_dice(screen: Any, view: dict[str, Any], name: str, step: Any) -> list[ft.Control]:
    w = screen.w
    rolling = view["rolling"]
    n = len(rolling)
    draft: list[str] = screen.draft.setdefault("faces", [])
    if not screen.draft.get("shown"):  # new dice to enter: back up to the kept dice and the slots
        screen.draft["shown"] = True
        screen.scroll_target = TOP
    what = w("kapern.enter_all", name=name, n=n) if n == len(view["dice"]) else \
        w("kapern.enter_some", name=name, dice=said.dice(rolling, w))
    out: list[ft.Control] = [heading(what)]
    if view.get("card"):
        out.append(turn.card_panel(w, view))
    kept = [d for d in view["dice"] if d["die"] not in rolling and d["face"]]
    if kept:  # the dice not re-rolled stay in sight while the new faces are entered
        out.append(para(w("kapern.kept"), size=14))
        out.append(wrap_row([tile(w("kapern.kept_die_chest" if d["chest"] else "kapern.kept_die", n=d["die"],
                                    face=said.face(w, view, d["face"])),
                                  said.face(w, view, d["face"]), d["icon"], marked=d["chest"], badge=str(d["die"]),
                                  width=64, height=80)
                             for d in kept], spacing=4))
    faces = {f["id"]: f for f in view["faces"]}
    slots = []
    for i, die in enumerate(rolling):
        face = faces[draft[i]] if i < len(draft) else None
        shown = said.face(w, view, face["id"]) if face else None
        slots.append(tile(w("kapern.slot", n=die, face=shown or w("kapern.empty")), shown or "?",
                          face["icon"] if face else None,
                          (lambda e, i=i: drafts.remove(screen, i)) if face else None,
                          badge=str(die), width=64, height=80))
    out.append(wrap_row(slots, spacing=6))
    full = len(draft) >= n
    out.append(para(w("kapern.tap_faces")))
    palette = [tile(w("kapern.add_face", face=said.face(w, view, f["id"])), said.face(w, view, f["id"]), f["icon"],
                    (lambda e, f=f["id"]: drafts.add(screen, f, n)), width=80, height=84, disabled=full)
               for f in view["faces"]]
    out.append(wrap_row(palette, spacing=6))
    out.append(wrap_row([
        button(w("kapern.confirm"), lambda e: drafts.confirm(screen, n), icon=ft.Icons.CHECK, primary=True,
               disabled=not full),
        button(w("kapern.roll_here"), lambda e: screen.resolve(step.sample(random.Random())), icon=ft.Icons.CASINO),
        button(w("kapern.clear"), lambda e: drafts.clear(screen), icon=ft.Icons.BACKSPACE, disabled=not draft),
    ]))
    return out
