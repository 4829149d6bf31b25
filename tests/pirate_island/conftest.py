"""Helpers for the Pirate Island rule tests: a table set up in a known position, rigged dice.

`table()` is a two-player game after setup: the chests on 11, 21, ... 61 (every sector rolled a
1), Ann to move with her red ship in harbour 1 and Ben's blue ship in harbour 6, every pirate
aboard. Tests then place pirates (`place`) and roll (`roll`) and act (`act`), each on a copy,
as the engine does. Fields are found on the authored map by what they are (`find`), so the
tests say what they need rather than naming coordinates.
"""
from __future__ import annotations

from typing import Any, Callable

import pytest

from companion.engine import IllegalAction
from companion.games.pirate_island.rules import GAME, IslandState

ISL = GAME.island
RED_HARBOUR, BLUE_HARBOUR = "harbour-1", "harbour-6"


def table(players: tuple[str, ...] = ("Ann", "Ben"), chests: tuple[int, ...] = (1, 1, 1, 1, 1, 1)) -> IslandState:
    s = GAME.new_state(list(players), {})
    s, _ = chance(s, [str(d) for d in chests])
    s, _ = chance(s, ["6"] + ["1"] * (len(players) - 1))  # Ann starts
    harbours = [RED_HARBOUR, BLUE_HARBOUR, "harbour-3", "harbour-8"]
    s.ships = {c: harbours[i] for i, c in enumerate(s.colours)}
    return s


def place(s: IslandState, pirate: str, where: str) -> IslandState:
    s.pirates = {**s.pirates, pirate: where}
    return s


def chance(s: IslandState, outcome: list[str]) -> tuple[IslandState, list]:
    """The pending chance step's `outcome` on a copy of `s` (the engine's play_chance on a clone):
    the state it leads to and its events."""
    new, events = GAME.clone(s), []
    GAME.play_chance(new, outcome, events)
    return new, events


def roll(s: IslandState, *dice: int | str) -> tuple[IslandState, list]:
    return chance(s, [str(d) for d in dice])


def act(s: IslandState, action: Any) -> tuple[IslandState, list]:
    return GAME.after(s, GAME.codec.decode(action) if isinstance(action, dict) else action)


def moving(s: IslandState, bp: int, seat: int = 0) -> IslandState:
    """The movement phase of `seat` with `bp` points."""
    s.seat, s.phase, s.bp, s.dice = seat, "move", bp, [1, bp - 1]
    return s


def find(test: Callable[[str], bool], avoid: tuple[str, ...] = ()) -> str:
    """The first field of the map (in map order) passing `test`."""
    for f in ISL.fields:
        if f not in avoid and test(f):
            return f
    raise LookupError("no such field on the map")


def kind(f: str) -> str:
    return ISL.kind[f]


def river(a: str, b: str) -> bool:
    return ISL.river_between(a, b)


def refused(s: IslandState, action: Any, rule: str) -> str:
    """The reason an action is refused; the rule it names must be `rule`."""
    with pytest.raises(IllegalAction) as err:
        act(s, action)
    assert err.value.rule == rule, err.value
    return err.value.reason


def texts(events: list) -> str:
    return " | ".join(e.text for e in events)
