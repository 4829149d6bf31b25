"""The range of every whole number an odds question takes, declared once beside its option.

A number typed at the command line (or passed by a caller) is work the odds must do: a crew of
2,000 sailors is 1,000 dice and an overflow, a crew of 100,000,000 a computation that never ends.
Each `Bound` says what the game can hold (a game's sailors, its Time Track, the turns a person can
read ahead) and refuses anything outside it with a sentence naming the bound. The same object is
the option's argparse `type` (`bound.parse`: a usage error, exit code 2) and the odds function's
own check (`bound.check`: the module's OddsError), so the range is written once.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

Limit = int | Callable[[], int]


@dataclass(frozen=True)
class Bound:
    """A whole number from `low` to `high` (either may be worked out from the game's content when
    it is asked, so the content is read only by a command that needs it). `unit` names what is
    counted ("sailors"), `why` says where the bound comes from ("the game has 85 sailors")."""

    option: str
    low: Limit
    high: Limit
    unit: str = ""
    why: str = ""
    error: type[Exception] = ValueError

    def limits(self) -> tuple[int, int]:
        lo = self.low() if callable(self.low) else self.low
        hi = self.high() if callable(self.high) else self.high
        return lo, hi

    def problem(self, value: int) -> str | None:
        """Why `value` is out of range (None: within it)."""
        lo, hi = self.limits()
        if lo <= value <= hi:
            return None
        unit = f" {self.unit}" if self.unit else ""
        why = f" ({self.why.format(low=lo, high=hi)})" if self.why else ""
        return f"{self.option}: {lo:,} to {hi:,}{unit}{why}, not {value:,}"

    def check(self, value: int) -> int:
        """`value` if it is within the bound, else the odds module's error naming the bound."""
        why = self.problem(value)
        if why:
            raise self.error(why)
        return value

    def parse(self, text: str) -> int:
        """argparse's `type`: a whole number within the bound, else a usage error (exit code 2)."""
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        why = self.problem(value)
        if why:
            raise argparse.ArgumentTypeError(why.split(": ", 1)[1])
        return value
