"""The ocean on screen, for digital play and the table helper: the shared board widget
(app/widgets/board.py) drawing the printed map with the pieces, the squares the roll allows
outlined (blue: a full move, red: dropping anchor early) and tapped to sail there, the Black X
squares a pirate may start on at setup, the last move; below it the wind and roll, the bank, the
colours' legend. Every square is an accessible button ("C4 Coin: Ann's ship, reachable in 3").
Everything shown comes from the views; no rule lives here."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.widgets.board import board_panel
from app.widgets.common import para, wrap_row


#: the arrow of each compass direction, in the view's order (clockwise from north)
ARROWS = (ft.Icons.NORTH, ft.Icons.NORTH_EAST, ft.Icons.EAST, ft.Icons.SOUTH_EAST, ft.Icons.SOUTH, ft.Icons.SOUTH_WEST,
          ft.Icons.WEST, ft.Icons.NORTH_WEST)


def wind(view: dict[str, Any]) -> ft.Control | None:
    """The wind this turn as the spinner showed it: its arrow and its name, large."""
    ids = [d["id"] for d in view["directions"]]
    if not view.get("wind") or view["wind"] not in ids:
        return None
    return ft.Semantics(label=f"The wind blows {view['wind_name']}", exclude_semantics=True, content=ft.Row([
        ft.Icon(ARROWS[ids.index(view["wind"]) % len(ARROWS)], size=30),
        ft.Text(f"Wind {view['wind_name']}", size=20, weight=ft.FontWeight.BOLD)], spacing=6, key="wind"))


def highlights(view: dict[str, Any], seat: int | None, places: list[str]) -> dict[str, dict[str, Any]]:
    """The squares to outline: where the acting seat may go (with the steps), or the last move."""
    acting = seat is not None and view["to_move"] == seat
    if acting and view["phase"] == "move":
        out = {}
        for d in view.get("destinations") or []:
            label = f"reachable in {d['steps']}"
            if d["purpose"]:
                label += f" (drop anchor to {'battle' if d['purpose'] == 'battle' else 'bury or steal'})"
            out[d["space"]] = {"kind": "target" if d["purpose"] else "reachable", "text": d["steps"], "label": label}
        return out
    if acting and places:
        return {sq: {"kind": "reachable", "label": "a Black X to start on"} for sq in places}
    last = view.get("last_move") or {}
    return {sq: {"kind": "last"} for sq in (last.get("from"), last.get("to")) if sq}


def ocean(screen: Any, live: Any, view: dict[str, Any], seat: int | None, board_seat: int | None) -> list[ft.Control]:
    """The board for `seat` to tap (None: to look at); `board_seat` is whose board view to ask
    for (the table helper's is the table's, None)."""
    legal = [a.to_dict() for a in live.legal_actions()] if seat is not None and view["to_move"] == seat else []
    places = [a["space"] for a in legal if a["type"] == "place"]
    moves = {d["space"] for d in view.get("destinations") or []} if seat is not None and view["to_move"] == seat \
        and view["phase"] == "move" else set()

    def act(sid: str) -> bool:
        if sid in moves:
            screen.act({"type": "move", "player": seat, "space": sid})
            return True
        if sid in places:
            screen.act({"type": "place", "player": seat, "space": sid})
            return True
        return False

    board = live.board_view(screen.app.client, board_seat)
    out: list[ft.Control] = []
    blows = wind(view)
    if blows is not None:
        out.append(blows)
    if moves:
        anchors = {d["purpose"] for d in view["destinations"] if d["purpose"]}
        text = (f"Roll {' + '.join(view['roll'])} = {view['steps']}: tap an outlined square to sail there "
                "(doubled if the first step goes with the wind)")
        if anchors:
            text += "; red outlines drop anchor early to " + " or ".join(sorted(
                "battle" if a == "battle" else "bury or steal" for a in anchors))
        out.append(para(text))
    elif places:
        out.append(para("Tap an outlined Black X to start there."))
    elif view.get("roll"):
        out.append(para(f"Roll {' + '.join(view['roll'])} = {view['steps']}"))
    out.append(board_panel(screen, board, highlights(view, seat, places), key="ocean", act=act))
    out.append(para(board["summary"]))
    out.append(legend(view, board))
    return out


def legend(view: dict[str, Any], board: dict[str, Any]) -> ft.Control:
    """What the colours of the squares mean (the kinds on the board, in the print's colours)."""
    used = dict.fromkeys(view["squares"].values())
    chips = [ft.Row([ft.Container(width=14, height=14, bgcolor=view["kinds"][k]["fill"], border_radius=3,
                                  border=ft.Border.all(1, "#00000033")),
                     ft.Text(view["kinds"][k]["name"], size=12)], spacing=4, tight=True) for k in used]
    return ft.Container(ft.Column([wrap_row(chips, spacing=10), ft.Text(board["key"], size=12)], spacing=4),
                        key="legend")
