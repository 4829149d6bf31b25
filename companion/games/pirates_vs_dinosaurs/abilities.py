"""Abilities: what a captain owns (relic, First Mate, weapon, equipment) and holds (Event cards),
when each holds (the vocabulary's conditions), the passives that change numbers, and the op lists
of a card or ability by reference (frames hold the path, not the ops). Which abilities a window
offers, and using one, is windows.py."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .catalog import catalog
from .vocabulary import walk
from .frames import Complete, Guard, Incident, Ref
from .state import PvdState

#: the fields of a Condition the engine checks (exactly the vocabulary of docs/CONTENT.md)
CONDITIONS = ("roll", "foe", "area", "weapon", "stage", "has_equipment", "lacks_equipment", "combat_result")


@lru_cache(maxsize=4096)
def abilities_of(relic: str, mate: str, weapon: str, equipment: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """(source, ability) of a relic, First Mate, weapon and equipment (asked at every window: cached)."""
    cat = catalog()
    out: list[tuple[str, Any]] = []
    if relic:
        out += [(f"relic:{i}", ab) for i, ab in enumerate(cat.relics[relic].abilities)]
    if mate:
        out.append(("mate", cat.mates[mate].ability))
    if weapon:
        out += [(f"wp:{i}", ab) for i, ab in enumerate(cat.weapons[weapon].abilities)]
    for e in equipment:
        out += [(f"eq:{e}:{i}", ab) for i, ab in enumerate(cat.equipment[e].abilities)]
    return tuple(out)


def owned(s: PvdState, p: int) -> tuple[tuple[str, Any], ...]:
    """(source, ability) of the relic, First Mate, weapon and equipment of a captain."""
    pl = s.players[p]
    return abilities_of(pl.relic, pl.mate, pl.weapon, tuple(pl.equipment))


_CONDS: dict[int, tuple[tuple[str, Any], ...]] = {}
#: the content objects the caches above are keyed by (kept alive, so no id is reused)
KEEP: list[Any] = []


def _compiled(c: Any) -> tuple[tuple[str, Any], ...]:
    """A Condition as (field, value) pairs of the fields it sets (cached: content never changes)."""
    key = id(c)
    got = _CONDS.get(key)
    if got is None:
        got = tuple((k, v) for k, v in c.model_dump(exclude_none=True).items())
        _CONDS[key] = got
        KEEP.append(c)
    return got


def op_field(o: Any, name: str, default: Any) -> Any:
    """An op's field that only some kinds of op have (`amount`, `per_crew`), else `default`:
    `getattr(o, name, default)` without pydantic's slow path for a name the model lacks (op models
    forbid extra fields, so their fields are their `__dict__`)."""
    return o.__dict__.get(name, default)


def cond_ok(s: PvdState, p: int, c: Any, info: dict[str, Any]) -> bool:
    """A Condition of the effect vocabulary for captain `p`; `info` holds the moment's facts: the
    roll being made, the foe, the combat's result."""
    if c is None:
        return True
    pl = s.players[p]
    for k, v in _compiled(c):
        if k == "roll":
            kind = info.get("roll")
            if kind is None or (kind not in v and "any" not in v):
                return False
        elif k == "foe":
            if info.get("foe") not in v:
                return False
        elif k == "area":
            if pl.area not in v:
                return False
        elif k == "weapon":
            if pl.weapon.replace("-", "_") != v:
                return False
        elif k == "stage":
            if pl.stage != v:
                return False
        elif k == "has_equipment":
            if v not in pl.equipment:
                return False
        elif k == "lacks_equipment":
            if v in pl.equipment:
                return False
        elif k == "combat_result":
            if info.get("result") != v:
                return False
        else:
            raise KeyError(f"condition {k!r} is not in the effect vocabulary")
    return True


def flat(s: PvdState, p: int, ops: list, info: dict[str, Any]) -> list:
    """The ops of a list with its `if` ops decided for captain p."""
    out = []
    for op in ops:
        if op.op == "if":
            out += flat(s, p, op.then if cond_ok(s, p, op.cond, info) else op.else_, info)
        else:
            out.append(op)
    return out


_OP_NAMES: dict[int, frozenset[str]] = {}


def op_names(ab: Any) -> frozenset[str]:
    """The names of every op in an ability's effects, nested ones included (cached: content never
    changes)."""
    got = _OP_NAMES.get(id(ab))
    if got is None:
        got = _OP_NAMES[id(ab)] = frozenset(op.op for op in walk(ab.effects))
        KEEP.append(ab)
    return got


@lru_cache(maxsize=8192)
def _passives(relic: str, mate: str, weapon: str, equipment: tuple[str, ...], names: tuple[str, ...]) -> tuple:
    """The passive abilities of these things with an op of `names` anywhere in their effects (most
    asks find none: the moment's conditions are checked only on these)."""
    return tuple(ab for _, ab in abilities_of(relic, mate, weapon, equipment)
                 if ab.when == "passive" and not op_names(ab).isdisjoint(names))


def passive_ops(s: PvdState, p: int, opname: str | tuple[str, ...], info: dict[str, Any]) -> list:
    """The ops named `opname` of every passive ability of `p` whose condition holds."""
    names = (opname,) if isinstance(opname, str) else opname
    pl = s.players[p]
    out = []
    for ab in _passives(pl.relic, pl.mate, pl.weapon, tuple(pl.equipment), names):
        if not cond_ok(s, p, ab.cond, info):
            continue
        out += [op for op in flat(s, p, ab.effects, info) if op.op in names]
    return out


def passive_amount(s: PvdState, p: int, opname: str, default: int) -> int:
    """A passive that replaces a number (hand_limit, turn_draw, start_hand, combat_dice.per_crew)."""
    ops = passive_ops(s, p, opname, {})
    if not ops:
        return default
    op = ops[-1]
    return op_field(op, "per_crew", None) or op.amount


def search_hours(s: PvdState, p: int, area: str) -> int:
    """Starting a New Expedition: the area's hourglass plus passives (the Cannon +1), at least 1
    and at most the Time Track's highest mark."""
    cat = catalog()
    hours = cat.areas[area].search_hours
    hours += sum(op.amount for op in passive_ops(s, p, "search_hours", {"area": area}))
    return min(cat.time_max, max(1, hours))


def new_incident(s: PvdState, p: int, card: str) -> Incident:
    """An Incident being resolved; its loss prevention comes from passives (Pistols and Pikes)."""
    kind = catalog().events[card].kind
    foe = {"dinosaur_attack": "dinosaur", "aborigine_attack": "aborigine"}.get(kind, "")
    ops = passive_ops(s, p, "prevent_losses", {"foe": foe})
    prev = sum(op.amount for op in ops if getattr(op, "of", "all") == "all")
    prevx = sum(op.amount for op in ops if getattr(op, "of", "all") == "extra")
    return Incident(p, card, foe, guard=Guard(((p, prev),), ((p, prevx),)))


def new_complete(s: PvdState, p: int) -> Complete:
    """Completing the Search, with the Landmarks a passive lets the captain look at."""
    return Complete(p, max([1] + [op.amount for op in passive_ops(s, p, "landmark_looks", {})]))


# ---------------------------------------------------------------------------------------------
# op lists by reference: frames hold a path, not the ops


@lru_cache(maxsize=8192)
def resolve_ref(ref: Ref) -> list:
    cat = catalog()
    head, rest = ref[:3], ref[3:]
    kind = head[0]
    if kind == "ev":
        ops = getattr(cat.events[head[1]], head[2]).effects
    elif kind in ("relic", "wp", "eq"):
        table = {"relic": cat.relics, "wp": cat.weapons, "eq": cat.equipment}[kind]
        ops = table[head[1]].abilities[int(head[2])].effects
    elif kind == "mate":
        ops = cat.mates[head[1]].ability.effects
    elif kind == "tok":
        ops = cat.tokens[head[1]].effects
    elif kind == "curse":
        ops = cat.curses[int(head[1]) - 1].effects
    elif kind == "mark":
        ops = cat.marks[int(head[1]) - 1].effects
    else:
        raise KeyError(f"unknown op reference {ref!r}")
    i = 0
    while i < len(rest):
        op = ops[rest[i]]
        field_ = rest[i + 1]
        if field_ == "options":
            ops = op.options[rest[i + 2]]
            i += 3
        else:
            ops = getattr(op, field_)
            i += 2
    return ops


def source_ref(s: PvdState, p: int, source: str) -> tuple[Ref, Any, str]:
    """(op reference, ability, card) of an ability source of captain p."""
    cat = catalog()
    pl = s.players[p]
    kind, _, rest = source.partition(":")
    if kind == "da":
        return ("ev", rest, "desperate"), cat.events[rest].desperate, rest
    if kind == "ps":
        return ("ev", rest, "action"), cat.events[rest].action, rest
    if kind == "relic":
        return ("relic", pl.relic, int(rest)), cat.relics[pl.relic].abilities[int(rest)], ""
    if kind == "mate":
        return ("mate", pl.mate, 0), cat.mates[pl.mate].ability, ""
    if kind == "wp":
        return ("wp", pl.weapon, int(rest)), cat.weapons[pl.weapon].abilities[int(rest)], ""
    if kind == "eq":
        eid, _, i = rest.rpartition(":")
        return ("eq", eid, int(i)), cat.equipment[eid].abilities[int(i)], ""
    raise KeyError(source)


def source_name(s: PvdState, p: int, source: str) -> str:
    """The card name behind an ability source (da:card, ps:card, relic:0, mate, wp:1, eq:cannon:1)."""
    cat = catalog()
    pl = s.players[p]
    kind, _, rest = source.partition(":")
    if kind in ("da", "ps"):
        return cat.events[rest].name["en"]
    if kind == "relic":
        return cat.relics[pl.relic].name["en"]
    if kind == "mate":
        return cat.mates[pl.mate].name["en"]
    if kind == "wp":
        return cat.weapons[pl.weapon].name["en"]
    if kind == "eq":
        return cat.equipment[rest.rpartition(":")[0]].name["en"]
    return source


#: ops that reach other captains whatever their `who`
REACHING = ("look_fragments", "move_incident", "place_giant")


@lru_cache(maxsize=None)
def reaches_others(ref: Ref) -> bool:
    """Whether an op list can strike another captain (a fact of the content, never of a hand)."""
    for o in walk(resolve_ref(ref)):
        if o.op in REACHING or (o.op == "draw_events" and o.from_ == "target_hand"):
            return True
        if getattr(o, "who", "self") != "self":
            return True
    return False
