"""Pirates vs. Dinosaurs in the terminal (the interface of companion/commands/play_cmd.py):
render(view), prompt(view), parse(answer, view), event_line(event), and bind(session, legal) for
the numbered menu of what the seat may do now. Only views are drawn, never the state."""
from __future__ import annotations

from typing import Any

from companion.engine import Event

from .catalog import catalog

STAGES = {1: "landing", 2: "exploring", 3: "digging", 4: "on the ship"}
PROMPTS = {
    "relic": "choose a Relic", "mate": "choose a First Mate", "outfit": "buy weapon and equipment (the rest: sailors)",
    "area": "where do you search", "inc_order": "play which Incident", "act": "search, end the search, attack or replenish",
    "arrange": "arrange Incidents (or go on)", "discard": "discard down to your hand limit",
    "pre": "before the roll: Desperate Actions, or roll", "post": "after the roll: Desperate Actions, or accept",
    "react_pre": "someone is about to roll: play a card on them?", "react_post": "react to the roll?",
    "look": "look at which Landmark", "dig_act": "dig, attack, replenish or return to the ship",
    "putback": "which treasure goes back into the bag", "ship": "draw from the bag or pass",
    "choose": "choose an option", "send_dino": "who fights the Dinosaur Attack", "cards": "play which card",
}
_menu: list[tuple[str, dict[str, Any]]] = []


def bind(session: Any, legal: list[Any]) -> None:
    global _menu
    _menu = [(session.game.describe_action(session.state, a), a.to_dict()) for a in legal]


def _name(card: str) -> str:
    c = catalog().events.get(card)
    return c.name["en"] if c else card


def render(view: dict[str, Any]) -> str:
    me = view["you"]
    lines = [f"--- turn {view['turns']} | volcano {view['volcano']}/6 | curses left {view['curses_left']} | "
             f"Giant T: {view['giant'] or 'off the board'} | deck {view['deck_size']} | bag {view['bag_size']} ---"]
    for a, info in view["areas"].items():
        lines.append(f"  {a:<10} {info['hours']} h, {len(info['hidden'])} hidden landmark(s)")
    for p in view["players"]:
        up = ", ".join(_name(c) for c in p["upcoming"].values() if c) or "-"
        lines.append(f"{'>' if p['seat'] == me else ' '} {p['name']:<10} {STAGES[p['stage']]:<11} {p['area'] or '-':<9} "
                     f"time {p['time']} crew {p['crew']} tokens {p['tokens']} found {len(p['found'])} "
                     f"treasures {p['treasure_count']} | {p['weapon']} {','.join(p['equipment'])} | "
                     f"{p['relic']} / {p['first_mate']}{' (used)' if p['first_mate_used'] else ''} | incidents: {up}")
    mine = view["players"][me]
    if mine.get("hand") is not None:
        lines.append("your hand: " + (", ".join(_name(c) for c in mine["hand"]) or "-"))
        lines.append("your map fragments: " + (", ".join(mine["fragments"]) or "all found"))
        if mine.get("known"):
            lines.append("landmarks you have seen: " + ", ".join(f"{k}={v}" for k, v in mine["known"].items()))
        if mine.get("treasures"):
            lines.append("your treasures: " + ", ".join(f"${v:,}" for v in mine["treasures"]))
    roll = view.get("roll")
    if roll:
        lines.append(f"roll: {roll['kind']} {roll['foe']} - {roll['dice']} dice {' '.join(roll['faces'])}")
    lines += [f"  {i + 1}. {label}" for i, (label, _) in enumerate(_menu)]
    return "\n".join(lines)


def prompt(view: dict[str, Any]) -> str:
    kind = (view.get("decision") or {}).get("kind", "")
    return f"{PROMPTS.get(kind, kind)} (1-{len(_menu)})? "


def parse(answer: str, view: dict[str, Any]) -> list[Any]:
    text = answer.strip()
    if not text.isdigit() or not 1 <= int(text) <= len(_menu):
        raise ValueError(f"type a number from 1 to {len(_menu)}")
    return [_menu[int(text) - 1][1]]


def event_line(event: Event) -> str | None:
    if event.type in ("draw",) and event.visible_to is None:
        return None
    return event.text
