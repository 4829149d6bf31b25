"""Pirateology digital play: the ocean as a grid of squares in their printed colours with the
pieces on it; the squares the roll allows are outlined and tapping one moves there. Everything
shown comes from the view (squares, kinds, destinations, players); no rule lives here.

The grid is drawn here until the shared board widget (app/widgets/board.py) lands; every square
is an accessible button labelled like "C4 Coin: Ann's ship, reachable in 3"."""
from __future__ import annotations

from typing import Any

import flet as ft

from app.widgets.common import button, card, heading, notice, para, wrap_row

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
#: outline of a square the roll allows (a full move / an early anchor) and of the last move
REACH, ANCHOR, LAST = "#1f6f8b", "#b03a2e", "#7d3c98"
LETTERS = "ABCDE"


def _grid_size(view: dict[str, Any]) -> tuple[int, int]:
    squares = view["squares"]
    return 1 + max(COLUMNS.index(s[0]) for s in squares), max(int(s[1:]) for s in squares)


def _cell_px(screen: Any, cols: int) -> int:
    page_w = getattr(getattr(screen.app, "page", None), "width", None) or 390
    return max(20, min(44, int((min(float(page_w), 720) - 36) // cols)))


def board(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    acting = seat is not None and view["to_move"] == seat and view["phase"] == "move"
    dest = {d["space"]: d for d in view.get("destinations") or []} if acting else {}
    cols, rows = _grid_size(view)
    px = _cell_px(screen, cols)
    kinds = view["kinds"]
    here: dict[str, list[dict[str, Any]]] = {}
    for p in view["players"]:
        if p["space"] and not p["out"]:
            here.setdefault(p["space"], []).append(p)
    markers = {p["marker"]: p for p in view["players"] if p["marker"]}
    last = view.get("last_move") or {}
    lines: list[ft.Control] = []
    for r in range(1, rows + 1):
        cells = []
        for c in range(cols):
            sid = f"{COLUMNS[c]}{r}"
            kind = view["squares"].get(sid)
            if kind is None:
                cells.append(ft.Container(width=px, height=px))
                continue
            cells.append(_square(screen, view, seat, sid, kinds[kind], here.get(sid, []), markers.get(sid),
                                 dest.get(sid), sid in (last.get("from"), last.get("to")), px))
        lines.append(ft.Row(cells, spacing=1))
    out: list[ft.Control] = [ft.Column(lines, spacing=1, key="ocean")]
    if acting:
        anchors = [d for d in dest.values() if d["purpose"]]
        text = (f"Wind {view['wind_name']}, roll {' + '.join(view['roll'])} = {view['steps']}: tap an outlined "
                "square to sail there (doubled if the first step goes with the wind)")
        if anchors:
            text += "; red outlines drop anchor early to " + " or ".join(sorted({
                "battle" if d["purpose"] == "battle" else "bury or steal" for d in anchors}))
        out.append(para(text))
    elif view.get("wind"):
        out.append(para(f"Wind {view['wind_name']}" + (f", roll {' + '.join(view['roll'])} = {view['steps']}"
                                                        if view["roll"] else "")))
    out.append(para(f"Skull Bank: {view['bank']} coins · {view['pile_left']} Skull Cards in the pile"))
    out.append(legend(view))
    return out


def legend(view: dict[str, Any]) -> ft.Control:
    """What the colours of the squares mean (the kinds on the board, in the print's colours)."""
    used = dict.fromkeys(view["squares"].values())
    chips = [ft.Row([ft.Container(width=14, height=14, bgcolor=view["kinds"][k]["fill"], border_radius=3,
                                  border=ft.Border.all(1, "#00000033")),
                     ft.Text(view["kinds"][k]["name"], size=12)], spacing=4, tight=True) for k in used]
    return ft.Container(wrap_row(chips, spacing=10), key="legend")


def _square(screen: Any, view: dict[str, Any], seat: int | None, sid: str, kind: dict[str, Any],
            pieces: list[dict[str, Any]], marker: dict[str, Any] | None, dest: dict[str, Any] | None, last: bool,
            px: int) -> ft.Control:
    label = f"{sid.upper()} {kind['name']}"
    inside: list[ft.Control] = []
    if pieces:
        names = ", ".join(f"{p['name']}'s {'ship' if p['is_ship'] else 'pirate'}" for p in pieces)
        label += f": {names}"
        inside.append(ft.Text("".join(LETTERS[p["seat"]] for p in pieces), size=max(9, px * 0.42),
                              weight=ft.FontWeight.BOLD, color=pieces[0]["colour"]))
    elif marker:
        label += f": {marker['name']}'s land marker (castaway)"
        inside.append(ft.Text(LETTERS[marker["seat"]].lower(), size=max(9, px * 0.4), color=marker["colour"]))
    border_colour, width = "#00000033", 1
    if dest:
        border_colour, width = (ANCHOR if dest["purpose"] else REACH), 3
        label += f", reachable in {dest['steps']}" + (f" (drop anchor to {dest['purpose']})" if dest["purpose"] else "")
    elif last:
        border_colour, width = LAST, 2
        label += " (the last move)"
    tap = None
    if dest:
        def tap(e: Any, sid: str = sid) -> None:
            screen.act({"type": "move", "player": seat, "space": sid})
    box = ft.Container(content=ft.Row(inside, alignment=ft.MainAxisAlignment.CENTER) if inside else None,
                       width=px, height=px, bgcolor=kind["fill"], border=ft.Border.all(width, border_colour),
                       border_radius=3, on_click=tap, alignment=ft.Alignment.CENTER)
    return ft.Semantics(label=label, button=tap is not None, exclude_semantics=True, content=box)


def actions(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    """Every choice but the plain moves (those are taps on the board) as a button in words."""
    buttons = []
    for a in legal:
        d = a.to_dict()
        text = live.describe(a)
        if d["type"] == "move" and not text.startswith("drop anchor"):
            continue
        buttons.append(button(text[:1].upper() + text[1:], lambda e, a=a: screen.act(a),
                              primary=d["type"] in ("end_turn", "sail", "attack", "bury", "steal", "take_bank")))
    if not buttons:
        return [para("Tap an outlined square on the board.")]
    return [wrap_row(buttons)]


def details(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    """Each pirate's purse: piece, coins, cards (face up for all), buried treasure, state."""
    rows: list[ft.Control] = [heading("The pirates", 16)]
    for p in view["players"]:
        state = "out of the game" if p["out"] else ("on Castaway Island" if p["castaway"] else p["piece"])
        extra = []
        if p["lost_turn"]:
            extra.append("loses the next turn")
        if p["weapon"]:
            extra.append(f"best weapon {p['weapon']}" + (f" (range {p['range']})" if p["range"] else ""))
        buried = ", ".join(f"{n} at {k.upper()}" for k, n in p["buried"].items())
        cards = ", ".join(c["name"] for c in p["cards"]) or "no cards"
        rows.append(ft.Column([
            ft.Text(f"{LETTERS[p['seat']]}  {p['name']}: {state}", size=15, weight=ft.FontWeight.BOLD, color=p["colour"]),
            para(f"{p['coins']} coins · {cards}" + (f" · buried {buried}" if buried else "")
                 + (f" · {', '.join(extra)}" if extra else ""), size=14)], spacing=2))
    b = view.get("battle")
    if b:
        rows.insert(1, notice(f"Battle: {view['players'][b['attacker']]['name']} ({b['attacker_weapon']}, "
                              f"{b['attacker_dice']} dice) against {view['players'][b['defender']]['name']}"
                              + (f" ({b['defender_weapon']}, {b['defender_dice']} dice), wager {b['coins']} coins "
                                 f"and {b['cards']} cards" if b["duel"] else " (cannot fight back)")))
    return [card(*rows, key="pirates")]


def scores(view: dict[str, Any]) -> dict[int, Any]:
    return {p["seat"]: "out" if p["out"] else f"{p['gold']} gold" for p in view["players"]}


def final(live: Any, result: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The end screen: the winner first, then by gold; who was eliminated."""
    out = set(result.get("eliminated", []))
    winners = result.get("winners", [])
    rows = []
    for name, gold in sorted(result.get("scores", {}).items(),
                             key=lambda kv: (kv[0] in winners, kv[0] not in out, kv[1]), reverse=True):
        detail = "last pirate standing" if name in winners and len(winners) == 1 and out else (
            "out of the game" if name in out else f"{gold} gold carried and buried")
        rows.append((name, f"{gold} gold", detail))
    return rows
