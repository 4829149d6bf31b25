"""The table helper's calculations for a game played on the printed (or bought) board: the
cheapest way between two fields, each place's rescue targets, the combat outcome and what a
doubles roll does. Pure functions of the island and the rule numbers; the app only shows them.
"""
from __future__ import annotations

from typing import Any

from companion.words import number_word

from .island import Island

#: where a fever rescue line applies (rules.yaml `fever`), in words
_FEVER_PLACES = {"swamp": "swamp", "next_to_swamp": "next to a swamp", "interior": "interior", "coast": "coast",
                 "aboard": "aboard"}


def storm_face(rules: Any) -> int:
    """The face whose doubles lay out the storm card (and do not end a storm)."""
    return next(face for face, event in rules.doubles.items() if event == "storm")


def _away(distance: int) -> str:
    """A numbered field's distance from the crater in words (1: next to it)."""
    return "next to the crater" if distance == 1 else f"{number_word(distance - 1)} away"


def event_text(rules: Any, event: str) -> str:
    """What a doubles event does at the table, its numbers from the rules (rules.yaml)."""
    if event == "fever":
        needs = ", ".join(f"{_FEVER_PLACES[line.where]} {line.need}+" for line in rules.fever)
        return f"Fever: every pirate of the roller makes a rescue roll ({needs}); a failure goes to the Totenkiste."
    if event == "eruption":
        needs = ", ".join(f"{_away(line.distance)} {line.need}+" for line in rules.eruption)
        return (f"Volcano eruption: roll one die for the sector; its pirates on numbered fields roll ({needs}). "
                "Unnumbered fields are safe.")
    if event == "fog":
        return (f"Fog: the player on the left moves one of the roller's pirates on the island up to "
                f"{rules.fog_fields} fields.")
    if event == "ship":
        return ("Moving a ship: sail into a harbour with an enemy ship whose crew is smaller and send that ship to a "
                "free harbour, or take over an empty enemy ship with pirates from yours.")
    if event == "storm":
        rule = storm_rule(rules)
        return f"Storm at sea: lay out the storm card. {rule[:1].upper()}{rule[1:]}."
    if event == "recruits":
        return ("New recruits: one of the roller's pirates from the Totenkiste comes back onto their ship, a free "
                "fortress or an empty enemy ship.")
    raise ValueError(f"unknown doubles event {event!r}")


def storm_rule(rules: Any) -> str:
    """What the storm forbids and how long it blows (a clause)."""
    return (f"no sailing, embarking, disembarking or loading until the next doubles that are not double "
            f"{storm_face(rules)}")


def route(island: Island, rules: Any, start: str, goal: str, carry: bool = False,
          blocked: frozenset[str] = frozenset(), via: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The cheapest way from `start` to `goal` over the island (no cap: the helper says whether
    it fits in one turn), with its cost, the fields on it and the rivers crossed; None if none.
    With `via`, the way goes through those fields in order, each stretch the cheapest (a way of
    the player's own, 4. Movement: rulings way-of-choice)."""
    mv = rules.movement
    factor = mv.carrier_factor if carry else 1
    points = (start, *via, goal)
    if any(p not in island.fieldset for p in points) or any(a == b for a, b in zip(points, points[1:])):
        return None
    way, cost = [start], 0
    for a, b in zip(points, points[1:]):
        found = island.search(a, 99, factor, blocked, ())
        if b not in found:
            return None
        way += island.route(found, b)[1:]
        cost += int(found[b][0])
    cap = mv.carrier_cap if carry else mv.cap
    rivers = sum(1 for a, b in zip(way, way[1:]) if island.river_between(a, b))
    return {"cost": cost, "route": way, "labels": [island.label[f] for f in way], "rivers": rivers,
            "one_turn": cost <= cap, "cap": cap}


def reachable(island: Island, rules: Any, start: str, carry: bool = False) -> dict[str, int]:
    """Every field a pirate on `start` reaches in one turn (at most 7 BP on one pirate, 9 for a
    carrier, on an empty island) with its cheapest cost."""
    mv = rules.movement
    if start not in island.fieldset:
        return {}
    cap = mv.carrier_cap if carry else mv.cap
    found = island.search(start, cap, mv.carrier_factor if carry else 1, (), ())
    return {f: int(c) for f, (c, _) in found.items() if f != start}


def rescue_targets(island: Island, rules: Any, field: str | None) -> dict[str, int | None]:
    """What a pirate on `field` (None: aboard a ship) needs on two dice to survive the fever and an
    eruption of its sector (None: safe)."""
    need_fever = None
    for line in rules.fever:
        w = line.where
        if field is None:
            if w == "aboard":
                need_fever = line.need
                break
            continue
        if (w == "swamp" and island.kind[field] == "swamp") or (w == "next_to_swamp" and field in island.next_to_swamp) \
                or (w == "interior" and field not in island.coast) or (w == "coast" and field in island.coast):
            need_fever = line.need
            break
    need_lava = None
    if field is not None and island.number.get(field) is not None:
        need_lava = next((x.need for x in rules.eruption if x.distance == island.ring[field]), None)
    return {"fever": need_fever, "eruption": need_lava}


def chance_at_least(total: int) -> float:
    """P(two dice >= total)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total) / 36


def combat(rules: Any, attackers: int, terrain: str, river: bool, no_retreat: bool = False) -> dict[str, Any]:
    """The modifier and, for each result, the dice totals that give it (`low`-`high`) and their chance."""
    c = rules.combat
    bonus = c.bonus[max(1, min(attackers, max(c.bonus)))]
    minus = c.defence.get(terrain, 0) if terrain in ("fortress", "mountain") else 0
    minus += c.defence["river"] if river else 0
    mod = bonus - minus
    rows = []
    killed_from = c.flees if no_retreat else c.killed
    spans = [("killed", killed_from, 99)] + ([] if no_retreat else [("flees", c.flees, c.killed - 1)])
    spans += [("nothing", c.nothing, c.flees - 1), ("failure", -99, c.nothing - 1)]
    words = {"killed": "defender killed", "flees": f"defender flees {c.flight} fields",
             "nothing": "nothing happens", "failure": "an attacker dies (defender chooses)"}
    for name, low, high in spans:
        lo, hi = max(2, low - mod), min(12, high - mod)
        p = sum(1 for a in range(1, 7) for b in range(1, 7) if lo <= a + b <= hi) / 36 if lo <= hi else 0.0
        rows.append({"result": name, "text": words[name], "dice": _span(lo, hi), "chance": round(p, 3), "low": lo, "high": hi})
    return {"modifier": mod, "bonus": bonus, "minus": minus, "results": rows}


def combat_result(rules: Any, attackers: int, terrain: str, river: bool, total: int) -> str:
    """What a combat roll of `total` on two dice gives (killed, flees, nothing, failure): the row of
    `combat` whose totals hold it (the table assistant enters the dice rolled at the table)."""
    return next(r["result"] for r in combat(rules, attackers, terrain, river)["results"]
                if r["low"] <= total <= r["high"])


def may_enter(rules: Any, total: int, storm: bool) -> bool:
    """Whether a ship still at sea may sail into a harbour on this turn's roll (2. Setup: 7 or
    more; doubles only count their total, rulings doubles-before-harbour; never while the storm
    blows, rulings storm-moving-ship). It may: the player may also keep it at sea (stay-at-sea)."""
    return total >= rules.start.enter_harbour and not storm


def storm_after(rules: Any, dice: tuple[int, int] | list[int], storm: bool) -> bool:
    """Whether the storm blows after a turn's roll: doubles whose event is the storm start it or
    keep it blowing, any other doubles end it, a roll that is not doubles leaves it as it was."""
    if dice[0] != dice[1]:
        return storm
    return rules.doubles[dice[0]] == "storm"


def move_check(rules: Any, left: int, used: int, cost: int, carry: bool = False) -> str | None:
    """Why a pirate may not spend `cost` BP now (None: it may): the turn's points left, and at
    most 7 BP on one pirate a turn, 9 while it carries the treasure (`used`: spent on it so far)."""
    mv = rules.movement
    cap = mv.carrier_cap if carry else mv.cap
    if cost < 1:
        return "a move costs 1 BP or more"
    if cost > left:
        return f"{cost} BP is more than the {left} left this turn"
    if used + cost > cap:
        return f"at most {cap} BP on one pirate a turn{' carrying the treasure' if carry else ''}; {used} spent on it"
    return None


def _span(lo: int, hi: int) -> str:
    if lo > hi:
        return "never"
    if hi >= 12:
        return f"{lo}+" if lo > 2 else "always"
    if lo <= 2:
        return f"{hi} or less"
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def doubles(rules: Any, face: int) -> dict[str, str]:
    event = rules.doubles[face]
    return {"event": event, "text": event_text(rules, event)}


def faces(rules: Any) -> list[int]:
    """The faces of a die, each of whose doubles has an event (rules.yaml `doubles`)."""
    return sorted(rules.doubles)


def attacker_counts(rules: Any) -> list[int]:
    """How many pirates may attack together: the attacker bonus table's counts."""
    return list(range(1, max(rules.combat.bonus) + 1))


def defender_fields(rules: Any) -> list[str]:
    """The kinds of field a defender may stand on that change a combat: plain (no defence) and
    each terrain with a defence, the weaker first (the river is asked apart)."""
    terrain = rules.movement.terrain
    kinds = sorted((k for k in rules.combat.defence if k in terrain), key=lambda k: (rules.combat.defence[k], k))
    return ["plain"] + kinds
