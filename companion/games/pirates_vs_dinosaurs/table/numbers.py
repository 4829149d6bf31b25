"""What the Pirates vs. Dinosaurs table tracker shows, worked out by the rules of digital play.

The dice of a roll are set up by the rules' `new_roll` (weapon, relic, equipment passives); what
an entry does is resolved by the game's own handlers (table.py), never here. This module only
reads the state for the tracker's view: the dice each roll gets and why, the hours of a new
search, what the rules wait for from the table (in words, with the source: a curse, a volcano
mark, the prize), the purchases of Stage 1 and the final count. Nothing here knows a widget.
"""
from __future__ import annotations

from typing import Any


from companion.words import plural, sentence

from ..abilities import cond_ok, owned, passive_amount, resolve_ref, search_hours, source_name
from ..catalog import catalog
from ..combat import rivals, strength_of
from ..crew import carry_capacity, combat_dice as dice_of, over_capacity
from ..dice import MODIFIERS, count as count_roll, new_roll, roll_matches
from ..frames import Attack, Branch, Choice, Combat, DigRoll, Ops, Prize, Roll
from ..kernel import Ctx, final_value, result
from ..setup import outfit_cost, outfit_crew, outfit_problem, outfits
from ..state import DIG, EXPEDITION, LANDING, SHIP, STAGE_NAMES, UNKNOWN, Player, PvdState
from ..views import ops_words

#: the foes of the Combat tool ("" another foe: a card's)
FOES = ("dinosaur", "aborigine", "")


# ---------------------------------------------------------------------------------------------
# dice


def roll_setup(s: PvdState, p: int, kind: str, dice: int, foe: str = "") -> dict[str, Any]:
    """How captain p rolls: {"dice", "sabers" (count as successes), "double", "plus"} after every
    passive modifier, as the engine's `new_roll` sets them."""
    f = new_roll(s, p, kind, dice, foe)
    return {"dice": f.dice, "sabers": f.sabers, "double": f.double, "plus": f.plus}


def modifier_lines(s: PvdState, p: int, kind: str, foe: str = "") -> list[tuple[str, str]]:
    """(card name, what it does) of each passive that changes this roll, for the explanation."""
    info = {"roll": kind, "foe": foe}
    out: list[tuple[str, str]] = []
    for src, ab in owned(s, p):
        if ab.when != "passive" or not cond_ok(s, p, ab.cond, info):
            continue
        for op in ab.effects:
            if op.op not in MODIFIERS or not roll_matches(op.roll, kind):
                continue
            amount = getattr(op, "amount", 0) or 0
            what = {"add_dice": f"{'+' if amount > 0 else '-'}{plural(abs(amount), 'die')}", "count_sabers": "sabers count",
                    "double_successes": "successes count double", "add_successes": f"{amount:+d} successes"}[op.op]
            out.append((source_name(s, p, src), what))
    return out


def optional_dice(s: PvdState, p: int, kind: str, foe: str = "") -> list[dict[str, Any]]:
    """Abilities the captain may choose to use before this roll that add dice (the Cannon):
    [{"source", "name", "dice"}]."""
    info = {"roll": kind, "foe": foe}
    out = []
    for src, ab in owned(s, p):
        if ab.when != "before_roll" or not cond_ok(s, p, ab.cond, info):
            continue
        extra = sum(op.amount for op in ab.effects if op.op == "add_dice")
        if extra:
            out.append({"source": src, "name": source_name(s, p, src), "dice": extra})
    return out


def successes(faces: list[str], sabers: bool = False, double: bool = False, plus: int = 0) -> int:
    """Successes of a roll (rule: Using the Dice): skulls; sabers only where a rule says so."""
    return count_roll(list(faces), sabers, double, plus).succ


def combat_dice(s: PvdState, p: int, foe: str = "dinosaur") -> dict[str, Any]:
    """A combat roll of captain p: {"dice", "sabers", "double", "plus", "per", "crew", "base", "lines"}."""
    per = passive_amount(s, p, "combat_dice", 2)
    crew = s.players[p].crew
    base = dice_of(s, p)
    setup = roll_setup(s, p, "combat", base, foe)
    weapon = catalog().weapons[s.players[p].weapon].name["en"] if s.players[p].weapon else "no weapon"
    lines = [f"{plural(crew, 'sailor')} / {per} per die ({weapon}) = {plural(base, 'die')}"]
    lines += [f"{name}: {what}" for name, what in modifier_lines(s, p, "combat", foe)]
    if s.players[p].stage == DIG:
        lines.append("At the Dig Site sabers count as successes")
    return {**setup, "per": per, "crew": crew, "base": base, "lines": lines}


def search_dice(s: PvdState, p: int) -> dict[str, Any]:
    st = catalog().setup
    setup = roll_setup(s, p, "search", st.search_dice)
    lines = [f"Search Roll: {plural(st.search_dice, 'die')} + {plural(st.search_auto_successes, 'automatic success')}"]
    lines += [f"{name}: {what}" for name, what in modifier_lines(s, p, "search")]
    if s.giant and s.giant == s.players[p].area:
        lines.append(f"Giant Tyrannosaurus here: -{st.giant_search_penalty} success (when above 1)")
    return {**setup, "lines": lines}


def early_end_dice(s: PvdState, p: int) -> dict[str, Any]:
    st = catalog().setup
    return {**roll_setup(s, p, "early_end", st.early_end_dice),
            "lines": [f"{plural(st.early_end_dice, 'die')}: 1 sailor to Lost and Forgotten per blank"]}


def dig_dice(s: PvdState, p: int) -> dict[str, Any]:
    st = catalog().setup
    return {**roll_setup(s, p, "dig", st.dig_dice),
            "lines": [f"{plural(st.dig_dice, 'die')}: 1 token from the bag per success (skulls and sabers)"]}


# ---------------------------------------------------------------------------------------------
# what the tools show: every number from the rules


def rolls(s: PvdState, p: int) -> dict[str, Any]:
    """Captain p's rolls as the tracker's tools show them: the dice, whether sabers count, the
    passives that change them (`lines`) and the abilities that may add dice (`optional`)."""
    out: dict[str, Any] = {}
    for foe in FOES:
        out[f"combat:{foe}"] = {**combat_dice(s, p, foe or ""), "optional": optional_dice(s, p, "combat", foe)}
    out["attack"] = {**combat_dice(s, p, "rival"), "optional": optional_dice(s, p, "combat", "rival")}
    out["search"] = search_dice(s, p)
    out["early_end"] = early_end_dice(s, p)
    out["dig"] = dig_dice(s, p)
    return out


def hour_lines(s: PvdState, p: int, area: str) -> list[tuple[str, str]]:
    """(card name, hours) of the passives that change a new search's hours in this area."""
    out = []
    for src, ab in owned(s, p):
        if ab.when == "passive" and cond_ok(s, p, ab.cond, {"area": area}):
            for op in ab.effects:
                if op.op == "search_hours":
                    out.append((source_name(s, p, src), f"{op.amount:+d} hour"))
    return out


def place_name(area: str) -> str:
    """An area, the Dig Site or the Harbor by name ("" when none)."""
    cat = catalog()
    if area in cat.areas:
        return cat.areas[area].name["en"]
    return {"dig": "Dig Site", "harbor": "Harbor"}.get(area, "")


def tokens_to_draw(s: PvdState, p: int) -> int:
    """Tokens captain p still draws from the bag for a dig (the one waited for included)."""
    dig = next((f for f in reversed(s.stack) if isinstance(f, DigRoll) and f.p == p), None)
    if dig is None or dig.stopped or dig.left is None:
        return 0
    pending = 1 if s.chance is not None and s.chance["src"] == "bag" and drawer(s) == p else 0
    return dig.left + pending


def drawer(s: PvdState) -> int:
    """The captain the frame waiting for a draw or a roll belongs to (-1 if none)."""
    top = s.stack[-1] if s.stack else None
    return getattr(top, "p", -1)


def asks(s: PvdState, p: int, kind: str) -> bool:
    return s.decision is not None and s.decision["seat"] == p and s.decision["kind"] == kind


def stop_digging(ctx: Ctx, p: int) -> None:
    """A card played by hand stops the dig (as the rules' end_dig does)."""
    for f in reversed(ctx.stack):
        if isinstance(f, DigRoll) and f.p == p:
            ctx.update(f, f.stop())
            return


def _source_of(s: PvdState) -> tuple[str, str]:
    """(kind, name) of what the thing waited for comes from: a curse, a volcano mark, a card."""
    cat = catalog()
    for f in reversed(s.stack):
        if isinstance(f, Ops):
            kind, _, rest = f.src.partition(":")
            if kind == "curse":
                return "curse", f"Curse {rest}, {cat.curses[int(rest) - 1].name['en']}"
            if kind == "mark":
                return "volcano", f"volcano mark {rest}, {cat.marks[int(rest) - 1].name['en']}"
            if kind == "ev":
                return "card", cat.events[rest].name["en"]
        if isinstance(f, Prize):
            return "prize", "the prize"
        if isinstance(f, DigRoll):
            return "dig", "the dig"
        if isinstance(f, Attack):
            return "attack", "the fight"
    return "", ""


def waiting_view(s: PvdState) -> dict[str, Any] | None:
    """What the rules wait for from the table, in words, with what may be entered:
    {"kind": roll | token | card | treasure | area | putback, "seat", "n", "title", "text", "source",
    "options", "what"}."""
    cat = catalog()
    if s.chance is not None:
        c = s.chance
        p = drawer(s)
        who = s.players[p].name if p >= 0 else "the table"
        source, source_label = _source_of(s)
        out: dict[str, Any] = {"seat": p, "n": c["n"], "source": source, "source_name": source_label, "options": []}
        if c["kind"] == "roll":
            roll = s.stack[-1]
            foe = f" against the {roll.foe}" if isinstance(roll, Roll) and roll.foe else ""
            combat = next((f for f in reversed(s.stack) if isinstance(f, Combat)), None)
            strength = f" (Strength {strength_of(s, combat)})" if combat is not None else ""
            title = f"{who} rolls {plural(c['n'], 'die')}{foe}{strength} for {source_label or 'a card'}"
            return {**out, "kind": "roll", "title": title, "text": f"the {plural(c['n'], 'die')} {who} rolls",
                    "what": _roll_what(s, roll) if isinstance(roll, Roll) else ""}
        src = c["src"]
        if src == "bag":
            title = (f"{who} draws tokens for the prize until a treasure" if source == "prize" else
                     f"{who} draws a token from the bag" + (f" ({plural(tokens_to_draw(s, p), 'token')} to draw)"
                                                            if source == "dig" else ""))
            return {**out, "kind": "token", "title": title, "text": f"the token {who} draws"}
        if src.startswith("treasure:"):
            q = int(src.partition(":")[2])
            owner = s.players[q].name
            title = (f"Which treasure did {s.players[p].name} draw from {owner}?" if source == "attack" else
                     f"Which treasure of {owner} goes back into the bag ({source_label})?")
            return {**out, "kind": "treasure", "seat": q if source != "attack" else p, "title": title,
                    "text": f"the treasure drawn from {owner}",
                    "options": [{"item": str(v), "label": f"${v:,}"} for v in sorted(set(s.players[q].treasures))]}
        if src == "deck":
            by_label = {f"{cat.events[x].name['en']} (Strength {cat.events[x].strength})": x
                        for x in sorted(set(s.deck), reverse=True) if cat.events[x].kind == "dinosaur_attack"}
            return {**out, "kind": "card", "title": f"{who} draws Event cards until a Dinosaur Attack: which one?",
                    "text": "the Dinosaur Attack drawn from the deck",
                    "options": [{"item": x, "label": label} for label, x in sorted(by_label.items())]
                    + [{"item": UNKNOWN, "label": "None came up (the table knows no such card)"}]}
        return {**out, "kind": "draw", "title": f"{who}: {c['label']}", "text": c["label"]}
    d = s.decision
    if d is None:
        return None
    p = d["seat"]
    name = s.players[p].name
    if d["kind"] == "area":
        return {"kind": "area", "seat": p, "n": 0, "source": "search", "source_name": "the search", "options": [],
                "title": f"{name}: the search is complete. Look at a hidden Landmark of the area; then choose the "
                         f"area of the new search (or go to the Dig Site)", "text": f"the area of {name}'s new search"}
    if d["kind"] == "choose":
        source, source_label = _source_of(s)
        top = s.stack[-1]
        options = [ops_words(opt) for opt in resolve_ref(top.base.ref)[top.i].options] if isinstance(top, Choice) else []
        return {"kind": "choose", "seat": p, "n": 0, "source": source, "source_name": source_label,
                "options": [{"item": str(i), "label": sentence(words or f"option {i + 1}")} for i, words in enumerate(options)],
                "title": f"{source_label or 'A card'}: what does {name} choose?", "text": f"{name}'s choice"}
    return {"kind": d["kind"], "seat": p, "n": 0, "source": "", "source_name": "", "options": [],
            "title": f"{name} decides", "text": f"{name}'s decision"}


def _roll_what(s: PvdState, roll: Roll) -> str:
    """What the roll waited for does, from the op that ordered it (per failure, per success...)."""
    for f in reversed(s.stack):
        if isinstance(f, Branch):
            o = resolve_ref(f.base.ref)[f.i]
            parts = []
            for branch, what in (("per_failure", "each failure"), ("per_success", "each success"),
                                 ("per_blank", "each blank"), ("if_no_success", "no success"),
                                 ("if_any_success", "any success")):
                ops = getattr(o, branch, None)
                if ops:
                    parts.append(f"{what}: " + ", ".join(ops_words([op]).lower() or op.op for op in ops))
            return "; ".join(parts)
    return ""


def outfit_numbers() -> dict[str, Any]:
    """Stage 1's numbers: each Equipment card's cost, the points, the sailors each allowed set of
    Equipment leaves (the rules' `outfits`), and the rule in words."""
    cat = catalog()
    st = cat.setup
    sets = sorted({eq for _, eq in outfits()})
    return {"costs": {e: cat.equipment[e].cost for e in cat.equipment}, "points": st.points,
            "max_equipment": st.max_equipment,
            "sets": [{"equipment": list(eq), "cost": outfit_cost(eq), "sailors": outfit_crew(eq)} for eq in sets],
            "rule": f"at most {plural(st.max_equipment, 'Equipment card')} within the {st.points} points"}


def table_numbers() -> dict[str, Any]:
    """Numbers the tracker's tools say in words: the replenishment and the dig's rules."""
    st = catalog().setup
    return {"replenish": f"Take {plural(st.replenish_sailors, 'sailor')} from the reserve and 1 Crew Replenishment "
                         "token (each token costs 1 unique treasure at the end).",
            "emergency": "Emergency Crew Replenishment happens by itself when needed"}


# ---------------------------------------------------------------------------------------------
# Stage 1 and the end


def final_scores(s: PvdState, over: bool = True) -> dict[str, Any]:
    """End of the Game: each captain back on the ship discards one unique treasure per Crew
    Replenishment token (the cheapest first); the engine's `dig.result` decides the winners."""
    was = s.over
    s.over = over
    try:
        res = result(s)
    finally:
        s.over = was
    rows = []
    for p, pl in enumerate(s.players):
        value, dropped = final_value(list(pl.treasures), pl.tokens)
        rows.append({"seat": p, "name": pl.name, "on_ship": pl.stage == SHIP, "sunk": pl.sunk,
                     "treasures": sorted(pl.treasures), "count": len(pl.treasures), "tokens": pl.tokens, "discarded": dropped,
                     "value": value if pl.stage == SHIP else 0, "crew": pl.crew})
    return {"rows": rows, "winners": res["winners"], "sunk": res["sunk"]}


def phase(pl: Player) -> str:
    """Where a captain is in the game, by name (the tracker's tools follow it): "outfit" (Stage 1,
    nothing bought yet), "start" (Stage 1, bought: the first search is chosen next), "expedition"
    (Stage 2), "dig" (Stage 3, the Dig Site), "ship" (back on the ship)."""
    if pl.stage == LANDING:
        return "start" if pl.weapon else "outfit"
    return {EXPEDITION: "expedition", DIG: "dig", SHIP: "ship"}[pl.stage]


def counting(s: PvdState) -> bool:
    """Whether the final count has begun to matter: a captain has reached the Dig Site."""
    return any(pl.stage in (DIG, SHIP) for pl in s.players)


def stage_name(stage: int) -> str:
    return STAGE_NAMES.get(stage, "?")


__all__ = ["phase", "rivals", "counting", "over_capacity", "roll_setup", "combat_dice", "search_dice", "early_end_dice", "dig_dice", "successes", "rolls",
           "carry_capacity", "outfit_cost", "outfit_crew", "outfit_problem", "final_scores", "optional_dice",
           "modifier_lines", "search_hours", "hour_lines", "waiting_view", "outfit_numbers", "table_numbers"]
