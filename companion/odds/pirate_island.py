"""Pirate Island odds, exactly (rules: Ereignisse bei Pasch / rescue rolls, Kampf, Bewegung).

Every number comes from content/pirate-island/rules.yaml through the rules engine: the rescue
need of a field (`rescue_need`), the combat modifiers (`combat_modifiers`: the attackers' bonus,
the defender's fortress, mountain and river) and what a total does (`combat_outcome`, with the
surrounded rule: a defender with no field to flee to is killed on a flee result), the dice
(`FACES`, two of them) and the movement costs (`Island.search`, the search the engine moves by).
"""
from __future__ import annotations

import argparse

from collections import defaultdict
from functools import lru_cache
from typing import Any

from companion.words import join, plural
from companion.games.pirate_island.rules import FACES, GAME, IslandState

from companion.errors import UserError

from .bounds import Bound
from .forms import Form, add_forms, emit, opt, pct
from .dice import uniform

OUTCOME_KEYS = {"killed": "killed", "flees": "flees", "nothing": "nothing", "failure": "attacker_dies"}
FIELD_KINDS = ("plain", "swamp", "hill", "mountain", "fortress")
FEVER_PLACES = {"swamp": "swamp", "near-swamp": "next_to_swamp", "interior": "interior", "coast": "coast",
                "ship": "aboard"}


class OddsError(ValueError):
    """A question the Pirate Island odds cannot answer (unknown field, wrong number)."""


#: pirates that may attack one field together: the rules' combat bonus table's largest count
ATTACKERS = Bound("--attackers", 1, lambda: max(GAME.rules.combat.bonus), "pirates", "the combat bonus table",
                  OddsError)


@lru_cache(maxsize=1)
def two_dice() -> dict[int, float]:
    """The distribution of the total of the engine's two dice."""
    faces = [int(f) for f in FACES]
    p = uniform(len(faces))[0]
    out: dict[int, float] = defaultdict(float)
    for a in faces:
        for b in faces:
            out[a + b] += p * p
    return dict(sorted(out.items()))


def p_at_least(need: int) -> float:
    return sum(p for t, p in two_dice().items() if t >= need)


def rescue(volcano: int | str | None = None, fever: str | None = None) -> dict[str, Any]:
    """A rescue roll (two dice, the need or more saves the pirate). `volcano`: fields between the
    pirate and the crater (0 = next to it) on a numbered field of the erupting sector, or "none"
    (an unnumbered field: safe); `fever`: swamp, near-swamp, interior, coast or ship."""
    rules = GAME.rules
    if (volcano is None) == (fever is None):
        raise OddsError("ask for one rescue roll: --volcano 0|1|2|none or --fever PLACE")
    need: int | None
    if fever is not None:
        where = FEVER_PLACES.get(fever)
        if where is None:
            raise OddsError(f"--fever: one of {', '.join(FEVER_PLACES)}, not {fever!r}")
        need = next((line.need for line in rules.fever if line.where == where), None)
        kind = "fever"
    else:
        kind = "eruption"
        if volcano == "none":
            need = None
        else:
            rings = sorted(line.distance for line in rules.eruption)
            k = int(volcano) if str(volcano).isdigit() else -1
            if not 0 <= k < len(rings):
                raise OddsError(f"--volcano: 0 to {len(rings) - 1} fields from the crater, or none, not {volcano}")
            need = next(line.need for line in rules.eruption if line.distance == rings[0] + k)
    if need is None:
        return {"kind": kind, "need": None, "p_survive": 1.0, "safe": True}
    return {"kind": kind, "need": need, "p_survive": p_at_least(need), "safe": False}


def rescue_at(s: IslandState, pirate: str, kind: str) -> dict[str, Any]:
    """The rescue roll of a pirate where it stands in a game (the engine's `rescue_need`)."""
    need = GAME.rescue_need(s, pirate, kind)
    return {"kind": kind, "need": need, "p_survive": 1.0 if need is None else p_at_least(need), "safe": need is None}


def outcome_odds(modifiers: dict[str, int], can_flee: bool) -> dict[str, Any]:
    """The chance of each combat outcome: two dice plus the modifiers, read by `combat_outcome`."""
    plus = sum(modifiers.values())
    out = {k: 0.0 for k in OUTCOME_KEYS.values()}
    for total, p in two_dice().items():
        out[OUTCOME_KEYS[GAME.combat_outcome(total + plus, can_flee)]] += p
    return {**out, "modifiers": dict(modifiers), "plus": plus}


def combat(attackers: int, field: str = "plain", river: bool = False, surrounded: bool = False) -> dict[str, Any]:
    """A combat from the numbers the table sees: how many pirates attack, the defender's field
    kind, whether every attacker attacks across a river, whether the defender has nowhere to flee."""
    c = GAME.rules.combat
    ATTACKERS.check(attackers)
    if field not in FIELD_KINDS:
        raise OddsError(f"--field: one of {', '.join(FIELD_KINDS)}, not {field!r}")
    mods = {"bonus": c.bonus[attackers]}
    if field in c.defence:
        mods[field] = -c.defence[field]
    if river:
        mods["river"] = -c.defence["river"]
    return outcome_odds(mods, not surrounded)


def combat_at(s: IslandState, target: str, attackers: tuple[str, ...]) -> dict[str, Any]:
    """A combat in a game, as the engine would resolve it now (its modifiers and flight fields)."""
    return outcome_odds(GAME.combat_modifiers(s, target, attackers), bool(GAME.flight_options(s, target)))


def route(start: str, end: str, chest: bool = False) -> dict[str, Any]:
    """The cheapest way over the island's fields from `start` to `end` on an empty island, for a
    pirate with the chest (terrain doubled, rivers not) or without it: cost in movement points,
    the fields, and the fewest turns at the per-pirate cap of 7 (9 with the chest)."""
    isl = GAME.island
    mv = GAME.rules.movement
    for f in (start, end):
        if f not in isl.fieldset:
            raise OddsError(f"unknown field {f!r}; fields are named like {', '.join(sorted(isl.fieldset)[:4])}, ...")
    factor = mv.carrier_factor if chest else 1
    found = isl.search(start, float("inf"), factor, frozenset(), ())
    if end not in found:
        raise OddsError(f"no way over land from {start} to {end}")
    cost = int(found[end][0])
    fields = isl.route(found, end)
    cap = mv.carrier_cap if chest else mv.cap
    # turns: the route cut where the next field would exceed the cap (a pirate stops on a field)
    turns, spent, prev = 1, 0, 0
    for f in fields[1:]:
        step = int(found[f][0]) - prev
        prev = int(found[f][0])
        if spent + step > cap:
            turns += 1
            spent = 0
        spent += step
    return {"start": start, "end": end, "chest": chest, "cost": cost, "route": fields, "turns": turns,
            "cap": cap}


# ---------------------------------------------------------------------------------------------
# what a screen shows beside a roll (companion.odds.odds_view)


def _pct(p: float) -> str:
    return f"{p:.0%}" if p >= 0.005 or p == 0 else "<1%"


def _chances(o: dict[str, float]) -> str:
    """A combat's four results with their chances, each result in words."""
    return (f"the defender is killed {_pct(o['killed'])}, flees {_pct(o['flees'])}; nothing happens "
            f"{_pct(o['nothing'])}; an attacker dies {_pct(o['attacker_dies'])}")


def odds_view(game: Any, state: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """Digital play: each attack the seat may make (with every pirate that may join it), and the
    rescue rolls of pirates in danger."""
    if not isinstance(state, IslandState):
        return None
    s = state
    name = game.pirate_name
    items: list[dict[str, Any]] = []
    if s.phase == "combat":
        for target, attackers in sorted(game.attack_options(s).items()):
            o = combat_at(s, target, tuple(sorted(attackers)))
            items.append({"kind": "odds", "text": f"{join(name(a) for a in sorted(attackers))} against "
                                                  f"{name(target)}: {_chances(o)}"})
    elif s.phase == "combat_roll" and s.pending.get("target"):
        p = s.pending
        o = outcome_odds(p["modifiers"], bool(game.flight_options(s, p["target"])))
        items.append({"kind": "odds", "text": f"This combat roll: {_chances(o)}"})
    elif s.phase in ("rescue", "rescue_roll") and s.pending.get("queue"):
        for pirate, need in s.pending["queue"].items():
            items.append({"kind": "odds", "text": f"{name(pirate)} needs {need} or more on two dice: "
                                                  f"{_pct(p_at_least(need))} to escape"})
    return {"title": "Odds", "items": items} if items else None


# --- companion odds (companion/odds/forms.py) -------------------------------------------------------
#: the command's description
DESCRIPTION = ("Pirate Island's odds: combat outcomes, rescue rolls after an eruption or the fever, and the cheapest route "
               "with or without the treasure (docs/ODDS.md).")

FORMS: dict[str, Form] = {
    "combat": ("the chance the defender is killed, flees, nothing happens, an attacker dies",
               "Two dice plus the attackers' bonus, minus the defender's field and the river.", [
                   opt("--attackers", type=ATTACKERS.parse, required=True, help="attacking pirates (1-6)"),
                   opt("--field", required=True, choices=FIELD_KINDS, help="the defender's field"),
                   opt("--river", action="store_true", help="every attacker attacks across a river"),
                   opt("--surrounded", action="store_true", help="the defender has no free field to flee to")]),
    "rescue": ("the chance a rescue roll saves a pirate", "Two dice against the need of the pirate's field.", [
        opt("--volcano", metavar="0|1|2|none", help="eruption: fields between the pirate and the crater "
                                                    "(0 = next to it), none = an unnumbered field"),
        opt("--fever", choices=list(FEVER_PLACES), help="fever: where the pirate is")]),
    "route": ("the cheapest route between two fields, with or without the treasure",
              "Movement points over an empty island (terrain, rivers; doubled terrain with the treasure) and the "
              "fewest turns at the per-pirate cap.", [
                  opt("--from", dest="start", required=True, help="the field the pirate stands on, e.g. c11"),
                  opt("--to", dest="end", required=True, help="the field to reach, e.g. f5"),
                  opt("--chest", action="store_true", help="the pirate carries the treasure")]),
}


def run(args: argparse.Namespace) -> int:
    try:
        if args.form == "combat":
            data = combat(args.attackers, args.field, args.river, args.surrounded)
            mods = ", ".join(f"{k} {v:+d}" for k, v in data["modifiers"].items())
            lines = [f"combat: two dice {data['plus']:+d} ({mods})"]
            lines += [f"  {k.replace('_', ' '):<14} {pct(data[k])}" for k in OUTCOME_KEYS.values()]
        elif args.form == "rescue":
            data = rescue(args.volcano, args.fever)
            lines = [f"{data['kind']}: safe, no rescue roll" if data["safe"] else
                     f"{data['kind']}: two dice, {data['need']} or more saves the pirate: {data['p_survive']:.1%}"]
        else:
            data = route(args.start, args.end, args.chest)
            lines = [f"{data['start']} to {data['end']}{' with the treasure' if data['chest'] else ''}: "
                     f"{data['cost']} movement points, at least {plural(data['turns'], 'turn')} at {data['cap']} a turn",
                     "  " + " - ".join(data["route"])]
    except OddsError as exc:
        raise UserError(str(exc)) from None
    return emit(args, data, lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_forms(parser, "form", FORMS)
