"""The interpreter of the effect vocabulary (companion/games/pirates_vs_dinosaurs/effects.py).

An `ops` frame runs a list of ops of a card, relic, First Mate, equipment, token, curse or volcano
mark, one at a time; ops that need dice, a draw or a choice push frames or ask, and the list goes
on when they are resolved.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .catalog import catalog
from .combat import apply_mod, roll_matches, start_combat, start_roll
from .core import (Frame, ask, cond_ok, open_window, window_next, emit, gain, handler, lose, name, need, nearest, ops_frame, outcome, pop,
                   push, resolve_ref, who)
from .state import own, drop, DIG, EXPEDITION, SHIP, PvdState

OPS: dict[str, Callable[[PvdState, Frame, Any, int], None]] = {}
#: ops that only mean something as passives (read where the rule needs them)
PASSIVE_ONLY = ("combat_dice", "search_hours", "landmark_looks", "hand_limit", "turn_draw", "start_hand", "carry",
                "replenish_sailors")


def op(name_: str) -> Callable:
    def deco(fn: Callable) -> Callable:
        OPS[name_] = fn
        return fn
    return deco


@handler("ops")
def h_ops(s: PvdState, f: Frame) -> None:
    """Run a list of ops. One that reaches other captains (a card played on a rival, the Giant
    Tyrannosaurus, a volcano mark) first opens a window for every other captain still exploring:
    cards usable at any time may be used before it strikes."""
    ops = resolve_ref(f["ref"])
    if "wr" not in f and f["i"] == 0 and len(f["ref"]) == 3 and reaches_others(tuple(f["ref"])):
        open_window(s, f, f["u"], with_actor=False)
    if "wr" in f and not window_next(s, f, "react_card", "react_card"):
        return
    if f["i"] >= len(ops):
        if f["n"] > 1:
            f["n"] -= 1
            f["i"] = 0
            return
        pop(s)
        if f["card"]:
            s.in_play = drop(s.in_play, f["card"])
            s.discard += (f["card"],)
        return
    i = f["i"]
    f["i"] = i + 1
    o = ops[i]
    if o.op in PASSIVE_ONLY:
        return
    OPS[o.op](s, f, o, i)


#: ops that reach other captains whatever their `who`
REACHING = ("look_fragments", "move_incident", "place_giant")


@lru_cache(maxsize=None)
def reaches_others(ref: tuple) -> bool:
    """Whether an op list can strike another captain (a fact of the content, never of a hand)."""
    from .effects import walk
    for o in walk(resolve_ref(ref)):
        if o.op in REACHING or (o.op == "draw_events" and o.from_ == "target_hand"):
            return True
        if getattr(o, "who", "self") != "self":
            return True
    return False


def child(f: Frame, i: int, branch: str, *more: Any, n: int = 1) -> Frame:
    """An ops frame for a nested list (a roll's branch, a choice's option) of op i."""
    return {**f, "ref": f["ref"] + [i, branch, *more], "i": 0, "n": n, "card": "", "times": 1}


# ---------------------------------------------------------------------------------------------
# sailors


@op("lose_crew")
def op_lose(s: PvdState, f: Frame, o: Any, i: int) -> None:
    for q in who(s, f, o.who):
        lose(s, q, o.amount * f.get("times", 1), o.to, o.preventable)


@op("gain_crew")
def op_gain(s: PvdState, f: Frame, o: Any, i: int) -> None:
    for q in who(s, f, o.who):
        gain(s, q, o.amount, o.from_)


# ---------------------------------------------------------------------------------------------
# dice


@op("roll")
def op_roll(s: PvdState, f: Frame, o: Any, i: int) -> None:
    """An Incident's roll: its branches run per failure / success / blank, or once on none / any."""
    push(s, {"k": "branch", "f": {**f, "i": i}, "i": i})
    start_roll(s, f["u"], o.kind, o.dice)


@handler("branch")
def h_branch(s: PvdState, f: Frame) -> None:
    pop(s)
    r = s.reg.pop("roll")
    base, i = f["f"], f["i"]
    o = resolve_ref(base["ref"])[i]
    todo: list[Frame] = []
    for branch, times in (("per_failure", r["fail"]), ("per_success", r["succ"]), ("per_blank", r["blank"]),
                          ("if_no_success", 1 if r["succ"] == 0 else 0), ("if_any_success", 1 if r["succ"] else 0)):
        ops = getattr(o, branch)
        if not ops or times <= 0:
            continue
        fr = child(base, i, branch)
        if all(x.op == "lose_crew" for x in ops):
            fr["times"] = times  # losses add up before the Emergency Replenishment is judged
        else:
            fr["n"] = times
        todo.append(fr)
    for fr in reversed(todo):
        push(s, fr)


@op("combat")
def op_combat(s: PvdState, f: Frame, o: Any, i: int) -> None:
    start_combat(s, f["u"], o.strength, o.foe, f["ref"] + [i], o.losses_to, o.max_loss)


def _modifier(s: PvdState, f: Frame, o: Any, i: int) -> None:
    """A dice modifier: on this roll, on the current roll if it is of that kind, else on the user's
    next such roll (until: roll) or every such roll this turn (until: turn)."""
    amount = getattr(o, "amount", 0)
    r = nearest(s, "roll")
    if o.roll == "this":
        if r is not None:
            apply_mod(r, o.op, amount)
        return
    if r is not None and r["p"] == f["u"] and r["st"] in ("pre", "wpre") and roll_matches(o.roll, r["kind"]):
        apply_mod(r, o.op, amount)
        if o.until == "roll":
            return
    _pl = own(s, f["u"])
    _pl.mods += ({"op": o.op, "roll": o.roll, "until": o.until, "n": amount},)


for _name in ("add_dice", "count_sabers", "double_successes", "add_successes"):
    OPS[_name] = _modifier


def dice_choices(faces: list[str], n: int, exclude: str = "") -> list[list[str]]:
    """Which dice of a roll a card may take: every multiset of 1..n of its faces (dice showing the same
    face are alike), sorted; `exclude`: a face the card would not change."""
    from itertools import combinations
    pool = sorted(f for f in faces if f != exclude)
    out: set[tuple[str, ...]] = set()
    for k in range(1, min(n, len(pool)) + 1):
        out.update(combinations(pool, k))
    return [list(c) for c in sorted(out, key=lambda c: (len(c), c))]


@op("reroll")
def op_reroll(s: PvdState, f: Frame, o: Any, i: int) -> None:
    """Re-roll up to `dice` dice of the roll: the roller chooses which (rule: Desperate Actions)."""
    r = nearest(s, "roll")
    if r is None or not r["faces"]:
        return
    push(s, {"k": "pickdice", "p": r["p"], "n": o.dice, "face": "", "kind": "reroll"})


@op("set_face")
def op_set_face(s: PvdState, f: Frame, o: Any, i: int) -> None:
    """Turn up to `dice` dice of the roll to a face: the roller chooses which."""
    r = nearest(s, "roll")
    if r is None or not r["faces"]:
        return
    push(s, {"k": "pickdice", "p": r["p"], "n": o.dice, "face": o.face, "kind": "set_face"})


@handler("pickdice")
def h_pickdice(s: PvdState, f: Frame) -> None:
    r = nearest(s, "roll")
    if "ans" not in f:
        options = dice_choices(r["faces"], f["n"], f["face"])
        if not options:
            pop(s)
            return
        if len(options) > 1:
            ask(s, f["p"], f["kind"], options=options)
            return
        f["ans"] = options[0]  # no choice to make (the faces are public)
    pop(s)
    faces = list(r["faces"])
    idx: list[int] = []
    for face in f["ans"]:
        idx.append(next(k for k, x in enumerate(faces) if x == face and k not in idx))
    if f["kind"] == "reroll":
        r["rri"] = idx
        r["st"] = "reroll"
        return
    for k in idx:
        faces[k] = f["face"]
    r["faces"] = faces
    emit(s, f"{name(s, f['p'])} turns {len(idx)} di{'ce' if len(idx) > 1 else 'e'} to {f['face']}: "
            f"{', '.join(faces)}", "roll", seat=f["p"], faces=faces)


@op("combat_strength")
def op_strength(s: PvdState, f: Frame, o: Any, i: int) -> None:
    c = nearest(s, "combat")
    if c is not None:
        c["smod"] += o.amount


@op("prevent_losses")
def op_prevent(s: PvdState, f: Frame, o: Any, i: int) -> None:
    u = str(f["u"])
    for fr in reversed(s.stack):
        if fr.get("prev") is not None and u in fr["prev"]:
            key = "prevx" if getattr(o, "of", "all") == "extra" else "prev"
            budget = dict(fr.get(key, {}))
            budget[u] = budget.get(u, 0) + o.amount
            fr[key] = budget
            return


# ---------------------------------------------------------------------------------------------
# searching


@op("search_time")
def op_search_time(s: PvdState, f: Frame, o: Any, i: int) -> None:
    """Move Time Markers; one that reaches 0 completes its search (rule: Completing the Search)."""
    for q in who(s, f, o.who):
        pl = own(s, q)
        if pl.stage != EXPEDITION or pl.time <= 0:
            continue
        pl.time = min(catalog().time_max, max(0, pl.time + o.amount))  # the Time Track's ends
        emit(s, f"{pl.name}'s Time Marker moves to {pl.time}", "time", seat=q, time=pl.time)
        if pl.time == 0:
            from .expedition import complete_frame
            push(s, complete_frame(s, q))


@op("restart_search")
def op_restart(s: PvdState, f: Frame, o: Any, i: int) -> None:
    for q in reversed(who(s, f, o.who)):
        if s.players[q].stage == EXPEDITION:
            push(s, {"k": "newsearch", "p": q, "keep": False})


@op("change_area")
def op_change_area(s: PvdState, f: Frame, o: Any, i: int) -> None:
    push(s, {"k": "newsearch", "p": f["u"], "keep": o.keep_time, "other": True})


@op("look_landmark")
def op_look(s: PvdState, f: Frame, o: Any, i: int) -> None:
    push(s, {"k": "peek", "p": f["u"], "n": o.amount, "any": o.area == "any_area"})


@handler("peek")
def h_peek(s: PvdState, f: Frame) -> None:
    """Secretly look at a face-down Landmark (Scouting, Pip Sparrow, Spyglass)."""
    pl = s.players[f["p"]]
    cat = catalog()
    slots = [k for k, v in s.slots.items() if v and k not in pl.known
             and (f["any"] or cat.slot_area[k] == pl.area)]
    if f["n"] <= 0 or not slots:
        pop(s)
        return
    f["n"] -= 1
    ask(s, f["p"], "look", slots=slots, why="peek")


@op("look_fragments")
def op_look_fragments(s: PvdState, f: Frame, o: Any, i: int) -> None:
    t = f.get("t", -1)
    if t < 0 or not s.players[t].fragments:
        return
    n = min(o.amount, len(s.players[t].fragments))
    push(s, {"k": "fragpeek", "p": f["u"], "t": t, "st": 0})
    need(s, "draw", n, src=f"fragments:{t}", label=f"map fragments of {name(s, t)}")


@handler("fragpeek")
def h_fragpeek(s: PvdState, f: Frame) -> None:
    pop(s)
    pl = own(s, f["p"])
    for lm in outcome(s):
        key = f"{f['t']}:{lm}"
        if key not in pl.peeks:
            pl.peeks += (key,)
    emit(s, f"{pl.name} looks at a Map Fragment of {name(s, f['t'])}", "peek")


# ---------------------------------------------------------------------------------------------
# Event cards


@op("draw_events")
def op_draw_events(s: PvdState, f: Frame, o: Any, i: int) -> None:
    u = f["u"]
    if o.from_ == "target_hand":
        t = f.get("t", -1)
        if t < 0 or not s.players[t].hand:
            return
        n = min(o.amount, len(s.players[t].hand))
        push(s, {"k": "handdraw", "p": u, "t": t})
        need(s, "draw", n, src=f"hand:{t}", label=f"cards from the hand of {name(s, t)}")
        return
    push(s, {"k": "draw", "p": u, "n": o.amount})


@handler("handdraw")
def h_handdraw(s: PvdState, f: Frame) -> None:
    pop(s)
    got = outcome(s)
    for c in got:
        _pl = own(s, f["t"])
        _pl.hand = drop(_pl.hand, c)
        _pl = own(s, f["p"])
        _pl.hand += (c,)
    emit(s, f"{name(s, f['p'])} secretly takes {len(got)} card(s) from {name(s, f['t'])}", "plunder")
    emit(s, f"Taken: {', '.join(got)}", "plunder", to=(f["p"], f["t"]), cards=got)


@op("discard_events")
def op_discard_events(s: PvdState, f: Frame, o: Any, i: int) -> None:
    for q in reversed(who(s, f, o.who)):
        hand = s.players[q].hand
        if not hand:
            continue
        n = min(o.amount, len(hand))
        if o.choice == "owner":
            push(s, {"k": "handdiscard", "p": q, "n": n, "own": True})
            continue
        push(s, {"k": "handdiscard", "p": q})
        need(s, "draw", n, src=f"hand:{q}", label=f"cards discarded by {name(s, q)}")
        return  # one random draw per op keeps the chance steps in order (the content uses `self`)


@handler("handdiscard")
def h_handdiscard(s: PvdState, f: Frame) -> None:
    """Cards discarded from a hand: drawn at random, or chosen by their owner (choice: owner)."""
    if f.get("own") and "ans" not in f:
        ask(s, f["p"], "lose_cards", need=min(f["n"], len(s.players[f["p"]].hand)))
        return
    pop(s)
    for c in (f["ans"] if f.get("own") else outcome(s)):
        _pl = own(s, f["p"])
        _pl.hand = drop(_pl.hand, c)
        s.discard += (c,)
        emit(s, f"{name(s, f['p'])} discards {catalog().label(c)}", "discard", seat=f["p"], card=c)


@handler("draw")
def h_draw(s: PvdState, f: Frame) -> None:
    """Draw Event cards; an empty deck is made anew from the discards (rule: 1) Draw 2 Event Cards)."""
    if "got" in f:
        got = outcome(s)
        del f["got"]
        for c in got:
            s.deck = drop(s.deck, c)
        _pl = own(s, f["p"])
        _pl.hand += tuple(got)
        f["n"] -= len(got)
        emit(s, f"{name(s, f['p'])} draws {len(got)} Event card(s)", "draw", seat=f["p"])
        emit(s, f"You draw {', '.join(got)}", "draw", to=(f["p"],), cards=got)
    if f["n"] <= 0:
        pop(s)
        return
    if not s.deck:
        if not s.discard:
            pop(s)
            return
        s.deck, s.discard = s.discard, ()
        s.deck = tuple(sorted(s.deck))
        emit(s, "The discards are shuffled into a new Event deck", "reshuffle")
    f["got"] = True
    need(s, "draw", min(f["n"], len(s.deck)), src="deck", label=f"Event cards for {name(s, f['p'])}")


@op("cancel")
def op_cancel(s: PvdState, f: Frame, o: Any, i: int) -> None:
    if o.what == "ghost":
        c = nearest(s, "curse")
        if c is not None:
            c["cancel"] = True
        return
    if o.what == "this_incident":
        inc = nearest(s, "inc")
        if inc is None:
            return
        k = s.stack.index(inc)
        for fr in s.stack[k + 1:]:
            if fr.get("card"):
                s.in_play = drop(s.in_play, fr["card"])
                s.discard += (fr["card"],)
        del s.stack[k + 1:]
        inc["st"] = "end"
        s.decision = None
        emit(s, "The Incident is cancelled", "cancel")
        return
    for q in reversed(who(s, f, o.who)):
        pl = s.players[q]
        if pl.inc_dino or pl.inc_other:
            push(s, {"k": "cancelinc", "p": f["u"], "q": q})


@handler("cancelinc")
def h_cancelinc(s: PvdState, f: Frame) -> None:
    """Cancel an Upcoming Incident of captain q: the card's user chooses which when both slots hold one."""
    q = f["q"]
    pl = s.players[q]
    slots = [k for k, attr in (("dinosaur_attack", "inc_dino"), ("other", "inc_other")) if getattr(pl, attr)]
    if "ans" not in f and len(slots) > 1:
        ask(s, f["p"], "cancel_slot", slots=slots, target=q)
        return
    pop(s)
    if not slots:
        return
    attr = "inc_dino" if f.get("ans", slots[0]) == "dinosaur_attack" else "inc_other"
    card = getattr(pl, attr)
    setattr(own(s, q), attr, "")
    s.discard += (card,)
    emit(s, f"{pl.name}'s Upcoming Incident {catalog().label(card)} is discarded", "cancel", seat=q, card=card)


@op("move_incident")
def op_move_incident(s: PvdState, f: Frame, o: Any, i: int) -> None:
    slot = "inc_dino" if o.slot == "dinosaur_attack" else "inc_other"
    u, t = f["u"], f.get("t", -1)
    card = getattr(s.players[u], slot)
    if t < 0 or not card or getattr(s.players[t], slot) or s.players[t].stage != EXPEDITION:
        return
    setattr(own(s, u), slot, "")
    setattr(own(s, t), slot, card)
    emit(s, f"{name(s, u)} moves {catalog().label(card)} to {name(s, t)}", "move_incident")


@op("place_giant")
def op_place_giant(s: PvdState, f: Frame, o: Any, i: int) -> None:
    s.giant = f.get("a") or s.players[f["u"]].area
    emit(s, f"The Giant Tyrannosaurus rampages in the {catalog().label(s.giant)}", "giant", area=s.giant)


@op("remove_giant")
def op_remove_giant(s: PvdState, f: Frame, o: Any, i: int) -> None:
    s.giant = ""
    emit(s, "The Giant Tyrannosaurus leaves the board", "giant", area="")


@op("skip_turn")
def op_skip(s: PvdState, f: Frame, o: Any, i: int) -> None:
    for q in who(s, f, o.who):
        own(s, q).skip += 1


@op("choose")
def op_choose(s: PvdState, f: Frame, o: Any, i: int) -> None:
    push(s, {"k": "choice", "f": {**f, "i": i}, "i": i, "n": len(o.options)})


@handler("choice")
def h_choice(s: PvdState, f: Frame) -> None:
    if "ans" in f:
        pop(s)
        push(s, child(f["f"], f["i"], "options", f["ans"]))
        return
    ask(s, f["f"]["u"], "choose", n=f["n"])


@op("if")
def op_if(s: PvdState, f: Frame, o: Any, i: int) -> None:
    ctx: dict[str, Any] = {}
    inc = nearest(s, "inc")
    if inc is not None:
        ctx["incident"] = inc["card"]
        ctx["foe"] = inc.get("foe")
    ok = cond_ok(s, f["u"], o.cond, ctx)
    branch = "then" if ok else "else_"
    if getattr(o, branch):
        push(s, child(f, i, branch))


# ---------------------------------------------------------------------------------------------
# the Dig Site: tokens, curses, the volcano


@op("draw_token")
def op_draw_token(s: PvdState, f: Frame, o: Any, i: int) -> None:
    if o.at == "after_combat":
        c = nearest(s, "combat", "attack")
        if c is not None:
            c["after"] = c["after"] + [{"p": f["u"], "resolve": list(o.resolve)}]
        return
    push(s, {"k": "tok", "p": f["u"], "st": "draw", "res": list(o.resolve), "ship": False})


@op("return_treasure")
def op_return_treasure(s: PvdState, f: Frame, o: Any, i: int) -> None:
    for q in reversed(who(s, f, o.who)):
        pl = s.players[q]
        if not pl.treasures:
            continue
        n = min(o.amount, len(pl.treasures))
        if o.choice == "owner":
            push(s, {"k": "putback", "p": q, "n": n})
        else:
            push(s, {"k": "lootloss", "p": q})
            need(s, "draw", n, src=f"treasure:{q}", label=f"treasures of {name(s, q)} back into the bag")
            return


@handler("lootloss")
def h_lootloss(s: PvdState, f: Frame) -> None:
    pop(s)
    cat = catalog()
    for v in outcome(s):
        _pl = own(s, f["p"])
        _pl.treasures = drop(_pl.treasures, int(v))
        s.bag += (cat.value_token[int(v)],)
        emit(s, f"A treasure of {name(s, f['p'])} goes back into the bag", "treasure_lost", seat=f["p"])


@handler("putback")
def h_putback(s: PvdState, f: Frame) -> None:
    if f["n"] <= 0 or not s.players[f["p"]].treasures:
        pop(s)
        return
    ask(s, f["p"], "putback")


@op("end_dig")
def op_end_dig(s: PvdState, f: Frame, o: Any, i: int) -> None:
    d = nearest(s, "dig")
    if d is not None:
        d["stop"] = True


@op("sink_island")
def op_sink(s: PvdState, f: Frame, o: Any, i: int) -> None:
    from .dig import sink
    sink(s)


@op("take_curse")
def op_take_curse(s: PvdState, f: Frame, o: Any, i: int) -> None:
    push(s, {"k": "curse", "p": f["u"], "st": "ghost"})


@handler("curse")
def h_curse(s: PvdState, f: Frame) -> None:
    """A Ghost: on_ghost abilities first (Ghost Pearl), then the next Curse token and its curse."""
    p = f["p"]
    pl = own(s, p)
    if f["st"] == "ghost":
        f["st"] = "take"
        from .core import owned, source_ref
        for src, ab in owned(s, p):
            key = f"{ab.limit}|{src}"
            if ab.when == "on_ghost" and key not in pl.used and cond_ok(s, p, ab.cond, {}):
                if ab.limit:
                    pl.used += (key,)
                ref, _, _ = source_ref(s, p, src)
                push(s, ops_frame(ref, p, src=src))
        return
    pop(s)
    if f.get("cancel"):
        emit(s, f"{pl.name} escapes the Ghost", "ghost", seat=p)
        return
    number = catalog().curse_tokens - s.curse_stack + 1
    if s.curse_stack <= 0:
        # ruling curses-exhausted: no token is left, so the worst curse (the last) strikes again
        number = catalog().curse_tokens
        emit(s, f"No Curse token is left: {pl.name} suffers Curse {number} again", "curse", seat=p, number=number)
    else:
        s.curse_stack -= 1
        pl.curses += (number,)
        emit(s, f"{pl.name} takes Curse {number}", "curse", seat=p, number=number)
    push(s, ops_frame(["curse", number, 0], p, src=f"curse:{number}"))


@op("dinosaur_from_deck")
def op_dino_deck(s: PvdState, f: Frame, o: Any, i: int) -> None:
    u = f["u"]
    if s.players[u].stage == SHIP:
        targets = [q for q, pl in enumerate(s.players) if pl.stage == DIG]
        if targets:
            push(s, {"k": "senddino", "p": u})
        return
    push(s, {"k": "dinodeck", "p": u})


@handler("senddino")
def h_senddino(s: PvdState, f: Frame) -> None:
    if "ans" in f:
        pop(s)
        push(s, {"k": "dinodeck", "p": f["ans"]})
        return
    ask(s, f["p"], "send_dino")


@handler("dinodeck")
def h_dinodeck(s: PvdState, f: Frame) -> None:
    """Dinosaur Attack token: draw Event cards until a Dinosaur Attack; the others are discarded."""
    cat = catalog()
    if f.get("got"):
        del f["got"]
        card = outcome(s)[0]
        s.deck = drop(s.deck, card)
        if cat.events[card].kind == "dinosaur_attack":
            pop(s)
            s.in_play += (card,)
            from .expedition import incident_frame
            push(s, incident_frame(s, f["p"], card))
            return
        s.discard += (card,)
        emit(s, f"{cat.label(card)} is drawn and discarded", "discard", card=card)
    if not s.deck:
        if not any(cat.events[c].kind == "dinosaur_attack" for c in s.discard):
            pop(s)
            return
        s.deck, s.discard = s.discard, ()
        s.deck = tuple(sorted(s.deck))
    f["got"] = True
    need(s, "draw", 1, src="deck", label="Event card (looking for a Dinosaur Attack)")


@op("erupt")
def op_erupt(s: PvdState, f: Frame, o: Any, i: int) -> None:
    """Volcano: the token covers the lowest free mark; the mark strikes (mark 6 sinks the island)."""
    tok = next((t for t in s.held if catalog().tokens[t].kind == "volcano"), None)
    if tok is None or s.volcano >= len(catalog().marks):
        return
    s.held = drop(s.held, tok)
    s.volcano += 1
    emit(s, f"The volcano awakens: mark {s.volcano}", "volcano", mark=s.volcano)
    push(s, ops_frame(["mark", s.volcano, 0], f["u"], src=f"mark:{s.volcano}"))
