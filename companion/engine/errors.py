"""Errors the engine raises; each names the rule that refused the action."""
from __future__ import annotations

from typing import Any

from companion.words import DEFAULT_LANG, Words, words_for


class IllegalAction(Exception):
    """An action the rules refuse. The state it was tried on is left untouched.

    A refusal a player may read is made with `IllegalAction.said(rule, key, **fields)`: its
    words are the catalogue's (content/words/<lang>.yaml at `key`), its `reason` their English
    (the terminal, logs, replay errors), and a screen says it in its own language with
    `exc.say(words)`. A refusal made with a plain `reason` (a malformed action from a replay
    file or a hostile client) says that reason in every language."""

    def __init__(self, rule: str, reason: str, key: str | None = None, fields: dict[str, Any] | None = None):
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason
        self.key = key
        self.fields = fields or {}

    @classmethod
    def said(cls, rule: str, key: str, /, **fields: Any) -> "IllegalAction":
        """The refusal worded by the catalogue at `key` ("refused.game_over"), with its fields."""
        return cls(rule, words_for(DEFAULT_LANG)(key, **fields), key, fields)

    def say(self, words: Words) -> str:
        """The refusal in the words of a language (its English reason when it has no key)."""
        return words(self.key, **self.fields) if self.key else self.reason


class BadOutcome(IllegalAction):
    """A chance outcome that does not fit the pending chance step (e.g. a die face that does not exist)."""


class SaveError(Exception):
    """A save or replay file that cannot be read: names the file and what is wrong."""
