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

    def __init__(self, rule: str, reason: str | None = None, key: str | None = None,
                 fields: dict[str, Any] | None = None):
        super().__init__(rule)
        self.rule = rule
        self._reason = reason
        self.key = key
        self.fields = fields or {}

    @property
    def reason(self) -> str:
        """The English words of the refusal, worded when first asked for: a legal-action listing
        asks the same checks as a step and drops most refusals unread."""
        if self._reason is None:
            self._reason = words_for(DEFAULT_LANG)(self.key, **self.fields) if self.key else self.rule
        return self._reason

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"

    @classmethod
    def said(cls, rule: str, key: str, /, **fields: Any) -> "IllegalAction":
        """The refusal worded by the catalogue at `key` ("refused.game_over"), with its fields."""
        return cls(rule, None, key, fields)

    def say(self, words: Words) -> str:
        """The refusal in the words of a language (its English reason when it has no key)."""
        return words(self.key, **self.fields) if self.key else self.reason


class BadOutcome(IllegalAction):
    """A chance outcome that does not fit the pending chance step (e.g. a die face that does not exist)."""


class SaveError(Exception):
    """A save or replay file that cannot be read: names the file and what is wrong."""
