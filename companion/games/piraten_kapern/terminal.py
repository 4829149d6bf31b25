"""Piraten Kapern in the terminal: how a view is drawn and how a typed answer becomes actions.

The terminal interface (used by companion/commands/play_cmd.py; any game may provide a
`companion/games/<game>/terminal.py` with the same four functions, otherwise a numbered menu of
the legal actions is used):

    render(view) -> str             the table as the seat to move sees it (a player view)
    prompt(view) -> str             the question for that seat, ending in ': ' or '? '
    parse(answer, view) -> list     replay-style entries ("stop", {"reroll": [1, 3]}, {"pick": 2}...,
                                    see docs/REPLAY.md); raise ValueError(reason) to ask again
    event_line(event) -> str | None a line for the game log, or None to keep it quiet

Only views are used, never the state, so the same module works for hot-seat and networked play.
"""
from __future__ import annotations

import re
from typing import Any

from companion.content.models import say
from companion.engine import Event

SYMBOL = {"coin": "coin", "diamond": "diamond", "monkey": "monkey", "parrot": "parrot", "saber": "saber",
          "skull": "SKULL"}
QUIET = {"pick", "unpick", "chest_on", "chest_off"}


def render(view: dict[str, Any]) -> str:
    seat = view["to_move"]
    players = view["players"]
    name = players[seat]["name"] if seat is not None else "-"
    rnd = min(p["turns"] for p in players) + 1
    lines = [f"--- {name}'s turn, round {rnd}{' (last round)' if view['last_round'] else ''} ---",
             "scores: " + " | ".join(f"{p['name']} {p['score']}" for p in players)]
    card = view["card"]
    if card:
        lines.append(f"card: {say(card['name'])} - {say(card['text'])}")
    dice = []
    for d in view["dice"]:
        face = SYMBOL.get(d["face"], d["face"] or "?")
        text = f"{d['die']}:{face}"
        if d["chest"]:
            text = f"[{text}]"
        if d["picked"]:
            text += "*"
        dice.append(text)
    lines.append("dice:  " + "  ".join(dice))
    notes = [f"skulls: {view['skulls']}"]
    if any(d["chest"] for d in view["dice"]):
        notes.append("[ ] on the chest")
    if any(d["picked"] for d in view["dice"]):
        notes.append("* picked")
    preview = view.get("preview")
    if preview:
        if view["island"]:
            if preview["points"]:
                notes.append(f"Skull Island: ending now costs you {-preview['points']}")
            else:
                notes.append(f"Skull Island: ending now costs every opponent {-preview['opponents']}")
        elif view["doomed"]:
            notes.append("three skulls: the Sorceress may re-roll one")
        else:
            notes.append(f"stop now: {preview['points']:+d}")
    if view["sorceress"] and not view["doomed"]:
        notes.append("the Sorceress may re-roll one skull")
    if view["rerolls_left"] is not None:
        notes.append(f"re-rolls left: {view['rerolls_left']}")
    lines.append("  ".join(notes))
    return "\n".join(lines)


def prompt(view: dict[str, Any]) -> str:
    name = view["players"][view["to_move"]]["name"]
    if view["island"]:
        return f"{name}, on Skull Island: re-roll which dice? (numbers, 'all', or 'stop') "
    if view["doomed"]:
        return f"{name}, three skulls: re-roll which dice with the Sorceress? (numbers with one skull, or 'stop') "
    extra = ", 'chest 1 2' to keep dice on the chest" if view["card"] and view["card"]["kind"] == "chest" else ""
    return f"{name}, re-roll which dice? (numbers, 'all'{extra}, or 'stop') "


HELP = ("type the numbers of the dice to re-roll (e.g. '1 4 5'), 'all' for every die you may re-roll, "
        "'stop' to end the turn and score, 'chest 1 2' (Treasure Chest) to leave exactly those dice on the card, "
        "'card' to read the card again")


def parse(answer: str, view: dict[str, Any]) -> list[Any]:
    text = answer.strip().lower()
    if not text:
        raise ValueError("nothing typed; " + HELP)
    if text in ("stop", "s", "done", "end"):
        return ["stop"]
    if text in ("help", "?", "h"):
        raise ValueError(HELP)
    if text == "card":
        card = view["card"]
        raise ValueError(f"{say(card['name'])}: {say(card['text'])}" if card else "no card yet")
    if text == "all":
        dice = [d["die"] for d in view["dice"] if d["face"] != "skull" and not d["chest"]]
        return [{"reroll": dice}]
    chest = False
    if text.startswith("chest"):
        chest = True
        text = text[len("chest"):]
    parts = [p for p in re.split(r"[\s,]+", text) if p]
    numbers = []
    for p in parts:
        if not p.isdigit():
            raise ValueError(f"{p!r} is not a die number; " + HELP)
        n = int(p)
        if not 1 <= n <= len(view["dice"]):
            raise ValueError(f"there is no die {n}; the dice are numbered 1 to {len(view['dice'])}")
        if n in numbers:
            raise ValueError(f"die {n} is named twice")
        numbers.append(n)
    if chest:
        return [{"chest": numbers}]
    if not numbers:
        raise ValueError(HELP)
    return [{"reroll": numbers}]


def event_line(event: Event) -> str | None:
    if event.type in QUIET:
        return None
    return event.text
