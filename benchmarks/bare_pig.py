"""OpenSpiel's pig written as a companion Game with nothing but its arithmetic: the engine's floor.

Played through a Session the way `engine_speed.py` plays Kapern, it costs what the engine's path
costs a step (the runner, the engine's checks, the digital die and its check, the log entry, a
clone a snapshot) plus the little its rules do: what any game's step costs before its own rules.
The rules are OpenSpiel's pig (4 players, a six-sided die, 100 to win, at most 1,000 moves), each
hook as cheap as Python allows: a flat state, the actions made once, no events.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.engine import Action, ActionCodec, Game, Roll, Sink

WIN, HORIZON = 100, 1000


@dataclass(frozen=True)
class Turn(Action):
    """Roll again, or hold (bank the turn's total)."""
    type: ClassVar[str] = "turn"
    hold: bool = False


@dataclass
class PigState:
    players: list[str]
    scores: list[int]
    seat: int = 0
    total: int = 0
    rolling: bool = False
    moves: int = 0
    over: bool = False


DIE = Roll((tuple("123456"),), label="die")
ACTIONS = [[Turn(seat), Turn(seat, hold=True)] for seat in range(4)]


class BarePig(Game[PigState]):
    id = "bare-pig"
    name = "Pig"
    min_players, max_players = 2, 4
    state_type = PigState
    codec = ActionCodec(Turn)

    def new_state(self, players: list[str], options: dict[str, Any]) -> PigState:
        self.check_players(players)
        return PigState(list(players), [0] * len(players))

    def to_move(self, s: PigState) -> int | None:
        return None if s.rolling or s.over else s.seat

    def chance_step(self, s: PigState) -> Roll | None:
        return DIE if s.rolling else None

    def is_over(self, s: PigState) -> bool:
        return s.over

    def legal_actions(self, s: PigState) -> list[Action]:
        return [] if s.rolling or s.over else ACTIONS[s.seat]

    def step(self, s: PigState, a: Action, out: Sink) -> None:
        s.moves += 1
        if a.hold:  # type: ignore[attr-defined]
            scores = s.scores
            scores[s.seat] += s.total
            s.total, s.seat = 0, (s.seat + 1) % len(scores)
            s.over = scores[a.player] >= WIN or s.moves >= HORIZON
        else:
            s.rolling = True

    def resolve(self, s: PigState, outcome: list[str], out: Sink) -> None:
        s.moves += 1
        s.rolling = False
        if outcome[0] == "1":
            s.total, s.seat = 0, (s.seat + 1) % len(s.scores)
        else:
            s.total += int(outcome[0])
        s.over = s.moves >= HORIZON

    def view(self, s: PigState, player: int | None) -> dict[str, Any]:
        return {"scores": list(s.scores), "seat": s.seat, "total": s.total}

    def result(self, s: PigState) -> dict[str, Any]:
        best = max(s.scores)
        return {"scores": dict(zip(s.players, s.scores)),
                "winners": [p for p, v in zip(s.players, s.scores) if v == best]}


GAME = BarePig()
