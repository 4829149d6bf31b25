"""Stage 3, the Dig (Dig Up Treasure, the prize, tokens, returning to the ship) and the optional
rule Actions on the Ship. The end of the game and its count are in kernel.py."""
from __future__ import annotations


from companion.engine.stack import Ask, Need, Next, replace
from companion.words import plural

from .catalog import catalog
from .crew import carry_capacity, over_capacity
from .dice import start_roll
from .interpreter import put_back
from .frames import TOKEN_DONE, TOKEN_DRAW, TOKEN_DRAWN, BagToken, DigRoll, Ops, Prize, ReturnToShip
from .kernel import Ctx, final_value, name, result
from .state import DIG, SHIP, UNKNOWN, drop

__all__ = ["HANDLERS", "final_value", "result", "put_back"]


def h_prize(ctx: Ctx, f: Prize) -> Next:
    """The first captain at the Dig Site draws until a treasure; other tokens go back unplayed."""
    s = ctx.state
    cat = catalog()
    if f.waiting:
        tok = ctx.take_outcome()[0]
        t = cat.tokens[tok]
        if t.kind == "treasure":
            s.bag = drop(s.bag, tok)
            s.players[f.p].treasures += (t.dollars,)
            ctx.emit(f"{name(ctx, f.p)} takes a prize treasure", "prize", seat=f.p)
            ctx.emit(f"Your prize is worth ${t.dollars:,}", "prize", to=(f.p,), value=t.dollars)
            ctx.pop()
            return None
        ctx.emit(f"{name(ctx, f.p)} draws a {t.kind} for the prize and puts it back", "prize", token=tok)
    if not any(cat.tokens[t].kind == "treasure" for t in s.bag):
        ctx.pop()
        return None
    ctx.put(replace(f, waiting=True))
    return Need("draw", 1, src="bag", label="prize treasure")


def h_dig(ctx: Ctx, f: DigRoll) -> Next:
    """Dig: 2 dice (skulls and sabers succeed); 1 token per success, drawn and resolved one by one."""
    s = ctx.state
    p = f.p
    if not f.rolled:
        ctx.put(replace(f, rolled=True))
        start_roll(ctx, p, "dig", catalog().setup.dig_dice)
        return None
    if f.left is None:
        f = replace(f, left=ctx.take_result().succ)
        ctx.put(f)
        ctx.emit(f"{name(ctx, p)} digs up {plural(f.left, 'token')}", "dig", seat=p, n=f.left)
    if f.stopped or f.left <= 0 or not s.bag or s.players[p].stage != DIG:
        ctx.pop()
        return None
    ctx.put(replace(f, left=f.left - 1))
    ctx.push(BagToken(p))
    return None


def h_tok(ctx: Ctx, f: BagToken) -> Next:
    """One token from the bag: a treasure is kept face down; a Ghost brings the next Curse; a
    Dinosaur Attack is fought from the deck; a Volcano covers the next mark. Ghosts and Dinosaur
    Attacks go back into the bag. (`only`: only these kinds count, e.g. after firing the Cannon.)"""
    s = ctx.state
    cat = catalog()
    p = f.p
    if f.phase == TOKEN_DRAW:
        if not s.bag:
            ctx.pop()
            return None
        ctx.put(replace(f, phase=TOKEN_DRAWN))
        return Need("draw", 1, src="bag", label=f"token for {name(ctx, p)}")
    if f.phase == TOKEN_DRAWN:
        tok = ctx.take_outcome()[0]
        if tok == UNKNOWN:  # the table drew no token (a card played by hand stopped the dig)
            ctx.pop()
            return None
        t = cat.tokens[tok]
        if f.only is not None and t.kind not in f.only:
            ctx.emit(f"{name(ctx, p)} draws a token without effect and puts it back", "token")
            ctx.pop()
            return None
        s.bag = drop(s.bag, tok)
        if t.kind == "treasure":
            ctx.pop()
            if f.ship:
                s.boxed += (tok,)
                ctx.emit(f"{name(ctx, p)} takes a treasure out of the game", "token", seat=p)
            else:
                s.players[p].treasures += (t.dollars,)
                ctx.emit(f"{name(ctx, p)} digs up a treasure", "token", seat=p)
                ctx.emit(f"It is worth ${t.dollars:,}", "token", to=(p,), value=t.dollars)
            return None
        s.held += (tok,)
        ctx.emit(f"{name(ctx, p)} draws a {t.kind.replace('_', ' ')}", "token", seat=p, token=t.kind)
        ctx.put(replace(f, phase=TOKEN_DONE, token=tok))
        ctx.push(Ops(("tok", tok, 0), p, src=f"tok:{tok}"))
        return None
    ctx.pop()
    if f.token in s.held:
        s.held = drop(s.held, f.token)
        s.bag += (f.token,)
    return None


def h_ret(ctx: Ctx, f: ReturnToShip) -> Next:
    """Return to the Ship: 2 sailors carry 1 treasure; the rest go back into the bag."""
    s = ctx.state
    p = f.p
    a = ctx.take_answer()
    if a is not None:
        put_back(ctx, p, a.value)
    pl = s.players[p]
    if over_capacity(s, p):
        return Ask(p, "putback", {"cap": carry_capacity(s, p)})
    ctx.pop()
    pl.stage = SHIP
    pl.area = "harbor"
    ctx.emit(f"{pl.name} returns to the ship with {plural(len(pl.treasures), 'treasure')}", "return", seat=p)
    return None


HANDLERS = {Prize: h_prize, DigRoll: h_dig, BagToken: h_tok, ReturnToShip: h_ret}
