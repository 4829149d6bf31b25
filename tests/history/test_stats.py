"""Statistics and records worked out by hand on a small history of five games (helpers.py):

    1 Kapern       Ann 6000 (won)  Ben 4000         rounds 0/0, 2000/1500, 6000/4000
    2 Kapern       Ann 3000        Ben 6500 (won)   no rounds
    3 Pirateology  Ann 12 (won)    Ben 5   Cas 7    rounds 0-5
    4 Kapern       Ann 7000 (won)  Cas 2000         rounds 0/0, 3000/1000, 7000/2000
    5 Pirateology  Ann 10 (won)    Cas 3            rounds 0-3
"""
from __future__ import annotations

import pytest

from companion.history import open_history
from companion.history.stats import game_records, player_stats

from tests.history.helpers import small_history


@pytest.fixture
def recs(tmp_path):
    with open_history(tmp_path / "h.sqlite3") as h:
        for r in small_history():
            h.add(r)
        yield h.games()


def test_players_games_wins_rates_and_streaks(recs) -> None:
    stats = {p.name: p for p in player_stats(recs)}
    assert [p.name for p in player_stats(recs)] == ["Ann", "Ben", "Cas"]  # most wins first
    ann, ben, cas = stats["Ann"], stats["Ben"], stats["Cas"]
    assert (ann.games, ann.wins, ann.win_rate) == (5, 4, 0.8)
    # won 1, lost 2, won 3, 4, 5: the longest streak is 3
    assert ann.longest_streak == 3
    assert (ben.games, ben.wins, ben.longest_streak) == (3, 1, 1)
    assert (cas.games, cas.wins, cas.longest_streak, cas.win_rate) == (3, 0, 0, 0.0)


def test_per_game_best_and_average_scores(recs) -> None:
    ann = next(p for p in player_stats(recs) if p.name == "Ann")
    k, p = ann.by_game["piraten-kapern"], ann.by_game["pirateology"]
    assert (k.games, k.wins, k.best) == (3, 2, 7000)
    assert k.average == pytest.approx((6000 + 3000 + 7000) / 3)
    assert k.win_rate == pytest.approx(2 / 3)
    assert (p.games, p.wins, p.best, p.average, p.win_rate) == (2, 2, 12, 11, 1.0)
    ben = next(p for p in player_stats(recs) if p.name == "Ben")
    assert (ben.by_game["piraten-kapern"].best, ben.by_game["piraten-kapern"].average) == (6500, 5250)
    assert ben.by_game["pirateology"].wins == 0


def test_records_per_game(recs) -> None:
    records = game_records(recs)
    kapern = {r.what: r for r in records["piraten-kapern"]}
    high = kapern["history.record.high_score"]
    assert (high.value, high.name) == (7000, "Ann")
    # the best turn: Ann's 2000 -> 6000 in game 1 and 3000 -> 7000 in game 4, both 4000: the earlier one
    turn = kapern["history.record.best_turn"]
    assert (turn.value, turn.name, turn.round) == (4000, "Ann", 2)
    assert turn.play == recs[-1].id  # game 1 (the list is newest first)
    fast = kapern["history.record.fastest_win"]
    assert (fast.value, fast.name) == (2, "Ann")
    pir = {r.what: r for r in records["pirateology"]}
    assert "history.record.best_turn" not in pir  # Pirateology's track names no gain worth a record
    assert (pir["history.record.fastest_win"].value, pir["history.record.high_score"].value) == (3, 12)


def test_filters_by_game_and_player(tmp_path) -> None:
    with open_history(tmp_path / "h.sqlite3") as h:
        for r in small_history():
            h.add(r)
        assert len(h.ids(game="pirateology")) == 2
        assert len(h.ids(player="cas")) == 3  # (a name finds its person whatever the letter case)
        assert len(h.ids(game="piraten-kapern", player="Ben")) == 2
        ann = player_stats(h.games(game="pirateology"))[0]
        assert (ann.name, ann.games, ann.wins) == ("Ann", 2, 2)
