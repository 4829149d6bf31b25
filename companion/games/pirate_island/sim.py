"""What `companion simulate` tallies of a Pirate Island game (see companion/engine/simulation.py):
its length in turns, the harbour each seat entered first, and whether the round limit ended it."""
from __future__ import annotations

from typing import Any

from .rules import IslandState


def tally(s: IslandState) -> dict[str, Any]:
    n = len(s.players)
    turns = (s.round - 1) * n + ((s.seat - s.first) % n)
    return {"turns": turns, "flags": {"round_limit": s.ended == "round_limit"}}
