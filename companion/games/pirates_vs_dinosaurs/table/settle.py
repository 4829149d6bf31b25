"""The rules for a real table: the table is the chance source, and the people at it play their cards.

The table tracker (tracker.py) resolves each entry with the rules of digital play: it pushes the
frame the rules would push (a combat of a foe's Strength, a search roll, a dig, a Ghost's curse)
and `settle` runs the decision stack with the game's own handlers. Each chance step is answered
by the table: dice typed or tapped with the entry (`Feed.rolls`), and what is drawn later (a
token from the bag, a Dinosaur Attack from the deck, the treasure a curse takes) waits in the
state until the next entry says what came up. Windows for cards pass by themselves: cards are
played by hand at the table, and what they change comes in with the entry (extra dice, sabers
that count, doubled successes, added successes). Decisions the rules ask the table (the area of
a new search, which treasures go back) stay on the stack until an entry answers them.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Action, Event, IllegalAction
from companion.engine.stack import Ask, Done, Frame, Need, run

from ..catalog import SECTION
from ..frames import Roll
from ..kernel import Ctx, context
from ..rules import HANDLERS, WINDOW_KINDS
from ..state import PvdState

@dataclass(frozen=True)
class Dice:
    """One roll made at the table: its faces and what cards played by hand did to it."""
    faces: tuple[str, ...]
    sabers: bool = False
    double: bool = False
    plus: int = 0
    #: the number of dice must be the rules' (no card adds dice to this roll)
    exact: bool = False


@dataclass
class Feed:
    """What one entry brings: its rolls in the order the rules ask for them, answers to decisions."""
    rolls: list[Dice] = field(default_factory=list)
    answers: list[Action] = field(default_factory=list)
    draws: list[list[str]] = field(default_factory=list)


_IDLE = Ask(-1, "idle")


def _idle(ctx: Ctx) -> Ask:
    return _IDLE


@dataclass(frozen=True)
class Floor(Frame):
    """The floor of one thing resolved on its own (`resolve`): the frames under it wait, as under an
    empty stack."""


FLOOR = Floor()
#: the rules' handlers, and the floor's: the stack stops on it as on an empty one
_HANDLERS = {**HANDLERS, Floor: lambda ctx, f: _IDLE}


def settle(s: PvdState, feed: Feed | None = None, answer: Action | None = None) -> list[Event]:
    """Resolve the stack until it is empty or waits for the table (a draw, a roll not entered yet, a
    decision); what it waits for is kept in `s.chance` / `s.decision`. A pending chance step is
    answered first from the feed. Returns the events raised."""
    feed = feed or Feed()
    pending = s.chance
    s.decision = None
    s.chance = None
    ctx = context(s, answer=answer)
    stop: Any = None
    if pending is not None:
        stop = Need(pending["kind"], pending["n"], pending["src"], pending["label"])
    while True:
        if stop is None:
            stop = run(ctx, _HANDLERS, _idle)
        if stop is _IDLE or isinstance(stop, Done):
            return ctx.events
        if isinstance(stop, Ask):
            if stop.kind in WINDOW_KINDS:
                ctx.put(ctx.top.passed())  # cards are played by hand at the table
                stop = None
                continue
            if feed.answers:
                ctx.answer = feed.answers.pop(0)
                stop = None
                continue
            s.decision = {"seat": stop.seat, "kind": stop.kind, **stop.data}
            return ctx.events
        if stop.kind == "roll" and feed.rolls:
            ctx.outcome = list(_rolled(ctx, stop, feed.rolls.pop(0)))
            stop = None
            continue
        if stop.kind == "draw" and feed.draws:
            ctx.outcome = feed.draws.pop(0)
            stop = None
            continue
        s.chance = {"kind": stop.kind, "n": stop.n, "src": stop.src, "label": stop.label or stop.kind}
        return ctx.events


def resolve(s: PvdState, start: Callable[[Ctx], None], feed: Feed) -> tuple[PvdState, list[Event]]:
    """What one thing the rules push does with these rolls, on a copy of the table (the odds ask it
    once per outcome of a roll): `start(ctx)` pushes it (a combat, a search roll, an attack) above
    the frames being resolved now, whose loss prevention applies but which are not resumed; the
    stack runs with the feed until that thing is done or waits (a decision, a draw). Returns the
    copy after it and the events raised."""
    t = copy.deepcopy(s)
    t.chance = None
    t.decision = None
    t.stack.append(FLOOR)
    ctx = context(t)
    start(ctx)
    return t, ctx.events + settle(t, feed)


def _rolled(ctx: Ctx, need: Need, d: Dice) -> tuple[str, ...]:
    """The faces of a roll the table made, with what cards played by hand changed on the roll."""
    if d.exact and len(d.faces) != need.n:
        raise IllegalAction(SECTION["dice"], f"enter {need.n} dice, not {len(d.faces)}")
    roll = ctx.top
    if isinstance(roll, Roll):
        if d.sabers:
            roll = roll.modified("count_sabers", 0)
        if d.double:
            roll = roll.modified("double_successes", 0)
        if d.plus:
            roll = roll.modified("add_successes", d.plus)
        ctx.put(roll)
    return d.faces


def waiting(s: PvdState) -> dict[str, Any] | None:
    """What the table must enter next, if anything: a roll, a draw or a decision."""
    if s.chance is not None:
        return {"type": "chance", **s.chance}
    if s.decision is not None:
        return {"type": "decision", **s.decision}
    return None
