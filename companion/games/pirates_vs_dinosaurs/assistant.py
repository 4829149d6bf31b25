"""The table assistant's arithmetic for Pirates vs. Dinosaurs, for dice rolled at a real table.

Every number comes from the rules code and the content: the dice of a roll are set up by
`combat.start_roll` (weapon, relic, equipment passives), the results are counted by
`combat.count`, and combat, search, early termination, attacks, ghosts and the volcano are
resolved by the engine's own frame handlers on a state that holds only what the table tracks
(no deck order, no secrets). Losses go through `core.lose`, so Emergency Crew Replenishments
happen exactly as in the engine. Nothing here knows a widget.
"""
from __future__ import annotations

from typing import Any


from companion.engine.stack import Frame, replace

from .abilities import cond_ok, owned, passive_amount, source_name
from .catalog import catalog
from .combat import HANDLERS as COMBAT, start_attack, strength_of
from .crew import carry_capacity, combat_dice as dice_of
from .dice import MODIFIERS, count, new_roll, roll_matches
from .dig import HANDLERS as DIG_HANDLERS
from .effects_engine import HANDLERS as EFFECTS, op_erupt, put_back
from .expedition import HANDLERS as EXPEDITION_HANDLERS
from .frames import Attack, Combat, Complete, Curse, EndSearch, Ops, ReturnToShip, RollResult, SearchRoll
from .kernel import Ctx, final_value, result, sink
from .setup import outfit_cost, outfit_crew, outfit_problem
from .state import DIG, EXPEDITION, SHIP, PvdState

ROLL_KINDS = ("combat", "search", "early_end", "dig", "other")
FOES = ("dinosaur", "aborigine", "rival", "")
HANDLERS = {**COMBAT, **DIG_HANDLERS, **EFFECTS, **EXPEDITION_HANDLERS}


# ---------------------------------------------------------------------------------------------
# dice


def roll_setup(s: PvdState, p: int, kind: str, dice: int, foe: str = "") -> dict[str, Any]:
    """How captain p rolls: {"dice", "sabers" (count as successes), "double", "plus"} after every
    passive modifier, as the engine's `new_roll` sets them."""
    f = new_roll(s, p, kind, dice, foe)
    return {"dice": f.dice, "sabers": f.sabers, "double": f.double, "plus": f.plus}


def modifier_lines(s: PvdState, p: int, kind: str, foe: str = "") -> list[tuple[str, str]]:
    """(card name, what it does) of each passive that changes this roll, for the explanation."""
    info = {"roll": kind, "foe": foe}
    out: list[tuple[str, str]] = []
    for src, ab in owned(s, p):
        if ab.when != "passive" or not cond_ok(s, p, ab.cond, info):
            continue
        for op in ab.effects:
            if op.op not in MODIFIERS or not roll_matches(op.roll, kind):
                continue
            amount = getattr(op, "amount", 0) or 0
            what = {"add_dice": f"{amount:+d} dice", "count_sabers": "sabers count",
                    "double_successes": "successes count double", "add_successes": f"{amount:+d} successes"}[op.op]
            out.append((source_name(s, p, src), what))
    return out


def optional_dice(s: PvdState, p: int, kind: str, foe: str = "") -> list[dict[str, Any]]:
    """Abilities the captain may choose to use before this roll that add dice (the Cannon):
    [{"source", "name", "dice"}]."""
    info = {"roll": kind, "foe": foe}
    out = []
    for src, ab in owned(s, p):
        if ab.when != "before_roll" or not cond_ok(s, p, ab.cond, info):
            continue
        extra = sum(op.amount for op in ab.effects if op.op == "add_dice")
        if extra:
            out.append({"source": src, "name": source_name(s, p, src), "dice": extra})
    return out


def successes(faces: list[str], sabers: bool = False, double: bool = False, plus: int = 0) -> int:
    """Successes of a roll (rule: Using the Dice): skulls; sabers only where a rule says so."""
    return count(list(faces), sabers, double, plus).succ


def combat_dice(s: PvdState, p: int, foe: str = "dinosaur") -> dict[str, Any]:
    """A combat roll of captain p: {"dice", "sabers", "double", "plus", "per", "crew", "base", "lines"}."""
    per = passive_amount(s, p, "combat_dice", 2)
    crew = s.players[p].crew
    base = dice_of(s, p)
    setup = roll_setup(s, p, "combat", base, foe)
    weapon = catalog().weapons[s.players[p].weapon].name["en"] if s.players[p].weapon else "no weapon"
    lines = [f"{crew} sailors / {per} per die ({weapon}) = {base} dice"]
    lines += [f"{name}: {what}" for name, what in modifier_lines(s, p, "combat", foe)]
    if s.players[p].stage == DIG:
        lines.append("At the Dig Site sabers count as successes")
    return {**setup, "per": per, "crew": crew, "base": base, "lines": lines}


def search_dice(s: PvdState, p: int) -> dict[str, Any]:
    st = catalog().setup
    setup = roll_setup(s, p, "search", st.search_dice)
    lines = [f"Search Roll: {st.search_dice} dice + {st.search_auto_successes} automatic success"]
    lines += [f"{name}: {what}" for name, what in modifier_lines(s, p, "search")]
    if s.giant and s.giant == s.players[p].area:
        lines.append(f"Giant Tyrannosaurus here: -{st.giant_search_penalty} success (when above 1)")
    return {**setup, "lines": lines}


def early_end_dice(s: PvdState, p: int) -> dict[str, Any]:
    st = catalog().setup
    return {**roll_setup(s, p, "early_end", st.early_end_dice),
            "lines": [f"{st.early_end_dice} dice: 1 sailor to Lost and Forgotten per blank"]}


def dig_dice(s: PvdState, p: int) -> dict[str, Any]:
    st = catalog().setup
    return {**roll_setup(s, p, "dig", st.dig_dice),
            "lines": [f"{st.dig_dice} dice: 1 token from the bag per success (skulls and sabers)"]}


# ---------------------------------------------------------------------------------------------
# resolving what was rolled (each mutates the table state like the engine does)


def _run_handler(ctx: Ctx, frame: Frame, roll: RollResult | None = None) -> list[Frame]:
    """Run one frame handler of the engine on a frame, then take off whatever it left: the frames
    it pushed (a new search to choose, a Landmark to look at) are returned for the caller to read."""
    s = ctx.state
    depth = len(s.stack)
    ctx.push(frame)
    if roll is not None:
        ctx.hand(roll)
    HANDLERS[type(frame)](ctx, frame)
    left = s.stack[depth:]
    del s.stack[depth:]
    s.decision = None
    s.chance = None
    return left


def resolve_combat(ctx: Ctx, p: int, faces: list[str], strength: int, foe: str = "dinosaur",
                   sabers: bool | None = None, double: bool = False, plus: int = 0, max_loss: int | None = None,
                   to: str = "reserve") -> dict[str, Any]:
    """Combat (rule: Combat; What to Do If You Run Out of Sailors): successes against Strength;
    the difference is lost, after Emergency Crew Replenishments where needed."""
    s = ctx.state
    if sabers is None:
        sabers = roll_setup(s, p, "combat", 0, foe)["sabers"]
    r = count(list(faces), sabers, double, plus)
    pl = s.players[p]
    before, tokens = pl.crew, pl.tokens
    frame = Combat(p, strength, foe, None, to, max_loss, phase="res")
    left = _run_handler(ctx, frame, r)
    done = next(f for f in left if isinstance(f, Combat))
    pl = s.players[p]
    emergencies = pl.tokens - tokens
    lost = before + emergencies * catalog().setup.emergency_sailors - pl.crew
    return {"successes": r.succ, "strength": strength_of(s, frame), "won": done.result == "won", "lost": lost,
            "emergencies": emergencies, "crew": pl.crew}


def resolve_search(ctx: Ctx, p: int, faces: list[str], sabers: bool | None = None, double: bool = False,
                   plus: int = 0) -> dict[str, Any]:
    """Search (rule: Stage 2, 3) Search): successes + the automatic one, less the Giant's; the Time
    Marker moves that many hours toward 0. `complete`: the search is complete (look at a Landmark)."""
    s = ctx.state
    setup = roll_setup(s, p, "search", 0)
    r = count(list(faces), setup["sabers"] if sabers is None else sabers, double or setup["double"],
              plus + setup["plus"])
    before = s.players[p].time
    left = _run_handler(ctx, SearchRoll(p, rolled=True), r)
    after = s.players[p].time
    return {"successes": r.succ, "hours": before - after, "time": after,
            "complete": any(isinstance(f, Complete) for f in left)}


def resolve_early_end(ctx: Ctx, p: int, faces: list[str]) -> dict[str, Any]:
    """Early Termination of a Search: 1 sailor to Lost and Forgotten per blank; then a new search."""
    s = ctx.state
    r = count(list(faces), False, False, 0)
    before, lost_before = s.players[p].crew, s.lost
    _run_handler(ctx, EndSearch(p, rolled=True), r)
    return {"blanks": r.blank, "lost": s.lost - lost_before, "crew": s.players[p].crew,
            "emergencies": 0 if s.players[p].crew <= before else 1}


def resolve_attack(ctx: Ctx, a: int, d: int, faces_a: list[str], faces_d: list[str],
                   sabers_a: bool | None = None, sabers_d: bool | None = None,
                   double_a: bool = False, double_d: bool = False) -> dict[str, Any]:
    """Attack a Rival / Another Player: more successes wins and loses 1, the loser loses the
    difference, a draw costs both 1. `steal`: the winner takes 1 random treasure (Dig Site)."""
    s = ctx.state
    sa = count(list(faces_a), roll_setup(s, a, "combat", 0, "rival")["sabers"] if sabers_a is None else sabers_a,
               double_a, 0).succ
    sd = count(list(faces_d), roll_setup(s, d, "combat", 0, "rival")["sabers"] if sabers_d is None else sabers_d,
               double_d, 0)
    crew = (s.players[a].crew, s.players[d].crew)
    tokens = (s.players[a].tokens, s.players[d].tokens)
    depth = len(s.stack)
    start_attack(ctx, a, d)
    frame = s.stack.pop()
    del s.stack[depth:]
    left = _run_handler(ctx, replace(frame, phase="cmp", sa=sa), sd)
    done = next(f for f in left if isinstance(f, Attack))
    emergency = catalog().setup.emergency_sailors
    lost = []
    for i, q in enumerate((a, d)):
        extra = s.players[q].tokens - tokens[i]
        lost.append(crew[i] + extra * emergency - s.players[q].crew)
    return {"successes": (sa, sd.succ), "winner": None if done.winner < 0 else done.winner,
            "loser": None if done.loser < 0 else done.loser, "draw": sa == sd.succ, "lost": tuple(lost),
            "steal": done.phase == "steal"}


def resolve_dig(s: PvdState, p: int, faces: list[str]) -> int:
    """Dig Up Treasure: how many tokens to draw (1 per success; skulls and sabers succeed here)."""
    return count(list(faces), roll_setup(s, p, "dig", 0)["sabers"], False, 0).succ


def take_curse(ctx: Ctx, p: int) -> int:
    """A Ghost: the next Curse token (the engine's numbering); its curse's effect is for the table
    to play out. Returns the curse number: with no token left, the last curse again (ruling
    curses-exhausted)."""
    s = ctx.state
    before = s.curse_stack
    _run_handler(ctx, Curse(p, phase="take"))
    return catalog().curse_tokens - before + 1 if s.curse_stack < before else catalog().curse_tokens


def volcano(ctx: Ctx, p: int) -> int | None:
    """A Volcano token covers the lowest free mark; mark 6 sinks the island. Returns the mark."""
    s = ctx.state
    if s.volcano >= len(catalog().marks):
        return None
    tok = next(t for t, tk in catalog().tokens.items() if tk.kind == "volcano")
    s.held += (tok,)
    depth = len(s.stack)
    op_erupt(ctx, Ops(("mark", 0, 0), p), None, 0)
    del s.stack[depth:]
    mark = catalog().marks[s.volcano - 1]
    if any(op.op == "sink_island" for op in mark.effects):
        sink(ctx)
    return s.volcano


def return_to_ship(ctx: Ctx, p: int, put_back_values: list[int]) -> None:
    """Return to the Ship: the treasures the sailors cannot carry (`put_back`, chosen by the
    player) go back into the bag; the captain moves to the Harbor."""
    s = ctx.state
    pl = s.players[p]
    must = max(0, len(pl.treasures) - carry_capacity(s, p))
    if len(put_back_values) != must:
        raise ValueError(f"{pl.crew} sailors carry {carry_capacity(s, p)} treasure(s): put back exactly {must}")
    left = list(pl.treasures)
    for v in put_back_values:
        if v not in left:
            raise ValueError(f"{pl.name} has no treasure of ${v:,}")
        left.remove(v)
    for v in put_back_values:
        put_back(ctx, p, v)
    _run_handler(ctx, ReturnToShip(p))


# ---------------------------------------------------------------------------------------------
# Stage 1 and the end


def final_scores(s: PvdState, over: bool = True) -> dict[str, Any]:
    """End of the Game: each captain back on the ship discards one unique treasure per Crew
    Replenishment token (the cheapest first); the engine's `dig.result` decides the winners."""
    was = s.over
    s.over = over
    try:
        res = result(s)
    finally:
        s.over = was
    rows = []
    for p, pl in enumerate(s.players):
        value, dropped = final_value(list(pl.treasures), pl.tokens)
        rows.append({"seat": p, "name": pl.name, "on_ship": pl.stage == SHIP, "sunk": pl.sunk,
                     "treasures": sorted(pl.treasures), "tokens": pl.tokens, "discarded": dropped,
                     "value": value if pl.stage == SHIP else 0, "crew": pl.crew})
    return {"rows": rows, "winners": res["winners"], "sunk": res["sunk"]}


def stage_name(stage: int) -> str:
    return {1: "Preparing to land", EXPEDITION: "Expedition", DIG: "Dig Site", SHIP: "Back on the ship"}.get(stage, "?")


__all__ = ["roll_setup", "combat_dice", "search_dice", "early_end_dice", "dig_dice", "successes", "resolve_combat",
           "resolve_search", "resolve_early_end", "resolve_attack", "resolve_dig", "take_curse", "volcano",
           "carry_capacity", "return_to_ship", "outfit_cost", "outfit_crew", "outfit_problem", "final_scores", "optional_dice",
           "modifier_lines"]
