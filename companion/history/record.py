"""A finished session as a history record, from what any game says of itself.

Nothing here knows a game. The result (`Session.result`) gives the scores, the winners and
whatever else it says per player (crew, turns, pirates left: a mapping from each player's name to
a number or a word, kept as the seat's extras). A game's `history_view(state)`, a small view of
its own (a game without one has none), says how it ended (`ending`) and where its own track stands
now (`track`: {"round", "values": {name: number}, "marks": {name: word key}, "label", "gain",
"fastest"}); the rounds are found by walking the session's log again in a session of its own
(Session.act and Session.resolve only) and keeping the last point of each round. A player's
colour comes from the public view, if it names one.
"""
from __future__ import annotations

import hashlib
import json
import logging
import time
from pathlib import Path
from typing import Any

from companion.engine import Digital, IllegalAction, SaveError, Session, Table

from .model import ENDINGS, GameRecord, HistoryError, RoundRecord, SeatRecord
from .store import open_history

log = logging.getLogger("companion.history")

#: result keys that are not a player's extras
_OWN = {"scores", "winners", "over"}


def fingerprint(session: Session) -> str:
    """The game's identity, so that the same game is recorded once however often it is seen (a
    reload, an import, a second replay): a game the app created is its setup and the moment it was
    created (undone and finished anew, it is the same game); any other its setup and every step."""
    data = session.to_json()
    created = (data.get("meta") or {}).get("app", {}).get("created")
    steps = data["log"] if created is None else None
    text = json.dumps([data["game"], data["players"], data["options"], data["seed"], data.get("start"),
                       steps, created], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def history_view(session: Session) -> dict[str, Any]:
    """The game's view for the history at this moment ({} if the game gives none)."""
    hook = getattr(session.game, "history_view", None)
    got = hook(session.state) if hook is not None else None
    return got if isinstance(got, dict) else {}


def walk_track(session: Session) -> tuple[list[RoundRecord], dict[str, str]]:
    """The game's track round by round: the session's log played again in a quiet session of its
    own, the result's `track` asked after each step; ([], {}) when the game keeps none."""
    first = history_view(session).get("track")
    if not isinstance(first, dict):
        return [], {}
    data = session.to_json()
    players = list(session.players)
    digital = data["source"] != "table"
    start = session.game.state_from_json(data["start"]) if data.get("start") is not None else None
    points: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}

    def sample(s: Session) -> None:
        t = history_view(s).get("track")
        if isinstance(t, dict) and isinstance(t.get("round"), int):
            points[t["round"]] = (dict(t.get("values") or {}), dict(t.get("marks") or {}))

    try:
        again = Session(session.game, players, data["options"], seed=data["seed"],
                        source=Digital(data["seed"]) if digital else Table(), history=False, start=start)
        sample(again)
        for entry in data["log"]:
            if "action" in entry:
                again.act(entry["action"])
            elif "chance" in entry and not (digital and entry.get("auto")):
                again.resolve(entry["chance"])
            else:
                continue  # (digital dice answer again by themselves, as they did)
            sample(again)
    except (IllegalAction, SaveError, ValueError, KeyError, TypeError) as exc:
        log.warning("the track of a %s game cannot be walked again: %s", session.game.id, exc)
        return [], {}
    if len(again.log) != len(data["log"]):
        log.warning("the track of a %s game went another way than its log", session.game.id)
        return [], {}
    rounds = [RoundRecord(round=r, values=[_number(v.get(p)) for p in players],
                          marks=[m.get(p) if isinstance(m.get(p), str) else None for p in players])
              for r, (v, m) in sorted(points.items())]
    label = {k: str(first[k]) for k in ("label", "gain", "fastest") if isinstance(first.get(k), str)}
    return rounds, label


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def places(scores: list[float | None], winners: list[bool]) -> list[int]:
    """Placing: the winners first (1st), then the others by score, ties sharing a place."""
    key = [(not w, -(s if s is not None else float("-inf"))) for s, w in zip(scores, winners)]
    return [1 + sum(1 for other in key if other < k) for k in key]


def record_of(session: Session, mode: str, kinds: list[str] | None = None, started: float | None = None,
              ended: float | None = None, title: str | None = None, game: str | None = None) -> GameRecord:
    """The history record of a finished session. `kinds`: "human" or "bot:<kind>" per seat;
    `game`: the game it counts as (a table tracker's game), the session's game by default."""
    if not session.is_over():
        raise HistoryError("only a finished game goes into the history; this one is still being played")
    res = session.result()
    players = list(session.players)
    scores = [_number((res.get("scores") or {}).get(p)) for p in players]
    won = [p in set(res.get("winners") or []) for p in players]
    view = session.view(None)
    seen = view.get("players") if isinstance(view, dict) else None
    colours = [None] * len(players)
    if isinstance(seen, list):
        for i, p in enumerate(seen[:len(players)]):
            if isinstance(p, dict) and isinstance(p.get("colour"), str):
                colours[i] = p["colour"]
    extras: list[dict[str, Any]] = [{} for _ in players]
    for key, value in res.items():
        if key in _OWN or not isinstance(value, dict) or not value or not set(value) <= set(players):
            continue
        for i, p in enumerate(players):
            v = value.get(p)
            if isinstance(v, (int, float, str)) and not isinstance(v, bool):
                extras[i][key] = v
    kinds = list(kinds or ["human"] * len(players))
    placing = places(scores, won)
    seats = [SeatRecord(seat=i, name=p, colour=colours[i], kind=kinds[i], score=scores[i], place=placing[i],
                        winner=won[i], extras=extras[i]) for i, p in enumerate(players)]
    rounds, track = walk_track(session)
    ending = history_view(session).get("ending")
    ending = ending if ending in ENDINGS else "normal"
    info = session.meta.get("app") or {}
    return GameRecord(uid=fingerprint(session), game=game or session.game.id, title=title or info.get("title") or
                      session.game.name, mode=mode, options=dict(session.options),
                      started=started if started is not None else info.get("created"),
                      ended=ended if ended is not None else time.time(), ending=ending, seats=seats, rounds=rounds,
                      track=track)


def remember(session: Session, mode: str, path: Path | str | None = None, replace: bool = False,
             **how: Any) -> int | None:
    """Record a finished session in the history at `path` (the data folder's by default): its id,
    or None if it was there already or deleted on purpose. `replace`: a record of the same game
    there already is replaced (a game undone after its end and finished again)."""
    rec = record_of(session, mode, **how)
    with open_history(path) as history:
        if history.notice:
            log.warning("%s", history.notice)
        return history.add(rec, replace=replace)


def recorded(session: Session, path: Path | str | None = None) -> bool:
    """Whether this session is in the history already (or was deleted from it on purpose)."""
    uid = fingerprint(session)
    with open_history(path) as history:
        return history.has(uid) or history.forgotten(uid)
