"""Names, texts and icons of Pirates vs. Dinosaurs for the views, read from the content (plain data)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

KIND_LABEL = {"dinosaur_attack": "Dinosaur Attack", "aborigine_attack": "Aborigine Attack", "incident": "Incident",
              "pirates_share": "Pirate's Share"}


@lru_cache(maxsize=1)
def cat() -> Any:
    from companion.games.pirates_vs_dinosaurs.catalog import catalog

    return catalog()


def en(text: Any) -> str:
    if isinstance(text, dict):
        return str(text.get("en") or next(iter(text.values()), ""))
    return str(text or "")


def area(a: str) -> str:
    if not a:
        return "—"
    if a == "dig":
        return "Dig Site"
    if a == "harbor":
        return "Harbor"
    got = cat().areas.get(a)
    return en(got.name) if got else a


def area_icon(a: str) -> str:
    got = cat().areas.get(a)
    return got.icon if got else ("shovel" if a == "dig" else "ship")


def thing(table: str, key: str) -> str:
    """The name of a relic, mate, weapon, equipment, event card or landmark id."""
    if not key:
        return "—"
    c = cat()
    if table == "landmark":
        for t in c.content.files["landmarks.yaml"].tokens:
            if t.id == key:
                return en(t.name)
        return key
    got = getattr(c, table).get(key)
    return en(got.name) if got else key


def text_of(table: str, key: str) -> str:
    got = getattr(cat(), table).get(key)
    return en(got.text) if got is not None and got.text else ""


def gear_texts(p: dict[str, Any]) -> list[tuple[str, str]]:
    """What a captain's weapon, equipment, Relic and First Mate do (name, text), for the words a
    tap opens under the captain (a phone has no hover)."""
    items = [(thing("weapons", p["weapon"]), text_of("weapons", p["weapon"]))] if p.get("weapon") else []
    items += [(thing("equipment", e), text_of("equipment", e)) for e in p.get("equipment") or ()]
    if p.get("relic"):
        items.append((f"Relic: {thing('relics', p['relic'])}", text_of("relics", p["relic"])))
    if p.get("first_mate"):
        items.append((f"First Mate: {thing('mates', p['first_mate'])}", text_of("mates", p["first_mate"])))
    return items


def event(card: str) -> dict[str, Any]:
    c = cat().events[card]
    sub = KIND_LABEL[c.kind]
    if c.strength:
        sub += f" · Strength {c.strength}"
    if c.areas:
        sub += " · " + ", ".join("Your Area" if a == "your_area" else area(a) for a in c.areas)
    return {"name": en(c.name), "kind": c.kind, "sub": sub, "text": en(c.text),
            "desperate": en(c.footer) if c.footer else "", "icon": c.icon or "question"}


def faces() -> list[tuple[str, str, str | None]]:
    """(result, name, icon) of the special die's three results, from the die in the content."""
    out: list[tuple[str, str, str | None]] = []
    for f in cat().content.files["pieces.yaml"].dice[0].faces:
        if f.result not in [r for r, _, _ in out]:
            out.append((f.result, en(f.name), f.icon))
    return out


def face_name(result: str | None) -> str:
    for r, name, _ in faces():
        if r == result:
            return name
    return "?"


def face_icon(result: str | None) -> str | None:
    for r, _, icon in faces():
        if r == result:
            return icon
    return None


def money(v: int) -> str:
    return f"${v:,}"


def faces_name(result: str, n: int) -> str:
    """'1 Skull', '2 Blanks'."""
    name = face_name(result)
    return f"{n} {name}" + ("" if n == 1 or name.endswith("s") else "s")


def dice_picked(roll_faces: list[str], picked: list[str] | tuple[str, ...]) -> tuple[str, list[int]]:
    """The dice a re-roll or a card takes, by face and number ('2 Blanks and 1 Skull'), and which dice
    of the roll they are (1-based; the first unpicked die showing each face, as the engine takes them)."""
    counts: dict[str, int] = {}
    for f in picked:
        counts[f] = counts.get(f, 0) + 1
    words = [faces_name(f, n) for f, n in counts.items()]
    idx: list[int] = []
    for f in picked:
        k = next((k for k, x in enumerate(roll_faces) if x == f and k not in idx), None)
        if k is not None:
            idx.append(k)
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return text, sorted(i + 1 for i in idx)
