"""Stage 3, the Dig (Dig Up Treasure, the prize, tokens, returning to the ship), the optional rule
Actions on the Ship, and the End of the Game."""
from __future__ import annotations

from typing import Any

from .catalog import catalog
from .combat import start_roll
from .core import Frame, ask, emit, handler, name, need, ops_frame, outcome, passive_ops, pop, push
from .state import own, drop, DIG, EXPEDITION, SHIP, PvdState


@handler("prize")
def h_prize(s: PvdState, f: Frame) -> None:
    """The first captain at the Dig Site draws until a treasure; other tokens go back unplayed."""
    cat = catalog()
    if f.get("got"):
        del f["got"]
        tok = outcome(s)[0]
        t = cat.tokens[tok]
        if t.kind == "treasure":
            s.bag = drop(s.bag, tok)
            _pl = own(s, f["p"])
            _pl.treasures += (t.dollars,)
            emit(s, f"{name(s, f['p'])} takes a prize treasure", "prize", seat=f["p"])
            emit(s, f"Your prize is worth ${t.dollars:,}", "prize", to=(f["p"],), value=t.dollars)
            pop(s)
            return
        emit(s, f"{name(s, f['p'])} draws a {t.kind} for the prize and puts it back", "prize", token=tok)
    if not any(cat.tokens[t].kind == "treasure" for t in s.bag):
        pop(s)
        return
    f["got"] = True
    need(s, "draw", 1, src="bag", label="prize treasure")


@handler("dig")
def h_dig(s: PvdState, f: Frame) -> None:
    """Dig: 2 dice (skulls and sabers succeed); 1 token per success, drawn and resolved one by one."""
    p = f["p"]
    if f["st"] == "roll":
        f["st"] = "draw"
        start_roll(s, p, "dig", catalog().setup.dig_dice)
        return
    if "left" not in f:
        f["left"] = s.reg.pop("roll")["succ"]
        emit(s, f"{name(s, p)} digs up {f['left']} token(s)", "dig", seat=p, n=f["left"])
    if f["stop"] or f["left"] <= 0 or not s.bag or s.players[p].stage != DIG:
        pop(s)
        return
    f["left"] -= 1
    push(s, {"k": "tok", "p": p, "st": "draw", "res": None, "ship": False})


@handler("tok")
def h_tok(s: PvdState, f: Frame) -> None:
    """One token from the bag: a treasure is kept face down; a Ghost brings the next Curse; a
    Dinosaur Attack is fought from the deck; a Volcano covers the next mark. Ghosts and Dinosaur
    Attacks go back into the bag. (`res`: only these kinds count, e.g. after firing the Cannon.)"""
    cat = catalog()
    p = f["p"]
    if f["st"] == "draw":
        if not s.bag:
            pop(s)
            return
        f["st"] = "got"
        need(s, "draw", 1, src="bag", label=f"token for {name(s, p)}")
        return
    if f["st"] == "got":
        tok = outcome(s)[0]
        t = cat.tokens[tok]
        f["tok"] = tok
        if f["res"] is not None and t.kind not in f["res"]:
            emit(s, f"{name(s, p)} draws a token without effect and puts it back", "token")
            pop(s)
            return
        s.bag = drop(s.bag, tok)
        if t.kind == "treasure":
            pop(s)
            if f["ship"]:
                s.boxed += (tok,)
                emit(s, f"{name(s, p)} takes a treasure out of the game", "token", seat=p)
            else:
                own(s, p).treasures += (t.dollars,)
                emit(s, f"{name(s, p)} digs up a treasure", "token", seat=p)
                emit(s, f"It is worth ${t.dollars:,}", "token", to=(p,), value=t.dollars)
            return
        s.held += (tok,)
        emit(s, f"{name(s, p)} draws a {t.kind.replace('_', ' ')}", "token", seat=p, token=t.kind)
        f["st"] = "done"
        push(s, ops_frame(["tok", tok, 0], p, src=f"tok:{tok}"))
        return
    pop(s)
    tok = f["tok"]
    if tok in s.held:
        s.held = drop(s.held, tok)
        s.bag += (tok,)


def sink(s: PvdState) -> None:
    """The volcano erupts: the island sinks with everyone still on it (rule: End of the Game)."""
    s.sunk = True
    for p, pl in enumerate(s.players):
        if pl.stage != SHIP:
            own(s, p).sunk = True
    emit(s, "The volcano erupts and the island sinks!", "sink")
    finish(s)


def finish(s: PvdState) -> None:
    s.over = True
    s.stack = []
    s.decision = None
    s.chance = None
    emit(s, "The game is over", "end", result=result(s))


@handler("ret")
def h_ret(s: PvdState, f: Frame) -> None:
    """Return to the Ship: 2 sailors carry 1 treasure; the rest go back into the bag."""
    p = f["p"]
    pl = own(s, p)
    cap = pl.crew // catalog().setup.sailors_per_treasure + sum(op.amount for op in passive_ops(s, p, "carry", {}))
    if len(pl.treasures) > cap:
        ask(s, p, "putback", cap=cap)
        return
    pop(s)
    pl.stage = SHIP
    pl.area = "harbor"
    emit(s, f"{pl.name} returns to the ship with {len(pl.treasures)} treasure(s)", "return", seat=p)


def put_back(s: PvdState, p: int, value: int) -> None:
    pl = own(s, p)
    pl.treasures = drop(pl.treasures, value)
    s.bag += (catalog().value_token[value],)
    emit(s, f"{pl.name} puts a treasure back into the bag", "put_back", seat=p)
    f = s.stack[-1]
    if f["k"] == "putback":
        f["n"] -= 1


def final_value(treasures: list[int], tokens: int) -> tuple[int, list[int]]:
    """End of the Game: discard one unique treasure per Crew Replenishment token, the cheapest value
    not yet discarded first; when every value still held has gone once, a new round starts with the
    cheapest again, until every token is paid or no treasure is left (ruling unique-treasure)."""
    kept = sorted(treasures)
    gone: list[int] = []
    while tokens > 0 and kept:
        for v in sorted(set(kept)):
            if tokens == 0:
                break
            kept.remove(v)
            gone.append(v)
            tokens -= 1
    return sum(kept), gone


def result(s: PvdState) -> dict[str, Any]:
    """No winner if nobody is back on the ship when the island sinks; a sole survivor wins; else the
    highest value after the discards, ties broken by crew, then shared."""
    names = [pl.name for pl in s.players]
    back = [p for p, pl in enumerate(s.players) if pl.stage == SHIP]
    values: dict[str, int] = {}
    discarded: dict[str, list[int]] = {}
    for p in back:
        pl = s.players[p]
        values[pl.name], discarded[pl.name] = final_value(pl.treasures, pl.tokens)
    winners: list[str] = []
    if s.over:
        if len(back) == 1:
            winners = [names[back[0]]]
        elif back:
            best = max((values[names[p]], s.players[p].crew) for p in back)
            winners = [names[p] for p in back if (values[names[p]], s.players[p].crew) == best]
    return {"scores": {n: values.get(n, 0) for n in names}, "winners": winners, "sunk": s.sunk,
            "returned": [names[p] for p in back], "discarded": discarded,
            "crew": {pl.name: pl.crew for pl in s.players}, "turns": s.turns}
