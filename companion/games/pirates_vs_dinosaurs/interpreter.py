"""The interpreter of the effect vocabulary (companion/games/pirates_vs_dinosaurs/effects.py).

An `Ops` frame runs a list of ops of a card, relic, First Mate, equipment, token, curse or volcano
mark, one at a time; ops that need dice, a draw or a choice push frames or ask, and the list goes
on when they are resolved. `OPS` holds exactly the operations of the vocabulary (docs/CONTENT.md);
`PASSIVE_ONLY` those read where their rule applies.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from companion.engine.stack import Ask, Need, Next, replace
from companion.words import join, plural

from .abilities import cond_ok, new_complete, new_incident, op_field, owned, reaches_others, resolve_ref, source_ref
from .windows import open_window, window_seat
from .catalog import catalog
from .crew import gain, lose
from .dice import roll_matches, start_roll
from .expedition import look
from .frames import (CURSE_GHOST, CURSE_TAKE, INCIDENT_END, Attack, BagToken, Branch, CancelUpcoming, Choice, Combat,
                     Curse, DigRoll, DinosaurFromDeck, DrawCards, FragmentPeek, HandDiscard, HandDraw, Incident,
                     LoseTreasure, NewSearch, Ops, Peek, PickDice, PutBack, Roll, SendDinosaur)
from .kernel import Ctx, ask, name, sink, who
from .state import DIG, EXPEDITION, SHIP, UNKNOWN, drop

Op = Callable[[Ctx, Ops, Any, int], Next]
#: ops that only mean something as passives (read where the rule needs them)
PASSIVE_ONLY = ("combat_dice", "search_hours", "landmark_looks", "hand_limit", "turn_draw", "start_hand",
                "replenish_sailors")


def h_ops(ctx: Ctx, f: Ops) -> Next:
    """Run a list of ops. One that reaches other captains (a card played on a rival, the Giant
    Tyrannosaurus, a volcano mark) first opens a window for every other captain still exploring:
    cards usable at any time may be used before it strikes."""
    s = ctx.state
    ops = resolve_ref(f.ref)
    w = f.window
    if w is None and f.i == 0 and len(f.ref) == 3 and reaches_others(f.ref):
        w = open_window(s, f.u, with_actor=False)
        f = replace(f, window=w)
    if w is not None and not w.closed:
        w, seat, kind = window_seat(s, w, "react_card", "react_card")
        if w is not f.window:
            f = replace(f, window=w)
        if seat >= 0:
            ctx.put(f)
            return ask(seat, kind)
    if f.i >= len(ops):
        if f.n > 1:
            ctx.put(replace(f, n=f.n - 1, i=0))
            return None
        ctx.pop()
        if f.card:
            s.in_play = drop(s.in_play, f.card)
            s.discard += (f.card,)
        return None
    i = f.i
    f = replace(f, i=i + 1)
    ctx.put(f)
    o = ops[i]
    if o.op in PASSIVE_ONLY:
        return None
    return OPS[o.op](ctx, f, o, i)


# ---------------------------------------------------------------------------------------------
# sailors


def op_lose(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    for q in who(ctx.state, f, o.who):
        lose(ctx, q, o.amount * f.times, o.to, o.preventable)
    return None


def op_gain(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    card = f.src.split(":")[1] if f.src.count(":") else f.card  # (an ability's card: Medicine Chest)
    why = catalog().label(card) if card and catalog().label(card) != card else ""
    for q in who(ctx.state, f, o.who):
        gain(ctx, q, o.amount, o.from_, why)
    return None


# ---------------------------------------------------------------------------------------------
# dice


def op_roll(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    """An Incident's roll: its branches run per failure / success / blank, or once on none / any."""
    ctx.push(Branch(f, i))
    start_roll(ctx, f.u, o.kind, o.dice)
    return None


def h_branch(ctx: Ctx, f: Branch) -> Next:
    ctx.pop()
    r = ctx.take_result()
    base, i = f.base, f.i
    o = resolve_ref(base.ref)[i]
    todo: list[Ops] = []
    for branch, times in (("per_failure", r.fail), ("per_success", r.succ), ("per_blank", r.blank),
                          ("if_no_success", 1 if r.succ == 0 else 0), ("if_any_success", 1 if r.succ else 0)):
        ops = getattr(o, branch)
        if not ops or times <= 0:
            continue
        if all(x.op == "lose_crew" for x in ops):
            todo.append(base.child(i, branch, times=times))  # losses add up before the Emergency Replenishment
        else:
            todo.append(base.child(i, branch, n=times))
    for fr in reversed(todo):
        ctx.push(fr)
    return None


def op_combat(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    ctx.push(Combat(f.u, o.strength, o.foe, f.ref + (i,), o.losses_to, o.max_loss, src=f.src))
    return None


def op_modifier(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    """A dice modifier: on this roll, on the current roll if it is of that kind, else on the user's
    next such roll (until: roll) or every such roll this turn (until: turn)."""
    amount = op_field(o, "amount", 0)
    r = ctx.nearest(Roll)
    if o.roll == "this":
        if r is not None:
            ctx.update(r, r.modified(o.op, amount))
        return None
    if r is not None and r.p == f.u and r.before and roll_matches(o.roll, r.kind):
        ctx.update(r, r.modified(o.op, amount))
        if o.until == "roll":
            return None
    pl = ctx.state.players[f.u]
    pl.mods += ({"op": o.op, "roll": o.roll, "until": o.until, "n": amount},)
    return None


def dice_choices(faces: tuple[str, ...] | list[str], n: int, exclude: str = "") -> list[list[str]]:
    """Which dice of a roll a card may take: every multiset of 1..n of its faces (dice showing the same
    face are alike), sorted; `exclude`: a face the card would not change."""
    pool = sorted(f for f in faces if f != exclude)
    out: set[tuple[str, ...]] = set()
    for k in range(1, min(n, len(pool)) + 1):
        out.update(combinations(pool, k))
    return [list(c) for c in sorted(out, key=lambda c: (len(c), c))]


def op_reroll(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    """Re-roll up to `dice` dice of the roll: the roller chooses which (rule: Desperate Actions)."""
    r = ctx.nearest(Roll)
    if r is not None and r.faces:
        ctx.push(PickDice(r.p, o.dice))
    return None


def op_set_face(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    """Turn up to `dice` dice of the roll to a face: the roller chooses which."""
    r = ctx.nearest(Roll)
    if r is not None and r.faces:
        ctx.push(PickDice(r.p, o.dice, o.face, "set_face"))
    return None


def h_pickdice(ctx: Ctx, f: PickDice) -> Next:
    r = ctx.nearest(Roll)
    picked = ctx.take_answer()
    if picked is None:
        options = dice_choices(r.faces, f.n, f.face)
        if not options:
            ctx.pop()
            return None
        if len(options) > 1:
            return Ask(f.p, f.kind, {"options": options})
        picked = options[0]  # no choice to make (the faces are public)
    else:
        picked = list(picked.faces)
    ctx.pop()
    faces = list(r.faces)
    idx: list[int] = []
    for face in picked:
        idx.append(next(k for k, x in enumerate(faces) if x == face and k not in idx))
    if f.kind == "reroll":
        ctx.update(r, r.reroll(tuple(idx)))
        return None
    for k in idx:
        faces[k] = f.face
    ctx.update(r, r.with_faces(tuple(faces)))
    ctx.emit(f"{name(ctx, f.p)} turns {len(idx)} di{'ce' if len(idx) > 1 else 'e'} to {f.face}: "
             f"{', '.join(faces)}", "roll", seat=f.p, faces=faces)
    return None


def op_strength(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    c = ctx.nearest(Combat)
    if c is not None:
        ctx.update(c, c.weaker(o.amount))
    return None


def op_prevent(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    u = f.u
    for fr in reversed(ctx.stack):
        if isinstance(fr, (Incident, Attack)) and fr.guard.covers(u):
            which = "extra" if getattr(o, "of", "all") == "extra" else "all"
            ctx.update(fr, fr.with_guard(fr.guard.with_budget(which, u, fr.guard.budget(which, u) + o.amount)))
            return None
    return None


# ---------------------------------------------------------------------------------------------
# searching


def op_search_time(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    """Move Time Markers; one that reaches 0 completes its search (rule: Completing the Search)."""
    s = ctx.state
    for q in who(s, f, o.who):
        pl = s.players[q]
        if pl.stage != EXPEDITION or pl.time <= 0:
            continue
        pl.time = min(catalog().time_max, max(0, pl.time + o.amount))  # the Time Track's ends
        ctx.emit(f"{pl.name}'s Time Marker moves to {pl.time}", "time", seat=q, time=pl.time)
        if pl.time == 0:
            ctx.push(new_complete(s, q))
    return None


def op_restart(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    for q in reversed(who(s, f, o.who)):
        if s.players[q].stage == EXPEDITION:
            ctx.push(NewSearch(q))
    return None


def op_change_area(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    ctx.push(NewSearch(f.u, o.keep_time, True))
    return None


def op_look(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    ctx.push(Peek(f.u, o.amount, o.area == "any_area"))
    return None


def h_peek(ctx: Ctx, f: Peek) -> Next:
    """Secretly look at a face-down Landmark (Scouting, Pip Sparrow, Spyglass)."""
    s = ctx.state
    a = ctx.take_answer()
    if a is not None:
        look(ctx, f.p, a.slot, complete=False)
    pl = s.players[f.p]
    cat = catalog()
    slots = [k for k, v in s.slots.items() if v and k not in pl.known and (f.anywhere or cat.slot_area[k] == pl.area)]
    if f.n <= 0 or not slots:
        ctx.pop()
        return None
    ctx.put(replace(f, n=f.n - 1))
    return Ask(f.p, "look", {"slots": slots, "why": "peek"})


def op_look_fragments(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    t = f.t
    if t < 0 or not s.players[t].fragments:
        return None
    ctx.push(FragmentPeek(f.u, t))
    return Need("draw", min(o.amount, len(s.players[t].fragments)), src=f"fragments:{t}",
                label=f"map fragments of {name(ctx, t)}")


def h_fragpeek(ctx: Ctx, f: FragmentPeek) -> Next:
    ctx.pop()
    pl = ctx.state.players[f.p]
    for lm in ctx.take_outcome():
        key = f"{f.t}:{lm}"
        if key not in pl.peeks:
            pl.peeks += (key,)
    ctx.emit(f"{pl.name} looks at a Map Fragment of {name(ctx, f.t)}", "peek")
    return None


# ---------------------------------------------------------------------------------------------
# Event cards


def op_draw_events(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    if o.from_ == "target_hand":
        t = f.t
        if t < 0 or not s.players[t].hand:
            return None
        ctx.push(HandDraw(f.u, t))
        return Need("draw", min(o.amount, len(s.players[t].hand)), src=f"hand:{t}",
                    label=f"cards from the hand of {name(ctx, t)}")
    ctx.push(DrawCards(f.u, o.amount))
    return None


def h_handdraw(ctx: Ctx, f: HandDraw) -> Next:
    s = ctx.state
    ctx.pop()
    got = ctx.take_outcome()
    for c in got:
        pl = s.players[f.t]
        pl.hand = drop(pl.hand, c)
        s.players[f.p].hand += (c,)
    ctx.emit(f"{name(ctx, f.p)} secretly takes {plural(len(got), 'card')} from {name(ctx, f.t)}", "plunder")
    ctx.emit(f"Taken: {join(catalog().label(c) for c in got)}", "plunder", to=(f.p, f.t), cards=list(got))
    return None


def op_discard_events(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    for q in reversed(who(s, f, o.who)):
        hand = s.players[q].hand
        if not hand:
            continue
        n = min(o.amount, len(hand))
        if o.choice == "owner":
            ctx.push(HandDiscard(q, n, True))
            continue
        ctx.push(HandDiscard(q))
        # one random draw per op keeps the chance steps in order (the content uses `self`)
        return Need("draw", n, src=f"hand:{q}", label=f"cards discarded by {name(ctx, q)}")
    return None


def h_handdiscard(ctx: Ctx, f: HandDiscard) -> Next:
    """Cards discarded from a hand: drawn at random, or chosen by their owner (choice: owner)."""
    s = ctx.state
    if f.owner:
        answer = ctx.take_answer()
        if answer is None:
            return Ask(f.p, "lose_cards", {"need": min(f.n, len(s.players[f.p].hand))})
        cards = list(answer.cards)
    else:
        cards = list(ctx.take_outcome())
    ctx.pop()
    for c in cards:
        pl = s.players[f.p]
        pl.hand = drop(pl.hand, c)
        s.discard += (c,)
        ctx.emit(f"{name(ctx, f.p)} discards {catalog().label(c)}", "discard", seat=f.p, card=c)
    return None


def h_draw(ctx: Ctx, f: DrawCards) -> Next:
    """Draw Event cards; an empty deck is made anew from the discards (rule: 1) Draw 2 Event Cards)."""
    s = ctx.state
    if f.waiting:
        got = ctx.take_outcome()
        for c in got:
            s.deck = drop(s.deck, c)
        s.players[f.p].hand += tuple(got)
        f = replace(f, n=f.n - len(got), waiting=False)
        ctx.put(f)
        ctx.emit(f"{name(ctx, f.p)} draws {plural(len(got), 'Event card')}", "draw", seat=f.p)
        ctx.emit(f"You draw {join(catalog().label(c) for c in got)}", "draw", to=(f.p,), cards=list(got))
    if f.n <= 0:
        ctx.pop()
        return None
    if not s.deck:
        if not s.discard:
            ctx.pop()
            return None
        s.deck, s.discard = tuple(sorted(s.discard)), ()
        ctx.emit("The discards are shuffled into a new Event deck", "reshuffle")
    ctx.put(replace(f, waiting=True))
    return Need("draw", min(f.n, len(s.deck)), src="deck", label=f"Event cards for {name(ctx, f.p)}")


def op_cancel(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    if o.what == "ghost":
        c = ctx.nearest(Curse)
        if c is not None:
            ctx.update(c, c.cancel())
        return None
    if o.what == "this_incident":
        inc = ctx.nearest(Incident)
        if inc is None:
            return None
        for fr in ctx.cut(inc):  # everything the Incident had started ends without effect
            if isinstance(fr, Ops) and fr.card:
                s.in_play = drop(s.in_play, fr.card)
                s.discard += (fr.card,)
        ctx.put(replace(inc, phase=INCIDENT_END))
        ctx.emit("The Incident is cancelled", "cancel")
        return None
    for q in reversed(who(s, f, o.who)):
        pl = s.players[q]
        if pl.inc_dino or pl.inc_other:
            ctx.push(CancelUpcoming(f.u, q))
    return None


def h_cancelinc(ctx: Ctx, f: CancelUpcoming) -> Next:
    """Cancel an Upcoming Incident of captain q: the card's user chooses which when both slots hold one."""
    s = ctx.state
    q = f.q
    pl = s.players[q]
    slots = [k for k, attr in (("dinosaur_attack", "inc_dino"), ("other", "inc_other")) if getattr(pl, attr)]
    answer = ctx.take_answer()
    if answer is None and len(slots) > 1:
        return Ask(f.p, "cancel_slot", {"slots": slots, "target": q})
    ctx.pop()
    if not slots:
        return None
    slot = answer.slot if answer is not None else slots[0]
    attr = "inc_dino" if slot == "dinosaur_attack" else "inc_other"
    card = getattr(pl, attr)
    setattr(s.players[q], attr, "")
    s.discard += (card,)
    ctx.emit(f"{pl.name}'s Upcoming Incident {catalog().label(card)} is discarded", "cancel", seat=q, card=card)
    return None


def op_move_incident(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    slot = "inc_dino" if o.slot == "dinosaur_attack" else "inc_other"
    u, t = f.u, f.t
    card = getattr(s.players[u], slot)
    if t < 0 or not card or getattr(s.players[t], slot) or s.players[t].stage != EXPEDITION:
        return None
    setattr(s.players[u], slot, "")
    setattr(s.players[t], slot, card)
    ctx.emit(f"{name(ctx, u)} moves {catalog().label(card)} to {name(ctx, t)}", "move_incident")
    return None


def op_place_giant(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    s.giant = f.a or s.players[f.u].area
    ctx.emit(f"The Giant Tyrannosaurus rampages in the {catalog().label(s.giant)}", "giant", area=s.giant)
    return None


def op_remove_giant(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    ctx.state.giant = ""
    ctx.emit("The Giant Tyrannosaurus leaves the board", "giant", area="")
    return None


def op_skip(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    for q in who(ctx.state, f, o.who):
        ctx.state.players[q].skip += 1
    return None


def op_choose(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    ctx.push(Choice(f, i, len(o.options)))
    return None


def h_choice(ctx: Ctx, f: Choice) -> Next:
    answer = ctx.take_answer()
    if answer is None:
        return Ask(f.base.u, "choose", {"n": f.n})
    ctx.pop()
    ctx.push(f.base.child(f.i, "options", answer.option))
    return None


def op_if(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    inc = ctx.nearest(Incident)
    info = {} if inc is None else {"foe": inc.foe}
    branch = "then" if cond_ok(ctx.state, f.u, o.cond, info) else "else_"
    if getattr(o, branch):
        ctx.push(f.child(i, branch))
    return None


# ---------------------------------------------------------------------------------------------
# the Dig Site: tokens, curses, the volcano


def op_draw_token(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    if o.at == "after_combat":
        c = ctx.nearest((Combat, Attack))
        if c is not None:
            ctx.update(c, c.with_after(f.u, tuple(o.resolve)))
        return None
    ctx.push(BagToken(f.u, only=tuple(o.resolve)))
    return None


def op_return_treasure(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    for q in reversed(who(s, f, o.who)):
        pl = s.players[q]
        if not pl.treasures:
            continue
        n = min(o.amount, len(pl.treasures))
        if o.choice == "owner":
            ctx.push(PutBack(q, n))
        else:
            ctx.push(LoseTreasure(q))
            return Need("draw", n, src=f"treasure:{q}", label=f"treasures of {name(ctx, q)} back into the bag")
    return None


def h_lootloss(ctx: Ctx, f: LoseTreasure) -> Next:
    s = ctx.state
    ctx.pop()
    cat = catalog()
    for v in ctx.take_outcome():
        pl = s.players[f.p]
        pl.treasures = drop(pl.treasures, int(v))
        s.bag += (cat.value_token[int(v)],)
        ctx.emit(f"A treasure of {name(ctx, f.p)} goes back into the bag", "treasure_lost", seat=f.p)
    return None


def put_back(ctx: Ctx, p: int, value: int) -> None:
    s = ctx.state
    pl = s.players[p]
    pl.treasures = drop(pl.treasures, value)
    s.bag += (catalog().value_token[value],)
    ctx.emit(f"{pl.name} puts a treasure back into the bag", "put_back", seat=p)


def h_putback(ctx: Ctx, f: PutBack) -> Next:
    answer = ctx.take_answer()
    if answer is not None:
        put_back(ctx, f.p, answer.value)
        f = replace(f, n=f.n - 1)
        ctx.put(f)
    if f.n <= 0 or not ctx.state.players[f.p].treasures:
        ctx.pop()
        return None
    return Ask(f.p, "putback")


def op_end_dig(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    d = ctx.nearest(DigRoll)
    if d is not None:
        ctx.update(d, d.stop())
    return None


def op_sink(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    return sink(ctx)


def op_take_curse(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    ctx.push(Curse(f.u))
    return None


def h_curse(ctx: Ctx, f: Curse) -> Next:
    """A Ghost: on_ghost abilities first (Ghost Pearl), then the next Curse token and its curse; with
    no token left, the last curse again (ruling curses-exhausted)."""
    s = ctx.state
    p = f.p
    pl = s.players[p]
    if f.phase == CURSE_GHOST:
        ctx.put(replace(f, phase=CURSE_TAKE))
        for src, ab in owned(s, p):
            key = f"{ab.limit}|{src}"
            if ab.when == "on_ghost" and key not in pl.used and cond_ok(s, p, ab.cond, {}):
                if ab.limit:
                    pl.used += (key,)
                ref, _, _ = source_ref(s, p, src)
                ctx.push(Ops(ref, p, src=src))
        return None
    ctx.pop()
    if f.cancelled:
        ctx.emit(f"{pl.name} escapes the Ghost", "ghost", seat=p)
        return None
    number = catalog().curse_tokens - s.curse_stack + 1
    if s.curse_stack <= 0:
        number = catalog().curse_tokens
        ctx.emit(f"No Curse token is left: {pl.name} suffers Curse {number} again", "curse", seat=p, number=number)
    else:
        s.curse_stack -= 1
        pl.curses += (number,)
        ctx.emit(f"{pl.name} takes Curse {number}", "curse", seat=p, number=number)
    ctx.push(Ops(("curse", number, 0), p, src=f"curse:{number}"))
    return None


def op_dino_deck(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    s = ctx.state
    u = f.u
    if s.players[u].stage == SHIP:
        if any(pl.stage == DIG for pl in s.players):
            ctx.push(SendDinosaur(u))
        return None
    ctx.push(DinosaurFromDeck(u))
    return None


def h_senddino(ctx: Ctx, f: SendDinosaur) -> Next:
    answer = ctx.take_answer()
    if answer is None:
        return Ask(f.p, "send_dino")
    ctx.pop()
    ctx.push(DinosaurFromDeck(answer.target))
    return None


def h_dinodeck(ctx: Ctx, f: DinosaurFromDeck) -> Next:
    """Dinosaur Attack token: draw Event cards until a Dinosaur Attack; the others are discarded."""
    s = ctx.state
    cat = catalog()
    if f.waiting:
        card = ctx.take_outcome()[0]
        if card == UNKNOWN:  # a real table: no Dinosaur Attack came up (the table knows no such card)
            ctx.pop()
            ctx.emit(f"No Dinosaur Attack comes up for {name(ctx, f.p)}", "token", seat=f.p)
            return None
        s.deck = drop(s.deck, card)
        if cat.events[card].kind == "dinosaur_attack":
            ctx.pop()
            s.in_play += (card,)
            ctx.push(new_incident(s, f.p, card))
            return None
        s.discard += (card,)
        ctx.emit(f"{cat.label(card)} is drawn and discarded", "discard", card=card)
    if not s.deck:
        if not any(cat.events[c].kind == "dinosaur_attack" for c in s.discard):
            ctx.pop()
            return None
        s.deck, s.discard = tuple(sorted(s.discard)), ()
    ctx.put(replace(f, waiting=True))
    return Need("draw", 1, src="deck", label="Event card (looking for a Dinosaur Attack)")


def op_erupt(ctx: Ctx, f: Ops, o: Any, i: int) -> Next:
    """Volcano: the token covers the lowest free mark; the mark strikes (mark 6 sinks the island)."""
    s = ctx.state
    tok = next((t for t in s.held if catalog().tokens[t].kind == "volcano"), None)
    if tok is None or s.volcano >= len(catalog().marks):
        return None
    s.held = drop(s.held, tok)
    s.volcano += 1
    ctx.emit(f"The volcano awakens: mark {s.volcano}", "volcano", mark=s.volcano)
    ctx.push(Ops(("mark", s.volcano, 0), f.u, src=f"mark:{s.volcano}"))
    return None


#: every operation of the vocabulary the interpreter runs (docs/CONTENT.md, "Operations")
OPS: dict[str, Op] = {
    "lose_crew": op_lose, "gain_crew": op_gain, "roll": op_roll, "combat": op_combat,
    "add_dice": op_modifier, "count_sabers": op_modifier, "double_successes": op_modifier,
    "add_successes": op_modifier, "reroll": op_reroll, "set_face": op_set_face, "combat_strength": op_strength,
    "prevent_losses": op_prevent, "search_time": op_search_time, "restart_search": op_restart,
    "change_area": op_change_area, "look_landmark": op_look, "look_fragments": op_look_fragments,
    "draw_events": op_draw_events, "discard_events": op_discard_events, "cancel": op_cancel,
    "move_incident": op_move_incident, "place_giant": op_place_giant, "remove_giant": op_remove_giant,
    "draw_token": op_draw_token, "return_treasure": op_return_treasure, "end_dig": op_end_dig,
    "skip_turn": op_skip, "sink_island": op_sink, "take_curse": op_take_curse,
    "dinosaur_from_deck": op_dino_deck, "erupt": op_erupt, "choose": op_choose, "if": op_if,
}

HANDLERS = {Ops: h_ops, Branch: h_branch, Peek: h_peek, PickDice: h_pickdice, FragmentPeek: h_fragpeek, HandDraw: h_handdraw,
            HandDiscard: h_handdiscard, DrawCards: h_draw, CancelUpcoming: h_cancelinc, Choice: h_choice,
            LoseTreasure: h_lootloss, PutBack: h_putback, Curse: h_curse, SendDinosaur: h_senddino,
            DinosaurFromDeck: h_dinodeck}
