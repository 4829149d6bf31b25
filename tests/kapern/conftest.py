"""Helpers for the Kapern rule tests: sessions with rigged (Scripted) dice and cards.

`start(card, first_roll, *more)` gives a session whose chance steps are answered in order by
the outcomes given; `act(session, entry)` applies an action dict or a shorthand
({reroll: [1, 2]}, {chest: [3]}, "stop").
"""
from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Scripted, Session, Table
from companion.engine.replay import to_actions
from companion.games.piraten_kapern.rules import GAME

PLAYERS = ["Ann", "Ben", "Cas"]


class Rig(Scripted):
    """Scripted outcomes that pause (like a Table source) when they run out, so a test can stop
    at the start of the next turn without scripting it."""

    @property  # type: ignore[override]
    def automatic(self) -> bool:
        return bool(self.outcomes)


def start(*outcomes: Any, players: list[str] | None = None, options: dict[str, Any] | None = None,
          scores: list[int] | None = None, seat: int = 0) -> Session:
    session = Session(GAME, list(players or PLAYERS), options or {}, source=Table())
    if scores is not None:
        session.state.scores[:] = scores
    if seat:
        session.state.seat = seat
        session.state.turns[:seat] = [1] * seat
    session.source = Rig(outcomes)
    session._settle()
    return session


def act(session: Session, entry: Any) -> list:
    """Apply an action entry as a replay file would: a dict, a name ("stop") or a shorthand."""
    events = []
    for item in to_actions(session, entry):
        events += session.act(item)
    return events


def scores(session: Session) -> list[int]:
    return list(session.state.scores)


@pytest.fixture
def game():
    return GAME


_SHORT = {"c": "coin", "d": "diamond", "m": "monkey", "p": "parrot", "s": "saber", "x": "skull"}


def F(code: str) -> list[str]:
    """Faces from letters: c coin, d diamond, m monkey, p parrot, s saber, x skull ("ccdmmpsx")."""
    return [_SHORT[ch] for ch in code.replace(" ", "")]
