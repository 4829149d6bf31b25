"""Read one YAML file safely and remember the line of every key and item for error messages.

YAML is read as plain data only (text, numbers, true/false, null, lists, mappings): `!!binary`,
`!!set`, `!!timestamp` and other tags are refused, a date is text, and a key written twice is an
error, never "last one wins". Every file is also held to limits (LIMITS), so a hostile or broken
file costs a bounded amount of time and memory: its size, how deep it nests, how many values it
holds once aliases are expanded (a "billion laughs" file of 4 KB would otherwise expand to a
billion values) and how long one text may be. Content files, replays and the app's data files
all come through here.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from companion.files import NotRegular, TooLarge, read_regular

from .errors import ContentError, Problem, display_path

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Limits:
    """What one YAML file may hold (the largest file in content/ is 32 KB, 3,000 values, depth 12)."""

    bytes: int = 4 * 1024 * 1024
    depth: int = 40
    values: int = 250_000  # after aliases are expanded
    text: int = 20_000  # characters in one text value


LIMITS = Limits()
_PLAIN_TAGS = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "merge")}


class _LimitExceeded(Exception):
    def __init__(self, line: int | None, message: str):
        self.line, self.message = line, message


class PlainLoader(yaml.SafeLoader):
    """yaml.SafeLoader without implicit timestamps and with a nesting limit while composing
    (PyYAML composes recursively: a deep file would otherwise end in a RecursionError)."""

    yaml_implicit_resolvers = {k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
                               for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}

    def __init__(self, stream: str, limits: Limits = LIMITS):
        super().__init__(stream)
        self.limits = limits
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > self.limits.depth:
                mark = self.peek_event().start_mark
                raise _LimitExceeded(mark.line + 1, f"nested more than {self.limits.depth} levels deep")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _check(root: yaml.Node, limits: Limits, loader: yaml.SafeLoader) -> None:
    """Tags, duplicate keys, text lengths and the expanded size of the node graph, in one pass over
    the distinct nodes (an alias is the same node object, so its size is counted once and reused)."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()  # expanded, not finished: met again, it contains itself
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        if not done and id(node) in open_:
            raise _LimitExceeded(node.start_mark.line + 1, "an alias that contains itself")
        if isinstance(node, yaml.ScalarNode):
            if node.tag not in _PLAIN_TAGS:
                raise _LimitExceeded(node.start_mark.line + 1, f"{node.tag.replace('tag:yaml.org,2002:', '!!')} "
                                     "values are not allowed; write plain text, numbers, lists or mappings")
            if len(node.value) > limits.text:
                raise _LimitExceeded(node.start_mark.line + 1, f"a text of {len(node.value):,} characters; "
                                     f"at most {limits.text:,} are allowed")
            sizes[id(node)] = 1
            continue
        if node.tag not in _PLAIN_TAGS:
            raise _LimitExceeded(node.start_mark.line + 1, f"{node.tag.replace('tag:yaml.org,2002:', '!!')} "
                                 "values are not allowed; write plain lists or mappings")
        children = [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else node.value
        if not done:
            if isinstance(node, yaml.MappingNode):
                seen: dict[Any, int] = {}
                for key, _ in node.value:
                    if isinstance(key, yaml.ScalarNode) and key.tag in _PLAIN_TAGS - {"tag:yaml.org,2002:merge"}:
                        value = loader.construct_object(key)  # 1 and 01 are the same key
                        if value in seen:
                            raise _LimitExceeded(key.start_mark.line + 1, f"key {key.value!r} appears twice in one "
                                                 f"mapping (first on line {seen[value]})")
                        seen[value] = key.start_mark.line + 1
            open_.add(id(node))
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
            continue
        total = 1 + sum(sizes.get(id(c), 1) for c in children)
        if total > limits.values:
            raise _LimitExceeded(node.start_mark.line + 1, f"more than {limits.values:,} values once its "
                                 "aliases are expanded")
        sizes[id(node)] = total


class _CPlainLoader(yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader):  # type: ignore[misc,name-defined]
    """PlainLoader's reading of values on libyaml's parser and composer (ten times faster than
    PyYAML's own); used only where `_parse_fast` has checked how deep the file nests first."""

    yaml_implicit_resolvers = PlainLoader.yaml_implicit_resolvers


_NODE_EVENTS = (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
_OPEN_EVENTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE_EVENTS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _parse_fast(text: str, limits: Limits) -> tuple[Any, yaml.Node | None] | None:
    """`parse_plain` of a file that holds nothing wrong, by libyaml: its events first, to see that no
    node nests deeper than the limit (libyaml composes recursively in C), then its node tree, checked
    as `parse_plain` checks it. None, or an exception, where PyYAML's reading must say what is wrong."""
    depth = 0
    for event in yaml.parse(text, Loader=_CPlainLoader):
        if isinstance(event, _NODE_EVENTS):
            if depth + 1 > limits.depth:
                return None
            if isinstance(event, _OPEN_EVENTS):
                depth += 1
        elif isinstance(event, _CLOSE_EVENTS):
            depth -= 1
    return _read(_CPlainLoader(text), limits)


def _read(loader: yaml.SafeLoader, limits: Limits) -> tuple[Any, yaml.Node | None]:
    """The loader's one document: its node tree composed and checked (`_check`), then its data."""
    try:
        node = loader.get_single_node()
        if node is None:
            return None, None
        _check(node, limits, loader)
        return loader.construct_document(node), node
    finally:
        loader.dispose()


def parse_plain(text: str, name: str, limits: Limits = LIMITS) -> tuple[Any, yaml.Node | None]:
    """Parse YAML text as plain data within `limits`: (data, node tree); ContentError on any problem.
    With libyaml a file is read by `_parse_fast`; any problem is then found and said by PyYAML's
    reading below, as it always was (libyaml words its syntax errors differently)."""
    if yaml.__with_libyaml__:
        try:
            fast = _parse_fast(text, limits)
        except (yaml.YAMLError, _LimitExceeded, RecursionError):
            fast = None
        if fast is not None:
            return fast
    try:
        return _read(PlainLoader(text, limits), limits)
    except _LimitExceeded as exc:
        raise ContentError([Problem(name, exc.line, None, exc.message)]) from None
    except RecursionError:
        raise ContentError([Problem(name, None, None, f"nested more than {limits.depth} levels deep")]) from None


class Source:
    """A parsed YAML file: its data and a map from field paths to 1-based line numbers.

    The line map is built on first use only: valid content never needs it, and composing the
    node tree costs as much as parsing the file.
    """

    def __init__(self, path: Path, data: Any, node: yaml.Node | None):
        self.path = path
        self.name = display_path(path)
        self.data = data
        self._node = node
        self._lines: dict[Loc, int] | None = None

    @property
    def lines(self) -> dict[Loc, int]:
        if self._lines is None:
            self._lines = {}
            _index(self._node, (), self._lines, set())
        return self._lines

    def line(self, loc: Loc) -> int | None:
        """The line of `loc`, or of its nearest enclosing field that has one."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get((), 1)

    def problem(self, loc: Loc, message: str) -> Problem:
        return Problem(self.name, self.line(loc), format_loc(loc) or None, message)


def dig(data: Any, key: str) -> Any:
    """The value at a dotted key ("app.home.games") in nested YAML data, or None: one lookup for
    the word catalogues (companion.words: the app's, the rules' and the printer's words)."""
    for part in key.split("."):
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def format_loc(loc: Loc) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def read_bytes(path: Path, name: str, limit: int) -> bytes:
    """A regular file's bytes, at most `limit` of them (a FIFO or a device would block or never end)."""
    try:
        return read_regular(path, limit)
    except NotRegular as exc:
        raise ContentError([Problem(name, None, None, f"{exc}; expected a YAML text file")]) from None
    except TooLarge as exc:
        raise ContentError([Problem(name, None, None, str(exc))]) from None
    except FileNotFoundError:
        raise ContentError([Problem(name, None, None, "file not found")]) from None
    except OSError as exc:
        raise ContentError([Problem(name, None, None, f"cannot read file: {exc.strerror}")]) from None


def read_yaml(path: Path, limits: Limits = LIMITS) -> Source:
    """Parse `path` as plain YAML within `limits`; every failure becomes a one-line ContentError."""
    name = display_path(path)
    raw = read_bytes(path, name, limits.bytes)
    if b"\x00" in raw[:8192]:
        raise ContentError([Problem(name, None, None, "binary data, not a YAML text file")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ContentError([Problem(name, line, None, f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8")]) from None
    try:
        data, node = parse_plain(text, name, limits)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ContentError([Problem(name, line, None, f"YAML syntax error: {what}")]) from None
    if data is None:
        raise ContentError([Problem(name, None, None, "the file is empty; expected a mapping of fields")])
    return Source(path, data, node)


def _index(node: yaml.Node | None, loc: Loc, lines: dict[Loc, int], seen: set[int]) -> None:
    """Lines of every field path; an alias's target is indexed once (fields reached through an
    alias get the line of the alias), so the index is as small as the file, not its expansion."""
    if node is None:
        return
    lines.setdefault(loc, node.start_mark.line + 1)
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else str(key.value)
            lines[loc + (k,)] = key.start_mark.line + 1
            _index(value, loc + (k,), lines, seen)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, loc + (i,), lines, seen)
