"""Load a game's content folder: parse every YAML file, validate it, check ids and references.

All problems of all files are collected, so one `companion validate` run lists them all.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from companion.roots import game_folder, game_folders

from .errors import ContentError, Problem, display_path
from .maps import map_problems
from .models import Board, GameInfo
from .schema import get_schema
from .yamlsrc import Loc, Source, read_yaml


@dataclass
class GameContent:
    info: GameInfo
    folder: Path
    files: dict[str, BaseModel]
    sources: dict[str, Source]
    #: collection -> id -> (file name, loc, object)
    index: dict[str, dict[str, tuple[str, Loc, BaseModel]]] = field(default_factory=dict)

    def get(self, collection: str, id_: str) -> Any:
        return self.index[collection][id_][2]

    def all(self, collection: str) -> list[Any]:
        return [obj for _, _, obj in self.index.get(collection, {}).values()]

    def where(self, collection: str, id_: str) -> tuple[str, Loc]:
        file, loc, _ = self.index[collection][id_]
        return file, loc

    def problem(self, collection: str, id_: str, message: str, field_: str | None = None) -> Problem:
        """A problem pointing at the YAML line of a content object (for cross-file checks)."""
        file, loc = self.where(collection, id_)
        src = self.sources[file]
        full = loc + ((field_,) if field_ else ())
        return src.problem(full, message)

    def objects(self) -> Iterator[tuple[str, Loc, BaseModel]]:
        for name, model in self.files.items():
            yield from _walk(model, ())


def resolve_folder(game_or_path: str | Path) -> Path:
    path = Path(game_or_path)
    if path.is_dir():
        return path
    candidate = game_folder(str(game_or_path))
    if candidate is not None:
        return candidate
    known = ", ".join(p.name for p in game_folders())
    raise ContentError([Problem(str(game_or_path), None, None,
                                f"no such game or content folder; games: {known}")])


#: game.yaml files as `read_info` validated them, with the file's identity and times when read:
#: the app asks for every game's entry at every redraw (a screen's accent colour), which parsed and
#: validated each game.yaml again every time; a changed file is read again
_INFOS: dict[Path, tuple[tuple[int, int, int, int], GameInfo]] = {}


def read_info(folder: Path) -> GameInfo:
    """Only a game's game.yaml, validated (for menus: fast, and a broken component file does not hide
    the game); raises ContentError. The same object while the file is unchanged: not to be changed."""
    path = folder / "game.yaml"
    try:
        st = path.stat()
        stamp: tuple[int, int, int, int] | None = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    except OSError:
        stamp = None  # (read_yaml says what is wrong with it)
    known = _INFOS.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    problems: list[Problem] = []
    info = _validate(GameInfo, read_yaml(path), problems)
    if info is None:
        raise ContentError(problems)
    if stamp is not None:
        _INFOS[path] = (stamp, info)
    return info


def load_game(game_or_path: str | Path) -> GameContent:
    """Load and validate one game's content; raises ContentError listing every problem."""
    folder = resolve_folder(game_or_path)
    problems: list[Problem] = []
    info_src = read_yaml(folder / "game.yaml")
    info = _validate(GameInfo, info_src, problems)
    if info is None:
        raise ContentError(problems)
    schema_name = info.schema_ or info.id
    schema = get_schema(schema_name)
    if schema is None:
        raise ContentError([info_src.problem(("schema",) if info.schema_ else ("id",),
                                             f"no content schema named {schema_name!r}; use 'generic' or a registered game")])
    files: dict[str, BaseModel] = {}
    sources: dict[str, Source] = {"game.yaml": info_src}
    present = sorted(p.name for p in folder.glob("*.yaml") if p.name != "game.yaml")
    for name in present:
        model_type = schema.files.get(name, schema.other)
        if model_type is None:
            expected = ", ".join(sorted(schema.files))
            problems.append(Problem(display_path(folder / name), None, None,
                                    f"unexpected content file; this game's files are: {expected}"))
            continue
        try:
            src = read_yaml(folder / name)
        except ContentError as exc:
            problems += exc.problems
            continue
        sources[name] = src
        model = _validate(model_type, src, problems)
        if model is not None:
            files[name] = model
    for name in sorted(schema.required - set(present)):
        problems.append(Problem(display_path(folder / name), None, None, "required content file is missing"))
    content = GameContent(info, folder, files, sources)
    if not problems:
        problems += _index_and_refs(content)
    if not problems:
        problems += _map_problems(content)
    if not problems:
        problems += _total_copies(content)
    if not problems and schema.check:
        problems += schema.check(content)
    if problems:
        raise ContentError(problems)
    return content


def _validate(model_type: type[BaseModel], src: Source, problems: list[Problem]) -> Any:
    if not isinstance(src.data, dict):
        problems.append(src.problem((), f"expected a mapping of fields at the top of the file, got {_kind(src.data)}"))
        return None
    try:
        return model_type.model_validate(src.data)
    except ValidationError as exc:
        for err in exc.errors():
            problems.append(src.problem(_clean_loc(err["loc"], src.data), explain(err, model_type)))
        return None


def _clean_loc(loc: tuple[Any, ...], data: Any = None) -> Loc:
    """Keep only the steps of an error location that exist in the YAML data.

    Pydantic adds internal steps (union branch tags, validator names) that name no field; walking
    the data drops them, so `effects[0].reroll.dices` becomes `effects[0].dices`. The last step
    is kept even when absent, since a missing field is named by it.
    """
    out: list[str | int] = []
    current = data
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(current, dict) and part in current:
            out.append(part)
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            out.append(part)
            current = current[part]
        elif last and isinstance(part, (str, int)) and isinstance(current, dict):
            out.append(part)
    return tuple(out)


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "text", int: "a number", float: "a number",
            bool: "true/false", type(None): "nothing"}.get(type(value), type(value).__name__) + (
        f" ({value!r})" if isinstance(value, (str, int, float, bool)) else "")


def explain(err: dict[str, Any], model_type: type[BaseModel] | None = None) -> str:
    """A pydantic error as 'expected ..., got ...'."""
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    got = f", got {_kind(value)}"
    if kind == "missing":
        return "missing field (required)"
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model_type, err["loc"][:-1]) if model_type else None
        hint = f"; allowed: {', '.join(allowed)}" if allowed else ""
        return f"unknown key{hint}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number{got}"
    if kind in ("float_type", "float_parsing"):
        return f"expected a number{got}"
    if kind in ("string_type",):
        return f"expected text{got}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false{got}"
    if kind in ("list_type",):
        return f"expected a list{got}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping of fields{got}"
    if kind == "greater_than_equal":
        return f"expected a number >= {ctx.get('ge')}{got}"
    if kind == "greater_than":
        return f"expected a number > {ctx.get('gt')}{got}"
    if kind == "less_than_equal":
        return f"expected a number <= {ctx.get('le')}{got}"
    if kind == "literal_error":
        return f"expected one of {ctx.get('expected')}{got}"
    if kind == "enum":
        return f"expected one of {ctx.get('expected')}{got}"
    if kind == "string_pattern_mismatch":
        return f"expected an id of lowercase letters, digits, '-' or '_'{got}"
    if kind == "too_short":
        return f"expected at least {ctx.get('min_length')} item(s){got}"
    if kind == "too_long":
        return f"expected at most {ctx.get('max_length')} item(s){got}"
    if kind == "union_tag_invalid":
        return f"unknown {ctx.get('discriminator', 'kind')} {ctx.get('tag')!r}; expected one of {ctx.get('expected_tags')}"
    if kind == "union_tag_not_found":
        return f"missing {ctx.get('discriminator', 'kind')}"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    return f"{err['msg'][0].lower()}{err['msg'][1:]}{got}"


def _allowed_keys(model_type: type[BaseModel], loc: tuple[Any, ...]) -> list[str] | None:
    current: Any = model_type
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = current.model_fields.get(part)
        if info is None:
            return None
        current = _model_in(info.annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return sorted(f.alias or n for n, f in current.model_fields.items())
    return None


def _model_in(annotation: Any) -> Any:
    import typing

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _walk(obj: Any, loc: Loc) -> Iterator[tuple[str, Loc, BaseModel]]:
    if isinstance(obj, BaseModel):
        yield ("", loc, obj)
        for name in type(obj).model_fields:
            yield from _walk(getattr(obj, name), loc + (name,))
    elif isinstance(obj, list):
        for i, item in enumerate(obj):
            yield from _walk(item, loc + (i,))


#: components in one game's box, all files together (the largest game has about 400)
MAX_COMPONENTS = 5000


def _total_copies(content: GameContent) -> list[Problem]:
    total = sum(getattr(obj, "copies", 0) or 0 for _, _, obj in content.objects())
    if total <= MAX_COMPONENTS:
        return []
    return [content.sources["game.yaml"].problem((), f"the game has {total:,} components in all (copies added up); "
                                                     f"at most {MAX_COMPONENTS:,} are allowed")]


def _index_and_refs(content: GameContent) -> list[Problem]:
    problems: list[Problem] = []
    refs: list[tuple[str, Loc, str, Any]] = []
    for fname, model in content.files.items():
        src = content.sources[fname]
        for _, loc, obj in _walk(model, ()):
            collection = getattr(type(obj), "collection", None)
            oid = getattr(obj, "id", None)
            if collection and isinstance(oid, str):
                seen = content.index.setdefault(collection, {})
                if oid in seen:
                    other_file, other_loc, _ = seen[oid]
                    first = content.sources[other_file]
                    problems.append(src.problem(loc + ("id",), f"duplicate {collection} id {oid!r}; first used at "
                                                               f"{first.name}:{first.line(other_loc + ('id',))}"))
                else:
                    seen[oid] = (fname, loc, obj)
            for name, info in type(obj).model_fields.items():
                extra = info.json_schema_extra
                if isinstance(extra, dict) and "ref" in extra:
                    refs.append((fname, loc + (name,), str(extra["ref"]), getattr(obj, name)))
    for fname, loc, collection, value in refs:
        values = value if isinstance(value, list) else [value]
        for i, v in enumerate(values):
            if v is None:
                continue
            if v not in content.index.get(collection, {}):
                where = loc + ((i,) if isinstance(value, list) else ())
                known = ", ".join(sorted(content.index.get(collection, {}))[:12])
                problems.append(content.sources[fname].problem(where, f"unknown {collection} id {v!r}; known: {known}"))
    return problems


def _map_problems(content: GameContent) -> list[Problem]:
    """The checks of every board's map (places, cells, edges, connectivity), at their lines."""
    problems: list[Problem] = []
    for fname, model in content.files.items():
        for _, loc, obj in _walk(model, ()):
            if isinstance(obj, Board) and obj.spaces:
                problems += [content.sources[fname].problem(loc + sub, msg) for sub, msg in map_problems(obj)]
    return problems
