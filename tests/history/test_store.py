"""The history database: its schema, the migrations from every earlier version, people across
games, and what happens to a corrupt, foreign or newer file (docs/HISTORY.md)."""
from __future__ import annotations

import sqlite3

import pytest

from companion.history import HistoryError, open_history
from companion.history import store
from companion.history.store import APPLICATION_ID, MIGRATIONS, SCHEMA_V1, VERSION

from tests.history.helpers import game, small_history


def test_a_new_history_is_wal_with_foreign_keys_at_the_newest_version(tmp_path) -> None:
    with open_history(tmp_path / "h.sqlite3") as h:
        assert h.version == VERSION
        assert h.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert h.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert h.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert h.notice is None


def test_deleting_a_game_takes_its_seats_and_rounds_and_is_remembered(tmp_path) -> None:
    with open_history(tmp_path / "h.sqlite3") as h:
        first = small_history()[0]
        n = h.add(first)
        assert h.add(first) is None  # the same game twice: nothing added
        h.delete(n)
        assert h.db.execute("SELECT count(*) FROM seat").fetchone()[0] == 0
        assert h.db.execute("SELECT count(*) FROM round").fetchone()[0] == 0
        assert h.db.execute("SELECT count(*) FROM person").fetchone()[0] == 0
        assert h.add(first) is None  # deleted on purpose: not recorded again from a save...
        assert h.add(first, again=True) is not None  # ...unless asked (an import)
        with pytest.raises(sqlite3.IntegrityError):  # foreign keys are on
            h.db.execute("INSERT INTO seat VALUES (999, 0, 1, 'X', NULL, 'human', 1, 1, 0, '{}')")


def build_at(path, version: int) -> None:
    """A database as the companion of schema `version` left it, with one game and two people in it."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.executescript(SCHEMA_V1)
    for v in range(2, version + 1):
        db.executescript(MIGRATIONS[v])
    db.execute("INSERT INTO schema_version VALUES (?)", (version,))
    db.execute("INSERT INTO person (id, name) VALUES (1, 'Ann'), (2, 'Ben')")
    if version >= 2:
        db.execute("INSERT INTO alias VALUES ('Ann', 1), ('Ben', 2)")
    db.execute("INSERT INTO play (id, uid, game, title, mode, options, started, ended, ending, rounds) VALUES "
               "(1, 'old-game-1', 'piraten-kapern', 'Piraten Kapern', 'assistant', '{}', 10, 20, 'normal', 2)")
    db.execute("INSERT INTO seat VALUES (1, 0, 1, 'Ann', NULL, 'human', 6100, 1, 1, '{\"turns\": 9}'), "
               "(1, 1, 2, 'Ben', NULL, 'human', 5000, 2, 0, '{}')")
    db.execute("INSERT INTO round VALUES (1, 1, 0, 3000, NULL), (1, 1, 1, 2000, NULL), "
               "(1, 2, 0, 6100, NULL), (1, 2, 1, 5000, NULL)")
    db.close()


@pytest.mark.parametrize("version", range(1, VERSION))
def test_the_migrations_run_on_open_from_every_earlier_version(tmp_path, version) -> None:
    path = tmp_path / "h.sqlite3"
    build_at(path, version)
    with open_history(path) as h:
        assert h.version == VERSION and h.notice is None
        rec = h.game(1)
        assert [(s.name, s.score, s.winner, s.extras) for s in rec.seats] == [
            ("Ann", 6100, True, {"turns": 9}), ("Ben", 5000, False, {})]
        assert [r.values for r in rec.rounds] == [[3000, 2000], [6100, 5000]]
        assert rec.track == {}  # (version 3's column, its default for older games)
        # what the newer versions brought works on the old data: names find their people, a
        # deleted game is remembered, a new game of Ann's is Ann's
        assert h.find_person("ann") == 1
        h.add(game("new-game-1", "piraten-kapern", 30, [("Ann", 6000, True), ("Cas", 10, False)]))
        assert len(h.ids(player="Ann")) == 2
        h.delete(1)
        assert h.forgotten("old-game-1")
    with open_history(path) as h:  # opened again: nothing more to migrate
        assert h.version == VERSION


def test_a_history_of_a_newer_companion_is_refused_untouched(tmp_path) -> None:
    path = tmp_path / "h.sqlite3"
    build_at(path, VERSION)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE schema_version SET version = ?", (VERSION + 1,))
    db.close()
    with pytest.raises(HistoryError, match="newer companion"):
        open_history(path)
    assert [p.name for p in tmp_path.iterdir() if "broken" in p.name] == []  # not moved aside
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == VERSION + 1
    assert db.execute("SELECT count(*) FROM seat").fetchone()[0] == 2
    db.close()


@pytest.mark.parametrize("content", [b"this is not a database at all " * 200, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_corrupt_file_is_kept_aside_and_a_new_history_started(tmp_path, content) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(content)
    with open_history(path) as h:
        assert h.notice is not None and "was kept as history.sqlite3.broken-" in h.notice
        assert h.version == VERSION and h.ids() == []
        h.add(small_history()[0])
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("history.sqlite3.broken-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content  # nothing of it lost
    with open_history(path) as h:
        assert h.notice is None and len(h.ids()) == 1


def test_a_foreign_database_is_kept_aside(tmp_path) -> None:
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.execute("INSERT INTO recipes VALUES ('pancakes')")
    db.commit()
    db.close()
    with open_history(path) as h:
        assert "not a history database of this companion" in h.notice and "recipes" in h.notice
    aside = next(p for p in tmp_path.iterdir() if p.name.startswith("history.sqlite3.broken-") and
                 not p.name.endswith(("-wal", "-shm")))
    db = sqlite3.connect(aside)
    assert db.execute("SELECT name FROM recipes").fetchall() == [("pancakes",)]
    db.close()


def test_a_damaged_page_is_found_on_open(tmp_path) -> None:
    """A database whose pages were overwritten in the middle (a bad disk) fails its check on open."""
    path = tmp_path / "history.sqlite3"
    with open_history(path) as h:
        for r in small_history():
            h.add(r)
        h.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = bytearray(path.read_bytes())
    page = 4096
    for at in range(page * 2, min(len(raw), page * 4)):
        raw[at] = 0x5A
    path.write_bytes(bytes(raw))
    with open_history(path) as h:
        assert h.notice is not None and h.ids() == []


def test_people_across_games_renames_and_two_people_of_one_name(tmp_path) -> None:
    with open_history(tmp_path / "h.sqlite3") as h:
        for r in small_history():
            h.add(r)
        ann = h.find_person("Ann")
        h.rename("Ann", "Anna")
        assert h.find_person("Anna") == ann and h.find_person("Ann") == ann  # the old name still finds her
        assert len(h.ids(player="Anna")) == 5
        assert {s.name for rec in h.games() for s in rec.seats if s.person == ann} == {"Anna"}
        h.add(game("game-0006", "pirateology", 600, [("Ann", 3, False), ("Ben", 9, True)]))
        assert len(h.ids(player="Anna")) == 6  # a new game under the old name is hers
        # the Ben of game 2 was another Ben: told apart, his games and statistics are his own
        games = h.ids(player="Ben")
        two = h.ids(game="piraten-kapern", player="Ben")[0]
        other = h.split("Ben", [two], "Ben from school")
        assert h.ids(player="Ben from school") == [two]
        assert len(h.ids(player="Ben")) == len(games) - 1
        assert h.find_person("Ben from school") == other
        with pytest.raises(HistoryError, match="already another player"):
            h.rename("Anna", "Ben")
        with pytest.raises(HistoryError, match="no player called"):
            h.find_person("Zed")


def test_each_write_is_one_transaction(tmp_path, monkeypatch) -> None:
    """A failure in the middle of writing a game leaves none of it (the crash tests kill a process
    at the same points)."""
    with open_history(tmp_path / "h.sqlite3") as h:
        for point in ("add:play", "add:seats", "add:rounds"):
            def fail(at: str, point=point) -> None:
                if at == point:
                    raise RuntimeError(at)
            monkeypatch.setattr(store, "crash_hook", fail)
            with pytest.raises(RuntimeError):
                h.add(small_history()[0])
            assert h.db.execute("SELECT count(*) FROM play").fetchone()[0] == 0
            assert h.db.execute("SELECT count(*) FROM seat").fetchone()[0] == 0
            assert h.db.execute("SELECT count(*) FROM person").fetchone()[0] == 0
