"""Helpers for the Kapern rule tests: sessions with rigged (Scripted) dice and cards.

`start(card, first_roll, *more)` gives a session whose chance steps are answered in order by
the outcomes given; `act(session, entry)` applies an action dict or a shorthand
({reroll: [1, 2]}, {chest: [3]}, "stop").
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.engine import Scripted, Session

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
    """A game whose chance steps take `outcomes` in order. With `scores` or `seat` it starts from
    that position (the scores so far, the seat to play, the turns the seats before it had), which
    the session keeps as its start (`Session(start=...)`), so its log replays from it."""
    state = GAME.new_state(list(players or PLAYERS), options or {})
    if scores is not None:
        state.scores[:] = scores
    if seat:
        state.seat = seat
        state.turns[:seat] = [1] * seat
    return _made(Session(GAME, list(players or PLAYERS), options or {}, source=Rig(outcomes),
                         start=state if scores is not None or seat else None))


def position(session: Session, change: Callable[[Any], Any]) -> Session:
    """A session that starts where `session` is, changed by `change` (on a copy), with the outcomes
    its dice have left: a changed position is a start kept as data, never a live state edited."""
    state = GAME.clone(session.state)
    change(state)
    return _made(Session(GAME, list(session.players), dict(session.options), source=session.source, start=state))


#: the sessions the helpers made for the running test (checked to replay after it)
_MADE: list[Session] = []


def _made(session: Session) -> Session:
    _MADE.append(session)
    return session


@pytest.fixture(autouse=True)
def sessions_replay() -> Iterator[None]:
    """After each test, every session the helpers made loads again from its save data (its start
    and its log) to the state the test left it in: no position here is an edited live state."""
    _MADE.clear()
    yield
    for i, s in enumerate(_MADE):
        again = Session.from_json(json.loads(json.dumps(s.to_json())), GAME)
        assert GAME.state_to_json(again.state) == GAME.state_to_json(s.state), \
            f"session {i + 1} of {len(_MADE)} does not replay to the state the test left it in"
    _MADE.clear()


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
