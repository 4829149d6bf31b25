"""One finished game as the history keeps it: what any game's result says, nothing of one game.

The same shape is written to the database, read back, exported and imported (validated here, so
a hand-edited or foreign export file gets a message naming the game and the field)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.errors import UserError

#: how a game ended (the games' result() says it as "ending"): word keys history.ending.<id>
ENDINGS = ("normal", "sunk", "last_standing", "round_limit")
#: where a game was played: the app's modes and the command line's
MODES = ("assistant", "hotseat", "devices", "terminal", "replay")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRecord(Strict):
    """One seat of a finished game: who sat there and how it went for them."""

    seat: int = Field(ge=0)
    name: str = Field(min_length=1, max_length=80)
    #: the person (across games) this seat was; filled from the database, ignored on import
    person: int | None = None
    colour: str | None = None
    #: "human", or "bot:<kind>" (the bot that played the seat)
    kind: str = "human"
    score: float | None = None
    place: int | None = Field(default=None, ge=1)
    winner: bool = False
    #: what else the game's result says per player (crew, turns, pirates left): {key: value}
    extras: dict[str, Any] = Field(default_factory=dict)


class RoundRecord(Strict):
    """The game's own track at the end of one round: a value per seat, and a mark per seat (a
    word key: the seat carried the treasure, was eliminated)."""

    round: int = Field(ge=0)
    values: list[float | None]
    marks: list[str | None] = Field(default_factory=list)


class GameRecord(Strict):
    """A finished game. `uid` is the game's fingerprint: the same game is never recorded twice."""

    uid: str = Field(min_length=8, max_length=128)
    #: the history database's number of the game (filled when read back, ignored on import)
    id: int | None = None
    game: str = Field(min_length=1, max_length=80)
    title: str = Field(min_length=1, max_length=200)
    mode: str
    options: dict[str, Any] = Field(default_factory=dict)
    started: float | None = None
    ended: float
    ending: str = "normal"
    seats: list[SeatRecord] = Field(min_length=1, max_length=12)
    rounds: list[RoundRecord] = Field(default_factory=list)
    #: what the track's values are (word key, e.g. history.track.score) and what a round's gain
    #: is called when it is worth a record (e.g. history.record.best_turn), from the game's result
    track: dict[str, str] = Field(default_factory=dict)

    def winners(self) -> list[str]:
        return [s.name for s in self.seats if s.winner]


def parse_game(data: Any, where: str) -> GameRecord:
    """A game record from data (an export file's entry); HistoryError names what is wrong."""
    try:
        rec = GameRecord.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "the entry"
        raise HistoryFileError(f"{where}: {field}: {first['msg']} ({exc.error_count()} problem"
                          f"{'s' if exc.error_count() != 1 else ''} in this game)") from None
    if rec.mode not in MODES:
        raise HistoryFileError(f"{where}: mode: {rec.mode!r} is not one of {', '.join(MODES)}")
    if rec.ending not in ENDINGS:
        raise HistoryFileError(f"{where}: ending: {rec.ending!r} is not one of {', '.join(ENDINGS)}")
    if sorted(s.seat for s in rec.seats) != list(range(len(rec.seats))):
        raise HistoryFileError(f"{where}: seats: the seats must be numbered 0 to {len(rec.seats) - 1}, once each")
    for r in rec.rounds:
        if len(r.values) != len(rec.seats) or (r.marks and len(r.marks) != len(rec.seats)):
            raise HistoryFileError(f"{where}: rounds: round {r.round} has {len(r.values)} values for "
                              f"{len(rec.seats)} seats")
    return rec


class HistoryError(UserError):
    """The history cannot do what was asked; the message says what and where."""


class HistoryFileError(HistoryError):
    """An export file (or the database) that is not what it should be."""
