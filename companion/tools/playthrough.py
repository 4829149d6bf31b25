"""Playthrough files: whole games written out step by step, as OpenSpiel keeps them.

A playthrough is a text file (tests/playthroughs/*.txt): a header naming the game, players, options,
seed and bots, the public view at the start, then one block a step: the decision (who, and the
action) or the chance outcome, the public events it brought and what it changed in the public view
(`view(None)`, one `path = value` line for each value that changed), and the result at the end.
`tests/test_playthroughs.py` replays every file and checks each step, so a change of the rules or
of a view shows up as the step where it first differs.

After a deliberate change, write them again and review the diff:

    python -m companion.tools.playthrough --regenerate            # every file, every game
    python -m companion.tools.playthrough --regenerate GAME ...   # only these games

Regenerating keeps the recorded decisions and outcomes while the rules still accept them and lets
the bots (seeded) play on from the first one they refuse, so the diff stays at the steps that
changed. A game with an engine but no playthrough yet gets the default ones (DEFAULTS).
"""
from __future__ import annotations

import argparse
import difflib
import json
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion import ROOT
from companion.engine import Digital, IllegalAction, Session, Table, make_bot
from companion.games import game_ids, get_game

FOLDER = ROOT / "tests" / "playthroughs"
REGENERATE = "python -m companion.tools.playthrough --regenerate"
#: the playthroughs a game gets when it has none: short seeded games between its own bots
DEFAULTS = ((["Ann", "Ben"], 1), (["Ann", "Ben", "Cas"], 2))
#: a recorded game longer than this is not a playthrough (keep them small enough to review)
MAX_STEPS = 5000
REMOVED = "(removed)"
#: a part of the view shown again with the values it had when last shown (only changes follow)
BACK = "(back)"


@dataclass
class Spec:
    """What a playthrough plays: everything its header says."""

    game: str
    players: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    bots: list[str] | None = None  # a bot kind a seat (None: the game's own bot everywhere)

    @property
    def name(self) -> str:
        return f"{self.game}-{len(self.players)}p-seed{self.seed}"

    def header(self) -> list[str]:
        return [f"game: {self.game}", f"players: {_dump(self.players)}", f"options: {_dump(self.options)}",
                f"seed: {self.seed}", f"bots: {_dump(self.bots)}"]


@dataclass
class Playthrough:
    spec: Spec
    entries: list[dict[str, Any]]  # {"action": {...}} or {"chance": [...]}, in order


class PlaythroughError(ValueError):
    """A playthrough file that cannot be read or replayed: says where and what."""


#: one encoder for every value written (json.dumps with these options builds a new one each call,
#: and a playthrough check writes every leaf of the view after every step)
_ENCODE = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


def _dump(value: Any) -> str:
    return _ENCODE(value)


def flatten(value: Any, prefix: str = "") -> dict[str, str]:
    """{"players.0.score": "4000", "cards_left[captain].left": "4", ...}: every leaf of a view, its
    path and its JSON; a list of things with ids is indexed by id."""
    out: dict[str, str] = {}
    _flatten_into(value, prefix, out)
    return out


def _flatten_into(value: Any, prefix: str, out: dict[str, str]) -> None:
    """`flatten` into one dict (a dict a level, merged upwards, cost a copy of every leaf a level)."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _flatten_into(item, f"{prefix}{key}.", out)
        return
    if isinstance(value, list) and value:
        ids = [item.get("id") for item in value if isinstance(item, dict)]
        by_id = len(ids) == len(value) and None not in ids and len(set(map(str, ids))) == len(ids)
        for i, item in enumerate(value):  # things with ids by id: one leaving the list changes one line
            _flatten_into(item, f"{prefix[:-1]}[{item['id']}]." if by_id else f"{prefix}{i}.", out)
        return
    out[prefix[:-1]] = _dump(value)


def changes(before: dict[str, str], after: dict[str, str], known: dict[str, str]) -> list[str]:
    """The lines of what changed from one flattened view to the next, in the view's order. A part
    that goes away is one line (`cards_left = (removed)`); a part that comes back is one line
    (`cards_left = (back)`) and the values that differ from when it was last shown (`known`,
    updated here)."""
    inside_before, inside_after = _inside(before), _inside(after)
    lines: list[str] = []
    said: set[str] = set()
    for path, value in after.items():
        if before.get(path) == value:
            continue
        root = _top(path, inside_before)
        if path not in before and root and known.get(path) == value:
            if root not in said:
                said.add(root)
                lines.append(f"  {root} = {BACK}")
            continue
        lines.append(f"  {path} = {value}")
    for path in before:
        if path in inside_after or any(a in after for a in _ancestors(path)):  # ("rolling = []" says it)
            continue
        root = _top(path, inside_after) or path
        if root not in said:
            said.add(root)
            lines.append(f"  {root} = {REMOVED}")
    known.update(after)
    return lines


def _inside(paths: dict[str, str]) -> set[str]:
    """Every path and every part a path sits under."""
    out = set(paths)
    for p in paths:
        out.update(_ancestors(p))
    return out


def _top(path: str, inside: set[str]) -> str:
    """The outermost part of `path` that holds nothing in `inside` ("" if none does)."""
    return next((a for a in reversed(_ancestors(path)) if a not in inside), "")


@lru_cache(maxsize=None)
def _ancestors(path: str) -> tuple[str, ...]:
    """"a.b[x].c" -> ("a.b[x]", "a.b", "a"): the paths a value of `path` sits under. (Kept for each
    path: a game's views have the same few thousand paths step after step.)"""
    out = []
    while path:
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
        if path:
            out.append(path)
    return tuple(out)


# --- playing -----------------------------------------------------------------------------------
def _session(spec: Spec) -> Session:
    game = get_game(spec.game)
    return Session(game, list(spec.players), dict(spec.options), seed=spec.seed, source=Table())


def _apply(session: Session, entry: dict[str, Any]) -> list:
    """One recorded step; IllegalAction (or BadOutcome) when the rules refuse it."""
    if "chance" in entry:
        if session.pending_chance() is None:
            raise IllegalAction("playthrough", "a chance outcome is recorded, but no roll or draw is pending")
        return session.resolve(entry["chance"])
    if session.pending_chance() is not None:
        raise IllegalAction("playthrough", f"a decision is recorded, but {session.pending_chance().label} is pending")
    return session.act(entry["action"])


def _render_step(session: Session, index: int, entry: dict[str, Any], events: list, before: dict[str, str],
                 known: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    if "chance" in entry:
        head = f"step {index}  chance: {_dump(entry['chance'])}"
    else:
        who = session.players[entry["action"]["player"]] if isinstance(entry["action"].get("player"), int) else "?"
        head = f"step {index}  {who}: {_dump(entry['action'])}"
    after = flatten(session.view(None))
    lines = [head] + [f"  > {e.text}" for e in events if e.visible(None)] + changes(before, after, known)
    return lines, after


def render(spec: Spec, entries: list[dict[str, Any]]) -> list[list[str]]:
    """The file's blocks: the header with the start view, one block a step, the result.
    PlaythroughError at the first step the rules refuse."""
    session = _session(spec)
    view = flatten(session.view(None))
    known = dict(view)
    blocks = [["# A whole game, step by step: each decision or chance outcome, the public events it",
               "# brings and what it changes in the public view. Checked by tests/test_playthroughs.py;",
               f"# after a deliberate rules change: {REGENERATE} {spec.game}"]
              + spec.header(), ["start"] + [f"  {p} = {v}" for p, v in view.items()]]
    for i, entry in enumerate(entries, 1):
        try:
            events = _apply(session, entry)
        except IllegalAction as exc:
            raise PlaythroughError(f"step {i} ({_dump(entry)}) is refused: {exc}") from None
        block, view = _render_step(session, i, entry, events, view, known)
        blocks.append(block)
    if not session.is_over():
        raise PlaythroughError(f"after the last step ({len(entries)}) the game is not over")
    blocks.append([f"result {_dump(session.game.result(session.state))}"])
    return blocks


def text(blocks: list[list[str]]) -> str:
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def play(spec: Spec, recorded: list[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The entries of a whole game: the recorded ones while the rules accept them, then seeded bots
    and seeded chance to the end."""
    session = _session(spec)
    game = session.game
    kinds = spec.bots or [None] * len(spec.players)
    bots = [make_bot(game, f"{spec.seed}:{i}", kind) for i, kind in enumerate(kinds)]
    chance = Digital(spec.seed)
    entries: list[dict[str, Any]] = []
    recorded = list(recorded)
    while not session.is_over():
        if len(entries) >= MAX_STEPS:
            raise PlaythroughError(f"{spec.name}: the game did not end within {MAX_STEPS} steps")
        if recorded:
            entry = recorded.pop(0)
            try:
                _apply(session, entry)
                entries.append(entry)
                continue
            except IllegalAction:
                recorded = []  # the rules changed here: the bots play on
        step = session.pending_chance()
        if step is not None:
            entry = {"chance": chance.outcome(step, session.chance_count())}
        else:
            seat = game.to_move(session.state)
            entry = {"action": bots[seat].choose(session.view(seat), session.legal_actions()).to_dict()}
        _apply(session, entry)
        entries.append(entry)
    return entries


# --- files -------------------------------------------------------------------------------------
def parse(path: Path) -> Playthrough:
    """The spec and the recorded steps of a file (what follows them is derived, and checked)."""
    header: dict[str, Any] = {}
    entries: list[dict[str, Any]] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            if line.startswith("step "):
                number, rest = line[5:].split("  ", 1)
                who, value = rest.split(": ", 1)
                if int(number) != len(entries) + 1:
                    raise ValueError(f"step {number} follows step {len(entries)}")
                entries.append({"chance": json.loads(value)} if who == "chance" else {"action": json.loads(value)})
            elif not line.startswith((" ", "#", "start", "result")) and ": " in line and not entries:
                key, value = line.split(": ", 1)
                header[key] = value if key == "game" else json.loads(value)
        except ValueError as exc:
            raise PlaythroughError(f"{path}:{n}: cannot read {line!r}: {exc}") from None
    missing = {"game", "players", "seed"} - header.keys()
    if missing:
        raise PlaythroughError(f"{path}: the header has no {', '.join(sorted(missing))}")
    spec = Spec(header["game"], header["players"], header["seed"], header.get("options") or {}, header.get("bots"))
    return Playthrough(spec, entries)


def check(path: Path) -> str | None:
    """None when the file replays exactly; else the first step that differs, as a diff."""
    pt = parse(path)
    want = path.read_text(encoding="utf-8").split("\n\n")
    try:
        got = text(render(pt.spec, pt.entries)).split("\n\n")
    except PlaythroughError as exc:
        return f"{path.name}: {exc}"
    for i, (a, b) in enumerate(zip(want, got)):
        if a.strip("\n") != b.strip("\n"):
            where = ("the header", "the start view")[i] if i < 2 else a.splitlines()[0]
            diff = "\n".join(difflib.unified_diff(a.strip("\n").splitlines(), b.strip("\n").splitlines(),
                                                  "recorded", "the engine now", lineterm="", n=1))
            return f"{path.name}: {where} differs:\n{diff}"
    if len(want) != len(got):
        return f"{path.name}: {len(want) - 3} steps recorded, the game now ends after {len(got) - 3}"
    return None


def files(folder: Path = FOLDER) -> list[Path]:
    return sorted(folder.glob("*.txt"))


def regenerate(games: list[str], folder: Path = FOLDER, out: Any = None) -> int:
    """Write every playthrough of `games` again (all games when empty); returns how many changed."""
    out = out or sys.stdout
    folder.mkdir(parents=True, exist_ok=True)
    wanted = games or game_ids()
    changed = 0
    specs: dict[str, tuple[Spec, list[dict[str, Any]]]] = {}
    for path in files(folder):
        pt = parse(path)
        if pt.spec.game in wanted:
            specs[path.name] = (pt.spec, pt.entries)
    for gid in wanted:
        get_game(gid)  # an unknown game id says so
        if not any(s.game == gid for s, _ in specs.values()):
            for players, seed in DEFAULTS:
                spec = Spec(gid, list(players), seed)
                specs[f"{spec.name}.txt"] = (spec, [])
    for name, (spec, recorded) in sorted(specs.items()):
        path = folder / name
        new = text(render(spec, play(spec, recorded)))
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed += 1
        state = "unchanged" if new == old else ("written" if old is None else "changed: review the diff")
        print(f"{path}: {new.count(chr(10) + 'step ')} steps, {len(new.encode()) // 1024} KB, {state}", file=out)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.tools.playthrough", description=__doc__.split("\n\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="write the playthroughs again from the engine")
    parser.add_argument("--check", action="store_true", help="replay every playthrough and report the first difference")
    parser.add_argument("games", nargs="*", help=f"game ids (default: all: {', '.join(game_ids())})")
    parser.add_argument("--dir", type=Path, default=FOLDER, help=f"the folder of the files (default {FOLDER})")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in game_ids()]
    if unknown:
        print(f"error: unknown game {', '.join(unknown)}; games with a rules engine: {', '.join(game_ids())}",
              file=sys.stderr)
        return 2
    try:
        if args.regenerate:
            regenerate(args.games, args.dir)
            return 0
        problems = [p for p in (check(path) for path in files(args.dir)
                                if not args.games or parse(path).spec.game in args.games) if p]
    except PlaythroughError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    print(f"{len(problems)} playthrough(s) differ" if problems else "every playthrough replays step by step")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
