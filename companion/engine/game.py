"""The engine contract every game implements (see docs/ARCHITECTURE.md, "The game contract").

A game's `step` and `resolve` change a plain-data state in place and write their events to a
sink (`out`): a list when somebody keeps the game log, `NOWHERE` when nobody does. That is the one
way a game moves forward, for play, bots, simulation, a load and the table assistant alike. The
engine owns the rest: it refuses what no game allows (the game is over, chance comes first, not
this seat's turn), checks a chance outcome against its step, and copies a state only where a copy
must outlive the steps after it (a session's snapshots, a preview, a bot's search: `clone`).
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from .actions import Action, ActionCodec
from .chance import ChanceStep
from .errors import IllegalAction
from .events import NOWHERE, Event, Sink
from .state import copy_plain, from_jsonable, to_jsonable

S = TypeVar("S")
_KINDS = {bool: "true or false", int: "a whole number", str: "text", float: "a number"}


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


class Game(ABC, Generic[S]):
    """Base of every game's rules. Subclasses set the class attributes and the abstract methods."""

    id: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 2
    state_type: type
    codec: ActionCodec
    #: False when every seat's view is the table's (`view(s, seat)` shows nothing `view(s, None)`
    #: does not: Kapern's dice, Pirateology's face-up cards): a hot-seat device is then passed
    #: without a privacy screen, as there is nothing to hide
    hidden_information: bool = True
    #: a bot's former name -> its name today (every game's bots are `random`, `heuristic`,
    #: `expert`): a save or a command that names a bot the old way still seats it
    old_bot_names: dict[str, str] = {}

    # --- setup -----------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, players: list[str], options: dict[str, Any]) -> S:
        """The state before the first chance step or action. Raises ValueError on bad options."""

    @property
    def option_defaults(self) -> dict[str, Any]:
        """The options a session may set, with their defaults: a game returns its game.yaml `options`."""
        return {}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Every option of the game, the given ones checked against `option_defaults` (the same name,
        the same kind of value as the default); ValueError says what is wrong and what there is."""
        defaults = self.option_defaults
        known = ", ".join(f"{k} (default {_show(v)})" for k, v in defaults.items()) or "none"
        unknown = sorted(set(options) - set(defaults))
        if unknown:
            raise ValueError(f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                             f"{self.name} options: {known}")
        out = dict(defaults)
        for key, value in options.items():
            default = defaults[key]
            if type(value) is not type(default):
                raise ValueError(f"option {key} must be {_KINDS.get(type(default), type(default).__name__)}, "
                                 f"got {_show(value)}")
            out[key] = value
        return out

    def check_players(self, players: list[str]) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"{self.name} takes {self.min_players}-{self.max_players} players, got {len(players)}")
        if len(set(players)) != len(players):
            raise ValueError("player names must differ")

    # --- whose move ------------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat that decides next; None while a chance step is pending or the game is over."""

    @abstractmethod
    def chance_step(self, state: S) -> ChanceStep | None:
        """The pending chance step, if the next thing to happen is random."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every action the seat to move may take (empty while chance is pending or at the end)."""

    def may_act(self, state: S, player: int) -> bool:
        """Whether `player` may act now; games with out-of-turn actions widen this."""
        return self.to_move(state) == player

    # --- the game's moves (in place) ----------------------------------------------------------
    @abstractmethod
    def step(self, state: S, action: Action, out: Sink) -> None:
        """Apply `action` to `state` in place, its events written to `out`; IllegalAction names the
        rule that refuses it. Called by `play`, which has refused what every game refuses."""

    @abstractmethod
    def resolve(self, state: S, outcome: list[str], out: Sink) -> None:
        """Apply a checked chance outcome to `state` in place, its events written to `out`."""

    # --- the engine's moves: the one path every caller takes -----------------------------------
    def play(self, state: S, action: Action, out: Sink = NOWHERE) -> None:
        """`action` played on `state` in place: refused (IllegalAction) when the game is over, chance
        comes first or it is not this seat's turn, else the game's `step`. A step the rules refuse
        may have changed part of `state`: a caller that must keep it plays on a `clone` (`after`)."""
        if self.is_over(state):
            raise IllegalAction.said("end of game", "refused.game_over")
        if self.chance_step(state) is not None:
            raise IllegalAction.said("chance", "refused.chance_first")
        if not self.may_act(state, action.player):
            raise IllegalAction.said("turn order", "refused.not_your_turn", seat=action.player)
        self.step(state, action, out)

    def play_chance(self, state: S, outcome: Any, out: Sink = NOWHERE, step: ChanceStep | None = None) -> list[str]:
        """The pending chance step's `outcome` resolved on `state` in place; returns the outcome as
        the step's check gives it back (IllegalAction when no step is pending, BadOutcome when it
        does not fit, both before anything changes). `step`: the pending step, when the caller
        has just asked `chance_step` for it (to draw the outcome)."""
        if step is None:
            step = self.chance_step(state)
        if step is None:
            raise IllegalAction.said("chance", "refused.no_chance")
        checked = step.check(outcome)
        self.resolve(state, checked, out)
        return checked

    def clone(self, state: S) -> S:
        """A copy that later steps of `state` cannot reach (snapshots, previews, a bot's search)."""
        return copy_plain(state)

    def determinise(self, state: S, seat: int, rng: random.Random) -> S:
        """A clone of `state` in which what `seat` cannot see is drawn anew from `rng` (other hands,
        face-down tokens, unlooked chests), consistent with its view: where a search bot starts each
        playout, so it never reads another seat's secret. The same view and the same `rng` give the
        same state whatever the secrets were. A game without hidden information has nothing to draw."""
        if self.hidden_information:
            raise NotImplementedError(f"{self.name} keeps secrets but does not say how to draw them anew")
        return self.clone(state)

    def after(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """`action` played on a clone of `state`: the state it leads to and its events (a preview,
        why a button is refused, a bot looking one move ahead). `state` is left as it was."""
        new = self.clone(state)
        events: list[Event] = []
        self.play(new, action, events)
        return new, events

    # --- what people see -------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What `player` may see (None: what a spectator or the table sees). JSON-ready, and sharing
        no list or dict with the state (the state changes in place after the view is taken)."""

    @abstractmethod
    def result(self, state: S) -> dict[str, Any]:
        """Scores and winners: {"scores": {...}, "winners": [...], ...}. JSON-ready."""

    def describe_action(self, state: S, action: Action) -> str:
        """A short label for menus and logs."""
        return action.type.replace("_", " ")

    # --- serialisation ---------------------------------------------------------------------
    def state_to_json(self, state: S) -> dict[str, Any]:
        """The state as data (a save's start position): plain dataclasses need nothing more; a
        state holding objects its type hints cannot rebuild says what they are here."""
        return to_jsonable(state)

    def state_from_json(self, data: dict[str, Any]) -> S:
        """A state from `state_to_json`'s data; KeyError, TypeError or ValueError if it is none."""
        return from_jsonable(self.state_type, data)
