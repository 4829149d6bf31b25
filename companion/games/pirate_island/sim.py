"""What `companion simulate` tallies of a Pirate Island game (see companion/engine/simulation.py):
its length in turns, the harbour each seat's ship lies in at the end (win rates by harbour: the
first to enter take the nearest), and whether the round limit ended it (a flag, and `stopped`:
the report lists such games by seed as unfinished)."""
from __future__ import annotations

from typing import Any

from .rules import IslandState


def tally(s: IslandState) -> dict[str, Any]:
    n = len(s.players)
    turns = (s.round - 1) * n + ((s.seat - s.first) % n)
    out: dict[str, Any] = {"turns": turns, "flags": {"round_limit": s.ended == "round_limit"},
                           "seats": [{"harbour": s.ships[c] or "at sea"} for c in s.colours]}
    if s.ended == "round_limit":
        out["stopped"] = f"the round limit of {s.options.get('round_limit')} rounds ended it, the treasure ashore"
    return out
