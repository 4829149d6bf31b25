"""Stage 2, the Expedition: the turn in five phases, Incidents, searching, starting a new expedition,
completing a search and finding the treasure (rules: Stage 2 and its sections)."""
from __future__ import annotations


from companion.engine.stack import Ask, Next, replace
from companion.words import plural

from .abilities import new_complete, new_incident, passive_amount, search_hours
from .windows import apply_use
from .actions import Arrange, Attack, Dig, EndSearch as EndSearchAction, Hand, Proceed, Replenish, Search, ShipDraw, Use
from .catalog import catalog
from .combat import start_attack
from .crew import lose, replenish
from .dice import start_roll
from .frames import (INCIDENT_END, INCIDENT_GO, TURN_ACT, TURN_ARRANGE, TURN_DIG, TURN_DISCARD, TURN_END, TURN_INCIDENTS,
                     TURN_SHIP, TURN_START, BagToken, Cards, Complete, DigRoll, DrawCards, EndSearch, Incident, NewSearch,
                     Ops, Prize, ReturnToShip, SearchRoll, Turn)
from .kernel import Ctx, ask, finish
from .state import DIG, EXPEDITION, LANDING, SHIP, Player, PvdState, drop


def needs_turn(s: PvdState, q: int) -> bool:
    pl = s.players[q]
    if pl.stage in (EXPEDITION, DIG):
        return True
    return pl.stage == SHIP and bool(s.options.get("actions_on_ship")) and any(
        x.stage in (EXPEDITION, DIG) for x in s.players)


def next_seat(s: PvdState, landing: bool = False) -> int:
    """Whose turn comes next: clockwise from the captain whose turn it is, skipping captains back on
    the ship (unless Actions on the Ship). At a real table (`landing`) captains still preparing to
    land take their turns too (the table tracker has no Stage 1 of its own). The same captain
    again when nobody else needs a turn."""
    n = len(s.players)
    for k in range(1, n + 1):
        q = (s.turn + k) % n
        if needs_turn(s, q) or (landing and s.players[q].stage == LANDING):
            return q
    return s.turn


def next_turn(ctx: Ctx) -> Next:
    """Turns go clockwise; captains back on the ship skip theirs (unless Actions on the Ship).
    The game ends when every captain is back at the Harbor (rule: End of the Game)."""
    s = ctx.state
    if all(pl.stage == SHIP for pl in s.players):
        return finish(ctx)
    if s.turns > 0:
        s.turn = next_seat(s)
    s.turns += 1
    ctx.push(Turn(s.turn))
    return None


def h_cards(ctx: Ctx, f: Cards) -> Next:
    """The hand menu of a turn: use a card or an ability, or go back."""
    a = ctx.take_answer()
    if a is None:
        return ask(f.p, "cards")
    ctx.pop()
    if isinstance(a, Use):
        apply_use(ctx, a)
    return None


def refresh_turn(pl: Player) -> None:
    """A captain's turn begins: "once per turn" abilities and First Mates that refresh then are ready."""
    pl.used = tuple(u for u in pl.used if not u.startswith("per_turn|"))
    if pl.mate and catalog().mates[pl.mate].refresh == "your_turn":
        pl.mate_used = False


def slot_attr(kind: str) -> str:
    return "inc_dino" if kind == "dinosaur_attack" else "inc_other"


def h_turn(ctx: Ctx, f: Turn) -> Next:
    """A captain's turn: its phases in order, each asking its decision or going on to the next. A
    phase that goes straight on (nothing to do, an answer taken) goes on here rather than through
    the stack's loop; the turn's frame is put on the stack before anything is asked or pushed (the
    actions offered read it there)."""
    s = ctx.state
    p = f.p
    a = ctx.take_answer()
    if a is not None:
        if isinstance(a, Hand):
            ctx.push(Cards(p))
            return None
        got = _answer(ctx, f, a)
        if got is not None:
            return got
        f = ctx.stack[-1]  # what the stack's loop would resolve next: the turn, or what the answer began
        if type(f) is not Turn:
            return None
    on = f  # the frame on the stack
    cat = catalog()
    while True:
        pl = s.players[p]
        phase = f.phase
        if phase == TURN_START:
            refresh_turn(pl)
            if pl.skip > 0:
                pl.skip -= 1
                ctx.emit(f"{pl.name} skips this turn", "skip", seat=p)
                f = replace(f, phase=TURN_END)
            elif pl.stage == EXPEDITION:
                ctx.put(replace(f, phase=TURN_INCIDENTS))
                ctx.push(DrawCards(p, passive_amount(s, p, "turn_draw", cat.setup.turn_draw)))
                return None
            else:
                f = replace(f, phase=TURN_DIG if pl.stage == DIG else TURN_SHIP)
            continue
        if phase == TURN_INCIDENTS:
            if pl.stage != EXPEDITION:
                f = replace(f, phase=TURN_END)
                continue
            slots = [k for k in ("dinosaur_attack", "other") if getattr(pl, slot_attr(k))]
            if not slots:
                f = replace(f, phase=TURN_ACT)
                continue
            if f is not on:
                ctx.put(f)
            return Ask(p, "inc_order", {"slots": slots})  # always: whether it is asked must not tell what p holds
        if phase == TURN_ACT or phase == TURN_ARRANGE:
            if pl.stage != EXPEDITION:
                f = replace(f, phase=TURN_END)
                continue
            if f is not on:
                ctx.put(f)
            return ask(p, phase.value)
        if phase == TURN_DISCARD:
            limit = passive_amount(s, p, "hand_limit", cat.setup.hand_limit)
            if pl.stage == EXPEDITION and len(pl.hand) > limit:
                if f is not on:
                    ctx.put(f)
                return Ask(p, "discard", {"need": len(pl.hand) - limit})
            f = replace(f, phase=TURN_END)
            continue
        if phase == TURN_DIG:
            if pl.stage != DIG:
                f = replace(f, phase=TURN_END)
                continue
            if f is not on:
                ctx.put(f)
            return ask(p, "dig_act")
        if phase == TURN_SHIP:
            if s.options.get("actions_on_ship") and pl.stage == SHIP:
                if f is not on:
                    ctx.put(f)
                return ask(p, "ship")
            f = replace(f, phase=TURN_END)
            continue
        if pl.mods:
            s.players[p].mods = tuple(m for m in pl.mods if m["until"] != "turn")
        ctx.pop()
        return None


def _answer(ctx: Ctx, f: Turn, a: object) -> Next:
    """The turn's decisions: which Incident, the phase 3 action, arranging, discarding, digging."""
    s = ctx.state
    p = f.p
    phase = f.phase
    if phase == TURN_INCIDENTS:
        play_incident(ctx, p, a.slot)  # type: ignore[attr-defined]
    elif phase == TURN_ACT:
        ctx.put(replace(f, phase=TURN_ARRANGE))
        if isinstance(a, Search):
            ctx.push(SearchRoll(p))
        elif isinstance(a, EndSearchAction):
            ctx.push(EndSearch(p))
        elif isinstance(a, Attack):
            start_attack(ctx, p, a.target)
        else:
            replenish(ctx, p)
    elif phase == TURN_ARRANGE:
        if isinstance(a, Arrange):
            card = catalog().events[a.card]
            me = s.players[p]
            me.hand = drop(me.hand, a.card)
            setattr(s.players[a.target], slot_attr(card.kind), a.card)
            ctx.put(replace(f, arranged=f.arranged + (a.target,)))
            ctx.emit(f"{s.players[p].name} arranges {card.name['en']} for {s.players[a.target].name}", "arrange",
                     seat=p, card=a.card, target=a.target)
        else:
            ctx.put(replace(f, phase=TURN_DISCARD))
    elif phase == TURN_DISCARD:
        for c in a.cards:  # type: ignore[attr-defined]
            me = s.players[p]
            me.hand = drop(me.hand, c)
            s.discard += (c,)
    elif phase == TURN_DIG:
        ctx.put(replace(f, phase=TURN_END))
        if isinstance(a, Dig):
            ctx.push(DigRoll(p))
        elif isinstance(a, Attack):
            start_attack(ctx, p, a.target)
        elif isinstance(a, Replenish):
            replenish(ctx, p)
        else:
            ctx.push(ReturnToShip(p))
    elif phase == TURN_SHIP:
        ctx.put(replace(f, phase=TURN_END))
        if isinstance(a, ShipDraw):
            ctx.push(BagToken(p, ship=True))
    return None


def play_incident(ctx: Ctx, p: int, kind: str) -> None:
    """Phase 2: an Upcoming Incident is played completely, then discarded."""
    s = ctx.state
    pl = s.players[p]
    attr = slot_attr(kind)
    card = getattr(pl, attr)
    setattr(pl, attr, "")
    s.in_play += (card,)
    ctx.emit(f"{pl.name} plays the Incident {catalog().events[card].name['en']}", "incident", seat=p, card=card)
    ctx.push(new_incident(s, p, card))


def h_inc(ctx: Ctx, f: Incident) -> Next:
    if f.phase == INCIDENT_GO:
        ctx.put(replace(f, phase=INCIDENT_END))
        ctx.push(Ops(("ev", f.card, "action"), f.p, src=f"ev:{f.card}"))
        return None
    ctx.pop()
    s = ctx.state
    s.in_play = drop(s.in_play, f.card)
    s.discard += (f.card,)
    return None


# ---------------------------------------------------------------------------------------------
# phase 3: search, early termination


def h_search(ctx: Ctx, f: SearchRoll) -> Next:
    """Search: 2 dice + 1 automatic success; the Giant Tyrannosaurus in your area takes 1 away when
    the total is above 1. Each success moves the Time Marker 1 hour closer to 0."""
    s = ctx.state
    p = f.p
    st = catalog().setup
    if not f.rolled:
        ctx.put(replace(f, rolled=True))
        start_roll(ctx, p, "search", st.search_dice)
        return None
    ctx.pop()
    r = ctx.take_result()
    pl = s.players[p]
    total = r.succ + st.search_auto_successes
    giant = bool(s.giant and s.giant == pl.area and total > 1)
    if giant:
        total = max(1, total - st.giant_search_penalty)
    pl.time = max(0, pl.time - total)
    ctx.emit(f"{pl.name} searches: {plural(total, 'hour')}, {pl.time} left", "search", seat=p, hours=total,
             time=pl.time, successes=r.succ, giant=giant)
    if pl.time == 0:
        ctx.push(new_complete(s, p))
    return None


def look_options(s: PvdState, p: int) -> list[str]:
    """Hidden Landmarks of the area worth looking at: unseen ones, or seen ones that match."""
    pl = s.players[p]
    cat = catalog()
    return [k for k, v in s.slots.items() if v and cat.slot_area[k] == pl.area
            and (k not in pl.known or pl.known[k] in pl.fragments)]


def h_complete(ctx: Ctx, f: Complete) -> Next:
    """Completing the Search: look at a hidden Landmark of the area; take it if it matches."""
    s = ctx.state
    p = f.p
    a = ctx.take_answer()
    if a is not None:
        if isinstance(a, Proceed):
            f = replace(f, looks=0)
            ctx.put(f)
        else:
            f = replace(f, looks=f.looks - 1, first=False)
            ctx.put(f)
            if look(ctx, p, a.slot):  # type: ignore[attr-defined]
                ctx.pop()
                if not s.players[p].fragments:
                    go_dig(ctx, p)
                else:
                    ctx.push(NewSearch(p))
                return None
    if s.players[p].stage != EXPEDITION:
        ctx.pop()
        return None
    slots = look_options(s, p)
    if f.looks > 0 and slots:
        return Ask(p, "look", {"slots": slots, "why": "complete", "optional": not f.first})
    ctx.pop()
    ctx.push(NewSearch(p))
    return None


def look(ctx: Ctx, p: int, slot: str, complete: bool = True) -> bool:
    """A captain looks at the Landmark in `slot`; on completing a search a match is taken (True)."""
    s = ctx.state
    cat = catalog()
    pl = s.players[p]
    lm = s.slots[slot]
    pl.known = {**pl.known, slot: lm}
    ctx.emit(f"{pl.name} looks at a Landmark in the {cat.label(cat.slot_area[slot])}", "look", seat=p, slot=slot)
    ctx.emit(f"The Landmark is the {cat.label(lm)}", "look", to=(p,), slot=slot, landmark=lm)
    if not complete or lm not in pl.fragments:
        return False
    s.slots = {**s.slots, slot: ""}
    for q, other in enumerate(s.players):
        if slot in other.known:
            s.players[q].known = {k: v for k, v in other.known.items() if k != slot}
    pl.fragments = drop(pl.fragments, lm)
    pl.found += (lm,)
    ctx.emit(f"{pl.name} finds the {cat.label(lm)} of a Map Fragment!", "found", seat=p, landmark=lm)
    return True


def go_dig(ctx: Ctx, p: int) -> None:
    """No Map Fragments left: to the Treasure Location; discard the hand and the Upcoming Incidents;
    the first captain there draws a prize treasure (rule: Stage 3)."""
    s = ctx.state
    pl = s.players[p]
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
    new_expedition(pl)  # ruling first-mate-dig-site: reaching the Dig Site counts as a new expedition
    ctx.emit(f"{pl.name} has found the treasure and moves to the Dig Site", "dig_site", seat=p)
    if not s.prize_taken:
        s.prize_taken = True
        ctx.push(Prize(p))


def new_expedition(pl: Player) -> None:
    """A new expedition: "once per expedition" abilities and First Mates that refresh then are ready."""
    pl.used = tuple(u for u in pl.used if not u.startswith("per_expedition|"))
    if pl.mate and catalog().mates[pl.mate].refresh == "new_expedition":
        pl.mate_used = False


def h_newsearch(ctx: Ctx, f: NewSearch) -> Next:
    """Starting a New Expedition: choose an area; the Time Marker goes to its hourglass (+ Cannon)."""
    pl = ctx.state.players[f.p]
    if pl.stage != EXPEDITION and pl.stage != LANDING:
        ctx.pop()
        return None
    a = ctx.take_answer()
    if a is None:
        return Ask(f.p, "area", {"other": f.other})
    ctx.pop()
    start_expedition(ctx, f.p, a.area, f.keep)
    return None


def start_expedition(ctx: Ctx, p: int, area: str, keep: bool = False) -> None:
    s = ctx.state
    pl = s.players[p]
    pl.area = area
    if keep:
        ctx.emit(f"{pl.name} moves to the {catalog().label(area)}", "area", seat=p, area=area)
        return
    pl.time = search_hours(s, p, area)
    new_expedition(pl)
    ctx.emit(f"{pl.name} starts a search in the {catalog().label(area)} ({pl.time} h)", "area", seat=p, area=area,
             time=pl.time)


def h_endsearch(ctx: Ctx, f: EndSearch) -> Next:
    """Early Termination of a Search: 2 dice, 1 sailor to Lost and Forgotten per blank; a new search."""
    p = f.p
    if not f.rolled:
        ctx.put(replace(f, rolled=True))
        start_roll(ctx, p, "early_end", catalog().setup.early_end_dice)
        return None
    ctx.pop()
    r = ctx.take_result()
    if r.blank:
        lose(ctx, p, r.blank, "lost_and_forgotten")
    ctx.push(NewSearch(p))
    return None


HANDLERS = {Turn: h_turn, Cards: h_cards, Incident: h_inc, SearchRoll: h_search, Complete: h_complete,
            NewSearch: h_newsearch, EndSearch: h_endsearch}
