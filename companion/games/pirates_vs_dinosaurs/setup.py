"""Game Setup and Stage 1, Preparing to Land: landmarks and map fragments by player count, relics
in turn order (the face-down one for the last captain), first mates in reverse order, the 20-point
purchase, the starting hands and the starting areas. Every shuffle is a chance step (a draw)."""
from __future__ import annotations

from itertools import combinations

from .catalog import catalog
from .core import Frame, ask, emit, handler, need, outcome, passive_amount, pop
from .state import own, drop, EXPEDITION, Player, PvdState


def new_state(players: list[str], options: dict) -> PvdState:
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
    s.stack = [{"k": "setup", "st": "landmarks", "i": 0}]
    from .core import run
    run(s)
    return s


def outfit_cost(equipment: tuple[str, ...]) -> int:
    cat = catalog()
    return sum(cat.equipment[e].cost for e in equipment)


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


@handler("setup")
def h_setup(s: PvdState, f: Frame) -> None:
    cat = catalog()
    n = len(s.players)
    pc = cat.player_counts[n]
    st = f["st"]
    if st == "landmarks":
        f["st"] = "landmarks_got"
        need(s, "draw", pc.landmarks, src="landmarks", label="Landmark tokens for the board")
    elif st == "landmarks_got":
        got = outcome(s)
        s.slots = {slot: lm for slot, lm in zip(cat.slots(n), got)}
        s.box_landmarks = tuple(sorted(set(cat.landmarks) - set(got)))
        f["st"] = "fragments"
        need(s, "draw", pc.fragments_each * n, src="kept", label="Map Fragments")
    elif st == "fragments":
        got = outcome(s)
        k = pc.fragments_each
        for i in range(n):
            own(s, i).fragments = tuple(sorted(got[i * k:(i + 1) * k]))
        f["st"] = "relics"
        need(s, "draw", n * cat.setup.relics_face_up_per_player + cat.setup.relics_face_down, src="relics",
             label="Relic cards")
    elif st == "relics":
        got = outcome(s)
        up = n * cat.setup.relics_face_up_per_player
        s.relic_offer, s.relic_hidden = tuple(got[:up]), (got[up] if len(got) > up else "")
        f["st"] = "mates"
        need(s, "draw", n, src="mates", label="First Mate cards")
    elif st == "mates":
        s.mate_offer = tuple(outcome(s))
        f["st"] = "pick_relic"
        f["i"] = 0
    elif st == "pick_relic":
        i = f["i"]
        if i >= n:
            if not s.relic_flipped and s.relic_hidden:
                s.relic_flipped = True
            f["st"], f["i"] = "pick_mate", n - 1
            return
        options = list(s.relic_offer)
        if i == n - 1 and len(options) == 1 and s.relic_hidden:
            s.relic_flipped = True
            options.append(s.relic_hidden)
            emit(s, f"The face-down Relic is turned up: {cat.relics[s.relic_hidden].name['en']}", "relic",
                 relic=s.relic_hidden)
        ask(s, i, "relic", options=options)
    elif st == "pick_mate":
        i = f["i"]
        if i < 0:
            f["st"], f["i"] = "outfit", 0
            return
        ask(s, i, "mate", options=list(s.mate_offer))
    elif st == "outfit":
        i = f["i"]
        if i >= n:
            f["st"] = "hands"
            emit(s, "; ".join(f"{pl.name}: {cat.weapons[pl.weapon].name['en']}, "
                              f"{', '.join(cat.equipment[e].name['en'] for e in pl.equipment) or 'no equipment'}, "
                              f"{pl.crew} sailors" for pl in s.players), "outfits")
            return
        ask(s, i, "outfit")
    elif st == "hands":
        f["st"] = "hands_got"
        total = sum(passive_amount(s, p, "start_hand", cat.setup.starting_hand) for p in range(n))
        need(s, "draw", min(total, len(s.deck)), src="deck", label="starting hands")
    elif st == "hands_got":
        got = outcome(s)
        for c in got:
            s.deck = drop(s.deck, c)
        k = 0
        for p in range(n):
            m = passive_amount(s, p, "start_hand", cat.setup.starting_hand)
            own(s, p).hand = tuple(got[k:k + m])
            k += m
        f["st"], f["i"] = "start", 0
    elif st == "start":
        i = f["i"]
        if i >= n:
            for p in range(n):
                own(s, p).stage = EXPEDITION
            pop(s)
            s.turn = 0
            emit(s, "The Expedition begins", "stage")
            return
        if "ans" in f:
            from .expedition import start_expedition
            start_expedition(s, i, f.pop("ans"))
            f["i"] = i + 1
            return
        ask(s, i, "area", other=False)


def pick_relic(s: PvdState, p: int, relic: str) -> None:
    f = s.stack[-1]
    pl = own(s, p)
    pl.relic = relic
    if relic in s.relic_offer:
        s.relic_offer = drop(s.relic_offer, relic)
    if relic == s.relic_hidden:
        s.relic_hidden = ""
    emit(s, f"{pl.name} chooses the Relic {catalog().relics[relic].name['en']}", "relic", seat=p, relic=relic)
    f["i"] += 1


def pick_mate(s: PvdState, p: int, mate: str) -> None:
    f = s.stack[-1]
    pl = own(s, p)
    pl.mate = mate
    s.mate_offer = drop(s.mate_offer, mate)
    emit(s, f"{pl.name} hires the First Mate {catalog().mates[mate].name['en']}", "mate", seat=p, mate=mate)
    f["i"] -= 1


def outfit(s: PvdState, p: int, weapon: str, equipment: tuple[str, ...]) -> None:
    """The 20 points: a free weapon, equipment at its cost, 1 point per sailor (from the reserve)."""
    f = s.stack[-1]
    cat = catalog()
    pl = own(s, p)
    pl.weapon = weapon
    pl.equipment = tuple(equipment)
    crew = min((cat.setup.points - outfit_cost(equipment)) // cat.setup.crew_cost, s.reserve)
    s.reserve -= crew
    pl.crew = crew
    emit(s, f"{pl.name} is ready to land", "outfit", seat=p)
    f["i"] += 1
