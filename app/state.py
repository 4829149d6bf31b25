"""The app's plain-Python core: where games are saved, who sits where, and the shared game registry.

No Flet here. One `GameRegistry` per process is shared by every page session (every browser in
web mode): it holds the live sessions, so two devices in one game see the same state, and a lock
per game makes each step atomic. Seats are owned by client tokens (one per browser or window);
the registry refuses any action for a seat the client does not hold, so no device can act for
another player. Every step goes through `Session` with `path=`, so it is journalled as it
happens and a restart resumes every game where it was.
"""
from __future__ import annotations

import bisect

import hashlib
import json
import logging
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from app import access
from companion import api
from companion.api import get_game
from companion.engine import Action, Event, IllegalAction, Runner, SaveError, Session, Table
from companion.engine import bot_name, make_bot as engine_bot
from companion.engine.chance import Digital
from companion.engine.session import delete_saved
from companion.history import HistoryError, RoundRecord
from companion.history.place import APP_NAME, data_dir, history_path  # noqa: F401 (APP_NAME: the folder's name)
from companion.history.record import recorded, remember, walk_track

log = logging.getLogger("companion.app")
META_KEY = "app"

#: what a saved game is used for: a score pad beside a real table, or digital play
ASSISTANT, HOTSEAT, DEVICES = "assistant", "hotseat", "devices"
MODES = (ASSISTANT, HOTSEAT, DEVICES)
HUMAN, BOT = "human", "bot"
#: how bots move in digital play: at once after each decision, or one step a tap
INSTANT, STEP = "instant", "step"
PACES = (INSTANT, STEP)
#: a seat played by the random bot even where the game has its own (smarter) bot
RANDOM_BOT = "random-bot"
KINDS = (HUMAN, BOT, RANDOM_BOT)
#: a seat kind "bot:NAME": one of the game's bots by its name (engine.bot_kinds)
NAMED_BOT = "bot:"
#: the longest player name (the setup screen's field; longer text is refused on the server)
MAX_NAME = 40


#: the environment variable that seeds every game the app starts (`companion app --seed N` sets it)
SEED_ENV = "COMPANION_SEED"


def setup_seed(game_id: str, players: list[str], mode: str, kinds: list[str],
               options: dict[str, Any]) -> int | None:
    """The seed of a new game when $COMPANION_SEED is set: made from that number and the game's
    setup, so the same setup deals the same dice and cards whenever it is started (demos, teaching,
    the browser tests) and two setups differ; None (a fresh random seed) when it is not set."""
    base = os.environ.get(SEED_ENV, "").strip()
    if not base:
        return None
    text = json.dumps([base, game_id, mode, players, kinds, options], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1


def games_dir(root: Path | None = None) -> Path:
    return (root or data_dir()) / "games"


def new_token() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class Seat:
    name: str
    kind: str = HUMAN
    #: the client token holding this seat (one-device-per-player mode); None while free
    owner: str | None = None
    #: whether this player wants odds and advice shown (None: not asked; see LiveGame.advice_on)
    advice: bool | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass
class GameSummary:
    """One line of the home screen's Continue list."""

    id: str
    game: str
    mode: str
    players: list[str]
    title: str
    updated: float
    over: bool
    to_move: str | None
    steps: int
    error: str | None = None
    #: put away by its owner: off the Continue list, under Archived games (and back with Restore)
    archived: bool = False


class LiveGame:
    """A saved session in play, with its seats, shared by every page that shows it."""

    def __init__(self, gid: str, session: Session, bots: dict[int, Any] | None = None):
        self.id = gid
        self.session = session
        self.lock = threading.RLock()
        info = session.meta.setdefault(META_KEY, {})
        self.mode: str = info.get("mode", HOTSEAT)
        self.seats = [Seat(**s) for s in info.get("seats") or [{"name": p} for p in session.players]]
        #: the client token of the device that created the game: a hot-seat game or a table assistant
        #: is used on that device only, unless it is shared; in a one-device-each game it is the host
        #: (who may hand a taken seat to another device)
        self.owner: str | None = info.get("owner")
        self.shared: bool = bool(info.get("shared"))
        self.bots = bots if bots is not None else {
            i: make_bot(session, i, s.kind) for i, s in enumerate(self.seats) if s.is_bot}
        self.runner = Runner(session, self.bots)
        self.version = 0  # bumped on every change, so pages can tell they are stale
        #: the table's history this game goes into when it ends (the registry's data folder)
        self.history: Path | None = None
        self._track: tuple[int, Any] = (-1, None)
        #: the last odds and advice asked, by (version, log length, seat, language)
        self._odds: tuple[Any, Any] = (None, None)
        #: when the game last changed (for the Continue list); loading a save must not count
        self.touched = time.time()

    # --- who may do what ---------------------------------------------------------------------
    @property
    def game(self):
        return self.session.game

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def seats_of(self, client: str) -> list[int]:
        """The seats this client may act for."""
        if self.mode == DEVICES:
            return [i for i, s in enumerate(self.seats) if s.owner == client and not s.is_bot]
        # one device (a table, a hot seat) holds every human seat: the one that created the game,
        # or any device that joined once the game is shared
        return self.human_seats() if self.may_use(client) else []

    def may_use(self, client: str) -> bool:
        """A hot-seat game or table assistant: whether this device may see and play it."""
        if self.owner is None or client == self.owner:
            return True
        return self.shared and access.current().may_join(client)

    def may_open(self, client: str) -> bool:
        """Whether the game is shown to this device at all (its Continue list, its link)."""
        if self.mode != DEVICES:
            return self.may_use(client)
        return client == self.owner or bool(self.seats_of(client)) or bool(self.free_seats())

    def adopt(self, client: str) -> None:
        """A game saved before games had owners belongs to the first device that opens it."""
        with self.lock:
            if self.owner is None:
                self.owner = client
                self._save_meta()

    def share(self, client: str, on: bool) -> None:
        """The owner lets other devices use a hot-seat game or table assistant (or stops it)."""
        with self.lock:
            if client != self.owner:
                raise IllegalAction.said("seats", "app.refused.share_owner")
            self.shared = bool(on)
            self._save_meta()

    def hand_over(self, client: str, seat: int) -> None:
        """The host frees a taken seat (a lost or flat phone) so that another device can take it."""
        with self.lock:
            if self.mode != DEVICES:
                raise IllegalAction.said("seats", "app.refused.one_device_hand")
            if client != self.owner:
                raise IllegalAction.said("seats", "app.refused.free_host")
            if not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
                raise IllegalAction.said("seats", "app.refused.no_seat", seat=seat)
            if self.seats[seat].owner is None:
                raise IllegalAction.said("seats", "app.refused.seat_free", name=self.seats[seat].name)
            self.seats[seat].owner = None
            self._save_meta()

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot and s.owner is None]

    def claim(self, client: str, seat: int) -> None:
        with self.lock:
            if self.mode != DEVICES:
                raise IllegalAction.said("seats", "app.refused.one_device_take")
            if not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
                raise IllegalAction.said("seats", "app.refused.no_free_seat", seat=seat)
            if client != self.owner and not access.current().may_join(client):
                raise IllegalAction.said("seats", "app.refused.join_code")
            owner = self.seats[seat].owner
            if owner not in (None, client):
                raise IllegalAction.said("seats", "app.refused.seat_taken", name=self.seats[seat].name)
            for s in self.seats:  # one seat per device
                if s.owner == client:
                    s.owner = None
            self.seats[seat].owner = client
            self._save_meta()

    def release(self, client: str) -> None:
        with self.lock:
            changed = False
            for s in self.seats:
                if s.owner == client:
                    s.owner, changed = None, True
            if changed:
                self._save_meta()

    def viewer(self, client: str) -> int | None:
        """The seat whose view this client sees (None: the table's public view)."""
        if self.mode == ASSISTANT:
            return None
        mine = self.seats_of(client)
        if not mine:
            return None
        if self.mode == DEVICES:
            return mine[0]
        to_move = self.session.to_move()
        return to_move if to_move in mine else None

    def view(self, client: str, seat: int | None = None) -> dict[str, Any]:
        """Only ever a view the client may see: its own seat's (or the public one)."""
        with self.lock:
            self._check_view(client, seat)
            return self.session.view(seat if seat is not None else self.viewer(client))

    def _check_view(self, client: str, seat: int | None) -> None:
        if not self.may_open(client) and not self.seats_of(client):
            raise IllegalAction.said("seats", "app.refused.other_device")
        if seat is not None and seat not in self.seats_of(client):
            raise IllegalAction.said("seats", "app.refused.own_view")

    def board_view(self, client: str, seat: int | None = None) -> dict[str, Any] | None:
        """The board picture as the same seat's view sees it (None: the game has no board)."""
        with self.lock:
            self._check_view(client, seat)
            return self.session.board_view(seat if seat is not None else self.viewer(client))

    # --- odds and advice (docs/APP.md: Odds and advice) ------------------------------------------
    def advice_seats(self) -> list[int]:
        """The players who decide whether advice is shown: every human seat in digital play; the
        table assistant's one switch (seat 0) at a real table."""
        return [0] if self.mode == ASSISTANT else self.human_seats()

    def advice_on(self) -> bool:
        """Advice is shown when every deciding player said yes; a lone player (and the table
        assistant) has it on until switched off, several humans only once all of them agreed."""
        seats = self.advice_seats()
        default = len(seats) == 1
        return bool(seats) and all(default if self.seats[i].advice is None else self.seats[i].advice for i in seats)

    def advice_wanted(self, seat: int) -> bool:
        s = self.seats[seat]
        return (len(self.advice_seats()) == 1) if s.advice is None else bool(s.advice)

    def set_advice(self, client: str, seat: int, on: bool) -> None:
        """A player says whether they want odds and advice; only for a seat this device holds."""
        with self.lock:
            if seat not in self.advice_seats() or (self.mode != ASSISTANT and seat not in self.seats_of(client)) \
                    or (self.mode == ASSISTANT and not self.may_use(client)):
                raise IllegalAction.said("seats", "app.refused.own_advice")
            self.seats[seat].advice = bool(on)
            self.version += 1
            self._save_meta()

    def odds_view(self, client: str, seat: int | None = None, lang: str = "en") -> dict[str, Any] | None:
        """The odds and advice beside this moment's roll (None while advice is off), for the seat
        whose view this client sees, in the client's language."""
        with self.lock:
            self._check_view(client, seat)
            if not self.advice_on():
                return None
            seat = seat if seat is not None else self.viewer(client)
            key = (self.version, len(self.session.log), seat, lang)
            if self._odds[0] != key:  # (the expert's advice thinks for up to the app's budget: once a position)
                self._odds = (key, api.odds_view(self.session, seat, lang))
            return self._odds[1]

    # --- what screens ask besides views (the session answers; no screen reads the state) ---------
    def to_move(self) -> int | None:
        return self.session.to_move()

    def legal_actions(self) -> list[Action]:
        return self.session.legal_actions()

    def pending_chance(self) -> Any:
        """The chance step the table must answer (its kind and what may come up), if any."""
        return self.session.pending_chance()

    def refusal(self, action: Action | dict[str, Any], words: Any = None) -> str | None:
        """Why the rules refuse this action now (None if allowed), in the words' language: a
        disabled button says it."""
        return self.session.refusal(action, words)

    def describe(self, action: Action | dict[str, Any]) -> str:
        return self.session.describe(action)

    def result(self) -> dict[str, Any]:
        return self.session.result()

    def turns_since(self, seat: int | None, limit: int = 3) -> list[tuple[int | None, list[Event]]]:
        """What happened since `seat` last decided, as the other seats' turns: (the acting seat, or
        None for the table, and the events of that turn as `seat` may see them, oldest first),
        at most the last `limit` turns. A chance outcome (a card drawn, dice rolled) belongs to the
        seat that decides next, whose turn it opens; an event that starts with another seat's name
        ("Anne has 3 skulls") starts that seat's turn (a turn that ended without a decision). The
        opening of `seat`'s own turn now is left out (its screen shows it). Empty when `seat`
        acted last."""
        log = self.session.log
        last_own = max((i for i, e in enumerate(log) if "action" in e and e["action"].get("player") == seat),
                       default=-1)
        actor_of: dict[int, int | None] = {}
        actor: int | None = self.to_move()
        for i in range(len(log) - 1, last_own, -1):  # from the end: a chance goes to the next actor
            e = log[i]
            if "action" in e:
                actor = e["action"].get("player")
            actor_of[i] = actor
        names = [s.name + " " for s in self.seats]
        turns: list[tuple[int | None, list[Event]]] = []
        for i, event in self.session.events:
            if i <= last_own or not event.visible(seat):
                continue
            who = actor_of.get(i)
            named = next((n for n, prefix in enumerate(names) if event.text.startswith(prefix)), None)
            if named is not None:
                who = named
            if turns and turns[-1][0] == who:
                turns[-1][1].append(event)
            else:
                turns.append((who, [event]))
        if turns and turns[-1][0] == seat:
            turns.pop()
        return turns[-limit:]

    def _check_seat(self, client: str, seat: int) -> None:
        if seat not in self.seats_of(client):
            raise IllegalAction.said("seats", "app.refused.not_held", name=self.seats[seat].name)

    # --- steps ---------------------------------------------------------------------------------
    def act(self, client: str, action: Action | dict[str, Any]) -> list:
        with self.lock:
            action = self.game.codec.decode(action)
            self._check_seat(client, action.player)
            events = self.session.act(action)
            self._seen(action.player)  # (the person saw what their own decision brought)
            events += self.run_bots()
            self.version += 1
            self.touched = time.time()
            self.remember()
            return events

    def resolve(self, client: str, outcome: Any) -> list:
        """Enter the table's dice or card (table assistant); only a device holding a seat may."""
        with self.lock:
            if not self.seats_of(client):
                raise IllegalAction.said("seats", "app.refused.no_seat_here")
            events = self.session.resolve(outcome)
            events += self.run_bots()
            self.version += 1
            self.touched = time.time()
            self.remember()
            return events

    def undo(self, client: str) -> None:
        with self.lock:
            if not self.seats_of(client):
                raise IllegalAction.said("seats", "app.refused.no_seat_here")
            if self.mode == DEVICES and not self.can_undo(client):
                raise IllegalAction.said("undo", "app.refused.undo_own")
            done = 0
            try:  # take back the bots' replies and the passes taken automatically too, so the human
                # is back where they decided
                while True:
                    while self._last_actor() in self.bots:
                        self.session.undo()
                        done += 1
                    self.session.undo()
                    done += 1
                    if self.auto_action() is None:  # a decision the human made, not a pass taken for them
                        break
            except IllegalAction:
                for _ in range(done):
                    self.session.redo()
                raise
            self.version += 1
            self.touched = time.time()

    def can_undo(self, client: str) -> bool:
        if not self.session.can_undo():
            return False
        if self.mode != DEVICES:
            return bool(self.seats_of(client))
        actor = self._last_human_actor()
        return actor is not None and actor in self.seats_of(client)

    def undo_refusal(self, client: str, words: Any) -> str | None:
        """Why this device may not undo now, in the words' language (None: it may): a disabled
        Undo says it under the button ("dice rolled ... cannot be taken back in this game")."""
        if self.can_undo(client):
            return None
        if not self.seats_of(client):
            return words("app.refused.no_seat_here")
        refused = self.session.undo_refusal()
        return refused.say(words) if refused is not None else words("app.refused.undo_own")

    def _last_actor(self) -> int | None:
        for entry in reversed(self.session.log):
            if "action" in entry:
                return entry["action"].get("player")
            if not entry.get("auto"):
                return None
        return None

    def _last_human_actor(self) -> int | None:
        for entry in reversed(self.session.log):
            if "action" in entry and entry["action"].get("player") not in self.bots:
                return entry["action"].get("player")
        return None

    def auto_action(self) -> Action | None:
        """The pass taken for the person to move without asking (the engine's one auto-pass rule:
        only when a single person plays, so whether a captain is asked never tells the others what
        they hold)."""
        return self.runner.auto_action()

    def run_bots(self) -> list:
        """Let bots act for their seats until a person must decide (or the table must roll); a lone
        person's windows with nothing to do but pass are passed for them (the engine's Runner). The
        run stops early where a person's tap is waited for (`pause`)."""
        if not self.human_seats() or self.session.is_over():
            return self.runner.advance()
        if self.pause() is not None:
            return []
        return self.runner.advance(stop=lambda: self.pause() is not None)

    # --- a person's turns and the bots' pace -----------------------------------------------------
    @property
    def pace(self) -> str:
        """How bots move: "instant" (at once, after each decision) or "step" (one step a tap)."""
        return self.session.meta.get(META_KEY, {}).get("pace", INSTANT)

    def passes_turns(self, seat: int) -> bool:
        """Whether `seat`'s player chose to let their turns with nothing to decide pass untapped."""
        return seat in self.session.meta.get(META_KEY, {}).get("pass_turns", [])

    def _seen(self, seat: int) -> None:
        """`seat`'s player has seen the game up to its last step."""
        self.session.meta.setdefault(META_KEY, {}).setdefault("seen", {})[str(seat)] = len(self.session.log) - 1

    def pause(self) -> dict[str, Any] | None:
        """The tap the game waits for before the bots go on, if any: {"kind": "turn", "seat", "events"}
        when a person's turn went by with nothing for them to decide (the rolls that open a person's
        turn, "Anne rolls 4: the ship stays at sea", since that person last looked), unless they chose
        to let such turns pass; {"kind": "bot", "seat"} when the bots move step by step and one is to
        move. Both are read from the log: the app knows no rule."""
        s = self.session
        if s.is_over() or self.mode == ASSISTANT:
            return None
        info = s.meta.get(META_KEY, {})
        seen = info.get("seen", {})
        to_move = s.to_move()
        events = s.events
        for seat in self.human_seats():
            if seat == to_move or self.passes_turns(seat):
                continue
            mark = seen.get(str(seat), -1)
            prefix = self.seats[seat].name + " "
            start = bisect.bisect_right(events, mark, key=lambda item: item[0])
            rolls = [e for _, e in events[start:] if e.type == "roll" and e.text.startswith(prefix) and e.visible(seat)]
            if rolls:
                return {"kind": "turn", "seat": seat, "events": rolls}
        if self.pace == STEP and to_move is not None and to_move in self.bots:
            return {"kind": "bot", "seat": to_move}
        return None

    def go_on(self, client: str) -> list:
        """The tap a pause waits for: the person saw their turn (a device holding that seat), or the
        next bot step (any device holding a seat)."""
        with self.lock:
            waiting = self.pause()
            if waiting is None:
                return []
            if waiting["kind"] == "turn":
                self._check_seat(client, waiting["seat"])
                self._seen(waiting["seat"])
                events = self.run_bots()
            else:
                if not self.seats_of(client):
                    raise IllegalAction.said("seats", "app.refused.no_seat_here")
                events = self.runner.advance(stop=lambda: True)  # one step
            self._save_meta()
            return events

    def set_pace(self, client: str, pace: str) -> list:
        """Bots at once or step by step (any device holding a seat); at once lets them go on now."""
        with self.lock:
            if pace not in PACES:
                raise ValueError(f"a pace is one of {', '.join(PACES)}, not {pace!r}")
            if not self.seats_of(client):
                raise IllegalAction.said("seats", "app.refused.no_seat_here")
            self.session.meta.setdefault(META_KEY, {})["pace"] = pace
            events = self.run_bots()
            self._save_meta()
            return events

    def set_pass_turns(self, client: str, seat: int, on: bool) -> list:
        """A player's choice to let their turns with nothing to decide pass without a tap."""
        with self.lock:
            self._check_seat(client, seat)
            chosen = set(self.session.meta.setdefault(META_KEY, {}).get("pass_turns", []))
            chosen = chosen | {seat} if on else chosen - {seat}
            self.session.meta[META_KEY]["pass_turns"] = sorted(chosen)
            if on:
                self._seen(seat)
            events = self.run_bots()
            self._save_meta()
            return events

    # --- the table's history (companion/history) --------------------------------------------------
    def remember(self, again: bool = True) -> int | None:
        """A finished game goes into the table's history: when it ends (again: a game undone and
        finished anew replaces its record) and when a finished game is loaded that is not there
        yet (a crash while it was written). The save stays; a history that cannot be written
        never stops the game (it is logged)."""
        if self.history is None or not self.session.is_over():
            return None
        info = self.session.meta.get(META_KEY, {})
        try:
            if not again and recorded(self.session, self.history):
                return None
            kinds = [self.history_kind(s.kind) for s in self.seats]
            return remember(self.session, self.mode, self.history, kinds=kinds,
                            started=info.get("created"), ended=self.touched, replace=again,
                            game=api.base_id(self.game.id))
        except (HistoryError, sqlite3.Error, OSError) as exc:
            log.warning("the game %s could not be kept in the history: %s", self.id, exc)
            return None

    def history_kind(self, kind: str) -> str:
        """A seat as the history names it: "human", or "bot:<the bot's name>"."""
        if kind == HUMAN:
            return HUMAN
        if kind.startswith(NAMED_BOT):  # (by its name today: a save may hold a former one)
            return NAMED_BOT + bot_name(self.game, kind[len(NAMED_BOT):])
        return NAMED_BOT + ("random" if kind == RANDOM_BOT else next(iter(api.bot_kinds(self.game))))

    def track(self) -> list[RoundRecord]:
        """The game's track so far, round by round (the score sheet), as the history records it."""
        with self.lock:
            n = len(self.session.log)
            if self._track[0] != n:
                self._track = (n, walk_track(self.session)[0])
            return self._track[1]

    # --- persistence -----------------------------------------------------------------------------
    def _save_meta(self) -> None:
        self.session.meta[META_KEY]["seats"] = [asdict(s) for s in self.seats]
        self.session.meta[META_KEY]["owner"] = self.owner
        self.session.meta[META_KEY]["shared"] = self.shared
        self.session.meta[META_KEY]["updated"] = time.time()
        self.version += 1
        self.touched = time.time()
        if self.session.path is not None:
            self.session.save()

    def summary(self) -> GameSummary:
        s = self.session
        to_move = s.to_move()
        info = s.meta.get(META_KEY, {})
        updated = self.touched
        return GameSummary(id=self.id, game=self.game.id, mode=self.mode, players=list(s.players),
                           title=info.get("title") or self.game.name, updated=updated, over=s.is_over(),
                           to_move=s.players[to_move] if to_move is not None else None, steps=len(s.log),
                           archived=bool(info.get("archived")))

    def may_manage(self, client: str) -> bool:
        """Whether this device may archive or delete the game: the device that started it."""
        return self.owner is None or client == self.owner

    def archive(self, client: str, on: bool) -> None:
        """Put the game away (off the Continue list) or back; only the device that started it."""
        with self.lock:
            if not self.may_manage(client):
                raise IllegalAction.said("seats", "app.refused.not_owner")
            self.session.meta.setdefault(META_KEY, {})["archived"] = bool(on)
            self._save_meta()


def make_bot(session: Session, seat: int, kind: str = BOT) -> Any:
    """The game's own bot if it offers one, else (or for RANDOM_BOT) the random one; "bot:NAME"
    one of the game's bots by name (`heuristic`, `expert`, `random`; a former name too)."""
    if kind.startswith(NAMED_BOT):
        return engine_bot(session.game, f"{session.seed}:{seat}", kind[len(NAMED_BOT):])
    return engine_bot(session.game, f"{session.seed}:{seat}", "random" if kind == RANDOM_BOT else None)


class GameRegistry:
    """Every saved game of this data folder, loaded on first use and shared across pages."""

    def __init__(self, root: Path | None = None):
        self.root = games_dir(root) if root is not None else games_dir()
        #: the table's history of this data folder
        self.history = history_path(self.root.parent)
        self.lock = threading.RLock()
        self.games: dict[str, LiveGame] = {}
        self.broken: dict[str, str] = {}

    def path(self, gid: str) -> Path:
        if not gid or len(gid) > 64 or not all(c.isalnum() or c in "-_" for c in gid):
            raise KeyError(gid)  # (a link a client typed: no file name of its choosing, none too long)
        return self.root / f"{gid}.json"

    def create(self, game: Any, players: list[str], mode: str, kinds: list[str] | None = None,
               options: dict[str, Any] | None = None, seed: int | str | None = None,
               title: str | None = None, owner: str | None = None) -> LiveGame:
        """A new saved game; `owner` is the client token of the device that creates it."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
        kinds = list(kinds or [HUMAN] * len(players))
        if len(kinds) != len(players) or any(k not in KINDS and not k.startswith(NAMED_BOT) for k in kinds):
            raise ValueError("every seat is a human or a bot")
        if mode == ASSISTANT:
            kinds = [HUMAN] * len(players)
        elif HUMAN not in kinds:
            raise ValueError("at least one seat must be a human player")
        long = next((n for n in players if len(n) > MAX_NAME), None)
        if long is not None:  # (a name comes from a text field: a hostile client can send megabytes)
            raise ValueError(f"a player's name may have at most {MAX_NAME} letters; {long[:20]}… has {len(long)}")
        if seed is None:
            seed = setup_seed(game.id, players, mode, kinds, options or {})
        seed = seed if seed is not None else secrets.randbelow(2**31)
        gid = time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)
        seats = [asdict(Seat(n, k)) for n, k in zip(players, kinds)]
        meta = {META_KEY: {"mode": mode, "seats": seats, "title": title or game.name, "created": time.time(),
                           "owner": owner, "shared": False}}
        self.root.mkdir(parents=True, exist_ok=True)
        source = Table() if mode == ASSISTANT else Digital(seed)
        # at a real table a mistyped die must be fixable; in digital play rolled dice stay rolled
        # (unless the game says otherwise), so undo takes back only decisions
        undo_over_chance = True if mode == ASSISTANT else getattr(game, "undo_over_chance", False)
        session = Session(game, players, options or {}, seed=seed, source=source, path=self.path(gid), meta=meta,
                          undo_over_chance=undo_over_chance)
        live = LiveGame(gid, session)
        live.history = self.history
        with self.lock:
            self.games[gid] = live
        with live.lock:
            live.run_bots()
            live.remember()
        return live

    def get(self, gid: str) -> LiveGame:
        """A live game by id; loads it from its file (and journal) the first time."""
        with self.lock:
            if gid in self.games:
                return self.games[gid]
            path = self.path(gid)
            if not path.exists():
                raise KeyError(gid)
            journal = path.with_name(path.name + ".journal")
            touched = max(p.stat().st_mtime for p in (path, journal) if p.exists())
            session = Session.load(path, get_game)  # (rewrites the file: take the time before)
            api.warm_up_odds(session.game.id)  # (a game opened by its link: its odds get ready meanwhile)
            live = LiveGame(gid, session)
            live.touched = touched
            live.history = self.history
            self.games[gid] = live
        with live.lock:
            live.run_bots()  # a bot's turn interrupted by a stop goes on
            live.remember(again=False)  # (a finished game whose record a crash took away)
        return live

    def ids(self) -> list[str]:
        if not self.root.exists():
            return []
        return sorted((p.stem for p in self.root.glob("*.json") if not p.name.startswith(".")), reverse=True)

    def summaries_for(self, client: str) -> list[GameSummary]:
        """The games this device may open: its own, shared ones, seats it holds or may take."""
        out = []
        for s in self.summaries():
            live = self.games.get(s.id)
            if s.error is None and live is not None and live.may_open(client):
                out.append(s)
        return out

    def summaries(self, include_over: bool = True) -> list[GameSummary]:
        out = []
        for gid in self.ids():
            try:
                out.append(self.get(gid).summary())
            except Exception as exc:  # noqa: BLE001 - one bad file must not take the Home screen away
                if not isinstance(exc, (SaveError, KeyError, ValueError, IllegalAction)):
                    log.warning("cannot load saved game %s", gid, exc_info=True)
                why = str(exc) if isinstance(exc, (SaveError, ValueError, IllegalAction)) else \
                    f"the save cannot be read ({type(exc).__name__}: {exc})"
                out.append(GameSummary(gid, "?", "?", [], f"unreadable save {gid}", 0.0, True, None, 0, why))
        out = [s for s in out if include_over or not s.over]
        return sorted(out, key=lambda s: s.updated, reverse=True)

    def remove(self, client: str, gid: str) -> None:
        """Delete a saved game for a device that may (the one that started it); a game whose save
        cannot be read may be deleted by any device of this machine's table."""
        live = self.games.get(gid)
        if live is not None and not live.may_manage(client):
            raise IllegalAction.said("seats", "app.refused.not_owner")
        if gid not in self.ids():
            raise KeyError(gid)
        self.delete(gid)

    def delete(self, gid: str) -> None:
        with self.lock:
            live = self.games.pop(gid, None)
            if live is not None:
                live.session.close()  # no journal line may follow the file into the bin
            delete_saved(self.path(gid))


_REGISTRY: GameRegistry | None = None
_REGISTRY_LOCK = threading.Lock()


def registry() -> GameRegistry:
    """The process-wide registry (created on first use, for the data folder of that moment)."""
    global _REGISTRY
    with _REGISTRY_LOCK:
        if _REGISTRY is None or _REGISTRY.root != games_dir():
            _REGISTRY = GameRegistry()
        return _REGISTRY


def read_settings(root: Path | None = None) -> dict[str, Any]:
    path = (root or data_dir()) / "settings.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return {}
