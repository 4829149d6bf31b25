"""Kapern's names and log lines in the device's language: the view gives the faces' and cards'
names in every language (`names`) and each event's data; the words are content/words/<lang>.yaml
(`kapern.*`). No rule here: the numbers are the view's and the events'."""
from __future__ import annotations

from typing import Any

from companion.words import Words


def face(w: Words, view: dict[str, Any], fid: str | None) -> str:
    """A face's name ("Doodshoofd"), or "not rolled" for a die not rolled yet."""
    if not fid:
        return w("kapern.not_rolled")
    return w.text(view.get("names", {}).get("faces", {}).get(fid)) or fid


def card(w: Words, view: dict[str, Any], cid: str | None) -> str:
    """A fortune card's title with its subtitle ("Piratenschip (2 zwaarden)")."""
    if not cid:
        return ""
    return w.text(view.get("names", {}).get("cards", {}).get(cid)) or cid


def card_text(w: Words, view: dict[str, Any], cid: str | None) -> str:
    return w.text(view.get("names", {}).get("texts", {}).get(cid)) if cid else ""


def dice(numbers: list[int], w: Words) -> str:
    """Die numbers as the buttons say them: "1, 3"."""
    return ", ".join(str(n) for n in numbers)


def event(ev: Any, w: Words, names: list[str], view: dict[str, Any] | None) -> str:
    """One log line in this language (the rules' English text where the event says too little)."""
    data = ev.data if isinstance(ev.data, dict) else {}
    key = f"kapern.events.{ev.type}"
    seat = data.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    view = view or {}
    fields: dict[str, Any] = {"name": name}
    kind = ev.type
    if kind == "turn_end":
        how = data.get("how")
        total = (data.get("scores") or [0] * (len(names) or 1))[seat] if isinstance(seat, int) else 0
        fields.update(points=f"{data.get('points', 0):+d}", total=total, skulls=data.get("skulls", 0))
        if how == "island":
            own, others = data.get("points", 0), data.get("opponents", 0)
            key = "kapern.events.turn_island" if others or not own else "kapern.events.turn_island_own"
            fields["lost"] = -others if others or not own else -own
        else:
            key = "kapern.events.turn_skulls" if how == "skulls" else "kapern.events.turn_stop"
    elif kind in ("pick", "unpick", "chest_on", "chest_off"):
        fields["die"] = data.get("die")
        if kind in ("pick", "chest_on"):
            fields["face"] = face(w, view, data.get("face")).lower() if data.get("face") else None
    elif kind == "reroll":
        fields.update(dice=dice(data.get("dice", []), w), n=len(data.get("dice", [])))
    elif kind == "draw":
        fields["card"] = card(w, view, data.get("card"))
    elif kind == "roll":
        fields["faces"] = ", ".join(face(w, view, f) for f in data.get("faces", []))
    elif kind in ("island", "sorceress"):
        fields["skulls"] = data.get("skulls", 0)
    elif kind == "last_round":
        fields["threshold"] = data.get("threshold")
    elif kind == "game_over":
        winners = data.get("winners", [])
        return w(key, winners=w.join(winners), n=len(winners))
    elif kind == "reshuffle":
        return w(key)
    if name is None or not w.has(key) or any(v is None for v in fields.values()):
        return ev.text
    return w(key, **fields)

