"""Replay files a person can write (docs/REPLAY.md, "Pirates vs. Dinosaurs"): the game's hooks
that turn what people write into the engine's actions and chance outcomes.

- a seat may be named wherever one is asked (`player:`, `target:`), by the player's name;
- lists whose order does not matter (outfit equipment, discarded cards, dice picked by face) are
  taken in any order;
- a captain's treasures are drawn by token id (`draw: treasure-5k`), like every other draw.
"""
from __future__ import annotations

from typing import Any

from companion.engine import IllegalAction

from .catalog import catalog
from .state import PvdState

#: action fields that name a seat, and those that are order-free lists
SEAT_FIELDS = ("target",)
ORDER_FREE = {"outfit": "equipment", "discard": "cards", "pick_dice": "faces"}


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
    else:
        return None
    changed = False
    for f in SEAT_FIELDS:
        if isinstance(fields.get(f), str):
            fields[f] = _seat(s, fields[f], f)
            changed = True
    listed = ORDER_FREE.get(kind)
    if listed and isinstance(fields.get(listed), list):
        fields[listed] = sorted(fields[listed])
        changed = True
    return [fields] if changed or "type" not in entry else None


def replay_outcome(s: PvdState, value: Any) -> Any:
    """A chance outcome as written in a replay: a treasure drawn from a captain by its token id
    (`treasure-5k`) stands for its value, as the engine draws them."""
    c = s.chance
    if c is None or c["kind"] != "draw" or not c["src"].startswith("treasure:"):
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
