"""Dice, combat and attacks (rules: Using the Dice, Combat, Desperate Actions, Attack a Rival,
Attack Another Player (Stage 3), Special Rules for Using the Cannon at the Dig Site)."""
from __future__ import annotations

from typing import Any

from .catalog import catalog
from .core import (Frame, combat_dice, cond_ok, open_window, window_next, emit, handler, lose, name, need, nearest, outcome, owned,
                   passive_ops, pop, push, resolve_ref, ops_frame, source_ref)
from .state import own, drop, DIG, EXPEDITION, PvdState

MODIFIERS = ("add_dice", "count_sabers", "double_successes", "add_successes")


def apply_mod(f: Frame, opname: str, amount: int) -> None:
    """A dice modifier on a roll frame."""
    if opname == "add_dice":
        f["dice"] += amount
    elif opname == "count_sabers":
        f["sab"] = True
    elif opname == "double_successes":
        f["dbl"] = True
    elif opname == "add_successes":
        f["plus"] += amount


def roll_matches(mod_roll: str, kind: str) -> bool:
    return mod_roll in ("any", "this") or mod_roll == kind


def start_roll(s: PvdState, p: int, kind: str, dice: int, foe: str = "") -> Frame:
    """A roll of captain p (rule: Using the Dice): skulls succeed; sabers only where a rule says so,
    and always at the Dig Site. Passive and pending modifiers apply now."""
    pl = own(s, p)
    f: Frame = {"k": "roll", "p": p, "kind": kind, "foe": foe, "dice": dice, "sab": pl.stage == DIG,
                "dbl": False, "plus": 0, "st": "pre", "faces": [], "used": []}
    ctx = {"roll": kind, "foe": foe}
    for op in passive_ops(s, p, MODIFIERS, ctx):
        if roll_matches(op.roll, kind):
            apply_mod(f, op.op, getattr(op, "amount", 0))
    if pl.mods:
        keep = []
        for m in pl.mods:
            if roll_matches(m["roll"], kind):
                apply_mod(f, m["op"], m["n"])
                if m["until"] == "roll":
                    continue
            keep.append(m)
        pl.mods = tuple(keep)
    return push(s, f)


@handler("roll")
def h_roll(s: PvdState, f: Frame) -> None:
    """A roll's life: the window before it (the roller, then every other captain still exploring, in
    turn order), the dice, the window after it, re-rolls (which open the window after again), the count."""
    st = f["st"]
    p = f["p"]
    if st == "pre":
        open_window(s, f, p, others=reaction_possible(s, f, "before_roll"))
        f["st"] = st = "wpre"
    if st == "wpre":
        if window_next(s, f, "pre", "react_pre"):
            f["st"] = "go"
        return
    if st == "go":
        n = max(0, f["dice"])
        f["dice"] = n
        if n == 0:
            f["faces"] = []
            f["st"] = "post"
        else:
            f["st"] = "rolled"
            need(s, "roll", n, label=f"{f['kind']} roll of {name(s, p)}")
    elif st == "rolled":
        f["faces"] = outcome(s)
        f["st"] = "post"
        emit(s, f"{name(s, p)} rolls {', '.join(f['faces'])}", "roll", seat=p, faces=list(f["faces"]))
    elif st == "post" or st == "wpost":
        if st == "post":
            open_window(s, f, p, others=reaction_possible(s, f, "after_roll"))
            f["st"] = "wpost"
        if window_next(s, f, "post", "react_post"):
            f["st"] = "count"
    elif st == "reroll":
        f["st"] = "rerolled"
        need(s, "roll", len(f["rri"]), label=f"re-roll of {name(s, p)}")
    elif st == "rerolled":
        faces = list(f["faces"])
        for i, face in zip(f.pop("rri"), outcome(s)):
            faces[i] = face
        f["faces"] = faces
        f["st"] = "post"
        emit(s, f"{name(s, p)} re-rolls: {', '.join(f['faces'])}", "roll", seat=p, faces=list(f["faces"]))
    elif st == "count":
        pop(s)
        s.reg["roll"] = count(f)


def reaction_possible(s: PvdState, f: Frame, when: str) -> bool:
    """Whether the other captains get a window around this roll: when some card of the game (not of
    anyone's hand: that would tell who holds it) may be played on the player rolling at this moment
    (Dinosaur Taboo: before a combat roll against a dinosaur, on a captain still exploring)."""
    if s.players[f["p"]].stage != EXPEDITION:
        return False
    ctx = {"roll": f["kind"], "foe": f["foe"]}
    return any(ab.when == when and cond_ok(s, f["p"], ab.cond, ctx) for ab in rolling_cards())


def rolling_cards() -> list:
    """The abilities of the game's cards aimed at the player rolling."""
    global _ROLLING
    if _ROLLING is None:
        _ROLLING = [ab for c in catalog().events.values() for ab in (c.action, c.desperate)
                    if ab is not None and ab.target == "player_rolling"]
    return _ROLLING


_ROLLING: list | None = None


def count(f: Frame) -> dict[str, Any]:
    faces = f["faces"]
    sk = faces.count("skull")
    sa = faces.count("saber")
    ok = sk + (sa if f["sab"] else 0)
    succ = ok * 2 if f["dbl"] else ok
    succ = max(0, succ + f["plus"])
    return {"succ": succ, "fail": len(faces) - ok, "blank": faces.count("blank"), "n": len(faces)}


# ---------------------------------------------------------------------------------------------
# combat against a foe of a strength (Dinosaur and Aborigine Attacks)


def start_combat(s: PvdState, p: int, strength: int, foe: str, ref: list | None = None, to: str = "reserve",
                 max_loss: int | None = None) -> Frame:
    return push(s, {"k": "combat", "p": p, "str": strength, "foe": foe, "ref": ref, "to": to, "max": max_loss,
                    "st": "roll", "smod": 0, "after": []})


@handler("combat")
def h_combat(s: PvdState, f: Frame) -> None:
    """Combat: successes >= Strength wins without losses; else lose the difference."""
    p = f["p"]
    if f["st"] == "roll":
        f["st"] = "res"
        start_roll(s, p, "combat", combat_dice(s, p), f["foe"])
        return
    if f["st"] == "res":
        r = s.reg.pop("roll")
        ctx = {"foe": f["foe"]}
        strength = f["str"] + f["smod"] + sum(op.amount for op in passive_ops(s, p, "combat_strength", ctx))
        strength = max(1, strength)
        won = r["succ"] >= strength
        f["res"] = "won" if won else "lost"
        emit(s, f"{name(s, p)} {'beats' if won else 'loses to'} the {f['foe']} (Strength {strength}) with "
                f"{r['succ']} successes", "combat", seat=p, won=won)
        if not won:
            loss = strength - r["succ"]
            if f["max"] is not None:
                loss = min(loss, f["max"])
            lose(s, p, loss, f["to"], fight=True)
        f["st"] = "after"
        if f["ref"] is not None:
            branch = "if_won" if won else "if_lost"
            ops = resolve_ref(f["ref"] + [branch])
            if ops:
                fr = nearest(s, "ops")
                push(s, ops_frame(f["ref"] + [branch], p, src=fr["src"] if fr else ""))
        return
    pop(s)
    after_combat(s, [(p, f["res"])], f["after"])


def after_combat(s: PvdState, results: list[tuple[int, str]], pending: list[dict[str, Any]]) -> None:
    """After-combat abilities (Medicine Chest) and the Cannon's token at the Dig Site; the active
    player first, then the opponent (pushed in reverse so they resolve in that order)."""
    frames: list[Frame] = []
    for p, res in results:
        ctx = {"result": res, "roll": "combat"}
        for src, ab in owned(s, p):
            if ab.when == "after_combat" and cond_ok(s, p, ab.cond, ctx):
                ref, _, _ = source_ref(s, p, src)
                frames.append(ops_frame(ref, p, src=src))
        for d in pending:
            if d["p"] == p:
                frames.append({"k": "tok", "p": p, "st": "draw", "res": d["resolve"], "ship": False})
    for fr in reversed(frames):
        push(s, fr)


# ---------------------------------------------------------------------------------------------
# attacking another captain


def start_attack(s: PvdState, a: int, d: int) -> Frame:
    """Attack a Rival (Stage 2) or Another Player (Stage 3): both roll; the winner loses 1, the loser
    the difference; a draw costs both 1. At the Dig Site the winner steals 1 random treasure."""
    dig = s.players[a].stage == DIG
    budget = {}
    for q in (a, d):
        ops = passive_ops(s, q, "prevent_losses", {"foe": "rival"})
        budget[str(q)] = sum(op.amount for op in ops)
    emit(s, f"{name(s, a)} attacks {name(s, d)}", "attack", seat=a, target=d)
    return push(s, {"k": "attack", "p": a, "d": d, "dig": dig, "st": "ra", "prev": budget, "after": [],
                    "sa": 0, "sd": 0})


@handler("attack")
def h_attack(s: PvdState, f: Frame) -> None:
    a, d = f["p"], f["d"]
    st = f["st"]
    if st == "ra":
        f["st"] = "rd"
        start_roll(s, a, "combat", combat_dice(s, a), "rival")
    elif st == "rd":
        f["sa"] = s.reg.pop("roll")["succ"]
        f["st"] = "cmp"
        start_roll(s, d, "combat", combat_dice(s, d), "rival")
    elif st == "cmp":
        f["sd"] = s.reg.pop("roll")["succ"]
        sa, sd = f["sa"], f["sd"]
        if sa == sd:
            f["res"] = ["draw", "draw"]
            lose(s, a, 1, fight=True)
            lose(s, d, 1, fight=True)
            emit(s, f"The fight of {name(s, a)} and {name(s, d)} is a draw ({sa}:{sd})", "attack")
            f["st"] = "after"
            return
        win, los = (a, d) if sa > sd else (d, a)
        f["res"] = ["won", "lost"] if win == a else ["lost", "won"]
        emit(s, f"{name(s, win)} wins the fight {max(sa, sd)}:{min(sa, sd)}", "attack", winner=win)
        lose(s, win, 1, fight=True)
        lose(s, los, abs(sa - sd), fight=True)
        f["win"], f["los"] = win, los
        if f["dig"] and s.players[los].treasures and s.players[win].stage == DIG:
            f["st"] = "steal"
            need(s, "draw", 1, src=f"treasure:{los}", label=f"treasure stolen from {name(s, los)}")
        else:
            f["st"] = "after"
    elif st == "steal":
        value = int(outcome(s)[0])
        _pl = own(s, f["los"])
        _pl.treasures = drop(_pl.treasures, value)
        _pl = own(s, f["win"])
        _pl.treasures += (value,)
        emit(s, f"{name(s, f['win'])} steals a treasure from {name(s, f['los'])}", "steal")
        emit(s, f"The stolen treasure is worth ${value:,}", "steal", to=(f["win"], f["los"]), value=value)
        f["st"] = "after"
    else:
        pop(s)
        after_combat(s, [(a, f["res"][0]), (d, f["res"][1])], f["after"])
