"""The history database: one SQLite file (standard library sqlite3) in the data folder.

WAL mode and foreign keys on; every write is one `BEGIN IMMEDIATE` transaction, so a process
killed in the middle leaves the whole game or none of it, and two processes (the app and the
command line) wait for each other instead of losing a record. The schema has a version
(`schema_version`); the migrations below run on open, one version at a time, each in its own
transaction. A file that is not a database, or a database of something else, is moved aside under
a new name (`notice` says so) and a new one is started; a database of a newer companion is refused
without touching it.

People: a `person` is one player across games. A name finds its person through `alias` (the
same name is the same person, letter case aside); a rename keeps the old name as an alias, and
`split` tells two people of one name apart by giving some games' seat to a new person.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .model import GameRecord, HistoryError, HistoryFileError, RoundRecord, SeatRecord
from .place import history_path

#: the companion's mark in the database header (PRAGMA application_id): "PTCH"
APPLICATION_ID = 0x50544348
#: how long a writer waits for another one (the app and the CLI at once), in milliseconds
BUSY_MS = 20000

#: the schema of version 1, and each migration to the next version, in order
SCHEMA_V1 = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE play (
    id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, game TEXT NOT NULL, title TEXT NOT NULL,
    mode TEXT NOT NULL, options TEXT NOT NULL, started REAL, ended REAL NOT NULL,
    ending TEXT NOT NULL, rounds INTEGER NOT NULL);
CREATE TABLE seat (
    play_id INTEGER NOT NULL REFERENCES play(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    person_id INTEGER NOT NULL REFERENCES person(id), name TEXT NOT NULL, colour TEXT,
    kind TEXT NOT NULL, score REAL, place INTEGER, winner INTEGER NOT NULL, extras TEXT NOT NULL,
    PRIMARY KEY (play_id, seat));
CREATE TABLE round (
    play_id INTEGER NOT NULL REFERENCES play(id) ON DELETE CASCADE, round INTEGER NOT NULL,
    seat INTEGER NOT NULL, value REAL, mark TEXT, PRIMARY KEY (play_id, round, seat));
"""
MIGRATIONS: dict[int, str] = {
    # 2: names find their person through aliases (renames keep the old name; two people of one
    # name are told apart)
    2: """
CREATE TABLE alias (name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY,
                    person_id INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE);
INSERT INTO alias (name, person_id) SELECT name, min(id) FROM person GROUP BY name COLLATE NOCASE;
""",
    # 3: what the track's values are, the games deleted on purpose (never recorded again from a
    # save still on the device), and indexes for the statistics
    3: """
ALTER TABLE play ADD COLUMN track TEXT NOT NULL DEFAULT '{}';
CREATE TABLE forgotten (uid TEXT NOT NULL PRIMARY KEY);
CREATE INDEX seat_person ON seat (person_id);
CREATE INDEX play_game ON play (game, ended);
""",
}
VERSION = max(MIGRATIONS)

#: test hook: called with the name of each point of a write (crash tests kill the process there)
crash_hook: Callable[[str], None] | None = None


def _at(point: str) -> None:
    if crash_hook is not None:
        crash_hook(point)


class ForeignDatabase(Exception):
    """The file is a database, but not the companion's history."""


class History:
    """An open history database. Use as a context manager, or call `close`."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else history_path()
        #: what happened on open that a person should hear of (a broken file moved aside), or None
        self.notice: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = self._open()
        except (sqlite3.DatabaseError, ForeignDatabase) as exc:
            aside = self._move_aside()
            why = str(exc) or type(exc).__name__
            self.notice = (f"{self.path}: not a history database of this companion ({why}); it was kept as "
                           f"{aside.name} and a new history was started")
            self.db = self._open()

    # --- opening -------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            db.execute("PRAGMA journal_mode = WAL")  # (also the first read: a non-database fails here)
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA synchronous = FULL")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"damaged: {check}")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        with _transaction(db):
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            app = db.execute("PRAGMA application_id").fetchone()[0]
            if not tables:
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                _script(db, SCHEMA_V1)
                db.execute("INSERT INTO schema_version VALUES (1)")
            elif app != APPLICATION_ID or "schema_version" not in tables:
                raise ForeignDatabase("it holds other tables: " + ", ".join(sorted(tables)[:5]))
            version = self._version(db)
            if version > VERSION:
                raise HistoryError(f"{self.path}: this history was written by a newer companion (schema "
                                   f"{version}; this one knows up to {VERSION}); update the companion to use it")
        while version < VERSION:
            with _transaction(db):
                if self._version(db) == version:  # (another process may have migrated meanwhile)
                    _script(db, MIGRATIONS[version + 1])
                    db.execute("UPDATE schema_version SET version = ?", (version + 1,))
                version = self._version(db)

    @staticmethod
    def _version(db: sqlite3.Connection) -> int:
        row = db.execute("SELECT version FROM schema_version").fetchone()
        if row is None or not isinstance(row[0], int):
            raise ForeignDatabase("its schema version is missing")
        return row[0]

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.broken-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.broken-{stamp}-{n}")
        os.replace(self.path, aside)
        for tail in ("-wal", "-shm"):  # (a WAL of the broken file belongs to it, not to the new one)
            side = self.path.with_name(self.path.name + tail)
            if side.exists():
                os.replace(side, aside.with_name(aside.name + tail))
        return aside

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def version(self) -> int:
        return self._version(self.db)

    # --- people ----------------------------------------------------------------------------------
    def _person(self, name: str) -> int:
        row = self.db.execute("SELECT person_id FROM alias WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return row[0]
        pid = self.db.execute("INSERT INTO person (name) VALUES (?)", (name,)).lastrowid
        self.db.execute("INSERT INTO alias (name, person_id) VALUES (?, ?)", (name, pid))
        return pid  # type: ignore[return-value]

    def people(self) -> list[dict[str, Any]]:
        """Every person: id, name, the names they played under, how many games."""
        out = []
        for pid, name in self.db.execute("SELECT id, name FROM person ORDER BY name COLLATE NOCASE, id"):
            names = [r[0] for r in self.db.execute("SELECT DISTINCT name FROM seat WHERE person_id = ? ORDER BY name",
                                                   (pid,))]
            games = self.db.execute("SELECT count(*) FROM seat WHERE person_id = ?", (pid,)).fetchone()[0]
            out.append({"id": pid, "name": name, "names": names, "games": games})
        return out

    def find_person(self, name: str) -> int:
        """The person a name stands for (HistoryError naming the people there are if none)."""
        row = self.db.execute("SELECT person_id FROM alias WHERE name = ?", (name,)).fetchone()
        if row is None:
            row = self.db.execute("SELECT id FROM person WHERE name = ? COLLATE NOCASE", (name,)).fetchone()
        if row is None:
            known = ", ".join(p["name"] for p in self.people()) or "nobody yet"
            raise HistoryError(f"no player called {name!r} in the history; players: {known}")
        return row[0]

    def rename(self, name: str, new: str) -> None:
        """A person is called `new` from now on; every game they played stays theirs, and the old
        name still finds them."""
        new = new.strip()
        if not new or len(new) > 80:
            raise HistoryError("a player's new name must have 1 to 80 letters")
        with _transaction(self.db):
            pid = self.find_person(name)
            other = self.db.execute("SELECT person_id FROM alias WHERE name = ?", (new,)).fetchone()
            if other is not None and other[0] != pid:
                raise HistoryError(f"{new!r} is already another player in the history")
            self.db.execute("UPDATE person SET name = ? WHERE id = ?", (new, pid))
            self.db.execute("INSERT OR REPLACE INTO alias (name, person_id) VALUES (?, ?)", (new, pid))

    def split(self, name: str, games: list[int], new: str) -> int:
        """Tell two people of one name apart: the seats called `name` in these games belong to a new
        person called `new` (and games played as `new` from now on)."""
        new = new.strip()
        if not new or len(new) > 80:
            raise HistoryError("the other player's name must have 1 to 80 letters")
        with _transaction(self.db):
            pid = self.find_person(name)
            if self.db.execute("SELECT 1 FROM alias WHERE name = ?", (new,)).fetchone():
                raise HistoryError(f"{new!r} is already a player in the history; choose another name")
            rows = [self.db.execute("SELECT seat FROM seat WHERE play_id = ? AND person_id = ?", (g, pid)).fetchall()
                    for g in games]
            missing = [g for g, r in zip(games, rows) if not r]
            if missing or not games:
                numbers = ", ".join(map(str, missing)) or "(none given)"
                raise HistoryError(f"{name} played in no game numbered {numbers}")
            other = self._person(new)
            for g in games:
                self.db.execute("UPDATE seat SET person_id = ? WHERE play_id = ? AND person_id = ?", (other, g, pid))
            return other

    # --- writing -------------------------------------------------------------------------------
    def has(self, uid: str) -> bool:
        return self.db.execute("SELECT 1 FROM play WHERE uid = ?", (uid,)).fetchone() is not None

    def forgotten(self, uid: str) -> bool:
        return self.db.execute("SELECT 1 FROM forgotten WHERE uid = ?", (uid,)).fetchone() is not None

    def add(self, rec: GameRecord, again: bool = False, replace: bool = False) -> int | None:
        """Record a finished game in one transaction; its id, or None if it is there already (or
        was deleted on purpose, unless `again`: an import brings a deleted game back). `replace`:
        a record of the same game is replaced by this one (it was undone and finished anew)."""
        with _transaction(self.db):
            if self.forgotten(rec.uid) and not again or self.has(rec.uid) and (not replace or self._same(rec)):
                return None
            if self.has(rec.uid):
                self.db.execute("DELETE FROM play WHERE uid = ?", (rec.uid,))
            self.db.execute("DELETE FROM forgotten WHERE uid = ?", (rec.uid,))
            play = self.db.execute(
                "INSERT INTO play (uid, game, title, mode, options, started, ended, ending, rounds, track) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (rec.uid, rec.game, rec.title, rec.mode, _dump(rec.options), rec.started, rec.ended, rec.ending,
                 len(rec.rounds), _dump(rec.track))).lastrowid
            _at("add:play")
            for s in rec.seats:
                self.db.execute("INSERT INTO seat (play_id, seat, person_id, name, colour, kind, score, place, winner, "
                                "extras) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                (play, s.seat, self._person(s.name), s.name, s.colour, s.kind, s.score, s.place,
                                 int(s.winner), _dump(s.extras)))
            _at("add:seats")
            for r in rec.rounds:
                for seat, value in enumerate(r.values):
                    mark = r.marks[seat] if seat < len(r.marks) else None
                    self.db.execute("INSERT INTO round (play_id, round, seat, value, mark) VALUES (?, ?, ?, ?, ?)",
                                    (play, r.round, seat, value, mark))
            _at("add:rounds")
        _at("add:committed")
        return play

    def _same(self, rec: GameRecord) -> bool:
        """Whether the game recorded under rec's uid says what rec says (nothing to replace)."""
        row = self.db.execute("SELECT id FROM play WHERE uid = ?", (rec.uid,)).fetchone()
        old = self.game(row[0])
        keep = {"id", "ended", "started"}
        seats = [[s.model_dump(exclude={"person"}) for s in r.seats] for r in (old, rec)]
        return old.model_dump(exclude=keep | {"seats"}) == rec.model_dump(exclude=keep | {"seats"}) and \
            seats[0] == seats[1]

    def delete(self, play: int) -> GameRecord:
        """Delete one game (it is not recorded again from a save still on this device)."""
        with _transaction(self.db):
            rec = self.game(play)
            self.db.execute("DELETE FROM play WHERE id = ?", (play,))
            self.db.execute("INSERT OR IGNORE INTO forgotten (uid) VALUES (?)", (rec.uid,))
            # a person left with no game and no other name is gone with it
            self.db.execute("DELETE FROM person WHERE id NOT IN (SELECT person_id FROM seat)")
            return rec

    # --- reading -------------------------------------------------------------------------------
    def ids(self, game: str | None = None, player: str | None = None) -> list[int]:
        """The recorded games, newest first; only one game's, or only those a person played."""
        sql, args = "SELECT id FROM play", []  # type: ignore[var-annotated]
        where = []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if player is not None:
            where.append("id IN (SELECT play_id FROM seat WHERE person_id = ?)")
            args.append(self.find_person(player))
        if where:
            sql += " WHERE " + " AND ".join(where)
        return [r[0] for r in self.db.execute(sql + " ORDER BY ended DESC, id DESC", args)]

    def games(self, game: str | None = None, player: str | None = None) -> list[GameRecord]:
        return [self.game(i) for i in self.ids(game, player)]

    def game_ids(self) -> list[str]:
        """The games (by game id) the history holds."""
        return [r[0] for r in self.db.execute("SELECT DISTINCT game FROM play ORDER BY game")]

    def game(self, play: int) -> GameRecord:
        row = self.db.execute("SELECT id, uid, game, title, mode, options, started, ended, ending, track FROM play "
                              "WHERE id = ?", (play,)).fetchone()
        if row is None:
            raise HistoryError(f"no game numbered {play} in the history")
        seats = [SeatRecord(seat=r[0], name=r[1], person=r[2], colour=r[3], kind=r[4], score=r[5], place=r[6],
                            winner=bool(r[7]), extras=json.loads(r[8]))
                 for r in self.db.execute("SELECT seat.seat, person.name, person_id, colour, kind, score, place, "
                                          "winner, extras FROM seat JOIN person ON person.id = person_id "
                                          "WHERE play_id = ? ORDER BY seat.seat", (play,))]
        rounds: dict[int, RoundRecord] = {}
        n = len(seats)
        for rnd, seat, value, mark in self.db.execute("SELECT round, seat, value, mark FROM round WHERE play_id = ? "
                                                      "ORDER BY round, seat", (play,)):
            r = rounds.setdefault(rnd, RoundRecord(round=rnd, values=[None] * n, marks=[None] * n))
            r.values[seat], r.marks[seat] = value, mark
        return GameRecord(id=row[0], uid=row[1], game=row[2], title=row[3], mode=row[4], options=json.loads(row[5]),
                          started=row[6], ended=row[7], ending=row[8], seats=seats, rounds=list(rounds.values()),
                          track=json.loads(row[9]))

    def played_names(self, play: int) -> list[str]:
        """The names the seats of a game were played under (the game's own names, before renames)."""
        return [r[0] for r in self.db.execute("SELECT name FROM seat WHERE play_id = ? ORDER BY seat", (play,))]


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _script(db: sqlite3.Connection, script: str) -> None:
    """Run a schema script statement by statement inside the open transaction (executescript
    would commit it first)."""
    for stmt in script.split(";"):
        if stmt.strip():
            db.execute(stmt)


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction (nested calls join the outer one): all of it or nothing."""
    if db.in_transaction:
        yield
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def open_history(path: Path | str | None = None) -> History:
    """The history database at `path` (the data folder's by default), created or migrated."""
    try:
        return History(path)
    except sqlite3.Error as exc:
        raise HistoryFileError(f"{path or history_path()}: the history database cannot be opened ({exc})") from None
