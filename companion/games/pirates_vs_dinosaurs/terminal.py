"""Pirates vs. Dinosaurs in the terminal (the interface of companion/commands/play_cmd.py):
render(view), prompt(view), parse(answer, view), event_line(event), bind(session, legal) for the
numbered menu of what the seat may do now (the windows a lone human need not see are passed by the
engine's Runner). Only views are drawn, never the state.

The board is drawn again only when it changed since it was last drawn (or for another seat); the
menu always. Answers are a number from the menu; the purchase also takes words ("sabers machete
shovels"); `board` draws the board again. A bad answer is asked again with the reason."""
from __future__ import annotations

from typing import Any

from companion.engine import Event

from .catalog import catalog
from .views import question as ask

STAGES = {1: "landing", 2: "exploring", 3: "digging", 4: "on the ship"}
#: decisions a lone human never needs to see when passing is all they can do (ruling reaction-windows)
QUIET = ("pre", "post", "react_pre", "react_post", "react_card", "inc_order")

_menu: list[tuple[str, dict[str, Any]]] = []
_last: dict[str, Any] = {"board": None, "seat": None}


def bind(session: Any, legal: list[Any]) -> None:
    global _menu
    _menu = [(session.game.describe_action(session.state, a), a.to_dict()) for a in legal]


def _name(card: str) -> str:
    c = catalog().events.get(card)
    return c.name["en"] if c else card


def _landmark(lm: str) -> str:
    names = {x.id: x.name["en"] for x in catalog().content.files["landmarks.yaml"].tokens}
    return names.get(lm, lm)


def _named(table: dict[str, Any], key: str) -> str:
    return table[key].name["en"] if key in table else (key or "-")


def board(view: dict[str, Any]) -> str:
    cat = catalog()
    me = view["you"]
    lines = [f"--- turn {view['turns']} | volcano {view['volcano']}/6 | curses left {view['curses_left']} | "
             f"replenishment tokens left {view['tokens_left']} | Giant Tyrannosaurus: "
             f"{(view['giant'] or 'off the board').capitalize()} | deck {view['deck_size']} | bag {view['bag_size']} "
             f"| Lost and Forgotten {view['lost_and_forgotten']} ---"]
    lines.append("  areas: " + "; ".join(f"{a.capitalize()} {info['hours']} h, {len(info['hidden'])} hidden"
                                         for a, info in view["areas"].items()))
    for p in view["players"]:
        up = ", ".join(_name(c) for c in p["upcoming"].values() if c) or "-"
        crew = "?" if p["crew"] is None else p["crew"]
        weapon = {"?": "?", "": "-"}.get(p["weapon"]) or _named(cat.weapons, p["weapon"])
        eq = ", ".join(_named(cat.equipment, e) for e in p["equipment"])
        mate = _named(cat.mates, p["first_mate"]) + (" (used)" if p["first_mate_used"] else "")
        where = p["area"].capitalize() if p["area"] else "-"
        lines.append(f"{'>' if p['seat'] == me else ' '} {p['name']:<8} {STAGES[p['stage']]:<11} {where:<9} "
                     f"time {p['time']}  crew {crew}  cards {p['hand_size']}  tokens {p['tokens']}  "
                     f"found {len(p['found'])}  treasures {p['treasure_count']}  curses {len(p['curses'])}")
        lines.append(f"    {weapon}{' + ' + eq if eq else ''} | Relic: {_named(cat.relics, p['relic'])} | "
                     f"First Mate: {mate} | Upcoming Incidents: {up}")
    mine = view["players"][me]
    if mine.get("hand") is not None:
        lines.append("your hand: " + (", ".join(_name(c) for c in mine["hand"]) or "-"))
        lines.append("your Map Fragments: " + (", ".join(_landmark(x) for x in mine["fragments"]) or "all found"))
        if mine.get("known"):
            lines.append("Landmarks you have seen: " + ", ".join(f"{k} is {_landmark(v)}" for k, v in mine["known"].items()))
        if mine.get("treasures"):
            lines.append("your treasures: " + ", ".join(f"${v:,}" for v in mine["treasures"]))
    return "\n".join(lines)


def render(view: dict[str, Any]) -> str:
    text = board(view)
    lines = []
    if text != _last["board"] or view["you"] != _last["seat"]:
        lines.append(text)
        _last["board"], _last["seat"] = text, view["you"]
    roll = view.get("roll")
    if roll:
        who = view["players"][roll["seat"]]["name"]
        extra = ", sabers count" if roll["sabers_count"] else ""
        extra += ", successes count double" if roll["double"] else ""
        extra += f", +{roll['plus']} success(es)" if roll["plus"] else ""
        faces = " ".join(roll["faces"]) if roll["faces"] else "not rolled yet"
        foe = f" against a {roll['foe']}" if roll["foe"] else ""
        lines.append(f"roll: {who}'s {roll['kind'].replace('_', ' ')} roll{foe}, {roll['dice']} dice{extra}: {faces}")
    if (view.get("decision") or {}).get("kind") == "outfit" and not _last.get("list"):
        lines.append(shop())
    else:
        lines += [f"  {i + 1}. {label}" for i, (label, _) in enumerate(_menu)]
    _last["list"] = False
    return "\n".join(lines)


def shop() -> str:
    """The purchase, short: the weapons and the equipment with their costs (the 128 combinations on `list`)."""
    cat = catalog()
    st = cat.setup
    lines = ["weapons (free, choose one): " + "; ".join(f"{w.name['en']}: {w.text['en']}" for w in cat.weapons.values())]
    lines += [f"equipment (at most {st.max_equipment}; the points left buy sailors at {st.crew_cost} each, "
              f"{st.points} points in all):"]
    lines += [f"  {e.name['en']} ({e.cost}): {e.text['en']}" for e in cat.equipment.values()]
    lines.append("answer with words, e.g. 'sabers machete shovels' (Sabers and Muskets, Machete, Shovels, 15 sailors),"
                 " or 'list' for the numbered combinations")
    return "\n".join(lines)


def prompt(view: dict[str, Any]) -> str:
    kind = (view.get("decision") or {}).get("kind", "")
    roll = view.get("roll") or {}
    roller = view["players"][roll["seat"]]["name"] if roll else "someone"
    if kind == "outfit":
        return "your purchase (words, a number, or 'list')? "
    question = ask(kind, roller).rstrip("?")
    return f"{question[:1].lower()}{question[1:]} (1-{len(_menu)}, or 'board', 'quit')? "


def _outfit_words(text: str) -> list[dict[str, Any]]:
    """The purchase in words: a weapon and equipment by (the start of) their names."""
    cat = catalog()
    words = [w for w in text.lower().replace(",", " ").split() if w not in ("and", "+")]
    weapons = [w for w in cat.weapons if any(x.startswith(words[0]) for x in w.split("-"))] if words else []
    if len(weapons) != 1:
        raise ValueError("start with the weapon: 'sabers' or 'pistols', then the equipment, e.g. 'sabers machete shovels'")
    eq = []
    for w in words[1:]:
        hits = [e for e in cat.equipment if any(x.startswith(w) for x in e.split("-"))]
        if len(hits) != 1:
            raise ValueError(f"{w!r} is not one piece of equipment; equipment: {', '.join(sorted(cat.equipment))}")
        eq.append(hits[0])
    want = (weapons[0], sorted(eq))
    for label, action in _menu:
        if (action["weapon"], sorted(action["equipment"])) == want:
            return [action]
    cost = sum(cat.equipment[e].cost for e in eq)
    raise ValueError(f"not allowed: at most {cat.setup.max_equipment} pieces of equipment, all different, costing at "
                     f"most {cat.setup.points} points (this is {len(eq)} pieces for {cost} points)")


def parse(answer: str, view: dict[str, Any]) -> list[Any]:
    text = answer.strip()
    if text.lower() == "board":
        _last["board"] = None
        raise ValueError(board(view))
    if text.lower() == "list":
        raise ValueError("\n".join(f"  {i + 1}. {label}" for i, (label, _) in enumerate(_menu)))
    if text.isdigit() and 1 <= int(text) <= len(_menu):
        return [_menu[int(text) - 1][1]]
    if text and not text.isdigit() and (view.get("decision") or {}).get("kind") == "outfit":
        return _outfit_words(text)
    if not text:
        raise ValueError(f"type a number from 1 to {len(_menu)}")
    raise ValueError(f"{text!r} is not on the menu: type a number from 1 to {len(_menu)}")


def event_line(event: Event) -> str | None:
    if event.type in ("draw",) and event.visible_to is None:
        return None
    return event.text
