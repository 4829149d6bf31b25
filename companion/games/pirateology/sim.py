"""What `companion simulate` tallies of a Pirateology game (see companion/engine/simulation.py):
its length in turns, and whether the round_limit house rule ended it (a flag, and `stopped`: the
report lists such games by seed as unfinished, the rulebook's last pirate not yet found)."""
from __future__ import annotations

from typing import Any

from .rules import GAME, PirState


def tally(s: PirState) -> dict[str, Any]:
    by_rounds = s.phase == "over" and len(GAME.alive(s)) > 1
    out: dict[str, Any] = {"turns": sum(s.turns), "flags": {"round_limit": by_rounds}}
    if by_rounds:
        out["stopped"] = f"the round limit of {s.options.get('round_limit')} rounds ended it, more than one pirate left"
    return out
