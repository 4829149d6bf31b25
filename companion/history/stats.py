"""What a history says about its players and games: statistics and records, from game records.

Plain arithmetic over `GameRecord`s, so the command line, the app and the tests ask the same
function. Scores are compared only within one game (Kapern points are not Pirateology coins):
best and average score are per game; games, wins and the longest winning streak are over all of
them, in the order the games ended."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from .model import GameRecord


@dataclass
class GameLine:
    """One person's figures in one game (by game id)."""

    games: int = 0
    wins: int = 0
    best: float | None = None
    total: float = 0.0
    scored: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float | None:
        return self.total / self.scored if self.scored else None


@dataclass
class PlayerStats:
    person: int | None
    name: str
    games: int = 0
    wins: int = 0
    longest_streak: int = 0
    by_game: dict[str, GameLine] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"person": self.person, "name": self.name, "games": self.games, "wins": self.wins,
                "win_rate": round(self.win_rate, 4), "longest_streak": self.longest_streak,
                "by_game": {g: {"games": v.games, "wins": v.wins, "win_rate": round(v.win_rate, 4), "best": v.best,
                                "average": None if v.average is None else round(v.average, 2)}
                            for g, v in sorted(self.by_game.items())}}


def player_stats(records: list[GameRecord]) -> list[PlayerStats]:
    """Every person's statistics, most wins first (then most games, then by name)."""
    out: dict[Any, PlayerStats] = {}
    streak: dict[Any, int] = defaultdict(int)
    for rec in sorted(records, key=lambda r: (r.ended, r.id or 0)):
        for s in rec.seats:
            key = s.person if s.person is not None else s.name.casefold()
            st = out.setdefault(key, PlayerStats(s.person, s.name))
            line = st.by_game.setdefault(rec.game, GameLine())
            st.games += 1
            line.games += 1
            if s.winner:
                st.wins += 1
                line.wins += 1
                streak[key] += 1
                st.longest_streak = max(st.longest_streak, streak[key])
            else:
                streak[key] = 0
            if s.score is not None:
                line.best = s.score if line.best is None else max(line.best, s.score)
                line.total += s.score
                line.scored += 1
    return sorted(out.values(), key=lambda p: (-p.wins, -p.games, p.name.casefold()))


@dataclass
class Record:
    """A record of one game: what (a word key), the value, who and in which recorded game."""

    what: str
    value: float
    name: str
    play: int | None
    round: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"what": self.what, "value": self.value, "name": self.name, "game": self.play, "round": self.round}


def game_records(records: list[GameRecord]) -> dict[str, list[Record]]:
    """Per game id: the highest score, the biggest gain in one round (when the game's track names
    it, e.g. Kapern's highest turn) and the fastest win (fewest rounds; e.g. the fastest treasure).
    Ties go to the earliest game."""
    out: dict[str, dict[str, Record]] = defaultdict(dict)
    for rec in sorted(records, key=lambda r: (r.ended, r.id or 0)):
        best = out[rec.game]
        for s in rec.seats:
            if s.score is not None and _beats(s.score, best.get("high")):
                best["high"] = Record("history.record.high_score", s.score, s.name, rec.id)
        gain = rec.track.get("gain")
        if gain:
            for prev, now in zip(rec.rounds, rec.rounds[1:]):
                for seat, (a, b) in enumerate(zip(prev.values, now.values)):
                    if a is not None and b is not None and b - a > 0 and _beats(b - a, best.get("gain")):
                        best["gain"] = Record(gain, b - a, rec.seats[seat].name, rec.id, now.round)
        if rec.rounds and any(s.winner for s in rec.seats):
            rounds = rec.rounds[-1].round
            now = best.get("fast")
            if now is None or rounds < now.value:
                who = " & ".join(s.name for s in rec.seats if s.winner)
                best["fast"] = Record(rec.track.get("fastest") or "history.record.fastest_win", rounds, who, rec.id)
    return {g: [r[k] for k in ("high", "gain", "fast") if k in r] for g, r in sorted(out.items())}


def _beats(value: float, record: Record | None) -> bool:
    return record is None or value > record.value
