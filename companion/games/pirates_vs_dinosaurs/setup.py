"""Game Setup and Stage 1, Preparing to Land: landmarks and map fragments by player count, relics
in turn order (the face-down one for the last captain), first mates in reverse order, the 20-point
purchase, the starting hands and the starting areas. Every shuffle is a chance step (a draw)."""
from __future__ import annotations

from itertools import combinations

from companion.engine.stack import Ask, Need, Next, replace

from .abilities import passive_amount
from .catalog import catalog
from .expedition import start_expedition
from .frames import Setup, SetupStep
from .kernel import Ctx
from .state import EXPEDITION, Player, PvdState, drop


def new_state(players: list[str], options: dict) -> PvdState:
    """The table at Game Setup, before the first draw."""
    cat = catalog()
    st = cat.setup
    n = len(players)
    s = PvdState(players=[Player(name=x) for x in players], options=dict(options))
    s.bag = tuple(cat.bag)
    s.deck = tuple(cat.event_deck)
    s.lost = st.lost_and_forgotten_per_player * n
    s.reserve = cat.sailors - s.lost
    s.tokens_left = cat.replenish_tokens
    s.curse_stack = cat.curse_tokens
    s.stack = [Setup()]
    return s


def outfit_cost(equipment: tuple[str, ...]) -> int:
    cat = catalog()
    return sum(cat.equipment[e].cost for e in equipment)


def outfit_crew(equipment: tuple[str, ...] | list[str]) -> int:
    """Stage 1, step 4: the points left after the equipment buy sailors (1 point each)."""
    st = catalog().setup
    return max(0, (st.points - outfit_cost(tuple(equipment))) // st.crew_cost)


def outfit_problem(equipment: tuple[str, ...] | list[str]) -> str | None:
    """Why a purchase is not allowed (too many items, over the points), or None."""
    cat = catalog()
    st = cat.setup
    if len(equipment) > st.max_equipment:
        return f"at most {st.max_equipment} Equipment cards"
    twice = next((e for i, e in enumerate(equipment) if e in equipment[:i]), None)
    if twice is not None:
        return f"{cat.label(twice)} twice: each Equipment card at most once"
    cost = outfit_cost(tuple(equipment))
    if cost > st.points:
        return f"the equipment costs {cost} of {st.points} points"
    return None


def outfits() -> list[tuple[str, tuple[str, ...]]]:
    """Every purchase: a free weapon and at most 3 equipment within the 20 points."""
    cat = catalog()
    st = cat.setup
    eq = sorted(cat.equipment)
    out = []
    for w in sorted(cat.weapons):
        for k in range(st.max_equipment + 1):
            for combo in combinations(eq, k):
                if outfit_cost(combo) <= st.points:
                    out.append((w, combo))
    return out


def h_setup(ctx: Ctx, f: Setup) -> Next:
    s = ctx.state
    cat = catalog()
    n = len(s.players)
    pc = cat.player_counts[n]
    step = f.step
    a = ctx.take_answer()
    if a is not None:
        return _answer(ctx, f, a)
    if step == SetupStep.LANDMARKS:
        ctx.put(replace(f, step=SetupStep.LANDMARKS_DRAWN))
        return Need("draw", pc.landmarks, src="landmarks", label="Landmark tokens for the board")
    if step == SetupStep.LANDMARKS_DRAWN:
        got = ctx.take_outcome()
        s.slots = {slot: lm for slot, lm in zip(cat.slots(n), got)}
        s.box_landmarks = tuple(sorted(set(cat.landmarks) - set(got)))
        ctx.put(replace(f, step=SetupStep.FRAGMENTS))
        return Need("draw", pc.fragments_each * n, src="kept", label="Map Fragments")
    if step == SetupStep.FRAGMENTS:
        got = ctx.take_outcome()
        k = pc.fragments_each
        for i in range(n):
            s.players[i].fragments = tuple(sorted(got[i * k:(i + 1) * k]))
        ctx.put(replace(f, step=SetupStep.RELICS))
        return Need("draw", n * cat.setup.relics_face_up_per_player + cat.setup.relics_face_down, src="relics",
                    label="Relic cards")
    if step == SetupStep.RELICS:
        got = ctx.take_outcome()
        up = n * cat.setup.relics_face_up_per_player
        s.relic_offer, s.relic_hidden = tuple(got[:up]), (got[up] if len(got) > up else "")
        ctx.put(replace(f, step=SetupStep.MATES))
        return Need("draw", n, src="mates", label="First Mate cards")
    if step == SetupStep.MATES:
        s.mate_offer = tuple(ctx.take_outcome())
        ctx.put(replace(f, step=SetupStep.PICK_RELIC, i=0))
        return None
    if step == SetupStep.PICK_RELIC:
        i = f.i
        if i >= n:
            if not s.relic_flipped and s.relic_hidden:
                s.relic_flipped = True
            ctx.put(replace(f, step=SetupStep.PICK_MATE, i=n - 1))
            return None
        options = list(s.relic_offer)
        if i == n - 1 and len(options) == 1 and s.relic_hidden:
            s.relic_flipped = True
            options.append(s.relic_hidden)
            ctx.emit(f"The face-down Relic is turned up: {cat.relics[s.relic_hidden].name['en']}", "relic",
                     relic=s.relic_hidden)
        return Ask(i, "relic", {"options": options})
    if step == SetupStep.PICK_MATE:
        if f.i < 0:
            ctx.put(replace(f, step=SetupStep.OUTFIT, i=0))
            return None
        return Ask(f.i, "mate", {"options": list(s.mate_offer)})
    if step == SetupStep.OUTFIT:
        if f.i >= n:
            ctx.put(replace(f, step=SetupStep.HANDS))
            ctx.emit("; ".join(f"{pl.name}: {cat.weapons[pl.weapon].name['en']}, "
                               f"{', '.join(cat.equipment[e].name['en'] for e in pl.equipment) or 'no equipment'}, "
                               f"{pl.crew} sailors" for pl in s.players), "outfits")
            return None
        return Ask(f.i, "outfit")
    if step == SetupStep.HANDS:
        ctx.put(replace(f, step=SetupStep.HANDS_DRAWN))
        total = sum(passive_amount(s, p, "start_hand", cat.setup.starting_hand) for p in range(n))
        return Need("draw", min(total, len(s.deck)), src="deck", label="starting hands")
    if step == SetupStep.HANDS_DRAWN:
        got = ctx.take_outcome()
        for c in got:
            s.deck = drop(s.deck, c)
        k = 0
        for p in range(n):
            m = passive_amount(s, p, "start_hand", cat.setup.starting_hand)
            s.players[p].hand = tuple(got[k:k + m])
            k += m
        ctx.put(replace(f, step=SetupStep.START, i=0))
        return None
    # start: each captain chooses the area of the first search
    if f.i >= n:
        for p in range(n):
            s.players[p].stage = EXPEDITION
        ctx.pop()
        s.turn = 0
        ctx.emit("The Expedition begins", "stage")
        return None
    return Ask(f.i, "area", {"other": False})


def _answer(ctx: Ctx, f: Setup, a: object) -> Next:
    """Stage 1's decisions: a Relic, a First Mate, the purchase, the starting area."""
    s = ctx.state
    cat = catalog()
    p = a.player  # type: ignore[attr-defined]
    pl = s.players[p]
    if f.step == SetupStep.PICK_RELIC:
        relic = a.relic  # type: ignore[attr-defined]
        pl.relic = relic
        if relic in s.relic_offer:
            s.relic_offer = drop(s.relic_offer, relic)
        if relic == s.relic_hidden:
            s.relic_hidden = ""
        ctx.emit(f"{pl.name} chooses the Relic {cat.relics[relic].name['en']}", "relic", seat=p, relic=relic)
        ctx.put(replace(f, i=f.i + 1))
    elif f.step == SetupStep.PICK_MATE:
        mate = a.mate  # type: ignore[attr-defined]
        pl.mate = mate
        s.mate_offer = drop(s.mate_offer, mate)
        ctx.emit(f"{pl.name} hires the First Mate {cat.mates[mate].name['en']}", "mate", seat=p, mate=mate)
        ctx.put(replace(f, i=f.i - 1))
    elif f.step == SetupStep.OUTFIT:
        outfit(ctx, p, a.weapon, a.equipment)  # type: ignore[attr-defined]
        ctx.put(replace(f, i=f.i + 1))
    else:
        start_expedition(ctx, p, a.area)  # type: ignore[attr-defined]
        ctx.put(replace(f, i=f.i + 1))
    return None


def outfit(ctx: Ctx, p: int, weapon: str, equipment: tuple[str, ...]) -> None:
    """The 20 points: a free weapon, equipment at its cost, 1 point per sailor (from the reserve)."""
    s = ctx.state
    pl = s.players[p]
    pl.weapon = weapon
    pl.equipment = tuple(equipment)
    crew = min(outfit_crew(equipment), s.reserve)
    s.reserve -= crew
    pl.crew = crew
    ctx.emit(f"{pl.name} is ready to land", "outfit", seat=p)


HANDLERS = {Setup: h_setup}
