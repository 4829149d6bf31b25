"""A Session is setup + options + seed + the action log: undo, redo, save, load and replay.

With a file, every confirmed step is appended to a journal (one checksummed, numbered line,
fsync'd) before the call returns, so a crash loses nothing; `save` writes the whole log
atomically under a new generation id and then removes the journal. Whatever instant a process
dies at, the files on disk load as the game it was playing (see docs/ARCHITECTURE.md, "What a
save and a journal guarantee"). One process writes a game at a time: a lock file beside the save
says so, and read-only loads (`companion replay`) never fold or delete anything.

States: one live state, stepped in place by the game's one `play` / `play_chance`, and a clone
of it every SNAPSHOT_EVERY log entries; undo, redo, the events of a loaded game and a refused
step rebuild from the nearest snapshot (a clone of it, replayed).
The engine knows no game: a save names its game, and the caller hands `load` a lookup from
that name to the Game.
"""
from __future__ import annotations

import json
import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.files import FileLock, Locked, Refused, atomic_write, fsync_dir, read_regular
from companion.words import Words

from .actions import Action
from .chance import ChanceSource, Digital, Table
from .errors import IllegalAction, SaveError
from .events import NOWHERE, Event, Sink
from .game import Game
from .pacing import fewer_collections
from .records import FORMAT, VERSION, check_save, dump_save, journal_line, new_generation, read_journal_line, save_checksum

__all__ = ["COMPACT_EVERY", "FORMAT", "VERSION", "GameLookup", "Session", "delete_saved", "find_game", "journal_path",
           "lock_path"]

COMPACT_EVERY = 64
SNAPSHOT_EVERY = 32

#: how `load` finds the game a save names: a Game, or a function from a game id to its Game
GameLookup = Game | Callable[[str], Game]

#: test hook: called with the name of every point where a crash could leave files behind
#: (crash tests raise from it); None in normal use
crash_hook: Callable[[str], None] | None = None


def _at(point: str) -> None:
    if crash_hook is not None:
        crash_hook(point)


class Session:
    def __init__(self, game: Game, players: list[str], options: dict[str, Any] | None = None,
                 seed: int | str = 0, source: ChanceSource | None = None, path: Path | str | None = None,
                 undo_over_chance: bool = True, meta: dict[str, Any] | None = None, history: bool = True,
                 start: Any | None = None):
        """`history=False` keeps no game log (no events are built or kept): for simulations.
        `start`: a position (a state of the game) to play on from instead of the new game's, kept
        in the save as data, so a test's scripted position loads and its log replays from it."""
        self._setup(game, players, options, seed, source, undo_over_chance, meta, history, start)
        if path is not None:
            self.save(path)  # a new game starts a new file (and never appends to an old journal)
        self._settle()

    def _setup(self, game: Game, players: list[str], options: dict[str, Any] | None, seed: int | str,
               source: ChanceSource | None, undo_over_chance: bool, meta: dict[str, Any] | None,
               history: bool, start: Any | None = None) -> None:
        self.game = game
        self.players = list(players)
        self.options = dict(options or {})
        self.seed = seed
        self.source: ChanceSource = source if source is not None else Digital(seed)
        self.undo_over_chance = undo_over_chance
        self.meta: dict[str, Any] = dict(meta or {})
        self.log: list[dict[str, Any]] = []
        self.redo_stack: list[list[dict[str, Any]]] = []
        #: (log index, event) of the first `_events_n` log entries; the rest are worked out when
        #: asked for (`events`): a load replays without building them
        self._events: list[tuple[int, Event]] = []
        self._events_n = 0
        self.path: Path | None = None
        self._history = history
        self._chances = 0
        self._generation = new_generation()
        self._previous: str | None = None
        self._seq = 0
        self._version = VERSION
        #: whether `load` read a journal beside the save (then it folds it into a new save)
        self._journal_read = False
        self._writer: _Writer | None = None
        self._token = object()
        state = game.new_state(self.players, self.options)  # (checks the players and options)
        #: the position the log starts from when it is not the new game's (see __init__), as data
        #: written when the session began: a later change to the live state cannot reach it
        self.start: dict[str, Any] | None = None
        if start is not None:
            self.start = game.state_to_json(start)
            state = game.clone(start)  # (the caller's position stays as it was)
        #: the live state: the game's steps change it in place
        self._state = state
        #: (log length, a clone of the state after that many entries), one every SNAPSHOT_EVERY
        #: entries: no step reaches them; a rebuild starts from a clone of one
        self._snaps: list[tuple[int, Any]] = [(0, game.clone(state))]

    # --- state -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._state

    def view(self, player: int | None) -> dict[str, Any]:
        return self.game.view(self._state, player)

    def board_view(self, player: int | None) -> dict[str, Any] | None:
        """The game's board picture for this seat (its optional `board_view` hook), else None."""
        hook = getattr(self.game, "board_view", None)
        return hook(self.state, player) if hook is not None else None

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self._state)

    def preview(self, action: Action | dict[str, Any], player: int | None = None) -> dict[str, Any] | None:
        """The view after `action`, worked out on a copy: nothing is logged, saved or changed (a
        table assistant shows what an entry would do before it is confirmed). None if refused."""
        try:
            state, _ = self.game.after(self._state, self.game.codec.decode(action))
        except IllegalAction:
            return None
        return self.game.view(state, player)

    def refusal(self, action: Action | dict[str, Any], words: Words | None = None) -> str | None:
        """Why the rules refuse `action` now (None if it is allowed): what a disabled button says,
        in `words`' language (the catalogue's; English without). Worked out on a copy, like `preview`."""
        try:
            self.game.after(self._state, self.game.codec.decode(action))
        except IllegalAction as exc:
            return exc.say(words) if words is not None else exc.reason
        return None

    def pending_chance(self):
        return self.game.chance_step(self._state)

    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    def to_move(self) -> int | None:
        """The seat that decides now (None while chance is pending or at the end)."""
        return self.game.to_move(self._state)

    def result(self) -> dict[str, Any]:
        return self.game.result(self._state)

    def describe(self, action: Action | dict[str, Any]) -> str:
        """The game's label of an action in the current state (menus, buttons)."""
        return self.game.describe_action(self._state, self.game.codec.decode(action))

    def chance_count(self) -> int:
        """Chance outcomes in the log: the index of the next one (Digital derives it from this)."""
        return self._chances

    # --- moves -----------------------------------------------------------------------------
    def act(self, action: Action | dict[str, Any]) -> list[Event]:
        """Apply a player's action, then any automatic chance it triggers; raises IllegalAction
        (the game as it was: a refused step's changes are rebuilt away)."""
        game = self.game
        if not isinstance(action, Action):
            action = game.codec.decode(action)
        if self.path is not None:
            self._check_writer()  # (before the live state changes)
        events: Sink = [] if self._history else NOWHERE
        try:
            game.play(self._state, action, events)
        except BaseException:
            self._rebuild()
            raise
        return self._confirmed({"action": action.to_dict()}, events)

    def resolve(self, outcome: Any) -> list[Event]:
        """Enter the result of a chance step rolled or drawn at the table."""
        if self.path is not None:
            self._check_writer()
        events: Sink = [] if self._history else NOWHERE
        try:  # (a step that does not fit is refused before anything changes)
            checked = self.game.play_chance(self._state, outcome, events)
        except BaseException:
            self._rebuild()
            raise
        return self._confirmed({"chance": checked}, events)

    def _confirmed(self, entry: dict[str, Any], events: Sink) -> list[Event]:
        """Record a step a person made (already played on the live state): it is journalled, ends
        the redo history and triggers automatic chance."""
        if self.path is not None:
            try:
                self._journal("act", entry)
            except BaseException:  # not on disk: not played
                self._rebuild()
                raise
        self._record(entry, events)
        if self.redo_stack:
            self.redo_stack.clear()
        more = self._settle()
        if self.path is not None and self._seq >= COMPACT_EVERY:
            self.save()
        kept = events if type(events) is list else []
        return kept + more if more else kept

    def _settle(self) -> list[Event]:
        """Let an automatic source (digital dice) answer every chance step that is now pending."""
        out: list[Event] = []
        source = self.source
        game = self.game
        history = self._history
        # `automatic` is asked at every step: a source may run dry (tests' rigged dice do)
        while getattr(source, "automatic", False):
            state = self._state
            if game.is_over(state):
                break
            step = game.chance_step(state)
            if step is None:
                break
            events: Sink = [] if history else NOWHERE
            outcome = game.play_chance(state, source.outcome(step, self._chances), events, step)
            entry = self._chance_entry(step, outcome)
            if self.path is not None:
                try:
                    self._journal("push", entry)
                except BaseException:
                    self._rebuild()
                    raise
            self._record(entry, events)
            if history and events:
                out += events  # type: ignore[arg-type]
        return out

    def _chance_entry(self, step: Any, outcome: list[str]) -> dict[str, Any]:
        """The log entry of an automatic outcome. A secret one (which chest holds the treasure) is
        not written into the log, the journal or the save when the dice can derive it again from
        the seed."""
        if step.secret and getattr(self.source, "replayable", False):
            return {"chance": [], "sealed": True, "auto": True}
        return {"chance": outcome, "auto": True}

    def _record(self, entry: dict[str, Any], events: Sink | None) -> None:
        """Log an entry the live state has just played; `events` None: not built (a replay, worked
        out when asked for)."""
        log = self.log
        log.append(entry)
        n = len(log)
        if "chance" in entry:
            self._chances += 1
        if n % SNAPSHOT_EVERY == 0:
            self._snaps.append((n, self.game.clone(self._state)))
        if self._events_n == n - 1 and self._history and events is not None:
            if events:
                self._events += [(n - 1, e) for e in events]  # type: ignore[union-attr]
            self._events_n = n

    def _rebuild(self) -> None:
        """The live state as the log says it is (after a step that was refused or not recorded)."""
        self._truncate(len(self.log))

    # --- undo / redo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        try:
            self._undo_group()
            return True
        except IllegalAction:
            return False

    def undo_refusal(self) -> IllegalAction | None:
        """Why undo is refused now (None when it is allowed), so that a disabled Undo says why."""
        try:
            self._undo_group()
        except IllegalAction as exc:
            return exc
        return None

    def _undo_group(self) -> int:
        """Index where the last undoable group starts: trailing automatic entries plus one entry."""
        log = self.log
        i = len(log)
        while i > 0 and log[i - 1].get("auto"):
            i -= 1
        if i == 0:
            raise IllegalAction.said("undo", "refused.nothing_to_undo")
        i -= 1
        if not self.undo_over_chance and any("chance" in e for e in log[i:]):
            raise IllegalAction.said("undo", "refused.undo_chance")
        return i

    def undo(self) -> None:
        i = self._undo_group()  # raises before anything is journalled
        if self.path is not None:
            self._journal("undo")
        self._undo_to(i)
        self._compact()

    def _undo_to(self, i: int) -> None:
        self.redo_stack.append(self.log[i:])
        self._truncate(i)

    def redo(self) -> None:
        """Put back the last group undone, with the same outcomes; all or nothing."""
        if not self.redo_stack:
            raise IllegalAction.said("redo", "refused.nothing_to_redo")
        group = self.redo_stack[-1]
        self._trial(group)  # raises, with nothing changed, if the group no longer fits
        if self.path is not None:
            self._journal("redo")
        self.redo_stack.pop()
        self._replay_group(group)
        self._compact()

    def _trial(self, entries: list[dict[str, Any]]) -> None:
        """Refuse (IllegalAction) a group of entries that no longer fits the game, played on a clone."""
        state = self.game.clone(self._state)
        index = self._chances
        for entry in entries:
            try:
                self._apply_entry(state, entry, NOWHERE, index)
            except (IllegalAction, SaveError) as exc:
                # (the English reason says why; a screen says that it no longer fits)
                raise IllegalAction("redo", f"the step to redo no longer fits the game: {exc}",
                                    "refused.redo_unfit") from None
            index += "chance" in entry

    def _replay_group(self, entries: list[dict[str, Any]]) -> None:
        """Play and log entries that `_trial` found to fit, with their events."""
        history = self._history
        for entry in entries:
            events: Sink = [] if history else NOWHERE
            self._apply_entry(self._state, entry, events, self._chances)
            self._record(entry, events)

    def _apply_entry(self, state: Any, entry: dict[str, Any], out: Sink, index: int) -> None:
        """Play one log entry on `state` in place; `index` is the number of chance entries before it."""
        game = self.game
        if "action" in entry:
            game.play(state, game.codec.decode(entry["action"]), out)
        elif "chance" in entry:
            game.play_chance(state, self._outcome(state, entry, index), out)
        else:
            raise SaveError(f"a log entry is neither an action nor a chance outcome: {entry!r}")

    def _outcome(self, state: Any, entry: dict[str, Any], index: int) -> Any:
        """A chance entry's outcome; a sealed one is derived again from the seed (the digital
        dice gave outcome `index` for exactly this step)."""
        if not entry.get("sealed"):
            return entry["chance"]
        step = self.game.chance_step(state)
        if step is None or not step.secret:
            raise SaveError(f"chance entry {index + 1} is sealed, but no secret chance step is pending there")
        if not getattr(self.source, "replayable", False):
            raise SaveError(f"chance entry {index + 1} is sealed; only the digital dice of the game's seed can "
                            "derive it, and this game takes its outcomes from the table")
        return self.source.outcome(step, index)

    def _truncate(self, n: int) -> None:
        """Cut the log to its first n entries and rebuild the live state from the nearest snapshot."""
        log = self.log
        self._chances -= sum(1 for e in log[n:] if "chance" in e)
        del log[n:]
        snaps = self._snaps
        while snaps[-1][0] > n:
            snaps.pop()
        events = self._events
        while events and events[-1][0] >= n:
            events.pop()
        if self._events_n > n:
            self._events_n = n
        start, snap = snaps[-1]
        state = self.game.clone(snap)
        index = self._chances - sum(1 for e in log[start:n] if "chance" in e)
        for entry in log[start:n]:
            self._apply_entry(state, entry, NOWHERE, index)
            index += "chance" in entry
        self._state = state

    def _replay_entries(self, entries: list[dict[str, Any]]) -> None:
        """Play logged entries on the live state without their events (`events` works them out
        when asked for): a load replays every step."""
        with fewer_collections():
            for entry in entries:
                self._apply_entry(self._state, entry, NOWHERE, self._chances)
                self._record(entry, None)

    @property
    def events(self) -> list[tuple[int, Event]]:
        """(log index, event) of every step, for the game log (empty without `history`). The
        events of replayed steps are built here, the first time they are asked for, from a clone
        of the nearest snapshot before them."""
        n = len(self.log)
        if not self._history or self._events_n >= n:
            return self._events
        start, snap = next(snap for snap in reversed(self._snaps) if snap[0] <= self._events_n)
        state = self.game.clone(snap)
        log = self.log
        index = sum(1 for e in log[:start] if "chance" in e)
        for i in range(start, n):
            entry = log[i]
            if i < self._events_n:
                self._apply_entry(state, entry, NOWHERE, index)
            else:
                out: list[Event] = []
                self._apply_entry(state, entry, out, index)
                self._events += [(i, e) for e in out]
            index += "chance" in entry
        self._events_n = n
        return self._events

    def history(self, player: int | None = None) -> list[Event]:
        """The game log as `player` may see it."""
        return [e for _, e in self.events if e.visible(player)]

    # --- save / load ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The session as save data (format version 2, with its generation and checksum)."""
        return self._data(self._generation, self._previous)

    def _data(self, generation: str, previous: str | None) -> dict[str, Any]:
        data = {"format": FORMAT, "version": VERSION, "generation": generation, "previous": previous,
                "game": self.game.id, "players": self.players, "options": self.options, "seed": self.seed,
                "source": "table" if isinstance(self.source, Table) else "digital",
                "undo_over_chance": self.undo_over_chance, "meta": self.meta,
                "log": self.log, "redo": self.redo_stack}
        if self.start is not None:
            data["start"] = self.start
        data["checksum"] = save_checksum(data)
        return data

    def save(self, path: Path | str | None = None) -> Path:
        """Write the whole session atomically under a new generation, then remove the journal.

        A crash before the rename leaves the old save and its journal; after it, the new save
        and a journal of the previous generation, which load recognises as folded in already."""
        target = Path(path) if path else self.path
        if target is None:
            raise SaveError("no file to save to")
        if self.path is None or os.path.realpath(target) != os.path.realpath(self.path):
            self._writer = _claim(target, self._token)  # saving to a new file: this session writes it
            try:  # a journal left there belongs to the game this file held before: it goes first
                journal_path(target).unlink()
                fsync_dir(target.parent)
            except FileNotFoundError:
                pass
        else:
            self._check_writer()
        generation = new_generation()
        atomic_write(target, dump_save(self._data(generation, self._generation)), hook=_at)
        _at("save:written")
        journal = journal_path(target)
        try:
            journal.unlink()
            fsync_dir(target.parent)
        except FileNotFoundError:
            pass
        _at("save:journal-removed")
        self.path = target
        self._previous, self._generation = self._generation, generation
        self._seq = 0
        return target

    def close(self) -> None:
        """Stop writing the file (the lock is released); the session stays usable in memory."""
        if self._writer is not None and self._writer.owner is self._token:
            self._writer.owner = None
        self._writer = None
        self.path = None

    def _check_writer(self) -> None:
        writer = self._writer
        if writer is None or writer.owner is not self._token:
            raise SaveError(f"{self.path}: this game was opened again since (here or in another program); "
                            "load it again to go on")

    def _journal(self, op: str, entry: dict[str, Any] | None = None) -> None:
        self._check_writer()
        path = journal_path(self.path)  # type: ignore[arg-type]
        line = journal_line(self._seq + 1, self._generation, op, entry) + "\n"
        _at("journal:before")
        with open(path, "a", encoding="utf-8") as fh:
            if crash_hook is not None:  # a crash in the middle of the write leaves a torn line
                half = len(line) // 2
                fh.write(line[:half])
                fh.flush()
                _at("journal:torn")
                fh.write(line[half:])
            else:
                fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
        self._seq += 1
        if self._seq == 1:
            fsync_dir(path.parent)  # the new journal file itself survives a crash
        _at("journal:written")

    def _compact(self) -> None:
        """Fold a long journal into the save file; called only between steps, when log and state agree."""
        if self.path is not None and self._seq >= COMPACT_EVERY:
            self.save()

    @classmethod
    def from_json(cls, data: Any, games: GameLookup, where: str = "session") -> "Session":
        """A session from save data (validated; version 1 migrated), its log replayed."""
        data, version = check_save(data, where)
        game = find_game(games, data["game"], where)
        source: ChanceSource = Table() if data["source"] == "table" else Digital(data["seed"])
        session = cls.__new__(cls)
        start = None
        if data.get("start") is not None:
            try:
                start = game.state_from_json(data["start"])
            except (AttributeError, KeyError, TypeError, ValueError) as exc:
                raise SaveError(f"{where}: the start position is not a position of {game.id} "
                                f"({type(exc).__name__}: {exc})") from None
        try:
            session._setup(game, data["players"], data["options"], data["seed"], source, data["undo_over_chance"],
                           data["meta"], True, start)
        except ValueError as exc:
            raise SaveError(f"{where}: {exc}") from None
        if data["generation"]:
            session._generation, session._previous = data["generation"], data["previous"]
        session._version = version
        try:
            session._replay_entries(data["log"])
        except (IllegalAction, SaveError) as exc:
            raise SaveError(f"{where}: log entry {len(session.log)} cannot be replayed: {exc}") from None
        session.redo_stack = [list(g) for g in data["redo"]]
        session._check_redo(where)
        return session

    def _check_redo(self, where: str) -> None:
        """Every group of a loaded redo stack can be redone, in order (the last undone first), so
        a save with a junk redo stack is refused when it is loaded, not at its first Redo."""
        if not self.redo_stack:
            return
        state, index = self.game.clone(self._state), self._chances  # (played on a clone: the game stays)
        for n, group in enumerate(reversed(self.redo_stack), 1):
            for entry in group:
                try:
                    self._apply_entry(state, entry, NOWHERE, index)
                except (IllegalAction, SaveError) as exc:
                    raise SaveError(f"{where}: redo group {n} (of {len(self.redo_stack)}) cannot be redone: "
                                    f"{exc}") from None
                index += "chance" in entry

    @classmethod
    def load(cls, path: Path | str, games: GameLookup, write: bool = True) -> "Session":
        """Load a save and replay its journal (a torn last line is dropped). With `write` this
        process becomes the game's writer: it takes the lock (SaveError if another program holds
        it), lets digital dice answer a roll the crash interrupted, and folds the journal into the
        save. Without, nothing on disk is touched (replays, previews)."""
        path = Path(path)
        writer = _WRITERS.get(os.path.realpath(path))
        before = writer.owner if writer is not None else None
        writer = _claim(path, object()) if write else None
        try:
            session = cls._read(path, games, write)
        except BaseException:
            if writer is not None:
                writer.owner = before  # a failed load takes nothing over
            raise
        if writer is not None:
            writer.owner = session._token
            session._writer = writer
            logged = len(session.log)
            session._settle()  # a digital game killed between an action and its roll rolls now
            session.path = path
            # fold a journal (or a roll just made, or an old format) into a new save; a save with
            # nothing beside it already holds the game as it is, and its journal goes on from it
            if session._journal_read or session._version != VERSION or len(session.log) != logged:
                session.save()
        return session

    @classmethod
    def _read(cls, path: Path, games: GameLookup, write: bool) -> "Session":
        for attempt in range(3):
            data = _read_json(path)
            session = cls.from_json(data, games, where=str(path))
            try:
                session._read_journal(journal_path(path))
                break
            except _Foreign as exc:
                if write or attempt == 2:  # a reader may have caught a writer between two files
                    raise SaveError(str(exc)) from None
        return session

    def _read_journal(self, journal: Path) -> None:
        try:
            raw = read_regular(journal, SAVE_BYTES)
        except FileNotFoundError:
            return
        except Refused as exc:
            raise SaveError(f"{journal}: {exc}; expected the game's journal") from None
        except OSError as exc:
            raise SaveError(f"{journal}: cannot read the file ({exc.strerror or exc})") from None
        self._journal_read = True
        lines = raw.decode("utf-8", errors="replace").split("\n")
        torn = lines.pop()  # "" when the file ends with a newline; else a write cut by a crash
        version = self._version
        records: list[tuple[int, dict[str, Any]]] = []
        for n, line in enumerate(lines, 1):
            try:
                records.append((n, read_journal_line(line, version)))
            except SaveError as exc:
                raise SaveError(f"{journal}:{n}: {exc}") from None
        if torn:
            try:
                records.append((len(lines) + 1, read_journal_line(torn, version)))
            except SaveError:
                pass  # never confirmed: the process died while writing it
        if version == 1:
            for n, rec in records:
                self._journal_op(journal, n, rec)
            return
        if records and all(rec["gen"] == self._previous for _, rec in records) and self._previous:
            return  # a journal the save already holds (the crash came between the two writes)
        for expect, (n, rec) in enumerate(records, 1):
            if rec["gen"] != self._generation:
                raise _Foreign(f"{journal}:{n}: this journal belongs to another save of the game "
                               f"(generation {rec['gen']}, the save is {self._generation}); it is not applied")
            if rec["seq"] != expect:
                what = (f"record {expect} is missing" if rec["seq"] > expect else
                        f"record {rec['seq']} comes again or out of order")
                raise SaveError(f"{journal}:{n}: {what} (records are numbered 1, 2, 3...)")
            self._journal_op(journal, n, rec)
        self._seq = len(records)

    def _journal_op(self, journal: Path, n: int, rec: dict[str, Any]) -> None:
        op = rec["op"]
        try:
            if op in ("act", "push"):
                self._replay_entries([rec["entry"]])
                if op == "act":  # a step a person made ends the redo history (version 1: clear_redo)
                    self.redo_stack.clear()
            elif op == "undo":
                self._undo_to(self._undo_group())
            elif op == "redo":
                if not self.redo_stack:
                    raise SaveError("a redo with nothing to redo")
                group = self.redo_stack.pop()
                self._trial(group)
                self._replay_group(group)
            elif op == "clear_redo":
                self.redo_stack.clear()
        except (IllegalAction, SaveError) as exc:
            raise SaveError(f"{journal}:{n}: cannot replay journal record ({op}): {exc}") from None


class _Foreign(Exception):
    """A journal of another generation than the save beside it."""


class _Writer:
    """The lock this process holds on one save file, and which Session object may write it."""

    __slots__ = ("lock", "owner", "__weakref__")

    def __init__(self, lock: FileLock):
        self.lock = lock
        self.owner: object | None = None


#: the save files this process writes (a Session opened again in the same process takes over)
_WRITERS: weakref.WeakValueDictionary[str, _Writer] = weakref.WeakValueDictionary()


def _claim(path: Path, token: object) -> _Writer:
    key = os.path.realpath(path)
    writer = _WRITERS.get(key)
    if writer is None or not writer.lock.held:
        lock = FileLock(lock_path(Path(path)))
        try:
            lock.acquire()
        except Locked:
            raise SaveError(f"{path}: this game is open in another program (a companion server or game); "
                            "close it there first") from None
        except OSError as exc:
            raise SaveError(f"{path}: cannot lock the game file ({exc.strerror or exc})") from None
        writer = _WRITERS[key] = _Writer(lock)
    writer.owner = token
    return writer


def find_game(games: GameLookup, game_id: Any, where: str) -> Game:
    if isinstance(games, Game):
        if games.id != game_id:
            raise SaveError(f"{where}: a {game_id!r} session, not {games.id!r}")
        return games
    try:
        return games(game_id)
    except (ValueError, KeyError) as exc:
        raise SaveError(f"{where}: {exc.args[0] if exc.args else exc}") from None


#: the most a save or a journal may hold (a 150-round game's save is under 1 MB)
SAVE_BYTES = 64 * 1024 * 1024


def _read_json(path: Path) -> Any:
    try:
        return json.loads(read_regular(path, SAVE_BYTES).decode("utf-8"))
    except Refused as exc:
        raise SaveError(f"{path}: {exc}; expected a session file") from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a session file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(f"{path}: not a readable session file ({exc})") from None


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def delete_saved(path: Path) -> None:
    """Remove a save with its journal and lock file."""
    for p in (journal_path(path), path, lock_path(path)):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
