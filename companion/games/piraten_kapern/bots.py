"""A simple, readable Kapern bot for empty seats: keeps sets, coins and diamonds, stops on two
skulls or a good score. It sees only its view and the legal actions, like every bot."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.engine import Action

from .actions import Chest, Pick, Reroll, Stop


class KapernBot:
    name = "heuristic"

    def __init__(self, seed: int | str = 0, stop_at: int = 500):
        self.rng = random.Random(seed)
        self.stop_at = stop_at

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        seat = view["to_move"]
        wanted = self._plan(view)
        for action in self._steps(view, wanted, seat):
            if action in legal:
                return action
        return next((a for a in legal if isinstance(a, Stop)), legal[0])

    def _plan(self, view: dict[str, Any]) -> tuple[set[int], set[int]] | None:
        """(dice to re-roll, dice to keep on the chest), or None to stop."""
        dice = view["dice"]
        free = [d for d in dice if d["face"] != "skull" and not d["chest"]]
        card = view["card"] or {"kind": ""}
        kind = card["kind"]
        if view["island"]:
            reroll = {d["die"] for d in free}
            return (reroll, set()) if len(reroll) >= 2 else None
        if view["doomed"]:
            skull = next(d["die"] for d in dice if d["face"] == "skull")
            return {skull}, set()
        faces = Counter(d["face"] for d in dice)
        merged = Counter(faces)
        if kind == "same_kind":
            merged["monkey"] += merged.pop("parrot", 0)
        if kind == "extra_face":
            merged[_extra_face(card)] += 1
        skulls = view["skulls"]
        points = (view["preview"] or {}).get("points", 0)

        def useful(face: str) -> bool:
            if kind == "storm":
                return face in ("coin", "diamond")
            if kind == "peace" and face == "saber":
                return False
            if kind == "sea_battle" and face == "saber":
                return True
            key = "monkey" if kind == "same_kind" and face == "parrot" else face
            return face in ("coin", "diamond") or merged[key] >= 3

        reroll = {d["die"] for d in free if not useful(d["face"])}
        keep = {d["die"] for d in dice if d["face"] != "skull" and d["die"] not in reroll} if kind == "chest" else set()
        must_roll = (kind == "sea_battle" and points < 0) or (kind == "peace" and faces["saber"] > 0)
        if not must_roll and (skulls >= 2 or points >= self.stop_at):
            return None
        if len(reroll) < 2:
            if must_roll and len(free) >= 2:
                reroll = {d["die"] for d in free[:2]} | reroll
            else:
                return None
        return reroll, keep

    def _steps(self, view: dict[str, Any], wanted: tuple[set[int], set[int]] | None, seat: int) -> list[Action]:
        if wanted is None:
            return [Stop(seat)]
        reroll, keep = wanted
        out: list[Action] = []
        for d in view["dice"]:
            if d["picked"] and d["die"] not in reroll:
                out.append(Pick(seat, d["die"]))
        for d in view["dice"]:
            if d["chest"] and d["die"] not in keep:
                out.append(Chest(seat, d["die"]))
            if not d["chest"] and d["die"] in keep:
                out.append(Chest(seat, d["die"]))
        for d in view["dice"]:
            if not d["picked"] and d["die"] in reroll:
                out.append(Pick(seat, d["die"]))
        out.append(Reroll(seat))
        out.append(Stop(seat))
        return out


def _extra_face(card: dict[str, Any]) -> str:
    return "diamond" if card.get("id") == "diamond" else "coin"
