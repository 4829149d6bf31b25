"""Sailors: the 85 figures are always in a crew, the reserve or Lost and Forgotten (rules: What
to Do If You Run Out of Sailors, Lost and Forgotten, Replenish Your Crew, Combat's dice)."""
from __future__ import annotations

from companion.words import plural

from .abilities import passive_amount, passive_ops
from .catalog import catalog
from .frames import Attack, Incident
from .kernel import Ctx
from .state import PvdState


def combat_dice(s: PvdState, p: int) -> int:
    """Combat: 1 die per 2 (Sabers and Muskets) or 3 (Pistols and Pikes) sailors, extras ignored."""
    return s.players[p].crew // passive_amount(s, p, "combat_dice", 2)


def carry_capacity(s: PvdState, p: int) -> int:
    """Return to the Ship: 2 sailors carry 1 treasure."""
    return s.players[p].crew // catalog().setup.sailors_per_treasure


def over_capacity(s: PvdState, p: int) -> int:
    """Return to the Ship: the treasures captain p's crew cannot carry, which go back into the bag."""
    return max(0, len(s.players[p].treasures) - carry_capacity(s, p))


def _prevent(ctx: Ctx, p: int, n: int, fight: bool) -> int:
    """The loss after the prevention of the Incident or fight in progress (`extra` prevention only
    for losses outside the fight itself); the budget used is spent."""
    for f in reversed(ctx.stack):
        if isinstance(f, (Incident, Attack)) and f.guard.covers(p):
            guard = f.guard
            for which in (("all",) if fight else ("extra", "all")):
                use = min(guard.budget(which, p), n)
                if use:
                    guard = guard.with_budget(which, p, guard.budget(which, p) - use)
                    n -= use
            if guard is not f.guard:
                ctx.update(f, f.with_guard(guard))
            break
    return n


def lose(ctx: Ctx, p: int, n: int, to: str = "reserve", preventable: bool = True, fight: bool = False) -> int:
    """Lose sailors (rule: What to Do If You Run Out of Sailors): first any prevention of the current
    Incident or combat, then Emergency Crew Replenishments (4 sailors and a token, repeated) while the
    loss would leave no sailor, then the loss. Returns the sailors lost."""
    s = ctx.state
    pl = s.players[p]
    if preventable:
        n = _prevent(ctx, p, n, fight)
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
        ctx.emit(f"{pl.name} makes an Emergency Crew Replenishment (+{plural(take, 'sailor')}, {paid})", "emergency", seat=p)
    n = min(n, pl.crew)
    pl.crew -= n
    if to == "lost_and_forgotten":
        s.lost += n
    else:
        s.reserve += n
    if n:
        where = " to Lost and Forgotten" if to == "lost_and_forgotten" else ""
        ctx.emit(f"{pl.name} loses {n} sailor{'s' if n > 1 else ''}{where}", "lose", seat=p, n=n)
    return n


def gain(ctx: Ctx, p: int, n: int, src: str = "reserve", why: str = "") -> int:
    """Take sailors from the reserve or from Lost and Forgotten (as many as are there); `why` names
    the card that gives them (the log said a Medicine Chest's sailor without a reason)."""
    s = ctx.state
    pl = s.players[p]
    if src == "lost_and_forgotten":
        n = min(n, s.lost)
        s.lost -= n
    else:
        n = min(n, s.reserve)
        s.reserve -= n
    pl.crew += n
    if n:
        ctx.emit(f"{pl.name} gains {plural(n, 'sailor')}" + (f" ({why})" if why else ""), "gain", seat=p, n=n)
    return n


def replenish(ctx: Ctx, p: int) -> None:
    """Replenish Your Crew: 6 sailors (plus passives) and 1 Crew Replenishment token."""
    s = ctx.state
    pl = s.players[p]
    st = catalog().setup
    extra = sum(op.amount for op in passive_ops(s, p, "replenish_sailors", {}))
    s.tokens_left -= 1
    pl.tokens += 1
    got = gain(ctx, p, st.replenish_sailors + extra)
    ctx.emit(f"{pl.name} replenishes the crew (+{plural(got, 'sailor')}, 1 token)", "replenish", seat=p)
    if pl.mate and catalog().mates[pl.mate].refresh == "replenish":
        pl.mate_used = False
