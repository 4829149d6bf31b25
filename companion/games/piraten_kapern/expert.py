"""The expert Kapern bot: plays the exactly solved policy of companion/odds/piraten_kapern.py.

Outside the last round it takes the choice with the highest expected turn score; in the last
round (someone reached the end score, this is the bot's final turn) it takes the choice with the
highest chance of scoring enough to pass the best opponent (target mode, T = their lead + 1).
On the Treasure Chest card every kept die goes on the chest before a re-roll (never worse; the
solver assumes it). On Skull Island it plays like the heuristic bot: its own score is 0 there
whatever it does, the re-rolls only cost the opponents. It sees only its view and the legal
actions, like every bot.
"""
from __future__ import annotations

from typing import Any

from companion.odds import piraten_kapern as solver

from .bots import KapernBot


def target_of(view: dict[str, Any]) -> int | None:
    """The turn score the bot needs in the last round to pass the best opponent, or None."""
    if not view.get("last_round"):
        return None
    me = view["to_move"]
    mine = next(p["score"] for p in view["players"] if p["seat"] == me)
    best = max(p["score"] for p in view["players"] if p["seat"] != me)
    return best - mine + 1


class ExpertBot(KapernBot):
    name = "expert"

    def __init__(self, seed: int | str = 0):
        super().__init__(seed)

    def _plan(self, view: dict[str, Any]) -> tuple[set[int], set[int]] | None:
        if view["island"] or view["phase"] != "decide" or not view["card"]:
            return super()._plan(view)
        dice = [d["face"] for d in view["dice"]]
        best = solver.best_choice(view["card"]["id"], dice, bool(view.get("sorceress_used")), target_of(view))
        if best is None or best == "stop":
            return None
        reroll = set(best)
        keep = ({d["die"] for d in view["dice"] if d["face"] != "skull" and d["die"] not in reroll}
                if view["card"]["kind"] == "chest" else set())
        return reroll, keep
