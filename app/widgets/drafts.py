"""An entry being made on a table assistant before it is sent (dice faces tapped in one by one,
cards dealt): a list in the screen's `draft` (AssistantScreen starts a fresh one whenever the
game moves on), filled, emptied and confirmed by taps. No rule: `n` is what the chance step asks."""
from __future__ import annotations

from typing import Any


def add(screen: Any, item: str, n: int, key: str = "faces") -> None:
    """Put one more item in (no more than n)."""
    draft = screen.draft.setdefault(key, [])
    if len(draft) < n:
        draft.append(item)
    screen.app.render()


def remove(screen: Any, i: int, key: str = "faces") -> None:
    """Take the i-th item out again (a mistyped die)."""
    draft = screen.draft.setdefault(key, [])
    if i < len(draft):
        draft.pop(i)
    screen.app.render()


def clear(screen: Any, key: str = "faces") -> None:
    screen.draft[key] = []
    screen.app.render()


def confirm(screen: Any, n: int, key: str = "faces") -> None:
    """Send the entry as the chance step's outcome once it holds all n items."""
    items = list(screen.draft.get(key, []))
    if len(items) == n:
        screen.resolve(items)
