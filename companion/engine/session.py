"""A Session is setup + options + seed + the action log: undo, redo, save, load and replay.

Every confirmed step is appended to a journal (fsync'd) before anything else happens, so a
crash loses nothing; `save` writes the whole log atomically (temp file + rename) and empties
the journal. The same file is a replay and a test fixture.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .actions import Action
from .chance import ChanceSource, Digital, Table
from .errors import IllegalAction, SaveError
from .events import Event
from .game import Game

FORMAT = "companion-session"
VERSION = 1
COMPACT_EVERY = 64


class Session:
    def __init__(self, game: Game, players: list[str], options: dict[str, Any] | None = None,
                 seed: int | str = 0, source: ChanceSource | None = None, path: Path | str | None = None,
                 undo_over_chance: bool = True, meta: dict[str, Any] | None = None):
        self.game = game
        self.players = list(players)
        self.options = dict(options or {})
        self.seed = seed
        self.source: ChanceSource = source if source is not None else Digital(seed)
        self.undo_over_chance = undo_over_chance
        self.meta: dict[str, Any] = dict(meta or {})
        self.log: list[dict[str, Any]] = []
        #: chance outcomes among the first i log entries, for i = 0..len(log) (see chance_count)
        self._chance_prefix = [0]
        self.redo_stack: list[list[dict[str, Any]]] = []
        self.events: list[tuple[int, Event]] = []
        self.path = Path(path) if path else None
        self._journal_lines = 0
        self._chance_prefix = [0]
        self._states = [game.new_state(self.players, self.options)]
        if self.path is not None:
            self.save()  # a new game starts a new file (and never appends to an old journal)
        self._settle()

    # --- state -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    def view(self, player: int | None) -> dict[str, Any]:
        return self.game.view(self.state, player)

    def board_view(self, player: int | None) -> dict[str, Any] | None:
        """The game's board picture for this seat (its optional `board_view` hook), else None."""
        hook = getattr(self.game, "board_view", None)
        return hook(self.state, player) if hook is not None else None

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def pending_chance(self):
        return self.game.chance_step(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def to_move(self) -> int | None:
        """The seat that decides now (None while chance is pending or at the end)."""
        return self.game.to_move(self.state)

    def result(self) -> dict[str, Any]:
        return self.game.result(self.state)

    def describe(self, action: Action | dict[str, Any]) -> str:
        """The game's label of an action in the current state (menus, buttons)."""
        return self.game.describe_action(self.state, self.game.codec.decode(action))

    def chance_count(self) -> int:
        # kept as prefix counts so a long game does not recount its whole log at every roll
        prefix = self._chance_prefix
        if len(prefix) > len(self.log) + 1:  # the log was cut from outside: recount
            prefix[:] = [0]
        for entry in self.log[len(prefix) - 1:]:
            prefix.append(prefix[-1] + ("chance" in entry))
        return prefix[-1]

    # --- moves -----------------------------------------------------------------------------
    def act(self, action: Action | dict[str, Any]) -> list[Event]:
        """Apply a player's action, then any automatic chance it triggers; raises IllegalAction."""
        game = self.game
        action = game.codec.decode(action)
        state, events = game.apply(self._states[-1], action)
        return self._confirmed({"action": action.to_dict()}, state, events)

    def resolve(self, outcome: Any) -> list[Event]:
        """Enter the result of a chance step rolled or drawn at the table."""
        state, events = self.game.apply_chance(self.state, outcome)
        step_outcome = self.game.chance_step(self.state).check(outcome)  # type: ignore[union-attr]
        return self._confirmed({"chance": step_outcome}, state, events)

    def _confirmed(self, entry: dict[str, Any], state: Any, events: list[Event]) -> list[Event]:
        """Record a step a person made: it ends the redo history and triggers automatic chance."""
        self._push(entry, state, events)
        if self.redo_stack:
            self.redo_stack.clear()
            self._journal({"op": "clear_redo"})
        events = events + self._settle()
        self._compact()
        return events

    def _settle(self) -> list[Event]:
        out: list[Event] = []
        source = self.source
        game = self.game
        states = self._states
        # `automatic` is asked at every step: a source may run dry (tests' rigged dice do)
        while not game.is_over(states[-1]) and getattr(source, "automatic", False):
            step = game.chance_step(states[-1])
            if step is None:
                break
            outcome = source.outcome(step, self.chance_count())
            state, events = game.apply_chance(states[-1], outcome)
            self._push({"chance": list(outcome), "auto": True}, state, events)
            out += events
        return out

    def _push(self, entry: dict[str, Any], state: Any, events: list[Event]) -> None:
        if self.path is not None:
            self._journal({"op": "push", "entry": entry})
        log = self.log
        log.append(entry)
        self._states.append(state)
        if events:
            index = len(log) - 1
            self.events += [(index, e) for e in events]

    # --- undo / redo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        try:
            self._undo_group()
            return True
        except IllegalAction:
            return False

    def _undo_group(self) -> int:
        """Index where the last undoable group starts: trailing automatic chance plus one entry."""
        i = len(self.log)
        while i > 0 and self.log[i - 1].get("auto"):
            i -= 1
        if i == 0:
            raise IllegalAction("undo", "nothing to undo")
        i -= 1
        if not self.undo_over_chance and any("chance" in e for e in self.log[i:]):
            raise IllegalAction("undo", "dice rolled or cards drawn cannot be taken back in this game")
        return i

    def undo(self) -> None:
        self._undo_group()  # raises before anything is journalled
        self._journal({"op": "undo"})
        self._undo()
        self._compact()

    def _undo(self) -> None:
        i = self._undo_group()
        self.redo_stack.append(self.log[i:])
        self._truncate(i)

    def redo(self) -> None:
        if not self.redo_stack:
            raise IllegalAction("redo", "nothing to redo")
        self._journal({"op": "redo"})
        group = self.redo_stack.pop()
        self._replay_entries(group, journal=False)
        self._compact()

    def _truncate(self, n: int) -> None:
        del self.log[n:]
        del self._chance_prefix[n + 1:]
        del self._states[n + 1:]
        self.events = [(i, e) for i, e in self.events if i < n]

    def _replay_entries(self, entries: list[dict[str, Any]], journal: bool = True) -> None:
        for k, entry in enumerate(entries):
            if "action" in entry:
                action = self.game.codec.decode(entry["action"])
                state, events = self.game.apply(self.state, action)
            elif "chance" in entry:
                state, events = self.game.apply_chance(self.state, entry["chance"])
            else:
                raise SaveError(f"log entry {k} is neither an action nor a chance outcome: {entry!r}")
            if journal:
                self._journal({"op": "push", "entry": entry})
            self.log.append(entry)
            self._states.append(state)
            self.events += [(len(self.log) - 1, e) for e in events]

    def history(self, player: int | None = None) -> list[Event]:
        """The game log as `player` may see it."""
        return [e for _, e in self.events if e.visible(player)]

    # --- save / load ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game.id, "players": self.players,
                "options": self.options, "seed": self.seed,
                "source": "table" if isinstance(self.source, Table) else "digital",
                "undo_over_chance": self.undo_over_chance, "meta": self.meta,
                "log": self.log, "redo": self.redo_stack}

    def save(self, path: Path | str | None = None) -> Path:
        """Write the whole session atomically and empty the journal."""
        target = Path(path) if path else self.path
        if target is None:
            raise SaveError("no file to save to")
        self.path = target
        atomic_write(target, json.dumps(self.to_json(), indent=1, ensure_ascii=False))
        journal = journal_path(target)
        if journal.exists():
            journal.unlink()
        self._journal_lines = 0
        return target

    def _journal(self, op: dict[str, Any]) -> None:
        if self.path is None:
            return
        if not self.path.exists():
            self.save()
        with open(journal_path(self.path), "a", encoding="utf-8") as fh:
            fh.write(json.dumps(op, ensure_ascii=False) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        self._journal_lines += 1

    def _compact(self) -> None:
        """Fold a long journal into the save file; called only between steps, when log and state agree."""
        if self.path is not None and self._journal_lines >= COMPACT_EVERY:
            self.save()

    @classmethod
    def from_json(cls, data: Any, path: Path | None = None, where: str = "session") -> "Session":
        from companion.games import get_game

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(f"{where}: not a companion session file (missing format: {FORMAT})")
        if data.get("version") != VERSION:
            raise SaveError(f"{where}: session format version {data.get('version')!r} is not supported (expected {VERSION})")
        try:
            game = get_game(data["game"])
            source: ChanceSource = Table() if data.get("source") == "table" else Digital(data.get("seed", 0))
            session = cls(game, data["players"], data.get("options") or {}, data.get("seed", 0), source=source,
                          undo_over_chance=data.get("undo_over_chance", True), meta=data.get("meta") or {})
        except KeyError as exc:
            raise SaveError(f"{where}: missing field {exc}") from None
        except ValueError as exc:
            raise SaveError(f"{where}: {exc}") from None
        # the automatic chance at setup is in the log; start from the bare state
        session._truncate(0)
        try:
            session._replay_entries(list(data.get("log") or []), journal=False)
        except (IllegalAction, SaveError) as exc:
            raise SaveError(f"{where}: log entry {len(session.log)} cannot be replayed: {exc}") from None
        session.redo_stack = [list(g) for g in data.get("redo") or []]
        session.path = path
        return session

    @classmethod
    def load(cls, path: Path | str) -> "Session":
        """Load a saved session and replay its journal; a torn last journal line is dropped."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SaveError(f"{path}: no such file") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SaveError(f"{path}: not a readable session file ({exc})") from None
        session = cls.from_json(data, path=None, where=str(path))
        journal = journal_path(path)
        if journal.exists():
            lines = journal.read_text(encoding="utf-8", errors="replace").splitlines()
            for n, line in enumerate(lines, 1):
                try:
                    op = json.loads(line)
                except json.JSONDecodeError:
                    if n == len(lines):
                        break  # torn write at a crash: that step was never confirmed
                    raise SaveError(f"{journal}:{n}: journal line is not JSON") from None
                try:
                    session._apply_journal_op(op)
                except (IllegalAction, SaveError, KeyError) as exc:
                    raise SaveError(f"{journal}:{n}: cannot replay journal entry: {exc}") from None
        session.path = path
        session.save()
        return session

    def _apply_journal_op(self, op: dict[str, Any]) -> None:
        kind = op["op"]
        if kind == "push":
            self._replay_entries([op["entry"]], journal=False)
        elif kind == "undo":
            self._undo()
        elif kind == "redo":
            self._replay_entries(self.redo_stack.pop(), journal=False)
        elif kind == "clear_redo":
            self.redo_stack.clear()
        else:
            raise SaveError(f"unknown journal operation {kind!r}")


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write to a temporary file beside `path`, then rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
