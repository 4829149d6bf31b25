"""Combat and attacks (rules: Combat, Attack a Rival, Attack Another Player (Stage 3), Special
Rules for Using the Cannon at the Dig Site)."""
from __future__ import annotations


from companion.engine.stack import Need, Next, replace
from companion.words import plural

from .abilities import cond_ok, owned, passive_ops, resolve_ref, source_ref
from .crew import combat_dice, lose
from .dice import start_roll
from .frames import (ATTACK_AFTER, ATTACK_ATTACKER, ATTACK_COMPARE, ATTACK_DEFENDER, ATTACK_STEAL, COMBAT_AFTER,
                     COMBAT_RESULT, COMBAT_ROLL, Attack, BagToken, Combat, Guard, Ops)
from .kernel import Ctx, name
from .state import DIG, EXPEDITION, PvdState, drop


def strength_of(s: PvdState, f: Combat) -> int:
    """The foe's Strength in this combat: printed, changed by cards and passives, at least 1."""
    return max(1, f.strength + f.strength_mod + sum(
        op.amount for op in passive_ops(s, f.p, "combat_strength", {"foe": f.foe})))


def h_combat(ctx: Ctx, f: Combat) -> Next:
    """Combat: successes >= Strength wins without losses; else lose the difference."""
    s = ctx.state
    p = f.p
    if f.phase == COMBAT_ROLL:
        ctx.put(replace(f, phase=COMBAT_RESULT))
        start_roll(ctx, p, "combat", combat_dice(s, p), f.foe)
        return None
    if f.phase == COMBAT_RESULT:
        r = ctx.take_result()
        strength = strength_of(s, f)
        won = r.succ >= strength
        f = replace(f, result="won" if won else "lost", phase=COMBAT_AFTER)
        ctx.put(f)
        ctx.emit(f"{name(ctx, p)} {'beats' if won else 'loses to'} the {f.foe} (Strength {strength}) with "
                 f"{plural(r.succ, 'success')}", "combat", seat=p, won=won, strength=strength, successes=r.succ)
        if not won:
            loss = strength - r.succ
            if f.max_loss is not None:
                loss = min(loss, f.max_loss)
            lose(ctx, p, loss, f.to, fight=True)
        if f.ref is not None:
            branch = "if_won" if won else "if_lost"
            if resolve_ref(f.ref + (branch,)):
                ctx.push(Ops(f.ref + (branch,), p, src=f.src))
        return None
    ctx.pop()
    after_combat(ctx, [(p, f.result)], f.after)
    return None


def after_combat(ctx: Ctx, results: list[tuple[int, str]], pending: tuple[tuple[int, tuple[str, ...]], ...]) -> None:
    """After-combat abilities (Medicine Chest) and the Cannon's token at the Dig Site; the active
    player first, then the opponent (pushed in reverse so they resolve in that order)."""
    s = ctx.state
    frames: list = []
    for p, res in results:
        info = {"result": res, "roll": "combat"}
        for src, ab in owned(s, p):
            if ab.when == "after_combat" and cond_ok(s, p, ab.cond, info):
                ref, _, _ = source_ref(s, p, src)
                frames.append(Ops(ref, p, src=src))
        for q, kinds in pending:
            if q == p:
                frames.append(BagToken(p, only=kinds))
    for fr in reversed(frames):
        ctx.push(fr)


def rivals(s: PvdState, p: int) -> list[int]:
    """The captains p may attack (Attack a Rival; Fights at the Dig Site): those exploring p's area
    while p explores, those digging while p digs."""
    me = s.players[p]
    if me.stage not in (EXPEDITION, DIG):
        return []
    return [q for q, o in enumerate(s.players) if q != p and o.stage == me.stage
            and (me.stage == DIG or o.area == me.area)]


def start_attack(ctx: Ctx, a: int, d: int) -> None:
    """Attack a Rival (Stage 2) or Another Player (Stage 3): both roll; the winner loses 1, the loser
    the difference; a draw costs both 1. At the Dig Site the winner steals 1 random treasure."""
    s = ctx.state
    budget = tuple((q, sum(op.amount for op in passive_ops(s, q, "prevent_losses", {"foe": "rival"})))
                   for q in sorted({a, d}))
    ctx.emit(f"{name(ctx, a)} attacks {name(ctx, d)}", "attack", seat=a, target=d)
    ctx.push(Attack(a, d, s.players[a].stage == DIG, guard=Guard(budget)))


def h_attack(ctx: Ctx, f: Attack) -> Next:
    s = ctx.state
    a, d = f.p, f.d
    phase = f.phase
    if phase == ATTACK_ATTACKER:
        ctx.put(replace(f, phase=ATTACK_DEFENDER))
        start_roll(ctx, a, "combat", combat_dice(s, a), "rival")
    elif phase == ATTACK_DEFENDER:
        ctx.put(replace(f, sa=ctx.take_result().succ, phase=ATTACK_COMPARE))
        start_roll(ctx, d, "combat", combat_dice(s, d), "rival")
    elif phase == ATTACK_COMPARE:
        sd = ctx.take_result().succ
        sa = f.sa
        if sa == sd:
            ctx.put(replace(f, sd=sd, results=("draw", "draw"), phase=ATTACK_AFTER))
            lose(ctx, a, 1, fight=True)
            lose(ctx, d, 1, fight=True)
            ctx.emit(f"The fight of {name(ctx, a)} and {name(ctx, d)} is a draw ({sa}:{sd})", "attack",
                     successes=(sa, sd), winner=None, loser=None)
            return None
        win, los = (a, d) if sa > sd else (d, a)
        steal = f.dig and bool(s.players[los].treasures)
        ctx.put(replace(f, sd=sd, results=("won", "lost") if win == a else ("lost", "won"), winner=win, loser=los,
                        phase=ATTACK_AFTER))
        ctx.emit(f"{name(ctx, win)} wins the fight {max(sa, sd)}:{min(sa, sd)}", "attack", winner=win, loser=los,
                 successes=(sa, sd))
        lose(ctx, win, 1, fight=True)
        lose(ctx, los, abs(sa - sd), fight=True)
        if steal and s.players[los].treasures and s.players[win].stage == DIG:
            ctx.put(replace(ctx.top, phase=ATTACK_STEAL))
            return Need("draw", 1, src=f"treasure:{los}", label=f"treasure stolen from {name(ctx, los)}")
    elif phase == ATTACK_STEAL:
        value = int(ctx.take_outcome()[0])
        pl = s.players[f.loser]
        pl.treasures = drop(pl.treasures, value)
        s.players[f.winner].treasures += (value,)
        ctx.emit(f"{name(ctx, f.winner)} steals a treasure from {name(ctx, f.loser)}", "steal")
        ctx.emit(f"The stolen treasure is worth ${value:,}", "steal", to=(f.winner, f.loser), value=value)
        ctx.put(replace(f, phase=ATTACK_AFTER))
    else:
        ctx.pop()
        after_combat(ctx, [(a, f.results[0]), (d, f.results[1])], f.after)
    return None


HANDLERS = {Combat: h_combat, Attack: h_attack}
