"""Stage 2, the Expedition: the turn in five phases, Incidents, searching, starting a new expedition,
completing a search and finding the treasure (rules: Stage 2 and its sections)."""
from __future__ import annotations

from .catalog import catalog
from .combat import start_roll
from .core import (HOOKS, Frame, ask, emit, lose, ops_frame, passive_amount, passive_ops, pop, push, handler,
                   search_hours)
from .state import own, drop, DIG, EXPEDITION, SHIP, PvdState


def needs_turn(s: PvdState, q: int) -> bool:
    pl = s.players[q]
    if pl.stage in (EXPEDITION, DIG):
        return True
    return pl.stage == SHIP and bool(s.options.get("actions_on_ship")) and any(
        x.stage in (EXPEDITION, DIG) for x in s.players)


def next_turn(s: PvdState) -> None:
    """Turns go clockwise; captains back on the ship skip theirs (unless Actions on the Ship).
    The game ends when every captain is back at the Harbor (rule: End of the Game)."""
    from .dig import finish
    if all(pl.stage == SHIP for pl in s.players):
        finish(s)
        return
    if s.turns > 0:
        n = len(s.players)
        for k in range(1, n + 1):
            q = (s.turn + k) % n
            if needs_turn(s, q):
                s.turn = q
                break
    s.turns += 1
    push(s, {"k": "turn", "p": s.turn, "st": "start", "arranged": []})


HOOKS["next_turn"] = next_turn


@handler("cards")
def h_cards(s: PvdState, f: Frame) -> None:
    """The hand menu of a turn window: use a card or an ability, or go back."""
    ask(s, f["p"], "cards")


@handler("turn")
def h_turn(s: PvdState, f: Frame) -> None:
    p = f["p"]
    pl = own(s, p)
    st = f["st"]
    cat = catalog()
    if st == "start":
        pl.used = tuple(u for u in pl.used if not u.startswith("per_turn|"))
        if pl.mate and cat.mates[pl.mate].refresh == "your_turn":
            pl.mate_used = False
        if pl.skip > 0:
            pl.skip -= 1
            emit(s, f"{pl.name} skips this turn", "skip", seat=p)
            f["st"] = "end"
        elif pl.stage == EXPEDITION:
            f["st"] = "inc"
            push(s, {"k": "draw", "p": p, "n": passive_amount(s, p, "turn_draw", cat.setup.turn_draw)})
        elif pl.stage == DIG:
            f["st"] = "dig"
        else:
            f["st"] = "ship"
    elif st == "inc":
        if pl.stage != EXPEDITION:
            f["st"] = "end"
            return
        slots = [k for k in ("dinosaur_attack", "other") if getattr(pl, slot_attr(k))]
        if not slots:
            f["st"] = "act"
            return
        ask(s, p, "inc_order", slots=slots)  # always: whether it is asked must not tell what p holds
    elif st == "act":
        if pl.stage != EXPEDITION:
            f["st"] = "end"
            return
        ask(s, p, "act")
    elif st == "arrange":
        if pl.stage != EXPEDITION:
            f["st"] = "end"
            return
        ask(s, p, "arrange")
    elif st == "discard":
        limit = passive_amount(s, p, "hand_limit", cat.setup.hand_limit)
        if pl.stage == EXPEDITION and len(pl.hand) > limit:
            ask(s, p, "discard", need=len(pl.hand) - limit)
        else:
            f["st"] = "end"
    elif st == "dig":
        if pl.stage != DIG:
            f["st"] = "end"
            return
        ask(s, p, "dig_act")
    elif st == "ship":
        if s.options.get("actions_on_ship") and pl.stage == SHIP:
            ask(s, p, "ship")
        else:
            f["st"] = "end"
    else:
        pl.mods = tuple(m for m in pl.mods if m["until"] != "turn")
        pop(s)


def slot_attr(kind: str) -> str:
    return "inc_dino" if kind == "dinosaur_attack" else "inc_other"


def play_incident(s: PvdState, p: int, kind: str) -> None:
    """Phase 2: an Upcoming Incident is played completely, then discarded."""
    pl = own(s, p)
    attr = slot_attr(kind)
    card = getattr(pl, attr)
    setattr(pl, attr, "")
    s.in_play += (card,)
    emit(s, f"{pl.name} plays the Incident {catalog().events[card].name['en']}", "incident", seat=p, card=card)
    push(s, incident_frame(s, p, card))


def incident_frame(s: PvdState, p: int, card: str) -> Frame:
    """An Incident being resolved; its prevention budget comes from passives (Pistols and Pikes)."""
    kind = catalog().events[card].kind
    foe = {"dinosaur_attack": "dinosaur", "aborigine_attack": "aborigine"}.get(kind, "")
    ops = passive_ops(s, p, "prevent_losses", {"foe": foe, "incident": card})
    prev = sum(op.amount for op in ops if getattr(op, "of", "all") == "all")
    prevx = sum(op.amount for op in ops if getattr(op, "of", "all") == "extra")
    return {"k": "inc", "p": p, "card": card, "foe": foe, "st": "go", "prev": {str(p): prev},
            "prevx": {str(p): prevx}}


@handler("inc")
def h_inc(s: PvdState, f: Frame) -> None:
    if f["st"] == "go":
        f["st"] = "end"
        push(s, ops_frame(["ev", f["card"], "action"], f["p"], src=f"ev:{f['card']}"))
        return
    pop(s)
    s.in_play = drop(s.in_play, f["card"])
    s.discard += (f["card"],)


# ---------------------------------------------------------------------------------------------
# phase 3: search, early termination


@handler("search")
def h_search(s: PvdState, f: Frame) -> None:
    """Search: 2 dice + 1 automatic success; the Giant Tyrannosaurus in your area takes 1 away when
    the total is above 1. Each success moves the Time Marker 1 hour closer to 0."""
    p = f["p"]
    pl = own(s, p)
    st = catalog().setup
    if f["st"] == "roll":
        f["st"] = "res"
        start_roll(s, p, "search", st.search_dice)
        return
    pop(s)
    r = s.reg.pop("roll")
    total = r["succ"] + st.search_auto_successes
    if s.giant and s.giant == pl.area and total > 1:
        total = max(1, total - st.giant_search_penalty)
    pl.time = max(0, pl.time - total)
    emit(s, f"{pl.name} searches: {total} hour(s), {pl.time} left", "search", seat=p, hours=total, time=pl.time)
    if pl.time == 0:
        push(s, complete_frame(s, p))


def complete_frame(s: PvdState, p: int) -> Frame:
    looks = max([1] + [op.amount for op in passive_ops(s, p, "landmark_looks", {})])
    return {"k": "complete", "p": p, "looks": looks, "first": True}


def look_options(s: PvdState, p: int) -> list[str]:
    """Hidden Landmarks of the area worth looking at: unseen ones, or seen ones that match."""
    pl = s.players[p]
    cat = catalog()
    return [k for k, v in s.slots.items() if v and cat.slot_area[k] == pl.area
            and (k not in pl.known or pl.known[k] in pl.fragments)]


@handler("complete")
def h_complete(s: PvdState, f: Frame) -> None:
    """Completing the Search: look at a hidden Landmark of the area; take it if it matches."""
    p = f["p"]
    if s.players[p].stage != EXPEDITION:
        pop(s)
        return
    slots = look_options(s, p)
    if f["looks"] > 0 and slots:
        ask(s, p, "look", slots=slots, why="complete", optional=not f["first"])
        return
    pop(s)
    push(s, {"k": "newsearch", "p": p, "keep": False})


def look(s: PvdState, p: int, slot: str, why: str) -> None:
    """A captain looks at the Landmark in `slot` (the top frame is the complete or peek frame)."""
    pl = own(s, p)
    lm = s.slots[slot]
    pl.known = {**pl.known, slot: lm}
    emit(s, f"{pl.name} looks at a Landmark in the {catalog().label(catalog().slot_area[slot])}", "look", seat=p,
         slot=slot)
    emit(s, f"The Landmark is the {catalog().label(lm)}", "look", to=(p,), slot=slot, landmark=lm)
    if why != "complete":
        return
    f = s.stack[-1]
    f["looks"] -= 1
    f["first"] = False
    if lm in pl.fragments:
        s.slots = {**s.slots, slot: ""}
        for q, other in enumerate(s.players):
            if slot in other.known:
                own(s, q).known = {k: v for k, v in other.known.items() if k != slot}
        pl.fragments = drop(pl.fragments, lm)
        pl.found += (lm,)
        emit(s, f"{pl.name} finds the {catalog().label(lm)} of a Map Fragment!", "found", seat=p, landmark=lm)
        pop(s)
        if not pl.fragments:
            go_dig(s, p)
        else:
            push(s, {"k": "newsearch", "p": p, "keep": False})


def go_dig(s: PvdState, p: int) -> None:
    """No Map Fragments left: to the Treasure Location; discard the hand and the Upcoming Incidents;
    the first captain there draws a prize treasure (rule: Stage 3)."""
    pl = own(s, p)
    pl.stage = DIG
    pl.area = "dig"
    pl.time = 0
    s.discard += tuple(pl.hand)
    pl.hand = ()
    for attr in ("inc_dino", "inc_other"):
        if getattr(pl, attr):
            s.discard += (getattr(pl, attr),)
            setattr(pl, attr, "")
    pl.mods = ()
    # ruling first-mate-dig-site: reaching the Dig Site counts as a new expedition (once)
    pl.used = tuple(u for u in pl.used if not u.startswith("per_expedition|"))
    if pl.mate and catalog().mates[pl.mate].refresh == "new_expedition":
        pl.mate_used = False
    emit(s, f"{pl.name} has found the treasure and moves to the Dig Site", "dig_site", seat=p)
    if not s.prize_taken:
        s.prize_taken = True
        push(s, {"k": "prize", "p": p})


@handler("newsearch")
def h_newsearch(s: PvdState, f: Frame) -> None:
    """Starting a New Expedition: choose an area; the Time Marker goes to its hourglass (+ Cannon)."""
    pl = s.players[f["p"]]
    if pl.stage != EXPEDITION and pl.stage != 1:
        pop(s)
        return
    if "ans" not in f:
        ask(s, f["p"], "area", other=bool(f.get("other")))
        return
    pop(s)
    start_expedition(s, f["p"], f["ans"], f["keep"])


def start_expedition(s: PvdState, p: int, area: str, keep: bool = False) -> None:
    pl = own(s, p)
    pl.area = area
    if keep:
        emit(s, f"{pl.name} moves to the {catalog().label(area)}", "area", seat=p, area=area)
        return
    pl.time = search_hours(s, p, area)
    pl.used = tuple(u for u in pl.used if not u.startswith("per_expedition|"))
    if pl.mate and catalog().mates[pl.mate].refresh == "new_expedition":
        pl.mate_used = False
    emit(s, f"{pl.name} starts a search in the {catalog().label(area)} ({pl.time} h)", "area", seat=p, area=area,
         time=pl.time)


@handler("endsearch")
def h_endsearch(s: PvdState, f: Frame) -> None:
    """Early Termination of a Search: 2 dice, 1 sailor to Lost and Forgotten per blank; a new search."""
    p = f["p"]
    if f["st"] == "roll":
        f["st"] = "res"
        start_roll(s, p, "early_end", catalog().setup.early_end_dice)
        return
    pop(s)
    r = s.reg.pop("roll")
    if r["blank"]:
        lose(s, p, r["blank"], "lost_and_forgotten")
    push(s, {"k": "newsearch", "p": p, "keep": False})
