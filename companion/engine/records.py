"""The on-disk records of a Session: the save file and its journal lines, validated and checksummed.

Save (format version 2): the whole session as JSON with a `generation` id (new at every save),
the `previous` generation it replaces, and a `checksum` (SHA-256 of the canonical JSON of every
other key). Journal: one JSON object a line, `{"seq", "gen", "op", "entry"?, "crc"}`: `seq`
counts from 1 within a generation, `gen` names the save it extends, `crc` is the CRC-32 of the
line up to the checksum. So a deleted, doubled, swapped or damaged line, a journal left beside
the wrong save, and a damaged save are all detected instead of loading as a different game.
Version 1 saves (no generation, no checksums) are migrated on load.

What the checksums promise is damage, not tampering: they are not keyed, so whoever edits a file
on purpose can compute them again (docs/APP.md, What protects a record). A key kept beside the
data would stop nobody who can edit the data, and a save is meant to be read anywhere (`companion
replay` on another machine, a test fixture). What holds even against such an edit: a loaded
save's log is played again by the rules, step by step, so an edited record loads only as a game
the rules allow, or is refused.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import zlib
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, TypeAdapter, ValidationError, model_validator

from .errors import SaveError

FORMAT = "companion-session"
VERSION = 2
SUPPORTED = (1, 2)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ActionEntry(_Strict):
    action: dict[str, Any]
    auto: bool = False


class ChanceEntry(_Strict):
    chance: list[str]
    auto: bool = False
    #: a secret outcome of the digital dice: not written down (`chance` is empty) but derived
    #: again from the seed and its index when the log is replayed (Session._outcome)
    sealed: bool = False

    @model_validator(mode="after")
    def _sealed_holds_nothing(self) -> "ChanceEntry":
        if self.sealed and self.chance:
            raise ValueError("a sealed chance entry holds no outcome")
        return self


def _entry_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        if "action" in value:
            return "action"
        if "chance" in value:
            return "chance"
    return None


Entry = Annotated[
    Annotated[ActionEntry, Tag("action")] | Annotated[ChanceEntry, Tag("chance")],
    Discriminator(_entry_kind, custom_error_type="entry_kind",
                  custom_error_message="expected a log entry: a mapping with 'action' or 'chance'"),
]


class SaveV2(_Strict):
    format: Literal["companion-session"]
    version: Literal[2]
    generation: str
    previous: str | None = None
    game: str
    players: list[str]
    options: dict[str, Any]
    seed: int | str
    source: Literal["digital", "table"]
    undo_over_chance: bool
    meta: dict[str, Any]
    log: list[Entry]
    redo: list[list[Entry]]
    #: the position the log starts from when not the new game's (a test's scripted position, as
    #: the game's `state_to_json` writes it)
    start: dict[str, Any] | None = None
    checksum: str


class SaveV1(_Strict):
    """The first format (before generations and checksums); read as the old loader read it."""

    format: Literal["companion-session"]
    version: Literal[1]
    game: str
    players: list[str]
    options: dict[str, Any] | None = None
    seed: int | str = 0
    source: Literal["digital", "table"] | None = None
    undo_over_chance: bool = True
    meta: dict[str, Any] | None = None
    log: list[Entry] | None = None
    redo: list[list[Entry]] | None = None


class JournalLine(_Strict):
    seq: int
    gen: str
    op: Literal["act", "push", "undo", "redo"]
    entry: Entry | None = None
    crc: str


class JournalLineV1(_Strict):
    op: Literal["push", "undo", "redo", "clear_redo"]
    entry: Entry | None = None


_SAVE = {1: TypeAdapter(SaveV1), 2: TypeAdapter(SaveV2)}
_JOURNAL = TypeAdapter(JournalLine)
_JOURNAL_V1 = TypeAdapter(JournalLineV1)


def new_generation() -> str:
    return secrets.token_hex(8)


def save_checksum(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: json.dumps(v, ensure_ascii=False) without building an encoder for every call (a save has a line a step)
_encode = json.JSONEncoder(ensure_ascii=False).encode


def dump_save(data: dict[str, Any]) -> str:
    """The save as text: the header keys one a line, then one log entry a line (readable, diffable)."""
    out = ["{"]
    items = list(data.items())
    for n, (key, value) in enumerate(items):
        end = "," if n < len(items) - 1 else ""
        if key in ("log", "redo") and value:
            rows = [_encode(v) for v in value]
            out.append(f' {json.dumps(key)}: [\n  ' + ",\n  ".join(rows) + f"\n ]{end}")
        else:
            out.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{end}")
    out.append("}\n")
    return "\n".join(out)


def check_save(data: Any, where: str) -> tuple[dict[str, Any], int]:
    """Validate a parsed save (either version): the data as version 2 (migrated) and the version read."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a companion session file (missing format: {FORMAT})")
    version = data.get("version")
    if isinstance(version, bool) or version not in SUPPORTED:
        raise SaveError(f"{where}: session format version {version!r} is not supported "
                        f"(this program reads {', '.join(map(str, SUPPORTED))})")
    try:
        if version == 2 and isinstance(data.get("log"), list) and isinstance(data.get("redo"), list) \
                and _plain_entries(data["log"]) and all(type(g) is list and _plain_entries(g) for g in data["redo"]):
            # entries of the plain kind the model accepts (nearly every save): the model checks the
            # rest; pydantic checks every entry only to say which one is wrong
            _SAVE[2].validate_python({**data, "log": [], "redo": []})
        else:
            _SAVE[version].validate_python(data)
    except ValidationError as exc:
        raise SaveError(f"{where}: {describe(exc)}") from None
    if version == 2:
        if save_checksum(data) != data["checksum"]:
            raise SaveError(f"{where}: the file was changed or damaged after it was saved (checksum mismatch); "
                            "it is not loaded, so that no other game is played in its place")
        return data, 2
    return {"format": FORMAT, "version": VERSION, "generation": "", "previous": None, "game": data["game"],
            "players": data["players"], "options": data.get("options") or {}, "seed": data.get("seed", 0),
            "source": data.get("source") or "digital", "undo_over_chance": data.get("undo_over_chance", True),
            "meta": data.get("meta") or {}, "log": data.get("log") or [], "redo": data.get("redo") or []}, 1


_ACTION_KEYS = frozenset({"action", "auto"})
_CHANCE_KEYS = frozenset({"chance", "auto", "sealed"})
_STR = frozenset({str})


def _plain_entries(entries: list[Any]) -> bool:
    """Whether every entry is one that `Entry` certainly accepts (exact JSON types, no unknown key,
    a sealed entry empty); False means only "let pydantic look", never "wrong"."""
    for e in entries:
        if type(e) is not dict:
            return False
        if "action" in e:
            if not e.keys() <= _ACTION_KEYS or type(e["action"]) is not dict:
                return False
            if not _STR.issuperset(map(type, e["action"])):  # a key that is no str
                return False
        elif "chance" in e:
            chance = e["chance"]
            if not e.keys() <= _CHANCE_KEYS or type(chance) is not list:
                return False
            if not _STR.issuperset(map(type, chance)):  # a face that is no str
                return False
            if e.get("sealed", False) is not False and (e["sealed"] is not True or chance):
                return False
        else:
            return False
        if e.get("auto", False) is not False and e["auto"] is not True:
            return False
    return True


def journal_line(seq: int, gen: str, op: str, entry: dict[str, Any] | None = None) -> str:
    """One journal line (without the newline), ending in its CRC-32."""
    body = {"seq": seq, "gen": gen, "op": op}
    if entry is not None:
        body["entry"] = entry
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    crc = zlib.crc32(text.encode("utf-8"))
    return f'{text[:-1]},"crc":"{crc:08x}"}}'


def read_journal_line(line: str, version: int) -> dict[str, Any]:
    """A journal line, checked (version 2: its CRC and fields; version 1: its fields); SaveError if not."""
    if version == 2:
        head, sep, tail = line.rpartition(',"crc":"')
        if not sep or len(tail) != 10 or not tail.endswith('"}'):
            raise SaveError("not a journal record (no checksum)")
        if f"{zlib.crc32((head + '}').encode('utf-8')):08x}" != tail[:8]:
            raise SaveError("the record was changed or damaged (checksum mismatch)")
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise SaveError(f"not JSON ({exc.msg})") from None
    try:
        (_JOURNAL if version == 2 else _JOURNAL_V1).validate_python(data)
    except ValidationError as exc:
        raise SaveError(describe(exc)) from None
    if data["op"] in ("act", "push") and data.get("entry") is None:
        raise SaveError(f"a {data['op']!r} record needs an entry")
    return data


def describe(exc: ValidationError) -> str:
    """The first problem of a pydantic error as one line: where, and what is wrong."""
    err = exc.errors(include_url=False)[0]
    loc = ""
    for part in err["loc"]:
        if isinstance(part, int):
            loc += f"[{part}]"
        else:
            loc += ("." if loc else "") + str(part)
    kind = err["type"]
    if kind == "extra_forbidden":
        head, _, key = loc.rpartition(".")
        return f"{head + ': ' if head else ''}unknown key {key!r}"
    if kind == "missing":
        head, _, key = loc.rpartition(".")
        return f"{head + ': ' if head else ''}missing key {key!r}"
    got = json.dumps(err.get("input"), ensure_ascii=False, default=str)
    if len(got) > 40:
        got = got[:37] + "..."
    return f"{loc or 'file'}: {err['msg'][0].lower() + err['msg'][1:]} (got {got})"
