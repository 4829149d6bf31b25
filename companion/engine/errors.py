"""Errors the engine raises; each names the rule that refused the action."""
from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse. The state it was tried on is left untouched."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason


class BadOutcome(IllegalAction):
    """A chance outcome that does not fit the pending chance step (e.g. a die face that does not exist)."""


class SaveError(Exception):
    """A save or replay file that cannot be read: names the file and what is wrong."""
