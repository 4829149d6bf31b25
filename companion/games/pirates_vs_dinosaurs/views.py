"""What one captain may see (rule: the secrets of the game): own hand, own Map Fragments, own
treasure values, Landmarks looked at; never others' hands, fragments or treasure values, the
face-down Landmarks, the face-down Relic, or the order of the deck and the bag."""
from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engine import Action

from .catalog import catalog
from .state import LANDING, PvdState


def view(s: PvdState, player: int | None) -> dict[str, Any]:
    cat = catalog()
    outfits_done = all(pl.weapon for pl in s.players)
    players = []
    for q, pl in enumerate(s.players):
        mine = q == player
        show_outfit = mine or outfits_done
        d: dict[str, Any] = {
            "seat": q, "name": pl.name, "stage": pl.stage, "area": pl.area, "time": pl.time,
            "crew": pl.crew if show_outfit or pl.stage != LANDING else None,
            "relic": pl.relic, "first_mate": pl.mate, "first_mate_used": pl.mate_used,
            "weapon": pl.weapon if show_outfit else ("?" if pl.weapon else ""),
            "equipment": list(pl.equipment) if show_outfit else [],
            "hand_size": len(pl.hand), "fragments_left": len(pl.fragments), "found": list(pl.found),
            "upcoming": {"dinosaur_attack": pl.inc_dino, "other": pl.inc_other},
            "tokens": pl.tokens, "curses": list(pl.curses), "treasure_count": len(pl.treasures),
            "skip": pl.skip, "sunk": pl.sunk,
        }
        if mine:
            d["hand"] = sorted(pl.hand)
            d["fragments"] = list(pl.fragments)
            d["treasures"] = sorted(pl.treasures)
            d["known"] = dict(pl.known)
            d["peeks"] = list(pl.peeks)
            d["mods"] = [dict(m) for m in pl.mods]
        players.append(d)
    areas = {}
    for a in cat.area_ids:
        slots = [k for k, v in s.slots.items() if cat.slot_area[k] == a]
        areas[a] = {"hours": cat.areas[a].search_hours, "slots": slots,
                    "hidden": [k for k in slots if s.slots[k]]}
    decision = None
    if s.decision is not None and s.chance is None and not s.over:
        decision = {"seat": s.decision["seat"], "kind": s.decision["kind"]}
        if s.decision["seat"] == player:
            decision.update({k: v for k, v in s.decision.items() if k not in ("seat", "kind")})
    roll = next((f for f in reversed(s.stack) if f["k"] == "roll"), None)
    out: dict[str, Any] = {
        "game": "pirates-vs-dinosaurs", "you": player, "players": players, "turn": s.turn, "turns": s.turns,
        "areas": areas, "giant": s.giant, "volcano": s.volcano, "curses_left": s.curse_stack,
        "tokens_left": s.tokens_left, "deck_size": len(s.deck), "discard": Counter(s.discard).most_common(),
        "bag_size": len(s.bag), "reserve": s.reserve, "lost_and_forgotten": s.lost,
        "relic_offer": list(s.relic_offer), "relic_face_down": bool(s.relic_hidden) and not s.relic_flipped,
        "relic_flipped": s.relic_hidden if s.relic_flipped else "", "mate_offer": list(s.mate_offer),
        "decision": decision, "over": s.over, "sunk": s.sunk,
        "roll": None if roll is None else {"seat": roll["p"], "kind": roll["kind"], "foe": roll["foe"],
                                           "dice": roll["dice"], "faces": list(roll["faces"]),
                                           "sabers_count": roll["sab"], "double": roll["dbl"],
                                           "plus": roll["plus"]},
        "in_play": list(s.in_play),
    }
    out["discard"] = [[c, n] for c, n in out["discard"]]
    return out


def describe(s: PvdState, a: Action) -> str:
    """A short label of an action for menus and logs."""
    cat = catalog()
    d = a.to_dict()
    t = a.type
    if t == "use":
        kind, _, rest = d["source"].partition(":")
        label = {"da": "Desperate Action", "ps": "play"}.get(kind, kind)
        what = cat.events[rest].name["en"] if kind in ("da", "ps") else d["source"]
        extra = f" on {s.players[d['target']].name}" if d["target"] >= 0 else ""
        extra += f" in the {d['area']}" if d["area"] else ""
        extra += ", then go on" if d.get("go") else ""
        return f"{label}: {what}{extra}"
    if t == "arrange":
        return f"arrange {cat.events[d['card']].name['en']} for {s.players[d['target']].name}"
    if t == "attack":
        return f"attack {s.players[d['target']].name}"
    if t == "outfit":
        return f"{d['weapon']} + {', '.join(d['equipment']) or 'no equipment'}"
    if t == "discard":
        return "discard " + ", ".join(d["cards"])
    if t == "choose_area":
        return f"search the {d['area']}"
    if t == "look":
        return f"look at {d['slot']}"
    if t == "put_back":
        return f"put back ${d['value']:,}"
    if t == "choose":
        return f"option {d['option'] + 1}"
    for key in ("relic", "mate", "slot"):
        if key in d:
            return f"{t.replace('_', ' ')} {d[key]}"
    return t.replace("_", " ")
