"""The frame interpreter: what is being resolved is a stack of frames (plain dicts) in the state.

`run` resolves the top frame until the game needs a chance outcome (`state.chance`) or a player's
decision (`state.decision`). Handlers are registered per frame kind by the rule modules
(setup, expedition, combat, dig, effects_engine); decisions per decision kind by rules.py.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from companion.engine import Event

from .catalog import catalog
from .state import own, DIG, EXPEDITION, SHIP, PvdState

Frame = dict[str, Any]
HANDLERS: dict[str, Callable[[PvdState, Frame], None]] = {}


def handler(kind: str) -> Callable:
    def deco(fn: Callable) -> Callable:
        HANDLERS[kind] = fn
        return fn
    return deco


def push(s: PvdState, frame: Frame) -> Frame:
    s.stack.append(frame)
    return frame


def pop(s: PvdState) -> Frame:
    return s.stack.pop()


def ask(s: PvdState, seat: int, kind: str, **data: Any) -> None:
    """A decision for `seat`; the action answering it resumes the frame on top."""
    s.decision = {"seat": seat, "kind": kind, **data}


def need(s: PvdState, kind: str, n: int, src: str = "", label: str = "") -> None:
    """A chance step: `kind` roll (n dice) or draw (n items from `src`)."""
    s.chance = {"kind": kind, "n": n, "src": src, "label": label or f"{kind} {n}"}


def outcome(s: PvdState) -> list[str]:
    return s.reg.pop("out")


def emit(s: PvdState, text: str, kind: str = "log", to: tuple[int, ...] | None = None, **data: Any) -> None:
    ev = getattr(s, "_ev", None)
    if ev is not None:
        ev.append(Event(kind, text, data, to))


def name(s: PvdState, p: int) -> str:
    return s.players[p].name


#: functions of the rule modules that import this one (set by them at import: no import per call)
HOOKS: dict[str, Callable] = {}


def run(s: PvdState) -> None:
    """Resolve frames until a chance step, a decision or the end of the game."""
    next_turn = HOOKS.get("next_turn")
    if next_turn is None:
        from .expedition import next_turn
    guard = 0
    while s.chance is None and s.decision is None and not s.over:
        guard += 1
        if guard > 100_000:
            raise RuntimeError("rules engine loop does not progress")
        if not s.stack:
            next_turn(s)
            continue
        f = s.stack[-1]
        HANDLERS[f["k"]](s, f)


def nearest(s: PvdState, *kinds: str, p: int | None = None) -> Frame | None:
    for f in reversed(s.stack):
        if f["k"] in kinds and (p is None or f.get("p") == p):
            return f
    return None


# ---------------------------------------------------------------------------------------------
# sailors: the 85 figures are always in a crew, the reserve or Lost and Forgotten


def lose(s: PvdState, p: int, n: int, to: str = "reserve", preventable: bool = True, fight: bool = False) -> int:
    """Lose sailors (rule: What to Do If You Run Out of Sailors): first any prevention of the current
    Incident or combat (`extra` prevention only for losses outside the fight itself), then Emergency
    Crew Replenishments (4 sailors and a token, repeated) while the loss would leave no sailor, then
    the loss. Returns the sailors lost."""
    pl = own(s, p)
    if preventable:
        key = str(p)
        for f in reversed(s.stack):
            prev = f.get("prev")
            if prev is not None and key in prev:
                for name_ in (("prev",) if fight else ("prevx", "prev")):
                    budget = f.get(name_, {})
                    use = min(budget.get(key, 0), n)
                    if use:
                        f[name_] = {**budget, key: budget[key] - use}
                        n -= use
                break
    if n <= 0:
        return 0
    st = catalog().setup
    while pl.crew - n <= 0 and s.reserve > 0:
        take = min(st.emergency_sailors, s.reserve)
        s.reserve -= take
        pl.crew += take
        pl.tokens += 1
        if s.tokens_left > 0:
            s.tokens_left -= 1
            paid = "1 token"
        else:
            pl.noted += 1  # ruling replenish-tokens: the stack is empty, the token is noted and paid for all the same
            paid = "1 token noted on the score pad"
        emit(s, f"{pl.name} makes an Emergency Crew Replenishment (+{take} sailors, {paid})", "emergency", seat=p)
    n = min(n, pl.crew)
    pl.crew -= n
    if to == "lost_and_forgotten":
        s.lost += n
    else:
        s.reserve += n
    if n:
        where = " to Lost and Forgotten" if to == "lost_and_forgotten" else ""
        emit(s, f"{pl.name} loses {n} sailor{'s' if n > 1 else ''}{where}", "lose", seat=p, n=n)
    return n


def gain(s: PvdState, p: int, n: int, src: str = "reserve") -> int:
    """Take sailors from the reserve or from Lost and Forgotten (as many as are there)."""
    pl = own(s, p)
    if src == "lost_and_forgotten":
        n = min(n, s.lost)
        s.lost -= n
    else:
        n = min(n, s.reserve)
        s.reserve -= n
    pl.crew += n
    if n:
        emit(s, f"{pl.name} gains {n} sailor{'s' if n > 1 else ''}", "gain", seat=p, n=n)
    return n


def replenish(s: PvdState, p: int) -> None:
    """Replenish Your Crew: 6 sailors (plus passives) and 1 Crew Replenishment token."""
    pl = own(s, p)
    st = catalog().setup
    extra = sum(op.amount for op in passive_ops(s, p, "replenish_sailors", {}))
    s.tokens_left -= 1
    pl.tokens += 1
    got = gain(s, p, st.replenish_sailors + extra)
    emit(s, f"{pl.name} replenishes the crew (+{got} sailors, 1 token)", "replenish", seat=p)
    if pl.mate and catalog().mates[pl.mate].refresh == "replenish":
        pl.mate_used = False


# ---------------------------------------------------------------------------------------------
# abilities: where they come from, when they hold


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


def _compiled(c: Any) -> tuple[tuple[str, Any], ...]:
    """A Condition as (field, value) pairs of the fields it sets (cached: content never changes)."""
    key = id(c)
    got = _CONDS.get(key)
    if got is None:
        got = tuple((k, v) for k, v in c.model_dump(exclude_none=True).items())
        _CONDS[key] = got
        _KEEP.append(c)
    return got


_KEEP: list[Any] = []


def cond_ok(s: PvdState, p: int, c: Any, ctx: dict[str, Any]) -> bool:
    """A Condition of the effect vocabulary, for captain `p` in context ctx (roll, foe, incident, result)."""
    if c is None:
        return True
    pl = s.players[p]
    for k, v in _compiled(c):
        if k == "roll":
            kind = ctx.get("roll")
            if kind is None or (kind not in v and "any" not in v):
                return False
        elif k == "foe":
            if ctx.get("foe") not in v:
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
            if ctx.get("result") != v:
                return False
        elif k == "incident":
            if ctx.get("incident") not in v:
                return False
        elif k == "giant_in_area":
            if (bool(s.giant) and s.giant == pl.area) != v:
                return False
        elif k == "crew_at_most":
            if pl.crew > v:
                return False
    return True


def _flat(s: PvdState, p: int, ops: list, ctx: dict[str, Any]) -> list:
    out = []
    for op in ops:
        if op.op == "if":
            out += _flat(s, p, op.then if cond_ok(s, p, op.cond, ctx) else op.else_, ctx)
        else:
            out.append(op)
    return out


def passive_ops(s: PvdState, p: int, opname: str | tuple[str, ...], ctx: dict[str, Any]) -> list:
    """The ops named `opname` of every passive ability of `p` whose condition holds in ctx."""
    names = (opname,) if isinstance(opname, str) else opname
    out = []
    for _, ab in owned(s, p):
        if ab.when != "passive" or not cond_ok(s, p, ab.cond, ctx):
            continue
        out += [op for op in _flat(s, p, ab.effects, ctx) if op.op in names]
    return out


def passive_amount(s: PvdState, p: int, opname: str, default: int) -> int:
    """A passive that replaces a number (hand_limit, turn_draw, start_hand, combat_dice.per_crew)."""
    ops = passive_ops(s, p, opname, {})
    if not ops:
        return default
    op = ops[-1]
    return getattr(op, "per_crew", None) or op.amount


def combat_dice(s: PvdState, p: int) -> int:
    """Combat: 1 die per 2 (Sabers and Muskets) or 3 (Pistols and Pikes) sailors, extras ignored."""
    per = passive_amount(s, p, "combat_dice", 2)
    return s.players[p].crew // per


def search_hours(s: PvdState, p: int, area: str) -> int:
    """Starting a New Expedition: the area's hourglass plus passives (the Cannon +1), at least 1
    and at most the Time Track's highest mark."""
    cat = catalog()
    hours = cat.areas[area].search_hours
    ctx = {"area": area}
    hours += sum(op.amount for op in passive_ops(s, p, "search_hours", ctx))
    return min(cat.time_max, max(1, hours))


def who(s: PvdState, f: Frame, kind: str) -> list[int]:
    """The captains an op affects (self, target, each_in_area...); Pirate's Share cards only
    affect captains in Stage 2, volcano marks never hurt their drawer once back on the ship."""
    u = f["u"]
    players = s.players
    if kind == "self":
        if players[u].stage == SHIP and f.get("src", "").startswith("mark"):
            return []
        out = [u]
    elif kind == "target":
        out = [f["t"]] if f.get("t", -1) >= 0 else []
    elif kind in ("each_in_area", "each_other_in_area"):
        area = f.get("a") or players[u].area
        out = [q for q, pl in enumerate(players) if pl.stage == EXPEDITION and pl.area == area]
        if kind == "each_other_in_area":
            out = [q for q in out if q != u]
    else:
        out = [q for q, pl in enumerate(players) if pl.stage in (EXPEDITION, DIG) and not pl.sunk]
        if kind == "each_other_on_island":
            out = [q for q in out if q != u]
    if f.get("ps"):
        out = [q for q in out if players[q].stage == EXPEDITION]
    return out


# ---------------------------------------------------------------------------------------------
# op lists by reference: frames hold a path, not the ops


@lru_cache(maxsize=8192)
def _resolve(ref: tuple) -> list:
    cat = catalog()
    head, rest = ref[:3], ref[3:]
    kind = head[0]
    if kind == "ev":
        ab = getattr(cat.events[head[1]], head[2])
        ops = ab.effects
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


def resolve_ref(ref: list) -> list:
    return _resolve(tuple(ref))


def source_ref(s: PvdState, p: int, source: str) -> tuple[list, Any, str]:
    """(op reference, ability, card) of an ability source of captain p."""
    cat = catalog()
    pl = s.players[p]
    kind, _, rest = source.partition(":")
    if kind == "da":
        return ["ev", rest, "desperate"], cat.events[rest].desperate, rest
    if kind == "ps":
        return ["ev", rest, "action"], cat.events[rest].action, rest
    if kind == "relic":
        return ["relic", pl.relic, int(rest)], cat.relics[pl.relic].abilities[int(rest)], ""
    if kind == "mate":
        return ["mate", pl.mate, 0], cat.mates[pl.mate].ability, ""
    if kind == "wp":
        return ["wp", pl.weapon, int(rest)], cat.weapons[pl.weapon].abilities[int(rest)], ""
    if kind == "eq":
        eid, _, i = rest.rpartition(":")
        return ["eq", eid, int(i)], cat.equipment[eid].abilities[int(i)], ""
    raise KeyError(source)


def ops_frame(ref: list, u: int, t: int = -1, a: str = "", card: str = "", ps: bool = False,
              src: str = "", n: int = 1) -> Frame:
    return {"k": "ops", "ref": list(ref), "i": 0, "n": n, "u": u, "t": t, "a": a, "card": card, "ps": ps,
            "src": src}


# ---------------------------------------------------------------------------------------------
# reaction windows (rule: Desperate Actions - "at any time, even during another player's turn")


def open_window(s: PvdState, f: Frame, actor: int, with_actor: bool = True, others: bool = True) -> None:
    """Open a window on frame f: the other captains still exploring (`others`), in turn order from the
    acting player, then the acting player (`with_actor`), who so answers what the others did. Each is
    asked until they pass; a pass is final for this window. Who is asked depends only on what everyone
    can see, never on the cards anyone holds (ruling reaction-windows)."""
    n = len(s.players)
    ring = [(actor + k) % n for k in range(1, n)] if others else []
    f["wr"] = [q for q in ring if s.players[q].stage == EXPEDITION] + ([actor] if with_actor else [])
    f["wa"] = actor if with_actor else -1
    f["wi"] = 0


def window_next(s: PvdState, f: Frame, own_kind: str, other_kind: str) -> bool:
    """Ask the next captain of the window on f; True when the window is closed."""
    usable = HOOKS.get("usable")
    if usable is None:
        from .rules import usable
    ring = f["wr"]
    players = s.players
    while f["wi"] < len(ring):
        q = ring[f["wi"]]
        kind = own_kind if q == f["wa"] else other_kind if players[q].stage == EXPEDITION else ""
        # a captain without Event cards is skipped when nothing on the table lets them act: all of
        # that is public, so skipping tells nobody anything
        if kind and (players[q].hand or usable(s, q, kind)):
            ask(s, q, kind)
            return False
        f["wi"] += 1
    return True


def window_pass(f: Frame) -> None:
    f["wi"] += 1
