"""Replay files a person can write (docs/REPLAY.md, "Pirates vs. Dinosaurs"): the game's hooks
that turn what people write into the engine's actions and chance outcomes.

- a seat may be named wherever one is asked (`player:`, `target:`), by the player's name;
- lists whose order does not matter (outfit equipment, discarded cards, dice picked by face) are
  taken in any order;
- a captain's treasures are drawn by token id (`draw: treasure-5k`), like every other draw;
- things are named by id or as printed, in any case (`choose_area: Swamp`, `arrange: {card: Rum
  Ration}`, `draw: [Moai, ...]`, `use: {source: "da:The Lost"}`); an unknown name is refused with
  the names there are.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from companion.engine import IllegalAction

from .actions import CODEC
from .catalog import Catalog, catalog
from .content import KIND_LABEL
from .state import UNKNOWN, PvdState

#: action fields that name a seat, and those that are order-free lists
SEAT_FIELDS = ("target",)
ORDER_FREE = {"outfit": "equipment", "discard": "cards", "pick_dice": "faces"}
#: (action type, field) -> the kind of thing the field names (a list field names one per item)
NAMED = {("pick_relic", "relic"): "relic", ("pick_mate", "mate"): "mate", ("outfit", "weapon"): "weapon",
         ("outfit", "equipment"): "equipment", ("choose_area", "area"): "area", ("use", "area"): "area",
         ("arrange", "card"): "card", ("discard", "cards"): "card", ("look", "slot"): "slot",
         ("pick_dice", "faces"): "face", ("play_incident", "slot"): "incident", ("cancel_incident", "slot"): "incident"}
#: what a draw from each population names (rules.population's sources)
DRAWN = {"deck": "card", "hand": "card", "bag": "token", "treasure": "token", "landmarks": "landmark",
         "fragments": "landmark", "kept": "landmark", "relics": "relic", "mates": "mate"}
#: what each kind is called in a refusal (singular, plural)
KIND_WORDS = {"relic": ("Relic", "Relics"), "mate": ("First Mate", "First Mates"), "weapon": ("weapon", "weapons"),
              "equipment": ("equipment", "equipment"), "area": ("area", "areas"), "card": ("Event card", "Event cards"),
              "slot": ("Landmark slot", "slots"), "face": ("die face", "faces"),
              "incident": ("Upcoming Incident slot", "slots"), "token": ("bag token", "tokens"),
              "landmark": ("Landmark", "Landmarks")}


@lru_cache(maxsize=1)
def _names() -> dict[str, tuple[dict[str, str], tuple[tuple[str, str], ...]]]:
    """kind -> ({id or printed name, case-folded: id}, ((id, printed name), ...)) from the content."""
    cat: Catalog = catalog()
    landmarks = {t.id: t for t in cat.content.files["landmarks.yaml"].tokens}
    tables: dict[str, dict[str, Any]] = {"relic": cat.relics, "mate": cat.mates, "weapon": cat.weapons,
                                         "equipment": cat.equipment, "area": cat.areas, "card": cat.events,
                                         "token": cat.tokens, "landmark": landmarks}
    shown: dict[str, list[tuple[str, str]]] = {k: [(i, x.name["en"]) for i, x in t.items()] for k, t in tables.items()}
    shown["slot"] = [(k, f"{cat.label(a)} {k.rpartition('-')[2]}") for k, a in cat.slot_area.items()]
    shown["face"] = [(f, f) for f in dict.fromkeys(cat.faces)]
    # the Captain card's Upcoming Incident slots (captains.yaml sheet.incident_slots), as printed
    slots = cat.content.files["captains.yaml"].decks[0].sheet.incident_slots
    shown["incident"] = [(k, KIND_LABEL.get(k, k.replace("_", " ").capitalize())) for k in slots]
    out = {}
    for kind, pairs in shown.items():
        folded: dict[str, str] = {}
        for ident, printed in pairs:
            folded.setdefault(printed.casefold(), ident)
        for ident, _ in pairs:
            folded[ident.casefold()] = ident  # an id wins over a printed name spelled like another id
        out[kind] = (folded, tuple(pairs))
    return out


def name_to_id(kind: str, value: Any, where: str = "") -> Any:
    """The id a replay means by `value` (its id or its printed name, in any case); anything not
    text is left as it is. IllegalAction, listing what there is, when nothing is called so."""
    if not isinstance(value, str) or not value:
        return value
    folded, pairs = _names()[kind]
    got = folded.get(value.strip().casefold())
    if got is not None:
        return got
    one, many = KIND_WORDS[kind]
    known = ", ".join(ident if ident == printed else f"{printed} ({ident})" for ident, printed in pairs)
    raise IllegalAction("action format", f"{where + ': ' if where else ''}no {one} is called {value!r}; {many}: {known}")


def _source(value: Any) -> Any:
    """An ability source with its card or equipment named as printed (`da:The Lost`, `eq:Cannon:0`)."""
    if not isinstance(value, str):
        return value
    kind, _, rest = value.partition(":")
    low = kind.strip().lower()
    if low in ("da", "ps") and rest:
        return f"{low}:{name_to_id('card', rest, 'source')}"
    if low == "eq" and rest:
        eq, sep, n = rest.rpartition(":")
        return f"eq:{name_to_id('equipment', eq if sep else rest, 'source')}{sep}{n if sep else ''}"
    if low in ("relic", "mate", "wp"):
        return value.strip().lower()
    return value


def _named(kind: str, fields: dict[str, Any]) -> bool:
    """Replace names by ids in the fields of one action (True when any field was looked at)."""
    changed = False
    for (k, f), what in NAMED.items():
        if k == kind and f in fields:
            value = fields[f]
            fields[f] = ([name_to_id(what, v, f) for v in value] if isinstance(value, list)
                         else name_to_id(what, value, f))
            changed = True
    if kind == "use" and "source" in fields:
        fields["source"] = _source(fields["source"])
        changed = True
    return changed


def _seat(s: PvdState, value: Any, field: str) -> Any:
    if not isinstance(value, str):
        return value
    names = [pl.name for pl in s.players]
    if value not in names:
        raise IllegalAction("action format", f"{field}: unknown player {value!r}; players: {', '.join(names)}")
    return names.index(value)


def expand(s: PvdState, entry: dict[str, Any]) -> list[dict[str, Any]] | None:
    """One replay entry as action dicts: names for seats, order-free lists sorted; None when the
    entry is left to the generic forms (docs/REPLAY.md, "Action entries")."""
    keys = [k for k in entry if k != "player"]
    if "type" in entry:
        kind, fields = entry["type"], dict(entry)
    elif len(keys) == 1 and isinstance(entry[keys[0]], dict):
        kind = keys[0]
        fields = {"type": kind, **{k: v for k, v in entry.items() if k == "player"}, **entry[kind]}
    elif len(keys) == 1 and keys[0] in ORDER_FREE and isinstance(entry[keys[0]], list):
        kind = keys[0]
        fields = {"type": kind, **{k: v for k, v in entry.items() if k == "player"}, ORDER_FREE[kind]: entry[kind]}
    elif len(keys) == 1 and keys[0] in ("attack", "send_dinosaur") and isinstance(entry[keys[0]], str):
        kind = keys[0]
        fields = {"type": kind, **{k: v for k, v in entry.items() if k == "player"}, "target": entry[kind]}
    elif len(keys) == 1 and isinstance(entry[keys[0]], (str, list)) and len(_fields_of(keys[0])) == 1:
        kind = keys[0]  # `choose_area: Swamp`: the action's only field
        fields = {"type": kind, **{k: v for k, v in entry.items() if k == "player"}, _fields_of(kind)[0]: entry[kind]}
    else:
        return None
    changed = _named(kind, fields)
    for f in SEAT_FIELDS:
        if isinstance(fields.get(f), str):
            fields[f] = _seat(s, fields[f], f)
            changed = True
    listed = ORDER_FREE.get(kind)
    if listed and isinstance(fields.get(listed), list):
        fields[listed] = sorted(fields[listed])
        changed = True
    return [fields] if changed or "type" not in entry else None


def _fields_of(kind: str) -> tuple[str, ...]:
    """The fields of an action type besides `player` (none for a type the game does not have)."""
    cls = CODEC.classes.get(kind)
    return tuple(f.name for f in dataclasses.fields(cls) if f.name != "player") if cls is not None else ()


def _drawn(kind: str, value: Any, what: str) -> Any:
    """A drawn item or a face by its id or printed name; a card the table did not see (`?`) and a
    treasure written by its value stay as written."""
    if value == UNKNOWN or (isinstance(value, str) and value.strip().isdigit()):
        return value
    return name_to_id(kind, value, what)


def replay_outcome(s: PvdState, value: Any) -> Any:
    """A chance outcome as written in a replay: a treasure drawn from a captain by its token id
    (`treasure-5k`) stands for its value, as the engine draws them."""
    c = s.chance
    if c is None:
        return value
    if c["kind"] == "roll" or c["src"].partition(":")[0] in DRAWN:
        kind = "face" if c["kind"] == "roll" else DRAWN[c["src"].partition(":")[0]]
        what = "roll" if kind == "face" else "draw"
        value = [_drawn(kind, v, what) for v in value] if isinstance(value, list) else _drawn(kind, value, what)
    if c["kind"] != "draw" or not c["src"].startswith("treasure:"):
        return value
    tokens = catalog().tokens
    values = value if isinstance(value, list) else [value]
    out = []
    for v in values:
        if isinstance(v, str) and v in tokens:
            if tokens[v].kind != "treasure":
                raise IllegalAction("chance", f"{v} is not a treasure token")
            out.append(str(tokens[v].dollars))
        else:
            out.append(str(v))
    return out if isinstance(value, list) else out[0]
