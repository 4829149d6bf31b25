"""Argument types of the benchmark scripts: a count or a time below what makes sense is refused by
argparse with one clear line and exit code 2, not met later as a traceback (a median of nothing,
a division by zero games)."""
from __future__ import annotations

import argparse
from collections.abc import Callable


def at_least(least: float, kind: type = int) -> Callable[[str], float]:
    """An argparse type: a whole number (or, with kind=float, any number) of at least `least`."""
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected {'a whole number' if kind is int else 'a number'}, got {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least:g}, got {text}")
        return value
    parse.__name__ = "whole number" if kind is int else "number"
    return parse
