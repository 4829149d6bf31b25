"""Seeded bot games that must end by their rules, not by a limit (issue 31 item 5): the bot tests
of every game play their seeds through `limited`, so "finished" means one thing everywhere."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.engine.simulation import Tally, play_game


def heads_up(bot: str) -> Callable[[int], list[str]]:
    """Two seats, the game's own bot against a random bot, taking the first seat every other game:
    the cheapest mix with the game's bot in it (a random bot decides in next to no time)."""
    return lambda seed: [bot, "random"] if seed % 2 == 0 else ["random", bot]


def limited(game: Any, kinds_of: Callable[[int], list[str]], seeds: Iterable[int], tally: Tally | None = None,
            ended: Callable[[dict[str, Any]], str] | None = None) -> list[tuple[int, str]]:
    """(seed, why) of each of these seeded games a limit ended: the step limit, a limit of the
    game's own (its tally's `stopped`), or an ending `ended` names as not the rules' (its result in,
    a reason out, "" when the rules ended it)."""
    out = []
    for seed in seeds:
        record = play_game(game, kinds_of(seed), seed, tally=tally)
        why = record.get("unfinished") or record.get("stopped") or (ended(record["result"]) if ended else "")
        if why:
            out.append((seed, why))
    return out
