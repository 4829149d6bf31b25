"""What `companion simulate` tallies of a Piraten Kapern game (see companion/engine/simulation.py):
its length in turns (every player's turns together)."""
from __future__ import annotations

from typing import Any

from .rules import KapernState


def tally(s: KapernState) -> dict[str, Any]:
    return {"turns": sum(s.turns)}
