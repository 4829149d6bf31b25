"""The turn's score explained line by line, for the table assistant and digital play.

Only calls the rule functions of scoring.py and the engine's preview: the lines are the scoring
functions applied to one kind at a time, and the total is always the engine's own number.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from companion.content.models import say
from companion.engine.words import plural

from .scoring import SKULL, death_score, island_result, score_dice, skull_count


def breakdown(game: Any, s: Any) -> dict[str, Any] | None:
    """{"lines": [(label, points)], "points": own, "opponents": each opponent} for ending the turn now.

    None when no turn is being decided (a card or dice are still to come, or the game is over).
    """
    preview = game.preview(s)
    if preview is None:
        return None
    t = game.table
    card = game.rule(s)
    faces = list(s.dice)
    names = game.data.face_names
    lines: list[tuple[str, int]] = []
    if s.phase == "island":
        own, others = island_result(faces, card, t)
        if own:
            lines.append((f"Peace with {faces.count(card.face)} saber(s) showing", own))
        else:
            skulls = skull_count(faces, card)
            per = -others // skulls if skulls else 0
            lines.append((f"Skull Island: {skulls} skulls x {per} for every opponent", others))
        return {"lines": lines, "points": preview["points"], "opponents": preview["opponents"]}
    if game.doomed(s):
        chest = [faces[i] for i in s.chest]
        if card.kind == "chest" and chest:
            lines += _kind_lines(chest, t, card.groups, names)
            lines.append((f"{plural(len(chest), 'die')} on the Treasure Chest", death_score(faces, chest, card, t)))
        elif card.kind in ("sea_battle", "peace"):
            lines.append((f"{skull_count(faces, card)} skulls: {say(game.data.names[card.id])} lost",
                          death_score(faces, chest, card, t)))
        else:
            lines.append((f"{skull_count(faces, card)} skulls: the turn scores nothing", 0))
        return {"lines": lines, "points": preview["points"], "opponents": 0}
    kind = card.kind
    if kind == "sea_battle":
        sabers = faces.count(card.face)
        if sabers < card.count:
            lines.append((f"Sea Battle lost: {sabers} of {card.count} sabers", -card.bonus))
        else:
            lines += _kind_lines(faces, t, card.groups, names, forced=card.face)
            lines.append((f"Sea Battle won with {sabers} sabers", card.bonus))
    elif kind == "peace" and faces.count(card.face):
        sabers = faces.count(card.face)
        lines.append((f"Peace broken: {sabers} saber(s) x -{card.penalty}", -card.penalty * sabers))
    else:
        only = card.faces if kind == "storm" else ()
        extra = card.extra
        lines += _kind_lines(faces, t, card.groups, names, extra=extra, only=only)
        if extra:
            lines.append((f"({say(game.data.names[card.id])} card adds one {say(names[extra]).lower()})", 0))
        if card.factor != 1 and kind in ("multiply", "storm", "peace"):
            base = sum(p for _, p in lines)  # the factor multiplies every line above, full chest too
            lines.append((f"{say(game.data.names[card.id])}: x{card.factor}", (card.factor - 1) * base))
    return {"lines": lines, "points": preview["points"], "opponents": preview["opponents"]}


def _kind_lines(faces: list[str], t: Any, groups: Any, names: dict[str, dict[str, str]], extra: str = "",
                only: Any = (), forced: str = "") -> list[tuple[str, int]]:
    """One line per kind that scores, then the full-chest bonus (what `score_dice` adds on top)."""
    flat = dataclasses.replace(t, full_chest=0)
    lines: list[tuple[str, int]] = []
    for group in groups:
        points = score_dice(faces, flat, [group], extra=extra, only=only, forced=forced)
        if points:
            n = sum(faces.count(f) + (1 if f == extra else 0) for f in group if not only or f in only)
            label = " + ".join(say(names[f]).lower() for f in group)
            lines.append((f"{n} x {label}", points))
    total = score_dice(faces, t, groups, extra=extra, only=only, forced=forced)
    bonus = total - sum(p for _, p in lines)
    if bonus:
        lines.append((f"Full chest: all {t.dice} dice score", bonus))
    return lines


__all__ = ["breakdown", "SKULL"]
