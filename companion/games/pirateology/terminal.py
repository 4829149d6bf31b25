"""Pirateology in the terminal: the ocean as a grid of letters with the pieces on it, the squares a
roll allows marked, and a numbered menu for every other choice (the interface is described in
companion/games/piraten_kapern/terminal.py; `bind` hands over the legal actions for the menu).

A move is typed as its square ("c4") or picked from the menu; everything else by its number.
Only views and the legal actions are used, never the state.
"""
from __future__ import annotations

import re
from typing import Any

from companion.words import words_for

#: one character per kind of square on the text board
LETTER = {"sea": ".", "skull": "S", "coin": "C", "broken-coin": "B", "hurricane": "H", "sea-monster": "M",
          "black-x": "X", "red-x": "R", "island": "i", "skull-island": "#", "castaway-island": "W"}
QUIET = {"initiative_tie"}
COLUMNS = "abcdefghijklmnopqrstuvwxyz"

#: the numbered choices (everything but the plain moves, which are typed as squares)
_menu: list[tuple[str, dict[str, Any]]] = []
#: the squares that may be typed: square -> (label, action)
_squares: dict[str, tuple[str, dict[str, Any]]] = {}


def bind(session: Any, legal: list[Any]) -> None:
    """The legal actions of the seat to move, worded by the rules."""
    _menu.clear()
    _squares.clear()
    for a in legal:
        label, action = session.game.describe_action(session.state, a), a.to_dict()
        if "space" in action:
            _squares[action["space"]] = (label, action)
        if action["type"] != "move" or label.startswith("drop anchor"):
            _menu.append((label, action))
    if legal:  # a battle with a weapon other than the best: not among the listed actions, the view offers it
        seat, w = legal[0].player, words_for("en")
        view = session.view(seat)
        names = [p["name"] for p in view["players"]]
        for o in view.get("other_weapons") or []:
            _menu.append((w("pirateology.attack_with", name=names[o["target"]], weapon=o["name"], n=o["dice"]),
                          {"type": "attack_with", "player": seat, "target": o["target"], "weapon": o["weapon"]}))


def board_lines(view: dict[str, Any]) -> list[str]:
    """The grid, pieces as seat numbers (1-5; a land marker of a castaway as its lower-case letter
    a-e), squares the roll allows as '*'."""
    squares = view["squares"]
    width = 1 + max(COLUMNS.index(sid[0]) for sid in squares)
    height = max(int(sid[1:]) for sid in squares)
    cells = {sid: LETTER.get(kind, "?") for sid, kind in squares.items()}
    for d in view.get("destinations") or []:
        cells[d["space"]] = "*"
    for p in view["players"]:
        if p["marker"]:
            cells[p["marker"]] = "abcde"[p["seat"]]
    for p in view["players"]:
        if p["space"] and not p["out"]:
            cells[p["space"]] = str(p["seat"] + 1)
    lines = ["    " + " ".join(COLUMNS[c].upper() for c in range(width))]
    for r in range(1, height + 1):
        lines.append(f"{r:>3} " + " ".join(cells.get(f"{COLUMNS[c]}{r}", " ") for c in range(width)))
    return lines


def render(view: dict[str, Any]) -> str:
    seat = view["to_move"]
    players = view["players"]
    lines = [f"--- round {view['round']}: {players[seat]['name'] if seat is not None else '-'} "
             f"({view['phase_words']}) ---"]
    lines += board_lines(view)
    lines.append(f"Skull Bank: {view['bank']} coins, {view['pile_left']} Skull Cards in the pile")
    for p in players:
        state = "out" if p["out"] else ("castaway" if p["castaway"] else p["piece"])
        buried = ", ".join(f"{k.upper()}:{v}" for k, v in p["buried"].items())
        cards = ", ".join(c["name"] for c in p["cards"]) or "no cards"
        lines.append(f"  {p['seat'] + 1} {p['name']} ({state}{', loses next turn' if p['lost_turn'] else ''}): "
                     f"{p['coins']} coins, {cards}" + (f"; buried {buried}" if buried else ""))
    if view["wind"]:
        lines.append(f"wind {view['wind_name']}, roll {', '.join(view['roll']) or '-'} = {view['steps']} "
                     "(* marks where you can go)")
    moves = [sq.upper() for sq, (_, a) in _squares.items() if a["type"] == "move"]
    if moves:
        lines.append("squares you can reach: " + " ".join(moves))
    lines += [f"  {i + 1}. {label}" for i, (label, _) in enumerate(_menu)]
    return "\n".join(lines)


def prompt(view: dict[str, Any]) -> str:
    if _squares:
        example = next(iter(_squares)).upper()
        return f"square (e.g. {example})" + (f" or number (1-{len(_menu)})" if _menu else "") + "? "
    return f"number (1-{len(_menu)})? "


def parse(answer: str, view: dict[str, Any]) -> list[Any]:
    text = answer.strip().lower()
    if re.fullmatch(r"[a-z]\d{1,2}", text):
        if text not in _squares:
            raise ValueError(f"{text.upper()} is not a square you can choose now"
                             + (f"; you can choose: {', '.join(s.upper() for s in _squares)}" if _squares else ""))
        return [_squares[text][1]]
    if not text.isdigit() or not 1 <= int(text) <= len(_menu):
        what = " or ".join(x for x in (f"a number from 1 to {len(_menu)}" if _menu else "", "a square" if _squares
                                       else "") if x)
        raise ValueError(f"type {what}")
    return [_menu[int(text) - 1][1]]


def event_line(event: Any) -> str | None:
    return None if event.type in QUIET else event.text
