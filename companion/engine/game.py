"""The engine contract every game implements (see docs/ARCHITECTURE.md).

A game is a set of pure functions over a plain-data state. `Game.apply` works on a clone,
so a refused action (an `IllegalAction` naming the rule) never changes the caller's state.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from .actions import Action, ActionCodec
from .chance import ChanceStep
from .errors import IllegalAction
from .events import Event
from .state import clone, from_jsonable, to_jsonable

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
    #: True when `step` and `resolve` change only the state they are given (docs/ARCHITECTURE.md):
    #: the Session's bot loop and a load then step a copy of their own in place, through
    #: `step_quiet` and `resolve_quiet`, and the quiet forms of `apply` are those on a `successor`
    step_in_place: bool = False
    #: False when every seat's view is the table's (`view(s, seat)` shows nothing `view(s, None)`
    #: does not: Kapern's dice, Pirateology's face-up cards): a hot-seat device is then passed
    #: without a privacy screen, as there is nothing to hide
    hidden_information: bool = True

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

    # --- transitions -----------------------------------------------------------------------
    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        self.check_turn(state, action)
        new = self.successor(state)
        events = self.step(new, action)
        return new, events

    def check_turn(self, state: S, action: Action) -> None:
        """What `apply` refuses before the game's own `step` looks: the game is over, chance
        comes first, or it is not this seat's turn (IllegalAction)."""
        if self.is_over(state):
            raise IllegalAction.said("end of game", "refused.game_over")
        if self.chance_step(state) is not None:
            raise IllegalAction.said("chance", "refused.chance_first")
        if not self.may_act(state, action.player):
            raise IllegalAction.said("turn order", "refused.not_your_turn", seat=action.player)

    def apply_chance(self, state: S, outcome: Any) -> tuple[S, list[Event]]:
        outcome = self.checked_outcome(state, outcome)
        new = self.successor(state)
        events = self.resolve(new, outcome)
        return new, events

    def checked_outcome(self, state: S, outcome: Any) -> list[str]:
        """`outcome` as the pending chance step's check gives it back (a copy; IllegalAction when
        no step is pending, BadOutcome when it does not fit). One the game's `outcome_fits` takes
        as it is needs no step built."""
        if type(outcome) is list and self.outcome_fits(state, outcome):
            return outcome[:]
        step = self.chance_step(state)
        if step is None:
            raise IllegalAction.said("chance", "refused.no_chance")
        return step.check(outcome)

    def outcome_fits(self, state: S, outcome: list) -> bool:
        """Whether the pending step's check would take `outcome` (a list) as it is, told without
        building the step, for games whose steps cost more to build than this test (Pirateology:
        labels with the players' names). False: unknown, so the step is built and asked."""
        return False

    def successor(self, state: S) -> S:
        """The copy an action or a chance outcome is applied to (`apply`, `apply_chance`): a deep
        copy by default. A game whose `step` and `resolve` replace what they change rather than
        change it in place may hand back a cheaper copy that shares the rest (Kapern and
        Pirateology: their state's `successor()`), so that a session's states share what a step
        left alone."""
        return clone(state)

    def apply_quiet(self, state: S, action: Action) -> S:
        """`apply` without the events, for sessions that keep no game log (simulations and loads):
        `step_quiet` on a `successor` for a game with `step_in_place`; else `apply`, and a game may
        override it to skip building them. Must give the same state as `apply`."""
        if self.step_in_place:
            new = self.successor(state)
            self.step_quiet(new, action)
            return new
        return self.apply(state, action)[0]

    def apply_chance_quiet(self, state: S, outcome: Any) -> S:
        """`apply_chance` without the events (see apply_quiet): `resolve_quiet` on a `successor`
        for a game with `step_in_place`."""
        if self.step_in_place:
            outcome = self.checked_outcome(state, outcome)
            new = self.successor(state)
            self.resolve_quiet(new, outcome)
            return new
        return self.apply_chance(state, outcome)[0]

    def step_quiet(self, state: S, action: Action) -> None:
        """`step` without the events, in place, for a `Playout` (simulations keep no events) and,
        for a game with `step_in_place`, the Session's bot loop and a load (the game's own copy):
        a game may override it to skip building them. Must change the state as `step` does, and
        refuse what `apply` refuses before it changes anything (here: `check_turn`, then `step`)."""
        self.check_turn(state, action)
        self.step(state, action)

    def resolve_quiet(self, state: S, outcome: list[str]) -> None:
        """`resolve` without the events (see step_quiet); its callers check the outcome first."""
        self.resolve(state, outcome)

    @abstractmethod
    def step(self, state: S, action: Action) -> list[Event]:
        """Apply `action` to `state` in place (the caller passes a clone); raise IllegalAction."""

    @abstractmethod
    def resolve(self, state: S, outcome: list[str]) -> list[Event]:
        """Apply a checked chance outcome to `state` in place (a clone)."""

    # --- what people see -------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What `player` may see (None: what a spectator or the table sees). JSON-ready."""

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
