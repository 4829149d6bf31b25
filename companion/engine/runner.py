"""The one loop that plays for the machine: bots in their seats and the passes taken automatically.

`companion play`, the app and `companion simulate` all advance a game through `Runner`:

- a **bot seat** decides with its bot (which sees only its own view and the legal actions);
- a **pass taken automatically** (`auto_action`): the game's `auto_pass(state)` hook names the only
  sensible answer to a reaction window (passing when nothing else is legal). It is taken for a
  person only when a single person plays: with several people at the screen every window is asked,
  so that whether a captain was asked never tells the others what that captain holds.

The runner stops where a person must decide, where the table must roll or draw (a chance step no
automatic source answers), and at the end. It drives anything with the small interface of a
`Session` (`game`, `players`, `state`, `act`); `Playout` is that interface without a log, undo or
snapshots, for simulation.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from .actions import Action
from .bots import Bot, bot_move
from .events import Event
from .pacing import fewer_collections


def auto_pass(game: Any, state: Any, humans: Iterable[int]) -> Action | None:
    """The auto-pass rule: the game's `auto_pass` for the person to move, when they play alone."""
    hook = getattr(game, "auto_pass", None)
    if hook is None:
        return None
    humans = set(humans)
    if len(humans) != 1 or game.is_over(state):
        return None
    seat = game.to_move(state)
    if seat is None or seat not in humans:
        return None
    return hook(state)


class Runner:
    """Advances a session through its bot seats and the passes taken automatically."""

    def __init__(self, session: Any, bots: dict[int, Bot]):
        self.session = session
        #: seat -> its bot (the caller's dict: a seat handed to a bot or back is seen at once)
        self.bots = bots

    @property
    def humans(self) -> frozenset[int]:
        """The seats people play."""
        return frozenset(range(len(self.session.players))) - set(self.bots)

    def auto_action(self) -> Action | None:
        """The pass taken for the person to move without asking (None: they decide themselves)."""
        return auto_pass(self.session.game, self.session.state, self.humans)

    def advance(self, max_steps: int = 100_000, stop: Callable[[], bool] | None = None) -> list[Event]:
        """Play bot seats and automatic passes until a person decides, the table rolls, or the game ends;
        the events of every step taken. RuntimeError if that takes more than `max_steps` steps.
        `stop`, asked after every step, ends the run early when it says so (the app pauses there for a
        person's tap: to see a turn of theirs that had nothing to decide, or the bots step by step)."""
        with fewer_collections():
            return self._advance(max_steps, stop)

    def _advance(self, max_steps: int, stop: Callable[[], bool] | None = None) -> list[Event]:
        session = self.session
        game = session.game
        is_over, to_move = game.is_over, game.to_move
        sample = getattr(game, "sample_action", None)
        bots, humans = self.bots, self.humans
        act = session.act
        events: list[Event] = []
        steps = 0
        while steps < max_steps:
            steps += 1
            state = session.state
            if is_over(state):
                return events
            seat = to_move(state)
            if seat is None:  # the table rolls or draws (Table source)
                return events
            if seat not in bots:  # a person's seat: go on only with a pass taken for them
                action = auto_pass(game, state, humans)
                if action is None:
                    return events
            else:
                move = bot_move(game, state, seat, bots, sample)
                if move is None:  # nothing to choose
                    return events
                action = move[0]
            got = act(action)
            if got:
                events += got
            if stop is not None and stop():
                return events
        raise RuntimeError(f"{game.name}: the game did not reach a person's decision or its end in {max_steps} steps")


class Playout:
    """A session for simulation only: one state changed in place (no copies, no log, no undo, no
    events kept), chance sampled from one seeded generator. Same rules, same bots, far less work."""

    def __init__(self, game: Any, players: list[str], options: dict[str, Any] | None = None,
                 seed: int | str = 0):
        self.game = game
        self.players = list(players)
        self.rng = random.Random(f"playout:{seed}")
        self.state = game.new_state(self.players, dict(options or {}))
        #: decisions taken (bots' and automatic ones)
        self.steps = 0
        self._settle()

    def view(self, player: int | None) -> dict[str, Any]:
        return self.game.view(self.state, player)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def act(self, action: Action) -> list[Event]:
        """Play an action on the one state in place (no events kept), then the chance it triggers."""
        self.game.play(self.state, action)
        self.steps += 1
        self._settle()
        return []

    def _settle(self) -> None:
        game, state, rng = self.game, self.state, self.rng
        while not game.is_over(state):
            step = game.chance_step(state)
            if step is None:
                return
            game.play_chance(state, step.sample(rng), step=step)


def play_out(session: Any, bots: dict[int, Bot], max_steps: int = 100_000) -> None:
    """Let bots act for their seats until the game ends or a person must decide."""
    Runner(session, bots).advance(max_steps)
