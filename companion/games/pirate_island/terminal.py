"""Pirate Island in the terminal: a text map of the island, the seat's options, typed answers.

The interface is the one of companion/games/piraten_kapern/terminal.py (render, prompt, parse,
event_line, and bind for the legal actions). Moving is typed as `r1 g8` (pirate red-1 to field
G8; `r1 g8 carry` takes the treasure along, `r1 h4` goes aboard in harbour 4; `r1 g8 via g6 g7`
goes through G6 and G7, a way of the player's own); `r1` alone lists where red-1 can go and for
how much. Other decisions are a numbered menu. Only views are used.
"""
from __future__ import annotations

import re
from typing import Any

from companion.board.text import text_map as board_text_map
from companion.engine import Event

from .island import SHIP_PREFIX
from .rules import GAME

#: one letter per terrain on the map
TERRAIN = {"plain": " . ", "swamp": " ~ ", "hill": " n ", "mountain": " ^ ", "fortress": " # ", "lake": "(o)",
           "crater": "@@@"}
LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}
QUIET = {"chest"}

_menu: list[tuple[str, dict[str, Any]]] = []


def bind(session: Any, legal: list[Any]) -> None:
    """Remember the legal actions in words for the numbered menu."""
    _menu[:] = [(session.game.describe_action(session.state, a), a.to_dict()) for a in legal]


def short(pirate: str) -> str:
    colour, _, n = pirate.rpartition("-")
    return f"{LETTER.get(colour, colour[:1].upper())}{n}"


def text_map(view: dict[str, Any]) -> str:
    """The island in rows of hexes (companion.board.text_map), four columns a field: terrain,
    chest numbers, pieces; the printed row letters on the left, column numbers on top."""
    isl = GAME.island
    g = isl.graph
    occupied = view["occupied"]
    chests = {c["field"] for c in view["chests"]}
    ships = {s["harbour"]: s["colour"] for s in view["ships"] if s["harbour"]}

    def cell(sid: str) -> str:
        space = g[sid]
        if sid in occupied:
            return short(occupied[sid]) + ("$" if sid in chests else " ")
        if sid in ships:
            return f"<{LETTER[ships[sid]]}>"
        if space.kind == "harbour":
            return f"H{space.number}".ljust(3)
        if isl.number.get(sid) is not None:
            return f"{isl.number[sid]}" + ("*" if sid in chests else " ")
        if sid in chests:
            return " * "
        return TERRAIN.get(space.kind, " ? ")

    # a field's printed id is its row letter and column number (G7)
    letters = {g[sid].coord[1]: sid[0].upper() for sid in g.spaces if g[sid].coord and g[sid].kind != "harbour"}
    return board_text_map(g, cell, legend=[
        "  . plain  ~ swamp  n hill  ^ mountain  # fortress  (o) lake  @ crater  <R> ship",
        "  11-66 chest fields (* a chest)  R1 = red-1 ($ with a chest)  H1-H10 harbours"],
        row_label=lambda r: letters.get(r, " "),
        column_label=lambda sid: sid[1:] if g[sid].kind != "harbour" else None)


def render(view: dict[str, Any]) -> str:
    seat = view["to_move"]
    players = view["players"]
    me = players[seat] if seat is not None else None
    head = f"--- {me['name']} ({me['colour_name']}), round {view['round']}" if me else "---"
    if view["phase"] == "move":
        head += f", {view['bp']} BP to spend"
    if view["storm"]:
        head += ", STORM"
    lines = [head + " ---", text_map(view)]
    for p in players:
        ship = GAME.island.label[p["ship"]] if p["ship"] else "at sea"
        lines.append(f"  {p['name']} ({p['colour_name']}, ship {ship}): {p['ashore']} ashore, {p['aboard']} aboard, "
                     f"{p['totenkiste']} in the Totenkiste")
    if me:
        mine = [p for p in view["pirates"] if p["seat"] == seat and p["where"] != "totenkiste"]
        lines.append("your pirates: " + ", ".join(
            f"{short(p['id'])} {p['label']}" + (f" ({p['spent']} spent)" if p["spent"] else "") for p in mine))
        known = [c for c in view["chests"] if "treasure" in c]
        if known:
            lines.append("chests you looked into: " + ", ".join(
                f"{c['label']} {'TREASURE' if c['treasure'] else 'empty'}" for c in known))
    if view["phase"] == "move":
        lines.append("move: 'r1 g8' (pirate, field), 'r1 g8 carry' with the treasure, 'r1 h4' aboard, 'r1 g8 via g6 g7' "
                     "through G6 and G7 (not the cheapest way); 'r1' lists where it can go; 'sail h4', 'load r1', 'end'")
    else:
        lines += [f"  {i + 1}. {label}" for i, (label, _) in enumerate(_menu)]
    return "\n".join(lines)


def prompt(view: dict[str, Any]) -> str:
    if view["phase"] == "move":
        return "your move? "
    return f"choice (1-{len(_menu)})? "


def _pirate(word: str, view: dict[str, Any]) -> str:
    word = word.lower()
    ids = [p["id"] for p in view["pirates"]]
    if word in ids:
        return word
    m = re.fullmatch(r"([rbyg])(\d)", word)
    if m:
        colour = {"r": "red", "b": "blue", "y": "yellow", "g": "green"}[m.group(1)]
        if f"{colour}-{m.group(2)}" in ids:
            return f"{colour}-{m.group(2)}"
    raise ValueError(f"no pirate {word!r}; name one like r1 (red-1)")


def _place(word: str) -> str:
    isl = GAME.island
    w = word.lower()
    if w.isdigit() and int(w) in isl.chest_field:
        return isl.chest_field[int(w)]
    m = re.fullmatch(r"h(?:arbour-?)?(\d+)", w)
    if m and f"harbour-{m.group(1)}" in isl.harbours:
        return f"harbour-{m.group(1)}"
    if w in isl.fieldset:
        return w
    raise ValueError(f"no field {word!r}; give a field like G8, a chest number like 14 or a harbour like h4")


def parse(answer: str, view: dict[str, Any]) -> list[Any]:
    words = answer.strip().split()
    if not words:
        raise ValueError("type an answer (or quit)")
    if view["phase"] != "move":
        text = words[0]
        if not text.isdigit() or not 1 <= int(text) <= len(_menu):
            raise ValueError(f"type a number from 1 to {len(_menu)}")
        return [_menu[int(text) - 1][1]]
    seat = view["to_move"]
    head = words[0].lower()
    if head in ("end", "done", "e"):
        return [{"type": "end_moves", "player": seat}]
    if head == "sail" and len(words) == 2:
        ship = next((s["colour"] for s in view["ships"] if s["owner"] == seat and s["harbour"]), None)
        return [{"type": "sail", "player": seat, "ship": ship, "harbour": _place(words[1])}]
    if head == "load" and len(words) == 2:
        return [{"type": "load", "player": seat, "pirate": _pirate(words[1], view)}]
    pirate = _pirate(words[0], view)
    if len(words) == 1:
        opts = view.get("options", {}).get("moves", {}).get(pirate, [])
        if not opts:
            raise ValueError(f"{short(pirate)} cannot move now")
        listed = ", ".join(f"{o['label']} {o['cost']}" + (" carry" if o["carry"] else "") for o in
                           sorted(opts, key=lambda o: (o["cost"], o["label"])))
        raise ValueError(f"{short(pirate)} can go to: {listed}")
    rest = [w.lower() for w in words[2:]]
    carry = bool(rest) and rest[0] in ("carry", "c", "+", "treasure")
    if carry:
        rest = rest[1:]
    if rest and rest[0] == "via":
        if len(rest) == 1:
            raise ValueError("name the fields of the way after 'via', like: r1 g8 via g6 g7")
        return [{"type": "walk", "player": seat, "pirate": pirate, "to": _place(words[1]),
                 "via": [_place(w) for w in rest[1:]], "carry": carry}]
    if rest:
        raise ValueError(f"{' '.join(words[2:])!r}: after the field comes 'carry' and/or 'via' and the fields of the way")
    return [{"type": "move", "player": seat, "pirate": pirate, "to": _place(words[1]), "carry": carry}]


def event_line(event: Event) -> str | None:
    if event.type in QUIET:
        return None
    return event.text


def where(loc: str) -> str:
    return loc[len(SHIP_PREFIX):] + " ship" if loc.startswith(SHIP_PREFIX) else loc
