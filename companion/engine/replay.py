"""Replay files: a game typed in from a real table (or written for a test), read into a Session.

A replay is YAML (docs/REPLAY.md):

    game: piraten-kapern
    players: [Ann, Ben]
    options: {extra_cards: false}     # optional
    actions:                          # chance outcomes and actions, in the order they happened
      - draw: captain                 # the card drawn (a Draw step)
      - roll: [coin, coin, skull, monkey, monkey, monkey, parrot, saber]   # faces, in die order
      - reroll: [7, 8]                # a game shorthand (Game.expand), or...
      - {type: stop}                  # ...an action dict; `player` defaults to the seat to move
    expect: {scores: {Ann: 400, Ben: 0}}   # optional: checked after the last entry

Game-agnostic: chance entries (`draw:`, `roll:`, or `chance:` for any step) go to
`Session.resolve`, everything else to `Session.act` through the game's codec. Besides full
action dicts, an entry may be a bare action type (`stop`), a one-key mapping naming an action
type with its only field (`pick: 3`) or its fields (`pick: {die: 3}`), or a shorthand that the
game's optional `expand(state, entry) -> list[dict] | None` turns into several actions.
Errors name the file, the YAML line, the entry number (from 1) and the rule.
A saved session (JSON written by Session.save) is accepted too.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from companion.content.yamlsrc import read_yaml
from companion.files import Refused, read_regular

from .chance import Table
from .errors import IllegalAction, SaveError
from .session import FORMAT, SAVE_BYTES, GameLookup, Session, find_game

CHANCE_KEYS = ("draw", "roll", "chance")
TOP_KEYS = {"game", "players", "options", "actions", "expect", "title", "notes", "auto_pass"}


class ReplayError(SaveError):
    """A replay file that cannot be played: names the file, the entry and the rule."""


def load_replay(path: Path | str, games: GameLookup) -> Session:
    """Read a replay file (YAML) or a saved session (JSON) and play it to its end. `games` finds
    the Game the file names. A saved session is read as it is, journal included, without
    touching its files (it may be a game being played right now)."""
    path = Path(path)
    try:
        text = read_regular(path, SAVE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such file") from None
    except Refused as exc:
        raise ReplayError(f"{path}: {exc}; expected a replay (YAML) or a session file (JSON)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path}: cannot read the file ({exc})") from None
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}: not valid JSON ({exc})") from None
        if isinstance(data, dict) and data.get("format") == FORMAT:
            return Session.load(path, games, write=False)
    src = read_yaml(path)  # ContentError with file:line on a YAML syntax error
    if isinstance(src.data, dict) and src.data.get("format") == FORMAT:
        return Session.from_json(src.data, games, where=str(path))
    return play_replay(src.data, games, where=str(path), line=src.line)


def play_replay(data: Any, games: GameLookup, where: str = "replay", line: Any = None) -> Session:
    """Play replay data (the parsed YAML mapping); `line(loc)` gives YAML lines for messages."""
    def at(*loc: Any) -> str:
        n = line(loc) if line else None
        return f"{where}:{n}" if n else where

    if not isinstance(data, dict):
        raise ReplayError(f"{where}: expected a mapping with game, players and actions")
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise ReplayError(f"{at(unknown[0])}: unknown key {unknown[0]!r}; expected: {', '.join(sorted(TOP_KEYS))}")
    for key in ("game", "players", "actions"):
        if key not in data:
            raise ReplayError(f"{where}: missing {key!r}")
    for key in ("title", "notes"):  # free text (a number reads as one): a list or a mapping is a slip
        value = data.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int, float))):
            raise ReplayError(f"{at(key)}: {key} must be text, not {type(value).__name__} {value!r:.40}")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ReplayError(f"{at('players')}: players must be a list of names")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ReplayError(f"{at('options')}: options must be a mapping")
    entries = data["actions"] or []
    if not isinstance(entries, list):
        raise ReplayError(f"{at('actions')}: actions must be a list")
    try:
        game = find_game(games, str(data["game"]), at("game"))
    except SaveError as exc:
        raise ReplayError(str(exc)) from None
    try:
        session = Session(game, players, options, source=Table())
    except ValueError as exc:
        raise ReplayError(f"{at('game')}: {exc}") from None
    auto = data.get("auto_pass", False)
    if not isinstance(auto, bool):
        raise ReplayError(f"{at('auto_pass')}: auto_pass must be true or false")
    for i, entry in enumerate(entries):
        try:
            apply_entry(session, entry)
            if auto:
                take_auto_passes(session)
        except IllegalAction as exc:
            raise ReplayError(f"{at('actions', i)}: entry {i + 1} ({_short(entry)}): {exc.reason} ({exc.rule})") from None
    expect = data.get("expect")
    if expect is not None:
        check_expect(session, expect, at("expect"))
    return session


def take_auto_passes(session: Session) -> None:
    """`auto_pass: true`: answer for a seat whose only sensible answer is a pass (the game's
    optional `auto_pass(state)` hook, as the app does for a lone human), so a replay writes only
    the decisions people made."""
    hook = getattr(session.game, "auto_pass", None)
    while hook is not None and not session.is_over() and session.pending_chance() is None:
        action = hook(session.state)
        if action is None:
            return
        session.act(action)


def apply_entry(session: Session, entry: Any) -> None:
    """Apply one replay entry: a chance outcome or one (or a shorthand for several) action(s)."""
    step = session.pending_chance()
    if isinstance(entry, dict) and len(entry) == 1 and next(iter(entry)) in CHANCE_KEYS:
        key, value = next(iter(entry.items()))
        if step is None:
            who = _seat_name(session)
            raise IllegalAction("chance", f"no card or dice are pending here; {who} must act")
        if key != "chance" and step.kind != key:
            raise IllegalAction("chance", f"the pending chance step is '{step.kind}' ({step.label}), not '{key}'")
        translate = getattr(session.game, "replay_outcome", None)  # e.g. an item written by its id
        session.resolve(translate(session.state, value) if translate else value)
        return
    if session.is_over():
        raise IllegalAction("end of game", "the game is over")
    if step is not None:
        raise IllegalAction("chance", f"waiting for {step.label}: write '{step.kind}: ...' first")
    for action in to_actions(session, entry):
        session.act(action)


def to_actions(session: Session, entry: Any) -> list[dict[str, Any]]:
    """An entry as action dicts, with `player` filled in (a name is turned into its seat)."""
    game, state = session.game, session.state
    if isinstance(entry, str):
        entry = {"type": entry}
    if not isinstance(entry, dict):
        raise IllegalAction("action format", f"expected an action (a mapping or an action name), got {entry!r}")
    entry = dict(entry)
    if isinstance(entry.get("player"), str):
        name = entry["player"]
        if name not in session.players:
            raise IllegalAction("action format", f"unknown player {name!r}; players: {', '.join(session.players)}")
        entry["player"] = session.players.index(name)
    expand = getattr(game, "expand", None)
    expanded = expand(state, entry) if expand else None
    items = expanded if expanded is not None else [_shorthand(game, entry)]
    seat = game.to_move(state)
    out = []
    for item in items:
        item = dict(item)
        if seat is not None:
            item.setdefault("player", seat)
        out.append(item)
    return out


def _shorthand(game: Any, entry: dict[str, Any]) -> dict[str, Any]:
    keys = [k for k in entry if k != "player"]
    if "type" in entry or len(keys) != 1:
        return entry
    key = keys[0]
    cls = game.codec.classes.get(key)
    if cls is None:
        return {"type": key}  # the codec reports the unknown type by its name
    value = entry[key]
    fields = [f.name for f in dataclasses.fields(cls) if f.name != "player"]
    base = {k: v for k, v in entry.items() if k == "player"}
    if isinstance(value, dict):
        return {"type": key, **base, **value}
    if value is None and not fields:
        return {"type": key, **base}
    if len(fields) == 1:
        return {"type": key, **base, fields[0]: value}
    raise IllegalAction("action format", f"{key}: give its fields as a mapping ({', '.join(fields)})")


def check_expect(session: Session, expect: Any, where: str) -> None:
    """Compare the `expect:` block (any keys of the game's result, e.g. scores, winners, over)."""
    if not isinstance(expect, dict):
        raise ReplayError(f"{where}: expect must be a mapping (e.g. scores: {{Ann: 500}})")
    result = session.game.result(session.state)
    for key, want in expect.items():
        if key not in result:
            raise ReplayError(f"{where}: the result has no {key!r}; it has {', '.join(result)}")
        got = result[key]
        if isinstance(want, dict) and isinstance(got, dict):
            got = {k: got.get(k) for k in want}
        if got != want:
            raise ReplayError(f"{where}: expected {key} {want}, got {got}")


def summary(session: Session) -> dict[str, Any]:
    """The final public state: what `companion replay --json` prints."""
    game = session.game
    return {"game": game.id, "players": session.players, "options": session.options,
            "steps": len(session.log), "over": session.is_over(), "to_move": game.to_move(session.state),
            "pending": (session.pending_chance().describe() if session.pending_chance() else None),
            "result": game.result(session.state), "state": session.view(None)}


def _seat_name(session: Session) -> str:
    seat = session.game.to_move(session.state)
    return session.players[seat] if seat is not None else "a player"


def _short(entry: Any) -> str:
    text = json.dumps(entry, ensure_ascii=False) if not isinstance(entry, str) else entry
    return text if len(text) <= 60 else text[:57] + "..."
