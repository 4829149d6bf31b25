"""Abilities: what a captain owns (relic, First Mate, weapon, equipment) and holds (Event cards),
when each may be used or holds (the vocabulary's conditions), the passives that change numbers,
and the reaction windows in which cards are offered (rule: Desperate Actions; ruling
reaction-windows)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .actions import Use, made
from .catalog import catalog
from .effects import walk
from .frames import CLOSED, Attack, Combat, Complete, Guard, Incident, Ops, Ref, Roll, Window
from .kernel import Ctx
from .state import EXPEDITION, PvdState

#: the fields of a Condition the engine checks (exactly the vocabulary of docs/CONTENT.md)
CONDITIONS = ("roll", "foe", "area", "weapon", "stage", "has_equipment", "lacks_equipment", "combat_result")


@lru_cache(maxsize=4096)
def _owned(relic: str, mate: str, weapon: str, equipment: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
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
    return _owned(pl.relic, pl.mate, pl.weapon, tuple(pl.equipment))


_CONDS: dict[int, tuple[tuple[str, Any], ...]] = {}
_KEEP: list[Any] = []


def _compiled(c: Any) -> tuple[tuple[str, Any], ...]:
    """A Condition as (field, value) pairs of the fields it sets (cached: content never changes)."""
    key = id(c)
    got = _CONDS.get(key)
    if got is None:
        got = tuple((k, v) for k, v in c.model_dump(exclude_none=True).items())
        _CONDS[key] = got
        _KEEP.append(c)
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
        _KEEP.append(ab)
    return got


@lru_cache(maxsize=8192)
def _passives(relic: str, mate: str, weapon: str, equipment: tuple[str, ...], names: tuple[str, ...]) -> tuple:
    """The passive abilities of these things with an op of `names` anywhere in their effects (most
    asks find none: the moment's conditions are checked only on these)."""
    return tuple(ab for _, ab in _owned(relic, mate, weapon, equipment)
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


# ---------------------------------------------------------------------------------------------
# windows: which abilities each kind of window offers


#: which ability timings each kind of window offers (the roller's own windows, the others' reactions,
#: the window at the start of an Incident, the hand menu of a turn)
WINDOWS = {
    "turn": ("your_turn", "any_time"),
    "pre": ("before_roll", "any_time"),
    "post": ("after_roll", "any_time"),
    "react_pre": ("before_roll", "any_time"),
    "react_post": ("after_roll", "any_time"),
    "react_card": ("any_time",),
}
ROLL_WINDOWS = ("pre", "post", "react_pre", "react_post")
#: ops whose effect needs a roll, a combat or an Incident in progress
NEEDS = {"reroll": "roll", "set_face": "roll", "combat_strength": "combat", "prevent_losses": "budget"}


def _fits_window(window: str, ab: Any) -> bool:
    when = ab.when
    if when not in WINDOWS[window]:
        return False
    react = window.startswith("react")
    if ab.target == "player_rolling":
        return react
    return not react or when == "any_time"


_NEEDS: dict[int, frozenset[str]] = {}


def needs(ab: Any) -> frozenset[str]:
    """What an ability's effects need in progress: a roll, a combat, a loss budget, an Incident."""
    got = _NEEDS.get(id(ab))
    if got is None:
        found = {NEEDS[op.op] for op in walk(ab.effects) if op.op in NEEDS}
        if any(op.op == "cancel" and op.what == "this_incident" for op in walk(ab.effects)):
            found.add("incident")
        got = _NEEDS[id(ab)] = frozenset(found)
        _KEEP.append(ab)
    return got


def _pointless_kind(ab: Any) -> str:
    """Abilities that can do nothing at times: sailors from Lost and Forgotten ("lost"), hours off a
    search ("time")."""
    if len(ab.effects) != 1:
        return ""
    op = ab.effects[0]
    if op.op == "gain_crew" and op.from_ == "lost_and_forgotten" and op.who == "self":
        return "lost"
    if op.op == "search_time" and op.who == "self":
        return "time"
    return ""


@lru_cache(maxsize=4096)
def _card_window(window: str, c: str) -> tuple:
    """The abilities of an Event card that fit a window: (source, ability, card, needs, pointless)."""
    card = catalog().events[c]
    out = []
    if card.kind == "pirates_share" and _fits_window(window, card.action):
        out.append((f"ps:{c}", card.action, c, needs(card.action), _pointless_kind(card.action)))
    if card.desperate is not None and _fits_window(window, card.desperate):
        out.append((f"da:{c}", card.desperate, c, needs(card.desperate), _pointless_kind(card.desperate)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _owned_window(window: str, relic: str, mate: str, weapon: str, equipment: tuple) -> tuple:
    """The abilities of a relic, First Mate, weapon and equipment that fit a window."""
    return tuple((src, ab, "", needs(ab), _pointless_kind(ab)) for src, ab in _owned(relic, mate, weapon, equipment)
                 if ab.when not in ("passive", "after_combat", "on_ghost", "on_play") and _fits_window(window, ab))


@lru_cache(maxsize=65536)
def _candidates(window: str, stage: int, hand: tuple, relic: str, mate: str, mate_used: bool, weapon: str,
                equipment: tuple, used: tuple) -> tuple:
    """(source, ability, card, needs, pointless) of what a captain holds or owns whose timing fits a
    window; what depends on the moment is checked by `usable`. (Cached: a captain is asked the same
    in many windows of a turn.)"""
    out: list = []
    if stage == EXPEDITION:
        for c in sorted(set(hand)):
            out += _card_window(window, c)
    for item in _owned_window(window, relic, mate, weapon, equipment):
        src, ab = item[0], item[1]
        if (src == "mate" and mate_used) or (ab.limit and f"{ab.limit}|{src}" in used):
            continue
        out.append(item)
    return tuple(out)


def nearest(s: PvdState, kinds: type | tuple[type, ...]) -> Any:
    for f in reversed(s.stack):
        if isinstance(f, kinds):
            return f
    return None


def _fits(s: PvdState, wanted: frozenset[str], roll: Roll | None) -> bool:
    if "roll" in wanted and (roll is None or not roll.after or not roll.faces):
        return False
    if "combat" in wanted and nearest(s, Combat) is None:
        return False
    if "budget" in wanted and nearest(s, (Incident, Attack)) is None:
        return False
    if "incident" in wanted and nearest(s, Incident) is None:
        return False
    return True


def usable(s: PvdState, p: int, window: str, first: bool = False, source: str | None = None) -> list[Use]:
    """The Use actions captain p may take in a window (turn, pre/post roll, reactions). In another
    captain's window only cards usable at any time, and cards aimed at the player rolling (ruling
    desperate-own-roll), are offered. `first`: only whether there is one (the list stops at the
    first ability that gives any: the hand menu is offered at every turn decision). `source`: only
    the Use actions of that source (each source's are worked out apart from the others': a replayed
    Use is checked so)."""
    pl = s.players[p]
    roll: Roll | None = nearest(s, Roll) if window in ROLL_WINDOWS else None
    roller = roll.p if roll is not None else p
    info: dict[str, Any] = {} if roll is None else {"roll": roll.kind, "foe": roll.foe}
    out: list[Use] = []
    try:
        candidates = _candidates(window, pl.stage, pl.hand, pl.relic, pl.mate, pl.mate_used, pl.weapon, pl.equipment,
                                 pl.used)
    except TypeError:  # (a hand edited as a list: unhashable)
        candidates = _candidates(window, pl.stage, tuple(pl.hand), pl.relic, pl.mate, pl.mate_used, pl.weapon,
                                 tuple(pl.equipment), tuple(pl.used))
    if source is not None:
        candidates = [c for c in candidates if c[0] == source]
    for src, ab, card, wanted, pointless in candidates:
        if ab.target == "player_rolling" and (roll is None or roller == p or s.players[roller].stage != EXPEDITION):
            continue
        if roll is not None and src in roll.used:
            continue
        if ab.cond is not None and not cond_ok(s, p, ab.cond, info):
            continue
        if wanted and not _fits(s, wanted, roll):
            continue
        if pointless and (s.lost == 0 if pointless == "lost" else pl.stage != EXPEDITION):
            continue
        if ab.target == "none":
            out.append(made(Use, p, src))
        elif ab.target == "player_rolling":
            out.append(made(Use, p, src, roller))
        elif ab.target == "any_area":
            out += [made(Use, p, src, -1, a) for a in catalog().area_ids]
        else:
            for q, other in enumerate(s.players):
                if q == p or other.stage != EXPEDITION:
                    continue
                if ab.target == "player_in_your_area" and other.area != pl.area:
                    continue
                out.append(made(Use, p, src, q))
        if first and out:
            break
    return out


def open_window(s: PvdState, actor: int, with_actor: bool = True, others: bool = True) -> Window:
    """A window: the other captains still exploring (`others`), in turn order from the acting
    player, then the acting player (`with_actor`), who so answers what the others did. Each is asked
    until they pass; a pass is final for this window. Who is asked depends only on what everyone can
    see, never on the cards anyone holds (ruling reaction-windows)."""
    n = len(s.players)
    ring = [(actor + k) % n for k in range(1, n)] if others else []
    ring = [q for q in ring if s.players[q].stage == EXPEDITION] + ([actor] if with_actor else [])
    return _window(tuple(ring), actor if with_actor else -1, 0) if ring else CLOSED


@lru_cache(maxsize=4096)
def _window(ring: tuple[int, ...], actor: int, at: int) -> Window:
    """One object per window position (frames are immutable; windows open at every roll)."""
    return Window(ring, actor, at)


def window_seat(s: PvdState, w: Window, own_kind: str, other_kind: str) -> tuple[Window, int, str]:
    """The window moved on to the next captain to ask, that captain and the decision kind (-1, ""
    when the window is closed). A captain without Event cards is skipped when nothing on the table
    lets them act: all of that is public, so skipping tells nobody anything."""
    ring, at = w.ring, w.at
    players = s.players
    while at < len(ring):
        q = ring[at]
        kind = own_kind if q == w.actor else other_kind if players[q].stage == EXPEDITION else ""
        if kind and (players[q].hand or usable(s, q, kind, first=True)):
            return (w if at == w.at else _window(ring, w.actor, at)), q, kind
        at += 1
    return (w if at == w.at else _window(ring, w.actor, at)), -1, ""


def reaction_possible(s: PvdState, roll: Roll, when: str) -> bool:
    """Whether the other captains get a window around this roll: when some card of the game (not of
    anyone's hand: that would tell who holds it) may be played on the player rolling at this moment
    (Dinosaur Taboo: before a combat roll against a dinosaur, on a captain still exploring)."""
    cards = rolling_cards(when)
    if not cards or s.players[roll.p].stage != EXPEDITION:  # (after a roll: no card of the game)
        return False
    info = {"roll": roll.kind, "foe": roll.foe}
    for ab in cards:
        if cond_ok(s, roll.p, ab.cond, info):
            return True
    return False


@lru_cache(maxsize=8)
def rolling_cards(when: str) -> tuple:
    """The abilities of the game's cards aimed at the player rolling, played at `when` (asked at
    every roll: worked out once)."""
    return tuple(ab for c in catalog().events.values() for ab in (c.action, c.desperate)
                 if ab is not None and ab.target == "player_rolling" and ab.when == when)


def apply_use(ctx: Ctx, a: Use, in_roll_window: bool = False) -> None:
    """Use an ability: a card leaves the hand (a Pirate's Share is shown and discarded when done)."""
    s = ctx.state
    p = a.player
    pl = s.players[p]
    ref, ab, card = source_ref(s, p, a.source)
    if card:
        pl.hand = _drop(pl.hand, card)
        s.in_play += (card,)
    if ab.limit:
        pl.used += (f"{ab.limit}|{a.source}",)
    if a.source == "mate":
        pl.mate_used = True
    if in_roll_window:
        roll = ctx.nearest(Roll)
        if roll is not None:
            ctx.update(roll, roll.with_used(a.source))
    label = source_name(s, p, a.source) if a.source.partition(":")[0] in ("da", "ps", "relic", "mate", "wp", "eq") \
        else a.source
    ctx.emit(f"{pl.name} uses {label}", "use", seat=p, source=a.source)
    ctx.push(Ops(ref, p, a.target, a.area, card, a.source.startswith(("ps:", "da:")), a.source))


def _drop(t: tuple, x: Any) -> tuple:
    i = t.index(x)
    return t[:i] + t[i + 1:]
