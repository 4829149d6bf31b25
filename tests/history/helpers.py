"""Small hand-made histories for the history tests (numbers chosen to be worked out by hand)."""
from __future__ import annotations

from companion.history import GameRecord, RoundRecord, SeatRecord


def game(uid: str, gid: str, ended: float, seats: list[tuple[str, float, bool]], rounds: list[list[float]] | None = None,
         track: dict[str, str] | None = None, mode: str = "hotseat") -> GameRecord:
    return GameRecord(uid=uid, game=gid, title=gid.replace("-", " ").title(), mode=mode, ended=ended,
                      seats=[SeatRecord(seat=i, name=n, score=s, winner=w) for i, (n, s, w) in enumerate(seats)],
                      rounds=[RoundRecord(round=i, values=v, marks=[None] * len(v)) for i, v in enumerate(rounds or [])],
                      track=track or {})


KAPERN = {"label": "history.track.score", "gain": "history.record.best_turn"}


def small_history() -> list[GameRecord]:
    """Five games, oldest first (tests/history/test_stats.py works out their figures by hand)."""
    return [
        game("game-0001", "piraten-kapern", 100, [("Ann", 6000, True), ("Ben", 4000, False)],
             [[0, 0], [2000, 1500], [6000, 4000]], KAPERN),
        game("game-0002", "piraten-kapern", 200, [("Ann", 3000, False), ("Ben", 6500, True)], None, KAPERN),
        game("game-0003", "pirateology", 300, [("Ann", 12, True), ("Ben", 5, False), ("Cas", 7, False)],
             [[7, 7, 7]] + [[8, 6, 7]] * 5),
        game("game-0004", "piraten-kapern", 400, [("Ann", 7000, True), ("Cas", 2000, False)],
             [[0, 0], [3000, 1000], [7000, 2000]], KAPERN),
        game("game-0005", "pirateology", 500, [("Ann", 10, True), ("Cas", 3, False)], [[7, 7], [8, 5], [9, 4], [10, 3]]),
    ]
