"""The 500-card deck both sides of the print benchmark draw: one data table (a title, a number and
a line of text per card). Standard library only, so that the protograf anchor script can read it
from protograf's own virtual environment."""
from __future__ import annotations

CARDS = 500


def table(n: int = CARDS) -> list[list[str]]:
    """The header row and one row per card."""
    return [["title", "number", "text"]] + [
        [f"Card {i + 1}", str(i % 9 + 1), f"Roll two dice. Each skull sinks {i % 7 + 1} enemy crew and the storm "
                                          f"moves {i % 3 + 1} spaces."] for i in range(n)]
