"""The bottom of the Pirates vs. Dinosaurs rules: the resolving context, who an effect reaches,
the end of the game and its count (rule: End of the Game).

Layers, each importing only those below it (no cycle, no import inside a function):
`state`, `catalog`, `frames` -> `kernel` -> `abilities` -> `crew` -> the stage modules that push
frames (`dice`, `combat`, `interpreter`, `expedition`, `dig`, `setup`) -> `rules` (the Game
adapter, which hands each frame kind to its stage module's handler).
"""
from __future__ import annotations

from typing import Any

from companion.engine.events import NOWHERE, Event, Sink
from companion.engine.stack import DONE, Ask, Context, Done

from .frames import Ops
from .state import DIG, EXPEDITION, SHIP, PvdState


class Ctx(Context[PvdState]):
    """The resolving context of a step: the state, its stack, what came in, and the sink its
    events go to (the step's `out`: a list the engine keeps, or NOWHERE, where no event is built)."""

    __slots__ = ()

    def emit(self, text: str, kind: str = "log", to: tuple[int, ...] | None = None, **data: Any) -> None:
        events = self.events
        if events is not NOWHERE:
            events.append(Event(kind, text, data, to))


def context(s: PvdState, answer: Any = None, outcome: Any = None, out: Sink | None = None) -> Ctx:
    """A context resolving `s`; its events go to `out` (by default a list of its own, `ctx.events`)."""
    ctx = Ctx(s, s.stack, answer, outcome)
    if out is not None:
        ctx.events = out  # type: ignore[assignment]
    return ctx


def ask(seat: int, kind: str) -> Ask:
    """The question `kind` to `seat` with nothing offered beside the legal actions: one object per
    question (a window asks the same few at nearly every step; the answer reads, never changes it)."""
    got = _ASKS.get((seat, kind))
    if got is None:
        got = _ASKS[seat, kind] = Ask(seat, kind)
    return got


_ASKS: dict[tuple[int, str], Ask] = {}


def name(ctx: Ctx, p: int) -> str:
    return ctx.state.players[p].name


def who(s: PvdState, f: Ops, kind: str) -> list[int]:
    """The captains an op affects (self, target, each_in_area...); Pirate's Share cards only
    affect captains in Stage 2, volcano marks never hurt their drawer once back on the ship."""
    u = f.u
    players = s.players
    if kind == "self":
        if players[u].stage == SHIP and f.src.startswith("mark"):
            return []
        out = [u]
    elif kind == "target":
        out = [f.t] if f.t >= 0 else []
    elif kind in ("each_in_area", "each_other_in_area"):
        area = f.a or players[u].area
        out = [q for q, pl in enumerate(players) if pl.stage == EXPEDITION and pl.area == area]
        if kind == "each_other_in_area":
            out = [q for q in out if q != u]
    else:
        out = [q for q, pl in enumerate(players) if pl.stage in (EXPEDITION, DIG) and not pl.sunk]
        if kind == "each_other_on_island":
            out = [q for q in out if q != u]
    if f.ps:
        out = [q for q in out if players[q].stage == EXPEDITION]
    return out


# ---------------------------------------------------------------------------------------------
# the end


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


def placing(s: PvdState) -> dict[int, tuple[int, int]]:
    """What places each captain back on the ship: the value kept after the discards, then the
    crew, which breaks a tie (End of the Game); the seats in order."""
    return {p: (final_value(pl.treasures, pl.tokens)[0], pl.crew) for p, pl in enumerate(s.players)
            if pl.stage == SHIP}


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
            places = placing(s)
            best = max(places.values())
            winners = [names[p] for p in back if places[p] == best]
    return {"scores": {n: values.get(n, 0) for n in names}, "winners": winners, "sunk": s.sunk,
            "returned": [names[p] for p in back], "discarded": discarded,
            "crew": {pl.name: pl.crew for pl in s.players}, "turns": s.turns}


def history_view(s: PvdState) -> dict[str, Any]:
    """What the table's history keeps (companion/history): each round's crew and who is back on
    the ship (the treasure is the score at the end); whether the island sank."""
    n = len(s.players)
    return {"ending": "sunk" if s.sunk else "normal",
            "track": {"round": (s.turns + n - 1) // n, "values": {pl.name: pl.crew for pl in s.players},
                      "marks": {pl.name: "history.mark.back" for pl in s.players if pl.stage == SHIP},
                      "label": "history.track.crew", "fastest": "history.record.fastest_treasure"}}


def finish(ctx: Ctx) -> Done:
    """The game is over: nothing is being resolved any more."""
    s = ctx.state
    s.over = True
    del ctx.stack[:]
    s.decision = None
    s.chance = None
    ctx.emit("The game is over", "end", result=result(s))
    return DONE


def sink(ctx: Ctx) -> Done:
    """The volcano erupts: the island sinks with everyone still on it (rule: End of the Game)."""
    s = ctx.state
    s.sunk = True
    for p, pl in enumerate(s.players):
        if pl.stage != SHIP:
            s.players[p].sunk = True
    ctx.emit("The volcano erupts and the island sinks!", "sink")
    return finish(ctx)
