"""Explicit chance, as OpenSpiel does it: each random event is a declared step, answered by a source.

A step says what may happen (dice with their faces, a draw from a multiset); a source gives
the outcome: `Digital` samples with a seed, `Table` asks the people at a real table, `Scripted`
replays rigged outcomes in tests. The session records every outcome, so replays need no seed.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import BadOutcome


@dataclass(frozen=True)
class Roll:
    """Roll dice; `dice` holds the faces of each die in die order. Outcome: one face per die."""

    dice: tuple[tuple[str, ...], ...]
    label: str = "roll"
    kind: str = field(default="roll", init=False)

    def sample(self, rng: random.Random) -> list[str]:
        return [faces[rng.randrange(len(faces))] for faces in self.dice]

    def check(self, outcome: Any) -> list[str]:
        if isinstance(outcome, str) and len(self.dice) == 1:
            outcome = [outcome]
        if not isinstance(outcome, (list, tuple)) or len(outcome) != len(self.dice):
            raise BadOutcome("chance", f"{self.label}: expected {len(self.dice)} faces, got {outcome!r}")
        # a number typed for a die of numbered faces ("3" for 3) is that face
        outcome = [str(f) if isinstance(f, int) and not isinstance(f, bool) and str(f) in faces else f
                   for f, faces in zip(outcome, self.dice)]
        for i, (face, faces) in enumerate(zip(outcome, self.dice)):
            if face not in faces:
                raise BadOutcome("chance", f"{self.label}: die {i + 1} has no face {face!r}; faces: {', '.join(faces)}")
        return list(outcome)

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "dice": [list(d) for d in self.dice]}


@dataclass(frozen=True)
class Draw:
    """Draw `n` items without replacement from a multiset (a deck, a bag). Outcome: the items drawn."""

    population: tuple[str, ...]
    n: int = 1
    label: str = "draw"
    kind: str = field(default="draw", init=False)

    def sample(self, rng: random.Random) -> list[str]:
        return rng.sample(sorted(self.population), self.n)

    def check(self, outcome: Any) -> list[str]:
        if isinstance(outcome, str):
            outcome = [outcome]
        if not isinstance(outcome, (list, tuple)) or len(outcome) != self.n:
            raise BadOutcome("chance", f"{self.label}: expected {self.n} item(s), got {outcome!r}")
        left = Counter(self.population)
        for item in outcome:
            if left[item] <= 0:
                raise BadOutcome("chance", f"{self.label}: {item!r} is not left to draw")
            left[item] -= 1
        return list(outcome)

    def describe(self) -> dict[str, Any]:
        """What a person may know: how many of each item are left (not their order)."""
        return {"kind": self.kind, "label": self.label, "n": self.n, "left": dict(sorted(Counter(self.population).items()))}


ChanceStep = Roll | Draw


class ChanceSource(Protocol):
    """Answers chance steps. `index` counts the chance steps of the session so far."""

    def outcome(self, step: ChanceStep, index: int) -> list[str]: ...


class Digital:
    """Seeded digital dice and shuffles: outcome i depends only on (seed, i), so reloads stay stable."""

    automatic = True

    def __init__(self, seed: int | str = 0):
        self.seed = seed

    def outcome(self, step: ChanceStep, index: int) -> list[str]:
        return step.sample(random.Random(f"{self.seed}:{index}"))


class Scripted:
    """Rigged outcomes for tests and typed-in table results; runs dry loudly."""

    automatic = True

    def __init__(self, outcomes: Iterable[Any]):
        self.outcomes = list(outcomes)

    def outcome(self, step: ChanceStep, index: int) -> list[str]:
        if not self.outcomes:
            raise BadOutcome("chance", f"no scripted outcome left for {step.label}")
        return step.check(self.outcomes.pop(0))


class Table:
    """Outcomes come from the real table: the UI asks and passes the answer to `Session.resolve`."""

    automatic = False

    def __init__(self, ask: Callable[[ChanceStep], Any] | None = None):
        self.ask = ask

    def outcome(self, step: ChanceStep, index: int) -> list[str]:
        if self.ask is None:
            raise BadOutcome("chance", f"waiting for the table's result of {step.label}")
        return step.check(self.ask(step))
