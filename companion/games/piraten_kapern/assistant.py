"""The turn's score explained line by line, for the table assistant and digital play.

Only calls the rule functions of scoring.py and the engine's preview: the lines are the scoring
functions applied to one kind at a time, and the total is always the engine's own number.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from companion.words import words_for

from .scoring import SKULL, death_score, island_result, score_dice, skull_count


#: the lines' words (content/words/<lang>.yaml, kapern.breakdown): the labels are said in English
#: here, and `said` gives (key, fields) for a screen in another language
EN = words_for("en")


def breakdown(game: Any, s: Any) -> dict[str, Any] | None:
    """{"lines": [(label, points)], "said": [(key, fields)] (one per line), "points": own,
    "opponents": each opponent} for ending the turn now. A field holding a name is the name in
    every language ({en, nl}).

    None when no turn is being decided (a card or dice are still to come, or the game is over).
    """
    out = _breakdown(game, s)
    if out is None:
        return None
    lines = out.pop("said")
    return {"lines": [(EN(key, **fields), pts) for key, fields, pts in lines], **out,
            "said": [(key, fields) for key, fields, _ in lines]}


def _breakdown(game: Any, s: Any) -> dict[str, Any] | None:
    preview = game.preview(s)
    if preview is None:
        return None
    t = game.table
    card = game.rule(s)
    faces = list(s.dice)
    names = game.data.face_names
    card_name = game.data.names.get(card.id, {})
    lines: list[tuple[str, dict[str, Any], int]] = []
    if s.phase == "island":
        own, others = island_result(faces, card, t)
        if own:
            lines.append(("kapern.breakdown.peace_island", {"n": faces.count(card.face)}, own))
        else:
            skulls = skull_count(faces, card)
            per = -others // skulls if skulls else 0
            lines.append(("kapern.breakdown.island", {"n": skulls, "per": per}, others))
        return {"said": lines, "points": preview["points"], "opponents": preview["opponents"]}
    if game.doomed(s):
        chest = [faces[i] for i in s.chest]
        if card.kind == "chest" and chest:
            lines += _kind_lines(chest, t, card.groups, names)
            lines.append(("kapern.breakdown.on_chest", {"n": len(chest)}, death_score(faces, chest, card, t)))
        elif card.kind in ("sea_battle", "peace"):
            lines.append(("kapern.breakdown.card_lost", {"n": skull_count(faces, card), "card": card_name},
                          death_score(faces, chest, card, t)))
        else:
            lines.append(("kapern.breakdown.nothing", {"n": skull_count(faces, card)}, 0))
        return {"said": lines, "points": preview["points"], "opponents": 0}
    kind = card.kind
    if kind == "sea_battle":
        sabers = faces.count(card.face)
        if sabers < card.count:
            lines.append(("kapern.breakdown.battle_lost", {"n": sabers, "need": card.count}, -card.bonus))
        else:
            lines += _kind_lines(faces, t, card.groups, names, forced=card.face)
            lines.append(("kapern.breakdown.battle_won", {"n": sabers}, card.bonus))
    elif kind == "peace" and faces.count(card.face):
        sabers = faces.count(card.face)
        lines.append(("kapern.breakdown.peace_broken", {"n": sabers, "penalty": card.penalty}, -card.penalty * sabers))
    else:
        only = card.faces if kind == "storm" else ()
        extra = card.extra
        lines += _kind_lines(faces, t, card.groups, names, extra=extra, only=only)
        if extra:
            lines.append(("kapern.breakdown.extra", {"card": card_name, "face": _lower(names[extra])}, 0))
        if card.factor != 1 and kind in ("multiply", "storm", "peace"):
            base = sum(p for *_, p in lines)  # the factor multiplies every line above, full chest too
            lines.append(("kapern.breakdown.factor", {"card": card_name, "factor": card.factor},
                          (card.factor - 1) * base))
    return {"said": lines, "points": preview["points"], "opponents": preview["opponents"]}


def _lower(name: dict[str, str]) -> dict[str, str]:
    return {lang: text.lower() for lang, text in name.items()}


def _kind_lines(faces: list[str], t: Any, groups: Any, names: dict[str, dict[str, str]], extra: str = "",
                only: Any = (), forced: str = "") -> list[tuple[str, dict[str, Any], int]]:
    """One line per kind that scores, then the full-chest bonus (what `score_dice` adds on top)."""
    flat = dataclasses.replace(t, full_chest=0)
    lines: list[tuple[str, dict[str, Any], int]] = []
    for group in groups:
        points = score_dice(faces, flat, [group], extra=extra, only=only, forced=forced)
        if points:
            n = sum(faces.count(f) + (1 if f == extra else 0) for f in group if not only or f in only)
            label = {lang: " + ".join(names[f].get(lang, names[f]["en"]).lower() for f in group)
                     for lang in names[group[0]]}
            lines.append(("kapern.breakdown.kind", {"n": n, "kind": label}, points))
    total = score_dice(faces, t, groups, extra=extra, only=only, forced=forced)
    bonus = total - sum(p for *_, p in lines)
    if bonus:
        lines.append(("kapern.breakdown.full_chest", {"n": t.dice}, bonus))
    return lines


def score_sheet(players: list[str], events: list[Any]) -> dict[str, Any]:
    """The paper score pad: one row a round, in each player's column the total after their own
    turn and what that turn gave (Skull Island's losses for the others show in their next totals).
    Read from the turn_end events a seat may see (each carries the scores after it)."""
    rounds: list[list[dict[str, Any] | None]] = []
    done = [0] * len(players)
    for e in events:
        if getattr(e, "type", None) != "turn_end":
            continue
        seat = e.data["seat"]
        if not 0 <= seat < len(players):
            continue
        while len(rounds) <= done[seat]:
            rounds.append([None] * len(players))
        rounds[done[seat]][seat] = {"points": e.data["points"], "opponents": e.data["opponents"],
                                    "how": e.data["how"], "total": e.data["scores"][seat]}
        done[seat] += 1
    return {"players": list(players), "rounds": rounds}


__all__ = ["breakdown", "score_sheet", "SKULL"]
