"""Explicit chance, as OpenSpiel does it: each random event is a declared step, answered by a source.

A step says what may happen (dice with their faces, a draw from a multiset); a source gives
the outcome: `Digital` samples with a seed, `Table` asks the people at a real table, `Scripted`
replays rigged outcomes in tests. The session records every outcome, so replays need no seed.
"""
from __future__ import annotations

import hashlib
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
    #: an outcome some seats must not learn from the record (see Session: sealed entries)
    secret: bool = False
    kind: str = field(default="roll", init=False)

    def __post_init__(self) -> None:
        # dice that all have the same faces (nearly every roll): those faces as a set, for check
        same = self.dice and type(self.dice[0]) is tuple and all(faces == self.dice[0] for faces in self.dice)
        object.__setattr__(self, "_faceset", frozenset(self.dice[0]) if same else None)

    def sample(self, rng: random.Random) -> list[str]:
        return [faces[rng.randrange(len(faces))] for faces in self.dice]

    def check(self, outcome: Any) -> list[str]:
        if type(outcome) is list and len(outcome) == len(self.dice):  # the usual case: face ids
            faceset = self._faceset  # type: ignore[attr-defined]
            if faceset is not None:
                try:  # every entry equal to a face (only a str equals a str)
                    if faceset.issuperset(outcome):
                        return outcome[:]
                except TypeError:  # an unhashable entry: the loop below names it
                    pass
            for face, faces in zip(outcome, self.dice):
                if type(face) is not str or face not in faces:
                    break
            else:
                return outcome[:]
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
    #: an outcome some seats must not learn from the record (see Session: sealed entries)
    secret: bool = False
    kind: str = field(default="draw", init=False)

    def sample(self, rng: random.Random) -> list[str]:
        return rng.sample(sorted(self.population), self.n)

    def check(self, outcome: Any) -> list[str]:
        if self.n == 1 and type(outcome) is list and len(outcome) == 1 and type(outcome[0]) is str \
                and outcome[0] in self.population:  # the usual case: one card drawn
            return outcome[:]
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
    """Seeded digital dice and draws: outcome i depends only on (seed, i), so reloads stay stable.

    Outcome i is read from the bytes of BLAKE2b(seed, i) (more blocks (seed, i, k) if it needs
    more), each byte or group of bytes taken uniformly by rejection: no generator state, and a
    hash per outcome instead of a freshly seeded Mersenne Twister."""

    automatic = True
    #: outcome i can be derived again from the seed (a save may leave a secret outcome out)
    replayable = True

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self._base = hashlib.blake2b(f"companion-dice:{seed}:".encode("utf-8"), digest_size=64)

    def _block(self, index: int, k: int) -> bytes:
        h = self._base.copy()
        h.update(b"%d:%d" % (index, k))
        return h.digest()

    def outcome(self, step: ChanceStep, index: int) -> list[str]:
        if step.kind == "roll":
            dice = step.dice  # type: ignore[union-attr]
            n = len(dice)
            if step._faceset is not None and n <= 64:  # type: ignore[union-attr]
                # dice alike: each byte read through a table (face, or None for a rejected byte),
                # the same outcome as the loop of _roll
                table = _TABLES.get(dice[0])
                if table is None:
                    table = _table(dice[0])
                faces = [table[b] for b in self._block(index, 0)[:n]]
                if None not in faces:
                    return faces
            return self._roll(dice, index)
        if step.n == 1 and len(step.population) <= 256:  # type: ignore[union-attr]
            return self._roll((tuple(sorted(step.population)),), index)  # type: ignore[union-attr]
        return step.sample(_Uniform(self, index))  # type: ignore[arg-type]

    def _roll(self, dice: tuple[tuple[str, ...], ...], index: int) -> list[str]:
        """One face per die, each from the next byte below the largest multiple of its face count."""
        block = self._block(index, 0)
        k = pos = 0
        out = []
        for faces in dice:
            m = len(faces)
            if m > 256:
                return Roll(dice).sample(_Uniform(self, index))  # type: ignore[arg-type]
            limit = 256 - 256 % m
            while True:
                if pos == 64:
                    k += 1
                    block, pos = self._block(index, k), 0
                b = block[pos]
                pos += 1
                if b < limit:
                    out.append(faces[b % m])
                    break
        return out


#: faces -> for each byte value the face Digital reads from it (None: the byte is rejected)
_TABLES: dict[tuple[str, ...], tuple[str | None, ...]] = {}


def _table(faces: tuple[str, ...]) -> tuple[str | None, ...]:
    m = len(faces)
    limit = 256 - 256 % m
    table = tuple(faces[b % m] if b < limit else None for b in range(256))
    if len(_TABLES) < 256:
        _TABLES[faces] = table
    return table


class _Uniform:
    """The `randrange`/`sample` part of random.Random over Digital's hash blocks (one outcome)."""

    def __init__(self, source: Digital, index: int):
        self.source, self.index = source, index
        self.k, self.pos = 0, 0
        self.block = source._block(index, 0)

    def _byte(self) -> int:
        if self.pos == len(self.block):
            self.k += 1
            self.block, self.pos = self.source._block(self.index, self.k), 0
        b = self.block[self.pos]
        self.pos += 1
        return b

    def randrange(self, m: int) -> int:
        if m <= 1:
            return 0
        nbytes = ((m - 1).bit_length() + 7) // 8
        span = 1 << (8 * nbytes)
        limit = span - span % m
        while True:
            v = 0
            for _ in range(nbytes):
                v = (v << 8) | self._byte()
            if v < limit:
                return v % m

    def sample(self, population: list[str], n: int) -> list[str]:
        pool = list(population)
        out = []
        for i in range(n):  # a partial Fisher-Yates shuffle
            j = i + self.randrange(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
            out.append(pool[i])
        return out


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
