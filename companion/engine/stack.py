"""A typed decision stack: what a game is resolving, as immutable frames.

A game whose turn is a nest of things being resolved (a turn holds an Incident, which holds a
combat, which holds a roll with a window for cards) keeps them as a stack of frames. Each frame
kind is a frozen dataclass; a frame changes by being replaced (`Context.put`), never in place, so
states that share frames (a clone for undo) never see each other's changes.

A handler resolves the frame on top and returns what comes next:

- `None`: go on (it pushed, replaced or popped frames);
- `Ask(seat, kind, data)`: a seat must decide; the answer comes back as `Context.answer`;
- `Need(kind, n, src, label)`: a chance outcome (dice, a draw); it comes back as `Context.outcome`;
- `DONE`: the game is over.

Results pass between frames through the context, not through the state: a frame that finishes
pops itself with a value (`Context.pop(value)`) and the frame below takes it (`take_result`).
Events are collected in the context too, so every event raised while resolving reaches the caller.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .events import Event

S = TypeVar("S")
F = TypeVar("F", bound="Frame")


@dataclass(frozen=True)
class Frame:
    """Base of a game's frame kinds (each a frozen dataclass)."""


def replace(frame: F, **changes: Any) -> F:
    """`dataclasses.replace` for frames, several times faster: frames are plain records without
    validation in `__init__`, so the new version is their fields with the changes (the frame's
    `__dict__` joined with them, one new dict made its own: no empty dict filled field by field)."""
    new = _new(type(frame))
    _set(new, "__dict__", frame.__dict__ | changes)
    return new


_new, _set = object.__new__, object.__setattr__


@dataclass(frozen=True)
class Ask:
    """A decision: `seat` chooses; `kind` names the question, `data` what the seat is offered."""
    seat: int
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Need:
    """A chance step: `kind` "roll" (n dice) or "draw" (n items from the population `src`)."""
    kind: str
    n: int
    src: str = ""
    label: str = ""


@dataclass(frozen=True)
class Done:
    """The game is over."""


DONE = Done()
Stop = Ask | Need | Done
Next = Stop | None
_NOTHING: Any = object()


class Context(Generic[S]):
    """One pass of resolving: the state, its stack, what came in (an answer or a chance outcome),
    results handed between frames, and the events raised."""

    __slots__ = ("state", "stack", "events", "answer", "outcome", "_result")

    def __init__(self, state: S, stack: list[Frame], answer: Any = None, outcome: Any = None) -> None:
        self.state = state
        self.stack = stack
        self.events: list[Event] = []
        self.answer = answer
        self.outcome = outcome
        self._result: Any = _NOTHING

    # --- the stack ---------------------------------------------------------------------------
    @property
    def top(self) -> Frame:
        return self.stack[-1]

    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def put(self, frame: Frame) -> None:
        """Replace the frame on top (its new version)."""
        self.stack[-1] = frame

    def pop(self, result: Any = _NOTHING) -> Frame:
        """Take the top frame off; `result` is handed to the frame below (`take_result`)."""
        if result is not _NOTHING:
            self._result = result
        return self.stack.pop()

    def hand(self, result: Any) -> None:
        """Hand `result` to the frame on top, as a frame popped off it would."""
        self._result = result

    def nearest(self, kinds: type | tuple[type, ...]) -> Frame | None:
        """The frame of that kind nearest the top."""
        for f in reversed(self.stack):
            if isinstance(f, kinds):
                return f
        return None

    def update(self, old: Frame, new: Frame) -> None:
        """Replace a frame further down by its new version (found by identity)."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i] is old:
                self.stack[i] = new
                return
        raise ValueError(f"{type(old).__name__} is not on the stack")

    def cut(self, frame: Frame) -> list[Frame]:
        """Take off every frame above `frame` (a cancelled Incident): they are returned, top last."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i] is frame:
                above = self.stack[i + 1:]
                del self.stack[i + 1:]
                return above
        raise ValueError(f"{type(frame).__name__} is not on the stack")

    # --- what comes in -----------------------------------------------------------------------
    def take_result(self) -> Any:
        """The result the frame just popped handed down (once)."""
        got, self._result = self._result, _NOTHING
        if got is _NOTHING:
            raise RuntimeError("no result was handed down")
        return got

    def take_answer(self) -> Any:
        got, self.answer = self.answer, None
        return got

    def take_outcome(self) -> Any:
        got, self.outcome = self.outcome, None
        if got is None:
            raise RuntimeError("no chance outcome was given")
        return got

    # --- events ------------------------------------------------------------------------------
    def emit(self, text: str, kind: str = "log", to: tuple[int, ...] | None = None, **data: Any) -> None:
        self.events.append(Event(kind, text, data, to))


Handler = Callable[[Any, Any], Next]


def run(ctx: Context, handlers: Mapping[type, Handler], idle: Callable[[Any], Next],
        guard: int = 100_000) -> Stop:
    """Resolve the frame on top until a handler asks, needs chance or ends the game; `idle` is
    called when the stack is empty (a game starts the next turn there)."""
    stack = ctx.stack
    for _ in range(guard):
        if stack:
            f = stack[-1]
            got = handlers[type(f)](ctx, f)
        else:
            got = idle(ctx)
        if got is not None:
            return got
    raise RuntimeError("the decision stack does not progress")
