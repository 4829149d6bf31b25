"""Rolls (rule: Using the Dice; Desperate Actions): the dice a roll gets, its windows, re-rolls
and the count of successes."""
from __future__ import annotations


from companion.engine.stack import Need, Next, replace

from .abilities import op_field, passive_ops
from .windows import open_window, reaction_possible, window_seat
from .frames import (ROLL_GO, ROLL_POST, ROLL_PRE, ROLL_REROLL, ROLL_REROLLED, ROLL_ROLLED, Roll,
                     RollResult)
from .kernel import Ctx, ask, name
from .state import DIG, PvdState

MODIFIERS = ("add_dice", "count_sabers", "double_successes", "add_successes")


def roll_matches(mod_roll: str, kind: str) -> bool:
    return mod_roll in ("any", "this") or mod_roll == kind


def new_roll(s: PvdState, p: int, kind: str, dice: int, foe: str = "") -> Roll:
    """A roll of captain p: skulls succeed; sabers only where a rule says so, and always at the Dig
    Site. Passive and pending modifiers apply now (pending ones for one roll are used up)."""
    pl = s.players[p]
    f = Roll(p, kind, foe, dice, sabers=pl.stage == DIG)
    for op in passive_ops(s, p, MODIFIERS, {"roll": kind, "foe": foe}):
        if roll_matches(op.roll, kind):
            f = f.modified(op.op, op_field(op, "amount", 0))
    if pl.mods:
        keep = []
        for m in pl.mods:
            if roll_matches(m["roll"], kind):
                f = f.modified(m["op"], m["n"])
                if m["until"] == "roll":
                    continue
            keep.append(m)
        s.players[p].mods = tuple(keep)
    return f


def start_roll(ctx: Ctx, p: int, kind: str, dice: int, foe: str = "") -> None:
    ctx.push(new_roll(ctx.state, p, kind, dice, foe))


def count(faces: tuple[str, ...] | list[str], sabers: bool, double: bool, plus: int) -> RollResult:
    """Successes of a roll: skulls; sabers where they count; doubled; plus or minus (never below 0)."""
    sk = faces.count("skull")
    sa = faces.count("saber")
    ok = sk + (sa if sabers else 0)
    succ = ok * 2 if double else ok
    return RollResult(max(0, succ + plus), len(faces) - ok, faces.count("blank"), len(faces))


def h_roll(ctx: Ctx, f: Roll) -> Next:
    """A roll's life: the window before it (every other captain still exploring who may play a card
    on the roller, in turn order, then the roller), the dice, the window after it, re-rolls (which
    open the window after again), the count. A phase that goes straight on to the next one (the
    dice came: the window after opens; a window closed: the dice or the count) goes on here rather
    than through the stack's loop (a frame is put on the stack where the rules read it there: the
    rolled dice before the window after them opens, the frame a decision or the dice wait on)."""
    s = ctx.state
    p = f.p
    phase = f.phase
    if phase == ROLL_ROLLED:
        faces = tuple(ctx.take_outcome())
        f = replace(f, faces=faces, phase=ROLL_POST, window=None)
        ctx.put(f)  # (on the stack before the window opens: who may use what reads the roll there)
        phase = ROLL_POST
        ctx.emit(f"{name(ctx, p)} rolls {', '.join(faces)}", "roll", seat=p, faces=list(faces))
    elif phase == ROLL_REROLLED:
        rolled = list(f.faces)
        for i, face in zip(f.rerolling, ctx.take_outcome()):
            rolled[i] = face
        f = replace(f, faces=tuple(rolled), rerolling=(), phase=ROLL_POST, window=None)
        ctx.put(f)
        phase = ROLL_POST
        ctx.emit(f"{name(ctx, p)} re-rolls: {', '.join(rolled)}", "roll", seat=p, faces=list(rolled))
    if phase == ROLL_PRE or phase == ROLL_POST:
        w = f.window
        if w is None:
            w = open_window(s, p, others=reaction_possible(s, f, "before_roll" if phase == ROLL_PRE else "after_roll"))
        own_kind, other_kind = (("pre", "react_pre") if phase == ROLL_PRE else ("post", "react_post"))
        w, seat, kind = window_seat(s, w, own_kind, other_kind)
        if seat >= 0:
            if w is not f.window:
                ctx.put(replace(f, window=w))
            return ask(seat, kind)
        if phase == ROLL_POST:  # accepted: the count (the frame is taken off as it is)
            ctx.pop(count(f.faces, f.sabers, f.double, f.plus))
            return None
        f = replace(f, window=w, phase=ROLL_GO)
        phase = ROLL_GO
    if phase == ROLL_GO:
        n = max(0, f.dice)
        if n == 0:
            ctx.put(replace(f, dice=0, faces=(), phase=ROLL_POST, window=None))
            return None
        ctx.put(replace(f, dice=n, phase=ROLL_ROLLED))
        return Need("roll", n, label=f"{f.kind} roll of {name(ctx, p)}")
    if phase == ROLL_REROLL:
        ctx.put(replace(f, phase=ROLL_REROLLED))
        return Need("roll", len(f.rerolling), label=f"re-roll of {name(ctx, p)}")
    ctx.pop(count(f.faces, f.sabers, f.double, f.plus))
    return None


HANDLERS = {Roll: h_roll}
