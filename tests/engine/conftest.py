"""A toy game (Pig, with a hidden 'secret' per player) that exercises the engine contract."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from companion.engine import Action, ActionCodec, Event, Game, IllegalAction, Roll, Sink
from companion.games import REGISTRY


@dataclass(frozen=True)
class RollDie(Action):
    type: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Hold(Action):
    type: ClassVar[str] = "hold"


@dataclass
class PigState:
    players: list[str]
    scores: list[int]
    secrets: list[str]
    turn: int = 0
    turn_total: int = 0
    rolling: bool = False
    target: int = 20
    history: list[int] = field(default_factory=list)


class Pig(Game[PigState]):
    id = "pig"
    name = "Pig"
    min_players, max_players = 2, 4
    state_type = PigState
    codec = ActionCodec(RollDie, Hold)

    def new_state(self, players: list[str], options: dict[str, Any]) -> PigState:
        self.check_players(players)
        target = options.get("target", 20)
        if not isinstance(target, int) or target < 1:
            raise ValueError(f"option target must be a whole number >= 1, got {target!r}")
        return PigState(list(players), [0] * len(players), [f"secret-{p}" for p in players], target=target)

    def to_move(self, s: PigState) -> int | None:
        return None if s.rolling or self.is_over(s) else s.turn

    def chance_step(self, s: PigState):
        return Roll((tuple("123456"),), label="die") if s.rolling else None

    def is_over(self, s: PigState) -> bool:
        return max(s.scores) >= s.target

    def legal_actions(self, s: PigState) -> list[Action]:
        p = self.to_move(s)
        if p is None:
            return []
        return [RollDie(p), Hold(p)] if s.turn_total else [RollDie(p)]

    def step(self, s: PigState, a: Action, out: Sink) -> None:
        if isinstance(a, Hold):
            if not s.turn_total:
                raise IllegalAction("Pig: hold", "roll at least once before holding")
            s.scores[a.player] += s.turn_total
            s.turn_total = 0
            s.turn = (s.turn + 1) % len(s.players)
            out.append(Event("hold", f"{s.players[a.player]} holds"))
            return
        s.rolling = True

    def resolve(self, s: PigState, outcome: list[str], out: Sink) -> None:
        s.rolling = False
        value = int(outcome[0])
        s.history.append(value)
        if value == 1:
            s.turn_total = 0
            s.turn = (s.turn + 1) % len(s.players)
        else:
            s.turn_total += value
        out.append(Event("roll", f"rolled {value}"))

    def view(self, s: PigState, player: int | None) -> dict[str, Any]:
        return {"scores": list(s.scores), "turn": s.turn, "turn_total": s.turn_total,
                "secret": s.secrets[player] if player is not None else None}

    def result(self, s: PigState) -> dict[str, Any]:
        best = max(s.scores)
        return {"scores": dict(zip(s.players, s.scores)),
                "winners": [p for p, v in zip(s.players, s.scores) if v == best]}


@pytest.fixture
def pig(monkeypatch) -> Pig:
    game = Pig()
    monkeypatch.setitem(REGISTRY, "pig", game)
    return game
