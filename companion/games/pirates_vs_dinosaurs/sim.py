"""What `companion simulate` tallies of a Pirates vs. Dinosaurs game (see companion/engine/simulation.py):
each captain's First Mate, Relic, weapon and equipment, the game's turns, and whether the island sank."""
from __future__ import annotations

from typing import Any

from .state import PvdState


def tally(s: PvdState) -> dict[str, Any]:
    return {"turns": s.turns, "flags": {"sinks": bool(s.sunk)},
            "seats": [{"first_mate": pl.mate, "relic": pl.relic, "weapon": pl.weapon,
                       "equipment": list(pl.equipment)} for pl in s.players]}
